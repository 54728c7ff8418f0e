/** Top menus (business areas): code, name, i18n key, icon, path, sort; 菜单配置 grants menus to a top menu. */
import { SettingOutlined } from '@ant-design/icons';
import { App, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { menuApi, topMenuApi } from '../../../api/system';
import { CheckTree, type GrantNode } from '../../../components/CheckTree';
import { CrudPage } from '../../../components/crud';
import { usePermission } from '../../../stores/session';
import { topMenuColumns as columns } from './columns';

function GrantDialog({ ids, onClose }: { ids: string[] | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [tree, setTree] = useState<GrantNode[]>([]);
  const [value, setValue] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const load = async (topIds: string[]) => {
    setLoading(true);
    try {
      const [all, keys] = await Promise.all([menuApi.grantTopTree(), menuApi.topTreeKeys(topIds)]);
      setTree((all?.menu ?? []) as GrantNode[]);
      setValue(keys?.menu ?? []);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Modal
      open={!!ids}
      title={t('topmenu.grant')}
      width={560}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={(open) => open && ids && void load(ids)}
      onCancel={onClose}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
      onOk={async () => {
        setSaving(true);
        try {
          await topMenuApi.grant(ids!, value);
          message.success(t('crud.operationSuccess'));
          onClose();
        } catch {
          // shown by the client
        } finally {
          setSaving(false);
        }
      }}
    >
      <CheckTree
        treeData={tree}
        value={value}
        onChange={setValue}
        loading={loading}
        searchable
        height={460}
        data-testid="topmenu-grant-tree"
      />
    </Modal>
  );
}

export default function TopMenuPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [grant, setGrant] = useState<string[] | null>(null);
  const canGrant = usePermission('topmenu_setting');
  return (
    <>
      <CrudPage
        api={topMenuApi}
        columns={columns}
        title="topmenu.title"
        permission="topmenu"
        toolbar={(h) =>
          canGrant && (
            <Button
              icon={<SettingOutlined />}
              onClick={() => {
                if (!h.selected.length) {
                  message.warning(t('crud.selectOne'));
                  return;
                }
                setGrant(h.selected.map((r: Row) => String(r.id)));
              }}
            >
              {t('topmenu.grant')}
            </Button>
          )
        }
        rowActions={(row) =>
          canGrant && (
            <Button type="link" size="small" icon={<SettingOutlined />} onClick={() => setGrant([String(row.id)])}>
              {t('topmenu.grant')}
            </Button>
          )
        }
        actionWidth={320}
      />
      <GrantDialog ids={grant} onClose={() => setGrant(null)} />
    </>
  );
}
