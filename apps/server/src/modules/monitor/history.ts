/**
 * One series over one time range, as the history panel asks for it: raw points (at most MAX_POINTS), or thinned
 * windows read from the cheapest source that answers exactly — raw points for 30-minute windows, hourly rollups for
 * 1H–12H, daily rollups for 24H. With the outlier filter on, raw points go through `outliers.ts`; rollup rows whose
 * extremes look wrong (outside the physical range, or a spread wider than twice the Hampel floor) are recomputed
 * from their raw points through the same filter, so a spike never reaches a window's mean, min or max.
 */
import type pg from 'pg';
import { badRequest } from '../../core/envelope.ts';
import { FIELDS, type FieldDef, MAX_POINTS, WINDOW_CODES, WINDOWS, type WindowCode } from './fields.ts';
import { type OutlierLimits, removeOutliers } from './outliers.ts';
import { type RollupRow, readRaw, readRawSpans, readRollups, readRollupWindows } from './store.ts';
import {
  type Bucket,
  bucketPoints,
  mergeBuckets,
  nextWindow,
  windowCount,
  windowStart,
  windowValue,
} from './thinning.ts';

type Queryable = pg.Pool;

export interface SeriesRef {
  id: number;
  field: string;
  stepSeconds: number;
  physMin: number | null;
  physMax: number | null;
  hampelFloor: number | null;
}

export interface OutPoint {
  /** ms: the reading's time, or the window's start */
  t: number;
  value: number;
  min?: number;
  max?: number;
}

export interface SeriesResult {
  points: OutPoint[];
  /** the window used (may be wider than asked, to stay within MAX_POINTS), null for raw points */
  window: WindowCode | null;
  /** spacing of the points, seconds */
  step: number;
  /** points removed by the outlier filter */
  removed: number;
  /** which store answered */
  source: 'raw' | 'hourly' | 'daily';
}

export function limitsOf(s: SeriesRef, def: FieldDef = FIELDS[s.field]): OutlierLimits {
  return {
    physMin: s.physMin ?? def.physMin,
    physMax: s.physMax ?? def.physMax,
    hampelFloor: def.hampelFloor === undefined ? undefined : (s.hampelFloor ?? def.hampelFloor),
    maxRatePerHour: def.maxRatePerHour,
    halfWindow: 5,
  };
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

/** Raw points a range would hold at the series' step. */
export function rawCount(from: number, to: number, stepSeconds: number): number {
  const step = stepSeconds * 1000;
  const first = Math.ceil(from / step) * step;
  return first >= to ? 0 : Math.floor((to - 1 - first) / step) + 1;
}

/** The window to use: the one asked for, or the narrowest wider one that keeps the range within MAX_POINTS. */
export function effectiveWindow(from: number, to: number, asked: WindowCode, stepSeconds: number): WindowCode {
  const start = WINDOW_CODES.indexOf(asked);
  for (let i = start; i < WINDOW_CODES.length; i++) {
    const code = WINDOW_CODES[i];
    const minutes = Math.max(WINDOWS[code], stepSeconds / 60);
    if (windowCount(from, to, minutes) <= MAX_POINTS) return code;
  }
  throw badRequest(`时间范围过大：按 24H 抽稀仍超过每条曲线 ${MAX_POINTS} 点的上限，请缩短时间范围`);
}

export async function seriesHistory(
  db: Queryable,
  s: SeriesRef,
  from: number,
  to: number,
  window: WindowCode | null,
  filter: boolean,
): Promise<SeriesResult> {
  const def = FIELDS[s.field];
  const lim = limitsOf(s, def);
  const stepMs = s.stepSeconds * 1000;
  const context = ((lim.halfWindow ?? 5) + 3) * stepMs;

  if (!window) {
    const n = rawCount(from, to, s.stepSeconds);
    if (n > MAX_POINTS) {
      throw badRequest(
        `时间范围过大：${def.name}原始数据约 ${n} 点，超过每条曲线 ${MAX_POINTS} 点的上限，请开启数据抽稀或缩短时间范围`,
      );
    }
    let removed = 0;
    let rows = await readRaw(db, s.id, filter ? from - context : from, filter ? to + context : to);
    if (filter) {
      const r = removeOutliers(rows.ts, rows.values, lim);
      removed = countIn(rows.ts, r.flags, from, to);
      rows = { ts: r.ts, values: r.values };
    }
    const points: OutPoint[] = [];
    for (let i = 0; i < rows.ts.length; i++) {
      const t = rows.ts[i];
      if (t >= from && t < to) points.push({ t, value: rows.values[i] });
    }
    return { points, window: null, step: s.stepSeconds, removed, source: 'raw' };
  }

  const code = effectiveWindow(from, to, window, s.stepSeconds);
  const minutes = WINDOWS[code];
  const a = windowStart(from, minutes);
  const b = nextWindow(windowStart(to - 1, minutes), minutes);
  let buckets: Bucket[];
  let removed = 0;
  let source: SeriesResult['source'];
  if (minutes < 60) {
    source = 'raw';
    let rows = await readRaw(db, s.id, filter ? a - context : a, filter ? b + context : b);
    if (filter) {
      const r = removeOutliers(rows.ts, rows.values, lim);
      removed = countIn(rows.ts, r.flags, a, b);
      rows = { ts: r.ts, values: r.values };
    }
    const inRange = sliceRange(rows.ts, rows.values, a, b);
    buckets = bucketPoints(inRange.ts, inRange.values, minutes);
  } else if (minutes >= 1440 && !filter) {
    source = 'daily';
    buckets = await readRollups(db, 'daily', s.id, a, b);
  } else if (minutes > 60 && !filter && fixedOffset(a, b)) {
    // without the filter the database merges the hours into windows: a third of the rows or fewer to move
    source = 'hourly';
    buckets = await readRollupWindows(db, s.id, a, b, minutes / 60, windowStart(a, 1440));
  } else {
    source = 'hourly';
    let rows: RollupRow[] = await readRollups(db, 'hourly', s.id, a, b);
    if (filter) {
      const repaired = await repairHours(db, s, rows, lim);
      rows = repaired.rows;
      removed = repaired.removed;
    }
    buckets = minutes === 60 ? rows : mergeBuckets(rows, minutes);
  }
  const points = buckets.map((x) => ({
    t: x.t,
    value: round(windowValue(x, def.agg), def.decimals + 2),
    min: x.min,
    max: x.max,
  }));
  return { points, window: code, step: minutes * 60, removed, source };
}

/** True when the process time zone keeps one UTC offset over [a, b] (no daylight-saving change inside). */
function fixedOffset(a: number, b: number): boolean {
  const off = new Date(a).getTimezoneOffset();
  for (let t = a; t < b; t += 30 * 86_400_000) if (new Date(t).getTimezoneOffset() !== off) return false;
  return new Date(b).getTimezoneOffset() === off;
}

function countIn(ts: Float64Array, flags: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = 0; i < ts.length; i++) if (flags[i] && ts[i] >= from && ts[i] < to) n++;
  return n;
}

function sliceRange(ts: Float64Array, values: Float64Array, from: number, to: number) {
  let i = 0;
  while (i < ts.length && ts[i] < from) i++;
  let j = i;
  while (j < ts.length && ts[j] < to) j++;
  return { ts: ts.subarray(i, j), values: values.subarray(i, j) };
}

/** An hourly row whose extremes cannot be trusted without looking at its raw points. */
export function suspectRow(r: RollupRow, lim: OutlierLimits): boolean {
  if (r.min < lim.physMin || r.max > lim.physMax) return true;
  return lim.hampelFloor !== undefined && r.max - r.min > 2 * lim.hampelFloor;
}

/** Recomputes suspect hourly rows from their raw points through the outlier filter (one query for all of them). */
async function repairHours(db: Queryable, s: SeriesRef, rows: RollupRow[], lim: OutlierLimits) {
  const suspects = rows.filter((r) => suspectRow(r, lim));
  if (!suspects.length) return { rows, removed: 0 };
  const context = ((lim.halfWindow ?? 5) + 3) * s.stepSeconds * 1000;
  // spans of raw points to read: each suspect hour with its filter context, overlapping spans merged
  const spans: [number, number][] = [];
  for (const r of suspects) {
    const a = r.t - context;
    const b = r.t + 3_600_000 + context;
    const last = spans[spans.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else spans.push([a, b]);
  }
  const { ts, values } = await readRawSpans(db, s.id, spans);
  const n = ts.length;
  // Each span is filtered on its own (they are separate stretches of the series).
  const fixed = new Map<number, Bucket | null>();
  let removed = 0;
  let i = 0;
  for (const [a, b] of spans) {
    let j = i;
    while (j < n && ts[j] < b) j++;
    const spanTs = ts.subarray(i, j);
    const spanV = values.subarray(i, j);
    i = j;
    const r = removeOutliers(spanTs, spanV, lim);
    for (const sus of suspects) {
      if (sus.t < a || sus.t >= b) continue;
      removed += countIn(spanTs, r.flags, sus.t, sus.t + 3_600_000);
      const inHour = sliceRange(r.ts, r.values, sus.t, sus.t + 3_600_000);
      const bs = bucketPoints(inHour.ts, inHour.values, 60);
      fixed.set(sus.t, bs.length ? { ...bs[0], t: sus.t } : null);
    }
  }
  const out: RollupRow[] = [];
  for (const r of rows) {
    if (!fixed.has(r.t)) out.push(r);
    else {
      const f = fixed.get(r.t);
      if (f) out.push(f);
    }
  }
  return { rows: out, removed };
}
