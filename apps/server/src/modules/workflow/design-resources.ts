/** The design screens' resources: categories, models and forms with their history, conditions, buttons, form default values, model scopes. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import { requiredText } from '../../core/required-text.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { ALL_MENUS, buttonsOf, PROCESS_MENUS } from './codes.ts';
import { compileOrRefuse } from './deploy.ts';
import { formHistoryRow, modelHistoryRow, nextVersion } from './design-history.ts';
import { parse as compileExpr } from './expr.ts';
import {
  wfButton,
  wfCategory,
  wfCondition,
  wfForm,
  wfFormDefault,
  wfFormHistory,
  wfModel,
  wfModelHistory,
  wfModelScope,
} from './schema.ts';

export const D = '/blade-workflow/design';
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
const grants = (code: string, readers: readonly string[] = []) => buttonGrants(code, [code, ...readers]);

export const categoryResource = defineResource({
  code: 'wf_category',
  base: `${D}/category`,
  table: wfCategory,
  input: {
    parentId: idOpt,
    name: requiredText('请输入分类名称', 64, '分类名称最长 64 位'),
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
      await nextVersion(
        data,
        h,
        (e) => (data.xml !== undefined && data.xml !== e.xml) || (data.name !== undefined && data.name !== e.name),
        (e) => h.tx.insert(wfModelHistory).values(modelHistoryRow(e, h.req.user?.userId)),
      );
    },
  },
});

/** The kept versions of a design (`of`: its menu, wf_model or wf_form): read with it, removed by its edit button, newest first. */
const historyResource = (
  code: string,
  base: string,
  table: typeof wfModelHistory | typeof wfFormHistory,
  of: 'wf_model' | 'wf_form',
) =>
  defineResource({
    code,
    base,
    table,
    input: {},
    grant: { read: [of], submit: 'admin', remove: [buttonsOf(of).edit] },
    routes: ['list', 'detail', 'remove'],
    order: (c) => [desc(c.get('version')!)],
  });

export const modelHistoryResource = historyResource(
  'wf_model_history',
  `${D}/model/history`,
  wfModelHistory,
  'wf_model',
);

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
      await nextVersion(
        data,
        h,
        (e) => data.content !== undefined && JSON.stringify(data.content) !== JSON.stringify(e.content),
        (e) => h.tx.insert(wfFormHistory).values(formHistoryRow(e, h.req.user?.userId)),
      );
    },
  },
});

export const formHistoryResource = historyResource('wf_form_history', `${D}/form/history`, wfFormHistory, 'wf_form');

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
