import { describe, expect, it } from 'vitest';
import { DEMO_STATIONS } from './catalog.ts';
import { WINDOWS } from './fields.ts';
import { fromEpsg4548, toEpsg4548 } from './geo.ts';
import { effectiveWindow, rawCount, suspectRow } from './history.ts';
import { bucketPoints, mergeBuckets, nextWindow, windowCount, windowStart, windowValue } from './thinning.ts';

const local = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi).getTime();

describe('windows', () => {
  it('align to the local day (Asia/Shanghai): 3H windows start at 00, 03, 06 … local time', () => {
    expect(process.env.TZ).toBe('Asia/Shanghai');
    expect(windowStart(local(2026, 3, 5, 10, 41), 180)).toBe(local(2026, 3, 5, 9));
    expect(windowStart(local(2026, 3, 5, 10, 41), 720)).toBe(local(2026, 3, 5, 0));
    expect(windowStart(local(2026, 3, 5, 13, 0), 720)).toBe(local(2026, 3, 5, 12));
    expect(windowStart(local(2026, 3, 5, 23, 59), 1440)).toBe(local(2026, 3, 5));
    expect(windowStart(local(2026, 3, 5, 10, 41), 30)).toBe(local(2026, 3, 5, 10, 30));
    expect(nextWindow(local(2026, 3, 5, 21), 180)).toBe(local(2026, 3, 6, 0));
    expect(nextWindow(local(2026, 2, 28), 1440)).toBe(local(2026, 3, 1));
  });

  it('count the windows a range touches', () => {
    const day = [local(2026, 3, 5), local(2026, 3, 5, 23, 59) + 59_001] as const;
    expect(windowCount(day[0], day[1], 30)).toBe(48);
    expect(windowCount(day[0], day[1], 60)).toBe(24);
    expect(windowCount(day[0], day[1], 720)).toBe(2);
    expect(windowCount(local(2025, 1, 1), local(2026, 1, 1), 60)).toBe(8760);
    expect(rawCount(day[0], day[1], 300)).toBe(288);
    expect(rawCount(day[0], day[1], 3600)).toBe(24);
  });

  it('widen to the narrowest window that keeps a range within 4,000 points', () => {
    const year = [local(2025, 1, 1), local(2026, 1, 1)] as const;
    expect(effectiveWindow(year[0], year[1], '1H', 60)).toBe('3H'); // 8,760 hours → 2,920 windows
    expect(effectiveWindow(year[0], year[1], '12H', 60)).toBe('12H');
    expect(effectiveWindow(local(2026, 3, 1), local(2026, 3, 31), '30M', 300)).toBe('30M');
    expect(() => effectiveWindow(local(2000, 1, 1), local(2026, 1, 1), '1H', 60)).toThrow(/时间范围过大/);
  });
});

describe('thinning', () => {
  const ts = [
    local(2026, 7, 1, 0, 0),
    local(2026, 7, 1, 0, 30),
    local(2026, 7, 1, 1, 0),
    local(2026, 7, 1, 2, 15),
    local(2026, 7, 1, 5, 45),
  ];
  const v = [2, 4, 1, 7, 10];

  it('sums accumulations (rain) and averages states per window, keeping min and max', () => {
    const b = bucketPoints(ts, v, 180);
    expect(b.map((x) => x.t)).toEqual([local(2026, 7, 1, 0), local(2026, 7, 1, 3)]);
    expect(windowValue(b[0], 'sum')).toBe(14);
    expect(windowValue(b[0], 'mean')).toBe(3.5);
    expect(b[0].min).toBe(1);
    expect(b[0].max).toBe(7);
    expect(windowValue(b[1], 'sum')).toBe(10);
  });

  it('merging hourly rollups gives the same windows as bucketing the raw points', () => {
    const hourly = bucketPoints(ts, v, 60);
    for (const minutes of [180, 360, 720, 1440]) {
      expect(mergeBuckets(hourly, minutes)).toEqual(bucketPoints(ts, v, minutes));
    }
  });

  it('flags rollup rows whose extremes need a look at the raw points', () => {
    const lim = { physMin: 0, physMax: 1, hampelFloor: 0.05 };
    expect(suspectRow({ t: 0, min: 0.3, max: 0.35, sum: 3.9, count: 12 }, lim)).toBe(false);
    expect(suspectRow({ t: 0, min: 0.3, max: 0.8, sum: 4.3, count: 12 }, lim)).toBe(true);
    expect(suspectRow({ t: 0, min: 0, max: 0.35, sum: 3.5, count: 12 }, { ...lim, physMin: 0.01 })).toBe(true);
    expect(suspectRow({ t: 0, min: 0, max: 999.9, sum: 999.9, count: 1 }, { physMin: 0, physMax: 200 })).toBe(true);
    expect(Object.keys(WINDOWS)).toEqual(['30M', '1H', '3H', '6H', '12H', '24H']);
  });
});

describe('coordinates (EPSG:4548)', () => {
  it('117°E 31.8°N is x 500000.000, y 3519675.422; and back', () => {
    expect(toEpsg4548(117, 31.8)).toEqual({ x: 500000, y: 3519675.422 });
    const back = fromEpsg4548(500000, 3519675.422);
    expect(back.lon).toBeCloseTo(117, 8);
    expect(back.lat).toBeCloseTo(31.8, 8);
  });

  it('the demo stations lie around Hefei (117.2°E 31.8°N), inside the projection zone', () => {
    expect(DEMO_STATIONS.length).toBeGreaterThanOrEqual(20);
    for (const s of DEMO_STATIONS) {
      expect(Math.abs(s.lgtd - 117.2)).toBeLessThan(0.4);
      expect(Math.abs(s.lttd - 31.8)).toBeLessThan(0.3);
    }
    expect(new Set(DEMO_STATIONS.map((s) => s.sttp))).toEqual(
      new Set(['PP', 'ZZ', 'ZQ', 'DD', 'RR', 'SC', 'BZ', 'YL', 'LL', 'SZ']),
    );
  });
});
