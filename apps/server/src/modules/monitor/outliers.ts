/**
 * The outlier filter of `querySetting.filterOutliers` (docs/monitoring.md). Three checks, in order:
 *
 * 1. Physical range: a value outside [physMin, physMax] cannot be measured (error codes such as 999.9 or −1,
 *    dropouts to zero where zero is impossible).
 * 2. Hampel filter: over a centred window of ±k kept points, a point is an outlier when
 *    |x − median| > max(3 · 1.4826 · MAD, floor). The absolute floor (field units) keeps quiet stretches, where the
 *    MAD is nearly zero, from flagging ordinary noise by the thousand. Fields whose series are intermittent by nature
 *    (rain: zero most hours, then a storm) have no Hampel check.
 * 3. Rate of change: a point that moves away from the last kept point faster than maxRatePerHour is held back;
 *    if the next point comes back it was a spike, if three held points agree with each other the level really
 *    changed (a burst, a gate opening) and they are accepted.
 */

export interface OutlierLimits {
  physMin: number;
  physMax: number;
  hampelFloor?: number;
  maxRatePerHour?: number;
  /** half-width of the Hampel window in points (default 5, an 11-point window) */
  halfWindow?: number;
}

export const HAMPEL_SIGMAS = 3;
const MAD_TO_SIGMA = 1.4826;

export const REASON = { physical: 1, hampel: 2, rate: 3 } as const;

function median(a: number[]): number {
  a.sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
}

/** Flags per point: 0 kept, otherwise the REASON code. `ts` in ms, ascending. */
export function flagOutliers(ts: ArrayLike<number>, values: ArrayLike<number>, lim: OutlierLimits): Uint8Array {
  const n = values.length;
  const flags = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (!(v >= lim.physMin && v <= lim.physMax)) flags[i] = REASON.physical;
  }

  if (lim.hampelFloor !== undefined) {
    const k = lim.halfWindow ?? 5;
    const kept: number[] = [];
    for (let i = 0; i < n; i++) if (!flags[i]) kept.push(i);
    const win: number[] = [];
    const dev: number[] = [];
    const hampel: number[] = [];
    for (let p = 0; p < kept.length; p++) {
      win.length = 0;
      for (let q = Math.max(0, p - k); q <= Math.min(kept.length - 1, p + k); q++) win.push(values[kept[q]]);
      const med = median(win);
      dev.length = 0;
      for (const w of win) dev.push(Math.abs(w - med));
      const mad = median(dev);
      const threshold = Math.max(HAMPEL_SIGMAS * MAD_TO_SIGMA * mad, lim.hampelFloor);
      if (Math.abs(values[kept[p]] - med) > threshold) hampel.push(kept[p]);
    }
    for (const i of hampel) flags[i] = REASON.hampel;
  }

  if (lim.maxRatePerHour !== undefined) {
    const rate = lim.maxRatePerHour;
    const within = (a: number, b: number) => {
      const hours = Math.max(Math.abs(ts[b] - ts[a]) / 3_600_000, 1 / 60);
      return Math.abs(values[b] - values[a]) / hours <= rate;
    };
    let last = -1;
    let held: number[] = [];
    for (let i = 0; i < n; i++) {
      if (flags[i]) continue;
      if (last < 0 || within(last, i)) {
        for (const h of held) flags[h] = REASON.rate;
        held = [];
        last = i;
        continue;
      }
      held.push(i);
      if (held.length >= 3 && held.every((h, j) => j === 0 || within(held[j - 1], h))) {
        last = held[held.length - 1];
        held = [];
      }
    }
    for (const h of held) flags[h] = REASON.rate;
  }
  return flags;
}

/** Points without the outliers, and how many were removed. */
export function removeOutliers(ts: Float64Array, values: Float64Array, lim: OutlierLimits) {
  const flags = flagOutliers(ts, values, lim);
  let removed = 0;
  for (const f of flags) if (f) removed++;
  if (!removed) return { ts, values, removed, flags };
  const outTs = new Float64Array(ts.length - removed);
  const outV = new Float64Array(ts.length - removed);
  let k = 0;
  for (let i = 0; i < ts.length; i++) {
    if (flags[i]) continue;
    outTs[k] = ts[i];
    outV[k] = values[i];
    k++;
  }
  return { ts: outTs, values: outV, removed, flags };
}
