import { describe, expect, it } from 'vitest';
import { detectLeaks } from './detector.ts';
import { makeScenario, runScenario, type Scenario, scenarioHours, scenarioPressure, score } from './evaluation.ts';
import { DAY_MS, HOUR_MS, localMidnight, nightFlows } from './nightflow.ts';

// one clock reading for the file: a fixed local date keeps the weekday pattern the same on every run
const FROM = localMidnight(new Date('2025-03-03T12:00:00').getTime());
const DAYS = 90;

const quiet = (over: Partial<Scenario> = {}): Scenario => ({
  seed: 3,
  key: 41,
  base: 650,
  from: FROM,
  days: DAYS,
  leaks: [],
  holidays: [],
  outages: [],
  ...over,
});

/** a quiet DMA with a burst of `size` from `start` on, for 20 days */
const burst = (start: number, size: number) =>
  quiet({ leaks: [{ kind: 'burst', start, end: start + 20 * DAY_MS, size, rampDays: 0 }] });

/** the scenario's night flows, with the inlet pressure as witness when `withPressure` */
const nightsOf = (s: Scenario, withPressure = false) =>
  nightFlows(
    [{ direction: 'in', hours: scenarioHours(s) }],
    s.from,
    s.from + s.days * DAY_MS,
    {},
    withPressure ? scenarioPressure(s) : null,
  );

const detect = (s: Scenario, withPressure = false) => detectLeaks(nightsOf(s, withPressure)).detections;

/** the one detection there must be, a burst */
const theBurst = (found: ReturnType<typeof detect>) => {
  expect(found).toHaveLength(1);
  expect(found[0].kind).toBe('burst');
  return found[0];
};

describe('leak detector on synthetic night flows', () => {
  it('raises nothing on a quiet DMA', () => {
    expect(detect(quiet())).toEqual([]);
  });

  it('finds a step (burst) the morning after its first night, with its size', () => {
    const start = FROM + 50 * DAY_MS + 11 * HOUR_MS;
    const found = theBurst(detect(burst(start, 40)));
    expect(found.detectedAt).toBeGreaterThan(start);
    expect(found.detectedAt - start).toBeLessThan(DAY_MS);
    expect(found.estimatedStart).toBeLessThanOrEqual(start);
    expect(found.leakFlow).toBeGreaterThan(30);
    expect(found.leakFlow).toBeLessThan(50);
  });

  it('finds a large burst that starts after the night window the same afternoon', () => {
    // daytime flows are noisier than night flows: only a large burst (here 15 % of the mean inflow) shows by day
    const start = FROM + 50 * DAY_MS + 5 * HOUR_MS;
    const found = theBurst(detect(burst(start, 100)));
    // 16:00 the same day
    expect(found.detectedAt - start).toBeLessThanOrEqual(11 * HOUR_MS);
    expect(found.estimatedStart).toBeLessThanOrEqual(start);
  });

  it('finds a moderate burst the same afternoon with the inlet pressure as witness, not without it', () => {
    // 6 % of the mean inflow: too small for the flow's midday test alone, which waits for the next night
    const start = FROM + 54 * DAY_MS + 5 * HOUR_MS;
    const s = burst(start, 40);
    const flowOnly = detect(s);
    expect(flowOnly).toHaveLength(1);
    expect(flowOnly[0].detectedAt - start).toBeGreaterThan(12 * HOUR_MS);
    const found = theBurst(detect(s, true));
    expect(found.detectedAt - start).toBeLessThanOrEqual(11 * HOUR_MS);
    expect(found.estimatedStart).toBeLessThanOrEqual(start);
  });

  it('raises nothing with the pressure witness on a quiet DMA, a holiday or a pressure outage', () => {
    const at = (d: number, h: number) => FROM + d * DAY_MS + h * HOUR_MS;
    const s = quiet({
      holidays: [localMidnight(at(55, 1))],
      outages: [{ start: at(60, 9), end: at(60, 20), mode: 'zero' as const }],
    });
    const nights = nightsOf(s, true);
    expect(nights.filter((n) => Number.isFinite(n.middayP)).length).toBeGreaterThan(80);
    expect(detectLeaks(nights).detections).toEqual([]);
  });

  it('finds a slowly growing (incipient) leak within a week', () => {
    const start = FROM + 50 * DAY_MS + 3 * HOUR_MS;
    const s = quiet({ leaks: [{ kind: 'incipient', start, end: start + 30 * DAY_MS, size: 30, rampDays: 5 }] });
    const found = detect(s);
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(found[0].detectedAt).toBeGreaterThan(start);
    expect(found[0].detectedAt - start).toBeLessThan(7 * DAY_MS);
  });

  it('raises nothing for a holiday (one odd night, another day shape)', () => {
    const holidays = [55, 70].map((d) => localMidnight(FROM + d * DAY_MS + HOUR_MS));
    expect(detect(quiet({ holidays }))).toEqual([]);
  });

  it('raises nothing for a meter outage: gaps, zeros and a stuck meter', () => {
    const at = (d: number, h: number) => FROM + d * DAY_MS + h * HOUR_MS;
    const outages = [
      { start: at(50, 0), end: at(51, 12), mode: 'gap' as const },
      { start: at(60, 1), end: at(60, 9), mode: 'zero' as const },
      { start: at(70, 0), end: at(70, 12), mode: 'flat' as const },
    ];
    const s = quiet({ outages });
    const nights = nightsOf(s);
    // the gate kept those nights out
    expect(nights.filter((n) => !n.valid).map((n) => n.reason)).toEqual(
      expect.arrayContaining(['missing', 'zero', 'flat']),
    );
    expect(detectLeaks(nights).detections).toEqual([]);
  });

  it('scores a year of three DMAs at the goals (found ≥ 80 %, ≤ 1 false alarm per DMA-month)', () => {
    let leaks = 0;
    let found = 0;
    let falseAlarms = 0;
    for (const [key, base] of [
      [11, 650],
      [22, 900],
      [33, 750],
    ] as const) {
      const r = runScenario(makeScenario(5, key, base, FROM, 365));
      leaks += r.score.leaks;
      found += r.score.found;
      falseAlarms += r.score.falseAlarms;
    }
    expect(leaks).toBeGreaterThan(20);
    expect(found / leaks).toBeGreaterThanOrEqual(0.8);
    expect(falseAlarms / (3 * 12)).toBeLessThanOrEqual(1);
  });

  it('counts a detection outside every leak as a false alarm', () => {
    const s = quiet();
    const sc = score(s, [
      {
        kind: 'burst',
        estimatedStart: FROM,
        detectedAt: FROM + DAY_MS,
        leakFlow: 10,
        night: '',
        residual: 0,
        sigma: 1,
        baseline: 0,
      },
    ]);
    expect(sc.falseAlarms).toBe(1);
  });
});
