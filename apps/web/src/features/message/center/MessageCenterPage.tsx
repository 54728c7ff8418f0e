/**
 * The message centre (/message/index): the signed-in user's whole message box — every type, read and unread,
 * searchable by title, paged on the server; view (marks read), mark read and delete with confirmation.
 */
import { Button, Card, Space, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TYPES, type MessageRecord } from '../../../api/message';
import { serverPagination } from '../../../components/crud';
import { messageColumns } from './columns';
import { MessageDetailModal } from './MessageDetailModal';
import { MessageSearchForm } from './MessageSearchForm';
import { useMessageCenter } from './useMessageCenter';

export default function MessageCenterPage() {
  const { t } = useTranslation();
  const mc = useMessageCenter();
  const { paging, selected } = mc;

  return (
    <Card title={t('messageCenter.title')} data-testid="message-center">
      <Tabs
        activeKey={mc.type}
        onChange={mc.changeType}
        items={[
          { key: 'all', label: t('messageCenter.all') },
          ...MESSAGE_TYPES.map((ty) => ({ key: String(ty), label: t(`bell.type${ty}`) })),
        ]}
      />
      <MessageSearchForm onSearch={mc.search} />
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => void mc.markRead()}>{t('messageCenter.markRead')}</Button>
        <Button danger onClick={() => mc.remove(selected)}>
          {t('messageCenter.remove')}
        </Button>
      </Space>
      <Table<MessageRecord>
        rowKey="id"
        size="middle"
        loading={mc.loading}
        columns={messageColumns({ t, paging, view: mc.view, remove: mc.remove })}
        dataSource={mc.rows}
        locale={{ emptyText: t('messageCenter.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => mc.setSelected(keys as string[]) }}
        pagination={{
          ...serverPagination(paging, mc.total, mc.setPaging),
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100, 200],
          showTotal: (n) => `${n}`,
        }}
      />
      <MessageDetailModal viewing={mc.viewing} onClose={() => mc.setViewing(null)} />
    </Card>
  );
}
