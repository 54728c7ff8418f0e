/** 业务表单's design dialog (full screen): the form designer on the form's configuration, and saving it. */
import type { LcFormConf } from '@swp/contract';
import { App, Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { businessFormApi } from '../../../api/lowcode';
import { FormDesigner } from '../designer/FormDesigner';

export interface Design {
  row: Row;
  conf: LcFormConf;
}

interface Props {
  design: Design | null;
  onChange(conf: LcFormConf): void;
  onClose(): void;
  onSaved(): void;
}

export function BusinessFormDesignDialog({ design, onChange, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={!!design}
      title={t('lowcode.biz.designOf', { name: design?.row.formName ?? '' })}
      width="100%"
      style={{ top: 0, maxWidth: '100vw' }}
      maskClosable={false}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            onClick={async () => {
              setSaving(true);
              try {
                await businessFormApi.update({ ...design!.row, formData: design!.conf });
                message.success(t('lowcode.dynamic.updated'));
                onClose();
                onSaved();
              } finally {
                setSaving(false);
              }
            }}
          >
            {t('lowcode.module.save')}
          </Button>
        </Space>
      }
    >
      {design && <FormDesigner value={design.conf} onChange={onChange} height="calc(100vh - 180px)" />}
    </Modal>
  );
}
