/**
 * Writes a generated network into the spatial store (bulk `unnest` inserts, geometry built in SQL) and keeps the
 * per-tenant network version that keys the in-memory graph cache.
 */
import { sql } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import { tenantSql } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import type { Network } from './network.ts';
import { gisDma, gisNetwork, gisNode, gisPipe, gisPlace, gisRoad } from './schema.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Exec = Db | Tx;

const CHUNK = 20_000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** one array parameter (drizzle would expand a bare array into a list) */
const a = (v: unknown[]) => sql.param(v);
const ids = (n: number) => Array.from({ length: n }, () => newId());
const wkt = (coords: [number, number][]) => coords.map(([x, y]) => `${x} ${y}`).join(',');

/** Replaces the tenant's network with `net` and moves its version on. Run inside a transaction. */
export async function writeNetwork(tx: Exec, tenantId: string, net: Network): Promise<void> {
  for (const t of [gisPipe, gisNode, gisDma, gisRoad, gisPlace]) {
    await tx.execute(sql`delete from ${t} where ${tenantSql(t, tenantId)}`);
  }
  for (const rows of chunks(net.pipes)) {
    const c = <K extends keyof (typeof rows)[0]>(k: K) => rows.map((r) => r[k]);
    await tx.execute(sql`
      insert into swp_gis_pipe (id, tenant_id, gid, dno, from_node, to_node, diameter, material, install_year, length,
        pressure_zone, pipe_class, road_name, dma_code, geom)
      select u.id, ${tenantId}, u.gid, u.dno, u.from_node, u.to_node, u.diameter, u.material, u.install_year, u.length,
        u.pressure_zone, u.pipe_class, u.road_name, u.dma_code,
        ST_SetSRID(ST_MakeLine(ST_MakePoint(u.x1, u.y1), ST_MakePoint(u.x2, u.y2)), 4548)
      from unnest(${a(ids(rows.length))}::bigint[], ${a(c('gid'))}::int[], ${a(c('dno'))}::varchar[], ${a(c('from'))}::int[],
        ${a(c('to'))}::int[], ${a(c('diameter'))}::int[], ${a(c('material'))}::varchar[], ${a(c('installYear'))}::int[],
        ${a(c('length'))}::float8[], ${a(c('pressureZone'))}::varchar[], ${a(c('pipeClass'))}::varchar[],
        ${a(c('roadName'))}::varchar[], ${a(c('dmaCode'))}::varchar[],
        ${a(rows.map((r) => r.coords[0][0]))}::float8[], ${a(rows.map((r) => r.coords[0][1]))}::float8[],
        ${a(rows.map((r) => r.coords[1][0]))}::float8[], ${a(rows.map((r) => r.coords[1][1]))}::float8[])
        as u(id, gid, dno, from_node, to_node, diameter, material, install_year, length, pressure_zone, pipe_class,
          road_name, dma_code, x1, y1, x2, y2)`);
  }
  for (const rows of chunks(net.nodes)) {
    const c = <K extends keyof (typeof rows)[0]>(k: K) => rows.map((r) => r[k]);
    await tx.execute(sql`
      insert into swp_gis_node (id, tenant_id, gid, kind, dno, name, elevation, diameter, operable, normal_state,
        subtype, customer_count, critical_type, pipe_gid, station_code, dma_code, capacity, address, geom)
      select u.id, ${tenantId}, u.gid, u.kind, u.dno, u.name, u.elevation, u.diameter, u.operable, u.normal_state,
        u.subtype, u.customer_count, u.critical_type, u.pipe_gid, u.station_code, u.dma_code, u.capacity, u.address,
        ST_SetSRID(ST_MakePoint(u.x, u.y), 4548)
      from unnest(${a(ids(rows.length))}::bigint[], ${a(c('gid'))}::int[], ${a(c('kind'))}::varchar[], ${a(c('dno'))}::varchar[],
        ${a(c('name'))}::varchar[], ${a(c('elevation'))}::float8[], ${a(c('diameter'))}::int[], ${a(c('operable'))}::int[],
        ${a(c('normalState'))}::varchar[], ${a(c('subtype'))}::varchar[], ${a(c('customerCount'))}::int[],
        ${a(c('criticalType'))}::varchar[], ${a(c('pipeGid'))}::int[], ${a(c('stationCode'))}::varchar[],
        ${a(c('dmaCode'))}::varchar[], ${a(c('capacity'))}::float8[], ${a(c('address'))}::varchar[], ${a(c('x'))}::float8[],
        ${a(c('y'))}::float8[])
        as u(id, gid, kind, dno, name, elevation, diameter, operable, normal_state, subtype, customer_count,
          critical_type, pipe_gid, station_code, dma_code, capacity, address, x, y)`);
  }
  for (const d of net.dmas) {
    await tx.execute(sql`
      insert into swp_gis_dma (id, tenant_id, gid, dno, name, station_code, night_use, geom)
      values (${newId()}, ${tenantId}, ${d.gid}, ${d.dno}, ${d.name}, ${d.stationCode}, ${d.nightUse},
        ST_GeomFromText(${`POLYGON((${wkt(d.ring)}))`}, 4548))`);
  }
  for (const rows of chunks(net.roads)) {
    await tx.execute(sql`
      insert into swp_gis_road (id, tenant_id, name, geom)
      select u.id, ${tenantId}, u.name, ST_GeomFromText(u.g, 4548)
      from unnest(${a(ids(rows.length))}::bigint[], ${a(rows.map((r) => r.name))}::varchar[],
        ${a(rows.map((r) => `LINESTRING(${wkt(r.coords)})`))}::text[]) as u(id, name, g)`);
  }
  for (const rows of chunks(net.places)) {
    await tx.execute(sql`
      insert into swp_gis_place (id, tenant_id, name, kind, geom)
      select u.id, ${tenantId}, u.name, u.kind, ST_SetSRID(ST_MakePoint(u.x, u.y), 4548)
      from unnest(${a(ids(rows.length))}::bigint[], ${a(rows.map((r) => r.name))}::varchar[],
        ${a(rows.map((r) => r.kind))}::varchar[], ${a(rows.map((r) => r.x))}::float8[], ${a(rows.map((r) => r.y))}::float8[])
        as u(id, name, kind, x, y)`);
  }
  await bumpVersion(tx, tenantId);
}

/** Moves the tenant's network version on (every instance reloads its graph on the next analysis). */
export async function bumpVersion(tx: Exec, tenantId: string): Promise<void> {
  await tx.execute(sql`
    insert into swp_gis_network (tenant_id, version, update_time) values (${tenantId}, 1, now())
    on conflict (tenant_id) do update set version = swp_gis_network.version + 1, update_time = now()`);
}

export async function networkVersion(db: Exec, tenantId: string): Promise<number> {
  const r = await db.execute<{ version: number }>(
    sql`select version from swp_gis_network where ${tenantSql(gisNetwork, tenantId)}`,
  );
  return r.rows[0]?.version ?? 0;
}
