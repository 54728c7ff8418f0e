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
import { rainHours, reservoirHourlyZ, riverHourlyQ, stageOf } from './sim-hydrology.ts';
import { DAY, HOUR, type Points, S, type SeriesSpec, type StationSim, seasonal, WEEK } from './sim-model.ts';

export * from './sim-hydrology.ts';
export * from './sim-model.ts';

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
