/**
 * Online quality stations (docs/quality.md): the points with an online station (`stcd`), their analysers' series
 * (monitor fields turbidity, chlorine, ph) mapped to indicators by `monitorField`, their latest values judged
 * against the point's limits; the exceedance watch (a run outside the limit lasting the indicator's
 * `alarmMinutes` is an alarm, a single spike is not) and compliance rates of the readings by day and month.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { tenantSql } from '../../core/scoped.ts';
import { formatDate, formatDateTime } from '../../core/time.ts';
import { raiseAlarm } from '../alarm/index.ts';
import { monitorStation, readRaw } from '../monitor/index.ts';
import { compliance, exceedanceRuns, limitFor, limitText, meets, type Rate, rateOf } from './limits.ts';
import { limitsOf, pointsOf } from './results.ts';

export const WATCH_TICK_MS = 5 * 60_000;
/** how far back a pass looks: long enough to catch a run that began before the last pass */
const LOOKBACK_MS = 6 * 3_600_000;

export interface OnlineSeries {
  pointCode: string;
  pointName: string;
  pointKind: string;
  stcd: string;
  stnm: string;
  seriesId: number;
  field: string;
  indicatorCode: string;
  indicatorName: string;
  unit: string;
  limit: Awaited<ReturnType<typeof limitsOf>>[number];
  lastTs: Date | null;
  lastValue: number | null;
}

/** Every online series of a tenant's points that maps to an indicator with a limit. */
export async function onlineSeries(ctx: AppContext, tenantId: string, stcd?: string): Promise<OnlineSeries[]> {
  const points = (await pointsOf(ctx.db, tenantId)).filter((p) => p.stcd && (!stcd || p.stcd === stcd));
  if (!points.length) return [];
  const limits = await limitsOf(ctx.db, tenantId);
  const rows = await ctx.db.execute<{
    stcd: string;
    stnm: string;
    id: number;
    field: string;
    last_ts: Date | string | null;
    last_value: number | null;
  }>(sql`select s.stcd, s.stnm, r.id, r.field, r.last_ts, r.last_value
           from swp_monitor_station s join swp_monitor_series r on r.station_id = s.id
          where ${tenantSql(monitorStation, tenantId, 's')} and s.is_deleted = 0
            and s.stcd in (${sql.join(
              points.map((p) => sql`${p.stcd}`),
              sql`, `,
            )})
          order by s.stcd, r.field`);
  const out: OnlineSeries[] = [];
  for (const p of points)
    for (const r of rows.rows.filter((x) => x.stcd === p.stcd)) {
      const code = limits.find((l) => l.monitorField === r.field)?.code;
      const limit = code ? limitFor(limits, code, p.pointKind) : undefined;
      if (!limit) continue;
      out.push({
        pointCode: p.code,
        pointName: p.name,
        pointKind: p.pointKind,
        stcd: r.stcd,
        stnm: r.stnm,
        seriesId: Number(r.id),
        field: r.field,
        indicatorCode: limit.code,
        indicatorName: limit.name,
        unit: limit.unit,
        limit,
        lastTs: r.last_ts === null ? null : new Date(r.last_ts),
        lastValue: r.last_value === null ? null : Number(r.last_value),
      });
    }
  return out;
}

/** The online screen: per station, each indicator's latest value, its limit and whether it meets it. */
export async function onlineView(ctx: AppContext, tenantId: string) {
  const series = await onlineSeries(ctx, tenantId);
  const stations = new Map<
    string,
    { pointCode: string; pointName: string; pointKind: string; stcd: string; stnm: string; values: unknown[] }
  >();
  for (const s of series) {
    let st = stations.get(s.pointCode);
    if (!st) {
      st = {
        pointCode: s.pointCode,
        pointName: s.pointName,
        pointKind: s.pointKind,
        stcd: s.stcd,
        stnm: s.stnm,
        values: [],
      };
      stations.set(s.pointCode, st);
    }
    st.values.push({
      indicatorCode: s.indicatorCode,
      indicatorName: s.indicatorName,
      field: s.field,
      unit: s.unit,
      limit: limitText(s.limit),
      value: s.lastValue,
      time: s.lastTs ? formatDateTime(s.lastTs) : null,
      compliant: s.lastValue === null ? null : meets(s.limit, s.lastValue),
    });
  }
  return [...stations.values()];
}

/** One pass of the exceedance watch over a tenant's online series; returns the alarms raised or repeated. */
export async function watchTenant(ctx: AppContext, tenantId: string, now: number, notify = true) {
  let n = 0;
  for (const s of await onlineSeries(ctx, tenantId)) {
    const minMs = s.limit.alarmMinutes * 60_000;
    const raw = await readRaw(ctx.database.pool, s.seriesId, now - LOOKBACK_MS - minMs, now + 1);
    for (const run of exceedanceRuns(raw.ts, raw.values, s.limit, minMs)) {
      const raised = await raiseAlarm(ctx, {
        tenantId,
        alarmType: 'threshold',
        alarmLevel: 2,
        source: 'detector',
        sourceKey: `quality-online:${s.stcd}:${s.indicatorCode}`,
        title: `${s.pointName}${s.indicatorName}超标`,
        content: `${s.pointName}（${s.stcd}）${s.indicatorName}自 ${formatDateTime(new Date(run.start))} 起持续超出限值 ${limitText(s.limit)}${s.unit}，最不利值 ${run.worst}${s.unit}${run.ongoing ? '，仍在持续' : `，至 ${formatDateTime(new Date(run.end))}`}。`,
        at: new Date(run.alarmAt),
        stcd: s.stcd,
        field: s.field,
        alarmValue: run.worst,
        limitValue: s.limit.kind === 'min' ? s.limit.minValue : (s.limit.maxValue ?? s.limit.minValue),
        unit: s.unit,
        detail: {
          method: 'qualityOnline',
          indicatorCode: s.indicatorCode,
          runStart: run.start,
          minutes: s.limit.alarmMinutes,
        },
        notify,
      });
      if (raised) n++;
    }
  }
  return n;
}

/** One live pass over every tenant with online points. */
export async function watchAll(ctx: AppContext, now = Date.now()) {
  const r = await ctx.db.execute<{ tenant_id: string }>(
    sql`select distinct tenant_id from swp_quality_point where is_deleted = 0 and stcd is not null`,
  );
  let n = 0;
  for (const t of r.rows) n += await watchTenant(ctx, t.tenant_id, now);
  return n;
}

/** [from, to) of the local day `YYYY-MM-DD` or month `YYYY-MM`. */
export function periodBounds(period: 'DAY' | 'MONTH', date: string): [number, number] {
  const [y, m, d] = date.split('-').map(Number);
  if (period === 'DAY') return [new Date(y, m - 1, d ?? 1).getTime(), new Date(y, m - 1, (d ?? 1) + 1).getTime()];
  return [new Date(y, m - 1, 1).getTime(), new Date(y, m, 1).getTime()];
}

const hourOf = (t: number) => formatDateTime(new Date(t)).slice(0, 13).concat(':00');
const dayOf = (t: number) => formatDate(new Date(t));

/**
 * Compliance of online readings per station and indicator over a day (buckets: hours) or a month (buckets: days),
 * with the total over all of them per indicator.
 */
export async function onlineCompliance(
  ctx: AppContext,
  tenantId: string,
  q: { stationCode?: string; indicator?: string; period: 'DAY' | 'MONTH'; date: string },
) {
  const [from, to] = periodBounds(q.period, q.date);
  const series = (await onlineSeries(ctx, tenantId, q.stationCode)).filter(
    (s) => !q.indicator || s.indicatorCode === q.indicator,
  );
  const bucketOf = q.period === 'DAY' ? hourOf : dayOf;
  const rows = [];
  const byIndicator = new Map<string, { name: string; total: number; compliant: number }>();
  for (const s of series) {
    const raw = await readRaw(ctx.database.pool, s.seriesId, from, to);
    const c = compliance(raw.ts, raw.values, s.limit, bucketOf);
    rows.push({
      pointCode: s.pointCode,
      pointName: s.pointName,
      stcd: s.stcd,
      indicatorCode: s.indicatorCode,
      indicatorName: s.indicatorName,
      limit: limitText(s.limit),
      unit: s.unit,
      ...c.all,
      buckets: [...c.buckets].map(([bucket, r]: [string, Rate]) => ({ bucket, ...r })),
    });
    const agg = byIndicator.get(s.indicatorCode) ?? { name: s.indicatorName, total: 0, compliant: 0 };
    agg.total += c.all.total;
    agg.compliant += c.all.compliant;
    byIndicator.set(s.indicatorCode, agg);
  }
  return {
    period: q.period,
    date: q.date,
    stations: rows,
    indicators: [...byIndicator].map(([code, a]) => ({
      indicatorCode: code,
      indicatorName: a.name,
      ...rateOf(a.total, a.compliant),
    })),
  };
}
