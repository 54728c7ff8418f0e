/**
 * The GIS service: metas, identify and query in the ArcGIS REST style over the spatial store, the valve-shutdown
 * analysis of a pipe with its effects on customers, and the DMA look-ups other modules use.
 */
import type { PipeAnalysis, UserOut, ValveOut } from '@swp/contract';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { tenantSql } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { shutdownAnalysis } from './analysis.ts';
import { graphOf } from './graph.ts';
import { fieldOf, LAYERS, type LayerDef, layerByRef } from './layers.ts';
import { gisDma, gisNode, gisPipe } from './schema.ts';
import { compileWhere, parseWhere, WhereError } from './where.ts';

export const WKID = 4548;
export const SPATIAL_REFERENCE = { wkid: WKID, latestWkid: WKID };
/** identify tolerance in screen pixels when the client sends none (spec 2 §9) */
export const DEFAULT_TOLERANCE = 50;
export const MAX_RECORDS = 5000;

type Geo = { type: string; coordinates: any };

/** GeoJSON (from ST_AsGeoJSON) → ArcGIS JSON geometry. */
export function toArcGeometry(g: Geo | null): Record<string, unknown> | null {
  if (!g) return null;
  const sr = { spatialReference: SPATIAL_REFERENCE };
  switch (g.type) {
    case 'Point':
      return { x: g.coordinates[0], y: g.coordinates[1], ...sr };
    case 'LineString':
      return { paths: [g.coordinates], ...sr };
    case 'MultiLineString':
      return { paths: g.coordinates, ...sr };
    case 'Polygon':
      return { rings: g.coordinates, ...sr };
    default:
      return null;
  }
}

const LAYER_TABLES = { swp_gis_pipe: gisPipe, swp_gis_node: gisNode, swp_gis_dma: gisDma };

function layerFilter(layer: LayerDef, tenantId: string): SQL {
  const base = sql`${tenantSql(LAYER_TABLES[layer.table], tenantId, 't')} and t.is_deleted = 0`;
  return layer.kinds
    ? sql`${base} and t.kind in (${sql.join(
        layer.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : base;
}

function selectFields(layer: LayerDef, names: string[] | '*'): SQL {
  const fields = names === '*' ? layer.fields : names.map((n) => fieldOf(layer, n)!);
  return sql.raw(fields.map((f) => `t.${f.column} as "${f.name}"`).join(', '));
}

/** A layer's fields as one JSON object (`json_build_object` keeps the field order), for queries over several layers. */
function attributesOf(layer: LayerDef): SQL {
  return sql.raw(`json_build_object(${layer.fields.map((f) => `'${f.name}', t.${f.column}`).join(', ')})`);
}

function tableOf(layer: LayerDef): SQL {
  return sql.raw(`${layer.table} t`);
}

export function metas() {
  return {
    currentVersion: 10.81,
    spatialReference: SPATIAL_REFERENCE,
    layers: LAYERS.map((l) => ({
      id: l.id,
      layerid: l.id,
      key: l.key,
      name: l.name,
      layerName: l.name,
      nameEn: l.nameEn,
      dname: l.name,
      type: 'Feature Layer',
      geometryType: l.geometryType,
      displayField: l.displayField,
      fields: l.fields.map(({ name, alias, type }) => ({ name, alias, type })),
      fieldAliases: Object.fromEntries(l.fields.map((f) => [f.name, f.alias])),
    })),
  };
}

// ---------------------------------------------------------------- identify

export interface IdentifyInput {
  /** point (x, y) or envelope in EPSG:4548 */
  point?: { x: number; y: number };
  envelope?: { xmin: number; ymin: number; xmax: number; ymax: number };
  tolerance: number;
  mapExtent: { xmin: number; ymin: number; xmax: number; ymax: number };
  imageDisplay: { width: number; height: number };
  /** top | visible | all, with optional layer ids */
  layerMode: 'top' | 'visible' | 'all';
  layerIds?: number[];
  returnGeometry: boolean;
  /** results per layer */
  limit?: number;
}

export async function identify(db: Db, tenantId: string, inp: IdentifyInput) {
  const resolution = Math.max(
    (inp.mapExtent.xmax - inp.mapExtent.xmin) / inp.imageDisplay.width,
    (inp.mapExtent.ymax - inp.mapExtent.ymin) / inp.imageDisplay.height,
  );
  const radius = inp.tolerance * resolution;
  const layers = (inp.layerIds?.length ? LAYERS.filter((l) => inp.layerIds?.includes(l.id)) : LAYERS).sort(
    (a, b) => b.drawOrder - a.drawOrder,
  );
  const at = inp.point ?? {
    x: ((inp.envelope?.xmin ?? 0) + (inp.envelope?.xmax ?? 0)) / 2,
    y: ((inp.envelope?.ymin ?? 0) + (inp.envelope?.ymax ?? 0)) / 2,
  };
  const pt = sql`ST_SetSRID(ST_MakePoint(${at.x}::float8, ${at.y}::float8), 4548)`;
  const hit = inp.envelope
    ? sql`ST_Intersects(t.geom, ST_Expand(ST_MakeEnvelope(${inp.envelope.xmin}::float8, ${inp.envelope.ymin}::float8, ${inp.envelope.xmax}::float8, ${inp.envelope.ymax}::float8, 4548), ${radius}::float8))`
    : sql`ST_DWithin(t.geom, ${pt}, ${radius}::float8)`;
  const limit = inp.limit ?? 20;
  // one round trip: a nearest-first subquery per layer (each on its table's spatial index), glued by UNION ALL
  const rows = await db.execute<{ _l: number; _a: Record<string, unknown>; _d: number; _g: string | null }>(
    sql.join(
      layers.map(
        (layer) => sql`(select ${sql.raw(String(layer.id))}::int as _l, ${attributesOf(layer)} as _a,
          ST_Distance(t.geom, ${pt}) as _d, ${inp.returnGeometry ? sql`ST_AsGeoJSON(t.geom, 3)` : sql`null`} as _g
        from ${tableOf(layer)}
        where ${layerFilter(layer, tenantId)} and ${hit}
        order by t.geom <-> ${pt}
        limit ${limit})`,
      ),
      sql` union all `,
    ),
  );
  const byId = new Map(layers.map((l) => [l.id, l]));
  const results: Record<string, unknown>[] = [];
  for (const r of rows.rows) {
    const layer = byId.get(Number(r._l))!;
    const attributes = r._a;
    results.push({
      layerId: layer.id,
      layerid: layer.id,
      layerName: layer.name,
      layerKey: layer.key,
      dname: layer.name,
      displayFieldName: layer.displayField,
      value: String(attributes[layer.displayField] ?? attributes.gid ?? ''),
      distance: Math.round(Number(r._d) * 1000) / 1000,
      attributes,
      geometryType: layer.geometryType,
      ...(inp.returnGeometry ? { geometry: toArcGeometry(r._g ? JSON.parse(r._g) : null) } : {}),
    });
  }
  // nearest first; among equals the layer drawn on top first (a valve over the pipe it sits on)
  const rank = new Map(layers.map((l, i) => [l.id, i]));
  results.sort(
    (a, b) =>
      (a.distance as number) - (b.distance as number) ||
      (rank.get(a.layerId as number) ?? 0) - (rank.get(b.layerId as number) ?? 0),
  );
  if (inp.layerMode === 'top' && results.length) {
    const top = results[0].layerId;
    return { results: results.filter((r) => r.layerId === top) };
  }
  return { results };
}

// ---------------------------------------------------------------- query

export interface QueryInput {
  where?: string;
  objectIds?: number[];
  outFields?: string[] | '*';
  returnGeometry: boolean;
  envelope?: { xmin: number; ymin: number; xmax: number; ymax: number };
  point?: { x: number; y: number };
  distance?: number;
  orderBy?: { field: string; desc: boolean }[];
  offset: number;
  count: number;
  countOnly: boolean;
  /** generalise output geometry to this many metres (level of detail for small scales) */
  maxAllowableOffset?: number;
}

export async function queryLayer(db: Db, tenantId: string, layerRef: string, q: QueryInput) {
  const layer = layerByRef(layerRef);
  if (!layer) throw badRequest(`图层不存在: ${layerRef}`);
  const conds: SQL[] = [layerFilter(layer, tenantId)];
  if (q.where) {
    try {
      const node = parseWhere(q.where, layer);
      if (node) conds.push(compileWhere(node));
    } catch (e) {
      if (e instanceof WhereError) throw badRequest(`查询条件无效: ${e.message}`);
      throw e;
    }
  }
  if (q.objectIds?.length) conds.push(sql`t.gid = any(${sql.param(q.objectIds)}::int[])`);
  if (q.envelope) {
    const e = q.envelope;
    conds.push(
      sql`t.geom && ST_MakeEnvelope(${e.xmin}::float8, ${e.ymin}::float8, ${e.xmax}::float8, ${e.ymax}::float8, 4548)`,
    );
  }
  if (q.point) {
    conds.push(
      sql`ST_DWithin(t.geom, ST_SetSRID(ST_MakePoint(${q.point.x}::float8, ${q.point.y}::float8), 4548), ${q.distance ?? 0}::float8)`,
    );
  }
  const where = sql.join(conds, sql` and `);
  if (q.countOnly) {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${tableOf(layer)} where ${where}`);
    return { count: r.rows[0].n };
  }
  const outFields = q.outFields ?? '*';
  if (outFields !== '*') {
    for (const n of outFields) if (!fieldOf(layer, n)) throw badRequest(`图层「${layer.name}」没有字段 ${n}`);
  }
  const order: SQL[] = [];
  for (const o of q.orderBy ?? []) {
    const fd = fieldOf(layer, o.field);
    if (!fd) throw badRequest(`图层「${layer.name}」没有字段 ${o.field}`);
    order.push(sql.raw(`t.${fd.column} ${o.desc ? 'desc' : 'asc'}`));
  }
  order.push(sql.raw('t.gid asc'));
  const geom =
    q.maxAllowableOffset && q.maxAllowableOffset > 0 && layer.geometryType !== 'esriGeometryPoint'
      ? sql`ST_AsGeoJSON(ST_SimplifyPreserveTopology(t.geom, ${q.maxAllowableOffset}::float8), 3)`
      : sql`ST_AsGeoJSON(t.geom, 3)`;
  const rows = await db.execute<Record<string, unknown> & { _g: string | null }>(sql`
    select ${selectFields(layer, outFields === '*' ? '*' : [...new Set(['gid', ...outFields])])},
      ${q.returnGeometry ? geom : sql`null`} as _g
    from ${tableOf(layer)} where ${where}
    order by ${sql.join(order, sql`, `)}
    limit ${q.count + 1} offset ${q.offset}`);
  const exceeded = rows.rows.length > q.count;
  const list = exceeded ? rows.rows.slice(0, q.count) : rows.rows;
  const fields =
    outFields === '*'
      ? layer.fields
      : layer.fields.filter((f) => f.name === 'gid' || outFields.some((n) => fieldOf(layer, n) === f));
  return {
    displayFieldName: layer.displayField,
    fieldAliases: Object.fromEntries(fields.map((f) => [f.name, f.alias])),
    geometryType: layer.geometryType,
    spatialReference: SPATIAL_REFERENCE,
    fields: fields.map(({ name, alias, type }) => ({ name, alias, type })),
    features: list.map(({ _g, ...attributes }) => ({
      attributes,
      ...(q.returnGeometry ? { geometry: toArcGeometry(_g ? JSON.parse(_g) : null) } : {}),
    })),
    exceededTransferLimit: exceeded,
  };
}

// ---------------------------------------------------------------- valve-shutdown analysis with its effects
// (its answer's types, ValveOut, UserOut and PipeAnalysis, are the contract's: packages/contract/src/gis.ts)

/** the valves' rows (none asked: none read) */
function valveRowsOf(db: Db, tenantId: string, list: number[]) {
  return list.length
    ? db
        .execute<{ gid: number; dno: string; x: number; y: number; diameter: number | null }>(sql`
          select gid, dno, ST_X(geom) as x, ST_Y(geom) as y, diameter from swp_gis_node
          where ${tenantSql(gisNode, tenantId)} and gid = any(${sql.param(list)}::int[])`)
        .then((q) => q.rows)
    : [];
}

/** the users' meters on the given pipes, critical users first */
function userRowsOf(db: Db, tenantId: string, list: number[]) {
  return list.length
    ? db
        .execute<{
          gid: number;
          dno: string;
          name: string | null;
          customer_count: number | null;
          critical_type: string | null;
          pipe_gid: number;
        }>(sql`
          select gid, dno, name, customer_count, critical_type, pipe_gid from swp_gis_node
          where ${tenantSql(gisNode, tenantId)} and kind = 'meter' and subtype = 'user' and is_deleted = 0
            and pipe_gid = any(${sql.param(list)}::int[])
          order by critical_type nulls last, gid`)
        .then((q) => q.rows)
    : [];
}

/**
 * Runs the analysis for a burst on pipe `pipeGid` (at point x, y when known, else the pipe's middle).
 * Throws a 400 for a pipe the tenant does not have.
 */
export async function analysePipe(
  db: Db,
  tenantId: string,
  pipeGid: number,
  at?: { x: number; y: number },
): Promise<PipeAnalysis> {
  const t0 = performance.now();
  // the pipe and the graph (a version check; a load only after the network changed) together
  const [pipe, { graph, version }] = await Promise.all([
    db.execute<{
      gid: number;
      dno: string;
      road_name: string | null;
      dma_code: string | null;
      x: number;
      y: number;
    }>(sql`
      select gid, dno, road_name, dma_code,
        ST_X(ST_LineInterpolatePoint(geom, 0.5)) as x, ST_Y(ST_LineInterpolatePoint(geom, 0.5)) as y
      from swp_gis_pipe where ${tenantSql(gisPipe, tenantId)} and gid = ${pipeGid} and is_deleted = 0`),
    graphOf(db, tenantId),
  ]);
  const p = pipe.rows[0];
  if (!p) throw badRequest(`管线不存在: ${pipeGid}`);
  const r = shutdownAnalysis(graph, pipeGid);
  const burst = at ?? { x: Number(p.x), y: Number(p.y) };
  const allValves = [...new Set([...r.valves, ...Object.values(r.backups).flat()])];
  const affected = [...r.segmentPipes, ...r.isolatedPipes];
  // valves, affected users and the segment's length: three independent reads, in parallel
  const [valveRows, userRows, len] = await Promise.all([
    valveRowsOf(db, tenantId, allValves),
    userRowsOf(db, tenantId, affected),
    db.execute<{ l: number }>(sql`
      select coalesce(sum(length), 0)::float8 as l from swp_gis_pipe
      where ${tenantSql(gisPipe, tenantId)} and gid = any(${sql.param(r.segmentPipes)}::int[])`),
  ]);
  const byGid = new Map(
    valveRows.map((v) => [
      v.gid,
      {
        gid: v.gid,
        dno: v.dno,
        x: Number(v.x),
        y: Number(v.y),
        diameter: v.diameter,
        distance: Math.round(Math.hypot(Number(v.x) - burst.x, Number(v.y) - burst.y) * 10) / 10,
      },
    ]),
  );
  const valves = r.valves
    .map((g) => byGid.get(g))
    .filter((v): v is ValveOut => !!v)
    .sort((a, b) => a.distance - b.distance || a.gid - b.gid);
  const segSet = new Set(r.segmentPipes);
  const users = userRows.map(
    (u): UserOut => ({
      gid: u.gid,
      dno: u.dno,
      name: u.name,
      customerCount: u.customer_count ?? 0,
      criticalType: u.critical_type,
      pipeGid: u.pipe_gid,
      cause: segSet.has(u.pipe_gid) ? 'segment' : 'isolated',
    }),
  );
  return {
    networkVersion: version,
    burst: { pipeGid, pipeDno: p.dno, x: burst.x, y: burst.y, roadName: p.road_name, dmaCode: p.dma_code },
    segmentPipes: r.segmentPipes,
    segmentLength: Math.round(Number(len.rows[0].l) * 10) / 10,
    isolatedPipes: r.isolatedPipes,
    valves,
    closedValves: r.closedValves,
    backups: valves.map((v) => ({
      forValve: v.gid,
      valves: (r.backups[v.gid] ?? [])
        .map((g) => byGid.get(g))
        .filter((x): x is ValveOut => !!x)
        .sort((a, b) => a.distance - b.distance),
    })),
    affectedUsers: users,
    affectedCustomers: users.reduce((s, u) => s + u.customerCount, 0),
    criticalUsers: users.filter((u) => u.criticalType),
    sourceInSegment: r.sourceInSegment,
    tookMs: Math.round((performance.now() - t0) * 10) / 10,
  };
}

/** The pipe nearest a point (EPSG:4548) within `within` metres, or null. */
export async function nearestPipe(db: Db, tenantId: string, x: number, y: number, within = 200) {
  const r = await db.execute<{ gid: number; dno: string; distance: number }>(sql`
    select gid, dno, ST_Distance(geom, ST_SetSRID(ST_MakePoint(${x}::float8, ${y}::float8), 4548)) as distance
    from swp_gis_pipe
    where ${tenantSql(gisPipe, tenantId)} and is_deleted = 0
      and ST_DWithin(geom, ST_SetSRID(ST_MakePoint(${x}::float8, ${y}::float8), 4548), ${within}::float8)
    order by geom <-> ST_SetSRID(ST_MakePoint(${x}::float8, ${y}::float8), 4548) limit 1`);
  const p = r.rows[0];
  return p ? { gid: p.gid, dno: p.dno, distance: Number(p.distance) } : null;
}

// ---------------------------------------------------------------- DMAs

export interface DmaInfo {
  gid: number;
  dno: string;
  name: string;
  /** monitoring station code of the inlet flow meter (modules/monitor) */
  stationCode: string | null;
  /** legitimate night use, m³/h */
  nightUse: number | null;
  inletMeters: { gid: number; dno: string; stationCode: string | null; pipeGid: number | null }[];
}

/** Every DMA of the tenant with its inlet meters and their monitoring station codes. */
export async function listDmas(db: Db, tenantId: string): Promise<DmaInfo[]> {
  const dmas = await db.execute<{
    gid: number;
    dno: string;
    name: string;
    station_code: string | null;
    night_use: number | null;
  }>(
    sql`select gid, dno, name, station_code, night_use from swp_gis_dma
        where ${tenantSql(gisDma, tenantId)} and is_deleted = 0 order by dno`,
  );
  const inlets = await db.execute<{
    gid: number;
    dno: string;
    station_code: string | null;
    pipe_gid: number | null;
    dma_code: string;
  }>(
    sql`select gid, dno, station_code, pipe_gid, dma_code from swp_gis_node
        where ${tenantSql(gisNode, tenantId)} and kind = 'meter' and subtype = 'dma_inlet' and is_deleted = 0 order by gid`,
  );
  return dmas.rows.map((d) => ({
    gid: d.gid,
    dno: d.dno,
    name: d.name,
    stationCode: d.station_code,
    nightUse: d.night_use === null ? null : Number(d.night_use),
    inletMeters: inlets.rows
      .filter((m) => m.dma_code === d.dno)
      .map((m) => ({ gid: m.gid, dno: m.dno, stationCode: m.station_code, pipeGid: m.pipe_gid })),
  }));
}

/** The DMA (code) containing a point, or null. */
export async function dmaAt(db: Db, tenantId: string, x: number, y: number): Promise<string | null> {
  const r = await db.execute<{ dno: string }>(sql`
    select dno from swp_gis_dma where ${tenantSql(gisDma, tenantId)} and is_deleted = 0
      and ST_Contains(geom, ST_SetSRID(ST_MakePoint(${x}::float8, ${y}::float8), 4548)) limit 1`);
  return r.rows[0]?.dno ?? null;
}

/** The DMA (code) of a feature of a layer (by key or id) and gid, or null. */
export async function dmaOfFeature(db: Db, tenantId: string, layerRef: string, gid: number): Promise<string | null> {
  const layer = layerByRef(layerRef);
  if (!layer || layer.key === 'dma') return null;
  const r = await db.execute<{ dma_code: string | null; x: number; y: number }>(sql`
    select t.dma_code, ST_X(ST_PointOnSurface(t.geom)) as x, ST_Y(ST_PointOnSurface(t.geom)) as y
    from ${tableOf(layer)} where ${layerFilter(layer, tenantId)} and t.gid = ${gid}`);
  const f = r.rows[0];
  if (!f) return null;
  return f.dma_code ?? dmaAt(db, tenantId, Number(f.x), Number(f.y));
}

export type { PipeAnalysis, UserOut, ValveOut };
