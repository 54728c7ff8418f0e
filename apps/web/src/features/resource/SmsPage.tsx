/**
 * SMS configurations (`/blade-resource/sms`): exactly one is enabled per tenant (启用 switches the others off);
 * 发送测试 sends through the provider (the default provider records the message in the message log).
 */
import { SendOutlined } from '@ant-design/icons';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { smsApi } from '../../api/resource';
import { CrudPage, RowButton } from '../../components/crud';
import { InputTable } from '../../components/widgets';
import { type InputTableColumn, inputTableRule } from '../../components/widgets/inputTableRules';
import { smsColumns as columns } from './columns';
import { EnableButton } from './EnableButton';

const paramColumns: InputTableColumn[] = [
  { prop: 'key', jnpfKey: 'comInput', label: 'sms.paramKey', required: true },
  { prop: 'value', jnpfKey: 'comInput', label: 'sms.paramValue', required: true },
];

function SendDialog({ row, onClose }: { row: Row | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);
  return (
    <Modal
      open={!!row}
      title={t('sms.send')}
      width={720}
      destroyOnHidden
      maskClosable={false}
      onCancel={onClose}
      okText={t('sms.sendOk')}
      cancelText={t('crud.cancel')}
      confirmLoading={sending}
      onOk={async () => {
        const v = await form.validateFields();
        const params = Object.fromEntries(((v.params ?? []) as Row[]).map((p) => [p.key, p.value]));
        setSending(true);
        try {
          await smsApi.send(row!.smsCode, v.phones, JSON.stringify(params));
          message.success(t('sms.sent'));
          onClose();
        } catch {
          // shown by the client
        } finally {
          setSending(false);
        }
      }}
    >
      <Form form={form} layout="vertical" name="sms-send" preserve={false}>
        <Form.Item
          name="phones"
          label={t('sms.phones')}
          extra={t('sms.phonesTip')}
          rules={[{ required: true, message: t('sms.phonesRequired') }]}
        >
          <Input placeholder="13800000000,13900000000" />
        </Form.Item>
        <Form.Item
          name="params"
          label={t('sms.params')}
          rules={[inputTableRule(paramColumns, t('widget.inputTable.required'))]}
        >
          <InputTable columns={paramColumns} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function SmsPage() {
  const { t } = useTranslation();
  const [sending, setSending] = useState<Row | null>(null);
  return (
    <>
      <CrudPage
        api={smsApi}
        columns={columns}
        title="sms.title"
        permission="sms"
        actionWidth={420}
        rowActions={(row, h) => (
          <>
            <EnableButton row={row} h={h} enable={(id) => smsApi.enable(id)} ns="sms" />
            <RowButton icon={<SendOutlined />} onClick={() => setSending(row)}>
              {t('sms.send')}
            </RowButton>
          </>
        )}
      />
      <SendDialog row={sending} onClose={() => setSending(null)} />
    </>
  );
}
