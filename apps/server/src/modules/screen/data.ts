/**
 * What a screen shows, computed for a tenant from its arrangement (layout.ts; the same for a signed-in viewer and a
 * share link): each widget of the layout with its data. Sources are loaded once per request whatever the number of
 * widgets reading them (the KPI strip and the supply chart share today's plan, for instance).
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant, tenantSql } from '../../core/scoped.ts';
import { formatDate } from '../../core/time.ts';
import { alarmInfo } from '../alarm/index.ts';
import { diagramOf, dispatchOrder, pressureCompliance, supplyPlan } from '../dispatch/index.ts';
import { ranking } from '../dma/index.ts';
import { monitorStation } from '../monitor/index.ts';
import { patrolTask } from '../patrol/index.ts';
import { onlineCompliance } from '../quality/index.ts';
import { wfInstance } from '../workflow/index.ts';
import type { ScreenCode } from './catalog.ts';
import { layoutOf, type Widget } from './layout.ts';

const D = 86_400_000;

async function openAlarms(ctx: AppContext, tenantId: string) {
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(alarmInfo)
    .where(liveInTenant(alarmInfo, tenantId, eq(alarmInfo.alarmStatus, 0)));
  const latest = await ctx.db
    .select({
      id: alarmInfo.id,
      title: alarmInfo.title,
      alarmType: alarmInfo.alarmType,
      alarmLevel: alarmInfo.alarmLevel,
      alarmTime: alarmInfo.alarmTime,
      lgtd: alarmInfo.lgtd,
      lttd: alarmInfo.lttd,
    })
    .from(alarmInfo)
    .where(liveInTenant(alarmInfo, tenantId, eq(alarmInfo.alarmStatus, 0)))
    .orderBy(desc(alarmInfo.alarmTime))
    .limit(50);
  return { open: n, latest };
}

async function openRepairs(ctx: AppContext, tenantId: string) {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from wf_instance where ${tenantSql(wfInstance, tenantId)} and process_key = 'burst_repair'
          and state in ('running', 'suspended')`,
  );
  return r.rows[0].n;
}

async function patrolProgress(ctx: AppContext, tenantId: string, now: Date) {
  const r = await ctx.db.execute<{ tasks: number; finished: number; objects: number; checked: number }>(
    sql`select count(*)::int as tasks, count(finish_time)::int as finished,
               coalesce(sum(object_count), 0)::int as objects, coalesce(sum(checked_count), 0)::int as checked
          from swp_patrol_task where ${tenantSql(patrolTask, tenantId)} and is_deleted = 0
           and period_start <= ${now.toISOString()}::timestamptz and period_end > ${now.toISOString()}::timestamptz`,
  );
  const x = r.rows[0];
  return { ...x, rate: x.objects ? Number(((x.checked / x.objects) * 100).toFixed(1)) : null };
}

async function stationsForMap(ctx: AppContext, tenantId: string) {
  return ctx.db
    .select({
      stcd: monitorStation.stcd,
      stnm: monitorStation.stnm,
      sttp: monitorStation.sttp,
      lgtd: monitorStation.lgtd,
      lttd: monitorStation.lttd,
    })
    .from(monitorStation)
    .where(liveInTenant(monitorStation, tenantId, inArray(monitorStation.sttp, ['SC', 'BZ', 'YL', 'LL', 'SZ', 'RR'])));
}

async function openOrders(ctx: AppContext, tenantId: string) {
  return ctx.db
    .select()
    .from(dispatchOrder)
    .where(liveInTenant(dispatchOrder, tenantId, inArray(dispatchOrder.state, ['issued', 'acknowledged'])))
    .orderBy(desc(dispatchOrder.issuedAt))
    .limit(20);
}

const sumOf = (xs: (number | null)[]) => xs.reduce<number>((s, v) => s + (v ?? 0), 0);

/** m³ so far today (hourly means × 1 h) against the plan of the same hours, and the plan of the whole day. */
function supplySummary(s: { plan: (number | null)[]; actual: (number | null)[] }) {
  const actualHours = s.actual.filter((v) => v !== null).length;
  return {
    actualSoFar: sumOf(s.actual),
    planSoFar: sumOf(s.plan.slice(0, actualHours)),
    planDay: sumOf(s.plan),
  };
}

/** Lazily loaded sources of one request. */
function sources(ctx: AppContext, tenantId: string, nowMs: number) {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, f: () => Promise<T>) => {
    if (!memo.has(key)) memo.set(key, f());
    return memo.get(key) as Promise<T>;
  };
  const now = new Date(nowMs);
  const plan = () => once('plan', () => supplyPlan(ctx, tenantId, nowMs));
  const dayStart = async () => new Date((await plan()).hours[0]).getTime();
  return {
    plan,
    pressure: () =>
      once('pressure', async () => {
        const from = await dayStart();
        return pressureCompliance(ctx, tenantId, from, Math.min(nowMs, from + D));
      }),
    quality: () =>
      once('quality', async () => {
        const c = await onlineCompliance(ctx, tenantId, { period: 'DAY', date: formatDate(now) });
        const total = c.stations.reduce((s, r) => s + r.total, 0);
        const good = c.stations.reduce((s, r) => s + r.compliant, 0);
        return {
          rate: total ? Math.round((good / total) * 10_000) / 100 : null,
          readings: total,
          indicators: c.indicators,
          stations: c.stations.map(({ buckets: _b, ...r }) => r),
        };
      }),
    alarms: () => once('alarms', () => openAlarms(ctx, tenantId)),
    repairs: () => once('repairs', () => openRepairs(ctx, tenantId)),
    patrol: () => once('patrol', () => patrolProgress(ctx, tenantId, now)),
    stations: () => once('stations', () => stationsForMap(ctx, tenantId)),
    diagram: () => once('diagram', () => diagramOf(ctx, tenantId, nowMs)),
    orders: () => once('orders', () => openOrders(ctx, tenantId)),
    nrw: (period: 'DAY' | 'MONTH') =>
      once(`nrw:${period}`, async () => {
        const d = (await plan()).date;
        return ranking(ctx, tenantId, period, period === 'MONTH' ? d.slice(0, 7) : d);
      }),
  };
}
type Sources = ReturnType<typeof sources>;

async function widgetData(s: Sources, w: Widget): Promise<unknown> {
  const o = w.options as Record<string, never>;
  switch (w.widget) {
    case 'kpis': {
      const items = o.items as unknown as string[];
      const out: Record<string, number | null> = {};
      for (const k of items) {
        if (k === 'supplyToday' || k === 'vsPlan') {
          const p = supplySummary((await s.plan()).utility);
          out[k] = k === 'supplyToday' ? p.actualSoFar : p.planSoFar ? (p.actualSoFar / p.planSoFar) * 100 : null;
        } else if (k === 'pressureRate') out[k] = (await s.pressure()).rate;
        else if (k === 'qualityRate') out[k] = (await s.quality()).rate;
        else if (k === 'openAlarms') out[k] = (await s.alarms()).open;
        else if (k === 'openRepairs') out[k] = await s.repairs();
        else if (k === 'patrolRate') out[k] = (await s.patrol()).rate;
      }
      return out;
    }
    case 'supply': {
      const p = await s.plan();
      const plant = o.plant as unknown as string | undefined;
      const series = plant ? p.plants.find((x) => x.stcd === plant) : undefined;
      const line = series ?? { stcd: '', stnm: '', ...p.utility };
      return {
        date: p.date,
        hours: p.hours,
        name: line.stnm,
        plan: line.plan,
        actual: line.actual,
        ...supplySummary(line),
      };
    }
    case 'map':
      return { stations: await s.stations(), alarms: o.alarms ? (await s.alarms()).latest : [] };
    case 'nrw':
      return (await s.nrw(o.period as unknown as 'DAY' | 'MONTH')).slice(0, o.top as unknown as number);
    case 'pressure':
      return s.pressure();
    case 'quality':
      return s.quality();
    case 'alarms': {
      const a = await s.alarms();
      return { open: a.open, repairs: await s.repairs(), latest: a.latest.slice(0, o.limit as unknown as number) };
    }
    case 'patrol':
      return s.patrol();
    case 'diagram':
      return s.diagram();
    case 'orders':
      return (await s.orders()).slice(0, o.limit as unknown as number);
  }
}

export async function screenData(ctx: AppContext, tenantId: string, code: ScreenCode, nowMs = Date.now()) {
  const layout = await layoutOf(ctx, tenantId, code);
  const s = sources(ctx, tenantId, nowMs);
  const widgets = [];
  for (const w of layout.widgets) widgets.push({ ...w, data: await widgetData(s, w) });
  return { code, time: new Date(nowMs).toISOString(), widgets };
}
