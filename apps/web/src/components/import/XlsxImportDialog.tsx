/**
 * The import dialog of the register screens (devices, customers, meters, reads; stations too): download the
 * template, pick the filled xlsx, dry run (per row: new, updated or unchanged; every rejected row with its reason),
 * then import. While the server works the dialog polls the job's progress (stage and rows) under the job id it sent,
 * which any server instance can answer (the state is kept in the database).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/download';
import type { ImportReport, XlsxImportApi } from './api';
import { ImportFilePicker } from './ImportFilePicker';
import { ImportModal, importButtons } from './ImportModal';
import { useImportJob } from './useImportJob';
import { XlsxJobProgress } from './XlsxJobProgress';
import { XlsxReport } from './XlsxReport';

export type { ImportReport, XlsxImportApi } from './api';
export { xlsxImportApi } from './api';

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
  const { busy, prog, start } = useImportJob({ prefix: 'imp', intervalMs: 500, progress: api.progress });

  useEffect(() => {
    if (!open) {
      setFile(null);
      setReport(null);
      setSkip(false);
    }
  }, [open]);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    await start(async (jobId) => {
      const env = await api.run(file, { dryRun, skipRejected: skip, jobId });
      setReport(env.data);
      if (!dryRun) {
        message.success(t('xlsxImport.applied', { inserted: env.data.inserted, updated: env.data.updated }));
        onApplied(env.data);
      }
    });
  };
  const canApply = !!report?.dryRun && (report.rejected.length === 0 || skip);

  return (
    <ImportModal
      open={open}
      title={title}
      width={820}
      testId={testId}
      {...importButtons({ busy, file, canApply, run })}
      dryLoading={busy}
      dryLabel={t('xlsxImport.dryRun')}
      applyLabel={t('xlsxImport.apply')}
      onClose={onClose}
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void api.template().then(({ blob, fileName }) => saveBlob(blob, fileName))}
          data-testid={`${testId}-template`}
        >
          {t('xlsxImport.template')}
        </Button>
        <ImportFilePicker
          accept=".xlsx"
          file={file}
          label={t('xlsxImport.pick')}
          onPick={(f) => {
            setFile(f);
            setReport(null);
            setSkip(false);
          }}
          onRemove={() => setFile(null)}
        />
      </Space>
      {busy && prog && <XlsxJobProgress prog={prog} testId={testId} />}
      {report && <XlsxReport report={report} keyTitle={keyTitle} testId={testId} skip={skip} onSkip={setSkip} />}
    </ImportModal>
  );
}
