import { describe, expect, it } from 'vitest';
import { evaluateField, evaluateOffline, evaluateRule, type Reading } from './rules.ts';

const MIN = 60_000;
const t0 = Date.UTC(2026, 0, 1);
/** readings every 5 minutes from t0 */
const series = (values: number[]): Reading[] => values.map((value, i) => ({ ts: t0 + i * 5 * MIN, value }));

describe('thresholds', () => {
  it('finds the first reading above the upper and below the lower limit, with how many breached', () => {
    const s = series([0.4, 0.41, 0.62, 0.63, 0.4, 0.25, 0.4]);
    const f = evaluateField({ field: 'pressure', upper: 0.6, lower: 0.28 }, s, t0 - 1);
    expect(f).toEqual([
      { kind: 'upper', field: 'pressure', value: 0.62, limit: 0.6, ts: s[2].ts, count: 2 },
      { kind: 'lower', field: 'pressure', value: 0.25, limit: 0.28, ts: s[5].ts, count: 1 },
    ]);
  });

  it('a value on the limit is not beyond it', () => {
    expect(evaluateField({ field: 'p', upper: 0.6, lower: 0.3 }, series([0.6, 0.3]), t0 - 1)).toEqual([]);
  });

  it('readings up to the watermark were judged before and raise nothing', () => {
    const s = series([0.7, 0.7, 0.4]);
    expect(evaluateField({ field: 'p', upper: 0.6 }, s, s[1].ts)).toEqual([]);
    expect(evaluateField({ field: 'p', upper: 0.6 }, s, s[0].ts)).toHaveLength(1);
  });

  it('the report count asks for that many consecutive readings beyond the limit (valves)', () => {
    const s = series([0.25, 0.25, 0.4, 0.25, 0.25, 0.25, 0.4]);
    expect(evaluateField({ field: 'p', lower: 0.28 }, s, t0 - 1, 3)).toEqual([
      { kind: 'lower', field: 'p', value: 0.25, limit: 0.28, ts: s[5].ts, count: 1 },
    ]);
    expect(evaluateField({ field: 'p', lower: 0.28 }, series([0.25, 0.25, 0.4]), t0 - 1, 3)).toEqual([]);
    // the run may begin before the watermark: context readings count towards it
    expect(evaluateField({ field: 'p', lower: 0.28 }, s, s[4].ts, 3)).toHaveLength(1);
  });
});

describe('rate of change', () => {
  it('flags a change faster than the limit per hour, either way', () => {
    // 0.05 MPa in 5 minutes = 0.6 MPa/h
    const s = series([0.4, 0.401, 0.46, 0.4]);
    const f = evaluateField({ field: 'p', ratePerHour: 0.5 }, s, t0 - 1);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ kind: 'rate', value: 0.708, limit: 0.5, ts: s[2].ts, count: 2 });
  });

  it('a slow drift stays quiet; a gap spreads the change over its length', () => {
    expect(evaluateField({ field: 'p', ratePerHour: 0.5 }, series([0.4, 0.41, 0.42, 0.43]), t0 - 1)).toEqual([]);
    const gap: Reading[] = [
      { ts: t0, value: 0.4 },
      { ts: t0 + 60 * MIN, value: 0.8 },
    ];
    expect(evaluateField({ field: 'p', ratePerHour: 0.5 }, gap, t0 - 1)).toEqual([]);
  });
});

describe('offline', () => {
  it('flags silence longer than the timeout, stamped when the timeout ran out', () => {
    const last = t0;
    expect(evaluateOffline(30, last, last + 29 * MIN, t0)).toBeNull();
    expect(evaluateOffline(30, last, last + 45 * MIN, t0)).toEqual({
      kind: 'offline',
      field: null,
      value: 45,
      limit: 30,
      ts: last + 30 * MIN,
      count: 1,
    });
    // the stamp stays put while the device stays silent: one spell is one occurrence
    expect(evaluateOffline(30, last, last + 90 * MIN, t0)?.ts).toBe(last + 30 * MIN);
  });

  it('a device that never reported counts from the start of its rule; no timeout means no check', () => {
    expect(evaluateOffline(10, null, t0 + 11 * MIN, t0)?.ts).toBe(t0 + 10 * MIN);
    expect(evaluateOffline(null, t0, t0 + 1000 * MIN, t0)).toBeNull();
  });
});

describe('evaluateRule', () => {
  it('combines every field and the offline check', () => {
    const f = evaluateRule(
      {
        items: [
          { field: 'chlorine', lower: 0.3 },
          { field: 'turbidity', upper: 1 },
        ],
        offlineMinutes: 60,
      },
      { chlorine: series([0.45, 0.28]), turbidity: series([0.2, 0.3]) },
      t0 - 1,
      t0 + 3 * 60 * MIN,
      t0 + 5 * MIN,
    );
    expect(f.map((x) => `${x.kind}:${x.field}`)).toEqual(['lower:chlorine', 'offline:null']);
  });
});
