/** The pieces of the demo model's demands and pumps that need no database. */
import { describe, expect, it } from 'vitest';
import { pumpCurve, pumpDuty } from '../gis/import/runnable.ts';
import { inside } from './demand.ts';

describe('demand allocation and pump curves', () => {
  it('places a meter in a zone by its boundary ring', () => {
    const ring: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ];
    expect(inside(ring, 5, 5)).toBe(true);
    expect(inside(ring, 15, 5)).toBe(false);
    expect(inside(ring, 5, -1)).toBe(false);
  });

  it('makes a 3-point head curve from the design duty, the head from power and flow', () => {
    expect(pumpCurve(100, 30)).toEqual([
      [0, 40],
      [100, 30],
      [200, 0],
    ]);
    // 315 kW at 500 L/s with η 0.75: 48.2 m
    expect(pumpDuty(315, 500)).toEqual({ flowLps: 500, headM: 48.17 });
    // no measured flow: what the power gives at 25 m
    const d = pumpDuty(100, null);
    expect(d.headM).toBeCloseTo(25, 1);
    expect(d.flowLps).toBeCloseTo(((100 * 0.75) / (9.81 * 25)) * 1000, 1);
    // kept within 10–60 m
    expect(pumpDuty(10, 1000).headM).toBe(10);
  });
});
