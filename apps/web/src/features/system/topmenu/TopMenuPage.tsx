/** Top menus (business areas): code, name, i18n key, icon, path, sort; 菜单配置 grants menus to a top menu. */
import { SettingOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuApi, topMenuApi } from '../../../api/system';
import { CheckTree, type GrantNode } from '../../../components/CheckTree';
import { CrudPage } from '../../../components/crud';
import { GrantModal } from '../../../components/grant/GrantModal';
import { useGrantButtons } from '../../../components/grant/useGrantButtons';
import { usePermission } from '../../../stores/session';
import { topMenuColumns as columns } from './columns';

function GrantDialog({ ids, onClose }: { ids: string[] | null; onClose(): void }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<GrantNode[]>([]);
  const [value, setValue] = useState<string[]>([]);
  const load = async () => {
    const [all, keys] = await Promise.all([menuApi.grantTopTree(), menuApi.topTreeKeys(ids!)]);
    setTree((all?.menu ?? []) as GrantNode[]);
    setValue(keys?.menu ?? []);
  };
  return (
    <GrantModal
      open={!!ids}
      title={t('topmenu.grant')}
      width={560}
      load={load}
      save={() => topMenuApi.grant(ids!, value)}
      onClose={onClose}
    >
      {(loading) => (
        <CheckTree
          treeData={tree}
          value={value}
          onChange={setValue}
          loading={loading}
          searchable
          height={460}
          data-testid="topmenu-grant-tree"
        />
      )}
    </GrantModal>
  );
}

export default function TopMenuPage() {
  const [grant, setGrant] = useState<string[] | null>(null);
  const buttons = useGrantButtons({
    can: usePermission('topmenu_setting'),
    icon: <SettingOutlined />,
    label: 'topmenu.grant',
    open: setGrant,
  });
  return (
    <>
      <CrudPage
        api={topMenuApi}
        columns={columns}
        title="topmenu.title"
        permission="topmenu"
        toolbar={buttons.toolbar}
        rowActions={buttons.rowActions}
        actionWidth={320}
      />
      <GrantDialog ids={grant} onClose={() => setGrant(null)} />
    </>
  );
}
