/**
 * Rain and the water it brings (see simulator.ts for the model): regional storms and each gauge's hourly rain,
 * river discharge through a Nash cascade, reservoir levels, and stage from a rating curve.
 */
import { normal, uniform } from './hash.ts';
import { HOUR, S, type StationSim, seasonal } from './sim-model.ts';

/** The key of the regional storm process (shared by every gauge). */
const REGION = 0x5eed_0001;

// Climate of a humid city on the Yangtze–Huai plain (Hefei normals, ≈1,000 mm/year, wet season June–July).
const STORMS_PER_MONTH = [4, 4, 6, 6, 6, 7, 8, 7, 5, 4, 4, 3];
const MONTH_TOTAL_MM = [50, 55, 88, 94, 106, 155, 195, 125, 86, 64, 56, 33];
const MEAN_DURATION_H = [16, 16, 14, 13, 12, 9, 8, 8, 10, 13, 15, 16];
const DEPTH_SIGMA = 0.85;
/** heavier storms last longer: at most this many mm per hour of duration on average */
const MAX_MEAN_INTENSITY = 28;
const MAX_DURATION_H = 36;

interface Storm {
  start: number;
  dur: number;
  depth: number;
  weights: Float64Array;
}

const monthCache = new Map<number, number>();
/** Local calendar month (0–11) of an epoch hour. */
function monthOfHour(h: number): number {
  let m = monthCache.get(h);
  if (m === undefined) {
    m = new Date(h * HOUR).getMonth();
    if (monthCache.size > 200_000) monthCache.clear();
    monthCache.set(h, m);
  }
  return m;
}

const DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The regional storm starting in epoch hour h, or null. */
export function stormAt(seed: number, h: number): Storm | null {
  const m = monthOfHour(h);
  const p = STORMS_PER_MONTH[m] / (DAYS_IN_MONTH[m] * 24);
  if (uniform(seed, REGION, h, S.stormStart) >= p) return null;
  const meanDur = MEAN_DURATION_H[m];
  const meanDepth = MONTH_TOTAL_MM[m] / STORMS_PER_MONTH[m];
  const median = meanDepth / Math.exp((DEPTH_SIGMA * DEPTH_SIGMA) / 2);
  const depth = median * Math.exp(DEPTH_SIGMA * normal(seed, REGION, h, S.stormDepth));
  const drawn = 1 + Math.floor(-Math.log(uniform(seed, REGION, h, S.stormDur)) * (meanDur - 1));
  const dur = Math.min(MAX_DURATION_H, Math.max(drawn, Math.ceil(depth / MAX_MEAN_INTENSITY)));
  // Skewed triangle: storms peak early, in the first 15–55 % of their duration.
  const peak = 0.15 + 0.4 * uniform(seed, REGION, h, S.stormPeak);
  const weights = new Float64Array(dur);
  let sum = 0;
  const spread = Math.max(peak, 1 - peak);
  for (let i = 0; i < dur; i++) {
    const x = (i + 0.5) / dur;
    const w = Math.max(0.04, 1 - Math.abs(x - peak) / spread) ** 2;
    weights[i] = w;
    sum += w;
  }
  for (let i = 0; i < dur; i++) weights[i] /= sum;
  return { start: h, dur, depth, weights };
}

/** True (unrounded) hourly rain in mm over the hours [h0, h1) at the gauge or catchment of `key`. */
export function rainHours(seed: number, key: number, factor: number, h0: number, h1: number): Float64Array {
  const out = new Float64Array(Math.max(0, h1 - h0));
  for (let s = h0 - MAX_DURATION_H + 1; s < h1; s++) {
    const storm = stormAt(seed, s);
    if (!storm) continue;
    const local = factor * Math.exp(0.3 * normal(seed, key, s, S.stationFactor));
    for (let i = 0; i < storm.dur; i++) {
      const h = s + i;
      if (h < h0 || h >= h1) continue;
      out[h - h0] += storm.depth * storm.weights[i] * local;
    }
  }
  for (let h = h0; h < h1; h++) {
    const v = out[h - h0];
    if (v > 0) out[h - h0] = v * Math.exp(0.2 * normal(seed, key, h, S.rainJitter));
  }
  return out;
}

/** Convolution length: the unit response is negligible (e^−6 ≈ 0.25 %) after 6 time constants. */
function kernelLength(k: number): number {
  return Math.ceil(6 * k);
}

/**
 * Hourly discharge (m³/s) at the start of each hour in [h0, h1] (inclusive: h1 − h0 + 1 values) of a river
 * catchment, from the rain of the preceding hours through the linear reservoir.
 */
export function riverHourlyQ(
  seed: number,
  key: number,
  sim: Extract<StationSim, { model: 'river' }>,
  h0: number,
  h1: number,
) {
  const L = kernelLength(sim.k) + sim.lag;
  const rain = rainHours(seed, key, sim.factor, h0 - L - 1, h1);
  // Two linear reservoirs in series (a Nash cascade, each with half the time constant): the hydrograph rises over
  // hours to a peak about k/2 after the rain and recedes over days, instead of jumping up in the rain's own hour.
  const kk = sim.k / 2;
  const kernel = new Float64Array(L);
  let total = 0;
  for (let j = sim.lag; j < L; j++) {
    const x = (j - sim.lag + 0.5) / kk;
    kernel[j] = x * Math.exp(-x);
    total += kernel[j];
  }
  for (let j = sim.lag; j < L; j++) kernel[j] /= total;
  const toFlow = (sim.c * sim.area * 1000) / 3600; // mm over km² per hour → m³/s
  const out = new Float64Array(h1 - h0 + 1);
  for (let h = h0; h <= h1; h++) {
    let q = 0;
    // rain of hour h − 1 − j; index in `rain` is (h − 1 − j) − (h0 − L − 1)
    const base = h - 1 - (h0 - L - 1);
    for (let j = 0; j < L; j++) q += rain[base - j] * kernel[j];
    out[h - h0] = sim.qb * seasonal(h * HOUR, 0.5) + q * toFlow;
  }
  return out;
}

/** Reservoir level (m) at the start of each hour in [h0, h1]. */
export function reservoirHourlyZ(
  seed: number,
  key: number,
  sim: Extract<StationSim, { model: 'reservoir' }>,
  h0: number,
  h1: number,
) {
  const L = kernelLength(sim.k);
  const rain = rainHours(seed, key, sim.factor, h0 - L - 1, h1);
  const decay = Math.exp(-1 / sim.k);
  const kernel = new Float64Array(L);
  for (let j = 0; j < L; j++) kernel[j] = decay ** j;
  const toVolume = sim.c * sim.area * 1000; // mm over km² → m³
  const out = new Float64Array(h1 - h0 + 1);
  for (let h = h0; h <= h1; h++) {
    let v = 0;
    const base = h - 1 - (h0 - L - 1);
    for (let j = 0; j < L; j++) v += rain[base - j] * kernel[j];
    // regulated pool: drawn down in the flood season (June–September), full in winter
    const pool = sim.zBase - sim.swing * (seasonal(h * HOUR, 1) - 1);
    out[h - h0] = pool + (v * toVolume) / (sim.surface * 1e6);
  }
  return out;
}

export const stageOf = (q: number, a: number, b: number, z0: number) => z0 + (Math.max(q, 0) / a) ** (1 / b);
