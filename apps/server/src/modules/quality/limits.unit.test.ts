import { describe, expect, it } from 'vitest';
import {
  compliance,
  convertUnit,
  exceedanceRuns,
  type Limit,
  limitFor,
  limitProblem,
  limitText,
  meets,
} from './limits.ts';
import { GB5749_ROUTINE } from './standard.ts';

const L = (kind: Limit['kind'], minValue: number | null, maxValue: number | null) => ({ kind, minValue, maxValue });
const MIN = 60_000;

describe('limits by kind', () => {
  it('judges max, min, range and not-detected limits at their edges', () => {
    expect(meets(L('max', null, 1), 1)).toBe(true);
    expect(meets(L('max', null, 1), 1.01)).toBe(false);
    expect(meets(L('min', 0.05, null), 0.05)).toBe(true);
    expect(meets(L('min', 0.05, null), 0.04)).toBe(false);
    expect(meets(L('range', 6.5, 8.5), 6.5)).toBe(true);
    expect(meets(L('range', 6.5, 8.5), 8.51)).toBe(false);
    expect(meets(L('range', 6.5, 8.5), 6.49)).toBe(false);
    expect(meets(L('absent', null, null), 0)).toBe(true);
    expect(meets(L('absent', null, null), 1)).toBe(false);
    expect(meets(L('max', null, 1), Number.NaN)).toBe(false);
    expect(limitText(L('range', 0.3, 2))).toBe('0.3–2');
    expect(limitText(L('absent', null, null))).toBe('不得检出');
  });

  it('refuses incoherent limits', () => {
    expect(limitProblem(L('max', null, null))).toContain('上限');
    expect(limitProblem(L('range', 2, 0.3))).toBe('下限不能大于上限');
    expect(limitProblem(L('range', 0.3, 2))).toBeUndefined();
  });

  it('applies the free-chlorine limit of the point kind: 0.3–2 leaving the plant, ≥ 0.05 in the network', () => {
    const rows = GB5749_ROUTINE;
    const plant = limitFor(rows, 'free_chlorine', 'plant')!;
    const net = limitFor(rows, 'free_chlorine', 'network')!;
    expect(meets(plant, 0.2)).toBe(false);
    expect(meets(net, 0.2)).toBe(true);
    expect(meets(plant, 2.5)).toBe(false);
    expect(meets(net, 2.5)).toBe(true);
    // an indicator with one row for all points applies to both kinds
    expect(limitFor(rows, 'turbidity', 'network')?.maxValue).toBe(1);
    expect(limitFor(rows, 'nope', 'plant')).toBeUndefined();
  });
});

describe('units', () => {
  it('converts mass concentrations and refuses what does not convert', () => {
    expect(convertUnit(300, 'µg/L', 'mg/L')).toBe(0.3);
    expect(convertUnit(12, 'ug/l', 'mg/L')).toBe(0.012);
    expect(convertUnit(0.01, 'mg/L', 'μg/L')).toBe(10);
    expect(convertUnit(5, null, 'NTU')).toBe(5);
    expect(convertUnit(5, 'NTU', 'NTU')).toBe(5);
    expect(convertUnit(5, 'NTU', 'mg/L')).toBeUndefined();
    // lead 12 µg/L against 0.01 mg/L fails, 10 µg/L meets it exactly
    const lead = limitFor(GB5749_ROUTINE, 'lead', 'plant')!;
    expect(meets(lead, convertUnit(12, 'µg/L', lead.unit)!)).toBe(false);
    expect(meets(lead, convertUnit(10, 'µg/L', lead.unit)!)).toBe(true);
  });
});

describe('minimum duration', () => {
  const turb = L('max', null, 1);
  const t0 = Date.UTC(2026, 0, 1);
  const at = (mins: number[]) => mins.map((m) => t0 + m * MIN);

  it('a single spike is not an alarm', () => {
    const runs = exceedanceRuns(at([0, 15, 30, 45]), [0.2, 3, 0.2, 0.2], turb, 15 * MIN);
    expect(runs).toEqual([]);
  });

  it('an exceedance lasting the minimum duration is one, timed when it reached it', () => {
    const runs = exceedanceRuns(at([0, 15, 30, 45, 60]), [0.2, 1.5, 2.5, 1.2, 0.3], turb, 15 * MIN);
    expect(runs).toEqual([
      { start: t0 + 15 * MIN, end: t0 + 45 * MIN, alarmAt: t0 + 30 * MIN, worst: 2.5, ongoing: false },
    ]);
  });

  it('a longer minimum needs a longer run; an open run is ongoing', () => {
    const ts = at([0, 5, 10, 15, 20]);
    const vs = [0.2, 1.5, 1.5, 1.5, 1.5];
    expect(exceedanceRuns(ts, vs, turb, 30 * MIN)).toEqual([]);
    const [r] = exceedanceRuns(ts, vs, turb, 10 * MIN);
    expect(r).toMatchObject({ alarmAt: t0 + 15 * MIN, ongoing: true });
  });

  it('picks the value furthest below a minimum limit', () => {
    const [r] = exceedanceRuns(at([0, 15, 30]), [0.04, 0.01, 0.03], L('min', 0.05, null), 15 * MIN);
    expect(r.worst).toBe(0.01);
  });
});

describe('compliance rates', () => {
  it('counts readings within limits per bucket and overall', () => {
    const ph = L('range', 6.5, 8.5);
    const ts = [1, 2, 3, 4, 5];
    const c = compliance(ts, [7, 7.2, 9, 7.1, 6], ph, (t) => (t <= 3 ? 'a' : 'b'));
    expect(c.all).toEqual({ total: 5, compliant: 3, rate: 60 });
    expect(c.buckets.get('a')).toEqual({ total: 3, compliant: 2, rate: 66.67 });
    expect(c.buckets.get('b')).toEqual({ total: 2, compliant: 1, rate: 50 });
    expect(compliance([], [], ph, () => 'x').all.rate).toBeNull();
  });
});
