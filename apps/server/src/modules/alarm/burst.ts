/**
 * Burst detection for a district metered area (domain.md), pure functions over the hourly means of its inlet
 * meter's flow and pressure.
 *
 * 1. Minimum night flow: the night minimum of a date is the lower of the 02:00 and 03:00 hourly mean inflows
 *    (02:00–04:00; hourly means keep a single spike from posing as the minimum), less the legitimate night use.
 *    A night is flagged when it rises above the baseline — the median of the previous 7–14 unflagged nights — by
 *    more than `ratio` of the baseline and at least `minExcess` m³/h. Flagged nights never enter a later baseline.
 * 2. Flow step with pressure drop: an hour whose mean inflow exceeds the median of the same hour on the previous
 *    days of the same day type (weekday or weekend) by more than `stepRatio` of the mean inflow while its mean pressure lies `minDrop` MPa below the same
 *    hours' median, for `confirmHours` consecutive hours. Comparing with the same hour of earlier days keeps the
 *    morning rise of demand (flow up, pressure down every day) from posing as a burst.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface HourMean {
  /** start of the hour, epoch ms */
  t: number;
  value: number;
}

export interface NightFlowOptions {
  /** legitimate night use, m³/h (subtracted from the minimum) */
  legitNightUse: number;
  minNights: number;
  maxNights: number;
  /** flag above baseline × (1 + ratio) */
  ratio: number;
  /** and at least this much above the baseline, m³/h */
  minExcess: number;
}

export const NIGHT_DEFAULTS: NightFlowOptions = {
  legitNightUse: 0,
  minNights: 7,
  maxNights: 14,
  ratio: 0.15,
  minExcess: 20,
};

export interface Night {
  /** local date YYYY-MM-DD of the night's morning */
  date: string;
  /** start of the 02:00 hour, epoch ms */
  t: number;
  /** minimum night flow, m³/h */
  mnf: number;
}

export interface NightVerdict extends Night {
  /** mnf less legitimate night use */
  net: number;
  /** median net of the baseline nights; null when too few */
  baseline: number | null;
  excess: number | null;
  nights: number;
  burst: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Local date and hour of an instant in the process time zone. */
export function localParts(t: number): { date: string; hour: number } {
  const d = new Date(t);
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, hour: d.getHours() };
}

/** The night minimums of every date whose 02:00 and 03:00 hours both have a mean, ascending. */
export function nightMinimums(hours: HourMean[]): Night[] {
  const byDate = new Map<string, { t: number; h2?: number; h3?: number }>();
  for (const h of hours) {
    const { date, hour } = localParts(h.t);
    if (hour !== 2 && hour !== 3) continue;
    const e = byDate.get(date) ?? { t: hour === 2 ? h.t : h.t - HOUR_MS };
    if (hour === 2) e.h2 = h.value;
    else e.h3 = h.value;
    byDate.set(date, e);
  }
  const out: Night[] = [];
  for (const [date, e] of byDate) {
    if (e.h2 === undefined || e.h3 === undefined) continue;
    out.push({ date, t: e.t, mnf: Math.min(e.h2, e.h3) });
  }
  return out.sort((a, b) => a.t - b.t);
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Judges every night against the unflagged nights before it (ascending input). */
export function judgeNights(nights: Night[], opts: Partial<NightFlowOptions> = {}): NightVerdict[] {
  const o = { ...NIGHT_DEFAULTS, ...opts };
  const clean: number[] = [];
  const out: NightVerdict[] = [];
  for (const n of nights) {
    const net = n.mnf - o.legitNightUse;
    const base = clean.slice(-o.maxNights);
    if (base.length < o.minNights) {
      out.push({ ...n, net, baseline: null, excess: null, nights: base.length, burst: false });
      clean.push(net);
      continue;
    }
    const baseline = median(base);
    const excess = net - baseline;
    const burst = excess > Math.max(o.ratio * Math.abs(baseline), o.minExcess);
    out.push({ ...n, net, baseline, excess, nights: base.length, burst });
    if (!burst) clean.push(net);
  }
  return out;
}

export interface StepOptions {
  /** previous days looked at, same hour and same day type (weekday or weekend) */
  refDays: number;
  /** fewest reference hours needed */
  minRef: number;
  /** flow excess above the same hours' median, as a share of the mean inflow */
  stepRatio: number;
  /** pressure below the same hours' median, MPa */
  minDrop: number;
  confirmHours: number;
}

export const STEP_DEFAULTS: StepOptions = { refDays: 14, minRef: 3, stepRatio: 0.12, minDrop: 0.012, confirmHours: 2 };

/** Saturday or Sunday in the process time zone: weekends keep their own daily pattern (people rise later). */
export function isWeekend(t: number): boolean {
  const d = new Date(t).getDay();
  return d === 0 || d === 6;
}

export interface StepVerdict {
  /** start of the last confirming hour */
  t: number;
  flow: number;
  flowRef: number;
  pressure: number;
  pressureRef: number;
  /** flow − flowRef, m³/h */
  step: number;
  /** pressureRef − pressure, MPa */
  drop: number;
  burst: boolean;
}

function stepOfHour(
  t: number,
  flow: Map<number, number>,
  pressure: Map<number, number>,
  meanFlow: number,
  o: StepOptions,
): StepVerdict | null {
  const f = flow.get(t);
  const p = pressure.get(t);
  if (f === undefined || p === undefined) return null;
  const fr: number[] = [];
  const pr: number[] = [];
  const weekend = isWeekend(t);
  for (let k = 1; k <= o.refDays; k++) {
    if (isWeekend(t - k * DAY_MS) !== weekend) continue;
    const a = flow.get(t - k * DAY_MS);
    const b = pressure.get(t - k * DAY_MS);
    if (a !== undefined && b !== undefined) {
      fr.push(a);
      pr.push(b);
    }
  }
  if (fr.length < o.minRef) return null;
  const flowRef = median(fr);
  const pressureRef = median(pr);
  const step = f - flowRef;
  const drop = pressureRef - p;
  return {
    t,
    flow: f,
    flowRef,
    pressure: p,
    pressureRef,
    step,
    drop,
    burst: step > o.stepRatio * meanFlow && drop > o.minDrop,
  };
}

/**
 * Judges the hour starting at `t` (and the `confirmHours − 1` before it): a burst when every one of them shows the
 * step and the drop. `meanFlow` is the DMA's mean inflow over the reference days.
 */
export function judgeStep(
  t: number,
  flow: HourMean[],
  pressure: HourMean[],
  opts: Partial<StepOptions> = {},
): StepVerdict | null {
  const o = { ...STEP_DEFAULTS, ...opts };
  const fm = new Map(flow.map((h) => [h.t, h.value]));
  const pm = new Map(pressure.map((h) => [h.t, h.value]));
  const ref = flow.filter((h) => h.t < t - (o.confirmHours - 1) * HOUR_MS && h.t >= t - o.refDays * DAY_MS);
  if (!ref.length) return null;
  const meanFlow = ref.reduce((s, h) => s + h.value, 0) / ref.length;
  let last: StepVerdict | null = null;
  for (let i = o.confirmHours - 1; i >= 0; i--) {
    const v = stepOfHour(t - i * HOUR_MS, fm, pm, meanFlow, o);
    if (!v) return null;
    if (!v.burst) return { ...v, burst: false };
    last = v;
  }
  return last;
}

/**
 * The hours starting within [from, to] where a step burst begins: the first confirmed hour of each run of
 * confirmed hours. `from` and `to` may be any instants (the detector passes "now − 1 day"): the hours judged are
 * those of the series' own hour grid (the hourly rollups' starts), never `from` plus whole hours.
 */
export function scanSteps(
  from: number,
  to: number,
  flow: HourMean[],
  pressure: HourMean[],
  opts: Partial<StepOptions> = {},
): StepVerdict[] {
  const out: StepVerdict[] = [];
  const first = flow.find((h) => h.t >= from)?.t;
  if (first === undefined) return out;
  let inRun = false;
  for (let t = first; t <= to; t += HOUR_MS) {
    const v = judgeStep(t, flow, pressure, opts);
    if (v?.burst) {
      if (!inRun) out.push(v);
      inRun = true;
    } else inRun = false;
  }
  return out;
}
