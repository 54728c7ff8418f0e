/** 业务办理's record dialog: a new record filled in the business's form (its rules checked), or one viewed. */
import { App, Button, Modal, Space, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { businessHandleApi } from '../../../api/lowcode';
import { checkedValues, FormRender, type FormRenderHandle } from '../../../components/form-render';
import type { Business } from './useBusinessHandle';

export interface RecordState {
  mode: 'add' | 'view';
  value: Row;
}

interface Props {
  biz: Business | null;
  dialog: RecordState | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

export function BusinessRecordDialog({ biz, dialog, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const form = useRef<FormRenderHandle>(null);

  const save = async () => {
    if (!biz) return;
    const values = await checkedValues(form.current!, message.error);
    if (!values) return;
    setSaving(true);
    try {
      await businessHandleApi.create(biz.formId, values);
      message.success(t('lowcode.dynamic.created'));
      onClose();
      await onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!dialog}
      title={dialog ? t(`lowcode.dynamic.${dialog.mode}`) : ''}
      width={880}
      maskClosable={false}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t(dialog?.mode === 'view' ? 'common.close' : 'common.cancel')}</Button>
          {dialog?.mode === 'add' && (
            <Button type="primary" loading={saving} onClick={save} data-testid="record-save">
              {t('common.ok')}
            </Button>
          )}
        </Space>
      }
    >
      <Spin spinning={!biz}>
        {biz && dialog && (
          <FormRender
            conf={biz.conf}
            value={dialog.value}
            disabled={dialog.mode === 'view'}
            handleRef={form}
            testId="record-form"
          />
        )}
      </Spin>
    </Modal>
  );
}
