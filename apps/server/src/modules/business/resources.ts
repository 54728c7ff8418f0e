/**
 * The BladeX families of business forms over the resource factory: `business-category` (list, detail, submit,
 * remove, tree, allTree), `business-data-model` (list, select by dbLinkId, detail, remove, save, update),
 * `business-form` (list, listAll, save, update, remove, detail, preview, findForm) and `business-design` (list,
 * save, update, remove, detail, preview, bis-group). Forms are checked by the low-code form schema; a data model's
 * table and fields are read from its data source.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { byMenu, signedIn } from '../../core/gate.ts';
import { assertLiveRow, assertNoLiveRef } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { queryOf } from '../../core/request-params.ts';
import { buttonGrants, defineResource, type Row } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { type Column, columnsOf } from '../datasource/index.ts';
import { parseColumns, parseForm } from '../lowcode/index.ts';
import { bizCategory, bizDataModel, bizDesign, bizForm } from './schema.ts';

const B = '/blade-business';
const code = (what: string) =>
  z
    .string({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .max(64, `${what}不能超过64个字符`)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, `${what}只能由字母、数字和下划线组成，且以字母开头`);
const name = (what: string) =>
  z
    .string({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .max(64, `${what}不能超过64个字符`);
const optId = z
  .union([z.string().regex(/^\d{1,19}$/, '必须是数字编号'), z.number().int().nonnegative(), z.literal('')])
  .nullish()
  .transform((v) => (v === '' || v === null || v === undefined ? null : String(v)));
const jsonObject = (what: string) =>
  z.union([z.string(), z.record(z.string(), z.unknown())], { error: `请设计${what}` }).transform((v, c) => {
    if (typeof v !== 'string') return v;
    try {
      const o = JSON.parse(v);
      if (o && typeof o === 'object' && !Array.isArray(o)) return o as Record<string, unknown>;
    } catch {
      /* below */
    }
    c.addIssue({ code: 'custom', message: `${what}不是有效的 JSON` });
    return z.NEVER;
  });

export const categoryResource = defineResource({
  code: 'business_category',
  base: `${B}/business-category`,
  table: bizCategory,
  grant: buttonGrants('business_category', ['business_category', 'business_form'], {
    pick: ['business_category', 'business_form', 'business_design'],
  }),
  routes: ['list', 'detail', 'submit', 'remove', 'tree'],
  listMode: 'tree',
  tree: { titleField: 'categoryName' },
  input: {
    parentId: optId.transform((v) => v ?? '0'),
    categoryName: name('分类名称'),
    categoryCode: code('分类编号'),
    sort: z.coerce.number().int().min(0).max(999_999).optional(),
    remark: z.string().max(255).nullish(),
    status: z.coerce.number().int().min(0).max(1).optional(),
  },
  unique: [{ fields: ['categoryCode'], message: '分类编号已存在' }],
  hooks: {
    async beforeSave(data, h) {
      if (data.parentId && data.parentId !== '0') {
        if (h.existing && data.parentId === h.existing.id) throw badRequest('上级不能是自己');
        await assertLiveRow(h.tx, bizCategory, h.req.tenantId, eq(bizCategory.id, data.parentId), '上级分类不存在');
      }
    },
    async beforeRemove(rows, h) {
      const ids = rows.map((r) => r.id);
      await assertNoLiveRef(h.tx, bizCategory, bizCategory.parentId, ids, '请先删除下级分类');
      await assertNoLiveRef(h.tx, bizForm, bizForm.categoryId, ids, '分类下还有业务表单，不能删除');
    },
  },
});

export const dataModelResource = defineResource({
  code: 'business_data_model',
  base: `${B}/business-data-model`,
  table: bizDataModel,
  grant: buttonGrants('business_data_model', ['business_data_model', 'business_form'], {
    pick: ['business_data_model', 'business_form'],
  }),
  routes: ['list', 'detail', 'remove', 'select'],
  input: {
    dbLinkId: optId.transform((v) => v ?? '0'),
    modelName: name('模型名称'),
    modelCode: code('模型编号'),
    tableName: z
      .string({ error: '请选择数据表' })
      .trim()
      .min(1, '请选择数据表')
      .max(128)
      .regex(/^[A-Za-z_][A-Za-z0-9_$.]*$/, '数据表名称不正确'),
    remark: z.string().max(255).nullish(),
  },
  unique: [{ fields: ['modelCode'], message: '模型编号已存在' }],
  hooks: {
    async beforeSave(data, h) {
      // the columns were read before the transaction (readModelFields): reading them here would need a second
      // connection (the own database's pool, the source row, the password key) while this one is held
      const pre = modelFields.get(h.req);
      if (!pre || pre.dbLinkId !== String(data.dbLinkId ?? '0') || pre.tableName !== String(data.tableName)) {
        throw new Error('business_data_model: fields must be read with readModelFields before saving');
      }
      data.fields = pre.fields as unknown as Record<string, unknown>[];
    },
  },
});

/** The columns of a data model's table, read per request before the save's transaction opens. */
const modelFields = new WeakMap<FastifyRequest, { dbLinkId: string; tableName: string; fields: Column[] }>();

/**
 * Reads the columns of the table a data-model body names, outside any transaction, for the save's `beforeSave`.
 * A body whose source or table does not pass validation is left to the save, which refuses it before the hook.
 */
async function readModelFields(ctx: AppContext, req: FastifyRequest, body: Row) {
  const parsed = z.object(dataModelResource.def.input).safeParse(body);
  if (!parsed.success) return;
  const id = String(parsed.data.dbLinkId ?? '0');
  const name = String(parsed.data.tableName);
  const fields = await columnsOf(ctx, req, id, name);
  if (!fields.length) throw badRequest(`数据表不存在或没有字段: ${name}`);
  modelFields.set(req, { dbLinkId: id, tableName: name, fields });
}

const FORM_INPUT = {
  categoryId: optId,
  formName: name('表单名称'),
  formCode: code('表单编号'),
  dataModelId: optId,
  formData: jsonObject('表单'),
  remark: z.string().max(255).nullish(),
  status: z.coerce.number().int().min(0).max(1).optional(),
};

export const formResource = defineResource({
  code: 'business_form',
  base: `${B}/business-form`,
  table: bizForm,
  grant: buttonGrants('business_form', ['business_form', 'business_design', 'business_handle']),
  routes: ['list', 'detail', 'remove'],
  input: FORM_INPUT,
  unique: [{ fields: ['formCode'], message: '表单编号已存在' }],
  hooks: {
    async beforeSave(data, h) {
      data.formData = parseForm(data.formData);
      for (const [col, table, msg] of [
        ['categoryId', bizCategory, '业务分类不存在'],
        ['dataModelId', bizDataModel, '数据模型不存在'],
      ] as const) {
        if (!data[col]) continue;
        await assertLiveRow(h.tx, table, h.req.tenantId, eq(table.id, data[col]), msg);
      }
    },
    async beforeRemove(rows, h) {
      await assertNoLiveRef(
        h.tx,
        bizDesign,
        bizDesign.formId,
        rows.map((r) => r.id),
        '表单已被业务设计使用，不能删除',
      );
    },
    decorate: async (rows, _req, ctx) => {
      const cats = [...new Set(rows.map((r) => r.categoryId).filter(Boolean))] as string[];
      const names = new Map(
        cats.length
          ? (
              await ctx.db
                .select({ id: bizCategory.id, n: bizCategory.categoryName })
                .from(bizCategory)
                .where(inArray(bizCategory.id, cats))
            ).map((c) => [c.id, c.n])
          : [],
      );
      return rows.map((r) => ({ ...r, categoryName: r.categoryId ? (names.get(r.categoryId) ?? null) : null }));
    },
  },
});

export const designResource = defineResource({
  code: 'business_design',
  base: `${B}/business-design`,
  table: bizDesign,
  grant: buttonGrants('business_design', ['business_design', 'business_handle']),
  routes: ['list', 'detail', 'remove'],
  input: {
    formId: z
      .union([z.string().regex(/^\d{1,19}$/, '请选择业务表单'), z.number().int()], { error: '请选择业务表单' })
      .transform(String),
    designName: name('设计名称'),
    groupName: z
      .string()
      .trim()
      .max(64)
      .nullish()
      .transform((v) => v || '默认分组'),
    designData: jsonObject('列表设计').nullish(),
    remark: z.string().max(255).nullish(),
    status: z.coerce.number().int().min(0).max(1).optional(),
  },
  hooks: {
    async beforeSave(data, h) {
      const [f] = await h.tx
        .select()
        .from(bizForm)
        .where(liveInTenant(bizForm, h.req.tenantId, eq(bizForm.id, data.formId)));
      if (!f) throw badRequest('业务表单不存在');
      if (data.designData) data.designData = parseColumns(data.designData, parseForm(f.formData));
    },
  },
});

/** The visible form of an id or code, or undefined. */
export async function formOf(ctx: AppContext, req: FastifyRequest, by: { id?: string; code?: string }) {
  const vis = await formResource.visibility(req);
  const [f] = await ctx.db
    .select()
    .from(bizForm)
    .where(and(...vis, by.id ? eq(bizForm.id, by.id) : eq(bizForm.formCode, String(by.code ?? ''))));
  return f as typeof bizForm.$inferSelect | undefined;
}

const idOf = (req: FastifyRequest) => {
  const id = String(queryOf(req).id ?? '');
  if (!/^\d{1,19}$/.test(id)) throw badRequest(id ? '参数校验失败: id 必须是数字编号' : '缺少必要的请求参数: id');
  return id;
};

/**
 * `<base>/save` (inserts: an id in the body is dropped) and `<base>/update` (the body must name its id), both through
 * `save`, answering `{ id }`: the data models, forms and designs are written the same way.
 */
function saveAndUpdate(
  app: FastifyInstance,
  base: string,
  grant: RouteShorthandOptions,
  save: (req: FastifyRequest, body: Row) => Promise<Row>,
) {
  for (const [path, needId] of [
    ['save', false],
    ['update', true],
  ] as const) {
    app.post(`${base}/${path}`, grant, async (req) => {
      const b = (req.body ?? {}) as Row;
      if (needId && !b.id) throw badRequest('缺少必要的请求参数: id');
      if (!needId) delete b.id;
      const row = await save(req, b);
      return ok({ id: row.id }, needId ? '更新成功' : '新增成功');
    });
  }
}

export function resourceRoutes(app: FastifyInstance, ctx: AppContext) {
  categoryResource.routes(app, ctx);
  // allTree: every category, disabled ones too (tree answers the enabled ones)
  app.get(
    `${B}/business-category/allTree`,
    byMenu('business_category', 'business_form', 'business_design'),
    async (req) => ok(categoryResource.treeOf(await categoryResource.all(ctx, req, {}), true)),
  );

  dataModelResource.routes(app, ctx);
  saveAndUpdate(
    app,
    `${B}/business-data-model`,
    byMenu('business_data_model_add', 'business_data_model_edit'),
    async (req, b) => {
      await readModelFields(ctx, req, b);
      return dataModelResource.save(ctx, req, b);
    },
  );

  formResource.routes(app, ctx);
  saveAndUpdate(app, `${B}/business-form`, byMenu('business_form_add', 'business_form_edit'), (req, b) =>
    formResource.save(ctx, req, b),
  );
  // every enabled form of the tenant (the workflow's process forms pick from it)
  app.get(`${B}/business-form/listAll`, signedIn, async (req) => {
    const rows = await formResource.all(ctx, req, { status: 1 });
    return ok(
      rows.map((r) => ({
        id: r.id,
        formName: r.formName,
        formCode: r.formCode,
        categoryId: r.categoryId,
        categoryName: r.categoryName,
      })),
    );
  });
  app.get(`${B}/business-form/preview`, byMenu('business_form', 'business_design'), async (req) => {
    const f = await formOf(ctx, req, { id: idOf(req) });
    return ok(
      f ? { id: f.id, formName: f.formName, formCode: f.formCode, formData: JSON.stringify(f.formData) } : null,
    );
  });
  app.get(`${B}/business-form/findForm`, signedIn, async (req) => {
    const formCode = String(queryOf(req).formCode ?? '').trim();
    if (!formCode) throw badRequest('缺少必要的请求参数: formCode');
    const f = await formOf(ctx, req, { code: formCode });
    return ok(
      f ? { id: f.id, formName: f.formName, formCode: f.formCode, formData: JSON.stringify(f.formData) } : null,
    );
  });

  designResource.routes(app, ctx);
  saveAndUpdate(app, `${B}/business-design`, byMenu('business_design_add', 'business_design_edit'), (req, b) =>
    designResource.save(ctx, req, b),
  );
  // preview: the design with its form
  app.get(`${B}/business-design/preview`, byMenu('business_design', 'business_handle'), async (req) => {
    const [d] = await designResource.findVisible(ctx, req, [idOf(req)]);
    if (!d) return ok(null);
    const f = await formOf(ctx, req, { id: d.formId });
    return ok({
      id: d.id,
      designName: d.designName,
      groupName: d.groupName,
      formId: d.formId,
      formCode: f?.formCode ?? null,
      formData: f ? JSON.stringify(f.formData) : null,
      columnData: d.designData ? JSON.stringify(d.designData) : null,
    });
  });
  // bis-group: the designs by group
  app.get(`${B}/business-design/bis-group`, byMenu('business_design', 'business_handle'), async (req) => {
    const rows = await designResource.all(ctx, req, {});
    const groups = new Map<string, Row[]>();
    for (const r of rows.sort((a, b) => String(a.groupName).localeCompare(String(b.groupName), 'zh'))) {
      if (!groups.has(r.groupName)) groups.set(r.groupName, []);
      groups.get(r.groupName)!.push({ id: r.id, designName: r.designName, formId: r.formId });
    }
    return ok([...groups].map(([groupName, designs]) => ({ groupName, designs })));
  });
}
