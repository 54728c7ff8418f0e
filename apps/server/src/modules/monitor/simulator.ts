/**
 * The monitoring simulator (domain.md, "Believable simulated data"). Every value is a pure function of the seed,
 * the station code, the field and the time, drawn from the counter-based hash in `hash.ts`; nothing is carried
 * from one call to the next, so any window regenerates alone and equals the same slice of a longer run.
 *
 * - Rain: storms arrive over the whole region as a Poisson process with monthly rates (hourly Bernoulli trials),
 *   with durations of hours, log-normal depths (heavy tail) and a skewed triangular profile; each gauge sees a
 *   storm scaled by its own log-normal factor. Hourly totals in mm, rounded to the 0.1 mm of a tipping bucket.
 * - Levels: catchment rain × runoff coefficient × area through linear reservoirs (rivers: two in series, a Nash
 *   cascade with time constant k/2 each, after a travel lag; evaluated as a truncated convolution so it stays
 *   local), plus seasonal baseflow, then stage from the rating curve Q = a·(z − z0)^b. Reservoirs store the inflow
 *   in one linear reservoir (time constant k) and turn volume into level over their surface.
 * - Network: demand = base × 24-hour pattern (≈0.5 at night, ≈1.4 at 07–08 and 19–20) × weekday × season ×
 *   smooth and white noise; pressure falls as flow rises (p = p0 − c·d²); plant energy follows the pumped volume.
 * - Faults: spikes (error codes or jumps), gaps (missing hours), flat lines (a stuck sensor repeats a value), and on
 *   district inlet meters a burst: a flow step with a pressure drop lasting hours to days.
 *
 * Time convention: a point stamped t is an instantaneous reading at t, or for accumulations (rain, energy, water
 * amount) the total over [t, t + step). Local calendar features (hour of day, month) use the process time zone.
 */
import { FIELDS } from './fields.ts';
import { normal, uniform } from './hash.ts';

export const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export type StationSim =
  | { model: 'rain'; factor: number }
  | {
      model: 'river';
      factor: number;
      /** catchment km² */
      area: number;
      /** runoff coefficient */
      c: number;
      /** linear-reservoir time constant, hours */
      k: number;
      /** travel lag, hours */
      lag: number;
      /** mean baseflow m³/s */
      qb: number;
      /** rating Q = a·(z − z0)^b */
      a: number;
      b: number;
      z0: number;
    }
  | {
      model: 'reservoir';
      factor: number;
      area: number;
      c: number;
      k: number;
      /** water surface km² */
      surface: number;
      /** regulated pool level, m, and its seasonal swing (lower in the flood season) */
      zBase: number;
      swing: number;
    }
  | {
      model: 'plant';
      base: number;
      energy: number;
      pressure?: number;
      /** pumps reported one by one (pump{n}State/Freq/Flow/Press), each rated at `pumpRated` × base m³/h */
      pumps?: number;
      pumpRated?: number;
      /** a clear-water or storage tank reporting `tankLevel` (m): its mean level */
      tank?: number;
    }
  | { model: 'pressure'; p0: number; c: number }
  | { model: 'flow'; base: number; p0: number; c: number }
  | { model: 'quality'; chlorine: number; turbidity: number; ph: number };

export interface SeriesSpec {
  /** keyOf(station code) */
  key: number;
  field: string;
  /** raw step in seconds */
  step: number;
  sim: StationSim;
}

export interface Points {
  ts: Float64Array;
  values: Float64Array;
}

// Streams: one per kind of draw, so draws never collide.
const S = {
  stormStart: 1,
  stormDur: 2,
  stormDepth: 3,
  stormPeak: 4,
  stationFactor: 5,
  rainJitter: 6,
  smooth: 7,
  white: 8,
  spike: 9,
  spikeKind: 10,
  spikeMag: 11,
  gap: 12,
  gapStart: 13,
  gapLen: 14,
  flat: 15,
  flatStart: 16,
  flatLen: 17,
  burst: 18,
  burstStart: 19,
  burstLen: 20,
  burstSize: 21,
  fieldSalt: 22,
} as const;

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

/** Seasonal factor peaking in late July (day of year ≈ 200). */
function seasonal(ms: number, amp: number): number {
  const doy = (ms / DAY) % 365.2425;
  return 1 + amp * Math.cos((2 * Math.PI * (doy - 200)) / 365.2425);
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

// 24-hour demand pattern (hour-of-day multipliers, normalised to mean 1 below): ≈0.5 at night, ≈1.4 at 07–08 and 19–20.
const RAW_PATTERN = [
  0.56, 0.51, 0.48, 0.47, 0.5, 0.66, 1.02, 1.38, 1.42, 1.22, 1.1, 1.12, 1.16, 1.04, 0.98, 0.98, 1.04, 1.16, 1.3, 1.4,
  1.38, 1.16, 0.9, 0.68,
];
const PATTERN_MEAN = RAW_PATTERN.reduce((a, b) => a + b, 0) / 24;
export const DEMAND_PATTERN = RAW_PATTERN.map((v) => v / PATTERN_MEAN);
const WEEKDAY = [0.95, 1, 1, 1, 1, 1.01, 0.97]; // Sunday … Saturday

/** Smooth noise: hourly knots of N(0,1), cosine-interpolated. */
function smoothNoise(seed: number, key: number, ms: number, stream: number): number {
  const hf = ms / HOUR;
  const h = Math.floor(hf);
  const f = (1 - Math.cos(Math.PI * (hf - h))) / 2;
  return normal(seed, key, h, stream) * (1 - f) + normal(seed, key, h + 1, stream) * f;
}

/** Relative demand d(t) (mean ≈ 1) of the district around `key`. */
export function demand(seed: number, key: number, ms: number): number {
  const d = new Date(ms);
  const hf = d.getHours() + d.getMinutes() / 60;
  const weekend = d.getDay() === 0 || d.getDay() === 6;
  const shifted = weekend ? hf - 1 : hf; // lie-in: the morning peak comes an hour later
  const i = Math.floor(((shifted % 24) + 24) % 24);
  const frac = shifted - Math.floor(shifted);
  const pat = DEMAND_PATTERN[i] * (1 - frac) + DEMAND_PATTERN[(i + 1) % 24] * frac;
  return pat * WEEKDAY[d.getDay()] * seasonal(ms, 0.08) * (1 + 0.03 * smoothNoise(seed, key, ms, S.smooth));
}

interface Burst {
  start: number;
  end: number;
  flow: number;
  drop: number;
}

/** Bursts on a district inlet: at most one starting per week, with probability 0.2. */
function burstAt(seed: number, key: number, ms: number, base: number): Burst | null {
  const w = Math.floor(ms / WEEK);
  for (const week of [w, w - 1]) {
    if (uniform(seed, key, week, S.burst) >= 0.2) continue;
    const start = week * WEEK + Math.floor(uniform(seed, key, week, S.burstStart) * WEEK);
    const end = start + (6 + 66 * uniform(seed, key, week, S.burstLen)) * HOUR;
    if (ms >= start && ms < end) {
      const u = uniform(seed, key, week, S.burstSize);
      return { start, end, flow: base * (0.15 + 0.2 * u), drop: 0.02 + 0.02 * u };
    }
  }
  return null;
}

/** Clean value of a non-hydrological field at time ms. */
function networkValue(seed: number, spec: SeriesSpec, fieldKey: number, ms: number): number {
  const { sim, key, field, step } = spec;
  const white = () => normal(seed, fieldKey, Math.floor(ms / 1000), S.white);
  const stepH = step / 3600;
  switch (sim.model) {
    case 'plant': {
      const d = demand(seed, key, ms);
      // clear-water tanks damp the plant's outflow to a quarter of the demand swing
      const level = sim.base * (0.75 + 0.25 * d);
      const supply = level * (1 + 0.01 * white());
      if (field === 'waterSupply') return supply;
      if (field === 'waterAmount') return supply * stepH * (1 + 0.003 * white());
      if (field === 'electricityConsumption') return supply * stepH * sim.energy * (1 + 0.02 * white());
      if (field === 'pressure') return (sim.pressure ?? 0.42) - 0.025 * (d - 1) + 0.002 * white();
      if (field === 'tankLevel') {
        // filled at night while demand is low, drawn down over the day: highest about 06:00, lowest about 20:00
        const hf = new Date(ms).getHours() + new Date(ms).getMinutes() / 60;
        const mean = sim.tank ?? 3.5;
        return mean + 0.22 * mean * Math.cos((2 * Math.PI * (hf - 6)) / 24) + 0.01 * white();
      }
      const pump = /^pump(\d)(State|Freq|Flow|Press)$/.exec(field);
      if (pump) {
        const p = pumpOf(seed, sim, key, ms, Number(pump[1]));
        const share = p.running ? level / p.count : 0;
        if (pump[2] === 'State') return p.running ? 1 : 0;
        if (pump[2] === 'Flow') return share * (1 + 0.01 * white());
        if (pump[2] === 'Freq') {
          if (!p.running) return 0;
          // affinity with a static head: f = 50 Hz × √(0.35 + 0.65 · q / q_rated), within the drive's 30–50 Hz
          const rated = sim.base * (sim.pumpRated ?? 0.55);
          return Math.min(50, Math.max(30, 50 * Math.sqrt(0.35 + 0.65 * (share / rated)))) + 0.1 * white();
        }
        // outlet pressure: the discharge header while running, the suction side (the tank's head) when stopped
        return p.running
          ? (sim.pressure ?? 0.42) - 0.025 * (d - 1) + 0.003 * white()
          : 0.0098 * (sim.tank ?? 3) + 0.002 * white();
      }
      break;
    }
    case 'pressure': {
      const d = demand(seed, key, ms);
      return sim.p0 - sim.c * d * d + 0.0025 * white();
    }
    case 'flow': {
      const d = demand(seed, key, ms);
      const burst = burstAt(seed, key, ms, sim.base);
      if (field === 'flow') return sim.base * (0.12 + 0.88 * d) * (1 + 0.015 * white()) + (burst?.flow ?? 0);
      if (field === 'pressure') return sim.p0 - sim.c * d * d - (burst?.drop ?? 0) + 0.0025 * white();
      break;
    }
    case 'quality': {
      const d = demand(seed, key, ms);
      if (field === 'chlorine')
        return sim.chlorine + 0.08 * (d - 1) + 0.03 * smoothNoise(seed, fieldKey, ms / 6, S.smooth) + 0.01 * white();
      if (field === 'turbidity')
        return sim.turbidity * (1 + 0.15 * smoothNoise(seed, fieldKey, ms / 4, S.smooth)) + 0.01 * white();
      if (field === 'ph') return sim.ph + 0.06 * smoothNoise(seed, fieldKey, ms / 12, S.smooth) + 0.01 * white();
      break;
    }
    default:
      break;
  }
  throw new Error(`simulator: ${sim.model} has no field ${field}`);
}

/**
 * Which pumps of a station run at ms: as many as the flow needs at 95 % of their rating, the duty order rotating
 * every week (pump 1 leads in one week, pump 2 in the next …) so the standby pump changes as operators rotate it.
 */
export function pumpOf(
  seed: number,
  sim: Extract<StationSim, { model: 'plant' }>,
  key: number,
  ms: number,
  no: number,
) {
  const n = sim.pumps ?? 3; // a station stored before pumps were described reports three
  const supply = sim.base * (0.75 + 0.25 * demand(seed, key, ms));
  const rated = sim.base * (sim.pumpRated ?? 0.55);
  const count = Math.min(n, Math.max(1, Math.ceil(supply / (0.95 * rated))));
  const lead = Math.floor(ms / WEEK) % Math.max(1, n);
  const rank = (no - 1 - lead + n) % n; // 0 = duty pump of the week
  return { running: rank < count, count };
}

/** The fields a station model produces. */
export function fieldsOf(sim: StationSim, withRain = true): string[] {
  switch (sim.model) {
    case 'rain':
      return ['hourW'];
    case 'river':
      return withRain ? ['z', 'q', 'hourW'] : ['z', 'q'];
    case 'reservoir':
      return withRain ? ['z', 'hourW'] : ['z'];
    case 'plant': {
      const pumps = Array.from({ length: sim.pumps ?? 0 }, (_, i) =>
        ['State', 'Freq', 'Flow', 'Press'].map((x) => `pump${i + 1}${x}`),
      ).flat();
      return [
        'waterSupply',
        'electricityConsumption',
        'waterAmount',
        ...(sim.pressure ? ['pressure'] : []),
        ...(sim.tank ? ['tankLevel'] : []),
        ...pumps,
      ];
    }
    case 'pressure':
      return ['pressure'];
    case 'flow':
      return ['flow', 'pressure'];
    case 'quality':
      return ['turbidity', 'chlorine', 'ph'];
  }
}

/** Clean values at the given times (ms, on the step grid, ascending). */
export function cleanValues(seed: number, spec: SeriesSpec, times: Float64Array): Float64Array {
  const out = new Float64Array(times.length);
  if (!times.length) return out;
  const { sim, key, field } = spec;
  const fieldKey = (key ^ Math.imul(hashField(field), 0x9e3779b1)) >>> 0;
  if (field === 'hourW') {
    const factor = sim.model === 'rain' || sim.model === 'river' || sim.model === 'reservoir' ? sim.factor : 1;
    const h0 = Math.floor(times[0] / HOUR);
    const h1 = Math.floor(times[times.length - 1] / HOUR) + 1;
    const rain = rainHours(seed, key, factor, h0, h1);
    for (let i = 0; i < times.length; i++) {
      // a step of one hour reads the hour's total; shorter steps (not used) would read its share
      const v = rain[Math.floor(times[i] / HOUR) - h0] * Math.min(1, spec.step / 3600);
      out[i] = v;
    }
    return out;
  }
  if (sim.model === 'river' || sim.model === 'reservoir') {
    const h0 = Math.floor(times[0] / HOUR);
    const h1 = Math.floor(times[times.length - 1] / HOUR) + 1;
    const hourly =
      sim.model === 'river' ? riverHourlyQ(seed, key, sim, h0, h1) : reservoirHourlyZ(seed, key, sim, h0, h1);
    for (let i = 0; i < times.length; i++) {
      const hf = times[i] / HOUR;
      const h = Math.floor(hf);
      const f = hf - h;
      const v = hourly[h - h0] * (1 - f) + hourly[h - h0 + 1] * f;
      const noise = normal(seed, fieldKey, Math.floor(times[i] / 1000), S.white);
      if (sim.model === 'reservoir') out[i] = v + 0.004 * noise;
      else if (field === 'q') out[i] = v * (1 + 0.01 * noise);
      else out[i] = stageOf(v, sim.a, sim.b, sim.z0) + 0.004 * noise;
    }
    return out;
  }
  for (let i = 0; i < times.length; i++) out[i] = networkValue(seed, spec, fieldKey, times[i]);
  return out;
}

function hashField(field: string): number {
  let h = 0;
  for (let i = 0; i < field.length; i++) h = (Math.imul(h, 31) + field.charCodeAt(i)) >>> 0;
  return h;
}

/** Fault rates per series. */
export const FAULTS = {
  /** probability that a point is a spike */
  spike: 1 / 2500,
  /** probability per day that a gap (1–8 h) starts */
  gap: 0.02,
  /** probability per day that the sensor sticks (2–12 h) */
  flat: 0.015,
};

interface Window {
  start: number;
  end: number;
}

function daySlot(
  seed: number,
  fieldKey: number,
  day: number,
  p: number,
  streams: [number, number, number],
  minH: number,
  maxH: number,
): Window | null {
  if (uniform(seed, fieldKey, day, streams[0]) >= p) return null;
  const start = day * DAY + Math.floor(uniform(seed, fieldKey, day, streams[1]) * 24) * HOUR;
  const len = (minH + (maxH - minH) * uniform(seed, fieldKey, day, streams[2])) * HOUR;
  return { start, end: start + len };
}

function slotCovering(
  seed: number,
  fieldKey: number,
  ms: number,
  p: number,
  streams: [number, number, number],
  minH: number,
  maxH: number,
): Window | null {
  const d = Math.floor(ms / DAY);
  for (const day of [d, d - 1]) {
    const w = daySlot(seed, fieldKey, day, p, streams, minH, maxH);
    if (w && ms >= w.start && ms < w.end) return w;
  }
  return null;
}

/** First grid time ≥ ms. */
const ceilTo = (ms: number, stepMs: number) => Math.ceil(ms / stepMs) * stepMs;

/**
 * The series as the sensor reports it over [from, to] (ms, inclusive), on the step grid, faults included:
 * gaps are missing points, flat lines repeat the value read when the sensor stuck, spikes are error codes or jumps.
 * Values are rounded to the field's resolution.
 */
export function simulate(seed: number, spec: SeriesSpec, from: number, to: number): Points {
  const stepMs = spec.step * 1000;
  const first = ceilTo(from, stepMs);
  const n = first > to ? 0 : Math.floor((to - first) / stepMs) + 1;
  // Flat lines read the value at their start, up to 12 h earlier: evaluate the clean series from there.
  const lead = spec.field === 'hourW' ? 0 : Math.ceil((13 * HOUR) / stepMs);
  const all = new Float64Array(n + lead);
  for (let i = 0; i < all.length; i++) all[i] = first + (i - lead) * stepMs;
  const clean = cleanValues(seed, spec, all);
  const def = FIELDS[spec.field];
  const fieldKey = (spec.key ^ Math.imul(hashField(spec.field) + 7, 0x9e3779b1)) >>> 0;
  const ts = new Float64Array(n);
  const values = new Float64Array(n);
  const scale = 10 ** def.decimals;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const t = all[i + lead];
    if (slotCovering(seed, fieldKey, t, FAULTS.gap, [S.gap, S.gapStart, S.gapLen], 1, 8)) continue;
    let v = clean[i + lead];
    if (spec.field !== 'hourW') {
      const flat = slotCovering(seed, fieldKey, t, FAULTS.flat, [S.flat, S.flatStart, S.flatLen], 2, 12);
      if (flat) {
        const j = Math.round((ceilTo(flat.start, stepMs) - all[0]) / stepMs);
        if (j >= 0) v = clean[j];
      }
    }
    const idx = Math.floor(t / stepMs);
    if (uniform(seed, fieldKey, idx, S.spike) < FAULTS.spike) v = spikeOf(seed, fieldKey, idx, v, spec.field);
    ts[k] = t;
    values[k] = Math.round(v * scale) / scale;
    k++;
  }
  return { ts: ts.subarray(0, k), values: values.subarray(0, k) };
}

function spikeOf(seed: number, fieldKey: number, idx: number, v: number, field: string): number {
  const kind = uniform(seed, fieldKey, idx, S.spikeKind);
  const u = uniform(seed, fieldKey, idx, S.spikeMag);
  if (field === 'hourW') return kind < 0.7 ? 999.9 : -1; // data-logger error codes
  if (field.startsWith('pump') && field.endsWith('State')) return v; // a run contact does not spike
  if (kind < 0.25) return 0; // dropout: the transmitter reads zero
  if (field === 'z') return kind < 0.75 ? v + 1.5 + 3.5 * u : v - 1.5 - 3.5 * u;
  if (field === 'pressure') return v + 0.2 + 0.3 * u;
  return v * (1.8 + 2.2 * u); // flows, amounts, quality: a reading several times too high
}

/** Hourly stage (m) over [h0, h1] of a river or reservoir station, without noise or faults. */
export function hourlyStage(seed: number, key: number, sim: StationSim, h0: number, h1: number): Float64Array {
  if (sim.model === 'reservoir') return reservoirHourlyZ(seed, key, sim, h0, h1);
  if (sim.model !== 'river') throw new Error(`simulator: ${sim.model} has no stage`);
  const q = riverHourlyQ(seed, key, sim, h0, h1);
  for (let i = 0; i < q.length; i++) q[i] = stageOf(q[i], sim.a, sim.b, sim.z0);
  return q;
}

/** Reference period of the threshold calibration (fixed, so thresholds do not depend on the day of seeding). */
const CALIBRATION = { from: Date.UTC(2019, 0, 1), years: 6 };

/**
 * Thresholds of a level station from six simulated years: flood peaks (the highest level within ±48 h) sorted
 * from the highest; the warning level 警戒水位 (ALERT_WL) is crossed by about three storms a year, the guaranteed
 * level 保证水位 (LOW_WL) by about two storms in six years.
 */
export function calibrateThresholds(seed: number, key: number, sim: StationSim): { alertWl: number; lowWl: number } {
  const h0 = CALIBRATION.from / HOUR;
  const h1 = h0 + CALIBRATION.years * 8766;
  const z = hourlyStage(seed, key, sim, h0, h1);
  const peaks: number[] = [];
  const W = 48;
  for (let i = 0; i < z.length; i++) {
    let isPeak = true;
    for (let j = Math.max(0, i - W); j <= Math.min(z.length - 1, i + W) && isPeak; j++) {
      if (z[j] > z[i] || (z[j] === z[i] && j < i)) isPeak = false;
    }
    if (isPeak) peaks.push(z[i]);
  }
  peaks.sort((a, b) => b - a);
  const at = (n: number) => peaks[Math.min(n, peaks.length - 1)];
  const alert = Math.floor(at(3 * CALIBRATION.years) * 100) / 100;
  const low = Math.ceil(((at(1) + at(2)) / 2) * 100) / 100;
  return { alertWl: alert, lowWl: Math.max(low, alert + 0.1) };
}
