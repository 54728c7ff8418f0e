/** A DMA's day from its inlet data: hourly means by local hour of day, net of outlets, pattern with mean 1. */
import { describe, expect, it } from 'vitest';
import { profileOf } from './profile.ts';

const hour = (day: number, h: number) => new Date(2026, 0, 5 + day, h).getTime();
const series = (days: number, f: (h: number) => number) =>
  Array.from({ length: days * 24 }, (_, i) => ({
    t: hour(Math.floor(i / 24), i % 24),
    sum: f(i % 24) * 12,
    count: 12,
  }));

describe('inflow profile', () => {
  it('averages by hour of day, net of outlets, in L/s with multipliers of mean 1', () => {
    const p = profileOf([
      { direction: 'in', hours: series(3, (h) => (h < 6 ? 36 : 108)) },
      { direction: 'out', hours: series(3, () => 18) },
    ]);
    expect(p).not.toBeNull();
    // net: 18 m³/h at night (6 h), 90 by day (18 h): mean 72 m³/h = 20 L/s
    expect(p?.meanLps).toBeCloseTo(20, 6);
    expect(p?.days).toBe(3);
    expect(p?.pattern[2]).toBeCloseTo(0.25, 4);
    expect(p?.pattern[12]).toBeCloseTo(1.25, 4);
    expect((p?.pattern ?? []).reduce((a, b) => a + b, 0) / 24).toBeCloseTo(1, 3);
  });

  it('leaves out hours some meter did not read, and has no profile without an inlet or data', () => {
    const inlet = series(2, () => 72);
    const outlet = series(2, () => 0).filter((x) => new Date(x.t).getHours() !== 5);
    inlet.find((x) => new Date(x.t).getHours() === 5)!.sum = 1e6;
    const p = profileOf([
      { direction: 'in', hours: inlet },
      { direction: 'out', hours: outlet },
    ]);
    // hour 5 has no usable reading on either day: it takes the day's mean
    expect(p?.pattern[5]).toBe(1);
    expect(p?.meanLps).toBeCloseTo(20, 6);
    expect(profileOf([{ direction: 'out', hours: series(1, () => 5) }])).toBeNull();
    expect(profileOf([{ direction: 'in', hours: [] }])).toBeNull();
  });
});
