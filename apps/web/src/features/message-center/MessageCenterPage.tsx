/**
 * The message centre (/message/index): the signed-in user's whole message box — every type, read and unread,
 * searchable by title, paged on the server; view (marks read), mark read and delete with confirmation.
 */
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TYPES, type MessageRecord, messageApi, READ, UNREAD } from '../../api/message';

export default function MessageCenterPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [type, setType] = useState<string>('all');
  const [filters, setFilters] = useState<{ title?: string; messageStatus?: string }>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [rows, setRows] = useState<MessageRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [viewing, setViewing] = useState<MessageRecord | null>(null);
  const [form] = Form.useForm();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const data = await messageApi.page({
        current: paging.current,
        size: paging.size,
        ...(type === 'all' ? {} : { messageType: Number(type) }),
        ...filters,
      });
      setRows(data.records);
      setTotal(data.total);
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [paging, type, filters]);

  useEffect(() => {
    void load();
  }, [load]);

  const view = async (r: MessageRecord) => {
    setViewing(r);
    if (r.messageStatus === UNREAD) {
      await messageApi.read([r.id]);
      void load();
    }
  };

  const needSelection = () => {
    if (!selected.length) {
      message.warning(t('messageCenter.selectOne'));
      return true;
    }
    return false;
  };

  const markRead = async () => {
    if (needSelection()) return;
    await messageApi.read(selected);
    message.success(t('messageCenter.marked'));
    setSelected([]);
    void load();
  };

  const remove = (ids: string[]) => {
    if (!ids.length) return void needSelection();
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('messageCenter.confirmRemove'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await messageApi.remove(ids);
        message.success(t('messageCenter.removed'));
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        void load();
      },
    });
  };

  const columns: ColumnsType<MessageRecord> = [
    { title: '#', width: 60, render: (_v, _r, i) => (paging.current - 1) * paging.size + i + 1 },
    {
      title: t('messageCenter.messageTitle'),
      dataIndex: 'title',
      render: (v, r) => (
        <Typography.Link strong={r.messageStatus === UNREAD} onClick={() => void view(r)}>
          {v}
        </Typography.Link>
      ),
    },
    {
      title: t('messageCenter.type'),
      dataIndex: 'messageType',
      width: 120,
      render: (v) => t(`bell.type${v}`, String(v)),
    },
    {
      title: t('messageCenter.status'),
      dataIndex: 'messageStatus',
      width: 100,
      render: (v) =>
        v === UNREAD ? <Tag color="red">{t('messageCenter.unread')}</Tag> : <Tag>{t('messageCenter.read')}</Tag>,
    },
    { title: t('messageCenter.sendTime'), dataIndex: 'sendTime', width: 180 },
    {
      title: '',
      width: 140,
      render: (_v, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => void view(r)}>
            {t('messageCenter.view')}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove([r.id])}>
            {t('messageCenter.remove')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('messageCenter.title')} data-testid="message-center">
      <Tabs
        activeKey={type}
        onChange={(k) => {
          setType(k);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
        items={[
          { key: 'all', label: t('messageCenter.all') },
          ...MESSAGE_TYPES.map((ty) => ({ key: String(ty), label: t(`bell.type${ty}`) })),
        ]}
      />
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v) => {
          setFilters(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')));
          setPaging((p) => ({ ...p, current: 1 }));
        }}
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
              setFilters({});
              setPaging((p) => ({ ...p, current: 1 }));
            }}
          >
            {t('messageCenter.reset')}
          </Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => void markRead()}>{t('messageCenter.markRead')}</Button>
        <Button danger onClick={() => remove(selected)}>
          {t('messageCenter.remove')}
        </Button>
      </Space>
      <Table<MessageRecord>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: t('messageCenter.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100, 200],
          showTotal: (n) => `${n}`,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
      <Modal
        open={!!viewing}
        title={t('messageCenter.detail')}
        footer={null}
        onCancel={() => setViewing(null)}
        width={640}
      >
        {viewing && (
          <>
            <Typography.Title level={5}>{viewing.title}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {t(`bell.type${viewing.messageType}`)} · {viewing.sendTime}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing.content}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </Card>
  );
}
