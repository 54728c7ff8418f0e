/**
 * The frame of a grant dialog (角色 权限设置, 顶部菜单 菜单配置): loads what it shows each time it opens (the trees
 * inside show `loading` meanwhile), saves on 确定 with the success message and closes; a refusal has been shown by
 * the HTTP client and the dialog stays open. The trees inside are the caller's.
 */
import { App, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  open: boolean;
  title: string;
  width: number;
  load(): Promise<void>;
  save(): Promise<unknown>;
  onClose(): void;
  children(loading: boolean): ReactNode;
};

export function GrantModal({ load, save, onClose, children, ...modal }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const reload = async () => {
    setLoading(true);
    try {
      await load();
    } finally {
      setLoading(false);
    }
  };
  return (
    <Modal
      {...modal}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={(opened) => opened && modal.open && void reload()}
      onCancel={onClose}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      confirmLoading={saving}
      onOk={async () => {
        setSaving(true);
        try {
          await save();
          message.success(t('crud.operationSuccess'));
          onClose();
        } catch {
          // shown by the client
        } finally {
          setSaving(false);
        }
      }}
    >
      {children(loading)}
    </Modal>
  );
}
