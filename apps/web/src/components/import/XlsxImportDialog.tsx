/**
 * The import dialog of the register screens (devices, customers, meters, reads; stations too): download the
 * template, pick the filled xlsx, dry run (per row: new, updated or unchanged; every rejected row with its reason),
 * then import. While the server works the dialog polls the job's progress (stage and rows) under the job id it sent,
 * which any server instance can answer (the state is kept in the database).
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Modal, Progress, Space, Table, Tag, Typography, Upload } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/download';
import type { ImportProgress, ImportReport, XlsxImportApi } from './api';

export type { ImportReport, XlsxImportApi } from './api';
export { xlsxImportApi } from './api';

const color = { insert: 'green', update: 'blue', unchanged: 'default' } as const;
const newJobId = () => `imp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function XlsxImportDialog({
  open,
  title,
  api,
  keyTitle,
  testId,
  onClose,
  onApplied,
}: {
  open: boolean;
  /** translated title */
  title: string;
  api: XlsxImportApi;
  /** translated header of the row key column (户号, 表号 …) */
  keyTitle?: string;
  /** prefix of the test ids (`<testId>-dry`, `-apply`, `-report`, `-rejected`, `-template`) */
  testId: string;
  onClose: () => void;
  onApplied: (r: ImportReport) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [skip, setSkip] = useState(false);
  const [busy, setBusy] = useState(false);
  const [prog, setProg] = useState<ImportProgress | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);

  const stopPoll = useCallback(() => {
    if (poll.current) clearInterval(poll.current);
    poll.current = null;
  }, []);
  useEffect(() => stopPoll, [stopPoll]);
  useEffect(() => {
    if (!open) {
      setFile(null);
      setReport(null);
      setSkip(false);
      setProg(null);
    }
  }, [open]);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    const jobId = newJobId();
    setProg({ stage: 'upload', done: 0, total: 0, finished: false });
    if (api.progress)
      poll.current = setInterval(() => {
        api
          .progress?.(jobId)
          .then((p) => {
            if (p.stage !== 'unknown') setProg(p);
          })
          .catch(() => {});
      }, 500);
    try {
      const env = await api.run(file, { dryRun, skipRejected: skip, jobId });
      setReport(env.data);
      setProg({ stage: 'done', done: 1, total: 1, finished: true });
      if (!dryRun) {
        message.success(t('xlsxImport.applied', { inserted: env.data.inserted, updated: env.data.updated }));
        onApplied(env.data);
      }
    } catch {
      // the client showed the server's message
      setProg(null);
    } finally {
      stopPoll();
      setBusy(false);
    }
  };
  const canApply = !!report?.dryRun && (report.rejected.length === 0 || skip);
  const percent = prog ? (prog.finished ? 100 : prog.total ? Math.round((100 * prog.done) / prog.total) : 0) : 0;

  return (
    <Modal
      open={open}
      title={title}
      width={820}
      maskClosable={false}
      onCancel={busy ? undefined : onClose}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t('common.close')}
          </Button>
          <Button onClick={() => void run(true)} disabled={!file || busy} loading={busy} data-testid={`${testId}-dry`}>
            {t('xlsxImport.dryRun')}
          </Button>
          <Button
            type="primary"
            onClick={() => void run(false)}
            disabled={!canApply || busy}
            data-testid={`${testId}-apply`}
          >
            {t('xlsxImport.apply')}
          </Button>
        </Space>
      }
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void api.template().then(({ blob, fileName }) => saveBlob(blob, fileName))}
          data-testid={`${testId}-template`}
        >
          {t('xlsxImport.template')}
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setReport(null);
            setSkip(false);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>{t('xlsxImport.pick')}</Button>
        </Upload>
      </Space>
      {busy && prog && (
        <div data-testid={`${testId}-progress`} style={{ marginBottom: 12 }}>
          <Typography.Text>
            {t(`xlsxImport.stage.${prog.stage}`, { defaultValue: t('xlsxImport.stage.unknown') })}
            {prog.total ? ` ${prog.done} / ${prog.total}` : ''}
          </Typography.Text>
          <Progress percent={percent} status="active" aria-label={t('xlsxImport.progress')} />
        </div>
      )}
      {report && (
        <div data-testid={`${testId}-report`}>
          <Typography.Paragraph>
            {t('xlsxImport.summary', {
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
              { title: t('xlsxImport.row'), dataIndex: 'row', width: 80 },
              { title: keyTitle ?? t('xlsxImport.key'), dataIndex: 'key' },
              {
                title: t('xlsxImport.action'),
                dataIndex: 'action',
                render: (a: keyof typeof color) => <Tag color={color[a]}>{t(`xlsxImport.${a}`)}</Tag>,
              },
            ]}
          />
          {report.rejected.length > 0 && (
            <>
              <Typography.Title level={5}>
                {t('xlsxImport.rejected', { n: report.rejectedCount ?? report.rejected.length })}
              </Typography.Title>
              <Table
                size="small"
                rowKey="row"
                dataSource={report.rejected}
                pagination={{ pageSize: 8 }}
                data-testid={`${testId}-rejected`}
                columns={[
                  { title: t('xlsxImport.row'), dataIndex: 'row', width: 80 },
                  { title: keyTitle ?? t('xlsxImport.key'), dataIndex: 'key', width: 160 },
                  { title: t('xlsxImport.reason'), dataIndex: 'reason' },
                ]}
              />
              <Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)}>
                {t('xlsxImport.skipRejected')}
              </Checkbox>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
