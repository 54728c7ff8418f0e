import { describe, expect, it } from 'vitest';
import { computeBalance, spreadShare, systemInput } from './balance.ts';

const base = {
  billed: 70_000,
  billedAccuracy: 2,
  unbilled: 1_000,
  unbilledAccuracy: 20,
  meterUnderReg: 0.02,
  theft: 0.01,
  apparentAccuracy: 50,
};

describe('IWA water balance', () => {
  it('splits the system input into authorised use, apparent and real losses', () => {
    const b = computeBalance({
      ...base,
      meters: [
        { direction: 'in', volume: 110_000, accuracy: 1, coverage: 1 },
        { direction: 'out', volume: 10_000, accuracy: 1, coverage: 1 },
      ],
    });
    expect(b.siv.value).toBe(100_000);
    expect(b.authorised.value).toBe(71_000);
    expect(b.meterUnderReg.value).toBe(2_000);
    expect(b.theft.value).toBe(1_000);
    expect(b.apparent.value).toBe(3_000);
    expect(b.real.value).toBe(26_000);
    expect(b.nrw.value).toBe(30_000);
    expect(b.nrwRate.value).toBe(30);
    expect(b.lossRate.value).toBe(29);
    // the parts add up to the whole
    expect(b.authorised.value + b.apparent.value + b.real.value).toBe(b.siv.value);
  });

  it('propagates the meters’ 95 % limits: variances add, the remainder carries them all', () => {
    const b = computeBalance({ ...base, meters: [{ direction: 'in', volume: 100_000, accuracy: 2, coverage: 1 }] });
    // SIV: ± 2 % of 100,000
    expect(b.siv.plusMinus).toBeCloseTo(2_000, 0);
    expect(b.siv.uncertainty).toBe(2);
    // billed: ± 2 % of 70,000; NRW = SIV − billed: sqrt(2000² + 1400²)
    expect(b.nrw.plusMinus).toBeCloseTo(Math.hypot(2_000, 1_400), 0);
    // real losses: (1 − 3 %) of the SIV's spread, billed, unbilled (± 200) and the apparent estimate (± 1,500)
    expect(b.real.plusMinus).toBeCloseTo(Math.hypot(0.97 * 2_000, 1_400, 200, 1_500), 0);
    expect(b.real.uncertainty).toBeGreaterThan(b.nrw.uncertainty ?? 0);
  });

  it('widens the SIV for readings filled in over a meter gap', () => {
    const full = systemInput([{ direction: 'in', volume: 1_000, accuracy: 1, coverage: 1 }]);
    const gappy = systemInput([{ direction: 'in', volume: 1_000, accuracy: 1, coverage: 0.9 }]);
    expect(full.value).toBe(gappy.value);
    // 10 % filled at ± 50 % adds ± 50 m³
    expect(1.96 * Math.sqrt(gappy.variance)).toBeCloseTo(Math.hypot(10, 50), 1);
  });

  it('gives a zero SIV a zero rate rather than a division by zero', () => {
    const b = computeBalance({ ...base, billed: 0, unbilled: 0, meters: [] });
    expect(b.nrwRate.value).toBe(0);
    expect(b.siv.uncertainty).toBeNull();
  });

  it('spreads a read evenly over its interval', () => {
    // a 30-day read, of which 10 days fall in the period
    expect(spreadShare(0, 30, 20, 50)).toBeCloseTo(1 / 3);
    expect(spreadShare(0, 30, 30, 60)).toBe(0);
    expect(spreadShare(0, 30, -5, 40)).toBe(1);
    expect(spreadShare(10, 10, 0, 40)).toBe(0);
  });
});
