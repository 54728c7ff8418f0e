/**
 * Minimum night flow (MNF) of a DMA from the hourly rollups of its meters (docs/dma.md). Pure functions.
 *
 * - The net inflow of an hour is Σ inlets − Σ outlets of the meters' hourly means. Each mean is trimmed (the
 *   hour's min and max reading left out) so one spike or one dropout reading cannot move it.
 * - Data-quality gate: an hour of a meter is unusable when it holds fewer than `minCoverage` of its expected
 *   readings (gaps), when it read zero (a DMA's inflow is never zero at night: leakage and night use never stop,
 *   so a zero is a meter or transmitter fault), or when every reading was the same (a stuck sensor). A night
 *   whose window has an unusable hour is not judged at all: an outage never poses as a leak.
 * - The MNF of a night is the lowest net hourly mean in its window [nightStart, nightEnd) (02:00–04:00 default);
 *   `after` is the mean net flow of the `confirmHours` following the window, used to confirm a burst.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface HourRollup {
  /** start of the hour, epoch ms */
  t: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}

export interface MeterHours {
  direction: 'in' | 'out';
  hours: HourRollup[];
}

export interface NightOptions {
  nightStart: number;
  nightEnd: number;
  /** readings expected per hour (5-minute data: 12) */
  expectedPerHour: number;
  /** share of the expected readings an hour needs */
  minCoverage: number;
  /** hours after the window whose mean confirms a burst */
  confirmHours: number;
}

export const NIGHT_DEFAULTS: NightOptions = {
  nightStart: 2,
  nightEnd: 4,
  expectedPerHour: 12,
  minCoverage: 0.75,
  confirmHours: 4,
};

export interface NightFlow {
  /** local date of the night's morning, YYYY-MM-DD */
  date: string;
  /** start of the night window, epoch ms */
  t: number;
  /** minimum night flow, m³/h (NaN when invalid) */
  mnf: number;
  /** mean net flow of the hours after the window, m³/h (NaN when unusable) */
  after: number;
  /** mean net flow of the 22 hours before the window (the day's use), m³/h (NaN when under 16 usable hours) */
  dayMean: number;
  /** mean net flow of 10:00–16:00 of the same date, m³/h (NaN unless every hour is usable) */
  midday: number;
  /** mean pressure of 10:00–16:00 of the same date, MPa (NaN without a pressure meter or unless every hour is usable) */
  middayP: number;
  valid: boolean;
  /** why a night is not judged: gap | zero | flat | missing */
  reason?: string;
}

/** Trimmed hourly mean and its quality verdict. */
export function hourQuality(
  h: HourRollup,
  o: Pick<NightOptions, 'expectedPerHour' | 'minCoverage'>,
): { mean: number; bad?: string } {
  if (h.count < o.minCoverage * o.expectedPerHour) return { mean: Number.NaN, bad: 'gap' };
  if (h.min <= 0) return { mean: Number.NaN, bad: 'zero' };
  if (h.count >= 3 && h.max === h.min) return { mean: Number.NaN, bad: 'flat' };
  const mean = h.count >= 3 ? (h.sum - h.min - h.max) / (h.count - 2) : h.sum / h.count;
  return { mean };
}

/** Net inflow per hour start: NaN where any meter's hour is unusable; the reason kept alongside. */
export function netHours(meters: MeterHours[], o: NightOptions): Map<number, { v: number; bad?: string }> {
  const out = new Map<number, { v: number; bad?: string }>();
  const starts = new Set<number>();
  for (const m of meters) for (const h of m.hours) starts.add(h.t);
  const byMeter = meters.map((m) => ({
    sign: m.direction === 'in' ? 1 : -1,
    at: new Map(m.hours.map((h) => [h.t, h])),
  }));
  for (const t of starts) {
    let v = 0;
    let bad: string | undefined;
    for (const m of byMeter) {
      const h = m.at.get(t);
      if (!h) {
        bad = 'missing';
        break;
      }
      const q = hourQuality(h, o);
      if (q.bad) {
        bad = q.bad;
        break;
      }
      v += m.sign * q.mean;
    }
    out.set(t, bad ? { v: Number.NaN, bad } : { v });
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const localDate = (t: number) => {
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Local midnight of the day holding t (process time zone). */
export function localMidnight(t: number): number {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/**
 * The mean of `value` over the hours [fromHour, toHour) of `day` (local clock) in an hourly series; NaN unless every
 * one of those hours is there and usable (the flow after the night window, the midday flow and pressure).
 */
function meanOfHours<E extends { bad?: string }>(
  series: Map<number, E> | null,
  day: number,
  fromHour: number,
  toHour: number,
  value: (e: E) => number,
): number {
  if (!series) return Number.NaN;
  let sum = 0;
  let n = 0;
  for (let h = fromHour; h < toHour; h++) {
    const hd = new Date(day);
    hd.setHours(h);
    const e = series.get(hd.getTime());
    if (e && !e.bad) {
      sum += value(e);
      n++;
    }
  }
  return n === toHour - fromHour ? sum / n : Number.NaN;
}

/**
 * Nights whose window starts within [from, to), ascending. `pressure`: the hourly rollups of the zone's pressure
 * meter, when it has one (same quality gate as the flows: gaps, zeros and stuck readings leave an hour out).
 */
export function nightFlows(
  meters: MeterHours[],
  from: number,
  to: number,
  opts: Partial<NightOptions> = {},
  pressure: HourRollup[] | null = null,
) {
  const o = { ...NIGHT_DEFAULTS, ...opts };
  const net = netHours(meters, o);
  const press = pressure ? new Map(pressure.map((h) => [h.t, hourQuality(h, o)])) : null;
  const out: NightFlow[] = [];
  for (let day = localMidnight(from); day < to; day = localMidnight(day + 36 * HOUR_MS)) {
    const d = new Date(day);
    d.setHours(o.nightStart);
    const t = d.getTime();
    if (t < from || t >= to) continue;
    let mnf = Number.POSITIVE_INFINITY;
    let reason: string | undefined;
    for (let h = o.nightStart; h < o.nightEnd; h++) {
      const hd = new Date(day);
      hd.setHours(h);
      const e = net.get(hd.getTime());
      if (!e) reason ??= 'missing';
      else if (e.bad) reason ??= e.bad;
      else mnf = Math.min(mnf, e.v);
    }
    const after = meanOfHours(net, day, o.nightEnd, o.nightEnd + o.confirmHours, (e) => e.v);
    let daySum = 0;
    let dayN = 0;
    for (let k = 1; k <= 22; k++) {
      const e = net.get(t - k * HOUR_MS);
      if (e && !e.bad) {
        daySum += e.v;
        dayN++;
      }
    }
    const dayMean = dayN >= 16 ? daySum / dayN : Number.NaN;
    const midday = meanOfHours(net, day, 10, 16, (e) => e.v);
    const middayP = meanOfHours(press, day, 10, 16, (q) => q.mean);
    out.push(
      reason
        ? { date: localDate(t), t, mnf: Number.NaN, after, dayMean, midday, middayP, valid: false, reason }
        : { date: localDate(t), t, mnf, after, dayMean, midday, middayP, valid: true },
    );
  }
  return out;
}

/**
 * Legitimate night use, m³/h: population × per-capita night use + connections × per-connection night use
 * (L/h each; UKWIR Managing Leakage Report E's component approach, defaults in docs/dma.md).
 */
export function legitimateNightUse(d: {
  population: number;
  connections: number;
  nightPerCapita: number;
  nightPerConnection: number;
}): number {
  return (d.population * d.nightPerCapita + d.connections * d.nightPerConnection) / 1000;
}
