/**
 * State and calls of the network import: the picked file (its name gives the format; an .inp is in local
 * coordinates), the dry run or import as a polled job, and its report. Import is allowed only after a dry run of
 * the same file and settings.
 */
import { App, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportJob } from '../../../components/import/useImportJob';
import { type NetworkReport, networkImportApi } from './api';
import { formatOf, type Settings } from './NetworkSettingsForm';

export function useNetworkImport(onApplied: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Settings>();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<NetworkReport | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const [skip, setSkip] = useState(false);
  const job = useImportJob({ prefix: 'net', intervalMs: 700, progress: networkImportApi.progress });

  const reset = () => {
    setReport(null);
    setChecked(null);
  };
  const pick = (f: File) => {
    setFile(f);
    form.setFieldsValue({ format: formatOf(f.name), ...(formatOf(f.name) === 'inp' ? { crs: 'local' } : {}) });
    reset();
  };
  const remove = () => {
    setFile(null);
    reset();
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    const s = await form.validateFields();
    await job.start(async (jobId) => {
      const env = await networkImportApi.run(file, {
        ...s,
        ...(s.crs === 'local' ? {} : { offsetX: undefined, offsetY: undefined }),
        dryRun,
        skipRejected: skip,
        jobId,
      });
      setReport(env.data);
      if (dryRun) setChecked(JSON.stringify([file.name, file.size, s]));
      else {
        const r = env.data;
        message.success(
          r.applied
            ? t('netImport.applied', { inserted: r.inserted, updated: r.updated, deleted: r.deleted })
            : t('netImport.nothing'),
        );
        onApplied();
      }
    });
  };

  const current = file ? JSON.stringify([file.name, file.size, form.getFieldsValue()]) : null;
  const canApply = !!report && checked !== null && checked === current && (report.rejectedCount === 0 || skip);
  const prog = job.prog;
  const pct = prog?.total ? Math.round((100 * (prog.done ?? 0)) / prog.total) : undefined;
  /** after a change of the file or settings the report no longer holds: ask for a new dry run */
  const stale = !!report && !canApply && report.rejectedCount === 0 && checked !== current;

  return { form, file, report, skip, setSkip, busy: job.busy, prog, pct, pick, remove, reset, run, canApply, stale };
}
