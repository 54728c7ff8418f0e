/**
 * Backups of the console's own database (`/system/DataBackup`): a logical dump of every table of the schema in
 * pg_dump's plain data format (`COPY … FROM stdin;` blocks, text format), gzip-compressed under
 * `DATA_DIR/backups`, taken inside one REPEATABLE READ READ ONLY transaction (a consistent snapshot) through a
 * cursor, so memory stays flat. Restore: `gunzip -c file | psql` into a database migrated to the same version.
 * Listed, downloadable (`{id}/Actions/Download`) and deletable; platform administrators only (it holds every
 * tenant). A backup runs in the background: its row says running, done (size, tables, rows) or failed (why).
 * On the embedded database (one connection) other requests wait while a backup reads.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { adminOnly, userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { requirePlatformAdmin } from '../../core/tenancy.ts';
import { formatDateTime } from '../../core/time.ts';
import { dsBackup } from './schema.ts';

const FETCH = 2000;
export const backupDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'backups');

/** COPY text-format escaping of one value (null is `\N`). */
export function copyText(v: string | null): string {
  if (v === null) return '\\N';
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

const qi = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Writes the dump of every table to `file`; returns the counts. */
export async function dumpDatabase(ctx: AppContext, file: string): Promise<{ tables: number; rows: number }> {
  const client = await ctx.database.pool.connect();
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
  let tables = 0;
  let rows = 0;
  try {
    await client.query('begin isolation level repeatable read read only');
    const version = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0].v;
    await write(
      `-- SWP Console logical backup, ${formatDateTime(new Date())}, PostgreSQL ${version}\n` +
        "-- plain data format (pg_dump --data-only); restore with psql into a database migrated to the same version\nSET client_encoding = 'UTF8';\nSET session_replication_role = replica;\n\n",
    );
    const list = await client.query<{ t: string }>(
      `select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          -- tables an extension owns (PostGIS's spatial_ref_sys) come back with the extension, not from the backup
          and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
            and d.deptype = 'e')
        order by c.relname`,
    );
    for (const { t } of list.rows) {
      const cols = (
        await client.query<{ a: string }>(
          `select attname as a from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped
             and attgenerated = '' order by attnum`,
          [`public.${qi(t)}`],
        )
      ).rows.map((r) => r.a);
      if (!cols.length) continue;
      tables++;
      await write(`COPY public.${qi(t)} (${cols.map(qi).join(', ')}) FROM stdin;\n`);
      await client.query(
        `declare swp_dump no scroll cursor for select array[${cols.map((c) => `${qi(c)}::text`).join(', ')}] as r from public.${qi(t)}`,
      );
      for (;;) {
        const batch = await client.query<{ r: (string | null)[] }>(`fetch ${FETCH} from swp_dump`);
        if (!batch.rows.length) break;
        rows += batch.rows.length;
        await write(`${batch.rows.map((x) => x.r.map(copyText).join('\t')).join('\n')}\n`);
        if (batch.rows.length < FETCH) break;
      }
      await client.query('close swp_dump');
      await write('\\.\n\n');
    }
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => {});
    gz.destroy();
    out.destroy();
    throw e;
  } finally {
    client.release();
  }
  gz.end();
  await finished;
  return { tables, rows };
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

/** Starts a backup; resolves with its row id at once, `whenDone` when the file is written. */
export async function startBackup(ctx: AppContext, req: FastifyRequest, description?: string | null) {
  const id = newId();
  const stamp = formatDateTime(new Date()).replace(/[-: ]/g, '');
  const fileName = `swp_backup_${stamp}_${id.slice(-6)}.sql.gz`;
  await fs.mkdir(backupDir(ctx), { recursive: true });
  await ctx.db
    .insert(dsBackup)
    .values({ id, fileName, description: description ?? null, createUser: userOf(req).userId });
  const file = path.join(backupDir(ctx), fileName);
  const whenDone = dumpDatabase(ctx, file).then(
    async (r) => {
      const st = await fs.stat(file);
      await ctx.db
        .update(dsBackup)
        .set({
          state: 'done',
          tableCount: r.tables,
          rowCount: r.rows,
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
  );
  return { id, fileName, whenDone };
}

export function backupRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/system/DataBackup';
  app.get(B, adminOnly, async (req) => {
    guard(req);
    const q = (req.query ?? {}) as Record<string, unknown>;
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
    return ok({ id: r.id, fileName: r.fileName }, '备份已开始');
  });
  app.get(`${B}/:id/Actions/Download`, adminOnly, async (req, reply) => {
    guard(req);
    const [r] = await ctx.db
      .select()
      .from(dsBackup)
      .where(eq(dsBackup.id, pid(req)));
    if (!r || r.isDeleted) throw badRequest('备份不存在');
    if (r.state !== 'done') throw badRequest(r.state === 'running' ? '备份尚未完成' : `备份失败: ${r.message ?? ''}`);
    const buf = await fs.readFile(path.join(backupDir(ctx), r.fileName)).catch(() => {
      throw badRequest('备份文件已不存在');
    });
    const name = encodeURIComponent(r.fileName);
    reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename=${name}; filename*=utf-8''${name}`)
      .header('access-control-expose-headers', 'content-disposition');
    return reply.send(buf);
  });
  app.delete(`${B}/:id`, adminOnly, async (req) => {
    guard(req);
    const [r] = await ctx.db
      .select()
      .from(dsBackup)
      .where(eq(dsBackup.id, pid(req)));
    if (!r || r.isDeleted) throw badRequest('备份不存在');
    if (r.state === 'running') throw badRequest('备份进行中，不能删除');
    await ctx.db.update(dsBackup).set({ isDeleted: 1, updateTime: new Date() }).where(eq(dsBackup.id, r.id));
    await fs.rm(path.join(backupDir(ctx), r.fileName), { force: true });
    return done('删除成功');
  });
}
