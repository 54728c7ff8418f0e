/**
 * `/blade-workflow/design/*`: categories (tree), models with version history (set main version swaps), deploy,
 * deployments (list, remove, change status and category), forms with version history, conditions, buttons,
 * form default values and model scopes. Saving a model or form whose content changed keeps the old content as a
 * history row and bumps the version.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { pageOf, parseIds, parsePaging } from '../../core/query.ts';
import { defineResource, type Row } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { ALL_MENUS, buttonsOf, PROCESS_MENUS } from './codes.ts';
import { compileOrRefuse, deployIn } from './deploy.ts';
import { parse as compileExpr } from './expr.ts';
import { byMenu } from './grants.ts';
import {
  wfButton,
  wfCategory,
  wfCondition,
  wfDefinition,
  wfForm,
  wfFormDefault,
  wfFormHistory,
  wfInstance,
  wfModel,
  wfModelHistory,
  wfModelScope,
} from './schema.ts';

const D = '/blade-workflow/design';
const idOpt = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
  z
    .string()
    .regex(/^\d{1,19}$/, '参数校验失败: 编号无效')
    .optional(),
);
const keyRule = z
  .string({ error: '请输入标识' })
  .trim()
  .regex(/^[A-Za-z_][\w.-]{0,63}$/, '标识须以字母或下划线开头，只含字母、数字、下划线、点和横线，最长 64 位');
const grants = (code: string, readers: readonly string[] = []) => {
  const b = buttonsOf(code);
  return { read: [code, ...readers], submit: [b.add, b.edit], remove: [b.delete] };
};

export const categoryResource = defineResource({
  code: 'wf_category',
  base: `${D}/category`,
  table: wfCategory,
  input: {
    parentId: idOpt,
    name: z.string({ error: '请输入分类名称' }).trim().min(1, '请输入分类名称').max(64, '分类名称最长 64 位'),
    sort: z.coerce.number().int().min(0).max(99999).optional(),
    remark: z.string().max(255).nullish(),
  },
  grant: { ...grants('wf_category', ALL_MENUS), pick: [...ALL_MENUS] },
  routes: ['list', 'detail', 'submit', 'remove', 'tree'],
  listMode: 'tree',
  tree: { titleField: 'name' },
  hooks: {
    async beforeRemove(rows, h) {
      const ids = rows.map((r) => r.id);
      const [used] = await h.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(wfModel)
        .where(and(inArray(wfModel.categoryId, ids), eq(wfModel.isDeleted, 0)));
      if (Number(used.n)) throw badRequest('分类下还有流程模型，不能删除');
      const [kids] = await h.tx
        .select({ n: sql<number>`count(*)::int` })
        .from(wfCategory)
        .where(and(inArray(wfCategory.parentId, ids), eq(wfCategory.isDeleted, 0)));
      if (Number(kids.n) > rows.length) throw badRequest('请先删除子分类');
    },
  },
});

export const modelResource = defineResource({
  code: 'wf_model',
  base: `${D}/model`,
  table: wfModel,
  input: {
    modelKey: keyRule,
    name: z.string({ error: '请输入模型名称' }).trim().min(1, '请输入模型名称').max(128),
    categoryId: idOpt.nullable(),
    description: z.string().max(500).nullish(),
    icon: z.string().max(500).nullish(),
    xml: z.string().max(2_000_000, '流程 XML 过大').nullish(),
  },
  grant: grants('wf_model', ['wf_deployment']),
  routes: ['list', 'detail', 'submit', 'remove'],
  unique: [{ fields: ['modelKey'], message: '模型标识已存在' }],
  hooks: {
    // the list shows the category by name (issue 24), looked up within the reader's tenant
    async decorate(rows, req, ctx) {
      const ids = [...new Set(rows.map((r) => r.categoryId).filter((x): x is string => !!x))];
      if (!ids.length) return rows;
      const cats = await ctx.db
        .select({ id: wfCategory.id, name: wfCategory.name })
        .from(wfCategory)
        .where(inTenant(wfCategory, userOf(req).tenantId, inArray(wfCategory.id, ids)));
      const names = new Map(cats.map((c) => [String(c.id), c.name]));
      return rows.map((r) => ({ ...r, categoryName: r.categoryId ? (names.get(String(r.categoryId)) ?? null) : null }));
    },
    async beforeSave(data, h) {
      if (data.xml) {
        const g = await compileOrRefuse(data.xml);
        if (data.modelKey && g.processKey !== data.modelKey)
          throw badRequest(`流程标识 (${g.processKey}) 须与模型标识 (${data.modelKey}) 一致`);
      }
      if (!h.isNew && h.existing) {
        const e = h.existing;
        const changed =
          (data.xml !== undefined && data.xml !== e.xml) || (data.name !== undefined && data.name !== e.name);
        if (changed) {
          await h.tx.insert(wfModelHistory).values({
            tenantId: e.tenantId,
            modelId: e.id,
            modelKey: e.modelKey,
            name: e.name,
            description: e.description,
            xml: e.xml,
            version: e.version,
            createUser: h.req.user?.userId,
          });
          data.version = Number(e.version) + 1;
        }
      } else data.version = 1;
    },
  },
});

export const modelHistoryResource = defineResource({
  code: 'wf_model_history',
  base: `${D}/model/history`,
  table: wfModelHistory,
  input: {},
  grant: { read: ['wf_model'], submit: 'admin', remove: [buttonsOf('wf_model').edit] },
  routes: ['list', 'detail', 'remove'],
  order: (c) => [desc(c.get('version')!)],
});

export const formResource = defineResource({
  code: 'wf_form',
  base: `${D}/form`,
  table: wfForm,
  input: {
    formKey: keyRule,
    name: z.string({ error: '请输入表单名称' }).trim().min(1, '请输入表单名称').max(128),
    categoryId: idOpt.nullable(),
    content: z.unknown().optional(),
    remark: z.string().max(255).nullish(),
  },
  grant: grants('wf_form', ['wf_model', ...PROCESS_MENUS]),
  routes: ['list', 'detail', 'submit', 'remove'],
  unique: [{ fields: ['formKey'], message: '表单标识已存在' }],
  hooks: {
    async beforeSave(data, h) {
      if (typeof data.content === 'string') {
        try {
          data.content = JSON.parse(data.content);
        } catch {
          throw badRequest('表单内容须为 JSON');
        }
      }
      if (data.content !== undefined && JSON.stringify(data.content).length > 2_000_000)
        throw badRequest('表单内容过大');
      if (!h.isNew && h.existing) {
        const e = h.existing;
        if (data.content !== undefined && JSON.stringify(data.content) !== JSON.stringify(e.content)) {
          await h.tx.insert(wfFormHistory).values({
            tenantId: e.tenantId,
            formId: e.id,
            formKey: e.formKey,
            name: e.name,
            content: e.content,
            version: e.version,
            createUser: h.req.user?.userId,
          });
          data.version = Number(e.version) + 1;
        }
      } else data.version = 1;
    },
  },
});

export const formHistoryResource = defineResource({
  code: 'wf_form_history',
  base: `${D}/form/history`,
  table: wfFormHistory,
  input: {},
  grant: { read: ['wf_form'], submit: 'admin', remove: [buttonsOf('wf_form').edit] },
  routes: ['list', 'detail', 'remove'],
  order: (c) => [desc(c.get('version')!)],
});

export const conditionResource = defineResource({
  code: 'wf_condition',
  base: `${D}/condition`,
  table: wfCondition,
  input: {
    categoryId: idOpt.nullable(),
    name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(128),
    expression: z
      .string({ error: '请输入表达式' })
      .trim()
      .min(1, '请输入表达式')
      .max(1000)
      .refine((s) => {
        try {
          compileExpr(s);
          return true;
        } catch {
          return false;
        }
      }, '表达式有误'),
    remark: z.string().max(255).nullish(),
  },
  grant: grants('wf_condition', ['wf_model']),
  routes: ['list', 'detail', 'submit', 'remove'],
});

export const buttonResource = defineResource({
  code: 'wf_button',
  base: `${D}/button`,
  table: wfButton,
  input: {
    buttonKey: keyRule,
    name: z.string({ error: '请输入按钮名称' }).trim().min(1, '请输入按钮名称').max(64),
    display: z.coerce.boolean().optional(),
    sort: z.coerce.number().int().min(0).max(99999).optional(),
    status: z.coerce.number().int().min(0).max(1).optional(),
  },
  grant: grants('wf_button', ['wf_model']),
  routes: ['list', 'detail', 'submit', 'remove'],
  unique: [{ fields: ['buttonKey'], message: '按钮标识已存在' }],
});

export const formDefaultResource = defineResource({
  code: 'wf_form_default',
  base: `${D}/form/default-values`,
  table: wfFormDefault,
  input: {
    name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(64),
    fieldType: z.string().max(32).optional(),
    content: z.string({ error: '请输入默认值' }).trim().min(1, '请输入默认值').max(500),
    remark: z.string().max(255).nullish(),
  },
  grant: grants('wf_form', ['wf_model']),
  routes: ['list', 'detail', 'submit', 'remove'],
});

export const modelScopeResource = defineResource({
  code: 'wf_model_scope',
  base: `${D}/model/scope`,
  table: wfModelScope,
  input: {
    modelId: z.string({ error: '缺少必要的请求参数: modelId' }).regex(/^\d{1,19}$/, '缺少必要的请求参数: modelId'),
    scopeType: z.enum(['user', 'role', 'dept', 'post'], { error: '权限类型应为 user、role、dept 或 post' }),
    val: z.string().max(4000).optional(),
  },
  grant: grants('wf_model'),
  routes: ['list', 'submit'],
});

function body(req: FastifyRequest): Record<string, unknown> {
  return {
    ...((req.query ?? {}) as Record<string, unknown>),
    ...(req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {}),
  };
}
const idOf = (v: unknown, name = 'id') => {
  const s = v === undefined || v === null ? '' : String(v);
  if (!/^\d{1,19}$/.test(s)) throw badRequest(`缺少必要的请求参数: ${name}`);
  return s;
};

/** Deployments: one row per deployed definition (the deployment id groups an upload). */
export async function deploymentPage(ctx: AppContext, tenantId: string, q: Record<string, unknown>) {
  const p = parsePaging(q);
  const conds = [inTenant(wfDefinition, tenantId), eq(wfDefinition.isDeleted, 0)];
  if (q.name) conds.push(sql`${wfDefinition.name} like ${`%${String(q.name)}%`}`);
  if (q.processKey ?? q.key) conds.push(eq(wfDefinition.processKey, String(q.processKey ?? q.key)));
  if (q.category ?? q.categoryId)
    conds.push(sql`${wfDefinition.categoryId}::text = ${String(q.category ?? q.categoryId)}`);
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select({
        id: wfDefinition.id,
        deploymentId: wfDefinition.deploymentId,
        key: wfDefinition.processKey,
        name: wfDefinition.name,
        version: wfDefinition.version,
        category: wfDefinition.categoryId,
        categoryName: wfCategory.name,
        status: wfDefinition.status,
        resourceName: wfDefinition.resourceName,
        formKey: wfDefinition.formKey,
        deployTime: wfDefinition.deployTime,
        tenantId: wfDefinition.tenantId,
      })
      .from(wfDefinition)
      .leftJoin(wfCategory, eq(wfCategory.id, wfDefinition.categoryId))
      .where(where)
      .orderBy(desc(wfDefinition.deployTime), desc(wfDefinition.id))
      .limit(p.size)
      .offset(p.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(wfDefinition).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, suspensionState: r.status, statusName: r.status === 1 ? '激活' : '挂起' })),
    Number(n),
    p,
  );
}

/** Removes deployments (their definitions); refused while an instance of them still runs. */
export async function removeDeployments(ctx: AppContext, tenantId: string, ids: string[]) {
  await ctx.db.transaction(async (tx) => {
    const defs = await tx
      .select({ id: wfDefinition.id })
      .from(wfDefinition)
      .where(
        inTenant(
          wfDefinition,
          tenantId,
          sql`(${wfDefinition.deploymentId} in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}) or ${wfDefinition.id} in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}))`,
        ),
      );
    if (!defs.length) throw badRequest('部署不存在');
    const [running] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(wfInstance)
      .where(
        and(
          inArray(
            wfInstance.definitionId,
            defs.map((d) => d.id),
          ),
          inArray(wfInstance.state, ['running', 'suspended']),
        ),
      );
    if (Number(running.n)) throw badRequest('该部署还有运行中的流程实例，不能删除');
    await tx
      .update(wfDefinition)
      .set({ isDeleted: 1, updateTime: new Date() })
      .where(
        inArray(
          wfDefinition.id,
          defs.map((d) => d.id),
        ),
      );
  });
}

/** Status 1 active, 2 suspended (also 'active' / 'suspend'); a suspended definition cannot be started. */
export async function changeDeploymentStatus(ctx: AppContext, tenantId: string, id: string, status: unknown) {
  const s = String(status ?? '').toLowerCase();
  const v = ['1', 'active', 'activate'].includes(s) ? 1 : ['2', 'suspend', 'suspended', '0'].includes(s) ? 2 : 0;
  if (!v) throw badRequest('参数校验失败: status 应为 1 (激活) 或 2 (挂起)');
  const r = await ctx.db
    .update(wfDefinition)
    .set({ status: v, updateTime: new Date() })
    .where(inTenant(wfDefinition, tenantId, sql`(${wfDefinition.id} = ${id} or ${wfDefinition.deploymentId} = ${id})`))
    .returning({ id: wfDefinition.id });
  if (!r.length) throw badRequest('部署不存在');
}

async function setMainModel(ctx: AppContext, tenantId: string, historyId: string, userId: string) {
  await ctx.db.transaction(async (tx) => {
    const [h] = await tx
      .select()
      .from(wfModelHistory)
      .where(inTenant(wfModelHistory, tenantId, eq(wfModelHistory.id, historyId), eq(wfModelHistory.isDeleted, 0)));
    if (!h) throw badRequest('历史版本不存在');
    const [m] = await tx
      .select()
      .from(wfModel)
      .where(and(eq(wfModel.id, h.modelId), eq(wfModel.isDeleted, 0)))
      .for('update');
    if (!m) throw badRequest('模型不存在');
    // swap: the history row becomes the model, the old model a new history row, the chosen row is deleted
    await tx.insert(wfModelHistory).values({
      tenantId: m.tenantId,
      modelId: m.id,
      modelKey: m.modelKey,
      name: m.name,
      description: m.description,
      xml: m.xml,
      version: m.version,
      createUser: userId,
    });
    await tx
      .update(wfModel)
      .set({
        xml: h.xml,
        name: h.name,
        description: h.description,
        version: h.version,
        updateUser: userId,
        updateTime: new Date(),
      })
      .where(eq(wfModel.id, m.id));
    await tx.delete(wfModelHistory).where(eq(wfModelHistory.id, h.id));
  });
}

async function setMainForm(ctx: AppContext, tenantId: string, historyId: string, userId: string) {
  await ctx.db.transaction(async (tx) => {
    const [h] = await tx
      .select()
      .from(wfFormHistory)
      .where(inTenant(wfFormHistory, tenantId, eq(wfFormHistory.id, historyId), eq(wfFormHistory.isDeleted, 0)));
    if (!h) throw badRequest('历史版本不存在');
    const [f] = await tx
      .select()
      .from(wfForm)
      .where(and(eq(wfForm.id, h.formId), eq(wfForm.isDeleted, 0)))
      .for('update');
    if (!f) throw badRequest('表单不存在');
    await tx.insert(wfFormHistory).values({
      tenantId: f.tenantId,
      formId: f.id,
      formKey: f.formKey,
      name: f.name,
      content: f.content,
      version: f.version,
      createUser: userId,
    });
    await tx
      .update(wfForm)
      .set({ content: h.content, name: h.name, version: h.version, updateUser: userId, updateTime: new Date() })
      .where(eq(wfForm.id, f.id));
    await tx.delete(wfFormHistory).where(eq(wfFormHistory.id, h.id));
  });
}

/** Deploys a model's current XML as the next version of its key. */
export async function deployModel(
  ctx: AppContext,
  tenantId: string,
  modelId: string,
  userId: string,
  categoryId?: string,
) {
  return ctx.db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(wfModel)
      .where(inTenant(wfModel, tenantId, eq(wfModel.id, modelId), eq(wfModel.isDeleted, 0)));
    if (!m) throw badRequest('模型不存在');
    if (!m.xml) throw badRequest('模型还没有流程图，请先设计');
    return deployIn(tx, {
      tenantId,
      xml: m.xml,
      name: m.name,
      categoryId: categoryId ?? m.categoryId,
      modelId: m.id,
      description: m.description,
      icon: m.icon,
      userId,
    });
  });
}

async function categoryTree(ctx: AppContext, tenantId: string, withConditions: boolean) {
  const cats = await ctx.db
    .select()
    .from(wfCategory)
    .where(inTenant(wfCategory, tenantId, eq(wfCategory.isDeleted, 0)))
    .orderBy(asc(wfCategory.sort), asc(wfCategory.id));
  const conds = withConditions
    ? await ctx.db
        .select()
        .from(wfCondition)
        .where(inTenant(wfCondition, tenantId, eq(wfCondition.isDeleted, 0)))
    : [];
  const node = (c: Row): Row => {
    const kids = [
      ...cats.filter((x) => x.parentId === c.id).map(node),
      ...conds
        .filter((x) => x.categoryId === c.id)
        .map((x) => ({
          id: x.id,
          parentId: c.id,
          title: x.name,
          value: x.expression,
          key: x.id,
          isCondition: true,
          expression: x.expression,
        })),
    ];
    return {
      id: c.id,
      parentId: c.parentId,
      title: c.name,
      value: c.id,
      key: c.id,
      hasChildren: kids.length > 0,
      ...(kids.length ? { children: kids } : {}),
    };
  };
  return cats.filter((c) => c.parentId === '0' || !cats.some((x) => x.id === c.parentId)).map(node);
}

export function designRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const r of [
    categoryResource,
    modelResource,
    modelHistoryResource,
    formResource,
    formHistoryResource,
    conditionResource,
    buttonResource,
    formDefaultResource,
    modelScopeResource,
  ])
    r.routes(app, ctx);
  const tenant = (req: FastifyRequest) => userOf(req).tenantId;

  app.get(`${D}/category/listType`, byMenu(...ALL_MENUS), async (req) =>
    ok(await categoryTree(ctx, tenant(req), false)),
  );
  app.get(`${D}/category/allTree`, byMenu(...ALL_MENUS), async (req) =>
    ok(await categoryTree(ctx, tenant(req), false)),
  );
  app.get(`${D}/condition/listType`, byMenu('wf_condition', 'wf_model'), async (req) =>
    ok(await categoryTree(ctx, tenant(req), false)),
  );
  app.get(`${D}/condition/tree`, byMenu('wf_condition', 'wf_model'), async (req) =>
    ok(await categoryTree(ctx, tenant(req), true)),
  );
  app.get(`${D}/condition/allTree`, byMenu('wf_condition', 'wf_model'), async (req) =>
    ok(await categoryTree(ctx, tenant(req), true)),
  );
  app.get(`${D}/form/listType`, byMenu('wf_form', 'wf_model'), async (req) =>
    ok(await categoryTree(ctx, tenant(req), false)),
  );
  app.get(`${D}/form/default-values/listType`, byMenu('wf_form', 'wf_model'), async (req) => {
    const rows = await ctx.db
      .select()
      .from(wfFormDefault)
      .where(inTenant(wfFormDefault, tenant(req), eq(wfFormDefault.isDeleted, 0)));
    const types = [...new Set(rows.map((r) => r.fieldType))];
    return ok(types.map((t) => ({ fieldType: t, children: rows.filter((r) => r.fieldType === t) })));
  });

  const changeCategory = (table: typeof wfModel | typeof wfForm, label: string) => async (req: FastifyRequest) => {
    const b = body(req);
    const id = idOf(b.id ?? b.modelId ?? b.formId);
    const categoryId = idOf(b.categoryId ?? b.category, 'categoryId');
    const r = await ctx.db
      .update(table)
      .set({ categoryId, updateTime: new Date(), updateUser: userOf(req).userId })
      .where(inTenant(table, tenant(req), eq(table.id, id), eq(table.isDeleted, 0)))
      .returning({ id: table.id });
    if (!r.length) throw badRequest(`${label}不存在`);
    return done();
  };
  app.post(`${D}/model/changeCategory`, byMenu(buttonsOf('wf_model').edit), changeCategory(wfModel, '模型'));
  app.post(`${D}/form/changeCategory`, byMenu(buttonsOf('wf_form').edit), changeCategory(wfForm, '表单'));
  app.post(`${D}/model/changeIcon`, byMenu(buttonsOf('wf_model').edit), async (req) => {
    const b = body(req);
    const id = idOf(b.id ?? b.modelId);
    const icon = z
      .string()
      .max(500, '图标地址过长')
      .parse(String(b.icon ?? ''));
    const r = await ctx.db
      .update(wfModel)
      .set({ icon, updateTime: new Date() })
      .where(inTenant(wfModel, tenant(req), eq(wfModel.id, id), eq(wfModel.isDeleted, 0)))
      .returning({ id: wfModel.id });
    if (!r.length) throw badRequest('模型不存在');
    return done();
  });
  app.post(`${D}/model/deploy`, byMenu('wf_model_deploy', buttonsOf('wf_model').edit), async (req) => {
    const b = body(req);
    const user = userOf(req);
    const def = await deployModel(
      ctx,
      user.tenantId,
      idOf(b.modelId ?? b.id, 'modelId'),
      user.userId,
      b.categoryId ? idOf(b.categoryId, 'categoryId') : undefined,
    );
    return ok({ id: def.id, deploymentId: def.deploymentId, key: def.processKey, version: def.version }, '部署成功');
  });
  app.post(`${D}/model/history/setMainVersion`, byMenu(buttonsOf('wf_model').edit), async (req) => {
    const user = userOf(req);
    await setMainModel(ctx, user.tenantId, idOf(body(req).id), user.userId);
    return done();
  });
  app.post(`${D}/form/history/setMainVersion`, byMenu(buttonsOf('wf_form').edit), async (req) => {
    const user = userOf(req);
    await setMainForm(ctx, user.tenantId, idOf(body(req).id), user.userId);
    return done();
  });

  app.get(`${D}/deployment/list`, byMenu('wf_deployment'), async (req) =>
    ok(await deploymentPage(ctx, tenant(req), (req.query ?? {}) as Record<string, unknown>)),
  );
  app.post(`${D}/deployment/remove`, byMenu(buttonsOf('wf_deployment').delete), async (req) => {
    const b = body(req);
    const ids = parseIds(b.deploymentIds ?? b.ids ?? b.id, 'deploymentIds');
    await removeDeployments(ctx, tenant(req), ids);
    return done();
  });
  app.post(`${D}/deployment/changeStatus`, byMenu(buttonsOf('wf_deployment').edit), async (req) => {
    const b = body(req);
    await changeDeploymentStatus(ctx, tenant(req), idOf(b.id ?? b.deploymentId ?? b.processId), b.status ?? b.state);
    return done();
  });
  app.post(`${D}/deployment/changeCategory`, byMenu(buttonsOf('wf_deployment').edit), async (req) => {
    const b = body(req);
    const id = idOf(b.id ?? b.deploymentId ?? b.processId);
    const categoryId = idOf(b.categoryId ?? b.category, 'categoryId');
    const r = await ctx.db
      .update(wfDefinition)
      .set({ categoryId, updateTime: new Date() })
      .where(
        inTenant(wfDefinition, tenant(req), sql`(${wfDefinition.id} = ${id} or ${wfDefinition.deploymentId} = ${id})`),
      )
      .returning({ id: wfDefinition.id });
    if (!r.length) throw badRequest('部署不存在');
    return done();
  });
}
