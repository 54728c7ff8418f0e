/**
 * The stored network around a box (EPSG:4548), as plain coordinate lists: what the field app draws under a task's
 * objects and keeps for offline use. Capped so a task spread over a city cannot return the whole network.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { tenantSql } from '../../core/scoped.ts';
import { gisNode, gisPipe } from './schema.ts';

export interface NearbyNetwork {
  pipes: { gid: number; diameter: number; coords: [number, number][] }[];
  valves: { gid: number; x: number; y: number; closed: boolean }[];
}

export async function networkNear(
  ctx: AppContext,
  tenantId: string,
  box: { xmin: number; ymin: number; xmax: number; ymax: number },
  margin = 150,
  limit = 2000,
): Promise<NearbyNetwork> {
  const env = sql`ST_Expand(ST_MakeEnvelope(${box.xmin}::float8, ${box.ymin}::float8, ${box.xmax}::float8, ${box.ymax}::float8, 4548), ${margin}::float8)`;
  const pipes = await ctx.db.execute(
    sql`select gid, diameter, ST_AsGeoJSON(geom, 1) as g from swp_gis_pipe
         where ${tenantSql(gisPipe, tenantId)} and is_deleted = 0 and ST_Intersects(geom, ${env}) order by diameter desc limit ${limit}`,
  );
  const valves = await ctx.db.execute(
    sql`select gid, ST_X(geom) as x, ST_Y(geom) as y, normal_state as state from swp_gis_node
         where ${tenantSql(gisNode, tenantId)} and is_deleted = 0 and kind = 'valve' and ST_Intersects(geom, ${env}) limit ${limit}`,
  );
  return {
    pipes: pipes.rows.map((r: any) => ({
      gid: Number(r.gid),
      diameter: Number(r.diameter),
      coords: JSON.parse(r.g).coordinates,
    })),
    valves: valves.rows.map((r: any) => ({
      gid: Number(r.gid),
      x: Number(r.x),
      y: Number(r.y),
      closed: r.state === 'closed',
    })),
  };
}
