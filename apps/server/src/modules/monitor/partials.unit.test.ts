import { describe, expect, it } from 'vitest';
import { quarterPartials } from './store.ts';

describe('quarterPartials', () => {
  it('merges the points of a series per UTC quarter hour: first/last time, min, max, sum, count, last value', () => {
    const q = 900_000;
    const t0 = 2_000 * q; // a quarter's start
    const points = {
      seriesIds: [1, 1, 2, 1, 1, 1],
      ts: [t0 + 5_000, t0 + 1_000, t0 + 2_000, t0 + q - 1, t0 + q, t0 + 3_000],
      values: [5, 1, 7, -3, 9, 4],
    };
    // the last point (index 5) is left out by `end`
    expect(quarterPartials(points, 0, 5, 'Asia/Kolkata')).toEqual([
      [1, 2, 1],
      [t0 + 1_000, t0 + 2_000, t0 + q],
      [t0 + q - 1, t0 + 2_000, t0 + q],
      [-3, 7, 9],
      [5, 7, 9],
      [3, 7, 9],
      [3, 1, 1],
      [-3, 7, 9],
      'Asia/Kolkata',
    ]);
    // out of order: the latest time's value is the last value, whatever the arrival order
    expect(quarterPartials(points, 3, 6, 'UTC')[7]).toEqual([-3, 9]);
  });
});
