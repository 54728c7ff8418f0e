/**
 * The tenant's hydraulic model: the GIS network written as EPANET input (the gis export, runnable defaults for
 * features drawn without EPANET data), one row per network version. A network edit moves the version, so the next
 * run builds a new model; results keep the model id and version they came from. Identical text is not stored twice
 * (SHA-1), and the current model is cached in memory per tenant, checked against the version on every use.
 */
import { sql } from 'drizzle-orm';
import { notFound } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { tenantSql } from '../../core/scoped.ts';
import { loadNetworkText, networkTextBuffers, networkVersion, type RoughnessRule } from '../gis/index.ts';
import { type DemandSummary, demandPlan, hasDemandSource } from './demand.ts';
import { roughnessRules } from './materials.ts';
import { buildModelText, type ModelText } from './model-text.ts';
import { runInWorker, WORKERS_BUSY } from './pool.ts';
import { hydraulicModel } from './schema.ts';

export type ModelRow = {
  id: string;
  networkVersion: number;
  hash: string;
  nodes: number;
  links: number;
  createTime?: string;
};

type Entry = { version: number; day: string; model: ModelRow; inp: string; demands?: DemandSummary };
const cache = new Map<string, Entry>();

/** the demands follow the last whole days of data: a model is rebuilt at most once a local day per network version */
const dayKey = (now: number) => {
  const d = new Date(now);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}:${hasDemandSource() ? 'reads' : 'dma'}`;
};

/** Forget the cached models (a demand source registered, tests). */
export function clearModelCache() {
  cache.clear();
}

/** how long a request waits for a model build before it answers the build's state (the web client gives up at 30 s) */
export const MODEL_WAIT_MS = 15_000;

/** A model being built: what it is doing and how far (0–100), for the screen while it waits. */
export type BuildState = { stage: 'rows' | 'text' | 'store'; progress: number; startTime: string };
type Build = { version: number; day: string; state: BuildState; promise: Promise<Entry> };
/** builds in flight by tenant: a second caller joins the first one's build instead of starting its own */
const building = new Map<string, Build>();

/** The model of the tenant's current network (built and stored when the network changed since the last one). */
export async function currentModel(ctx: AppContext, tenantId: string): Promise<Entry> {
  const version = await networkVersion(ctx.db, tenantId);
  // the roughness table is part of the model: an edit of it builds a new one
  const roughness = await roughnessRules(ctx, tenantId);
  const day = `${dayKey(Date.now())}:${roughness.key}`;
  const hit = cache.get(tenantId);
  if (hit && hit.version === version && hit.day === day) return hit;
  const running = building.get(tenantId);
  if (running && running.version === version && running.day === day) return running.promise;
  const state: BuildState = { stage: 'rows', progress: 0, startTime: new Date().toISOString() };
  const promise = build(ctx, tenantId, version, day, state, roughness.rules).finally(() => {
    if (building.get(tenantId)?.promise === promise) building.delete(tenantId);
  });
  building.set(tenantId, { version, day, state, promise });
  return promise;
}

/**
 * The current model if it is ready within `waitMs`, else the build's state (it goes on): the first build of a big
 * network takes longer than a client waits for one answer (100,000 pipes: 40 s on a loaded machine), so the screen
 * asks again until the model is there.
 */
export async function currentModelWithin(
  ctx: AppContext,
  tenantId: string,
  waitMs: number,
): Promise<{ entry: Entry; building?: undefined } | { entry?: undefined; building: BuildState }> {
  const p = currentModel(ctx, tenantId);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((res) => {
    timer = setTimeout(() => res(null), waitMs);
  });
  try {
    const entry = await Promise.race([p, late]);
    if (entry) return { entry };
  } finally {
    clearTimeout(timer);
  }
  // the build goes on without this caller: its failure reaches the next one who asks
  p.catch(() => {});
  return { building: building.get(tenantId)?.state ?? { stage: 'store', progress: 99, startTime: '' } };
}

async function build(
  ctx: AppContext,
  tenantId: string,
  version: number,
  day: string,
  state: BuildState,
  rules: RoughnessRule[],
) {
  const { plan, pumps, summary } = await demandPlan(ctx, tenantId, Date.now());
  // the rows come from the database here, as JSON text in bounded chunks (the event loop is free between them);
  // they are parsed and the text written (CPU-bound: seconds for 100,000 pipes) in a worker thread so the server
  // keeps answering (inline when every worker is busy)
  const text = await loadNetworkText(ctx.db, tenantId, (loaded, total) => {
    state.progress = Math.round((40 * loaded) / Math.max(1, total));
  });
  Object.assign(state, { stage: 'text', progress: 40 });
  const opts = { runnable: true, demands: plan, pumps, roughness: rules };
  // the chunks' bytes move to the worker (no copy); only when no worker is free are they used here instead
  const built = await runInWorker<ModelText>({ kind: 'inp', text, opts }, undefined, networkTextBuffers(text)).catch(
    (e: Error) => {
      if (e.message === WORKERS_BUSY) return buildModelText(text, opts);
      throw e;
    },
  );
  Object.assign(state, { stage: 'store', progress: 90 });
  const { inp, hash } = built;
  const found = await ctx.db.execute<{ id: string; nodes: number; links: number }>(sql`
    select id::text as id, nodes, links from swp_hydraulic_model
    where ${tenantSql(hydraulicModel, tenantId)} and network_version = ${version} and hash = ${hash} limit 1`);
  let model: ModelRow;
  if (found.rows[0]) model = { ...found.rows[0], networkVersion: version, hash };
  else {
    const c = { nodes: built.nodes, links: built.links };
    model = { id: newId(), networkVersion: version, hash, ...c };
    await ctx.db.execute(sql`
      insert into swp_hydraulic_model (id, tenant_id, network_version, hash, inp, nodes, links)
      values (${model.id}, ${tenantId}, ${version}, ${hash}, ${inp}, ${c.nodes}, ${c.links})`);
  }
  const entry: Entry = { version, day, model, inp, demands: summary };
  cache.set(tenantId, entry);
  return entry;
}

/** A stored model by id (an older version, for a rerun), the tenant's own only. */
export async function modelById(ctx: AppContext, tenantId: string, id: string) {
  const hit = cache.get(tenantId);
  if (hit?.model.id === id) return hit;
  const r = await ctx.db.execute<ModelRow & { inp: string }>(sql`
    select id::text as id, network_version as "networkVersion", hash, nodes, links, inp
    from swp_hydraulic_model where ${tenantSql(hydraulicModel, tenantId)} and id = ${id}`);
  const row = r.rows[0];
  if (!row) throw notFound(`模型不存在: ${id}`);
  const { inp, ...model } = row;
  return { model, inp };
}

export async function listModels(ctx: AppContext, tenantId: string) {
  const r = await ctx.db.execute<ModelRow>(sql`
    select id::text as id, network_version as "networkVersion", hash, nodes, links, create_time as "createTime"
    from swp_hydraulic_model where ${tenantSql(hydraulicModel, tenantId)} order by network_version desc, create_time desc limit 50`);
  return r.rows;
}
