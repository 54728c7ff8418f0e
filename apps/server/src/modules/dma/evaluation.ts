/**
 * The evaluation harness of the leak detector (docs/dma.md, `npm run bench -- dma`): synthetic inflow series of
 * demo DMAs from the monitoring simulator's own demand model (`demand`: daily pattern, weekday, season, smooth
 * noise) with the inlet meter's white noise and spikes, plus what the scorer knows and the detector does not:
 * leaks with known start, size and shape (abrupt bursts and incipient ramps), holidays (a reshaped day with more
 * night use) and meter outages (gaps, zero runs, stuck readings). Deterministic in the seed.
 */
import { rng } from '../../core/rng.ts';
import { demand } from '../monitor/index.ts';
import { type Detection, type DetectorOptions, detectLeaks } from './detector.ts';
import { DAY_MS, HOUR_MS, type HourRollup, localMidnight, nightFlows } from './nightflow.ts';

export interface InjectedLeak {
  kind: 'burst' | 'incipient';
  start: number;
  /** repaired at */
  end: number;
  /** final flow, m³/h */
  size: number;
  /** incipient: days to grow to `size` */
  rampDays: number;
}

export interface Outage {
  start: number;
  end: number;
  mode: 'gap' | 'zero' | 'flat';
}

export interface Scenario {
  seed: number;
  /** simulator key of the DMA (its demand noise) */
  key: number;
  /** mean inflow scale, m³/h (the simulator's `base`) */
  base: number;
  from: number;
  days: number;
  leaks: InjectedLeak[];
  /** local midnights of holidays */
  holidays: number[];
  outages: Outage[];
  /** the inlet also measures pressure (`scenarioPressure`) */
  pressure?: boolean;
}

function gauss(u: () => number) {
  return Math.sqrt(-2 * Math.log(u() + 1e-12)) * Math.cos(2 * Math.PI * u());
}

export function leakFlowAt(leaks: InjectedLeak[], t: number): number {
  let f = 0;
  for (const l of leaks) {
    if (t < l.start || t >= l.end) continue;
    f += l.kind === 'burst' ? l.size : l.size * Math.min(1, (t - l.start) / (l.rampDays * DAY_MS));
  }
  return f;
}

/**
 * A scenario's 5-minute readings rolled up by hour as ingest does (min, max, sum, count), with the meter's faults:
 * outages (gap, zero, flat), rare spikes, rounding to `decimals`. `reading` models the value from the normalised
 * demand and one white-noise draw; `spiked` what a spike does to it. One loop for the flows and the pressures, so
 * both see the same holidays, outages and random draws per step (each from its own stream `u`).
 */
function rollScenario(
  s: Scenario,
  u: () => number,
  decimals: number,
  reading: (t: number, d: number, white: number) => number,
  spiked: (v: number) => number,
): HourRollup[] {
  const step = 300_000;
  const scale = 10 ** decimals;
  const holidays = new Set(s.holidays);
  const out: HourRollup[] = [];
  const end = s.from + s.days * DAY_MS;
  let cur: HourRollup | null = null;
  let stuck: number | null = null;
  for (let t = s.from; t < end; t += step) {
    const hourStart = t - (t % HOUR_MS);
    if (!cur || cur.t !== hourStart) {
      if (cur?.count) out.push(cur);
      cur = { t: hourStart, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY, sum: 0, count: 0 };
    }
    const white = gauss(u);
    const spike = u();
    const outage = s.outages.find((o) => t >= o.start && t < o.end);
    if (outage?.mode === 'gap') continue;
    let d: number;
    if (holidays.has(localMidnight(t))) {
      // a holiday: a Sunday's shape, people up later at night and out by day
      const sunday = t + ((7 - new Date(t).getDay()) % 7) * DAY_MS;
      d = demand(s.seed, s.key, sunday) * (new Date(t).getHours() < 6 ? 1.12 : 0.9);
    } else d = demand(s.seed, s.key, t);
    let v = reading(t, d, white);
    if (spike < 1 / 2500) v = spike < 1 / 10_000 ? 0 : spiked(v);
    if (outage?.mode === 'zero') v = 0;
    if (outage?.mode === 'flat') {
      stuck ??= v;
      v = stuck;
    } else stuck = null;
    v = Math.round(v * scale) / scale;
    cur.min = Math.min(cur.min, v);
    cur.max = Math.max(cur.max, v);
    cur.sum += v;
    cur.count++;
  }
  if (cur?.count) out.push(cur);
  return out;
}

/** The inlet's 5-minute flow readings of a scenario, rolled up by hour. */
export function scenarioHours(s: Scenario): HourRollup[] {
  return rollScenario(
    s,
    rng(s.seed ^ s.key),
    2,
    (t, d, white) => s.base * (0.12 + 0.88 * d) * (1 + 0.015 * white) + leakFlowAt(s.leaks, t),
    (v) => v * 2.5,
  );
}

/**
 * The inlet's 5-minute pressure readings (MPa), rolled up by hour, after the simulator's own model of a district
 * inlet (monitor/simulator.ts: p0 − c·d², a burst's drop, white noise 0.0025 MPa): here p0 0.38, c 0.06, and a leak
 * draws the pressure down by 0.12 MPa per unit of the leak's share of the mean inflow (the simulator's bursts: 2–4
 * m for 15–35 %). Own random stream (the flows stay as they were); the meter outages hit it too (one RTU).
 */
export function scenarioPressure(s: Scenario): HourRollup[] {
  return rollScenario(
    s,
    rng((s.seed ^ s.key ^ 0x5eed) >>> 0),
    4,
    (t, d, white) => 0.38 - 0.06 * d * d - (0.12 * leakFlowAt(s.leaks, t)) / s.base + 0.0025 * white,
    (v) => v * 0.6,
  );
}

/** A year-like scenario: leaks every few weeks (alternating kinds, 2.5–10 % of the mean inflow), holidays, outages. */
export function makeScenario(seed: number, key: number, base: number, from: number, days: number): Scenario {
  const u = rng(seed * 31 + key);
  const mean = base; // the demand pattern is normalised to mean 1: the mean inflow is ≈ base
  const leaks: InjectedLeak[] = [];
  // the first 5 weeks stay clean: the detector's references and σ are learned there
  let t = from + 35 * DAY_MS + Math.floor(u() * 10) * DAY_MS;
  let n = 0;
  while (t < from + (days - 20) * DAY_MS) {
    const kind = n % 2 === 0 ? 'burst' : 'incipient';
    const size = mean * (0.025 + 0.075 * u());
    const start = t + Math.floor(u() * DAY_MS);
    const dur = (kind === 'burst' ? 8 : 20) * DAY_MS;
    leaks.push({ kind, start, end: start + dur, size, rampDays: kind === 'burst' ? 0 : 3 + Math.floor(u() * 8) });
    t = start + dur + (10 + Math.floor(u() * 20)) * DAY_MS;
    n++;
  }
  const holidays: number[] = [];
  for (let d = 20; d < days; d += 25 + Math.floor(u() * 20)) holidays.push(localMidnight(from + d * DAY_MS + HOUR_MS));
  const outages: Outage[] = [];
  for (let d = 15; d < days; d += 20 + Math.floor(u() * 25)) {
    const start = from + d * DAY_MS + Math.floor(u() * DAY_MS);
    const mode = (['gap', 'zero', 'flat'] as const)[outages.length % 3];
    outages.push({ start, end: start + (3 + u() * 30) * HOUR_MS, mode });
  }
  return { seed, key, base, from, days, leaks, holidays, outages };
}

export interface Score {
  leaks: number;
  found: number;
  falseAlarms: number;
  duplicates: number;
  /** hours from a leak's start to its first detection */
  delays: { kind: 'burst' | 'incipient'; hours: number; size: number }[];
  missed: InjectedLeak[];
}

/** Matches detections with the injected leaks: a detection inside a leak's life (start .. end + 1 day) finds it. */
export function score(s: Scenario, detections: Detection[]): Score {
  const first = new Map<InjectedLeak, Detection>();
  let falseAlarms = 0;
  let duplicates = 0;
  for (const d of detections) {
    const l = s.leaks.find((x) => d.detectedAt >= x.start && d.detectedAt <= x.end + DAY_MS);
    if (!l) falseAlarms++;
    else if (first.has(l)) duplicates++;
    else first.set(l, d);
  }
  return {
    leaks: s.leaks.length,
    found: first.size,
    falseAlarms,
    duplicates,
    delays: [...first].map(([l, d]) => ({ kind: l.kind, hours: (d.detectedAt - l.start) / HOUR_MS, size: l.size })),
    missed: s.leaks.filter((l) => !first.has(l)),
  };
}

/** Runs the detector over a scenario's nights. */
export function runScenario(s: Scenario, opts: Partial<DetectorOptions> = {}) {
  const hours = scenarioHours(s);
  const nights = nightFlows(
    [{ direction: 'in', hours }],
    s.from,
    s.from + s.days * DAY_MS,
    {},
    s.pressure ? scenarioPressure(s) : null,
  );
  const { detections } = detectLeaks(nights, opts);
  return { detections, score: score(s, detections), nights };
}
