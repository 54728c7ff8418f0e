/** Data sync: the request body, the same-table check, and the progress events of the live channel. */
import type { Row } from '../../../api/crud';

export const PROGRESS_TYPE = 'datasync.progress';

export interface SyncProgress {
  table: string;
  copied: number;
  total: number;
  batches: number;
}

/** A live-channel message (`{ type, data }`) as sync progress, when it is one. */
export function progressOf(msg: unknown): SyncProgress | undefined {
  if (!msg || typeof msg !== 'object') return undefined;
  const m = msg as { type?: unknown; data?: Row };
  if (m.type !== PROGRESS_TYPE || !m.data) return undefined;
  return {
    table: String(m.data.table ?? ''),
    copied: Number(m.data.copied ?? 0),
    total: Number(m.data.total ?? 0),
    batches: Number(m.data.batches ?? 0),
  };
}

export const percentOf = (p: SyncProgress) => (p.total > 0 ? Math.min(100, Math.round((p.copied / p.total) * 100)) : 0);

/** Source and target are the same table of the same connection. */
export function sameTable(v: Row): boolean {
  const table = String(v.table ?? '').trim();
  const to = String(v.toTable ?? '').trim() || table;
  return !!table && String(v.dbLinkFrom) === String(v.dbLinkTo) && to === table;
}

export function syncBody(v: Row): Row {
  return {
    dbLinkFrom: String(v.dbLinkFrom),
    dbLinkTo: String(v.dbLinkTo),
    table: String(v.table).trim(),
    toTable: String(v.toTable ?? '').trim() || null,
    batchSize: v.batchSize ?? undefined,
    clearTarget: v.clearTarget ? 1 : 0,
  };
}
