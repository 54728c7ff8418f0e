/**
 * The register imports from xlsx (issue 18: devices, customers, water meters, meter reads; the station import works
 * the same way): a template with one header row and a help sheet, a dry run that checks every row against what the
 * tenant has and says per row whether it would be inserted, updated or left unchanged (matched on its key), every
 * rejected row with its reason, and an apply that writes the inserts and updates in one transaction (all or nothing;
 * refused while rows are rejected unless `skipRejected`). The same sheet applied twice changes nothing. The stages
 * go to core/progress.ts under the client's `jobId`, the report too, so any instance can answer the poll.
 *
 *   const spec: XlsxImportSpec<'code' | 'name', Write, State> = {
 *     kind: 'customer', sheet: '用户', columns: [...], required: ['code'],
 *     load: (db, tenantId) => …,                     // what the tenant has
 *     check: (values, state) => ({ key, action, write }) | '拒绝原因',
 *     apply: (tx, tenantId, writes, userId, step) =>  // inside the one transaction; for rows of one table:
 *       applyUpserts(tx, tenantId, customer, writes, userId, step),
 *   };
 *   registerXlsxImport(app, ctx, { base: '/swp-customer/customer/import', grant: byMenu('customer_import'), spec });
 */
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Db } from '../db/connection.ts';
import { attachment } from './attachment.ts';
import { badRequest, ok } from './envelope.ts';
import type { AppContext } from './module.ts';
import { progress } from './progress.ts';
import type { Tx } from './resource.ts';
import { scoped, type TenantTable } from './scoped.ts';
import { fileBytes, progressRoute, uploadedFile, uploadParams, uploadScope } from './upload.ts';
import { readSheetByHeaders } from './xlsx-read.ts';

export type RowAction = 'insert' | 'update' | 'unchanged';

export interface ImportColumn<K extends string> {
  header: string;
  key: K;
  width?: number;
}

export interface RowPlan<W> {
  /** the row's key within the tenant (a code): a key twice in one file rejects the later row */
  key: string;
  action: RowAction;
  /** what the apply writes (inserts and updates) */
  write?: W;
}

export interface XlsxImportSpec<K extends string, W, S> {
  /** job kind (progress rows) */
  kind: string;
  /** the template's sheet name and download name (`<sheet>导入模板.xlsx`) */
  sheet: string;
  columns: readonly ImportColumn<K>[];
  required: readonly K[];
  /** the help sheet's lines (说明) */
  help?: [string, string][];
  /** example rows of the template (left out when empty) */
  example?: (string | number)[][];
  maxRows?: number;
  /** the key of a row for the rejection list, before it is checked */
  keyOf(values: Partial<Record<K, string>>): string | null;
  /** what the tenant has, read once per import */
  load(db: Db, tenantId: string): Promise<S>;
  /**
   * One row, checked against the tenant's state (and the file's earlier rows, when `check` records them in the
   * state): its plan, or the reason it is rejected.
   */
  check(values: Partial<Record<K, string>>, state: S): RowPlan<W> | string;
  /** writes the inserts and updates, in the import's one transaction */
  apply(tx: Tx, tenantId: string, writes: W[], userId: string | null, step: (done: number) => void): Promise<void>;
}

export interface ImportReport {
  dryRun: boolean;
  applied: boolean;
  rows: { row: number; key: string; action: RowAction }[];
  rejected: { row: number; key: string | null; reason: string }[];
  inserted: number;
  updated: number;
  unchanged: number;
  rejectedCount: number;
  tookMs: number;
}

export interface ImportOptions {
  dryRun: boolean;
  skipRejected: boolean;
  jobId?: string;
}

export const MSG_REJECTED = (n: number) => `导入失败: ${n} 行被拒绝, 请先修正文件或选择跳过被拒绝的行 (skipRejected)`;

/** Whether `old` already has every field of `row` (null and undefined alike: an empty cell matches a null column). */
export function unchangedFrom<W extends object>(old: { [K in keyof W]?: unknown }, row: W): boolean {
  return (Object.keys(row) as (keyof W)[]).every((k) => (old[k] ?? null) === (row[k] ?? null));
}

/** The plan of a row matched on `key`: an insert when the tenant has none, else unchanged or an update of `old`. */
export function upsertPlan<W extends object>(
  key: string,
  row: W,
  old: ({ id: string } & { [K in keyof W]?: unknown }) | undefined,
): RowPlan<W & { id?: string }> {
  if (!old) return { key, action: 'insert', write: row };
  return { key, action: unchangedFrom(old, row) ? 'unchanged' : 'update', write: { ...row, id: old.id } };
}

/**
 * The apply of an import whose writes are one table's rows (a write with an `id` updates that row, one without
 * inserts): the inserts in batches of `batch` (1000) through the scoped insert (the tenant set on every row), `step`
 * after each batch, then each update by id within the tenant; both with the audit fields (user, time). `set` picks
 * what an update writes (default: the whole write but its id).
 */
export async function applyUpserts<T extends TenantTable & { id: PgColumn }, W extends { id?: string }>(
  tx: Tx,
  tenantId: string,
  table: T,
  writes: W[],
  userId: string | null,
  step: (done: number) => void,
  opts: { batch?: number; set?: (w: W) => Record<string, unknown> } = {},
): Promise<void> {
  const s = scoped(tx, tenantId);
  const now = new Date();
  const batch = opts.batch ?? 1000;
  const inserts = writes.filter((w) => !w.id);
  for (let i = 0; i < inserts.length; i += batch) {
    const rows = inserts
      .slice(i, i + batch)
      .map(({ id: _id, ...w }) => ({ ...w, createUser: userId, updateUser: userId, createTime: now, updateTime: now }));
    await s.insert(table, rows as unknown as Parameters<typeof s.insert<T>>[1]);
    step(i + batch);
  }
  for (const w of writes.filter((x) => x.id)) {
    const { id, ...rest } = w;
    const set = { ...(opts.set ? opts.set(w) : rest), updateUser: userId, updateTime: now };
    await s.update(table, set as Parameters<typeof s.update<T>>[1], eq(table.id, id as string));
  }
}

/** The template: the columns (bold header), example rows, and the help sheet. */
export async function xlsxTemplate<K extends string, W, S>(spec: XlsxImportSpec<K, W, S>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(spec.sheet);
  ws.columns = spec.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 16 }));
  ws.getRow(1).font = { bold: true };
  for (const r of spec.example ?? []) ws.addRow(r);
  if (spec.help?.length) {
    const help = wb.addWorksheet('说明');
    help.columns = [
      { header: '列', key: 'col', width: 16 },
      { header: '说明', key: 'text', width: 80 },
    ];
    for (const [c, t] of spec.help) help.addRow([c, t]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Reads, checks and (unless a dry run) applies a sheet; the report of every row. */
export async function runXlsxImport<K extends string, W, S>(
  ctx: Pick<AppContext, 'db'>,
  spec: XlsxImportSpec<K, W, S>,
  tenantId: string,
  buf: Buffer,
  opts: ImportOptions,
  userId: string | null,
): Promise<ImportReport> {
  const t0 = Date.now();
  const job = progress.start(tenantId, opts.jobId, ctx.db, spec.kind);
  try {
    job.stage('parse');
    const lines = await readSheetByHeaders(buf, spec.columns, {
      required: spec.required,
      maxRows: spec.maxRows ?? 20_000,
    });
    job.stage('check', lines.length);
    const state = await spec.load(ctx.db, tenantId);
    const rows: ImportReport['rows'] = [];
    const rejected: ImportReport['rejected'] = [];
    const writes: W[] = [];
    const seen = new Set<string>();
    let i = 0;
    for (const { line, values } of lines) {
      if (++i % 2000 === 0) {
        job.step(i, lines.length);
        await new Promise((r) => setImmediate(r));
      }
      const p = spec.check(values, state);
      if (typeof p === 'string') {
        rejected.push({ row: line, key: spec.keyOf(values), reason: p });
        continue;
      }
      if (seen.has(p.key)) {
        rejected.push({ row: line, key: p.key, reason: `${p.key} 在文件中重复` });
        continue;
      }
      seen.add(p.key);
      rows.push({ row: line, key: p.key, action: p.action });
      if (p.action !== 'unchanged' && p.write !== undefined) writes.push(p.write);
    }
    const count = (a: RowAction) => rows.filter((r) => r.action === a).length;
    let applied = false;
    if (!opts.dryRun) {
      if (rejected.length && !opts.skipRejected) throw badRequest(MSG_REJECTED(rejected.length));
      if (writes.length) {
        job.stage('write', writes.length);
        await ctx.db.transaction((tx) =>
          spec.apply(tx, tenantId, writes, userId, (done) => job.step(done, writes.length)),
        );
      }
      applied = true;
    }
    const report: ImportReport = {
      dryRun: opts.dryRun,
      applied,
      rows: rows.slice(0, 5000),
      rejected: rejected.slice(0, 5000),
      inserted: count('insert'),
      updated: count('update'),
      unchanged: count('unchanged'),
      rejectedCount: rejected.length,
      tookMs: Date.now() - t0,
    };
    job.finish({ ...report, rows: report.rows.slice(0, 100), rejected: report.rejected.slice(0, 100) });
    return report;
  } catch (err) {
    job.fail(err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/** A yes/no form field: empty is the default, `true`/`1` is yes. */
export const flag = (v: unknown, dflt: boolean) =>
  v === undefined || v === '' ? dflt : v === true || v === 'true' || v === '1';

/** The uploaded xlsx `file` of a multipart request, and its other fields (the form's, else the query string's). */
export async function uploadedXlsx(req: FastifyRequest) {
  const file = await uploadedFile(req, '请以 multipart/form-data 上传 xlsx 文件 (字段 file)');
  const params = uploadParams(req, file);
  return { file, field: (k: string) => params[k] };
}

/**
 * The routes of one import under `base`: `GET base/template`, `POST base` (multipart `file`, fields `dryRun`
 * (default true), `skipRejected`, `jobId` before the file or in the query), `GET base/progress?jobId=`.
 */
export function registerXlsxImport<K extends string, W, S>(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { base: string; grant: RouteShorthandOptions; spec: XlsxImportSpec<K, W, S> },
) {
  const { base, grant, spec } = opts;
  uploadScope(app, { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 20 }, (scope) => {
    scope.post(base, grant, async (req: FastifyRequest) => {
      const { file, field } = await uploadedXlsx(req);
      const jobId = field('jobId');
      if (jobId !== undefined && (typeof jobId !== 'string' || !/^[\w-]{1,64}$/.test(jobId)))
        throw badRequest('参数校验失败: jobId');
      const buf = await fileBytes(file);
      const o: ImportOptions = {
        dryRun: flag(field('dryRun'), true),
        skipRejected: flag(field('skipRejected'), false),
        jobId: jobId as string | undefined,
      };
      const r = await runXlsxImport(ctx, spec, req.tenantId, buf, o, req.user?.userId ?? null);
      return ok(r, o.dryRun ? '试导入完成' : `导入成功: 新增 ${r.inserted} 条, 更新 ${r.updated} 条`);
    });
  });
  app.get(`${base}/template`, grant, async (_req, reply) => {
    return attachment(reply, `${spec.sheet}导入模板.xlsx`).send(await xlsxTemplate(spec));
  });
  progressRoute(app, ctx, `${base}/progress`, grant);
}
