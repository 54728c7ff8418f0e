/**
 * Seeds the demo utility's stations and series (idempotent, every start) and backfills history for series that have
 * none yet. The backfill is the simulator's output written through the normal ingest path.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';
import { DEMO_STATIONS, MONITOR_SEED, type StationSeed, seriesLimits } from './catalog.ts';
import { STATION_TYPES } from './fields.ts';
import { toEpsg4548 } from './geo.ts';
import { keyOf } from './hash.ts';
import { ingestReadings } from './ingest.ts';
import { monitorSeries, monitorStation } from './schema.ts';
import { calibrateThresholds, type StationSim, simulate } from './simulator.ts';
import { addSeries } from './stations-import.ts';
import { analyzeTables } from './store.ts';

export const DEMO_TENANT = '000000';

/** What the stored `sim` column holds. */
export interface StoredSim {
  seed: number;
  profile: StationSim;
}

export function parseSim(text: string | null): StoredSim | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text);
    return v && typeof v.seed === 'number' && v.profile?.model ? v : null;
  } catch {
    return null;
  }
}

/** Creates missing demo stations and series; returns how many stations were created. */
export async function ensureStations(
  ctx: AppContext,
  stations: StationSeed[] = DEMO_STATIONS,
  tenantId = DEMO_TENANT,
  seed = MONITOR_SEED,
) {
  const existing = await ctx.db
    .select({ id: monitorStation.id, stcd: monitorStation.stcd, lowWl: monitorStation.lowWl })
    .from(monitorStation)
    .where(liveInTenant(monitorStation, tenantId));
  const have = new Map(existing.map((s) => [s.stcd, s]));
  const pairs = await ctx.db
    .select({ stationId: monitorSeries.stationId, field: monitorSeries.field })
    .from(monitorSeries);
  const haveSeries = new Set(pairs.map((s) => `${s.stationId}/${s.field}`));
  let created = 0;
  for (const [i, st] of stations.entries()) {
    const known = have.get(st.stcd);
    let id = known?.id;
    if (id && Object.keys(st.steps).every((f) => haveSeries.has(`${id}/${f}`))) continue;
    const level = st.sim.model === 'river' || st.sim.model === 'reservoir';
    const thresholds = !level
      ? undefined
      : known?.lowWl != null
        ? { lowWl: known.lowWl }
        : calibrateThresholds(seed, keyOf(st.stcd), st.sim);
    if (!id) {
      const { x, y } = toEpsg4548(st.lgtd, st.lttd);
      const [row] = await ctx.db
        .insert(monitorStation)
        .values({
          tenantId,
          stcd: st.stcd,
          stnm: st.stnm,
          sttp: st.sttp,
          category: STATION_TYPES[st.sttp].category,
          deviceCode: `DEV-${st.stcd}`,
          deviceType: st.deviceType,
          location: st.location,
          address: st.address,
          x,
          y,
          lgtd: st.lgtd,
          lttd: st.lttd,
          alertWl: thresholds && 'alertWl' in thresholds ? thresholds.alertWl : null,
          lowWl: thresholds?.lowWl ?? null,
          sim: JSON.stringify({ seed, profile: st.sim } satisfies StoredSim),
          sort: i + 1,
        })
        .onConflictDoNothing()
        .returning({ id: monitorStation.id });
      if (!row) continue; // another instance created it meanwhile
      id = row.id;
      created++;
    }
    await addSeries(ctx.db, id, st.steps, (field, step) => seriesLimits(st.sim, field, step, thresholds));
  }
  return created;
}

export interface SimSeries {
  id: number;
  tenantId: string;
  key: number;
  field: string;
  stepSeconds: number;
  seed: number;
  profile: StationSim;
  lastTs: Date | null;
  firstTs: Date | null;
}

/**
 * Every series of a simulated station (all tenants): a station with a simulator profile whose simulation is on
 * (`simulated`; an administrator turns it off when a real device takes the station over).
 */
export async function simulatedSeries(ctx: AppContext): Promise<SimSeries[]> {
  const rows = await ctx.db
    .select({
      id: monitorSeries.id,
      tenantId: monitorStation.tenantId,
      field: monitorSeries.field,
      stepSeconds: monitorSeries.stepSeconds,
      lastTs: monitorSeries.lastTs,
      firstTs: monitorSeries.firstTs,
      stcd: monitorStation.stcd,
      sim: monitorStation.sim,
    })
    .from(monitorSeries)
    .innerJoin(monitorStation, eq(monitorSeries.stationId, monitorStation.id))
    .where(and(eq(monitorStation.isDeleted, 0), eq(monitorStation.simulated, true)));
  const out: SimSeries[] = [];
  for (const r of rows) {
    const sim = parseSim(r.sim);
    if (!sim) continue;
    out.push({
      id: r.id,
      tenantId: r.tenantId,
      key: keyOf(r.stcd),
      field: r.field,
      stepSeconds: r.stepSeconds,
      seed: sim.seed,
      profile: sim.profile,
      lastTs: r.lastTs,
      firstTs: r.firstTs,
    });
  }
  return out;
}

/** The last grid time whose reading exists at `now`: accumulations only once their interval has closed. */
export function lastDue(now: number, field: string, stepSeconds: number): number {
  const step = stepSeconds * 1000;
  const accumulates = field === 'hourW' || field === 'electricityConsumption' || field === 'waterAmount';
  return Math.floor((accumulates ? now - step : now) / step) * step;
}

/**
 * Simulates and ingests [from, to] for the given series, in slices of at most ~200,000 points per ingest call,
 * through the one ingest path devices use too (ingest.ts). `live`: tell the tenants' screens (the live feed; not a
 * backfill). Returns the number of new points.
 */
export async function fill(
  ctx: AppContext,
  series: SimSeries[],
  range: (s: SimSeries) => [number, number] | [number, number][] | null,
  onProgress?: (done: number) => void,
  live = false,
) {
  let total = 0;
  const tenants = new Set<string>();
  let ids: number[] = [];
  let ts: number[] = [];
  let values: number[] = [];
  const flush = async () => {
    if (!ts.length) return;
    total += await ingestReadings(ctx, { seriesIds: ids, ts, values }, live ? { tenants } : {});
    onProgress?.(total);
    ids = [];
    ts = [];
    values = [];
  };
  for (const s of series) {
    const r = range(s);
    if (!r) continue;
    tenants.add(s.tenantId);
    const ranges = (typeof r[0] === 'number' ? [r] : r) as [number, number][];
    for (const [from, to] of ranges) {
      // at most 30 days per simulation call keeps memory flat for year-long fills
      const slice = 30 * 86_400_000;
      for (let a = from; a <= to; a += slice) {
        const b = Math.min(to, a + slice - 1);
        const pts = simulate(s.seed, { key: s.key, field: s.field, step: s.stepSeconds, sim: s.profile }, a, b);
        for (let i = 0; i < pts.ts.length; i++) {
          ids.push(s.id);
          ts.push(pts.ts[i]);
          values.push(pts.values[i]);
        }
        if (ts.length >= 200_000) await flush();
      }
    }
  }
  await flush();
  return total;
}

/** First start: `days` of history for every simulated series that has none. */
export async function backfill(ctx: AppContext, days: number, now = Date.now()) {
  const series = (await simulatedSeries(ctx)).filter((s) => !s.lastTs);
  if (!series.length || days <= 0) return 0;
  const n = await fill(ctx, series, (s) => [now - days * 86_400_000, lastDue(now, s.field, s.stepSeconds)]);
  await analyzeTables(ctx.database.pool);
  return n;
}

/** The station monitoring screen in the supply-monitoring area (供水监测), with its export button. */
export const MONITOR_MENUS: MenuItem[] = [
  {
    code: 'monitor',
    name: '监测中心',
    i18n: 'menu.monitor.index',
    path: '/monitor',
    source: 'LineChartOutlined',
    sort: 1,
    topMenuCodes: ['supply-monitoring'],
    roles: ['operator', 'auditor'],
    children: [
      {
        code: 'monitor_station',
        name: '站点监测',
        i18n: 'menu.monitor.station',
        path: '/monitor/station',
        source: 'DashboardOutlined',
        sort: 1,
        children: [
          {
            code: 'monitor_station_export',
            name: '导出',
            i18n: 'button.export',
            alias: 'export',
            path: '/monitor/station/export',
            source: 'DownloadOutlined',
            sort: 1,
            category: 2,
            action: 0,
          },
          {
            code: 'monitor_station_simulate',
            name: '模拟开关',
            i18n: 'button.monitor.simulate',
            alias: 'simulate',
            path: '/monitor/station/simulate',
            source: 'ExperimentOutlined',
            // the administrator's: it decides who feeds a station's series
            roles: [],
            sort: 2,
            category: 2,
            action: 0,
          },
          {
            // administrators only (an empty role list, not the parent's): loading history is data management
            code: 'monitor_series_import',
            roles: [],
            name: '导入数据',
            i18n: 'button.importSeries',
            alias: 'import',
            path: '/monitor/station/import',
            source: 'UploadOutlined',
            sort: 3,
            category: 2,
            action: 0,
          },
        ],
      },
    ],
  },
];

export async function seedMonitor(ctx: AppContext) {
  await ensureMenus(ctx, MONITOR_MENUS);
  await ensureStations(ctx);
  await backfill(ctx, ctx.config.monitorBackfillDays);
}
