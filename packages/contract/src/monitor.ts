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

/** One series of a history answer with its figures (W: the server's dilution window codes). */
export interface HistorySeriesInfo<W extends string = string> {
  key: string;
  field: string;
  name: string;
  unit: string;
  date?: string;
  window: W | null;
  step: number;
  count: number;
  removed: number;
  source: 'raw' | 'hourly' | 'daily';
  min: number | null;
  max: number | null;
  avg: number | null;
  sum: number | null;
}

/**
 * `POST /api/swp-computing/monitor/his`: a station's series over a window, with the same window of earlier periods when
 * compared (W: dilution windows, T: monitor types, D: comparison dimensions; plain strings on the web).
 */
export interface HistoryResult<W extends string = string, T extends string = string, D extends string = string> {
  stId: string;
  stcd: string;
  stnm: string;
  sttp: string;
  monitorType: T;
  timeField: string;
  dataFields: string[];
  startTime: string | null;
  endTime: string | null;
  contemporaneous: { date: string; dimension: D; key: string; startTime: string; endTime: string }[] | null;
  querySetting: { filterOutliers: boolean; dataDilute: { action: 'DEFAULT'; window: W } | null };
  statistics: Record<string, HistoryPoint[]>;
  series: HistorySeriesInfo<W>[];
  alarmThreshold: { code: 'LOW_WL' | 'ALERT_WL'; name: string; value: number }[];
}

/** The newest value of one field of a station. */
export interface LatestValue {
  field: string;
  name: string;
  unit: string;
  value: number;
  time: string;
}
