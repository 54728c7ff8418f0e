/** Calls of the time-series import (`/api/swp-monitor/import`). */
import type { SeriesReport } from '@swp/contract';
import { http, requestEnvelope } from '../../../api/http';

export type { SeriesReport } from '@swp/contract';

export interface SeriesImportParams {
  separator?: string;
  decimal: '.' | ',';
  timestampColumn: string;
  timestampFormat: string;
  /** column → "STCD.field" */
  mapping: Record<string, string>;
  dryRun: boolean;
  skipRejected?: boolean;
  jobId: string;
}

const B = '/api/swp-monitor/import';

export const seriesImportApi = {
  run: (file: File, p: SeriesImportParams) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(p)) {
      if (v === undefined || v === '') continue;
      fd.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
    fd.append('file', file);
    return requestEnvelope<SeriesReport>('POST', `${B}/series`, { data: fd, timeoutMs: 15 * 60_000 });
  },
  progress: (jobId: string) =>
    http.get<{ stage: string; done: number; total: number }>(`${B}/progress`, { jobId }, { silent: true }),
};

/** The header of a CSV (first line) and the separator it uses. */
export async function csvHeader(file: File, separator?: string): Promise<{ columns: string[]; separator: string }> {
  const text = await file.slice(0, 64 * 1024).text();
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  const sep = separator || ([';', '\t', ','].find((s) => first.includes(s)) ?? ',');
  return { columns: first.split(sep).map((c) => c.replace(/^"|"$/g, '').trim()), separator: sep };
}

export interface StationImportReport {
  dryRun: boolean;
  rows: { row: number; stcd: string; action: 'insert' | 'update' | 'unchanged' }[];
  rejected: { row: number; stcd: string | null; reason: string }[];
  inserted: number;
  updated: number;
  unchanged: number;
}

export const stationImportApi = {
  template: () => http.blob('GET', `${B}/station-template`, {}, '站点导入模板.xlsx'),
  run: (file: File, dryRun: boolean, skipRejected: boolean) => {
    const fd = new FormData();
    fd.append('dryRun', String(dryRun));
    fd.append('skipRejected', String(skipRejected));
    fd.append('file', file);
    return requestEnvelope<StationImportReport>('POST', `${B}/stations`, { data: fd, timeoutMs: 5 * 60_000 });
  },
};
