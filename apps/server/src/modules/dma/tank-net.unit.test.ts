import { describe, expect, it } from 'vitest';
import { netSupply } from './tank-net.ts';

const STEP = 5 * 60_000;
const AREA = (Math.PI * 16 * 16) / 4; // L-Town's T1: 16 m across

/** n readings every 5 minutes from t0 */
const series = (n: number, f: (i: number) => number, t0 = 0) => ({
  ts: Array.from({ length: n }, (_, i) => t0 + i * STEP),
  values: Array.from({ length: n }, (_, i) => f(i)),
});

describe('an area behind a tank: supply = pump − area × level slope', () => {
  it('a filling tank takes its share of the pump flow', () => {
    // the tank rises 1.2 cm every 5 minutes (0.144 m/h): 28.95 m³/h of the pump's 44 are stored
    const pump = series(48, () => 44);
    const level = series(48, (i) => 3.41 + 0.012 * i);
    const r = netSupply(pump, level, AREA);
    expect(r.ts.length).toBeGreaterThan(30);
    for (const v of r.values) expect(v).toBeCloseTo(44 - AREA * 0.144, 1);
  });

  it('with the pump off the draining tank is the supply', () => {
    const pump = series(48, () => 0);
    const level = series(48, (i) => 3.8 - 0.005 * i); // −0.06 m/h
    for (const v of netSupply(pump, level, AREA).values) expect(v).toBeCloseTo(AREA * 0.06, 1);
  });

  it('reads through 1 cm steps: the fitted slope, not the step, sets the figure', () => {
    // a true rise of 0.4 cm per 5 minutes read in whole centimetres
    const pump = series(72, () => 30);
    const level = series(72, (i) => Math.round((3 + 0.004 * i) * 100) / 100);
    const v = netSupply(pump, level, AREA).values;
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    expect(mean).toBeCloseTo(30 - AREA * 0.048, 0);
    // a point difference would swing by a whole step (2 m³ in 5 min = 24 m³/h); the fit stays within a few m³/h
    for (const x of v) expect(Math.abs(x - mean)).toBeLessThan(6);
  });

  it('gives no point where the level is missing around a pump reading', () => {
    const pump = series(48, () => 40);
    const level = {
      ts: [...series(12, () => 0).ts, ...series(12, () => 0, 36 * STEP).ts],
      values: Array.from({ length: 24 }, () => 3.5),
    };
    const r = netSupply(pump, level, AREA);
    // readings 18..29 have no level within ±30 min on one side or too few points
    expect(r.ts.some((t) => t >= 18 * STEP && t <= 29 * STEP)).toBe(false);
    expect(r.values.every((v) => v === 40)).toBe(true);
  });
});
