/**
 * Which basemap a tenant sees. The demo basemap is drawn for a tenant whose stored streets are the demo network's
 * (same count and extent to the metre); a tenant with other streets (a generated benchmark network) sees its own
 * streets only; a tenant without streets (an imported network) sees none, rather than the wrong city.
 */
import { sql } from 'drizzle-orm';
import { tenantSql } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { type Basemap, basemapView, generateBasemap } from './basemap.ts';
import { DEMO_NETWORK } from './network.ts';
import { gisRoad } from './schema.ts';

let demo: Basemap | undefined;
export function demoBasemap(): Basemap {
  demo ??= generateBasemap(DEMO_NETWORK);
  return demo;
}

export type BasemapSource = 'demo' | 'roads' | 'none';

export async function basemapSourceOf(db: Db, tenantId: string): Promise<BasemapSource> {
  const r = await db.execute<{ n: number; x0: number; y0: number; x1: number; y1: number }>(sql`
    select count(*)::int as n, ST_XMin(ST_Extent(geom)) as x0, ST_YMin(ST_Extent(geom)) as y0,
           ST_XMax(ST_Extent(geom)) as x1, ST_YMax(ST_Extent(geom)) as y1
      from swp_gis_road where ${tenantSql(gisRoad, tenantId)}`);
  const f = r.rows[0];
  if (!f?.n) return 'none';
  const d = demoBasemap();
  const same =
    f.n === d.roadCount && [f.x0, f.y0, f.x1, f.y1].every((v, k) => Math.abs(Number(v) - d.roadExtent[k]) < 1);
  return same ? 'demo' : 'roads';
}

export interface GeoJsonCollection {
  type: 'FeatureCollection';
  source: BasemapSource;
  features: { type: 'Feature'; geometry: unknown; properties: { kind: string; name: string | null; rank: number } }[];
}

export async function basemapFor(
  db: Db,
  tenantId: string,
  bbox: [number, number, number, number],
  resolution: number,
): Promise<GeoJsonCollection> {
  const source = await basemapSourceOf(db, tenantId);
  if (source === 'demo') {
    return {
      type: 'FeatureCollection',
      source,
      features: basemapView(demoBasemap(), bbox, resolution).map((f) => ({
        type: 'Feature',
        geometry: f.geometry,
        properties: { kind: f.kind, name: f.name, rank: f.rank },
      })),
    };
  }
  if (source === 'none') return { type: 'FeatureCollection', source, features: [] };
  const tol = resolution > 2 ? Math.round(resolution) : 0;
  const r = await db.execute<{ name: string; g: string }>(sql`
    select name, ST_AsGeoJSON(ST_SimplifyPreserveTopology(geom, ${tol}::float8), 1) as g from swp_gis_road
     where ${tenantSql(gisRoad, tenantId)} and geom && ST_MakeEnvelope(${bbox[0]}::float8, ${bbox[1]}::float8, ${bbox[2]}::float8, ${bbox[3]}::float8, 4548)
     limit 5000`);
  return {
    type: 'FeatureCollection',
    source,
    features: r.rows.map((row) => ({
      type: 'Feature',
      geometry: JSON.parse(row.g),
      properties: { kind: 'street', name: row.name, rank: 2 },
    })),
  };
}
