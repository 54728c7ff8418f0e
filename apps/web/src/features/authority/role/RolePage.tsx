/**
 * Roles (`/blade-system/role`): a tree table; 权限设置 grants menus, data scopes and API scopes to the chosen
 * roles in one dialog of three trees.
 */
import { KeyOutlined } from '@ant-design/icons';
import { App, Button, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuApi, type Role, roleApi } from '../../../api/system';
import { CheckTree, type GrantNode } from '../../../components/CheckTree';
import { type CrudColumn, CrudPage } from '../../../components/crud';
import { TreeSelectField } from '../../../components/widgets';
import { toTreeOptions } from '../../../components/widgets/treeUtils';
import { usePermission } from '../../../stores/session';

const roleTree = async () => [{ value: '0', title: '顶级', children: toTreeOptions(await roleApi.tree()) }];

const columns: CrudColumn<Role>[] = [
  { prop: 'roleName', label: 'role.roleName', search: true, required: 'role.nameRequired' },
  { prop: 'roleAlias', label: 'role.roleAlias', search: true, required: 'role.aliasRequired' },
  {
    prop: 'parentId',
    label: 'role.parentId',
    hide: true,
    span: 24,
    defaultValue: '0',
    component: () => <TreeSelectField load={roleTree} />,
  },
  { prop: 'sort', label: 'crud.sort', type: 'number', min: 0, required: 'role.sortRequired', defaultValue: 1 },
];

interface GrantState {
  menu: GrantNode[];
  dataScope: GrantNode[];
  apiScope: GrantNode[];
}

function GrantDialog({ roleIds, onClose }: { roleIds: string[] | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [trees, setTrees] = useState<GrantState>({ menu: [], dataScope: [], apiScope: [] });
  const [keys, setKeys] = useState<{ menu: string[]; dataScope: string[]; apiScope: string[] }>({
    menu: [],
    dataScope: [],
    apiScope: [],
  });
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const load = async (ids: string[]) => {
    setLoading(true);
    try {
      const [tree, chosen] = await Promise.all([menuApi.grantTree(), menuApi.roleTreeKeys(ids)]);
      setTrees({
        menu: (tree?.menu ?? []) as GrantNode[],
        dataScope: (tree?.dataScope ?? []) as GrantNode[],
        apiScope: (tree?.apiScope ?? []) as GrantNode[],
      });
      setKeys({ menu: chosen?.menu ?? [], dataScope: chosen?.dataScope ?? [], apiScope: chosen?.apiScope ?? [] });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Modal
      open={!!roleIds}
      title={t('role.grant')}
      width={640}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={(open) => open && roleIds && void load(roleIds)}
      onCancel={onClose}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
      onOk={async () => {
        setSaving(true);
        try {
          await roleApi.grant({
            roleIds: roleIds!,
            menuIds: keys.menu,
            dataScopeIds: keys.dataScope,
            apiScopeIds: keys.apiScope,
          });
          message.success(t('crud.operationSuccess'));
          onClose();
        } catch {
          // shown by the client
        } finally {
          setSaving(false);
        }
      }}
    >
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
    </Modal>
  );
}

export default function RolePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [grant, setGrant] = useState<string[] | null>(null);
  const canGrant = usePermission('role_grant');
  return (
    <>
      <CrudPage<Role>
        api={roleApi}
        columns={columns}
        title="role.title"
        permission="role"
        paged={false}
        tree
        toolbar={(h) =>
          canGrant && (
            <Button
              icon={<KeyOutlined />}
              onClick={() => {
                if (!h.selected.length) {
                  message.warning(t('crud.selectOne'));
                  return;
                }
                setGrant(h.selected.map((r) => String(r.id)));
              }}
            >
              {t('role.grant')}
            </Button>
          )
        }
        rowActions={(row) =>
          canGrant && (
            <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setGrant([String(row.id)])}>
              {t('role.grant')}
            </Button>
          )
        }
        actionWidth={320}
      />
      <GrantDialog roleIds={grant} onClose={() => setGrant(null)} />
    </>
  );
}
