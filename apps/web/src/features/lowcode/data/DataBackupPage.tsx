/**
 * 数据备份 (`/api/system/DataBackup`, platform administrators): backups of the console's own database. 备份数据
 * asks for a 说明 and starts one in the background (one at a time: the server refuses a second); its row shows
 * 排队中 while it waits for the server's job queue, 备份中 until the file is written (the list is
 * polled meanwhile), then 已完成 with the size, tables and rows, or 失败 with the reason. Download a finished
 * backup; delete one after the confirmation.
 */
import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataBackupApi } from '../../../api/lowcode';
import { CrudPagination, emptyLocale } from '../../../components/crud';
import { useConfirmRemove } from '../../../components/crud/useConfirmRemove';
import { saveBlob } from '../../../lib/download';
import { BackupDialog } from './BackupDialog';
import { backupColumns } from './backupColumns';
import { useBackups } from './useBackups';

export default function DataBackupPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmRemove = useConfirmRemove();
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState<string>();
  const list = useBackups((rows) => {
    for (const r of rows) {
      if (r.state === 'done') message.success(t('lowcode.backup.made'));
      else message.error(t('lowcode.backup.failedWhy', { why: r.message ?? '' }));
    }
  });

  const download = async (r: Row) => {
    setDownloading(String(r.id));
    try {
      const f = await dataBackupApi.download(String(r.id));
      saveBlob(f.blob, f.fileName || String(r.fileName));
    } catch {
      // the HTTP client has shown why
    } finally {
      setDownloading(undefined);
    }
  };

  const remove = (r: Row) =>
    confirmRemove(
      () => dataBackupApi.remove(String(r.id)),
      () => void list.reload(),
    );

  return (
    // the test id appears with the first answer, so a count of the rows is the list's
    <div data-testid={list.loaded ? 'data-backup-page' : undefined}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<SaveOutlined />} data-testid="backup-make" onClick={() => setAsking(true)}>
          {t('lowcode.backup.make')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void list.reload()}>
          {t('lowcode.backup.refresh')}
        </Button>
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        bordered
        loading={list.loading && !list.rows.length}
        dataSource={list.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={emptyLocale(t('lowcode.backup.empty'))}
        columns={backupColumns({ t, page: list.page, downloading, download, remove })}
      />
      <div style={{ marginTop: 12, display: 'flex', justifyContent: 'flex-end' }}>
        <CrudPagination
          variant="default"
          current={list.page.current}
          size={list.page.size}
          total={list.total}
          onChange={(current, size) => list.setPage({ current, size })}
        />
      </div>
      <BackupDialog
        open={asking}
        onClose={() => setAsking(false)}
        onStarted={(row) => {
          setAsking(false);
          message.success(t('lowcode.backup.started'));
          list.started(row);
        }}
      />
    </div>
  );
}
