/**
 * L-Town's zones (docs/dma.md): the BattLeDIM town (Vrachimis et al. 2022) as DMAs once its network and 2019 SCADA
 * data are in (gis/import/ltown.ts calls this as its last step). The town is fed from its two reservoirs through
 * `p227` and `p235`: the whole town is one zone with those two inlets. Area C lies behind the pump `PUMP_1` and
 * tank `T1`: a sub-zone whose inlet is what reaches its customers, the pump's flow less what the tank stores
 * (`C_SUPPLY`, derived by tank-net.ts from the pump flow, the tank's level and its diameter in the model).
 * The boundary of the town is the convex hull of its network, 20 m out. Idempotent: existing zones are kept.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant, tenantSql } from '../../core/scoped.ts';
import { gisNode, gisPipe } from '../gis/index.ts';
import { monitorStation } from '../monitor/index.ts';
import { detectZone } from './leak.ts';
import type { DmaMeter } from './schema.ts';
import { dma } from './schema.ts';
import { ensureTankNet, type TankNet } from './tank-net.ts';
import { zoneByCode } from './zones.ts';

export const L_TOWN_ZONES = [
  {
    code: 'LTOWN',
    name: 'L-Town 全镇',
    parent: null,
    meters: [
      { stcd: 'p227', field: 'flow', direction: 'in', accuracy: 1 },
      { stcd: 'p235', field: 'flow', direction: 'in', accuracy: 1 },
    ],
    // "a hypothetical town of about 10,000 residents" (BattLeDIM)
    population: 10_000,
    hull: true,
  },
  {
    code: 'LTOWN-C',
    name: 'L-Town C区（PUMP_1 供水）',
    parent: 'LTOWN',
    // the pump's flow less the tank's storage (tank-net.ts): the pump meter's ± 1 % and the level's 1 cm steps
    meters: [{ stcd: 'C_SUPPLY', field: 'flow', direction: 'in', accuracy: 2 }],
    population: 0,
    hull: false,
  },
] as const satisfies readonly {
  code: string;
  name: string;
  parent: string | null;
  meters: readonly DmaMeter[];
  population: number;
  hull: boolean;
}[];

/** Area C's inlet: PUMP_1 fills T1; both feed the area. */
export const L_TOWN_AREA_C: TankNet = {
  pump: { stcd: 'PUMP_1', field: 'flow' },
  tank: { stcd: 'T1', field: 'z', node: 'T1' },
  station: { stcd: 'C_SUPPLY', stnm: 'L-Town C区供水（PUMP_1 − T1 蓄水）' },
};

/** Area C's derived supply series; points written (null when the pump, level or tank is missing). */
export function ensureLTownSupply(ctx: AppContext, tenantId: string, userId: string | null) {
  return ensureTankNet(ctx, tenantId, userId, L_TOWN_AREA_C);
}

/** Creates L-Town's zones where missing; answers how many were created. */
export async function ensureLTownZones(ctx: AppContext, tenantId: string, userId: string | null): Promise<number> {
  let created = 0;
  await ctx.db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const [i, z] of L_TOWN_ZONES.entries()) {
      const [have] = await tx
        .select({ id: dma.id })
        .from(dma)
        .where(liveInTenant(dma, tenantId, eq(dma.code, z.code)));
      if (have) {
        ids.set(z.code, String(have.id));
        continue;
      }
      let boundary: [number, number][] | null = null;
      let mainLength = 0;
      if (z.hull) {
        const r = await tx.execute<{ ring: string | null; km: number | null }>(sql`
          select ST_AsGeoJSON(ST_Buffer(ST_ConvexHull(ST_Collect(geom)), 20, 2), 2) as ring,
                 (select sum(ST_Length(geom)) / 1000 from swp_gis_pipe
                   where ${tenantSql(gisPipe, tenantId)} and is_deleted = 0 and pipe_class is distinct from 'connector') as km
            from swp_gis_node where ${tenantSql(gisNode, tenantId)} and is_deleted = 0`);
        const ring = r.rows[0]?.ring;
        if (ring) boundary = JSON.parse(ring).coordinates[0] as [number, number][];
        mainLength = Math.round((r.rows[0]?.km ?? 0) * 100) / 100;
      }
      const [row] = await tx
        .insert(dma)
        .values({
          tenantId,
          parentId: z.parent ? (ids.get(z.parent) ?? '0') : '0',
          code: z.code,
          name: z.name,
          sort: i + 1,
          boundary,
          meters: z.meters.map((m) => ({ ...m })),
          population: z.population,
          mainLength,
          remark: 'BattLeDIM L-Town（Vrachimis et al. 2022, EUPL 1.2）',
          createUser: userId,
        })
        .returning({ id: dma.id });
      ids.set(z.code, String(row.id));
      if (boundary)
        await tx.execute(
          sql`update swp_dma set geom = ST_SetSRID(ST_GeomFromGeoJSON(json_build_object('type', 'Polygon', 'coordinates', json_build_array(boundary))::text), 4548) where id = ${row.id}`,
        );
      created++;
    }
  });
  return created;
}

/**
 * Runs the leak detector over the whole span of each L-Town zone's inlet data (2019), so that the DMA screens show
 * its events at once. Events are keyed by zone and estimated start: a second run stores nothing new. Alarms are
 * raised without notifications (history, not news).
 */
export async function detectLTownHistory(ctx: AppContext, tenantId: string): Promise<number> {
  let events = 0;
  for (const z of L_TOWN_ZONES) {
    const zone = await zoneByCode(ctx.db, tenantId, z.code);
    const span = await ctx.db.execute<{ a: Date | null; b: Date | null }>(sql`
      select min(s.first_ts) as a, max(s.last_ts) as b
        from swp_monitor_series s join swp_monitor_station st on st.id = s.station_id
       where ${tenantSql(monitorStation, tenantId, 'st')} and st.is_deleted = 0
         and st.stcd in (${sql.join(
           z.meters.map((m) => sql`${m.stcd}`),
           sql`, `,
         )})`);
    const { a, b } = span.rows[0] ?? {};
    if (!a || !b) continue;
    const r = await detectZone(ctx, zone, new Date(a).getTime(), new Date(b).getTime() + 60_000);
    events += r.events.length;
  }
  return events;
}
