/** Column schema of the message centre table: row number, title link (bold while unread), type, status, actions. */
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { type MessageRecord, UNREAD } from '../../../api/message';
import { RowButton } from '../../../components/crud/RowButton';

interface ColumnDeps {
  t: TFunction;
  paging: { current: number; size: number };
  view: (r: MessageRecord) => Promise<void>;
  remove: (ids: string[]) => void;
}

export function messageColumns({ t, paging, view, remove }: ColumnDeps): ColumnsType<MessageRecord> {
  return [
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
          <RowButton onClick={() => void view(r)}>{t('messageCenter.view')}</RowButton>
          <RowButton danger onClick={() => remove([r.id])}>
            {t('messageCenter.remove')}
          </RowButton>
        </Space>
      ),
    },
  ];
}
