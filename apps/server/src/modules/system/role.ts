/**
 * Roles (`/blade-system/role`): list as a tree, detail, submit, remove, tree (`tenantId` for the platform
 * administrator), tree-by-id (`roleId`: the tree of that role's tenant) and grant (menus, data scopes and API scopes
 * of several roles, in one transaction). Only an administrator may create or grant an administrator role; a role
 * held by users, or with sub-roles, cannot be removed.
 */

import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, done, forbidden, ok } from '../../core/envelope.ts';
import { byMenu, signedIn } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { queryAndBody, queryOf } from '../../core/request-params.ts';
import { buttonGrants, defineResource, type ResourceDef, type Row } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { isPlatformAdmin } from '../../core/tenancy.ts';
import { invalidateDataScopes, SCOPE_CATEGORY_API, SCOPE_CATEGORY_DATA } from './data-scope.ts';
import { idList, int, parentId, text } from './fields.ts';
import { dropRoleLinks } from './grant-cleanup.ts';
import { refuseHeldByUsers } from './held-by-users.ts';
import { ADMIN_ROLE_ALIAS, invalidateMenuCache } from './menus.ts';
import { packageMenuIds } from './package-menus.ts';
import { menu, role, roleMenu, roleScope, scopeApi, scopeData, user } from './schema.ts';
import { checkParent, refuseChildren } from './tree.ts';

/**
 * The administrator role's rules on a role write (this screen and permission's JNPF role screen): only an
 * administrator writes it or makes a role of it, and its alias cannot change.
 */
export function guardAdminRole(admin: boolean, data: { roleAlias?: unknown }, existing?: { roleAlias?: unknown }) {
  if (!admin && (data.roleAlias === ADMIN_ROLE_ALIAS || existing?.roleAlias === ADMIN_ROLE_ALIAS)) throw forbidden();
  if (existing?.roleAlias === ADMIN_ROLE_ALIAS && data.roleAlias !== ADMIN_ROLE_ALIAS) {
    throw badRequest('管理员角色的别名不可修改');
  }
}

/** After roles are removed (here and on permission's JNPF role screen): their links go, menus and data scopes reload. */
export const roleRemoved: Pick<NonNullable<ResourceDef['hooks']>, 'afterRemove' | 'committed'> = {
  afterRemove: (rows, h) =>
    dropRoleLinks(
      h.tx,
      rows.map((r) => String(r.id)),
    ),
  async committed(op, _rows, _req, ctx) {
    if (op === 'remove') await Promise.all([invalidateMenuCache(ctx), invalidateDataScopes(ctx)]);
  },
};

const roleTree = { table: role, id: role.id, parentId: role.parentId, isDeleted: role.isDeleted };

export const roleResource = defineResource({
  code: 'role',
  grant: buttonGrants('role', ['role', 'user'], { pick: 'signed-in' }),
  base: '/blade-system/role',
  table: role,
  listMode: 'tree',
  tree: { titleField: 'roleName' },
  input: {
    parentId: parentId('上级角色编号无效').optional(),
    roleName: text('请输入角色名称', 255),
    roleAlias: text('请输入角色别名', 255),
    sort: int('请输入角色排序', 0, 1_000_000),
  },
  unique: [{ fields: ['roleAlias'], message: '角色别名已存在' }],
  hooks: {
    async beforeSave(data, h) {
      guardAdminRole(!!h.req.user?.isAdmin, data, h.existing);
      if (!h.existing) data.parentId ??= '0';
      if (data.parentId !== undefined && data.parentId !== h.existing?.parentId) {
        await checkParent(h.tx, roleTree, {
          id: h.existing?.id,
          parentId: data.parentId,
          scope: [inTenant(role, h.req.tenantId)],
          notFound: '上级角色不存在',
          cycle: '上级角色不能选择自身或其下级角色',
        });
      }
    },
    async beforeRemove(rows, h) {
      if (rows.some((r) => r.roleAlias === ADMIN_ROLE_ALIAS)) throw badRequest('管理员角色不可删除');
      const ids = rows.map((r) => String(r.id));
      await refuseChildren(h.tx, roleTree, ids, [inTenant(role, h.req.tenantId)]);
      await refuseHeldByUsers(h.tx, h.req.tenantId, user.roleId, ids, '该角色已分配给用户，无法删除');
    },
    ...roleRemoved,
  },
});

/** Non-administrators never see administrator roles in the selection trees. */
const hideAdminRoles = (req: FastifyRequest) => (req.user?.isAdmin ? [] : [ne(role.roleAlias, ADMIN_ROLE_ALIAS)]);

/** Replaces the menus, data scopes and API scopes of roles (absent lists are left as they are). */
export async function grantRoles(ctx: AppContext, req: FastifyRequest, body: Row): Promise<void> {
  const roleIds = idList(body.roleIds, 'roleIds');
  const has = (k: string) => body[k] !== undefined && body[k] !== null;
  const menuIds = has('menuIds') ? idList(body.menuIds, 'menuIds', false) : undefined;
  let dataIds = has('dataScopeIds') ? idList(body.dataScopeIds, 'dataScopeIds', false) : undefined;
  let apiIds = has('apiScopeIds') ? idList(body.apiScopeIds, 'apiScopeIds', false) : undefined;

  const roles = await roleResource.allVisible(ctx, req, roleIds);
  if (!req.user?.isAdmin && roles.some((r) => r.roleAlias === ADMIN_ROLE_ALIAS)) throw forbidden();

  const db = ctx.db;
  const menuRows = await db.select({ id: menu.id }).from(menu).where(eq(menu.isDeleted, 0));
  const menuSet = new Set(menuRows.map((m) => m.id));
  if (menuIds) {
    const unknown = menuIds.find((id) => !menuSet.has(id));
    if (unknown) throw badRequest(`菜单不存在: ${unknown}`);
    const pkg = await packageMenuIds(db, req.tenantId);
    if (pkg && menuIds.some((id) => !pkg.has(id))) throw badRequest('所选菜单超出了租户套餐的范围');
  }
  // the grant dialog's scope trees hold the menus above the scopes: their keys are not scopes and are skipped
  if (dataIds?.length) dataIds = await knownScopes(ctx, scopeData, dataIds, menuSet, '数据权限不存在');
  if (apiIds?.length) apiIds = await knownScopes(ctx, scopeApi, apiIds, menuSet, '接口权限不存在');

  await db.transaction(async (tx) => {
    if (menuIds) {
      await tx.delete(roleMenu).where(inArray(roleMenu.roleId, roleIds));
      const rows = roleIds.flatMap((roleId) => menuIds.map((menuId) => ({ id: newId(), roleId, menuId })));
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(roleMenu).values(rows.slice(i, i + 1000));
    }
    for (const [category, ids] of [
      [SCOPE_CATEGORY_DATA, dataIds],
      [SCOPE_CATEGORY_API, apiIds],
    ] as const) {
      if (!ids) continue;
      await tx.delete(roleScope).where(and(inArray(roleScope.roleId, roleIds), eq(roleScope.scopeCategory, category)));
      const rows = roleIds.flatMap((roleId) =>
        ids.map((scopeId) => ({ id: newId(), roleId, scopeId, scopeCategory: category })),
      );
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(roleScope).values(rows.slice(i, i + 1000));
    }
  });
  await Promise.all([invalidateMenuCache(ctx), invalidateDataScopes(ctx)]);
}

async function knownScopes(
  ctx: AppContext,
  table: typeof scopeData | typeof scopeApi,
  ids: string[],
  menus: Set<string>,
  msg: string,
): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.isDeleted, 0)));
  const found = new Set(rows.map((r) => r.id));
  const unknown = ids.find((id) => !found.has(id) && !menus.has(id));
  if (unknown) throw badRequest(`${msg}: ${unknown}`);
  return ids.filter((id) => found.has(id));
}

export function roleRoutes(app: FastifyInstance, ctx: AppContext) {
  roleResource.routes(app, ctx);

  app.get('/blade-system/role/tree', signedIn, async (req) => {
    const rows = await roleResource.all(ctx, req, queryOf(req), hideAdminRoles(req));
    return ok(roleResource.treeOf(rows, true));
  });

  app.get('/blade-system/role/tree-by-id', byMenu('role', 'user'), async (req) => {
    const { roleId, ...rest } = queryOf(req);
    const ids = idList(roleId, 'roleId');
    let tenantId = req.tenantId;
    if (isPlatformAdmin(req.user)) {
      const [r] = await ctx.db.select({ tenantId: role.tenantId }).from(role).where(eq(role.id, ids[0]));
      if (r) tenantId = r.tenantId;
    }
    const rows = await roleResource.all(ctx, req, { ...rest, tenantId }, hideAdminRoles(req));
    return ok(roleResource.treeOf(rows, true));
  });

  app.post('/blade-system/role/grant', byMenu('role_grant'), async (req) => {
    const body = queryAndBody(req);
    await grantRoles(ctx, req, body);
    return done();
  });
}
