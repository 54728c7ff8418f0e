/**
 * Curve settings of the monitoring history panel (spec 1 §2.13, §3, §4, §9): the outlier filter (default on) and
 * thinning ("dilution", default off) with a window of 30M, 1H, 3H, 6H, 12H or 24H. Choosing a period dimension
 * sets them: DAY turns thinning off with window 30M; MONTH or YEAR turns it on with window 12H. The output is the
 * query's `querySetting`: `{ filterOutliers, dataDilute: null | { action: 'DEFAULT', window } }`.
 */
import type { Dimension } from './timeRange';

export const DILUTE_WINDOWS = ['30M', '1H', '3H', '6H', '12H', '24H'] as const;
export type DiluteWindow = (typeof DILUTE_WINDOWS)[number];

/**
 * The spec offers thinning for these data fields (plant meters). The panel offers it for every field, because the
 * server answers at most 4,000 points per series and long ranges of levels or pressures need it too.
 */
export const SPEC_DILUTE_FIELDS = ['waterSupply', 'electricityConsumption', 'waterAmount'] as const;

export interface CurveSettings {
  filterOutliers: boolean;
  dilute: boolean;
  window: DiluteWindow;
}

export interface QuerySetting {
  filterOutliers: boolean;
  dataDilute: null | { action: 'DEFAULT'; window: DiluteWindow };
}

export const DEFAULT_CURVE_SETTINGS: CurveSettings = { filterOutliers: true, dilute: false, window: '1H' };

/** The settings a period dimension implies: DAY → thinning off, 30M; MONTH or YEAR → thinning on, 12H. */
export function curveSettingsForDimension(current: CurveSettings, dimension: Dimension): CurveSettings {
  if (dimension === 'DAY') return { ...current, dilute: false, window: '30M' };
  return { ...current, dilute: true, window: '12H' };
}

export function toQuerySetting(s: CurveSettings): QuerySetting {
  return { filterOutliers: s.filterOutliers, dataDilute: s.dilute ? { action: 'DEFAULT', window: s.window } : null };
}

/** Back from a query setting (e.g. the server's answer, which may name a wider window than asked). */
export function fromQuerySetting(q: QuerySetting, fallback: CurveSettings = DEFAULT_CURVE_SETTINGS): CurveSettings {
  return q.dataDilute
    ? { filterOutliers: q.filterOutliers, dilute: true, window: q.dataDilute.window }
    : { ...fallback, filterOutliers: q.filterOutliers, dilute: false };
}
