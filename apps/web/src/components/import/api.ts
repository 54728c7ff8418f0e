/** Calls of a register import (server: core/xlsx-import.ts): template, upload (dry run or apply), progress. */
import { http, requestEnvelope } from '../../api/http';

export interface ImportReport {
  dryRun: boolean;
  applied?: boolean;
  rows: { row: number; key: string; action: 'insert' | 'update' | 'unchanged' }[];
  rejected: { row: number; key: string | null; reason: string }[];
  inserted: number;
  updated: number;
  unchanged: number;
  rejectedCount?: number;
}

export interface ImportProgress {
  stage: string;
  done: number;
  total: number;
  finished: boolean;
}

/** What a screen hands its import dialog (network, series, stations): whether it is open, and the two ways out. */
export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** after an import was applied (the screen reloads) */
  onApplied: () => void;
}

export interface XlsxImportApi {
  template(): Promise<{ blob: Blob; fileName: string }>;
  run(file: File, o: { dryRun: boolean; skipRejected: boolean; jobId: string }): Promise<{ data: ImportReport }>;
  progress?(jobId: string): Promise<ImportProgress>;
}

/** The api of an import mounted at `base` (e.g. `/api/swp-customer/customer/import`). */
export function xlsxImportApi(base: string, templateName: string): XlsxImportApi {
  return {
    template: () => http.blob('GET', `${base}/template`, {}, templateName),
    run: (file, o) => {
      const fd = new FormData();
      fd.append('dryRun', String(o.dryRun));
      fd.append('skipRejected', String(o.skipRejected));
      fd.append('jobId', o.jobId);
      fd.append('file', file);
      return requestEnvelope<ImportReport>('POST', base, { data: fd, timeoutMs: 15 * 60_000 });
    },
    progress: (jobId) => http.get<ImportProgress>(`${base}/progress`, { jobId }, { silent: true }),
  };
}
