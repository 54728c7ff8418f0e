/**
 * Monitoring services: the history query (spec 1 §3, §7.3) over one station, the station list for the screen
 * (latest values and state), and the lookups other modules may use (exported from index.ts).
 */
import type { HistoryPoint, HistorySeriesInfo, LatestValue, HistoryResult as WireHistoryResult } from '@swp/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { compileFilters, compileSort, pageOf, parsePaging } from '../../core/query.ts';
import type { Tx } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { formatDateTime } from '../../core/time.ts';
import type { Db } from '../../db/connection.ts';
import {
  FIELDS,
  MONITOR_TYPE_DEFS,
  MONITOR_TYPES,
  type MonitorType,
  STATION_TYPES,
  THRESHOLDS,
  type WindowCode,
} from './fields.ts';
import { limitsOf, type OutPoint, type SeriesRef, seriesHistory } from './history.ts';
import type { Dimension, HistoryQuery, PeriodItem } from './request.ts';
import { monitorSeries, monitorStation } from './schema.ts';

export type StationRow = typeof monitorStation.$inferSelect;
export type SeriesRow = typeof monitorSeries.$inferSelect;

/** Finds the station a query names (stId, stcd or deviceCode) within the tenant; 400 when there is none. */
export async function resolveStation(
  ctx: AppContext,
  tenantId: string,
  q: Pick<HistoryQuery, 'stId' | 'stcd' | 'deviceCode'>,
): Promise<StationRow> {
  const conds: SQL[] = [liveInTenant(monitorStation, tenantId)];
  if (q.stId) conds.push(eq(monitorStation.id, q.stId));
  if (q.stcd) conds.push(eq(monitorStation.stcd, q.stcd));
  if (q.deviceCode) conds.push(eq(monitorStation.deviceCode, q.deviceCode));
  const rows = await ctx.db
    .select()
    .from(monitorStation)
    .where(and(...conds))
    .limit(1);
  if (!rows.length) {
    const named = q.stcd ? `stcd=${q.stcd}` : q.stId ? `stId=${q.stId}` : `deviceCode=${q.deviceCode}`;
    throw badRequest(`站点不存在: ${named}`);
  }
  return rows[0];
}

export async function seriesOf(ctx: Pick<AppContext, 'db'>, stationIds: string[]): Promise<SeriesRow[]> {
  if (!stationIds.length) return [];
  return ctx.db
    .select()
    .from(monitorSeries)
    .where(inArray(monitorSeries.stationId, stationIds))
    .orderBy(asc(monitorSeries.id));
}

/** The series `field` (id, step) of the live station `stcd` in the tenant; undefined when there is none. */
export async function seriesByCode(
  db: Db | Tx,
  tenantId: string,
  stcd: string,
  field: string,
): Promise<{ id: number; step: number } | undefined> {
  const [s] = await db
    .select({ id: monitorSeries.id, step: monitorSeries.stepSeconds })
    .from(monitorSeries)
    .innerJoin(monitorStation, eq(monitorStation.id, monitorSeries.stationId))
    .where(liveInTenant(monitorStation, tenantId, eq(monitorStation.stcd, stcd), eq(monitorSeries.field, field)));
  return s;
}

/** The station a query names with its series, in one round trip; 400 when there is none. */
export async function stationWithSeries(
  ctx: AppContext,
  tenantId: string,
  q: Pick<HistoryQuery, 'stId' | 'stcd' | 'deviceCode'>,
): Promise<{ station: StationRow; series: SeriesRow[] }> {
  const conds: SQL[] = [liveInTenant(monitorStation, tenantId)];
  if (q.stId) conds.push(eq(monitorStation.id, q.stId));
  if (q.stcd) conds.push(eq(monitorStation.stcd, q.stcd));
  if (q.deviceCode) conds.push(eq(monitorStation.deviceCode, q.deviceCode));
  const rows = await ctx.db
    .select({ station: monitorStation, series: monitorSeries })
    .from(monitorStation)
    .leftJoin(monitorSeries, eq(monitorSeries.stationId, monitorStation.id))
    .where(and(...conds))
    .orderBy(asc(monitorStation.id), asc(monitorSeries.id));
  if (!rows.length) {
    const named = q.stcd ? `stcd=${q.stcd}` : q.stId ? `stId=${q.stId}` : `deviceCode=${q.deviceCode}`;
    throw badRequest(`站点不存在: ${named}`);
  }
  const station = rows[0].station;
  const series = rows.filter((r) => r.station.id === station.id && r.series).map((r) => r.series as SeriesRow);
  return { station, series };
}

const label = (s: StationRow) => `${s.stnm}(${s.stcd})`;

export type { HistoryPoint };
/** The history answer with the server's own window, type and dimension codes. */
export type HistoryResult = WireHistoryResult<WindowCode, MonitorType, Dimension>;

const pad = (n: number) => String(n).padStart(2, '0');

/** Position of a time within its period, so that periods line up on one axis. */
export function axisOf(t: number, dimension: Dimension, stepSeconds: number): string {
  const d = new Date(t);
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const daily = stepSeconds >= 86_400;
  if (dimension === 'DAY') return hm;
  if (dimension === 'MONTH') return daily ? pad(d.getDate()) : `${pad(d.getDate())} ${hm}`;
  return daily ? `${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${hm}`;
}

function summarize(points: OutPoint[], agg: 'sum' | 'mean') {
  if (!points.length) return { min: null, max: null, avg: null, sum: null };
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const p of points) {
    const lo = p.min ?? p.value;
    const hi = p.max ?? p.value;
    if (lo < min) min = lo;
    if (hi > max) max = hi;
    sum += p.value;
  }
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return { min: r(min), max: r(max), avg: r(sum / points.length), sum: agg === 'sum' ? r(sum) : null };
}

/** Picks the station's fields for a query: those named, or the type's defaults the station has. */
export function chooseFields(
  station: StationRow,
  series: SeriesRow[],
  q: HistoryQuery,
): { type: MonitorType; fields: SeriesRow[] } {
  const have = new Map(series.map((s) => [s.field, s]));
  let type = q.monitorType;
  if (!type && !q.dataFields) {
    // the panel's default category is RAIN; a station without rain opens on its first type
    type = MONITOR_TYPES.find((t) => MONITOR_TYPE_DEFS[t].dataFields.some((f) => have.has(f))) ?? 'RAIN';
    if (have.has('hourW')) type = 'RAIN';
  }
  const wanted = q.dataFields ?? MONITOR_TYPE_DEFS[type as MonitorType].dataFields.filter((f) => have.has(f));
  if (!wanted.length) {
    throw badRequest(`站点 ${label(station)} 没有${MONITOR_TYPE_DEFS[type as MonitorType].name}监测数据（${type}）`);
  }
  const missing = wanted.find((f) => !have.has(f));
  if (missing) throw badRequest(`站点 ${label(station)} 没有监测项: ${missing}`);
  return { type: type ?? FIELDS[wanted[0]].monitorType, fields: wanted.map((f) => have.get(f) as SeriesRow) };
}

const refOf = (s: SeriesRow): SeriesRef => ({
  id: s.id,
  field: s.field,
  stepSeconds: s.stepSeconds,
  physMin: s.physMin,
  physMax: s.physMax,
  hampelFloor: s.hampelFloor,
});

/** The history query: one entry of `statistics` per field (time range) or per period (comparison). */
export async function history(ctx: AppContext, tenantId: string, q: HistoryQuery): Promise<HistoryResult> {
  const { station, series } = await stationWithSeries(ctx, tenantId, q);
  const { type, fields } = chooseFields(station, series, q);
  const statistics: Record<string, HistoryPoint[]> = {};
  const infos: HistorySeriesInfo<WindowCode>[] = [];
  const pool = ctx.database.pool;

  const ranges: { key?: string; from: number; to: number; period?: PeriodItem }[] = q.contemporaneous
    ? q.contemporaneous.map((p) => ({ key: p.key, from: p.from, to: p.to, period: p }))
    : [{ from: q.from as number, to: q.to as number }];

  for (const s of fields) {
    const def = FIELDS[s.field];
    for (const range of ranges) {
      const r = await seriesHistory(pool, refOf(s), range.from, range.to, q.window, q.filterOutliers);
      const key = range.key === undefined ? s.field : fields.length > 1 ? `${s.field}@${range.key}` : range.key;
      statistics[key] = r.points.map((p) => {
        const out: HistoryPoint = { time: formatDateTime(new Date(p.t)), value: p.value };
        if (p.min !== undefined) {
          out.min = p.min;
          out.max = p.max;
        }
        if (range.period) out.axis = axisOf(p.t, range.period.dimension, r.step);
        return out;
      });
      infos.push({
        key,
        field: s.field,
        name: def.name,
        unit: def.unit,
        ...(range.period ? { date: range.period.key } : {}),
        window: r.window,
        step: r.step,
        count: r.points.length,
        removed: r.removed,
        source: r.source,
        ...summarize(r.points, def.agg),
      });
    }
  }
  // The widest window any series needed is the one reported.
  const windows = infos.map((i) => i.window).filter((w): w is WindowCode => !!w);
  const window = windows.length ? windows.reduce((a, b) => (WINDOW_ORDER[b] > WINDOW_ORDER[a] ? b : a)) : null;

  const alarmThreshold: HistoryResult['alarmThreshold'] = [];
  if (fields.some((f) => f.field === 'z')) {
    if (station.lowWl !== null)
      alarmThreshold.push({ code: 'LOW_WL', name: THRESHOLDS.LOW_WL.name, value: station.lowWl });
    if (station.alertWl !== null)
      alarmThreshold.push({ code: 'ALERT_WL', name: THRESHOLDS.ALERT_WL.name, value: station.alertWl });
  }
  return {
    stId: station.id,
    stcd: station.stcd,
    stnm: station.stnm,
    sttp: station.sttp,
    monitorType: type,
    timeField: MONITOR_TYPE_DEFS[type].timeField,
    dataFields: fields.map((f) => f.field),
    startTime: q.from === undefined ? null : formatDateTime(new Date(q.from)),
    endTime: q.to === undefined ? null : formatDateTime(new Date(q.to - 1)),
    contemporaneous: q.contemporaneous
      ? q.contemporaneous.map((p) => ({
          date: p.date,
          dimension: p.dimension,
          key: p.key,
          startTime: formatDateTime(new Date(p.from)),
          endTime: formatDateTime(new Date(p.to - 1000)),
        }))
      : null,
    querySetting: { filterOutliers: q.filterOutliers, dataDilute: window ? { action: 'DEFAULT', window } : null },
    statistics,
    series: infos,
    alarmThreshold,
  };
}

const WINDOW_ORDER: Record<WindowCode, number> = { '30M': 0, '1H': 1, '3H': 2, '6H': 3, '12H': 4, '24H': 5 };

// ---------------------------------------------------------------------------------------------------------------
// Station list

export const STATES = {
  NORMAL: '正常',
  ALERT: '超警戒',
  DANGER: '超保证',
  FAULT: '数据异常',
  OFFLINE: '离线',
} as const;
export type StationState = keyof typeof STATES;

/** Where a station is: its place name, address, EPSG:4548 x/y and longitude/latitude (views and pickers). */
export const stationPlace = (s: Pick<StationRow, 'location' | 'address' | 'x' | 'y' | 'lgtd' | 'lttd'>) => ({
  location: s.location,
  address: s.address,
  x: s.x,
  y: s.y,
  lgtd: s.lgtd,
  lttd: s.lttd,
});

/** A station as the screen lists it. */
export function stationView(s: StationRow, series: SeriesRow[], now = Date.now()) {
  const latest: LatestValue[] = [];
  let newest = 0;
  let fault = false;
  let fresh = false;
  for (const x of series) {
    if (!x.lastTs || x.lastValue === null) continue;
    const def = FIELDS[x.field];
    const t = x.lastTs.getTime();
    newest = Math.max(newest, t);
    // a reading is current while no more than three reporting steps (at least two hours) are missing
    if (now - t <= Math.max(3 * x.stepSeconds * 1000, 2 * 3_600_000) + x.stepSeconds * 1000) fresh = true;
    const lim = limitsOf({ ...x, stepSeconds: x.stepSeconds });
    if (x.lastValue < lim.physMin || x.lastValue > lim.physMax) fault = true;
    latest.push({ field: x.field, name: def.name, unit: def.unit, value: x.lastValue, time: formatDateTime(x.lastTs) });
  }
  const z = series.find((x) => x.field === 'z')?.lastValue ?? null;
  let state: StationState = 'NORMAL';
  if (!fresh) state = 'OFFLINE';
  else if (fault) state = 'FAULT';
  else if (z !== null && s.lowWl !== null && z >= s.lowWl) state = 'DANGER';
  else if (z !== null && s.alertWl !== null && z >= s.alertWl) state = 'ALERT';
  const types = MONITOR_TYPES.filter((t) =>
    MONITOR_TYPE_DEFS[t].dataFields.some((f) => series.some((x) => x.field === f)),
  );
  return {
    id: s.id,
    tenantId: s.tenantId,
    stcd: s.stcd,
    stnm: s.stnm,
    sttp: s.sttp,
    sttpName: STATION_TYPES[s.sttp]?.name ?? s.sttp,
    category: s.category,
    deviceCode: s.deviceCode,
    deviceType: s.deviceType,
    ...stationPlace(s),
    alertWl: s.alertWl,
    lowWl: s.lowWl,
    sort: s.sort,
    remark: s.remark,
    /** the simulator can feed it (it has a profile) and whether it does (`simulated`) */
    simulatable: s.sim !== null,
    simulated: s.sim !== null && s.simulated,
    monitorTypes: types,
    fields: series.map((x) => ({
      field: x.field,
      name: FIELDS[x.field]?.name ?? x.field,
      unit: FIELDS[x.field]?.unit ?? '',
      monitorType: FIELDS[x.field]?.monitorType,
      step: x.stepSeconds,
    })),
    latest,
    latestTime: newest ? formatDateTime(new Date(newest)) : null,
    state,
    stateName: STATES[state],
  };
}

/** Query keys of the station page that are not column filters. */
const PAGE_PARAMS = new Set(['state', 'monitorType', 'keyword']);

/**
 * `GET /swp-computing/monitor/station/page`: BladeX paging and filters over the station columns, plus `state`
 * (NORMAL, ALERT, DANGER, FAULT, OFFLINE; comma-joined for several), `monitorType` and `keyword` (name or code).
 */
export async function stationPage(ctx: AppContext, tenantId: string, q: Record<string, unknown>) {
  const paging = parsePaging(q, 10);
  const conds: SQL[] = [
    liveInTenant(monitorStation, tenantId),
    ...compileFilters(monitorStation, q, { passthrough: PAGE_PARAMS, deny: new Set(['sim']) }),
  ];
  const order = compileSort(monitorStation, q, [asc(monitorStation.sort), asc(monitorStation.stcd)]);
  const rows = await ctx.db
    .select()
    .from(monitorStation)
    .where(and(...conds))
    .orderBy(...order);
  let views = await stationViews(ctx, rows);

  const state =
    typeof q.state === 'string' && q.state ? q.state.split(',').map((x) => x.trim().toUpperCase()) : undefined;
  if (state) {
    const bad = state.find((x) => !(x in STATES));
    if (bad) throw badRequest(`未知的站点状态: ${bad}，可选 ${Object.keys(STATES).join('、')}`);
    views = views.filter((v) => state.includes(v.state));
  }
  const mt = typeof q.monitorType === 'string' && q.monitorType ? q.monitorType : undefined;
  if (mt) {
    if (!(MONITOR_TYPES as readonly string[]).includes(mt)) throw badRequest(`未知的监测类型: ${mt}`);
    views = views.filter((v) => (v.monitorTypes as string[]).includes(mt));
  }
  const kw = typeof q.keyword === 'string' ? q.keyword.trim().toLowerCase() : '';
  if (kw) views = views.filter((v) => v.stnm.toLowerCase().includes(kw) || v.stcd.toLowerCase().includes(kw));

  const records = views.slice(paging.offset, paging.offset + paging.size);
  return pageOf(records, views.length, paging);
}

/** Stations as the screen lists them, each with its series read (in one query). */
export async function stationViews(ctx: Pick<AppContext, 'db'>, rows: StationRow[]) {
  const series = await seriesOf(
    ctx,
    rows.map((r) => r.id),
  );
  const byStation = new Map<string, SeriesRow[]>();
  for (const s of series) {
    const list = byStation.get(s.stationId);
    if (list) list.push(s);
    else byStation.set(s.stationId, [s]);
  }
  const now = Date.now();
  return rows.map((r) => stationView(r, byStation.get(r.id) ?? [], now));
}

/** One station of the tenant as the screen lists it (null when there is none): the simulation switch's answer. */
export async function stationDetail(ctx: AppContext, tenantId: string, id: string) {
  const rows = await ctx.db
    .select()
    .from(monitorStation)
    .where(liveInTenant(monitorStation, tenantId, eq(monitorStation.id, id)));
  return (await stationViews(ctx, rows))[0] ?? null;
}

/**
 * Turns a station's simulation on or off (`POST /swp-computing/monitor/station/simulation`): off when a real device
 * takes the station over, so the simulator and the device never write the same series. Stations without a simulator
 * profile cannot be simulated.
 */
export async function setSimulated(ctx: AppContext, tenantId: string, id: string, simulated: boolean) {
  const rows = await ctx.db
    .update(monitorStation)
    .set({ simulated, updateTime: new Date() })
    .where(liveInTenant(monitorStation, tenantId, eq(monitorStation.id, id)))
    .returning({ sim: monitorStation.sim });
  if (!rows.length) throw badRequest('站点不存在或无权操作');
  if (simulated && rows[0].sim === null) {
    await ctx.db.update(monitorStation).set({ simulated: false }).where(eq(monitorStation.id, id));
    throw badRequest('该站点没有模拟配置，只能由真实设备上报数据');
  }
  return stationDetail(ctx, tenantId, id);
}
