/**
 * Data scopes (`/blade-system/data-scope`) and API scopes (`/blade-system/api-scope`) per menu, platform-wide and
 * managed by the platform administrator: list (`menuId` and the usual filters), detail, submit, remove.
 * A data scope names a resource (the `code` of a resource of the factory) and is checked against it when saved:
 * the column it filters on must exist, and a custom rule must parse over the resource's own columns. As in
 * SpringBlade, any other code (a menu without data rows of its own) is accepted and filters nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { columnsOf } from '../../core/query.ts';
import { buttonGrants, defineResource, type HookContext, type Row, resourceDef } from '../../core/resource.ts';
import { validateScopeExpression } from '../../core/scope-expr.ts';
import { requirePlatformAdmin } from '../../core/tenancy.ts';
import { invalidateDataScopes, SCOPE_CATEGORY_API, SCOPE_CATEGORY_DATA, SCOPE_TYPES } from './data-scope.ts';
import { oneOf, optText, text } from './fields.ts';
import { dropGrantsOfItems, dropRoleScopesOf } from './grant-cleanup.ts';
import { invalidateMenuCache } from './menus.ts';
import { menu, scopeApi, scopeData } from './schema.ts';

const menuIdField = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v === '' || v === null ? undefined : v),
  z.string({ error: '请选择菜单' }).regex(/^\d{1,19}$/, '请选择菜单'),
);
const status = oneOf('状态只能是 0 或 1', [0, 1]).optional();

async function checkMenu(data: Row, h: HookContext) {
  const menuId = data.menuId ?? h.existing?.menuId;
  const [m] = await h.tx
    .select({ id: menu.id })
    .from(menu)
    .where(and(eq(menu.id, menuId), eq(menu.isDeleted, 0)))
    .limit(1);
  if (!m) throw badRequest('菜单不存在');
}

/**
 * The column names (camelCase and snake_case) of a data-scoped resource, a 400 that says why there are none, or
 * undefined for a code the server has no resource of: SpringBlade lets a data scope name any menu code (its
 * screens default the resource code to the menu's), and such a scope filters nothing until a resource of that code
 * exists (then a column it lacks grants no rows: `core/scope.ts` fails closed).
 */
function scopedColumns(code: string): Set<string> | undefined {
  const def = resourceDef(code);
  if (!def) return undefined;
  const cols = columnsOf(def.table);
  if (!(def.dataScope ?? cols.has('createUser'))) throw badRequest(`资源 ${code} 不按数据权限过滤`);
  const hidden = new Set(def.hidden ?? []);
  return new Set([...cols.keys()].filter((k) => !hidden.has(k)));
}

/** The identifiers of a rule (for checking the syntax of a rule over a resource the server does not know). */
const fieldsOf = (rule: string) => rule.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];

export const dataScopeResource = defineResource({
  code: 'data_scope',
  grant: buttonGrants('data_scope', ['data_scope', 'role']),
  base: '/blade-system/data-scope',
  table: scopeData,
  dataScope: false,
  input: {
    menuId: menuIdField,
    resourceCode: text('请输入资源编号', 255),
    scopeName: text('请输入数据权限名称', 255),
    scopeField: optText(255),
    scopeClass: optText(500),
    scopeColumn: optText(255),
    scopeType: oneOf('请选择规则类型', [1, 2, 3, 4, 5]),
    scopeValue: optText(2000),
    remark: optText(255),
    status,
  },
  hooks: {
    async beforeSave(data, h) {
      await checkMenu(data, h);
      const row = { ...h.existing, ...data };
      const cols = scopedColumns(row.resourceCode);
      const type = Number(row.scopeType);
      if (type === SCOPE_TYPES.custom) {
        if (!row.scopeValue?.trim()) throw badRequest('请输入自定义规则');
        // an unknown resource: the rule must still parse, over any field names
        const err = cols
          ? validateScopeExpression(row.scopeValue, [...cols])
          : validateScopeExpression(row.scopeValue, fieldsOf(row.scopeValue));
        if (err) throw badRequest(`自定义规则无效: ${err}`);
      } else if (cols && type !== SCOPE_TYPES.all) {
        const column = row.scopeColumn?.trim() || (type === SCOPE_TYPES.own ? 'createUser' : 'createDept');
        if (!cols.has(column)) throw badRequest(`资源 ${row.resourceCode} 没有字段 ${column}，请填写数据权限字段`);
      }
    },
    async afterRemove(rows, h) {
      const ids = rows.map((r) => String(r.id));
      await dropGrantsOfItems(h.tx, 'resource', ids);
      await dropRoleScopesOf(h.tx, SCOPE_CATEGORY_DATA, ids);
    },
    committed: (_op, _rows, _req, ctx) => invalidateDataScopes(ctx),
  },
});

export const apiScopeResource = defineResource({
  code: 'api_scope',
  grant: buttonGrants('api_scope', ['api_scope', 'role']),
  base: '/blade-system/api-scope',
  table: scopeApi,
  dataScope: false,
  input: {
    menuId: menuIdField,
    resourceCode: text('请输入资源编号', 255),
    scopeName: text('请输入接口权限名称', 255),
    scopePath: text('请输入接口权限路径', 255).regex(
      /^\/[\w\-./*{}:]*$/,
      '接口权限路径必须以 / 开头，只能包含字母、数字、- _ . / * { } :',
    ),
    scopeType: oneOf('请选择接口类型', [1, 2, 3, 4, 5]),
    remark: optText(255),
    status,
  },
  hooks: {
    beforeSave: (data, h) => checkMenu(data, h),
    afterRemove: (rows, h) =>
      dropRoleScopesOf(
        h.tx,
        SCOPE_CATEGORY_API,
        rows.map((r) => String(r.id)),
      ),
    committed: (_op, _rows, _req, ctx) => invalidateMenuCache(ctx),
  },
});

/** Both families, for the platform administrator only. */
export function scopeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    scope.addHook('preHandler', async (req) => requirePlatformAdmin(req));
    dataScopeResource.routes(scope, ctx);
    apiScopeResource.routes(scope, ctx);
  });
}
