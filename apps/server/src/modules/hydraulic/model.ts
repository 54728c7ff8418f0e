/**
 * The tenant's hydraulic model: the GIS network written as EPANET input (the gis export, runnable defaults for
 * features drawn without EPANET data), one row per network version. A network edit moves the version, so the next
 * run builds a new model; results keep the model id and version they came from. Identical text is not stored twice
 * (SHA-1), and the current model is cached in memory per tenant, checked against the version on every use.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { notFound } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { exportInp, networkVersion } from '../gis/index.ts';

export type ModelRow = {
  id: string;
  networkVersion: number;
  hash: string;
  nodes: number;
  links: number;
  createTime?: string;
};

const cache = new Map<string, { version: number; model: ModelRow; inp: string }>();

/** Counts of nodes and links in the text's sections (for the list; the engine does not need them). */
function counts(inp: string) {
  let section = '';
  let nodes = 0;
  let links = 0;
  for (const raw of inp.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) section = line.toUpperCase();
    else if (line && !line.startsWith(';')) {
      if (['[JUNCTIONS]', '[RESERVOIRS]', '[TANKS]'].includes(section)) nodes++;
      else if (['[PIPES]', '[PUMPS]', '[VALVES]'].includes(section)) links++;
    }
  }
  return { nodes, links };
}

/** The model of the tenant's current network (built and stored when the network changed since the last one). */
export async function currentModel(ctx: AppContext, tenantId: string): Promise<{ model: ModelRow; inp: string }> {
  const version = await networkVersion(ctx.db, tenantId);
  const hit = cache.get(tenantId);
  if (hit && hit.version === version) return hit;
  const inp = await exportInp(ctx.db, tenantId, 'EPSG:4548', { runnable: true });
  const hash = createHash('sha1').update(inp).digest('hex');
  const found = await ctx.db.execute<{ id: string; nodes: number; links: number }>(sql`
    select id::text as id, nodes, links from swp_hydraulic_model
    where tenant_id = ${tenantId} and network_version = ${version} and hash = ${hash} limit 1`);
  let model: ModelRow;
  if (found.rows[0]) model = { ...found.rows[0], networkVersion: version, hash };
  else {
    const c = counts(inp);
    model = { id: newId(), networkVersion: version, hash, ...c };
    await ctx.db.execute(sql`
      insert into swp_hydraulic_model (id, tenant_id, network_version, hash, inp, nodes, links)
      values (${model.id}, ${tenantId}, ${version}, ${hash}, ${inp}, ${c.nodes}, ${c.links})`);
  }
  const entry = { version, model, inp };
  cache.set(tenantId, entry);
  return entry;
}

/** A stored model by id (an older version, for a rerun), the tenant's own only. */
export async function modelById(ctx: AppContext, tenantId: string, id: string) {
  const hit = cache.get(tenantId);
  if (hit?.model.id === id) return hit;
  const r = await ctx.db.execute<ModelRow & { inp: string }>(sql`
    select id::text as id, network_version as "networkVersion", hash, nodes, links, inp
    from swp_hydraulic_model where tenant_id = ${tenantId} and id = ${id}`);
  const row = r.rows[0];
  if (!row) throw notFound(`模型不存在: ${id}`);
  const { inp, ...model } = row;
  return { model, inp };
}

export async function listModels(ctx: AppContext, tenantId: string) {
  const r = await ctx.db.execute<ModelRow>(sql`
    select id::text as id, network_version as "networkVersion", hash, nodes, links, create_time as "createTime"
    from swp_hydraulic_model where tenant_id = ${tenantId} order by network_version desc, create_time desc limit 50`);
  return r.rows;
}
