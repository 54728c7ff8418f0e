/**
 * Menus (`/blade-system/menu`), platform-wide: list (tree), lazy-list, lazy-menu-list, menu-list, tree (`tenantId`:
 * the menus that tenant's package allows), grant-tree, role-tree-keys, grant-top-tree, top-tree-keys, detail,
 * submit, remove. Only the platform administrator changes menus; every other tenant reads the menus of its package.
 * `menu/routes`, `menu/buttons` and `menu/top-menu` are the auth module's.
 */

import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { queryOf } from '../../core/request-params.ts';
import { buttonGrants, defineResource, type Row, type Tx } from '../../core/resource.ts';
import { PLATFORM_TENANT, readTenantOf, requirePlatformAdmin } from '../../core/tenancy.ts';
import { invalidateDataScopes, SCOPE_CATEGORY_API, SCOPE_CATEGORY_DATA } from './data-scope.ts';
import { idList, int, oneOf, optText, parentId, text } from './fields.ts';
import { dropGrantsOfItems } from './grant-cleanup.ts';
import { type MenuDialect, menuDialectOf, projectMenus } from './menu-dialect.ts';
import { invalidateMenuCache } from './menus.ts';
import { packageMenuIds } from './package-menus.ts';
import { roleResource } from './role.ts';
import { menu, roleMenu, roleScope, scopeApi, scopeData, topMenuSetting } from './schema.ts';
import { topMenuResource } from './top-menu.ts';
import { checkParent, refuseChildren } from './tree.ts';

const menuTree = { table: menu, id: menu.id, parentId: menu.parentId, isDeleted: menu.isDeleted };

/**
 * A JSON object, sent as text or as an object (stored as its JSON text); empty → null. It may carry the screen's
 * form script (`formScript`, text; run by the web client in a sandboxed worker, never by the server), hence the
 * room for 60000 characters.
 */
const propertyJson = z.preprocess(
  (v) => (v && typeof v === 'object' ? JSON.stringify(v) : v === '' ? null : v),
  z
    .string({ error: '扩展属性必须是 JSON 对象' })
    .max(60_000, '扩展属性不能超过 60000 个字符')
    .nullish()
    .refine((s) => {
      if (!s) return true;
      try {
        const v = JSON.parse(s);
        return !!v && typeof v === 'object' && !Array.isArray(v);
      } catch {
        return false;
      }
    }, '扩展属性必须是 JSON 对象')
    .refine((s) => {
      let script: unknown;
      try {
        script = s ? JSON.parse(s)?.formScript : undefined;
      } catch {
        return true; // not JSON: the rule above says so
      }
      return script === undefined || script === null || typeof script === 'string';
    }, '表单脚本必须是文本'),
);

/** A client's view: a route path, or a web address for an entry the client opens in a new window. */
const VIEW_PATH = /^(\/[\w\-./]*|https?:\/\/[^\s]+)$/;
const VIEW_PATH_MSG = '客户端视图路径必须以 / 开头，只能包含字母、数字、- _ . /（或是 http(s) 网址）';
const viewPath = optText(255).refine(
  (v) => v === undefined || v === null || v === '' || VIEW_PATH.test(v),
  VIEW_PATH_MSG,
);

/**
 * Saber's and Sword's own menu screens speak in their views (menu-dialect.ts): what they show as 路由地址 / 菜单图标
 * is the client's view path and icon, and what they save there goes to those columns, never to our web app's path.
 * A new entry made from such a client starts with the same path for our web app. Buttons have one path for all.
 */
function dialectWrite(data: Row, existing: Row | undefined, dialect: MenuDialect) {
  if ((data.category ?? existing?.category) === 2) return; // a button has no view: its path is the one path
  const [pathKey, sourceKey] = dialect === 'saber' ? ['saberPath', 'saberSource'] : ['swordPath', 'swordSource'];
  if (data.path !== undefined) {
    const p = typeof data.path === 'string' ? data.path.trim() : '';
    if (p && !VIEW_PATH.test(p)) throw badRequest(VIEW_PATH_MSG);
    data[pathKey] = p || null;
    if (existing) delete data.path;
  }
  if (data.source !== undefined) {
    data[sourceKey] = data.source || null;
    if (existing) delete data.source;
  }
}

/** A menu row as a SpringBlade client reads it: its own view path and icon in `path` and `source`. */
function dialectRead(row: Row, dialect: MenuDialect): Row {
  if (!('path' in row) || row.category === 2) return row;
  const view = dialect === 'saber' ? [row.saberPath, row.saberSource] : [row.swordPath, row.swordSource];
  return { ...row, path: view[0] ?? '', source: view[1] ?? '' };
}

/**
 * A client's router registers one route per path, and one at the top level that another entry already uses stops
 * Saber's router altogether: no two menu entries of one level may share a path, ours or a SpringBlade client's.
 */
async function refuseSiblingPaths(tx: Tx, row: Row, parentId: string) {
  for (const [field, column] of [
    ['path', menu.path],
    ['saberPath', menu.saberPath],
    ['swordPath', menu.swordPath],
  ] as const) {
    const value = typeof row[field] === 'string' ? row[field].trim() : '';
    if (!value) continue;
    const [twin] = await tx
      .select({ name: menu.name })
      .from(menu)
      .where(
        and(
          eq(menu.parentId, parentId),
          eq(column, value),
          ne(menu.category, 2),
          eq(menu.isDeleted, 0),
          ...(row.id ? [ne(menu.id, String(row.id))] : []),
        ),
      )
      .limit(1);
    if (twin) throw badRequest(`同一级菜单「${twin.name}」已使用路径 ${value}`);
  }
}

/** The package filter of a tenant: a condition on menu ids, or none when the tenant has no package. */
async function packageFilter(ctx: AppContext, tenantId: string): Promise<SQL | undefined> {
  const ids = await packageMenuIds(ctx.db, tenantId);
  if (!ids) return undefined;
  return ids.size ? inArray(menu.id, [...ids]) : eq(menu.id, '0');
}

export const menuResource = defineResource({
  code: 'menu',
  grant: buttonGrants('menu', ['menu', 'role', 'topmenu', 'tenantpackage']),
  base: '/blade-system/menu',
  table: menu,
  listMode: 'tree',
  tree: { titleField: 'name' },
  input: {
    parentId: parentId('上级菜单编号无效').optional(),
    code: text('请输入菜单编号', 255),
    name: text('请输入菜单名称', 255),
    alias: optText(255),
    path: optText(255),
    source: optText(255),
    sort: int('请输入菜单排序', 0, 1_000_000),
    category: oneOf('请选择菜单类型', [1, 2, 3]),
    // BladeX numbers 工具栏/操作栏/工具操作栏 0–2, the SpringBlade forms (Saber, Sword) 1–3: kept as sent
    action: oneOf('请选择按钮功能', [0, 1, 2, 3]).optional(),
    // 1 否, 2 是; Saber 4.x's radio sends 0 for 否
    isOpen: z.preprocess((v) => (v === 0 || v === '0' ? 1 : v), oneOf('请选择是否新窗口打开', [1, 2]).optional()),
    i18n: optText(128),
    propertyJson,
    remark: optText(255),
    // the SpringBlade clients' own views (menu-dialect.ts); empty = that client has no view for the entry
    saberPath: viewPath,
    saberSource: optText(255),
    swordPath: viewPath,
    swordSource: optText(255),
  },
  unique: [{ fields: ['code'], message: '菜单编号已存在' }],
  hooks: {
    // other tenants read only the menus of their package
    where: (_q, req, ctx) => (req.tenantId === PLATFORM_TENANT ? undefined : packageFilter(ctx, req.tenantId)),
    async beforeSave(data, h) {
      requirePlatformAdmin(h.req);
      if (!h.existing) data.parentId ??= '0';
      const dialect = menuDialectOf(h.req.user?.clientId);
      if (dialect) dialectWrite(data, h.existing ?? undefined, dialect);
      const pid = data.parentId ?? h.existing?.parentId ?? '0';
      if (data.parentId !== undefined && data.parentId !== h.existing?.parentId) {
        const parent = await checkParent(h.tx, menuTree, {
          id: h.existing?.id,
          parentId: data.parentId,
          notFound: '上级菜单不存在',
          cycle: '上级菜单不能选择自身或其下级菜单',
        });
        if (parent?.category === 2) throw badRequest('按钮下不能再添加菜单或按钮');
      }
      if ((data.category ?? h.existing?.category) === 2 && pid === '0') throw badRequest('按钮必须有上级菜单');
      if ((data.category ?? h.existing?.category) !== 2)
        await refuseSiblingPaths(h.tx, { ...h.existing, ...data }, pid);
    },
    async beforeRemove(rows, h) {
      requirePlatformAdmin(h.req);
      await refuseChildren(
        h.tx,
        menuTree,
        rows.map((r) => String(r.id)),
      );
    },
    async afterRemove(rows, h) {
      const ids = rows.map((r) => String(r.id));
      await h.tx.delete(roleMenu).where(inArray(roleMenu.menuId, ids));
      await h.tx.delete(topMenuSetting).where(inArray(topMenuSetting.menuId, ids));
      await dropGrantsOfItems(h.tx, 'menu', ids);
      for (const [t, category] of [
        [scopeData, SCOPE_CATEGORY_DATA],
        [scopeApi, SCOPE_CATEGORY_API],
      ] as const) {
        const gone = await h.tx
          .update(t)
          .set({ isDeleted: 1, updateTime: new Date(), updateUser: h.req.user?.userId ?? null })
          .where(and(inArray(t.menuId, ids), eq(t.isDeleted, 0)))
          .returning({ id: t.id });
        if (gone.length && category === SCOPE_CATEGORY_DATA) {
          await dropGrantsOfItems(
            h.tx,
            'resource',
            gone.map((g) => g.id),
          );
        }
        if (gone.length) {
          await h.tx.delete(roleScope).where(
            and(
              eq(roleScope.scopeCategory, category),
              inArray(
                roleScope.scopeId,
                gone.map((g) => g.id),
              ),
            ),
          );
        }
      }
    },
    committed: (_op, _rows, _req, ctx) =>
      Promise.all([invalidateMenuCache(ctx), invalidateDataScopes(ctx)]).then(() => {}),
    decorate(rows, req) {
      const dialect = menuDialectOf(req.user?.clientId);
      return dialect ? rows.map((r) => dialectRead(r, dialect)) : rows;
    },
  },
});

const query = (req: FastifyRequest) => ({ ...queryOf(req) });

/** Menu rows the caller may hand out: an administrator every menu of the package, anyone else their own grants. */
async function grantable(ctx: AppContext, req: FastifyRequest, extra: SQL[] = []): Promise<Row[]> {
  const conds = [...extra];
  if (!req.user?.isAdmin) {
    const granted = await ctx.db
      .selectDistinct({ id: roleMenu.menuId })
      .from(roleMenu)
      .where(inArray(roleMenu.roleId, req.user?.roleIds.length ? req.user.roleIds : ['0']));
    conds.push(
      granted.length
        ? inArray(
            menu.id,
            granted.map((g) => g.id),
          )
        : eq(menu.id, '0'),
    );
  }
  const rows = await menuResource.all(ctx, req, {}, conds);
  const dialect = menuDialectOf(req.user?.clientId);
  if (!dialect) return rows;
  // a SpringBlade client grants only what it has views for (menu-dialect.ts)
  const all = await ctx.db.select().from(menu).where(eq(menu.isDeleted, 0));
  return projectMenus(rows as (typeof menu.$inferSelect)[], new Map(all.map((m) => [m.id, m])), dialect);
}

/** Menus as tree nodes with the scopes of `table` hanging under their menus; menus without scopes are pruned. */
async function scopeTree(ctx: AppContext, menus: Row[], table: typeof scopeData | typeof scopeApi): Promise<Row[]> {
  const byId = new Map(menus.map((m) => [String(m.id), m]));
  if (!byId.size) return [];
  const scopes = await ctx.db
    .select({ id: table.id, menuId: table.menuId, name: table.scopeName })
    .from(table)
    .where(and(eq(table.isDeleted, 0), inArray(table.menuId, [...byId.keys()])));
  const keep = new Set<string>();
  for (const s of scopes) {
    for (let id: string | undefined = s.menuId, n = 0; id && id !== '0' && !keep.has(id) && n < 64; n++) {
      keep.add(id);
      id = byId.get(id) ? String(byId.get(id)!.parentId) : undefined;
    }
  }
  const rows: Row[] = [
    ...menus
      .filter((m) => keep.has(String(m.id)))
      .map((m) => ({ id: m.id, parentId: m.parentId, name: m.name, code: m.code, category: m.category })),
    ...scopes.map((s) => ({ id: s.id, parentId: s.menuId, name: s.name, isScope: true })),
  ];
  return menuResource.treeOf(rows, true);
}

export function menuRoutes(app: FastifyInstance, ctx: AppContext) {
  menuResource.routes(app, ctx);
  const b = '/blade-system/menu';

  app.get(`${b}/lazy-list`, byMenu('menu', 'role', 'topmenu', 'tenantpackage'), async (req) =>
    ok(await menuResource.lazy(ctx, req, query(req))),
  );
  app.get(`${b}/lazy-menu-list`, byMenu('menu', 'role', 'topmenu', 'tenantpackage'), async (req) =>
    ok(await menuResource.lazy(ctx, req, query(req), [eq(menu.category, 1)])),
  );
  app.get(`${b}/menu-list`, byMenu('menu', 'role', 'topmenu', 'tenantpackage'), async (req) =>
    ok(menuResource.treeOf(await menuResource.all(ctx, req, query(req), [eq(menu.category, 1)]), false)),
  );

  app.get(`${b}/tree`, byMenu('menu', 'role', 'topmenu', 'tenantpackage'), async (req) => {
    const { tenantId, ...q } = query(req);
    const named = readTenantOf(req, { tenantId });
    const extra: SQL[] = [];
    // the platform administrator may look at another tenant's package; the caller's own is applied by the resource
    if (named !== req.tenantId) {
      const f = await packageFilter(ctx, named);
      if (f) extra.push(f);
    }
    return ok(menuResource.treeOf(await menuResource.all(ctx, req, q, extra), true));
  });

  app.get(`${b}/grant-tree`, byMenu('menu', 'role', 'topmenu', 'tenantpackage'), async (req) => {
    const menus = await grantable(ctx, req);
    const [dataScope, apiScope] = [await scopeTree(ctx, menus, scopeData), await scopeTree(ctx, menus, scopeApi)];
    return ok({ menu: menuResource.treeOf(menus, true), dataScope, apiScope });
  });

  app.get(`${b}/grant-top-tree`, byMenu('menu', 'role', 'topmenu', 'tenantpackage'), async (req) => {
    const menus = await grantable(ctx, req, [eq(menu.category, 1)]);
    return ok({ menu: menuResource.treeOf(menus, true) });
  });

  app.get(`${b}/role-tree-keys`, byMenu('role', 'menu'), async (req) => {
    const roleIds = idList(query(req).roleIds, 'roleIds');
    await roleResource.allVisible(ctx, req, roleIds);
    const menus = await ctx.db
      .selectDistinct({ id: roleMenu.menuId })
      .from(roleMenu)
      .innerJoin(menu, and(eq(menu.id, roleMenu.menuId), eq(menu.isDeleted, 0)))
      .where(inArray(roleMenu.roleId, roleIds));
    const scopes = await ctx.db
      .selectDistinct({ id: roleScope.scopeId, category: roleScope.scopeCategory })
      .from(roleScope)
      .where(inArray(roleScope.roleId, roleIds));
    return ok({
      menu: menus.map((m) => m.id),
      dataScope: scopes.filter((s) => s.category === SCOPE_CATEGORY_DATA).map((s) => s.id),
      apiScope: scopes.filter((s) => s.category === SCOPE_CATEGORY_API).map((s) => s.id),
    });
  });

  app.get(`${b}/top-tree-keys`, byMenu('topmenu', 'menu'), async (req) => {
    const topMenuIds = idList(query(req).topMenuIds, 'topMenuIds');
    await topMenuResource.allVisible(ctx, req, topMenuIds);
    const menus = await ctx.db
      .selectDistinct({ id: topMenuSetting.menuId })
      .from(topMenuSetting)
      .innerJoin(menu, and(eq(menu.id, topMenuSetting.menuId), eq(menu.isDeleted, 0)))
      .where(inArray(topMenuSetting.topMenuId, topMenuIds));
    return ok({ menu: menus.map((m) => m.id) });
  });
}
