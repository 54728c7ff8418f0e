/** The monitoring answers both sides read (apps/server/src/modules/monitor, the web's monitor screens). */

/** One point of a history chart. */
export interface HistoryPoint {
  time: string;
  value: number;
  min?: number;
  max?: number;
  /** period comparisons: the position within the period (hour of day, day of month, month of year) */
  axis?: string;
}

/** What a time-series import did (or, on a dry run, would do). */
export interface SeriesReport {
  dryRun: boolean;
  rows: number;
  series: {
    column: string;
    stcd: string;
    field: string;
    points: number;
    empty: number;
    first: string | null;
    last: string | null;
    seriesId: number | null;
    created: boolean;
  }[];
  rejected: { row: number; column: string | null; reason: string }[];
  rejectedCount: number;
  duplicates: number;
  inserted: number;
  tookMs: number;
}
