/**
 * Supply forecast (供水预测, docs/dispatch.md): the next 24 hours of supply per plant and for the utility.
 * Method: for each hour of the day to forecast, the mean of the same hour on the same weekday over the last four
 * weeks (the weekly profile), scaled by a level factor: the last three days' actual supply over what the same
 * profile gives for those three days. Where a weekday has no history yet (a young series) the profile falls back
 * to the mean of that hour over every day available. The utility's forecast is the sum of its plants'.
 * Accuracy: the same forecast made for each of the last N whole days from the data before that day, against what
 * came in; MAPE over the hours with supply.
 */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { monitorStation, readRollups, seriesOf } from '../monitor/index.ts';

const H = 3_600_000;
const D = 24 * H;
const WEEKS = 4;
const LEVEL_DAYS = 3;

/** The tz's offset from UTC at `at`, ms (the demo's Asia/Shanghai has no daylight saving). */
export function offsetOf(tz: string, at: number) {
  const d = new Date(at);
  const local = new Date(d.toLocaleString('en-US', { timeZone: tz }));
  const utc = new Date(d.toLocaleString('en-US', { timeZone: 'UTC' }));
  return local.getTime() - utc.getTime();
}

/** Start of the local day containing t (ms). */
export function dayStart(t: number, off: number) {
  return Math.floor((t + off) / D) * D - off;
}

/** Hourly means keyed by hour start (ms). */
export type Hourly = Map<number, number>;

/** Forecast of the 24 hours of the local day starting at `day` from the hourly history strictly before it. */
export function forecastDay(hist: Hourly, day: number): (number | null)[] {
  const profileAt = (d: number, h: number) => {
    const same: number[] = [];
    for (let w = 1; w <= WEEKS; w++) {
      const v = hist.get(d - w * 7 * D + h * H);
      if (v !== undefined) same.push(v);
    }
    if (same.length) return same.reduce((a, b) => a + b, 0) / same.length;
    // fallback: the same hour of every earlier day within four weeks
    const any: number[] = [];
    for (let k = 1; k <= WEEKS * 7; k++) {
      const v = hist.get(d - k * D + h * H);
      if (v !== undefined) any.push(v);
    }
    return any.length ? any.reduce((a, b) => a + b, 0) / any.length : null;
  };
  // level factor: the last days' actual against the profile's own forecast of them
  let act = 0;
  let prof = 0;
  for (let k = 1; k <= LEVEL_DAYS; k++) {
    const d = day - k * D;
    for (let h = 0; h < 24; h++) {
      const a = hist.get(d + h * H);
      const p = profileAt(d, h);
      if (a !== undefined && p !== null) {
        act += a;
        prof += p;
      }
    }
  }
  const level = prof > 0 && act > 0 ? act / prof : 1;
  return Array.from({ length: 24 }, (_, h) => {
    const p = profileAt(day, h);
    return p === null ? null : p * level;
  });
}

/** Plants of the tenant with their supply series (m³/h). */
async function plants(ctx: AppContext, tenantId: string) {
  const st = await ctx.db
    .select({ id: monitorStation.id, stcd: monitorStation.stcd, stnm: monitorStation.stnm })
    .from(monitorStation)
    .where(liveInTenant(monitorStation, tenantId, inArray(monitorStation.sttp, ['SC'])))
    .orderBy(monitorStation.stcd);
  const series = await seriesOf(
    ctx,
    st.map((s) => s.id),
  );
  return st
    .map((s) => ({ ...s, series: series.find((x) => x.stationId === s.id && x.field === 'waterSupply') }))
    .filter((s) => s.series);
}

async function hourly(ctx: AppContext, seriesId: number, from: number, to: number): Promise<Hourly> {
  const rows = await readRollups(ctx.database.pool, 'hourly', seriesId, from, to);
  return new Map(rows.filter((r) => r.count > 0).map((r) => [r.t, r.sum / r.count]));
}

const round = (v: number | null) => (v === null ? null : Math.round(v));

/**
 * The plan of one local day (default today) per plant and for the utility, hour by hour, with the actual where it
 * came in.
 */
export async function supplyPlan(ctx: AppContext, tenantId: string, now = Date.now(), dayOffset = 0) {
  const off = offsetOf(ctx.config.tz, now);
  const day = dayStart(now, off) + dayOffset * D;
  const list = await plants(ctx, tenantId);
  const hours = Array.from({ length: 24 }, (_, h) => day + h * H);
  const total = { plan: hours.map(() => 0 as number | null), actual: hours.map(() => null as number | null) };
  const out = [];
  for (const p of list) {
    const hist = await hourly(ctx, p.series!.id, day - (WEEKS * 7 + 1) * D, day + D);
    const past = new Map([...hist].filter(([t]) => t < day));
    const plan = forecastDay(past, day);
    const actual = hours.map((t) => (t < now ? (hist.get(t) ?? null) : null));
    plan.forEach((v, i) => {
      total.plan[i] = v === null || total.plan[i] === null ? null : (total.plan[i] as number) + v;
      if (actual[i] !== null) total.actual[i] = (total.actual[i] ?? 0) + (actual[i] as number);
    });
    out.push({ stationId: p.id, stcd: p.stcd, stnm: p.stnm, plan: plan.map(round), actual: actual.map(round) });
  }
  return {
    date: new Date(day + off).toISOString().slice(0, 10),
    hours: hours.map((t) => new Date(t).toISOString()),
    unit: 'm³/h',
    utility: { plan: total.plan.map(round), actual: total.actual.map(round) },
    plants: out,
  };
}

/** MAPE (%) of the forecasts of the last `days` whole days against the actual, per plant and for the utility. */
export async function forecastAccuracy(ctx: AppContext, tenantId: string, days = 30, now = Date.now()) {
  const off = offsetOf(ctx.config.tz, now);
  const today = dayStart(now, off);
  const first = today - days * D;
  const list = await plants(ctx, tenantId);
  const totals = new Map<number, { f: number; a: number; n: number }>();
  const perPlant = [];
  for (const p of list) {
    const hist = await hourly(ctx, p.series!.id, first - (WEEKS * 7 + 1) * D, today);
    let sum = 0;
    let n = 0;
    let daysEvaluated = 0;
    for (let day = first; day < today; day += D) {
      const past = new Map([...hist].filter(([t]) => t < day));
      if (!past.size) continue;
      const f = forecastDay(past, day);
      let any = false;
      f.forEach((v, h) => {
        const a = hist.get(day + h * H);
        if (v === null || a === undefined || a <= 0) return;
        sum += Math.abs(a - v) / a;
        n++;
        any = true;
        const t = totals.get(day + h * H) ?? { f: 0, a: 0, n: 0 };
        t.f += v;
        t.a += a;
        t.n++;
        totals.set(day + h * H, t);
      });
      if (any) daysEvaluated++;
    }
    perPlant.push({
      stationId: p.id,
      stcd: p.stcd,
      stnm: p.stnm,
      days: daysEvaluated,
      hours: n,
      mape: n ? Number(((sum / n) * 100).toFixed(2)) : null,
    });
  }
  // the utility: hours where every plant had both a forecast and an actual
  const full = [...totals.values()].filter((t) => t.n === list.length && t.a > 0);
  const mape = full.length
    ? Number(((full.reduce((s, t) => s + Math.abs(t.a - t.f) / t.a, 0) / full.length) * 100).toFixed(2))
    : null;
  return {
    method: 'weekday-hour profile (4 weeks) × level factor (last 3 days)',
    from: new Date(first).toISOString(),
    to: new Date(today).toISOString(),
    daysRequested: days,
    utility: { hours: full.length, mape },
    plants: perPlant,
  };
}
