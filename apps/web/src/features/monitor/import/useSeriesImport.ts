/**
 * State and calls of the series import: the picked file (a CSV's header is read in the browser to offer its columns
 * and to map the columns named like a station code), the dry run or import as a polled job, and its report.
 */
import { useQuery } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monitorApi, type Station } from '../../../api/monitor';
import { useImportJob } from '../../../components/import/useImportJob';
import { csvHeader, type SeriesReport, seriesImportApi } from './api';
import type { Settings } from './SeriesSettingsForm';

export function useSeriesImport(open: boolean, onApplied: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Settings>();
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [report, setReport] = useState<SeriesReport | null>(null);
  const [checked, setChecked] = useState(false);
  const [skip, setSkip] = useState(false);
  const job = useImportJob({ prefix: 'ser', intervalMs: 700, progress: seriesImportApi.progress });
  const stations = useQuery({
    queryKey: ['monitor', 'stations', 'import'],
    queryFn: () => monitorApi.stationPage({ current: 1, size: 1000 }),
    enabled: open,
  });
  const dict = useQuery({ queryKey: ['monitor', 'dict'], queryFn: monitorApi.dict, enabled: open });
  const list: Station[] = stations.data?.records ?? [];

  const pick = async (f: File) => {
    setFile(f);
    setReport(null);
    setChecked(false);
    if (/\.xlsx$/i.test(f.name)) {
      setColumns([]);
      return;
    }
    const h = await csvHeader(f);
    setColumns(h.columns);
    const byCode = new Map(list.map((s) => [s.stcd, s]));
    form.setFieldsValue({
      separator: h.separator,
      timestampColumn: h.columns[0],
      rows: h.columns
        .slice(1)
        .filter((c) => byCode.has(c))
        .map((c) => ({ column: c, stcd: c, field: byCode.get(c)?.fields[0]?.field })),
    });
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    const s = await form.validateFields();
    const mapping = Object.fromEntries(
      (s.rows ?? []).filter((r) => r.column && r.stcd && r.field).map((r) => [r.column, `${r.stcd}.${r.field}`]),
    );
    if (!Object.keys(mapping).length) {
      message.warning(t('seriesImport.needMapping'));
      return;
    }
    await job.start(async (jobId) => {
      const env = await seriesImportApi.run(file, {
        separator: s.separator === 'auto' ? undefined : s.separator,
        decimal: s.decimal,
        timestampColumn: s.timestampColumn,
        timestampFormat: s.timestampFormat,
        mapping,
        dryRun,
        skipRejected: skip,
        jobId,
      });
      setReport(env.data);
      setChecked(dryRun);
      if (!dryRun) {
        message.success(t('seriesImport.applied', { n: env.data.inserted }));
        onApplied();
      }
    });
  };

  return {
    form,
    file,
    setFile,
    columns,
    report,
    setChecked,
    skip,
    setSkip,
    busy: job.busy,
    prog: job.prog,
    stations: list,
    fields: dict.data?.fields ?? [],
    pick,
    run,
    canApply: checked && !!report && (report.rejectedCount === 0 || skip),
    stationName: (stcd: string) => list.find((s) => s.stcd === stcd)?.stnm ?? stcd,
  };
}
