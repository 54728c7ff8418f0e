/**
 * 导入站点 (站点监测): download the template, upload the filled xlsx, read the dry run (per row: new, updated or
 * unchanged; every rejected row with its reason), then import.
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/download';
import { type StationImportReport, stationImportApi } from './api';

export function StationImportDialog({
  open,
  onClose,
  onApplied,
}: {
  open: boolean;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<StationImportReport | null>(null);
  const [skip, setSkip] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      const env = await stationImportApi.run(file, dryRun, skip);
      setReport(env.data);
      if (!dryRun) {
        message.success(t('stationImport.applied', { inserted: env.data.inserted, updated: env.data.updated }));
        onApplied();
      }
    } catch {
      // toast shown by the client
    } finally {
      setBusy(false);
    }
  };
  const canApply = !!report?.dryRun && (report.rejected.length === 0 || skip);
  const color = { insert: 'green', update: 'blue', unchanged: 'default' } as const;

  return (
    <Modal
      open={open}
      title={t('stationImport.title')}
      width={820}
      maskClosable={false}
      onCancel={busy ? undefined : onClose}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t('common.close')}
          </Button>
          <Button
            onClick={() => void run(true)}
            disabled={!file || busy}
            loading={busy}
            data-testid="station-import-dry"
          >
            {t('stationImport.dryRun')}
          </Button>
          <Button
            type="primary"
            onClick={() => void run(false)}
            disabled={!canApply || busy}
            data-testid="station-import-apply"
          >
            {t('stationImport.apply')}
          </Button>
        </Space>
      }
    >
      <Space style={{ marginBottom: 12 }}>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void stationImportApi.template().then(({ blob, fileName }) => saveBlob(blob, fileName))}
          data-testid="station-import-template"
        >
          {t('stationImport.template')}
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setReport(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>{t('stationImport.pick')}</Button>
        </Upload>
      </Space>
      {report && (
        <div data-testid="station-import-report">
          <Typography.Paragraph>
            {t('stationImport.summary', {
              inserted: report.inserted,
              updated: report.updated,
              unchanged: report.unchanged,
            })}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="row"
            dataSource={report.rows}
            pagination={{ pageSize: 8 }}
            columns={[
              { title: t('stationImport.row'), dataIndex: 'row', width: 80 },
              { title: t('stationImport.stcd'), dataIndex: 'stcd' },
              {
                title: t('stationImport.action'),
                dataIndex: 'action',
                render: (a: keyof typeof color) => <Tag color={color[a]}>{t(`stationImport.${a}`)}</Tag>,
              },
            ]}
          />
          {report.rejected.length > 0 && (
            <>
              <Typography.Title level={5}>
                {t('stationImport.rejected', { n: report.rejected.length })}
              </Typography.Title>
              <Table
                size="small"
                rowKey="row"
                dataSource={report.rejected}
                pagination={{ pageSize: 8 }}
                data-testid="station-import-rejected"
                columns={[
                  { title: t('stationImport.row'), dataIndex: 'row', width: 80 },
                  { title: t('stationImport.stcd'), dataIndex: 'stcd', width: 140 },
                  { title: t('stationImport.reason'), dataIndex: 'reason' },
                ]}
              />
              <Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)}>
                {t('stationImport.skipRejected')}
              </Checkbox>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
