/**
 * Leak detection on the zones' night flows, stored and raised (docs/dma.md): the night flows of a zone over a
 * period (with five weeks before it for the references), the detector's findings as leak events (one per zone
 * and estimated start: a re-run never repeats one) and each new event as an alarm in the alarm centre. Runs live
 * in the jobs leader (`detectLive`, a leaderJob of dma/index.ts) and over history on request
 * (`POST /swp-dma/leak/detect`).
 */
import { desc, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { formatDateTime } from '../../core/time.ts';
import { raiseAlarm } from '../alarm/index.ts';
import { meterHours, pressureHours, zoneSeries } from './data.ts';
import { type Detection, detectLeaks, type KnownLeak } from './detector.ts';
import { DAY_MS, legitimateNightUse, nightFlows } from './nightflow.ts';
import { dmaLeakEvent } from './schema.ts';
import { type DmaRow, zonesOf } from './zones.ts';

export const LEAK_TICK_MS = 15 * 60_000;
/** references reach four weeks back, plus the week of the seasonal level */
const LOOKBACK_MS = 40 * DAY_MS;

export async function zoneNights(ctx: AppContext, zone: DmaRow, from: number, to: number) {
  const series = await zoneSeries(ctx, zone);
  const hours = await meterHours(ctx, series, from - LOOKBACK_MS - DAY_MS, to + DAY_MS);
  // the zone's pressure meter, where it has one, is the same-day test's second witness
  const pressure = await pressureHours(ctx, series, from - LOOKBACK_MS - DAY_MS, to + DAY_MS);
  const nights = nightFlows(
    hours,
    from - LOOKBACK_MS,
    to,
    { nightStart: zone.nightStart, nightEnd: zone.nightEnd },
    pressure,
  );
  return { nights, hasMeters: hours.length > 0 };
}

/**
 * The zone's leak events as expected flow. `rerun`: the period a detection run judges; the detector's own events
 * that start inside it are left out, since the run finds them again: fed back as known they would change what it
 * finds (a known leak shifts every later baseline), and a re-run of the same period would store new events beside
 * the old ones. Events before the period, and leaks reported by hand, stay known.
 */
async function knownLeaks(ctx: AppContext, zone: DmaRow, rerun?: { from: number; to: number }): Promise<KnownLeak[]> {
  const all = await ctx.db
    .select()
    .from(dmaLeakEvent)
    .where(liveInTenant(dmaLeakEvent, zone.tenantId, eq(dmaLeakEvent.dmaCode, zone.code)));
  const rows = rerun
    ? all.filter(
        (r) =>
          r.kind === 'reported' || r.estimatedStart.getTime() < rerun.from || r.estimatedStart.getTime() >= rerun.to,
      )
    : all;
  return rows.map((r) => ({
    start: r.estimatedStart.getTime(),
    end: r.closedAt?.getTime() ?? null,
    flow: r.leakFlow,
  }));
}

/** The night-flow chart of a zone: each night's MNF, legitimate use, excess, baseline, residual and CUSUM. */
export async function nightFlowOf(ctx: AppContext, zone: DmaRow, from: number, to: number) {
  const { nights } = await zoneNights(ctx, zone, from, to);
  const { judged } = detectLeaks(nights, { windowHours: zone.nightEnd - zone.nightStart }, await knownLeaks(ctx, zone));
  const legit = legitimateNightUse(zone);
  const r2 = (v: number | null) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 100) / 100);
  return {
    dmaCode: zone.code,
    nightStart: zone.nightStart,
    nightEnd: zone.nightEnd,
    legitimateNightUse: r2(legit),
    nights: judged
      .filter((j) => j.t >= from)
      .map((j) => ({
        date: j.date,
        mnf: r2(j.mnf),
        legitimate: r2(legit),
        excess: j.valid ? r2(j.mnf - legit) : null,
        baseline: r2(j.baseline),
        residual: r2(j.residual),
        cusum: r2(j.cusum),
        valid: j.valid,
        reason: j.reason ?? null,
      })),
  };
}

/**
 * The event code names the zone and the estimated start (to the minute): the same finding from a re-run or a
 * second instance gets the same code, so the unique keys refuse it rather than a random code slipping through.
 */
export function eventCode(dmaCode: string, start: number) {
  const d = new Date(start);
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}`;
  return `LK${stamp}-${dmaCode}`.slice(0, 32);
}

const fmt = (v: number, d = 1) => Number(v.toFixed(d));

/** Stores a detection as an event (unless one with the same start exists) and raises its alarm. */
async function record(ctx: AppContext, zone: DmaRow, d: Detection, notify: boolean) {
  const code = eventCode(zone.code, d.estimatedStart);
  const [ev] = await ctx.db
    .insert(dmaLeakEvent)
    .values({
      tenantId: zone.tenantId,
      code,
      dmaCode: zone.code,
      dmaName: zone.name,
      kind: d.kind,
      estimatedStart: new Date(d.estimatedStart),
      detectedAt: new Date(d.detectedAt),
      leakFlow: fmt(d.leakFlow, 2),
      detail: {
        night: d.night,
        residual: fmt(d.residual, 2),
        sigma: fmt(d.sigma, 2),
        baseline: fmt(d.baseline, 2),
        cusum: d.cusum === undefined ? null : fmt(d.cusum, 2),
      },
      createTime: new Date(d.detectedAt),
    })
    .onConflictDoNothing()
    .returning();
  if (!ev) return null;
  const kindName = d.kind === 'burst' ? '突发漏损' : '渐进漏损';
  const raised = await raiseAlarm(ctx, {
    tenantId: zone.tenantId,
    alarmType: 'burst',
    alarmLevel: d.kind === 'burst' ? 3 : 2,
    source: 'detector',
    sourceKey: `leak:${zone.code}:${ev.code}`,
    title: `${zone.name}疑似${kindName}（夜间最小流量）`,
    content: `${zone.name} ${d.night} 夜间最小流量较基准 ${fmt(d.baseline)} m³/h 高 ${fmt(d.residual)} m³/h，估计漏损 ${fmt(d.leakFlow)} m³/h，估计开始于 ${formatDateTime(new Date(d.estimatedStart))}（漏损事件 ${ev.code}）。`,
    at: new Date(d.detectedAt),
    field: 'flow',
    stcd: zone.meters.find((m) => m.direction === 'in')?.stcd ?? null,
    dmaCode: zone.code,
    dmaName: zone.name,
    alarmValue: fmt(d.leakFlow),
    limitValue: fmt(d.baseline),
    unit: 'm³/h',
    detail: { method: 'leakEvent', eventCode: ev.code, kind: d.kind },
    configCode: 'alarm.pipe_burst',
    notify,
  });
  if (raised) await ctx.db.update(dmaLeakEvent).set({ alarmId: raised.id }).where(eq(dmaLeakEvent.id, ev.id));
  return { ...ev, alarmId: raised?.id ?? null };
}

/** A leak reported by hand (kind `reported`): an event without an alarm, a person raised it. */
export async function reportLeak(
  ctx: AppContext,
  zone: DmaRow,
  b: { estimatedStart: number; leakFlow: number; remark?: string },
  userId: string | null,
) {
  const now = Date.now();
  const [ev] = await ctx.db
    .insert(dmaLeakEvent)
    .values({
      tenantId: zone.tenantId,
      code: eventCode(zone.code, b.estimatedStart),
      dmaCode: zone.code,
      dmaName: zone.name,
      kind: 'reported',
      estimatedStart: new Date(b.estimatedStart),
      detectedAt: new Date(now),
      leakFlow: b.leakFlow,
      detail: { remark: b.remark ?? null },
      createUser: userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!ev) throw badRequest('该分区在此开始时间已有漏损事件');
  return ev;
}

/** Runs the detector over [from, to) of one zone; returns the events it stored. */
export async function detectZone(ctx: AppContext, zone: DmaRow, from: number, to: number, notify = false) {
  const { nights } = await zoneNights(ctx, zone, from, to);
  const { detections } = detectLeaks(
    nights,
    { windowHours: zone.nightEnd - zone.nightStart, confirmDelayHours: zone.nightEnd - zone.nightStart + 4 },
    await knownLeaks(ctx, zone, { from, to }),
    from,
  );
  const stored = [];
  for (const d of detections) {
    if (d.detectedAt > Date.now()) continue;
    const ev = await record(ctx, zone, d, notify);
    if (ev) stored.push(ev);
  }
  return { nights: nights.filter((n) => n.t >= from).length, detections: detections.length, events: stored };
}

/** One live pass: every zone with meters of every tenant, over the last two days. */
export async function detectLive(ctx: AppContext, now = Date.now()) {
  const zones = await ctx.db.execute<{ tenant_id: string }>(
    sql`select distinct tenant_id from swp_dma where is_deleted = 0 and jsonb_array_length(meters) > 0`,
  );
  let n = 0;
  for (const t of zones.rows)
    for (const z of await zonesOf(ctx.db, t.tenant_id)) {
      if (!z.meters.length) continue;
      n += (await detectZone(ctx, z, now - 2 * DAY_MS, now, true)).events.length;
    }
  return n;
}

export async function latestEvents(ctx: AppContext, tenantId: string, limit = 5) {
  return ctx.db
    .select()
    .from(dmaLeakEvent)
    .where(liveInTenant(dmaLeakEvent, tenantId))
    .orderBy(desc(dmaLeakEvent.detectedAt))
    .limit(limit);
}
