import { describe, expect, it } from 'vitest';
import type { ComplianceResult } from '../../api/quality';
import { complianceChart } from './CompliancePage';
import { limitOf } from './options';

describe('quality screens', () => {
  it('writes limits as a utility does', () => {
    expect(limitOf({ kind: 'max', minValue: null, maxValue: 1 }, '不得检出')).toBe('≤1');
    expect(limitOf({ kind: 'min', minValue: 0.05, maxValue: null }, '不得检出')).toBe('≥0.05');
    expect(limitOf({ kind: 'range', minValue: 6.5, maxValue: 8.5 }, '不得检出')).toBe('6.5–8.5');
    expect(limitOf({ kind: 'absent', minValue: null, maxValue: null }, '不得检出')).toBe('不得检出');
  });

  it('draws one line per station and indicator over the union of buckets, gaps as nulls', () => {
    const row = (pointName: string, buckets: [string, number][]) => ({
      pointCode: pointName,
      pointName,
      stcd: pointName,
      indicatorCode: 'ph',
      indicatorName: 'pH',
      limit: '6.5–8.5',
      unit: '',
      total: 1,
      compliant: 1,
      rate: 100,
      buckets: buckets.map(([bucket, rate]) => ({ bucket, rate, total: 1, compliant: 1 })),
    });
    const r: ComplianceResult = {
      period: 'MONTH',
      date: '2026-11',
      stations: [
        row('A', [
          ['2026-11-01', 100],
          ['2026-11-02', 90],
        ]),
        row('B', [['2026-11-02', 50]]),
      ],
      indicators: [],
    };
    const o = complianceChart(r) as any;
    expect(o.xAxis.data).toEqual(['11-01', '11-02']);
    expect(o.series.map((s: any) => s.data)).toEqual([
      [100, 90],
      [null, 50],
    ]);
    expect(complianceChart({ ...r, stations: [] })).toBeNull();
  });
});
