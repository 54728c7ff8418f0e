/**
 * Thinning (`querySetting.dataDilute`): points are grouped into windows aligned to the local day (30M, 1H, 3H,
 * 6H, 12H, 24H); a window's value is the sum for accumulations (rain) and the mean otherwise, and its min and max
 * stay available so peaks are not lost. Raw points and hourly or daily rollups thin the same way.
 */
import type { Agg } from './fields.ts';

export interface Bucket {
  /** window start, ms */
  t: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/** Start (ms) of the window of `minutes` that holds t: sub-hour windows on the epoch grid, hours on the local day. */
export function windowStart(t: number, minutes: number): number {
  if (minutes < 60) {
    const ms = minutes * 60_000;
    return Math.floor(t / ms) * ms;
  }
  const d = new Date(t);
  if (minutes >= 1440) return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const hours = minutes / 60;
  const h = d.getHours();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), h - (h % hours)).getTime();
}

/** The window after the one starting at `start`. */
export function nextWindow(start: number, minutes: number): number {
  if (minutes < 60) return start + minutes * 60_000;
  const d = new Date(start);
  if (minutes >= 1440) return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours() + minutes / 60).getTime();
}

/** Groups raw points (ascending) into windows. */
export function bucketPoints(ts: ArrayLike<number>, values: ArrayLike<number>, minutes: number): Bucket[] {
  const out: Bucket[] = [];
  let cur: Bucket | undefined;
  let curEnd = -Infinity;
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i];
    const v = values[i];
    if (!cur || t >= curEnd) {
      const start = windowStart(t, minutes);
      cur = { t: start, min: v, max: v, sum: v, count: 1 };
      curEnd = nextWindow(start, minutes);
      out.push(cur);
      continue;
    }
    if (v < cur.min) cur.min = v;
    if (v > cur.max) cur.max = v;
    cur.sum += v;
    cur.count++;
  }
  return out;
}

/** Merges rollup rows (hourly or daily, ascending) into wider windows. */
export function mergeBuckets(rows: Bucket[], minutes: number): Bucket[] {
  const out: Bucket[] = [];
  let cur: Bucket | undefined;
  let curEnd = -Infinity;
  for (const r of rows) {
    if (!cur || r.t >= curEnd) {
      const start = windowStart(r.t, minutes);
      cur = { t: start, min: r.min, max: r.max, sum: r.sum, count: r.count };
      curEnd = nextWindow(start, minutes);
      out.push(cur);
      continue;
    }
    if (r.min < cur.min) cur.min = r.min;
    if (r.max > cur.max) cur.max = r.max;
    cur.sum += r.sum;
    cur.count += r.count;
  }
  return out;
}

/** A window's value: the total for accumulations, the mean otherwise. */
export function windowValue(b: Bucket, agg: Agg): number {
  return agg === 'sum' ? b.sum : b.sum / b.count;
}

/** Number of windows of `minutes` that [from, to) touches (exact without daylight-saving shifts, else ±1). */
export function windowCount(from: number, to: number, minutes: number): number {
  if (to <= from) return 0;
  return Math.ceil((to - windowStart(from, minutes)) / (minutes * 60_000));
}
