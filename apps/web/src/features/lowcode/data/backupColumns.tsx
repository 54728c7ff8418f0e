/**
 * 数据备份's columns: number, file, description, state (排队中 / 备份中 / 已完成 / 失败 with the reason), size,
 * tables, rows, time, and download (a finished backup) and delete (one no longer pending).
 */
import { DeleteOutlined, DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import { Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { RowButton } from '../../../components/crud/RowButton';
import { fileSize, isPending } from './backups';

function StateTag({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (row.state === 'running')
    return (
      <Tag color="processing" icon={<LoadingOutlined />}>
        {t('lowcode.backup.running')}
      </Tag>
    );
  if (row.state === 'queued')
    return (
      <Tag color="default" icon={<LoadingOutlined />}>
        {t('lowcode.backup.queued')}
      </Tag>
    );
  if (row.state === 'done') return <Tag color="success">{t('lowcode.backup.done')}</Tag>;
  return (
    <Tooltip title={row.message}>
      <Tag color="error">{t('lowcode.backup.failed')}</Tag>
    </Tooltip>
  );
}

interface Args {
  t: TFunction;
  page: { current: number; size: number };
  /** the id of the backup being downloaded */
  downloading: string | undefined;
  download: (r: Row) => Promise<void>;
  remove: (r: Row) => void;
}

export function backupColumns({ t, page, downloading, download, remove }: Args): TableColumnsType<Row> {
  return [
    {
      title: '#',
      key: 'i',
      width: 60,
      align: 'center',
      render: (_v, _r, i) => (page.current - 1) * page.size + i + 1,
    },
    { title: t('lowcode.backup.fileName'), dataIndex: 'fileName' },
    { title: t('lowcode.backup.description'), dataIndex: 'description', ellipsis: true },
    { title: t('lowcode.backup.state'), dataIndex: 'state', render: (_v, r) => <StateTag row={r} /> },
    { title: t('lowcode.backup.size'), dataIndex: 'fileSize', align: 'right', render: (v) => fileSize(v) },
    { title: t('lowcode.backup.tables'), dataIndex: 'tableCount', align: 'right', render: (v) => v || '' },
    { title: t('lowcode.backup.rows'), dataIndex: 'rowCount', align: 'right', render: (v) => v || '' },
    { title: t('lowcode.backup.time'), dataIndex: 'creatorTime' },
    {
      title: t('crud.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_v, r) => (
        <Space size={0}>
          <RowButton
            icon={<DownloadOutlined />}
            disabled={r.state !== 'done'}
            loading={downloading === String(r.id)}
            onClick={() => void download(r)}
          >
            {t('lowcode.backup.download')}
          </RowButton>
          <RowButton danger icon={<DeleteOutlined />} disabled={isPending(r)} onClick={() => remove(r)}>
            {t('crud.remove')}
          </RowButton>
        </Space>
      ),
    },
  ];
}
