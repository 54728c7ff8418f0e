import { describe, expect, it } from 'vitest';
import { DEMO_STATIONS, MONITOR_SEED, seriesLimits } from './catalog.ts';
import { FIELDS } from './fields.ts';
import { keyOf } from './hash.ts';
import { limitsOf } from './history.ts';
import { flagOutliers, REASON, removeOutliers } from './outliers.ts';
import { cleanValues, simulate } from './simulator.ts';

const grid = (n: number, stepMs = 300_000, t0 = Date.UTC(2025, 0, 1)) =>
  new Float64Array(n).map((_, i) => t0 + i * stepMs);

describe('outlier filter', () => {
  it('drops values outside the physical range (error codes, impossible readings)', () => {
    const ts = grid(6, 3_600_000);
    const v = new Float64Array([0, 1.2, 999.9, 3.4, -1, 0]);
    const flags = flagOutliers(ts, v, { physMin: 0, physMax: 200 });
    expect(Array.from(flags)).toEqual([0, 0, REASON.physical, 0, REASON.physical, 0]);
  });

  it('Hampel: a spike far from the window median is removed; its neighbours stay', () => {
    const n = 50;
    const ts = grid(n);
    const v = new Float64Array(n).map((_, i) => 0.35 + 0.002 * Math.sin(i));
    v[20] = 0.9;
    v[21] = 0.88; // two adjacent spikes: the median of 11 is not moved by them
    const r = removeOutliers(ts, v, { physMin: 0, physMax: 1, hampelFloor: 0.05 });
    expect(r.removed).toBe(2);
    expect(r.flags[20]).toBe(REASON.hampel);
    expect(r.flags[21]).toBe(REASON.hampel);
    expect(r.values.length).toBe(n - 2);
  });

  it('the absolute floor keeps ordinary noise on a quiet stretch (MAD ≈ 0) from being flagged', () => {
    const n = 400;
    const ts = grid(n);
    // almost flat with occasional 1-digit jitter: MAD is 0, so without a floor every jitter would be an outlier
    const v = new Float64Array(n).map((_, i) => (i % 17 === 0 ? 0.352 : 0.35));
    const withFloor = flagOutliers(ts, v, { physMin: 0, physMax: 1, hampelFloor: 0.05 });
    expect(withFloor.reduce((a, b) => a + b, 0)).toBe(0);
    const withoutFloor = flagOutliers(ts, v, { physMin: 0, physMax: 1, hampelFloor: 0 });
    expect(withoutFloor.filter((f) => f === REASON.hampel).length).toBeGreaterThan(20);
  });

  it('keeps a real step (a burst): Hampel follows the new level and the rate check accepts it after three points', () => {
    const n = 60;
    const ts = grid(n);
    const v = new Float64Array(n).map((_, i) => (i < 30 ? 0.4 : 0.33) + 0.001 * ((i * 7) % 3));
    const flags = flagOutliers(ts, v, { physMin: 0, physMax: 1, hampelFloor: 0.02, maxRatePerHour: 0.2 });
    // the rate check holds the first points after the step, then accepts the new level
    const dropped = Array.from(flags).filter(Boolean).length;
    expect(dropped).toBeLessThanOrEqual(2);
    expect(flags[40]).toBe(0);
    expect(flags[59]).toBe(0);
  });

  it('rate of change: a one-point jump that comes back is removed', () => {
    const ts = grid(10);
    const v = new Float64Array([5, 5.01, 5.02, 6.5, 5.03, 5.02, 5.01, 5, 5, 5]);
    const flags = flagOutliers(ts, v, { physMin: 0, physMax: 100, maxRatePerHour: 2 });
    expect(Array.from(flags)).toEqual([0, 0, 0, REASON.rate, 0, 0, 0, 0, 0, 0]);
  });

  it('on clean simulated series of every field it removes (almost) nothing; on the faulty ones it removes the spikes', () => {
    const from = new Date(2025, 5, 1).getTime();
    const to = from + 45 * 86_400_000;
    for (const st of DEMO_STATIONS) {
      for (const [field, step] of Object.entries(st.steps)) {
        const spec = { key: keyOf(st.stcd), field, step, sim: st.sim };
        const lowWl = st.sim.model === 'river' ? st.sim.z0 + 8 : st.sim.model === 'reservoir' ? st.sim.zBase + 2 : 0;
        const lim = limitsOf(
          { id: 0, field, stepSeconds: step, ...seriesLimits(st.sim, field, step, { lowWl }) },
          FIELDS[field],
        );
        const ts = new Float64Array(Math.floor((to - from) / (step * 1000))).map((_, i) => from + i * step * 1000);
        const clean = cleanValues(MONITOR_SEED, spec, ts);
        const falsePositives = flagOutliers(ts, clean, lim).filter(Boolean).length;
        expect(falsePositives / ts.length, `${st.stcd} ${field}`).toBeLessThan(0.002);

        const raw = simulate(MONITOR_SEED, spec, from, to);
        const r = removeOutliers(raw.ts, raw.values, lim);
        // no value left that breaks the physical range
        const impossible = Array.from(r.values).filter((x) => x < lim.physMin || x > lim.physMax);
        expect(impossible, `${st.stcd} ${field}`).toEqual([]);
        // every spike the simulator injected that is far from the clean value is gone
        const cleanAt = cleanValues(MONITOR_SEED, spec, raw.ts);
        const kept = new Set(r.ts);
        const floor = lim.hampelFloor ?? 0;
        const missed: string[] = [];
        for (let i = 0; i < raw.ts.length; i++) {
          const far = Math.abs(raw.values[i] - cleanAt[i]) > Math.max(6 * floor, 0.5 * Math.abs(cleanAt[i]));
          const flat = i > 0 && raw.values[i] === raw.values[i - 1];
          const detectable =
            lim.hampelFloor !== undefined || raw.values[i] > lim.physMax || raw.values[i] < lim.physMin;
          if (far && !flat && detectable && kept.has(raw.ts[i])) missed.push(new Date(raw.ts[i]).toISOString());
        }
        expect(missed, `${st.stcd} ${field}: spikes kept`).toEqual([]);
      }
    }
  }, 60_000);
});
