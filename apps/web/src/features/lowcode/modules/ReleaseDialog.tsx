/** 发布: publish an online module to a menu (under a chosen parent, else the default), then reload the menus. */
import type { LcModule } from '@swp/contract';
import { App, Form, Modal, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/http';
import { visualDevApi } from '../../../api/lowcode';
import { toTreeOptions } from '../../../components/widgets/treeUtils';
import { useSession } from '../../../stores/session';

export function ReleaseDialog({ module, onClose }: { module?: LcModule; onClose(done: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [menus, setMenus] = useState<any[]>([]);
  const [saving, setSaving] = useState(false);
  const loadMenus = async () => {
    const tree = await http.get<any[]>('/api/blade-system/menu/tree', undefined, { silent: true }).catch(() => []);
    setMenus(toTreeOptions(tree ?? []));
  };
  return (
    <Modal
      open={!!module}
      title={t('lowcode.module.releaseTitle', { name: module?.fullName ?? '' })}
      onCancel={() => onClose(false)}
      afterOpenChange={(o) => o && loadMenus()}
      destroyOnHidden
      confirmLoading={saving}
      onOk={async () => {
        const v = form.getFieldsValue();
        setSaving(true);
        try {
          await visualDevApi.release(module!.id, { menuParentId: v.menuParentId || undefined });
          message.success(t('lowcode.module.released'));
          // the new entry shows in the menu at once
          await useSession.getState().loadSessionMenus?.();
          onClose(true);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="menuParentId" label={t('lowcode.module.parentMenu')} extra={t('lowcode.module.parentMenuTip')}>
          <TreeSelect
            allowClear
            treeData={menus}
            treeDefaultExpandAll={false}
            showSearch
            treeNodeFilterProp="title"
            placeholder={t('lowcode.module.defaultParent')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
