import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, type HourMean, judgeNights, judgeStep, median, nightMinimums, scanSteps } from './burst.ts';

// a Monday, local midnight (tests run in Asia/Shanghai)
const start = new Date(2026, 0, 5).getTime();

/** Demand pattern: ≈0.5 at night, peaks morning and evening (domain.md). */
const pattern = (h: number) => 0.5 + 0.9 * Math.exp(-((h - 7.5) ** 2) / 4) + 0.9 * Math.exp(-((h - 19.5) ** 2) / 4);
/** a deterministic wobble in [-1, 1] */
const wobble = (i: number) => Math.sin(i * 12.9898) * 0.5 + Math.sin(i * 4.1414) * 0.5;

interface Burst {
  from: number;
  to: number;
  flow: number;
  drop: number;
}

/** Hourly flow and pressure of a DMA inlet (base m³/h) over `days`, with optional bursts. */
function synthetic(days: number, base: number, bursts: Burst[] = []) {
  const flow: HourMean[] = [];
  const pressure: HourMean[] = [];
  for (let i = 0; i < days * 24; i++) {
    const t = start + i * HOUR_MS;
    const d = pattern(i % 24) * (1 + 0.02 * wobble(i));
    const b = bursts.find((x) => t >= x.from && t < x.to);
    flow.push({ t, value: base * (0.12 + 0.88 * d) + (b?.flow ?? 0) });
    pressure.push({ t, value: 0.41 - 0.056 * d * d - (b?.drop ?? 0) + 0.002 * wobble(i + 7) });
  }
  return { flow, pressure };
}

describe('night minimums', () => {
  it('take the lower of the 02:00 and 03:00 hourly means of each date, skipping incomplete nights', () => {
    const h = (day: number, hour: number, value: number) => ({ t: start + day * DAY_MS + hour * HOUR_MS, value });
    const nights = nightMinimums([h(0, 1, 50), h(0, 2, 300), h(0, 3, 280), h(0, 4, 10), h(1, 2, 310)]);
    expect(nights).toEqual([{ date: '2026-01-05', t: start + 2 * HOUR_MS, mnf: 280 }]);
  });

  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('minimum night flow against the baseline', () => {
  it('stays quiet over three clean weeks', () => {
    const { flow } = synthetic(21, 650);
    const v = judgeNights(nightMinimums(flow), { minExcess: 30 });
    expect(v).toHaveLength(21);
    expect(v.filter((n) => n.burst)).toEqual([]);
    // the first seven nights only build the baseline
    expect(v.slice(0, 7).every((n) => n.baseline === null)).toBe(true);
    expect(v[7].nights).toBe(7);
    expect(v[20].nights).toBe(14);
  });

  it('flags the nights of a burst and keeps them out of the baseline', () => {
    const from = start + 15 * DAY_MS + 22 * HOUR_MS;
    const { flow } = synthetic(21, 650, [{ from, to: from + 50 * HOUR_MS, flow: 120, drop: 0.03 }]);
    const v = judgeNights(nightMinimums(flow), { minExcess: 30 });
    expect(v.filter((n) => n.burst).map((n) => n.date)).toEqual(['2026-01-21', '2026-01-22']);
    const first = v.find((n) => n.burst)!;
    expect(first.excess!).toBeGreaterThan(100);
    // the night after the burst ends is judged against the clean baseline, not one lifted by the burst
    const after = v.find((n) => n.date === '2026-01-23')!;
    expect(after.burst).toBe(false);
    expect(after.baseline).toBeCloseTo(v[14].baseline!, 0);
  });

  it('legitimate night use is subtracted; a small rise under the margin is not a burst', () => {
    const { flow } = synthetic(10, 650);
    const bumped = flow.map((h, i) => (i >= 9 * 24 ? { ...h, value: h.value + 20 } : h));
    const v = judgeNights(nightMinimums(bumped), { minExcess: 30, legitNightUse: 100 });
    expect(v[9].burst).toBe(false);
    expect(v[9].net).toBeCloseTo(v[9].mnf - 100, 6);
  });
});

describe('flow step with pressure drop', () => {
  it('finds a daytime burst from its first confirmed hour and ignores the daily morning rise', () => {
    const from = start + 10 * DAY_MS + 14 * HOUR_MS; // Thursday 14:00
    const { flow, pressure } = synthetic(12, 650, [{ from, to: from + 8 * HOUR_MS, flow: 150, drop: 0.03 }]);
    const found = scanSteps(start + 8 * DAY_MS, start + 12 * DAY_MS - HOUR_MS, flow, pressure);
    expect(found).toHaveLength(1);
    expect(found[0].t).toBe(from + HOUR_MS); // two hours confirm
    expect(found[0].step).toBeCloseTo(150, -1);
    expect(found[0].drop).toBeGreaterThan(0.02);
  });

  it('judges the hours of the data whatever instant the scan starts at (the detector scans from now − 1 day)', () => {
    const from = start + 10 * DAY_MS + 14 * HOUR_MS;
    const { flow, pressure } = synthetic(12, 650, [{ from, to: from + 8 * HOUR_MS, flow: 150, drop: 0.03 }]);
    const found = scanSteps(start + 9 * DAY_MS + 60_000, start + 12 * DAY_MS - 1, flow, pressure);
    expect(found.map((v) => v.t)).toEqual([from + HOUR_MS]);
    expect(scanSteps(from + 2 * HOUR_MS + 1, start + 12 * DAY_MS, flow, pressure).map((v) => v.t)).toEqual([
      from + 3 * HOUR_MS,
    ]);
    expect(scanSteps(start + 12 * DAY_MS, start + 13 * DAY_MS, flow, pressure)).toEqual([]);
  });

  it('a step without a pressure drop (a big customer filling a tank) is not a burst', () => {
    const from = start + 10 * DAY_MS + 10 * HOUR_MS;
    const { flow, pressure } = synthetic(12, 650, [{ from, to: from + 4 * HOUR_MS, flow: 150, drop: 0 }]);
    expect(scanSteps(start + 8 * DAY_MS, start + 12 * DAY_MS - HOUR_MS, flow, pressure)).toEqual([]);
    expect(judgeStep(from + 2 * HOUR_MS, flow, pressure)?.burst).toBe(false);
  });

  it('a single hour is not confirmed; too few reference days give no verdict', () => {
    const from = start + 10 * DAY_MS + 14 * HOUR_MS;
    const { flow, pressure } = synthetic(12, 650, [{ from, to: from + HOUR_MS, flow: 200, drop: 0.04 }]);
    expect(scanSteps(start + 8 * DAY_MS, start + 12 * DAY_MS - HOUR_MS, flow, pressure)).toEqual([]);
    const short = synthetic(2, 650);
    expect(judgeStep(start + DAY_MS + 14 * HOUR_MS, short.flow, short.pressure)).toBeNull();
  });

  it('weekends are compared with weekends: their later morning is not a step', () => {
    // weekends: the pattern shifts an hour later
    const flow: HourMean[] = [];
    const pressure: HourMean[] = [];
    for (let i = 0; i < 28 * 24; i++) {
      const t = start + i * HOUR_MS;
      const dow = new Date(t).getDay();
      const h = (i % 24) - (dow === 0 || dow === 6 ? 1 : 0);
      const d = pattern(h);
      flow.push({ t, value: 650 * (0.12 + 0.88 * d) });
      pressure.push({ t, value: 0.41 - 0.056 * d * d });
    }
    expect(scanSteps(start + 14 * DAY_MS, start + 28 * DAY_MS - HOUR_MS, flow, pressure)).toEqual([]);
  });
});
