/**
 * Data sync (`POST /system/DataSync/Actions/Execute`): copies a table from one source to another in batches. The
 * columns both tables have (by name) are copied; the source is read in primary-key order (keyset, or offset when
 * it has none), each batch is one multi-row parameterised INSERT on the target, optionally after emptying it.
 * Progress goes out on the live channel (`datasync.progress`, to the caller), and the reply is the report.
 * The console's own database may be a source (platform administrator) but never a target. A copy runs through the
 * job queue (core/job-queue.ts): one per tenant (429 已有数据同步正在进行，请稍后再试), waiting for a slot when the
 * instance's long jobs are at their limit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, badRequest, ok } from '../../core/envelope.ts';
import { byMenu, userOf } from '../../core/gate.ts';
import { jobQueueOf } from '../../core/job-queue.ts';
import type { AppContext } from '../../core/module.ts';
import { knownTable, openSession, type Session } from './connect.ts';
import { OWN_DB, settingsOf } from './sources.ts';

export const PROGRESS_TOPIC = 'datasync.progress';
export const MSG_SYNC_BUSY = '已有数据同步正在进行，请稍后再试';

const id = z.union([z.string().regex(/^\d{1,19}$/, '数据源编号不正确'), z.number().int()]).transform(String);
export const syncInput = z.object({
  dbLinkFrom: id,
  dbLinkTo: id,
  table: z.string({ error: '请选择数据表' }).min(1, '请选择数据表').max(128),
  toTable: z.string().max(128).nullish(),
  batchSize: z.coerce.number().int().min(1).max(5000).optional(),
  /** 1: empty the target table first */
  clearTarget: z.coerce.number().int().min(0).max(1).optional(),
});

export interface SyncReport {
  table: string;
  toTable: string;
  columns: string[];
  skippedColumns: string[];
  total: number;
  copied: number;
  batches: number;
  durationMs: number;
}

export async function executeSync(ctx: AppContext, req: FastifyRequest, raw: unknown): Promise<SyncReport> {
  const b = syncInput.parse(raw ?? {});
  if (b.dbLinkTo === OWN_DB) throw badRequest('目标不能是本系统数据库');
  const from = await settingsOf(ctx, req, b.dbLinkFrom);
  const to = await settingsOf(ctx, req, b.dbLinkTo);
  const size = b.batchSize ?? 500;
  const started = Date.now();
  const u = userOf(req);
  let src: Session | undefined;
  let dst: Session | undefined;
  try {
    src = await openSession(ctx, from);
    dst = await openSession(ctx, to);
    const table = await knownTable(src, b.table);
    const toTable = await knownTable(dst, b.toTable || b.table).catch(() => {
      throw badRequest(`目标数据表不存在: ${b.toTable || b.table}`);
    });
    const srcCols = await src.columns(table);
    const dstCols = new Set((await dst.columns(toTable)).map((c) => c.name));
    const cols = srcCols.filter((c) => dstCols.has(c.name)).map((c) => c.name);
    const skipped = srcCols.filter((c) => !dstCols.has(c.name)).map((c) => c.name);
    if (!cols.length) throw badRequest('源表与目标表没有同名字段');
    const keys = srcCols.filter((c) => c.primaryKey && cols.includes(c.name)).map((c) => c.name);
    const [{ n }] = await src.read(`select count(*) as n from ${src.qualified(table)}`, [], 30_000);
    const total = Number(n);
    if (b.clearTarget === 1) await dst.write(`delete from ${dst.qualified(toTable)}`, [], 60_000);
    const s = src;
    const d = dst;
    const select = cols.map((c) => s.quote(c)).join(', ');
    const order = keys.length ? ` order by ${keys.map((k) => s.quote(k)).join(', ')}` : '';
    let copied = 0;
    let batches = 0;
    for (let offset = 0; ; offset += size) {
      const rows = await s.read(
        `select ${select} from ${s.qualified(table)}${order} limit ${size} offset ${offset}`,
        [],
        30_000,
      );
      if (!rows.length) break;
      const values: unknown[] = [];
      const tuples = rows.map((r) => {
        const ph = cols.map((c) => {
          let v = r[c];
          if (v instanceof Date) v = v.toISOString().replace('T', ' ').replace('Z', '');
          else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) v = JSON.stringify(v);
          values.push(v);
          return d.placeholder(values.length);
        });
        return `(${ph.join(', ')})`;
      });
      await d.write(
        `insert into ${d.qualified(toTable)} (${cols.map((c) => d.quote(c)).join(', ')}) values ${tuples.join(', ')}`,
        values,
        60_000,
      );
      copied += rows.length;
      batches++;
      await ctx.live
        .publish({
          topic: PROGRESS_TOPIC,
          tenantId: req.tenantId,
          userIds: [u.userId],
          data: { table, copied, total, batches },
          toSockets: true,
        })
        .catch(() => {});
      if (rows.length < size) break;
    }
    return {
      table,
      toTable,
      columns: cols,
      skippedColumns: skipped,
      total,
      copied,
      batches,
      durationMs: Date.now() - started,
    };
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw badRequest(`同步失败: ${(e instanceof Error ? e.message : String(e)).slice(0, 300)}`);
  } finally {
    await src?.close().catch(() => {});
    await dst?.close().catch(() => {});
  }
}

export function syncRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/system/DataSync/Actions/Execute', byMenu('data_sync'), async (req) => {
    // bad input is refused before anything waits; then one copy per tenant at a time, within the instance's limit
    syncInput.parse(req.body ?? {});
    const u = userOf(req);
    const job = jobQueueOf(ctx).submit(
      { kind: 'datasync', tenantId: u.tenantId, userId: u.userId, busyMessage: MSG_SYNC_BUSY },
      () => executeSync(ctx, req, req.body),
    );
    const r = await job.result;
    return ok(r, `同步完成: 共 ${r.total} 行, 已复制 ${r.copied} 行`);
  });
}
