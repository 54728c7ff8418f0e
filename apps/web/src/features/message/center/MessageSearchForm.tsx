/** The message centre's inline search bar: title and read status; search drops empty fields, reset clears all. */
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { READ, UNREAD } from '../../../api/message';
import type { MessageFilters } from './useMessageCenter';

export function MessageSearchForm({ onSearch }: { onSearch: (f: MessageFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="inline"
      style={{ marginBottom: 16 }}
      onFinish={(v) => onSearch(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')))}
    >
      <Form.Item name="title" label={t('messageCenter.messageTitle')}>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="messageStatus" label={t('messageCenter.status')}>
        <Select
          allowClear
          style={{ width: 120 }}
          options={[
            { value: UNREAD, label: t('messageCenter.unread') },
            { value: READ, label: t('messageCenter.read') },
          ]}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('messageCenter.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('messageCenter.reset')}
        </Button>
      </Space>
    </Form>
  );
}
