/** Backup rows: which are still running, which finished since the last look, and how big a file reads. */
import type { Row } from '../../../api/crud';

export type BackupState = 'queued' | 'running' | 'done' | 'failed';

/** waiting in the server's job queue or running: not finished yet */
export const isPending = (r: Row) => r.state === 'running' || r.state === 'queued';

export const anyRunning = (rows: Row[]) => rows.some(isPending);

/** The rows that were queued or running in `before` and have finished (done or failed) in `after`. */
export function finishedSince(before: Row[], after: Row[]): Row[] {
  const running = new Set(before.filter(isPending).map((r) => String(r.id)));
  return after.filter((r) => running.has(String(r.id)) && !isPending(r));
}

/** 1536 → "1.5 KB"; bytes up to GB. */
export function fileSize(bytes: unknown): string {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n <= 0) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(v >= 100 ? 0 : 1)} ${units[i]}`;
}
