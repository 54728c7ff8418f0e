/**
 * Writes built rows into the spatial store, matched on codes (`dno`): a row whose fingerprint equals the stored one
 * is left alone, a changed one is rewritten under its old gid (burst events and pickers that hold gids keep
 * pointing at it), a new one gets the next gid. `replace` also removes the tenant's features the file does not
 * have; `merge` keeps them. Nothing changed → nothing written and the network version stays, so applying the same
 * file twice changes nothing. Run `applyPlan` inside one transaction: all or nothing.
 */
import { sql } from 'drizzle-orm';
import { newId } from '../../../core/ids.ts';
import { tenantColumnSql, tenantSql } from '../../../core/scoped.ts';
import { gisNetwork, gisNode, gisPipe } from '../schema.ts';
import { bumpVersion, type Exec } from '../store.ts';
import type { Built, NodeRow, PipeRow } from './build.ts';
import { yieldToLoop } from './model.ts';

export type Mode = 'replace' | 'merge';
const CHUNK = 10_000;

export interface Plan {
  mode: Mode;
  nodeGid: Map<string, number>;
  pipeGid: Map<string, number>;
  nodeWrites: NodeRow[];
  pipeWrites: PipeRow[];
  /** gids of stored rows rewritten or removed */
  nodeDeletes: number[];
  pipeDeletes: number[];
  modelChanged: boolean;
  stats: { inserted: number; updated: number; unchanged: number; deleted: number };
}

type Stored = {
  gid: number;
  dno: string;
  sig: string | null;
};

async function stored(db: Exec, table: 'swp_gis_node' | 'swp_gis_pipe', tenantId: string): Promise<Stored[]> {
  const r = await db.execute<Stored>(
    sql`select gid, dno, sig from ${sql.identifier(table)} where ${tenantSql(table === 'swp_gis_node' ? gisNode : gisPipe, tenantId)} and is_deleted = 0`,
  );
  return r.rows;
}

/** Compares the rows with the tenant's network; no writes. */
export async function planImport(db: Exec, tenantId: string, built: Built, mode: Mode): Promise<Plan> {
  const stats = { inserted: 0, updated: 0, unchanged: 0, deleted: 0 };
  const side = <R extends { dno: string; sig: string }>(have: Stored[], rows: R[]) => {
    const byDno = new Map<string, Stored>();
    let next = 0;
    for (const h of have) {
      byDno.set(h.dno, h);
      if (h.gid > next) next = h.gid;
    }
    const gid = new Map<string, number>();
    const writes: R[] = [];
    const deletes: number[] = [];
    const seen = new Set<string>();
    for (const r of rows) {
      seen.add(r.dno);
      const h = byDno.get(r.dno);
      if (h && h.sig === r.sig) {
        gid.set(r.dno, h.gid);
        stats.unchanged++;
      } else if (h) {
        gid.set(r.dno, h.gid);
        deletes.push(h.gid);
        writes.push(r);
        stats.updated++;
      } else {
        gid.set(r.dno, ++next);
        writes.push(r);
        stats.inserted++;
      }
    }
    for (const h of have) {
      if (seen.has(h.dno)) continue;
      if (mode === 'replace') {
        deletes.push(h.gid);
        stats.deleted++;
      } else gid.set(h.dno, h.gid);
    }
    return { gid, writes, deletes };
  };
  const n = side(await stored(db, 'swp_gis_node', tenantId), built.nodes);
  const p = side(await stored(db, 'swp_gis_pipe', tenantId), built.pipes);
  let modelChanged = false;
  if (built.model || mode === 'replace') {
    const r = await db.execute<{ model: unknown }>(
      sql`select model from swp_gis_network where ${tenantSql(gisNetwork, tenantId)}`,
    );
    modelChanged = stable(r.rows[0]?.model ?? null) !== stable(built.model ?? null);
  }
  return {
    mode,
    nodeGid: n.gid,
    pipeGid: p.gid,
    nodeWrites: n.writes,
    pipeWrites: p.writes,
    nodeDeletes: n.deletes,
    pipeDeletes: p.deletes,
    modelChanged,
    stats,
  };
}

/** JSON with keys sorted: jsonb hands keys back in its own order. */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

const a = (v: unknown[]) => sql.param(v);
const ids = (n: number) => Array.from({ length: n }, () => newId());
const json = (v: unknown) => (v == null ? null : JSON.stringify(v));

/** Writes the plan; returns whether anything changed. Inside a transaction. */
export async function applyPlan(
  tx: Exec,
  tenantId: string,
  plan: Plan,
  model: Built['model'],
  source: Record<string, unknown>,
  onProgress?: (done: number, total: number) => void,
): Promise<boolean> {
  const changed =
    plan.nodeWrites.length + plan.pipeWrites.length + plan.nodeDeletes.length + plan.pipeDeletes.length > 0 ||
    plan.modelChanged;
  if (!changed) return false;
  const total = plan.nodeWrites.length + plan.pipeWrites.length;
  let done = 0;
  for (let i = 0; i < plan.nodeDeletes.length; i += 50_000)
    await tx.execute(
      sql`delete from swp_gis_node where ${tenantSql(gisNode, tenantId)} and gid = any(${a(plan.nodeDeletes.slice(i, i + 50_000))}::int[])`,
    );
  for (let i = 0; i < plan.pipeDeletes.length; i += 50_000)
    await tx.execute(
      sql`delete from swp_gis_pipe where ${tenantSql(gisPipe, tenantId)} and gid = any(${a(plan.pipeDeletes.slice(i, i + 50_000))}::int[])`,
    );
  for (let off = 0; off < plan.nodeWrites.length; off += CHUNK) {
    const rows = plan.nodeWrites.slice(off, off + CHUNK);
    const c = <K extends keyof NodeRow>(k: K) => rows.map((r) => r[k]);
    await tx.execute(sql`
      insert into swp_gis_node (id, tenant_id, gid, kind, dno, name, elevation, diameter, operable, normal_state,
        subtype, hydraulic, sig, geom)
      select u.id, ${tenantId}, u.gid, u.kind, u.dno, u.name, u.elevation, u.diameter, u.operable, u.normal_state,
        u.subtype, u.hydraulic::jsonb, u.sig, ST_SetSRID(ST_MakePoint(u.x, u.y), 4548)
      from unnest(${a(ids(rows.length))}::bigint[], ${a(rows.map((r) => plan.nodeGid.get(r.dno)))}::int[],
        ${a(c('kind'))}::varchar[], ${a(c('dno'))}::varchar[], ${a(c('name'))}::varchar[],
        ${a(c('elevation'))}::float8[], ${a(c('diameter'))}::int[], ${a(c('operable'))}::int[],
        ${a(c('normalState'))}::varchar[], ${a(c('subtype'))}::varchar[], ${a(rows.map((r) => json(r.hydraulic)))}::text[],
        ${a(c('sig'))}::varchar[], ${a(c('x'))}::float8[], ${a(c('y'))}::float8[])
        as u(id, gid, kind, dno, name, elevation, diameter, operable, normal_state, subtype, hydraulic, sig, x, y)`);
    done += rows.length;
    onProgress?.(done, total);
    await yieldToLoop();
  }
  for (let off = 0; off < plan.pipeWrites.length; off += CHUNK) {
    const rows = plan.pipeWrites.slice(off, off + CHUNK);
    const c = <K extends keyof PipeRow>(k: K) => rows.map((r) => r[k]);
    const gidOf = (dno: string) => {
      const g = plan.nodeGid.get(dno);
      if (g === undefined) throw new Error(`node ${dno} has no gid`);
      return g;
    };
    await tx.execute(sql`
      insert into swp_gis_pipe (id, tenant_id, gid, dno, from_node, to_node, diameter, material, install_year, length,
        pipe_class, hydraulic, sig, geom)
      select u.id, ${tenantId}, u.gid, u.dno, u.from_node, u.to_node, u.diameter, u.material, u.install_year, u.length,
        u.pipe_class, u.hydraulic::jsonb, u.sig, ST_GeomFromText(u.g, 4548)
      from unnest(${a(ids(rows.length))}::bigint[], ${a(rows.map((r) => plan.pipeGid.get(r.dno)))}::int[],
        ${a(c('dno'))}::varchar[], ${a(rows.map((r) => gidOf(r.from)))}::int[], ${a(rows.map((r) => gidOf(r.to)))}::int[],
        ${a(c('diameter'))}::int[], ${a(c('material'))}::varchar[], ${a(c('installYear'))}::int[],
        ${a(c('length'))}::float8[], ${a(c('pipeClass'))}::varchar[], ${a(rows.map((r) => json(r.hydraulic)))}::text[],
        ${a(c('sig'))}::varchar[], ${a(rows.map((r) => `LINESTRING(${r.coords.map(([x, y]) => `${x} ${y}`).join(',')})`))}::text[])
        as u(id, gid, dno, from_node, to_node, diameter, material, install_year, length, pipe_class, hydraulic, sig, g)`);
    done += rows.length;
    onProgress?.(done, total);
    await yieldToLoop();
  }
  // hydrants and meters hang on the nearest pipe (within 50 m) when they do not name one
  await tx.execute(sql`
    update swp_gis_node n set pipe_gid = (
      select p.gid from swp_gis_pipe p where ${tenantSql(gisPipe, tenantColumnSql(gisNode, 'n'), 'p')} and p.is_deleted = 0
        and ST_DWithin(p.geom, n.geom, 50) order by p.geom <-> n.geom limit 1)
    where ${tenantSql(gisNode, tenantId, 'n')} and n.kind in ('hydrant', 'meter') and n.pipe_gid is null`);
  // a replaced network keeps no pipe-hanging feature whose pipe is gone
  if (plan.mode === 'replace')
    await tx.execute(sql`
      update swp_gis_node n set pipe_gid = null where ${tenantSql(gisNode, tenantId, 'n')} and n.pipe_gid is not null
        and not exists (select 1 from swp_gis_pipe p where ${tenantSql(gisPipe, tenantColumnSql(gisNode, 'n'), 'p')} and p.gid = n.pipe_gid)`);
  await bumpVersion(tx, tenantId);
  // a merge of GeoJSON or Shapefile (no hydraulic model) keeps the stored model
  if (model || plan.mode === 'replace')
    await tx.execute(
      sql`update swp_gis_network set model = ${json(model)}::jsonb where ${tenantSql(gisNetwork, tenantId)}`,
    );
  await tx.execute(
    sql`update swp_gis_network set source = ${json(source)}::jsonb where ${tenantSql(gisNetwork, tenantId)}`,
  );
  return true;
}
