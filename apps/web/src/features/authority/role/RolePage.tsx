/**
 * Roles (`/blade-system/role`): a tree table; 权限设置 grants menus, data scopes and API scopes to the chosen
 * roles in one dialog of three trees.
 */
import { KeyOutlined } from '@ant-design/icons';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuApi, type Role, roleApi } from '../../../api/system';
import { CheckTree, type GrantNode } from '../../../components/CheckTree';
import { CrudPage } from '../../../components/crud';
import { GrantModal } from '../../../components/grant/GrantModal';
import { useGrantButtons } from '../../../components/grant/useGrantButtons';
import { usePermission } from '../../../stores/session';
import { roleColumns } from './columns';

interface GrantState {
  menu: GrantNode[];
  dataScope: GrantNode[];
  apiScope: GrantNode[];
}

function GrantDialog({ roleIds, onClose }: { roleIds: string[] | null; onClose(): void }) {
  const { t } = useTranslation();
  const [trees, setTrees] = useState<GrantState>({ menu: [], dataScope: [], apiScope: [] });
  const [keys, setKeys] = useState<{ menu: string[]; dataScope: string[]; apiScope: string[] }>({
    menu: [],
    dataScope: [],
    apiScope: [],
  });
  const load = async () => {
    const [tree, chosen] = await Promise.all([menuApi.grantTree(), menuApi.roleTreeKeys(roleIds!)]);
    setTrees({
      menu: (tree?.menu ?? []) as GrantNode[],
      dataScope: (tree?.dataScope ?? []) as GrantNode[],
      apiScope: (tree?.apiScope ?? []) as GrantNode[],
    });
    setKeys({ menu: chosen?.menu ?? [], dataScope: chosen?.dataScope ?? [], apiScope: chosen?.apiScope ?? [] });
  };
  const save = () =>
    roleApi.grant({
      roleIds: roleIds!,
      menuIds: keys.menu,
      dataScopeIds: keys.dataScope,
      apiScopeIds: keys.apiScope,
    });
  return (
    <GrantModal open={!!roleIds} title={t('role.grant')} width={640} load={load} save={save} onClose={onClose}>
      {(loading) => (
        <Tabs
          items={(['menu', 'dataScope', 'apiScope'] as const).map((k) => ({
            key: k,
            label: t(`role.grant_${k}`),
            forceRender: true,
            children: (
              <CheckTree
                treeData={trees[k]}
                value={keys[k]}
                loading={loading}
                searchable
                height={420}
                data-testid={`grant-${k}`}
                onChange={(v) => setKeys((s) => ({ ...s, [k]: v }))}
              />
            ),
          }))}
        />
      )}
    </GrantModal>
  );
}

export default function RolePage() {
  const [grant, setGrant] = useState<string[] | null>(null);
  const buttons = useGrantButtons<Role>({
    can: usePermission('role_grant'),
    icon: <KeyOutlined />,
    label: 'role.grant',
    open: setGrant,
  });
  return (
    <>
      <CrudPage<Role>
        api={roleApi}
        columns={roleColumns}
        title="role.title"
        permission="role"
        paged={false}
        tree
        toolbar={buttons.toolbar}
        rowActions={buttons.rowActions}
        actionWidth={320}
      />
      <GrantDialog roleIds={grant} onClose={() => setGrant(null)} />
    </>
  );
}
