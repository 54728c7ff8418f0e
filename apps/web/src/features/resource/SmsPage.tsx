/**
 * SMS configurations (`/blade-resource/sms`): exactly one is enabled per tenant (启用 switches the others off);
 * 发送测试 sends through the provider (the default provider records the message in the message log).
 */
import { SendOutlined } from '@ant-design/icons';
import { App, Form, Input, Modal, Tag } from 'antd';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { smsApi } from '../../api/resource';
import { type CrudColumn, CrudPage, RowButton, remarkColumn } from '../../components/crud';
import { InputTable } from '../../components/widgets';
import { type InputTableColumn, inputTableRule } from '../../components/widgets/inputTableRules';
import { EnableButton } from './EnableButton';

/** status 2 is the one enabled configuration, 1 the others */
export const enabledTag = (v: number) =>
  v === 2 ? <Tag color="green">{i18next.t('sms.on')}</Tag> : <Tag>{i18next.t('sms.off')}</Tag>;

const columns: CrudColumn[] = [
  {
    prop: 'category',
    label: 'sms.category',
    type: 'select',
    dict: 'sms',
    numeric: true,
    search: true,
    required: 'sms.categoryRequired',
  },
  { prop: 'smsCode', label: 'sms.smsCode', search: true, required: 'sms.codeRequired' },
  { prop: 'templateId', label: 'sms.templateId', required: 'sms.templateRequired' },
  { prop: 'accessKey', label: 'sms.accessKey', hide: true },
  { prop: 'secretKey', label: 'sms.secretKey', hide: true, type: 'password' },
  { prop: 'regionId', label: 'sms.regionId', hide: true },
  { prop: 'signName', label: 'sms.signName' },
  { prop: 'status', label: 'sms.status', display: false, render: (v) => enabledTag(Number(v)) },
  remarkColumn('crud.remark', { hide: true }),
];

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
