import { describe, expect, it } from 'vitest';
import { DEMO_STATIONS, MONITOR_SEED } from './catalog.ts';
import { hash, keyOf, normal, uniform } from './hash.ts';
import {
  calibrateThresholds,
  cleanValues,
  HOUR,
  hourlyStage,
  rainHours,
  type SeriesSpec,
  simulate,
  stormAt,
} from './simulator.ts';

const DAY = 24 * HOUR;
const station = (stcd: string) => {
  const s = DEMO_STATIONS.find((x) => x.stcd === stcd);
  if (!s) throw new Error(stcd);
  return s;
};
const spec = (stcd: string, field: string): SeriesSpec => {
  const s = station(stcd);
  return { key: keyOf(s.stcd), field, step: s.steps[field], sim: s.sim };
};
const T0 = new Date(2025, 5, 1).getTime(); // 2025-06-01 local

describe('counter-based hash', () => {
  it('is a pure function of (seed, key, index, stream) and spreads evenly', () => {
    expect(hash(1, 2, 3, 4)).toBe(hash(1, 2, 3, 4));
    expect(hash(1, 2, 3, 4)).not.toBe(hash(2, 2, 3, 4));
    expect(hash(1, 2, 3, 4)).not.toBe(hash(1, 2, 4, 4));
    expect(hash(1, 2, 2 ** 40, 0)).not.toBe(hash(1, 2, 0, 0));
    let sum = 0;
    let sq = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const u = uniform(7, 9, i, 1);
      expect(u).toBeGreaterThan(0);
      expect(u).toBeLessThan(1);
      const z = normal(7, 9, i, 2);
      sum += z;
      sq += z * z;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.03);
    expect(Math.abs(sq / n - 1)).toBeLessThan(0.05);
    expect(keyOf('62912001')).toBe(keyOf('62912001'));
    expect(keyOf('62912001')).not.toBe(keyOf('62912002'));
  });
});

describe('simulator determinism', () => {
  it('regenerates any window alone exactly as a slice of a longer run, for every kind of station', () => {
    for (const st of DEMO_STATIONS) {
      for (const field of Object.keys(st.steps)) {
        const s = spec(st.stcd, field);
        const long = simulate(MONITOR_SEED, s, T0, T0 + 10 * DAY);
        const a = T0 + 3 * DAY + 7 * HOUR;
        const b = T0 + 5 * DAY + 2 * HOUR;
        const short = simulate(MONITOR_SEED, s, a, b);
        const from = long.ts.findIndex((t) => t >= a);
        const to = long.ts.findIndex((t) => t > b);
        expect(Array.from(short.ts)).toEqual(Array.from(long.ts.slice(from, to)));
        expect(Array.from(short.values)).toEqual(Array.from(long.values.slice(from, to)));
      }
    }
  });

  it('gives the same series for the same seed and a different one for another seed', () => {
    const s = spec('LL001', 'flow');
    const a = simulate(MONITOR_SEED, s, T0, T0 + DAY);
    const b = simulate(MONITOR_SEED, s, T0, T0 + DAY);
    const c = simulate(MONITOR_SEED + 1, s, T0, T0 + DAY);
    expect(Array.from(a.values)).toEqual(Array.from(b.values));
    expect(Array.from(a.values)).not.toEqual(Array.from(c.values));
  });

  it('puts points on the step grid, rounded to the field resolution', () => {
    const s = spec('62902010', 'z');
    const p = simulate(MONITOR_SEED, s, T0 + 123_456, T0 + DAY);
    for (const t of p.ts) expect(t % (15 * 60_000)).toBe(0);
    for (const v of p.values) expect(Math.round(v * 100) / 100).toBe(v);
  });
});

describe('believable series', () => {
  it('rain: about 1,000–1,400 mm a year, a wet season in June–July, an annual maximum hour of tens of mm', () => {
    const totals: number[] = [];
    const maxima: number[] = [];
    const monthly = new Array(12).fill(0);
    for (let y = 2015; y < 2025; y++) {
      const h0 = new Date(y, 0, 1).getTime() / HOUR;
      const h1 = new Date(y + 1, 0, 1).getTime() / HOUR;
      const r = rainHours(MONITOR_SEED, keyOf('62912001'), 1, h0, h1);
      let total = 0;
      let max = 0;
      for (let i = 0; i < r.length; i++) {
        total += r[i];
        max = Math.max(max, r[i]);
        monthly[new Date((h0 + i) * HOUR).getMonth()] += r[i];
      }
      totals.push(total);
      maxima.push(max);
    }
    const mean = totals.reduce((a, b) => a + b) / totals.length;
    expect(mean).toBeGreaterThan(1000);
    expect(mean).toBeLessThan(1400);
    const sortedMax = [...maxima].sort((a, b) => a - b);
    const medianMax = (sortedMax[4] + sortedMax[5]) / 2;
    expect(medianMax).toBeGreaterThan(30);
    expect(medianMax).toBeLessThan(90);
    const wettest = monthly.indexOf(Math.max(...monthly));
    expect([5, 6]).toContain(wettest); // June or July
    expect(monthly[6]).toBeGreaterThan(3 * monthly[11]);
  });

  it('storms are regional: gauges rain in the same hours, with their own amounts', () => {
    const h0 = T0 / HOUR;
    const a = rainHours(MONITOR_SEED, keyOf('62912001'), 1, h0, h0 + 24 * 60);
    const b = rainHours(MONITOR_SEED, keyOf('62912004'), 1, h0, h0 + 24 * 60);
    let both = 0;
    let either = 0;
    let differ = 0;
    for (let i = 0; i < a.length; i++) {
      if (a[i] > 0 || b[i] > 0) either++;
      if (a[i] > 0 && b[i] > 0) both++;
      if (a[i] !== b[i]) differ++;
    }
    expect(both / either).toBeGreaterThan(0.95);
    expect(differ).toBeGreaterThan(0);
    expect(stormAt(MONITOR_SEED, h0)).toEqual(stormAt(MONITOR_SEED, h0));
  });

  it('levels rise after rain and recede over days, and thresholds are ordered 警戒 < 保证', () => {
    const st = station('62902010');
    const key = keyOf(st.stcd);
    const h0 = T0 / HOUR;
    const rain = rainHours(MONITOR_SEED, key, 1, h0, h0 + 24 * 90);
    const z = hourlyStage(MONITOR_SEED, key, st.sim, h0, h0 + 24 * 90);
    // the biggest storm day is followed by a rise within a day
    let best = 0;
    for (let i = 0; i < rain.length - 24; i++) if (rain[i] > rain[best]) best = i;
    const before = z[best];
    const after = Math.max(...z.slice(best + 1, best + 36));
    expect(after).toBeGreaterThan(before + 0.2);
    // and recedes: five days later it is below the peak
    expect(z[Math.min(z.length - 1, best + 36 + 120)]).toBeLessThan(after);
    const th = calibrateThresholds(MONITOR_SEED, key, st.sim);
    expect(th.lowWl).toBeGreaterThan(th.alertWl);
    // a few storms a year cross the warning level; the guaranteed level rarely
    const years = 6;
    const hz = hourlyStage(
      MONITOR_SEED,
      key,
      st.sim,
      Date.UTC(2019, 0, 1) / HOUR,
      Date.UTC(2019, 0, 1) / HOUR + years * 8766,
    );
    const crossings = (level: number) => {
      let n = 0;
      for (let i = 1; i < hz.length; i++) if (hz[i] >= level && hz[i - 1] < level) n++;
      return n;
    };
    expect(crossings(th.alertWl) / years).toBeGreaterThanOrEqual(1.5);
    expect(crossings(th.alertWl) / years).toBeLessThanOrEqual(8);
    expect(crossings(th.lowWl)).toBeLessThanOrEqual(4);
  });

  it('network: demand ≈0.5 at night and ≈1.4 at the peaks; pressure falls as flow rises', () => {
    const s = spec('LL002', 'flow');
    const p = spec('LL002', 'pressure');
    // a Wednesday
    const day = new Date(2025, 5, 4).getTime();
    const times = new Float64Array(288).map((_, i) => day + i * 300_000);
    const flow = cleanValues(MONITOR_SEED, s, times);
    const pressure = cleanValues(MONITOR_SEED, p, times);
    const at = (h: number) => flow[h * 12];
    const mean = flow.reduce((a, b) => a + b) / flow.length;
    expect(at(3) / mean).toBeLessThan(0.65);
    expect(at(8) / mean).toBeGreaterThan(1.2);
    expect(at(19.5) / mean).toBeGreaterThan(1.2);
    // negative correlation between flow and pressure
    const mp = pressure.reduce((a, b) => a + b) / pressure.length;
    let cov = 0;
    for (let i = 0; i < flow.length; i++) cov += (flow[i] - mean) * (pressure[i] - mp);
    expect(cov).toBeLessThan(0);
    expect(pressure[3 * 12]).toBeGreaterThan(0.37);
    expect(pressure[8 * 12]).toBeLessThan(0.34);
  });

  it('injects faults: gaps, spikes and flat lines over a year; bursts step the flow up and the pressure down', () => {
    const s = spec('LL001', 'flow');
    const from = new Date(2025, 0, 1).getTime();
    const to = new Date(2026, 0, 1).getTime() - 1;
    const year = simulate(MONITOR_SEED, s, from, to);
    const expected = (to + 1 - from) / 300_000;
    expect(year.ts.length).toBeLessThan(expected); // gaps
    let gaps = 0;
    let flats = 0;
    let run = 0;
    let spikes = 0;
    for (let i = 1; i < year.ts.length; i++) {
      if (year.ts[i] - year.ts[i - 1] > 300_000) gaps++;
      if (year.values[i] === year.values[i - 1]) run++;
      else {
        if (run >= 12) flats++;
        run = 0;
      }
      if (year.values[i] === 0 || Math.abs(year.values[i] - year.values[i - 1]) > 500) spikes++;
    }
    expect(gaps).toBeGreaterThan(2);
    expect(flats).toBeGreaterThan(1);
    expect(spikes).toBeGreaterThan(5);

    // bursts: the nights with the highest inflow are those with a burst, and their pressure is lower
    const flowClean = cleanValues(MONITOR_SEED, s, year.ts);
    const pressClean = cleanValues(MONITOR_SEED, spec('LL001', 'pressure'), year.ts);
    // nights (03:00) with high flow have low pressure
    const nights: { f: number; p: number }[] = [];
    for (let i = 0; i < year.ts.length; i++) {
      const d = new Date(year.ts[i]);
      if (d.getHours() === 3 && d.getMinutes() === 0) nights.push({ f: flowClean[i], p: pressClean[i] });
    }
    nights.sort((a, b) => a.f - b.f);
    const median = nights[nights.length >> 1];
    const top = nights[nights.length - 1];
    expect(top.f).toBeGreaterThan(median.f * 1.3);
    expect(top.p).toBeLessThan(median.p - 0.01);
  });
});

describe('pump stations (per-pump series)', () => {
  it("the running pumps share the station's flow, run at 30–50 Hz, and the duty pump rotates weekly", () => {
    const from = Date.UTC(2026, 2, 2);
    const to = from + 14 * 86_400_000;
    const step = 900_000;
    const times = new Float64Array(Math.floor((to - from) / step));
    for (let i = 0; i < times.length; i++) times[i] = from + i * step;
    const clean = (field: string) => cleanValues(MONITOR_SEED, spec('BZ001', field), times);
    const supply = clean('waterSupply');
    const pumps = [1, 2, 3].map((n) => ({
      state: clean(`pump${n}State`),
      freq: clean(`pump${n}Freq`),
      flow: clean(`pump${n}Flow`),
      press: clean(`pump${n}Press`),
    }));
    const counts = new Set<number>();
    const standby = new Set<number>();
    for (let i = 0; i < times.length; i++) {
      const running = pumps.filter((p) => p.state[i] === 1);
      counts.add(running.length);
      if (running.length === 2) standby.add(pumps.findIndex((p) => p.state[i] === 0));
      const total = pumps.reduce((a, p) => a + p.flow[i], 0);
      expect(Math.abs(total - supply[i]) / supply[i]).toBeLessThan(0.05);
      for (const p of pumps) {
        if (p.state[i] === 1) {
          expect(p.freq[i]).toBeGreaterThanOrEqual(29.5);
          expect(p.freq[i]).toBeLessThanOrEqual(50.5);
          expect(p.press[i]).toBeGreaterThan(0.3);
        } else {
          expect(p.freq[i]).toBe(0);
          expect(p.flow[i]).toBe(0);
          expect(p.press[i]).toBeLessThan(0.1);
        }
      }
    }
    // more pumps at the peaks than at night, and over two weeks a different pump stands by
    expect(counts.size).toBeGreaterThan(1);
    expect(standby.size).toBeGreaterThan(1);
    const tank = clean('tankLevel');
    expect(Math.min(...tank)).toBeGreaterThan(1.5);
    expect(Math.max(...tank)).toBeLessThan(4.5);
  });
});
