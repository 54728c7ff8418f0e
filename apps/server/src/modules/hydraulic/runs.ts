/**
 * Runs: a simulation of a model under a scenario, queued on the instance's job queue and computed in a worker
 * thread (pool.ts); the row is written when queued, and again when done or failed with the packed result
 * (result.ts) and the scenario's findings. Progress lives in memory while the run goes (the instance that runs it
 * answers it; another instance shows the stored state).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError, badRequest, notFound } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import { jobQueueOf } from '../../core/job-queue.ts';
import type { AppContext } from '../../core/module.ts';
import { tenantSql } from '../../core/scoped.ts';
import type { SimResult } from './engine.ts';
import { currentModel, modelById } from './model.ts';
import { runInWorker } from './pool.ts';
import { pack, unpack } from './result.ts';
import { evaluate, scenarioSchema } from './scenarios.ts';
import { hydraulicRun } from './schema.ts';
import type { Packed, Task } from './worker.ts';

export const runBody = z.object({
  modelId: z
    .string()
    .regex(/^\d{1,19}$/, { error: 'modelId 格式不正确' })
    .optional(),
  /** seconds, default 24 h, at most 7 days */
  duration: z.coerce
    .number({ error: 'duration 须为秒数' })
    .int()
    .min(0, { error: 'duration 不能为负' })
    .max(7 * 86400, { error: 'duration 最长 7 天 (604800 秒)' })
    .default(86400),
  /** reporting step in seconds: default 1 h */
  step: z.coerce
    .number({ error: 'step 须为秒数' })
    .int()
    .min(300, { error: 'step 最短 300 秒' })
    .max(86400, { error: 'step 最长 86400 秒' })
    .default(3600),
  scenario: scenarioSchema.default({ type: 'base', minPressure: 14 }),
  name: z.string().max(64).optional(),
});
export type RunBody = z.infer<typeof runBody>;

const progressOf = new Map<string, number>();
/** unpacked results of recent runs (node, link and snapshot reads come in bursts from the map) */
const results = new Map<string, SimResult>();
const RESULT_CACHE = 8;

function remember(id: string, r: SimResult) {
  results.delete(id);
  results.set(id, r);
  while (results.size > RESULT_CACHE) results.delete(results.keys().next().value as string);
}

/** the blob a worker packed each result from (stored as it came: packing again on the event loop is not needed) */
const blobOf = new WeakMap<SimResult, Uint8Array>();

/** one simulation in a worker: its packed result read in place (result.ts), the blob kept for storing */
async function simulateInWorker(task: Extract<Task, { kind: 'simulate' }>, onProgress: (p: number) => void) {
  const { blob } = await runInWorker<Packed>(task, onProgress);
  const r = unpack(blob);
  blobOf.set(r, blob);
  return r;
}

export const MSG_RUNS_BUSY = '已有水力计算在排队, 请稍后再试';
/** a tenant's runs waiting or running on this instance at once */
const PER_TENANT = 2;

export async function startRun(ctx: AppContext, tenantId: string, userId: string | null, body: RunBody) {
  const queue = jobQueueOf(ctx);
  if (queue.list().filter((j) => j.kind.startsWith('hydraulic:') && j.tenantId === tenantId).length >= PER_TENANT)
    throw new ApiError(429, 429, MSG_RUNS_BUSY);
  // the current model is awaited however long its build takes (the screen runs only once GET /model has it)
  const { model, inp } = body.modelId
    ? await modelById(ctx, tenantId, body.modelId)
    : await currentModel(ctx, tenantId);
  if (body.duration % body.step !== 0 && body.duration > body.step) throw badRequest('duration 须为 step 的整数倍');
  // what the scenario needs from the network (valves of a shutdown, a hydrant's node) is checked before queueing
  const plan = await evaluate.prepare(ctx, tenantId, body.scenario, inp);
  const id = newId();
  await ctx.db.execute(sql`
    insert into swp_hydraulic_run (id, tenant_id, model_id, network_version, state, progress, duration, step, scenario,
      create_user)
    values (${id}, ${tenantId}, ${model.id}, ${model.networkVersion}, 'queued', 0, ${body.duration}, ${body.step},
      ${JSON.stringify({ ...body.scenario, ...(body.name ? { name: body.name } : {}) })}::jsonb, ${userId})`);
  progressOf.set(id, 0);
  const ticket = queue.submit(
    { kind: `hydraulic:${id}`, tenantId, userId: userId ?? undefined, busyMessage: MSG_RUNS_BUSY, id },
    async (job) => {
      await ctx.db.execute(sql`update swp_hydraulic_run set state = 'running' where id = ${id}`);
      const onProgress = (pct: number) => {
        progressOf.set(id, pct);
        job.progress({ progress: pct });
      };
      try {
        const { result, summary } = await evaluate.run(ctx, tenantId, plan, {
          inp,
          duration: body.duration,
          step: body.step,
          simulate: (scenario, share) =>
            simulateInWorker({ kind: 'simulate', inp, duration: body.duration, step: body.step, scenario }, (p) =>
              onProgress(Math.round(share[0] + (p * (share[1] - share[0])) / 100)),
            ),
          fireFlow: (node, residual, time) =>
            runInWorker({ kind: 'fireFlow', inp, node, residual, time, maxFlow: 500 }),
        });
        remember(id, result);
        const packed = blobOf.get(result);
        const blob = packed ? Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength) : pack(result);
        await ctx.db.execute(sql`
          update swp_hydraulic_run set state = 'done', progress = 100, result = ${blob},
            summary = ${JSON.stringify(summary)}::jsonb, finish_time = now()
          where id = ${id}`);
      } catch (e) {
        await ctx.db.execute(sql`
          update swp_hydraulic_run set state = 'failed', error = ${e instanceof Error ? e.message : String(e)},
            finish_time = now()
          where id = ${id}`);
      } finally {
        progressOf.delete(id);
      }
    },
  );
  ticket.result.catch(() => {});
  return { id, modelId: model.id, networkVersion: model.networkVersion, state: 'queued', position: ticket.position };
}

const idSchema = z.string().regex(/^\d{1,19}$/, { error: '运行编号格式不正确' });

type RunRow = {
  id: string;
  modelId: string;
  networkVersion: number;
  state: string;
  progress: number;
  duration: number;
  step: number;
  scenario: Record<string, unknown> | null;
  summary: Record<string, unknown> | null;
  error: string | null;
  createTime: string;
  finishTime: string | null;
};

const RUN_COLUMNS = sql`id::text as id, model_id::text as "modelId", network_version as "networkVersion", state,
  progress, duration, step, scenario, summary, error, create_time as "createTime", finish_time as "finishTime"`;

export async function getRun(ctx: AppContext, tenantId: string, rawId: string) {
  const id = idSchema.parse(rawId);
  const r = await ctx.db.execute<RunRow>(
    sql`select ${RUN_COLUMNS} from swp_hydraulic_run where ${tenantSql(hydraulicRun, tenantId)} and id = ${id}`,
  );
  const row = r.rows[0];
  if (!row) throw notFound(`计算不存在: ${id}`);
  const live = progressOf.get(id);
  return { ...row, progress: row.state === 'running' && live !== undefined ? live : row.progress };
}

export async function listRuns(ctx: AppContext, tenantId: string) {
  const r = await ctx.db.execute<RunRow>(sql`
    select ${RUN_COLUMNS} from swp_hydraulic_run where ${tenantSql(hydraulicRun, tenantId)} order by create_time desc limit 50`);
  return r.rows;
}

/** The unpacked result of a finished run of the tenant (409 while it is not done). */
export async function resultOf(ctx: AppContext, tenantId: string, rawId: string): Promise<SimResult> {
  const id = idSchema.parse(rawId);
  const hit = results.get(id);
  if (hit) {
    // the tenant check still applies to cached results
    const own = await ctx.db.execute(
      sql`select 1 from swp_hydraulic_run where ${tenantSql(hydraulicRun, tenantId)} and id = ${id}`,
    );
    if (own.rows.length) return hit;
    throw notFound(`计算不存在: ${id}`);
  }
  const r = await ctx.db.execute<{ state: string; size: number | null }>(
    sql`select state, octet_length(result) as size from swp_hydraulic_run
      where ${tenantSql(hydraulicRun, tenantId)} and id = ${id}`,
  );
  const row = r.rows[0];
  if (!row) throw notFound(`计算不存在: ${id}`);
  if (row.state !== 'done' || !row.size) throw new ApiError(409, 409, `计算尚未完成 (${row.state})`);
  const res = unpack(await readBlob(ctx, tenantId, id, row.size));
  remember(id, res);
  return res;
}

/** bytes per statement when reading a stored result back: the driver decodes each piece's hex in a few ms */
const PIECE = 4 * 1024 * 1024;

/**
 * A stored result read in pieces: a 100,000-pipe run is 38 MB, whose hex text (76 MB) the driver would decode on
 * the event loop in one go; piece by piece the server keeps answering between statements.
 */
async function readBlob(ctx: AppContext, tenantId: string, id: string, size: number): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  for (let at = 0; at < size; at += PIECE) {
    const p = await ctx.db.execute<{ b: Uint8Array }>(sql`
      select substring(result from ${at + 1}::int for ${PIECE}::int) as b from swp_hydraulic_run
      where ${tenantSql(hydraulicRun, tenantId)} and id = ${id}`);
    const b = p.rows[0]?.b;
    if (!b || b.byteLength !== Math.min(PIECE, size - at)) throw new Error(`计算结果读取不完整: ${id}`);
    out.set(b, at);
  }
  return out;
}
