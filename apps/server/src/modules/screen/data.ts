/**
 * What the screens show, computed for a tenant (the same for a signed-in viewer and a share link):
 * - overview: today's supply against plan, NRW by DMA (this month), pressure compliance today, open alarms (with
 *   position for the map), open repairs (running 爆管抢修 instances), patrol progress of the current periods
 * - dispatch: the process diagram, today's plan, open dispatch orders
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { alarmInfo, dispatchOrder, monitorStation } from '../../db/schema.ts';
import { diagramOf, pressureCompliance, supplyPlan } from '../dispatch/index.ts';
import { ranking } from '../dma/index.ts';
import type { ScreenCode } from './catalog.ts';

const D = 86_400_000;

async function openAlarms(ctx: AppContext, tenantId: string) {
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(alarmInfo)
    .where(and(eq(alarmInfo.tenantId, tenantId), eq(alarmInfo.isDeleted, 0), eq(alarmInfo.alarmStatus, 0)));
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
    .where(and(eq(alarmInfo.tenantId, tenantId), eq(alarmInfo.isDeleted, 0), eq(alarmInfo.alarmStatus, 0)))
    .orderBy(desc(alarmInfo.alarmTime))
    .limit(50);
  return { open: n, latest };
}

async function openRepairs(ctx: AppContext, tenantId: string) {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from wf_instance where tenant_id = ${tenantId} and process_key = 'burst_repair'
          and state in ('running', 'suspended')`,
  );
  return r.rows[0].n;
}

async function patrolProgress(ctx: AppContext, tenantId: string, now: Date) {
  const r = await ctx.db.execute<{ tasks: number; finished: number; objects: number; checked: number }>(
    sql`select count(*)::int as tasks, count(finish_time)::int as finished,
               coalesce(sum(object_count), 0)::int as objects, coalesce(sum(checked_count), 0)::int as checked
          from swp_patrol_task where tenant_id = ${tenantId} and is_deleted = 0
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
    .where(
      and(
        eq(monitorStation.tenantId, tenantId),
        eq(monitorStation.isDeleted, 0),
        inArray(monitorStation.sttp, ['SC', 'BZ', 'YL', 'LL', 'SZ', 'RR']),
      ),
    );
}

const sumOf = (xs: (number | null)[]) => xs.reduce<number>((s, v) => s + (v ?? 0), 0);

function supplySummary(plan: Awaited<ReturnType<typeof supplyPlan>>) {
  const actualHours = plan.utility.actual.filter((v) => v !== null).length;
  return {
    ...plan,
    // m³ so far today (hourly means × 1 h) against the plan of the same hours, and the plan of the whole day
    actualSoFar: sumOf(plan.utility.actual),
    planSoFar: sumOf(plan.utility.plan.slice(0, actualHours)),
    planDay: sumOf(plan.utility.plan),
  };
}

export async function screenData(ctx: AppContext, tenantId: string, code: ScreenCode, nowMs = Date.now()) {
  const now = new Date(nowMs);
  const plan = supplySummary(await supplyPlan(ctx, tenantId, nowMs));
  if (code === 'dispatch') {
    const orders = await ctx.db
      .select()
      .from(dispatchOrder)
      .where(
        and(
          eq(dispatchOrder.tenantId, tenantId),
          eq(dispatchOrder.isDeleted, 0),
          inArray(dispatchOrder.state, ['issued', 'acknowledged']),
        ),
      )
      .orderBy(desc(dispatchOrder.issuedAt))
      .limit(20);
    return { code, time: now.toISOString(), diagram: await diagramOf(ctx, tenantId, nowMs), supply: plan, orders };
  }
  const dayStart = new Date(plan.hours[0]).getTime();
  const month = plan.date.slice(0, 7);
  return {
    code,
    time: now.toISOString(),
    supply: plan,
    nrw: await ranking(ctx, tenantId, 'MONTH', month),
    pressure: await pressureCompliance(ctx, tenantId, dayStart, Math.min(nowMs, dayStart + D)),
    alarms: await openAlarms(ctx, tenantId),
    repairs: await openRepairs(ctx, tenantId),
    patrol: await patrolProgress(ctx, tenantId, now),
    stations: await stationsForMap(ctx, tenantId),
  };
}
