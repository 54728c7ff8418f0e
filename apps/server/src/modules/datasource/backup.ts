/**
 * Backups of the console's own database (`/system/DataBackup`): a logical dump of every table of the schema in
 * pg_dump's plain data format (`COPY … FROM stdin;` blocks, text format), gzip-compressed under
 * `DATA_DIR/backups`. Restore: `gunzip -c file | psql` into a database migrated to the same version.
 * Listed, downloadable (`{id}/Actions/Download`) and deletable; platform administrators only (it holds every
 * tenant). A backup runs in the background through the job queue (core/job-queue.ts): one at a time (a second is
 * refused, 429 已有备份正在进行，请稍后再试), its row says queued, running, done (size, tables, rows) or failed
 * (why), and it reports progress on the live channel (`job.progress`).
 *
 * How it reads (docs/datasource.md "Backups"):
 * - PostgreSQL: one REPEATABLE READ READ ONLY transaction on its own pool connection (a consistent snapshot)
 *   through a cursor; the other connections keep serving.
 * - Embedded (one connection for everything): never a long transaction. Each table is read in pages of
 *   `PAGE` rows, one short query each (keyset on the primary key; tables without one by ranges of blocks), through
 *   the shared pool, yielding between pages, so requests interleave with the backup. The dump is then consistent
 *   per page, not one snapshot: a row written meanwhile may or may not be in it.
 * A running or queued row refreshes its update_time every few seconds; a row left running by a process that
 * died (no refresh for `STALE_MS`, or any at the embedded database's start) is marked failed 服务重启，备份已中断
 * and can be deleted.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { attachment } from '../../core/attachment.ts';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { adminOnly, userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import { busy, jobQueueOf } from '../../core/job-queue.ts';
import type { AppContext } from '../../core/module.ts';
import { requirePlatformAdmin } from '../../core/tenancy.ts';
import { formatDateTime } from '../../core/time.ts';
import { dsBackup } from './schema.ts';

const FETCH = 2000;
/** rows per query on the embedded database: short enough that a request waits milliseconds, not seconds */
export const PAGE = 500;
/** blocks per query for a table without a primary key (8 kB each) */
const BLOCKS = 8;
const HEARTBEAT_MS = 5_000;
const STALE_MS = 60_000;
const BACKUP_LOCK = 7_261_003;
export const MSG_BACKUP_BUSY = '已有备份正在进行，请稍后再试';
export const MSG_INTERRUPTED = '服务重启，备份已中断';
export const backupDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'backups');

/** Tests hold a backup between two pages with this (a real server never sets it). */
export const backupHooks: { betweenPages?: () => Promise<void> } = {};

/** COPY text-format escaping of one value (null is `\N`). */
export function copyText(v: string | null): string {
  if (v === null) return '\\N';
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

const qi = (s: string) => `"${s.replace(/"/g, '""')}"`;
const yieldTurn = () => new Promise<void>((r) => setImmediate(r));

export interface DumpProgress {
  table: string;
  tables: number;
  totalTables: number;
  rows: number;
}

type Row = { r: (string | null)[] };
type Query = <T extends pg.QueryResultRow>(text: string, params?: unknown[]) => Promise<T[]>;

/** Writes the dump of every table to `file`; returns the counts. */
export async function dumpDatabase(
  ctx: AppContext,
  file: string,
  onProgress?: (p: DumpProgress) => void,
): Promise<{ tables: number; rows: number }> {
  const embedded = ctx.database.kind === 'embedded';
  // PostgreSQL: a connection of its own for the snapshot; embedded: the shared pool, one short query at a time
  const client = embedded ? undefined : await ctx.database.pool.connect();
  const q: Query = async (text, params) => {
    if (client) return (await client.query(text, params)).rows;
    const rows = (await ctx.database.pool.query(text, params)).rows;
    await yieldTurn();
    return rows;
  };
  const gz = createGzip();
  const out = createWriteStream(file);
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', () => resolve());
    out.on('error', reject);
    gz.on('error', reject);
  });
  gz.pipe(out);
  const write = (s: string) =>
    new Promise<void>((resolve) => {
      if (gz.write(s)) resolve();
      else gz.once('drain', () => resolve());
    });
  const writeRows = async (batch: Row[]) => {
    if (batch.length) await write(`${batch.map((x) => x.r.map(copyText).join('\t')).join('\n')}\n`);
  };
  let tables = 0;
  let rows = 0;
  try {
    if (client) await client.query('begin isolation level repeatable read read only');
    const version = (await q<{ v: string }>("select current_setting('server_version') as v"))[0].v;
    await write(
      `-- SWP Console logical backup, ${formatDateTime(new Date())}, PostgreSQL ${version}\n` +
        "-- plain data format (pg_dump --data-only); restore with psql into a database migrated to the same version\nSET client_encoding = 'UTF8';\nSET session_replication_role = replica;\n\n",
    );
    const list = await q<{ t: string }>(
      `select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          -- tables an extension owns (PostGIS's spatial_ref_sys) come back with the extension, not from the backup
          and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
            and d.deptype = 'e')
        order by c.relname`,
    );
    for (const { t } of list) {
      const rel = `public.${qi(t)}`;
      const cols = (
        await q<{ a: string }>(
          `select attname as a from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped
             and attgenerated = '' order by attnum`,
          [rel],
        )
      ).map((r) => r.a);
      if (!cols.length) continue;
      tables++;
      await write(`COPY ${rel} (${cols.map(qi).join(', ')}) FROM stdin;\n`);
      const select = `array[${cols.map((c) => `${qi(c)}::text`).join(', ')}] as r`;
      if (client) {
        await client.query(`declare swp_dump no scroll cursor for select ${select} from ${rel}`);
        for (;;) {
          await backupHooks.betweenPages?.();
          const batch = (await client.query<Row>(`fetch ${FETCH} from swp_dump`)).rows;
          rows += batch.length;
          await writeRows(batch);
          if (batch.length < FETCH) break;
        }
        await client.query('close swp_dump');
      } else {
        rows += await readInPages(q, rel, select, writeRows);
      }
      await write('\\.\n\n');
      onProgress?.({ table: t, tables, totalTables: list.length, rows });
    }
    if (client) await client.query('commit');
  } catch (e) {
    if (client) await client.query('rollback').catch(() => {});
    gz.destroy();
    out.destroy();
    throw e;
  } finally {
    client?.release();
  }
  gz.end();
  await finished;
  return { tables, rows };
}

/** One table in short queries: keyset pages on the primary key, or ranges of blocks when it has none. */
async function readInPages(q: Query, rel: string, select: string, emit: (batch: Row[]) => Promise<void>) {
  let n = 0;
  const keys = await q<{ a: string; t: string }>(
    `select a.attname as a, format_type(a.atttypid, a.atttypmod) as t
       from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`,
    [rel],
  );
  if (keys.length) {
    const cols = keys.map((k) => qi(k.a)).join(', ');
    const keyArr = `array[${keys.map((k) => `${qi(k.a)}::text`).join(', ')}] as k`;
    const after = `(${cols}) > (${keys.map((k, i) => `$${i + 1}::${k.t}`).join(', ')})`;
    let last: string[] | undefined;
    for (;;) {
      await backupHooks.betweenPages?.();
      const page = await q<Row & { k: string[] }>(
        `select ${select}, ${keyArr} from ${rel}${last ? ` where ${after}` : ''} order by ${cols} limit ${PAGE}`,
        last,
      );
      n += page.length;
      await emit(page);
      if (page.length < PAGE) return n;
      last = page[page.length - 1].k;
    }
  }
  const [{ blocks }] = await q<{ blocks: number }>(
    `select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as blocks`,
    [rel],
  );
  for (let b = 0; b < blocks; b += BLOCKS) {
    await backupHooks.betweenPages?.();
    const page = await q<Row>(`select ${select} from ${rel} where ctid >= $1::tid and ctid < $2::tid`, [
      `(${b},0)`,
      `(${b + BLOCKS},0)`,
    ]);
    n += page.length;
    await emit(page);
  }
  return n;
}

/**
 * Marks backups whose process is gone failed (服务重启，备份已中断): at the start of the embedded database every
 * queued or running one (it serves one instance); otherwise those with no heartbeat for STALE_MS.
 */
export async function markInterrupted(ctx: AppContext, atStart = false) {
  const all = atStart && ctx.database.kind === 'embedded';
  await ctx.db
    .update(dsBackup)
    .set({ state: 'failed', message: MSG_INTERRUPTED, updateTime: new Date() })
    .where(
      and(
        inArray(dsBackup.state, ['queued', 'running']),
        all ? undefined : lt(dsBackup.updateTime, new Date(Date.now() - STALE_MS)),
      ),
    );
}

const input = z.object({ description: z.string().max(255, '说明不能超过255个字符').nullish() }).passthrough();

function asBackup(r: typeof dsBackup.$inferSelect) {
  return {
    id: r.id,
    fileName: r.fileName,
    fileSize: r.fileSize,
    fileUrl: `/api/system/DataBackup/${r.id}/Actions/Download`,
    tableCount: r.tableCount,
    rowCount: r.rowCount,
    state: r.state,
    message: r.message,
    description: r.description,
    creatorTime: r.createTime,
    createTime: r.createTime,
    creatorUserId: r.createUser,
  };
}

const guard = (req: FastifyRequest) => requirePlatformAdmin(req);
const pid = (req: FastifyRequest) => {
  const id = (req.params as Record<string, string>).id;
  if (!/^\d{1,19}$/.test(id ?? '')) throw badRequest('参数校验失败: id 必须是数字编号');
  return id;
};

/** Refreshes the row's update_time while the job waits or runs, so other instances know it is alive. */
const touch = (ctx: AppContext, id: string, set: Partial<typeof dsBackup.$inferInsert> = {}) =>
  ctx.db
    .update(dsBackup)
    .set({ ...set, updateTime: new Date() })
    .where(eq(dsBackup.id, id))
    .catch(() => {});

/**
 * Queues a backup; resolves with its row id at once (position 0: it started), `whenDone` when the file is written.
 * Refused (429) while another backup waits or runs, here or in another instance.
 */
export async function startBackup(ctx: AppContext, req: FastifyRequest, description?: string | null) {
  const queue = jobQueueOf(ctx);
  const u = userOf(req);
  if (queue.has('backup', u.tenantId)) throw busy(MSG_BACKUP_BUSY);
  await markInterrupted(ctx);
  const id = newId();
  const stamp = formatDateTime(new Date()).replace(/[-: ]/g, '');
  const fileName = `swp_backup_${stamp}_${id.slice(-6)}.sql.gz`;
  await fs.mkdir(backupDir(ctx), { recursive: true });
  await ctx.db.transaction(async (tx) => {
    // instances check and insert one at a time: two concurrent requests cannot both see "none running"
    await tx.execute(sql`select pg_advisory_xact_lock(${BACKUP_LOCK})`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(dsBackup)
      .where(and(inArray(dsBackup.state, ['queued', 'running']), eq(dsBackup.isDeleted, 0)));
    if (Number(n) > 0) throw busy(MSG_BACKUP_BUSY);
    await tx
      .insert(dsBackup)
      .values({ id, fileName, state: 'queued', description: description ?? null, createUser: u.userId });
  });
  const file = path.join(backupDir(ctx), fileName);
  let ticket: ReturnType<typeof queue.submit<{ tables: number; rows: number }>>;
  try {
    ticket = queue.submit(
      { kind: 'backup', tenantId: u.tenantId, userId: u.userId, busyMessage: MSG_BACKUP_BUSY, id },
      (job) => {
        let last = 0;
        return touch(ctx, id, { state: 'running' }).then(() =>
          dumpDatabase(ctx, file, (p) => {
            const now = Date.now();
            if (now - last < 1000) return;
            last = now;
            job.progress({ ...p });
            void touch(ctx, id, { tableCount: p.tables, rowCount: Math.min(p.rows, 2_147_483_647) });
          }),
        );
      },
    );
  } catch (e) {
    await ctx.db.delete(dsBackup).where(eq(dsBackup.id, id));
    throw e;
  }
  const beat = setInterval(() => void touch(ctx, id), HEARTBEAT_MS);
  beat.unref();
  const whenDone = ticket.result
    .then(
      async (r) => {
        const st = await fs.stat(file);
        await ctx.db
          .update(dsBackup)
          .set({
            state: 'done',
            message: null,
            tableCount: r.tables,
            rowCount: Math.min(r.rows, 2_147_483_647),
            fileSize: Math.min(st.size, 2_147_483_647),
            updateTime: new Date(),
          })
          .where(eq(dsBackup.id, id));
      },
      async (e) => {
        await fs.rm(file, { force: true });
        await ctx.db
          .update(dsBackup)
          .set({
            state: 'failed',
            message: String(e instanceof Error ? e.message : e).slice(0, 500),
            updateTime: new Date(),
          })
          .where(eq(dsBackup.id, id))
          .catch(() => {});
      },
    )
    .finally(() => clearInterval(beat));
  return { id, fileName, position: ticket.position, whenDone };
}

export function backupRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/system/DataBackup';
  app.get(B, adminOnly, async (req) => {
    guard(req);
    const q = (req.query ?? {}) as Record<string, unknown>;
    await markInterrupted(ctx);
    const page = Math.max(1, Number(q.currentPage) || 1);
    const size = Math.min(Math.max(1, Number(q.pageSize) || 20), 500);
    const [{ total }] = await ctx.db.select({ total: count() }).from(dsBackup).where(eq(dsBackup.isDeleted, 0));
    const rows = await ctx.db
      .select()
      .from(dsBackup)
      .where(eq(dsBackup.isDeleted, 0))
      .orderBy(desc(dsBackup.createTime))
      .limit(size)
      .offset((page - 1) * size);
    return ok({ list: rows.map(asBackup), pagination: { currentPage: page, pageSize: size, total: Number(total) } });
  });
  app.post(B, adminOnly, async (req) => {
    guard(req);
    const b = input.parse(req.body ?? {});
    const r = await startBackup(ctx, req, b.description);
    r.whenDone.catch(() => {});
    return ok(
      { id: r.id, fileName: r.fileName, position: r.position },
      r.position ? `备份已排队，前面还有 ${r.position - 1} 个后台任务` : '备份已开始',
    );
  });
  app.get(`${B}/:id/Actions/Download`, adminOnly, async (req, reply) => {
    guard(req);
    const [r] = await ctx.db
      .select()
      .from(dsBackup)
      .where(eq(dsBackup.id, pid(req)));
    if (!r || r.isDeleted) throw badRequest('备份不存在');
    if (r.state !== 'done') throw badRequest(r.state === 'failed' ? `备份失败: ${r.message ?? ''}` : '备份尚未完成');
    const buf = await fs.readFile(path.join(backupDir(ctx), r.fileName)).catch(() => {
      throw badRequest('备份文件已不存在');
    });
    return attachment(reply, r.fileName, 'application/gzip').send(buf);
  });
  app.delete(`${B}/:id`, adminOnly, async (req) => {
    guard(req);
    await markInterrupted(ctx);
    const [r] = await ctx.db
      .select()
      .from(dsBackup)
      .where(eq(dsBackup.id, pid(req)));
    if (!r || r.isDeleted) throw badRequest('备份不存在');
    if (r.state === 'running' || r.state === 'queued') throw badRequest('备份进行中，不能删除');
    await ctx.db.update(dsBackup).set({ isDeleted: 1, updateTime: new Date() }).where(eq(dsBackup.id, r.id));
    await fs.rm(path.join(backupDir(ctx), r.fileName), { force: true });
    return done('删除成功');
  });
}
