/**
 * Code generation: BladeX `/blade-develop/code` (settings: list, detail, submit, remove, copy; `gen-code` downloads
 * the files of the chosen settings as one zip) and JNPF `/visualdev/Generater` (`AreasName`: the business areas a
 * generated screen may go into; `{moduleId}/Actions/CodePreview` and `DownloadCode` from an online module).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import { attachment } from '../../core/attachment.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds } from '../../core/query.ts';
import { buttonGrants, defineResource, type Row } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { columnsOf } from '../datasource/index.ts';
import { findModule, parseForm, searchFields } from '../lowcode/index.ts';
import { topMenu } from '../system/index.ts';
import { type GenFile, type GenModel, generate, modelFromForm, modelFromTable, moduleName } from './generator.ts';
import { devCode } from './schema.ts';

const idish = z
  .union([z.string().regex(/^\d{1,19}$/, '必须是数字编号'), z.number().int(), z.literal('')])
  .nullish()
  .transform((v) => (v === '' || v === null || v === undefined ? null : String(v)));

export const codeResource = defineResource({
  code: 'code_gen',
  base: '/blade-develop/code',
  table: devCode,
  grant: buttonGrants('code_gen'),
  input: {
    codeName: z
      .string({ error: '请输入模块名' })
      .trim()
      .min(1, '请输入模块名')
      .max(40, '模块名不能超过40个字符')
      .regex(/^[a-z][a-z0-9_]*$/, '模块名只能由小写字母、数字和下划线组成，且以字母开头'),
    serviceName: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(64),
    datasourceId: idish,
    tableName: z
      .string()
      .trim()
      .max(128)
      .regex(/^[A-Za-z_][A-Za-z0-9_$]*$/, '数据表名称不正确')
      .nullish()
      .or(z.literal('')),
    moduleId: idish,
    tablePrefix: z.string().trim().max(32).nullish(),
    remark: z.string().max(255).nullish(),
  },
  unique: [{ fields: ['codeName'], message: '模块名已存在' }],
  hooks: {
    beforeSave(data) {
      if (!data.moduleId && !data.tableName) throw badRequest('请选择数据表或在线开发功能');
      if (data.moduleId && data.tableName) throw badRequest('数据表和在线开发功能只能选一个');
    },
  },
});

/** The model of a setting: its table's columns from the data source, or its online module's form. */
async function modelOf(ctx: AppContext, req: FastifyRequest, r: Row, area?: string): Promise<GenModel> {
  if (r.moduleId) {
    const m = await findModule(ctx, req, r.moduleId);
    if (!m) throw badRequest('在线开发功能不存在');
    return {
      ...modelFromForm(r.codeName, r.serviceName, parseForm(m.formData ?? { fields: [] }), searchFields(m)),
      area,
    };
  }
  const cols = await columnsOf(ctx, req, r.datasourceId ?? '0', r.tableName);
  if (!cols.length) throw badRequest(`数据表不存在或没有字段: ${r.tableName}`);
  const model = modelFromTable(r.codeName, r.serviceName, r.tableName, cols);
  const prefix = r.tablePrefix ? String(r.tablePrefix) : '';
  return {
    ...model,
    table: `swp_${moduleName(prefix && r.tableName.startsWith(prefix) ? r.tableName.slice(prefix.length) : r.codeName)}`,
    area,
  };
}

function sendZip(reply: FastifyReply, name: string, files: GenFile[]) {
  const zip = zipSync(Object.fromEntries(files.map((f) => [f.path, strToU8(f.content)])));
  return attachment(reply, name, 'application/zip').send(Buffer.from(zip));
}

const areaInput = z.object({
  area: z.string().max(64).nullish(),
  /** module (folder) name; default the module's code */
  module: z.string().max(64).nullish(),
  fullName: z.string().max(64).nullish(),
});

async function assertArea(ctx: AppContext, req: FastifyRequest, area?: string | null) {
  if (!area) return undefined;
  const [tm] = await ctx.db
    .select({ code: topMenu.code })
    .from(topMenu)
    .where(liveInTenant(topMenu, req.tenantId, eq(topMenu.code, area)));
  if (!tm) throw badRequest(`业务区域不存在: ${area}`);
  return area;
}

/** The model of an online module (for Generater). */
async function moduleModel(ctx: AppContext, req: FastifyRequest, id: string, body: unknown): Promise<GenModel> {
  const b = areaInput.parse(body ?? {});
  if (!/^\d{1,19}$/.test(id)) throw badRequest('参数校验失败: id 必须是数字编号');
  const m = await findModule(ctx, req, id);
  if (!m) throw badRequest('在线开发功能不存在');
  const model = modelFromForm(
    b.module || m.enCode,
    b.fullName || m.fullName,
    parseForm(m.formData ?? { fields: [] }),
    searchFields(m),
  );
  if (!model.columns.length) throw badRequest('表单中没有可生成的字段');
  return { ...model, area: await assertArea(ctx, req, b.area) };
}

export function developRoutes(app: FastifyInstance, ctx: AppContext) {
  codeResource.routes(app, ctx);
  const C = '/blade-develop/code';
  app.post(`${C}/copy`, byMenu('code_gen_add'), async (req) => {
    const id = String((req.query as Row)?.id ?? (req.body as Row | undefined)?.id ?? '');
    const [r] = await codeResource.findVisible(ctx, req, parseIds(id, 'id'));
    if (!r) throw badRequest('代码生成配置不存在');
    let n = 1;
    for (;;) {
      const name = `${r.codeName.slice(0, 34)}_copy${n}`;
      const [dup] = await ctx.db
        .select({ id: devCode.id })
        .from(devCode)
        .where(liveInTenant(devCode, req.tenantId, eq(devCode.codeName, name)));
      if (!dup) {
        const { id: _id, createTime: _c, updateTime: _u, createUser: _cu, updateUser: _uu, ...rest } = r;
        await codeResource.save(ctx, req, { ...rest, codeName: name });
        return ok(null, '复制成功');
      }
      n++;
    }
  });
  app.post(`${C}/gen-code`, byMenu('code_gen_gen'), async (req, reply) => {
    const q = (req.query ?? {}) as Row;
    const ids = parseIds(q.ids ?? (req.body as Row | undefined)?.ids);
    const rows = await codeResource.findVisible(ctx, req, ids);
    if (!rows.length) throw badRequest('代码生成配置不存在');
    const files: GenFile[] = [];
    for (const r of rows) {
      const model = await modelOf(
        ctx,
        req,
        r,
        typeof q.system === 'string' && q.system ? await assertArea(ctx, req, q.system) : undefined,
      );
      for (const f of generate(model)) files.push(rows.length > 1 ? { ...f, path: `${model.name}/${f.path}` } : f);
    }
    return sendZip(reply, rows.length > 1 ? 'swp-code.zip' : `${rows[0].codeName}.zip`, files);
  });
  // preview of a setting's files (the BladeX screen's 预览)
  app.get(`${C}/preview`, byMenu('code_gen'), async (req) => {
    const ids = parseIds((req.query as Row)?.id, 'id');
    const [r] = await codeResource.findVisible(ctx, req, ids);
    if (!r) return ok(null);
    return ok({
      list: generate(await modelOf(ctx, req, r)).map((f) => ({
        fileName: f.path.split('/').pop(),
        path: f.path,
        content: f.content,
      })),
    });
  });

  const G = '/visualdev/Generater';
  app.get(`${G}/AreasName`, byMenu('code_gen', 'lowcode_design'), async (req) => {
    const rows = await ctx.db
      .select({ code: topMenu.code, name: topMenu.name })
      .from(topMenu)
      .where(liveInTenant(topMenu, req.tenantId));
    return ok({ list: rows.map((r) => ({ id: r.code, fullName: r.name })) });
  });
  app.post(`${G}/:id/Actions/CodePreview`, byMenu('code_gen', 'lowcode_design'), async (req) => {
    const model = await moduleModel(ctx, req, (req.params as Row).id, req.body);
    return ok({
      list: generate(model).map((f) => ({ fileName: f.path.split('/').pop(), path: f.path, content: f.content })),
    });
  });
  app.post(`${G}/:id/Actions/DownloadCode`, byMenu('code_gen_gen', 'lowcode_design'), async (req, reply) => {
    const model = await moduleModel(ctx, req, (req.params as Row).id, req.body);
    return sendZip(reply, `${model.name}.zip`, generate(model));
  });
}
