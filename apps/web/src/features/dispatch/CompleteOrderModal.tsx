/** 执行反馈's dialog: the station operator reports how the acknowledged order was carried out. */
import { Form, type FormInstance, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export function CompleteOrderModal({
  open,
  form,
  onCancel,
  onOk,
}: {
  open: boolean;
  form: FormInstance;
  onCancel: () => void;
  onOk: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('dispatch.complete')} onCancel={onCancel} onOk={onOk} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="note" label={t('dispatch.result')} rules={[{ required: true }]}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
