/**
 * The second demo utility in one step: tenant L-Town (200001) with its administrator, the BattLeDIM L-Town network
 * imported from `L-TOWN.inp` (local metres placed into EPSG:4548 by a fixed offset), monitoring stations on its
 * inlets (reservoir outlets p227 and p235, pump PUMP_1: flow; tank T1: level) and their 2019 SCADA data from
 * `2019-Flows.csv` and `2019-Levels.csv`. Every step is idempotent (tenant by id, network by codes, stations by code,
 * points by time), so running it again repairs rather than duplicates.
 *
 * The files are the shared data set beside the repository (`../shared/data/l-town/` from the repo root, as in CI);
 * `SWP_LTOWN_DIR` names another place. Absent files give a clear error naming where they were looked for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { AppContext } from '../../../core/module.ts';
import { tenantSql } from '../../../core/scoped.ts';
import { importSeries, type SeriesReport, seriesImportOptions, upsertStations } from '../../monitor/index.ts';
import { ensureTenant, invalidateMenuCache } from '../../system/index.ts';
import { gisNode, gisPipe } from '../schema.ts';
import { type ImportReport, importNetwork } from './service.ts';

/** What another module adds to the L-Town tenant after its network and series are in (dma: zones, detection). */
export type LTownHook = (
  ctx: AppContext,
  tenantId: string,
  userId: string | null,
) => Promise<{ zones: number; leakEvents: number }>;
const lTownHooks: LTownHook[] = [];
export function onLTownImported(hook: LTownHook): void {
  if (!lTownHooks.includes(hook)) lTownHooks.push(hook);
}

export const L_TOWN = {
  tenantId: '200001',
  tenantName: 'L-Town',
  /**
   * L-Town's coordinates are local metres (0–2,970 × 0–1,695). Adding this offset puts its south-west corner at
   * EPSG:4548 (505000, 3515000), about 117.053°E 31.759°N: inside the projection's zone, west of the demo city.
   */
  offsetX: 505_000,
  offsetY: 3_515_000,
} as const;

const FILES = { inp: 'L-TOWN.inp', flows: '2019-Flows.csv', levels: '2019-Levels.csv' } as const;

/** Where the shared L-Town files are: SWP_LTOWN_DIR, else `shared/data/l-town` beside the repo or an ancestor. */
export function lTownDir(env: NodeJS.ProcessEnv = process.env): { dir: string | null; tried: string[] } {
  const tried: string[] = [];
  const ok = (d: string) => {
    tried.push(d);
    return fs.existsSync(path.join(d, FILES.inp));
  };
  if (env.SWP_LTOWN_DIR) {
    const d = path.resolve(env.SWP_LTOWN_DIR);
    return { dir: ok(d) ? d : null, tried };
  }
  const root = path.resolve(import.meta.dirname, '../../../../../..');
  for (let up = root, i = 0; i < 4; i++, up = path.dirname(up)) {
    for (const d of [path.join(up, '../shared/data/l-town'), path.join(up, 'shared/data/l-town')]) {
      if (ok(path.resolve(d))) return { dir: path.resolve(d), tried };
    }
  }
  return { dir: null, tried };
}

/** The stations on L-Town's inlets: the CSV columns are the EPANET ids of the links and tank they measure. */
const STATIONS = [
  { stcd: 'p227', stnm: 'L-Town 水库R1出水 p227', sttp: 'LL', field: 'flow', feature: 'pipe', file: 'flows' },
  { stcd: 'p235', stnm: 'L-Town 水库R2出水 p235', sttp: 'LL', field: 'flow', feature: 'pipe', file: 'flows' },
  { stcd: 'PUMP_1', stnm: 'L-Town C区泵站 PUMP_1', sttp: 'BZ', field: 'flow', feature: 'node', file: 'flows' },
  { stcd: 'T1', stnm: 'L-Town 水池T1', sttp: 'RR', field: 'z', feature: 'node', file: 'levels' },
] as const;

export interface LTownResult {
  tenantId: string;
  created: boolean;
  network: ImportReport;
  stations: { created: number; updated: number };
  series: SeriesReport[];
  /** DMA zones created (the whole town on p227 + p235, area C on PUMP_1) */
  zones: number;
  /** leak events the detector stored over the imported year (none new on a second run) */
  leakEvents: number;
  dataDir: string;
  tookMs: number;
}

export async function createLTownTenant(
  ctx: AppContext,
  userId: string | null,
  log: (msg: string) => void = () => {},
): Promise<LTownResult> {
  const t0 = Date.now();
  const { dir, tried } = lTownDir();
  if (!dir)
    throw badRequest(
      `找不到 L-Town 数据文件 ${FILES.inp} (looked in: ${tried.join(', ')}); 请把 shared/data/l-town 放在仓库旁边或设置 SWP_LTOWN_DIR`,
    );
  for (const f of Object.values(FILES))
    if (!fs.existsSync(path.join(dir, f))) throw badRequest(`L-Town 数据文件缺失: ${path.join(dir, f)}`);
  const { tenantId, tenantName } = L_TOWN;

  const created = await ctx.db.transaction((tx) => ensureTenant(tx, tenantId, tenantName, userId));
  if (created) await invalidateMenuCache(ctx);
  log(created ? `tenant ${tenantId} created` : `tenant ${tenantId} exists`);

  const network = await importNetwork(
    ctx,
    tenantId,
    fs.readFileSync(path.join(dir, FILES.inp)),
    {
      format: 'inp',
      crs: 'local',
      offsetX: L_TOWN.offsetX,
      offsetY: L_TOWN.offsetY,
      mode: 'replace',
      dryRun: false,
      skipRejected: false,
    },
    FILES.inp,
  );
  log(
    `network: ${network.junctions} junctions, ${network.pipes} pipes (${network.inserted} new, ${network.unchanged} unchanged)`,
  );

  // stations where the GIS has their link or tank; the pump and tank features carry the station code
  const where = await ctx.db.execute<{ dno: string; x: number; y: number }>(sql`
    select dno, ST_X(g) as x, ST_Y(g) as y from (
      select dno, ST_LineInterpolatePoint(geom, 0.5) as g from swp_gis_pipe where ${tenantSql(gisPipe, tenantId)} and is_deleted = 0
        and dno in ('p227', 'p235')
      union all
      select dno, geom from swp_gis_node where ${tenantSql(gisNode, tenantId)} and is_deleted = 0 and dno in ('PUMP_1', 'T1')
    ) s`);
  const at = new Map(where.rows.map((r) => [r.dno, r]));
  await ctx.db.execute(sql`update swp_gis_node set station_code = dno
    where ${tenantSql(gisNode, tenantId)} and dno in ('PUMP_1', 'T1') and station_code is distinct from dno`);
  const stations = await ctx.db.transaction((tx) =>
    upsertStations(
      tx,
      tenantId,
      STATIONS.map((s) => ({
        stcd: s.stcd,
        stnm: s.stnm,
        sttp: s.sttp,
        x: at.get(s.stcd)?.x ?? null,
        y: at.get(s.stcd)?.y ?? null,
        location: 'L-Town',
        fields: { [s.field]: 300 },
      })),
      userId,
    ),
  );

  const series: SeriesReport[] = [];
  for (const file of ['flows', 'levels'] as const) {
    const mapping = Object.fromEntries(
      STATIONS.filter((s) => s.file === file).map((s) => [s.stcd, `${s.stcd}.${s.field}`]),
    );
    const opts = seriesImportOptions.parse({
      separator: ';',
      decimal: ',',
      timestampColumn: 'Timestamp',
      timestampFormat: 'YYYY-MM-DD HH:mm:ss',
      mapping,
      dryRun: false,
    });
    const r = await importSeries(ctx, tenantId, fs.readFileSync(path.join(dir, FILES[file])), FILES[file], opts);
    log(`${FILES[file]}: ${r.rows} rows, ${r.inserted} new points in ${(r.tookMs / 1000).toFixed(1)} s`);
    series.push(r);
  }
  // its DMAs: the whole town on its two reservoir outlets, area C behind the pump. The dma module registers
  // this step (gis must not import dma: dma → alarm → gis would close a loop).
  let zones = 0;
  let leakEvents = 0;
  for (const hook of lTownHooks) {
    const r = await hook(ctx, tenantId, userId);
    zones += r.zones;
    leakEvents += r.leakEvents;
  }
  log(`DMA zones: ${zones} created; leak detection over the imported data: ${leakEvents} new events`);
  return { tenantId, created, network, stations, series, zones, leakEvents, dataDir: dir, tookMs: Date.now() - t0 };
}
