/**
 * The mains of a tenant's network in a view box, as GeoJSON (EPSG:4548), for a map that has no GIS session: the
 * big screen opened by a share link draws them through its own token-checked route (modules/screen). Only mains
 * (DN ≥ 400, DN ≥ 800 at city scale, as the map's own level of detail), generalised to the resolution, capped.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { inTenant } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { gisPipe } from './schema.ts';

export const MAINS_LIMIT = 5000;

export interface MainsCollection {
  type: 'FeatureCollection';
  features: { type: 'Feature'; geometry: unknown; properties: { gid: number; diameter: number } }[];
}

/** Smallest diameter drawn at a resolution (metres per pixel). */
export const mainsMinDiameter = (resolution: number) => (resolution > 60 ? 800 : 400);

export async function mainsIn(
  db: Db,
  tenantId: string,
  bbox: [number, number, number, number],
  resolution: number,
): Promise<MainsCollection> {
  const tol = resolution > 2 ? Math.round(resolution) : 0;
  const rows = await db
    .select({
      gid: gisPipe.gid,
      diameter: gisPipe.diameter,
      g: sql<string>`ST_AsGeoJSON(ST_SimplifyPreserveTopology(${gisPipe.geom}, ${tol}::float8), 1)`,
    })
    .from(gisPipe)
    .where(
      inTenant(
        gisPipe,
        tenantId,
        and(
          eq(gisPipe.isDeleted, 0),
          gte(gisPipe.diameter, mainsMinDiameter(resolution)),
          sql`${gisPipe.geom} && ST_MakeEnvelope(${bbox[0]}::float8, ${bbox[1]}::float8, ${bbox[2]}::float8, ${bbox[3]}::float8, 4548)`,
        ),
      ),
    )
    .orderBy(desc(gisPipe.diameter))
    .limit(MAINS_LIMIT);
  return {
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature',
      geometry: JSON.parse(r.g),
      properties: { gid: r.gid, diameter: r.diameter },
    })),
  };
}
