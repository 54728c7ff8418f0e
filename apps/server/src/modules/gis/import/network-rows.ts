/**
 * The network's rows for the exports and the hydraulic model, read in bounded chunks as JSON text.
 *
 * Why text: a 100,000-pipe network is 200,000 rows. Read as row objects, the driver builds them on the event loop
 * and handing them to the hydraulic worker thread (structured clone of 200,000 objects) blocked the server for
 * about a second. Read as `json_agg` text, CHUNK rows per statement (keyset on gid), each statement answers one
 * text, answered as UTF-8 bytes (bytea): the event loop is free between statements, the bytes are transferred to a
 * worker without a copy (cloning JSON strings cost as much as the rows: Chinese names make them two-byte, and
 * encoding them here took as long), and
 * `JSON.parse` runs where the rows are used (the worker, for a model build).
 */
import { sql } from 'drizzle-orm';
import { tenantColumnSql, tenantSql } from '../../../core/scoped.ts';
import { gisNetwork, gisNode, gisPipe } from '../schema.ts';
import type { Exec } from '../store.ts';
import type { HydraulicModel } from './model.ts';

export type NodeOut = {
  gid: number;
  pipe_gid: number | null;
  customer_count: number | null;
  capacity: number | null;
  dno: string;
  kind: string;
  name: string | null;
  elevation: number | null;
  diameter: number | null;
  operable: number | null;
  normal_state: string | null;
  subtype: string | null;
  hydraulic: Record<string, unknown> | null;
  x: number;
  y: number;
};
export type PipeOut = {
  gid: number;
  from_node: number;
  to_node: number;
  dno: string;
  from_dno: string;
  to_dno: string;
  diameter: number;
  material: string;
  install_year: number | null;
  length: number;
  pipe_class: string;
  hydraulic: Record<string, unknown> | null;
  coords: string;
};

type Head = {
  tenantId: string;
  model: HydraulicModel | null;
  source: { offsetX?: number; offsetY?: number; crs?: string } | null;
};
/** The rows the `.inp` writer reads (plain data). */
export type NetworkRows = Head & { nodes: NodeOut[]; pipes: PipeOut[] };
/** The same rows as JSON array texts in UTF-8, CHUNK rows each, in gid order (what a worker thread is given). */
export type NetworkText = Head & { nodes: Uint8Array[]; pipes: Uint8Array[] };

/** the chunks' buffers, to transfer them to a worker thread (each has an ArrayBuffer of its own) */
export const networkTextBuffers = (t: NetworkText) => [...t.nodes, ...t.pipes].map((b) => b.buffer as ArrayBuffer);

/** rows per statement: about 2–3 MB of JSON, parsed by the driver in a few milliseconds */
const CHUNK = 10_000;

/** `j`: the chunk's JSON as UTF-8 bytes (bytea: the driver decodes hex natively, no string round trip) */
type Chunk = { j: Uint8Array; n: number; last: number | null };

/** a buffer of its own (a small one may sit in Node's shared pool, which must not be transferred) */
const own = (b: Uint8Array) => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : b.slice());

async function chunks(next: (after: number) => Promise<Chunk>): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (let after = -1; ; ) {
    const c = await next(after);
    if (c.n > 0) out.push(own(c.j));
    if (c.n < CHUNK || c.last === null) return out;
    after = c.last;
  }
}

/**
 * The tenant's network rows as JSON text chunks (see above). `onRows` hears the rows read so far and the total,
 * after each statement (a model build shows it as progress).
 */
export async function loadNetworkText(
  db: Exec,
  tenantId: string,
  onRows?: (loaded: number, total: number) => void,
): Promise<NetworkText> {
  let total = 0;
  let loaded = 0;
  if (onRows) {
    const c = await db.execute<{ n: number }>(sql`
      select (select count(*) from swp_gis_node where ${tenantSql(gisNode, tenantId)} and is_deleted = 0)::int
        + (select count(*) from swp_gis_pipe where ${tenantSql(gisPipe, tenantId)} and is_deleted = 0)::int as n`);
    total = c.rows[0]?.n ?? 0;
  }
  const counted = (c: Chunk) => {
    loaded += c.n;
    onRows?.(loaded, Math.max(total, loaded));
    return c;
  };
  const nodes = await chunks(async (after) => {
    const r = await db.execute<Chunk>(sql`
      select convert_to(coalesce(json_agg(t order by t.gid), '[]')::text, 'UTF8') as j, count(*)::int as n,
        max(t.gid) as last from (
        select gid, pipe_gid, customer_count, capacity, dno, kind, name, elevation, diameter, operable, normal_state,
          subtype, hydraulic, ST_X(geom) as x, ST_Y(geom) as y
        from swp_gis_node where ${tenantSql(gisNode, tenantId)} and is_deleted = 0 and gid > ${after}
        order by gid limit ${CHUNK}) t`);
    return counted(r.rows[0]);
  });
  const pipes = await chunks(async (after) => {
    const r = await db.execute<Chunk>(sql`
      select convert_to(coalesce(json_agg(t order by t.gid), '[]')::text, 'UTF8') as j, count(*)::int as n,
        max(t.gid) as last from (
        select p.gid, p.from_node, p.to_node, p.dno, a.dno as from_dno, b.dno as to_dno, p.diameter, p.material,
          p.install_year, p.length, p.pipe_class, p.hydraulic, ST_AsText(p.geom) as coords
        from swp_gis_pipe p
          join swp_gis_node a on ${tenantSql(gisNode, tenantColumnSql(gisPipe, 'p'), 'a')} and a.gid = p.from_node
          join swp_gis_node b on ${tenantSql(gisNode, tenantColumnSql(gisPipe, 'p'), 'b')} and b.gid = p.to_node
        where ${tenantSql(gisPipe, tenantId, 'p')} and p.is_deleted = 0 and p.gid > ${after}
        order by p.gid limit ${CHUNK}) t`);
    return counted(r.rows[0]);
  });
  const net = await db.execute<Pick<Head, 'model' | 'source'>>(
    sql`select model, source from swp_gis_network where ${tenantSql(gisNetwork, tenantId)}`,
  );
  return { tenantId, nodes, pipes, model: net.rows[0]?.model ?? null, source: net.rows[0]?.source ?? null };
}

/** The rows of loaded chunks (synchronous: in a worker for a big network). */
export function parseNetworkText(t: NetworkText): NetworkRows {
  const text = new TextDecoder();
  const all = <T>(parts: Uint8Array[]) => parts.flatMap((p) => JSON.parse(text.decode(p)) as T[]);
  return { tenantId: t.tenantId, model: t.model, source: t.source, nodes: all(t.nodes), pipes: all(t.pipes) };
}

/** The tenant's network rows (the GIS downloads; a model build parses the text in its worker instead). */
export async function loadNetworkRows(db: Exec, tenantId: string): Promise<NetworkRows> {
  return parseNetworkText(await loadNetworkText(db, tenantId));
}
