/**
 * JNPF authority (spec 2 §6 "data authority and model authority are managed per object: values, update, batch"):
 * an object — a Role, a Position or a User — is granted items: modules (menus), buttons, columns, forms and
 * resources (data scopes). Grants live in base_authorize, per tenant. `Users/Current/Authorize` answers what the
 * signed-in user holds: the menus and data scopes of their roles (blade_role_menu, blade_role_scope) plus these
 * grants.
 *
 * The grants are enforced, not only stored; they add to the BladeX role grants (never take away) for the user's
 * roles, posts (`postId`) and the user themself, and only grants of the user's own tenant count:
 * - module and button grants → `menu/routes`, `menu/buttons`, `menu/top-menu` and Sword's `menu/auth-routes`
 *   (auth module, MenuService snapshot), still within the tenant's package;
 * - resource grants → the data-scope provider (system/data-scope.ts), like a role's data-scope grant (category 1);
 * - column and form grants are only reported (`Users/Current/Authorize`) for the low-code screens;
 * - API scopes (blade_role_scope category 2) have no JNPF item type and stay role-only.
 * Every write below drops the menu and data-scope caches on every instance after its transaction commits
 * (`invalidateMenuCache`, `invalidateDataScopes`), so a grant or a revoke counts from the next request on.
 *
 *   POST /permission/Authority/Data/{objectId}/Values   candidates and granted ids of one object, per item type
 *   PUT  /permission/Authority/Data/{objectId}          replaces the object's grants of the item types sent
 *   POST /permission/Authority/Data/Batch               adds items to several roles, positions and users
 *   GET  /permission/Authority/Model/{itemId}/{objectType}  which objects of a type hold an item
 *   PUT  /permission/Authority/Model/{itemId}           sets exactly which objects of a type hold an item
 */

import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import { byMenu } from '../../core/gate.ts';
import { hasLiveRow } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import {
  authorize,
  invalidateDataScopes,
  invalidateMenuCache,
  menu,
  post,
  role,
  roleMenu,
  roleScope,
  scopeData,
  tenant,
  tenantPackage,
  user,
} from '../system/index.ts';
import { userResource } from '../user/index.ts';
import { bodyOf, buildTree, idArray, jnpf, jnpfDone, pathId, type TreeNode } from './jnpf.ts';

export const ITEM_TYPES = ['module', 'button', 'column', 'form', 'resource'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const OBJECT_TYPES = ['Role', 'Position', 'User'] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

type MenuRow = typeof menu.$inferSelect;
interface Catalogue {
  menus: MenuRow[];
  scopes: { id: string; menuId: string; scopeName: string; resourceCode: string }[];
}

/** Menus the tenant may see (its package's, or all without a package) and their data scopes. */
async function catalogue(ctx: AppContext, tenantId: string): Promise<Catalogue> {
  const [t] = await ctx.db.select({ packageId: tenant.packageId }).from(tenant).where(liveInTenant(tenant, tenantId));
  let allowed: Set<string> | undefined;
  if (t?.packageId) {
    const [p] = await ctx.db
      .select({ menuId: tenantPackage.menuId })
      .from(tenantPackage)
      .where(and(eq(tenantPackage.id, t.packageId), eq(tenantPackage.isDeleted, 0)));
    if (p) allowed = new Set(p.menuId.split(',').filter(Boolean));
  }
  const menus = (await ctx.db.select().from(menu).where(eq(menu.isDeleted, 0)))
    .filter((m) => !allowed || allowed.has(m.id))
    .sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : 1));
  const ids = new Set(menus.map((m) => m.id));
  const scopes = (
    await ctx.db
      .select({
        id: scopeData.id,
        menuId: scopeData.menuId,
        scopeName: scopeData.scopeName,
        resourceCode: scopeData.resourceCode,
      })
      .from(scopeData)
      .where(eq(scopeData.isDeleted, 0))
  ).filter((s) => ids.has(s.menuId));
  return { menus, scopes };
}

const menuNode = (m: MenuRow) => ({
  id: m.id,
  parentId: m.parentId,
  fullName: m.name,
  enCode: m.code,
  icon: m.source,
  urlAddress: m.path,
  type: m.category === 2 ? 'button' : 'module',
  sortCode: m.sort,
});

/** Keeps the nodes of `kind` and the ancestors leading to them. */
function pruned(nodes: TreeNode[], keep: (n: TreeNode) => boolean): TreeNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out = new Set<string>();
  for (const n of nodes) {
    if (!keep(n)) continue;
    let cur: TreeNode | undefined = n;
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = byId.get(cur.parentId);
    }
  }
  return nodes.filter((n) => out.has(n.id));
}

function candidates(c: Catalogue) {
  const modules = c.menus.filter((m) => m.category !== 2);
  const moduleNodes = modules.map(menuNode) as TreeNode[];
  const buttonNodes = c.menus.map(menuNode) as TreeNode[];
  const scopeNodes = c.scopes.map((s) => ({
    id: s.id,
    parentId: s.menuId,
    fullName: s.scopeName,
    enCode: s.resourceCode,
    type: 'resource',
  }));
  return {
    module: { list: buildTree(moduleNodes), all: modules.map((m) => m.id) },
    button: {
      list: buildTree(pruned(buttonNodes, (n) => n.type === 'button')),
      all: c.menus.filter((m) => m.category === 2).map((m) => m.id),
    },
    resource: {
      list: buildTree(pruned([...moduleNodes, ...scopeNodes], (n) => n.type === 'resource')),
      all: c.scopes.map((s) => s.id),
    },
    column: { list: [], all: [] as string[] },
    form: { list: [], all: [] as string[] },
  };
}

/** The object exists in the caller's tenant (users also within the caller's data scope); returns its type. */
async function checkObject(ctx: AppContext, req: FastifyRequest, id: string, named?: unknown): Promise<ObjectType> {
  if (named !== undefined && named !== null && named !== '' && !OBJECT_TYPES.includes(named as ObjectType)) {
    throw badRequest('参数校验失败: objectType 只能是 Role、Position 或 User');
  }
  const want = (t: ObjectType) => !named || named === t;
  if (want('Role')) {
    if (await hasLiveRow(ctx.db, role, req.tenantId, eq(role.id, id))) return 'Role';
  }
  if (want('Position')) {
    if (await hasLiveRow(ctx.db, post, req.tenantId, eq(post.id, id))) return 'Position';
  }
  if (want('User')) {
    const [u] = await userResource.findVisible(ctx, req, [id]);
    if (u) return 'User';
  }
  throw badRequest('授权对象不存在或无权操作');
}

/** Validated item ids of one type: menus of the right category, data scopes, or column/form keys. */
function checkItems(c: Catalogue, type: ItemType, raw: unknown): string[] {
  if (!Array.isArray(raw) && typeof raw !== 'string') throw badRequest(`参数校验失败: ${type} 必须是编号列表`);
  const ids = [
    ...new Set((Array.isArray(raw) ? raw.map(String) : raw.split(',')).map((s) => s.trim()).filter(Boolean)),
  ];
  if (type === 'column' || type === 'form') {
    for (const id of ids)
      if (!/^[\w.:-]{1,64}$/.test(id)) throw badRequest(`参数校验失败: ${type} 含有无效的编号 ${id}`);
    return ids;
  }
  const known =
    type === 'resource'
      ? new Set(c.scopes.map((s) => s.id))
      : new Set(c.menus.filter((m) => (type === 'button' ? m.category === 2 : m.category !== 2)).map((m) => m.id));
  for (const id of ids) if (!known.has(id)) throw badRequest(`参数校验失败: ${type} 含有不存在的项目 ${id}`);
  return ids;
}

async function grantsOf(db: AppContext['db'] | Tx, tenantId: string, objects: { type: ObjectType; ids: string[] }[]) {
  const conds = objects
    .filter((o) => o.ids.length)
    .map((o) => and(eq(authorize.objectType, o.type), inArray(authorize.objectId, o.ids)));
  if (!conds.length) return [];
  return (db as AppContext['db'])
    .select({
      itemType: authorize.itemType,
      itemId: authorize.itemId,
      objectType: authorize.objectType,
      objectId: authorize.objectId,
    })
    .from(authorize)
    .where(inTenant(authorize, tenantId, or(...conds)));
}

/** After a write commits: the caches that enforce the changed item types are dropped on every instance. */
async function grantsChanged(ctx: AppContext, types: readonly ItemType[]) {
  const menus = types.includes('module') || types.includes('button');
  const scopes = types.includes('resource');
  await Promise.all([menus ? invalidateMenuCache(ctx) : undefined, scopes ? invalidateDataScopes(ctx) : undefined]);
}

export function registerAuthorityRoutes(app: FastifyInstance, ctx: AppContext) {
  registerObjectGrants(app, ctx);
  registerItemGrants(app, ctx);
}

/** `Data/*`: the items granted to one object (role, position, user), set for one object or added for many. */
function registerObjectGrants(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/Authority';

  app.post(`${b}/Data/:objectId/Values`, byMenu('permission_authority'), async (req) => {
    const id = pathId((req.params as { objectId: string }).objectId, 'objectId');
    const body = bodyOf(req);
    const objectType = await checkObject(
      ctx,
      req,
      id,
      body.objectType ?? (req.query as Record<string, unknown>)?.objectType,
    );
    const cat = candidates(await catalogue(ctx, req.tenantId));
    const granted = await grantsOf(ctx.db, req.tenantId, [{ type: objectType, ids: [id] }]);
    const idsOf = (t: ItemType) => granted.filter((g) => g.itemType === t).map((g) => g.itemId);
    return jnpf({
      objectId: id,
      objectType,
      module: { ...cat.module, ids: idsOf('module') },
      button: { ...cat.button, ids: idsOf('button') },
      column: { ...cat.column, ids: idsOf('column') },
      form: { ...cat.form, ids: idsOf('form') },
      resource: { ...cat.resource, ids: idsOf('resource') },
    });
  });

  app.put(`${b}/Data/:objectId`, byMenu('permission_authority'), async (req) => {
    const id = pathId((req.params as { objectId: string }).objectId, 'objectId');
    const body = bodyOf(req);
    const objectType = await checkObject(ctx, req, id, body.objectType);
    const c = await catalogue(ctx, req.tenantId);
    const sent = ITEM_TYPES.filter((t) => body[t] !== undefined && body[t] !== null);
    if (!sent.length) throw badRequest('缺少必要的请求参数: module、button、column、form 或 resource');
    const items = Object.fromEntries(sent.map((t) => [t, checkItems(c, t, body[t])])) as Partial<
      Record<ItemType, string[]>
    >;
    await replaceObjectGrants(ctx.db, req, objectType, id, sent, items);
    await grantsChanged(ctx, sent);
    return jnpfDone('操作成功');
  });

  app.post(`${b}/Data/Batch`, byMenu('permission_authority'), async (req) => {
    const body = bodyOf(req);
    const objects: { type: ObjectType; ids: string[] }[] = [
      { type: 'Role', ids: idArray(body.roleIds, 'roleIds') },
      { type: 'Position', ids: idArray(body.positionIds, 'positionIds') },
      { type: 'User', ids: idArray(body.userIds, 'userIds') },
    ];
    if (!objects.some((o) => o.ids.length)) throw badRequest('缺少必要的请求参数: roleIds、positionIds 或 userIds');
    for (const o of objects) for (const id of o.ids) await checkObject(ctx, req, id, o.type);
    const c = await catalogue(ctx, req.tenantId);
    const sent = ITEM_TYPES.filter((t) => body[t] !== undefined && body[t] !== null);
    if (!sent.length) throw badRequest('缺少必要的请求参数: module、button、column、form 或 resource');
    const items = sent.flatMap((t) => checkItems(c, t, body[t]).map((itemId) => ({ itemType: t, itemId })));
    await ctx.db.transaction(async (tx) => {
      const have = new Set(
        (await grantsOf(tx, req.tenantId, objects)).map(
          (g) => `${g.objectType}:${g.objectId}:${g.itemType}:${g.itemId}`,
        ),
      );
      const rows = objects.flatMap((o) =>
        o.ids.flatMap((objectId) =>
          items
            .filter((it) => !have.has(`${o.type}:${objectId}:${it.itemType}:${it.itemId}`))
            .map((it) => ({
              tenantId: req.tenantId,
              ...it,
              objectType: o.type,
              objectId,
              createUser: req.user?.userId ?? null,
            })),
        ),
      );
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(authorize).values(rows.slice(i, i + 1000));
    });
    await grantsChanged(ctx, sent);
    return jnpfDone('操作成功');
  });
}

/** `Model/*`: the objects holding one item, and setting them. */
function registerItemGrants(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/Authority';
  app.get(`${b}/Model/:itemId/:objectType`, byMenu('permission_authority'), async (req) => {
    const p = req.params as { itemId: string; objectType: string };
    if (!/^[\w.:-]{1,64}$/.test(p.itemId)) throw badRequest('参数校验失败: itemId 无效');
    if (!OBJECT_TYPES.includes(p.objectType as ObjectType))
      throw badRequest('参数校验失败: objectType 只能是 Role、Position 或 User');
    const type = p.objectType as ObjectType;
    const rows = await ctx.db
      .select({ objectId: authorize.objectId })
      .from(authorize)
      .where(inTenant(authorize, req.tenantId, eq(authorize.itemId, p.itemId), eq(authorize.objectType, type)));
    const list = await objectsOfType(ctx, req, type);
    return jnpf({ itemId: p.itemId, objectType: type, ids: [...new Set(rows.map((r) => r.objectId))], list });
  });

  app.put(`${b}/Model/:itemId`, byMenu('permission_authority'), async (req) => {
    const itemId = (req.params as { itemId: string }).itemId;
    if (!/^[\w.:-]{1,64}$/.test(itemId)) throw badRequest('参数校验失败: itemId 无效');
    const body = bodyOf(req);
    if (!OBJECT_TYPES.includes(body.objectType as ObjectType)) {
      throw badRequest(
        body.objectType === undefined
          ? '缺少必要的请求参数: objectType'
          : '参数校验失败: objectType 只能是 Role、Position 或 User',
      );
    }
    const objectType = body.objectType as ObjectType;
    const c = await catalogue(ctx, req.tenantId);
    const itemType = itemTypeOf(c, itemId, body.itemType);
    const ids = idArray(body.objectId ?? body.objectIds ?? body.ids, 'objectId');
    for (const id of ids) await checkObject(ctx, req, id, objectType);
    await replaceGrants(
      ctx.db,
      req,
      [eq(authorize.itemType, itemType), eq(authorize.itemId, itemId), eq(authorize.objectType, objectType)],
      ids.map((objectId) => ({ itemType, itemId, objectType, objectId })),
    );
    await grantsChanged(ctx, [itemType]);
    return jnpfDone('操作成功');
  });
}

/** The object's grants of the sent item types become exactly `items` (one transaction). */
async function replaceObjectGrants(
  db: AppContext['db'],
  req: FastifyRequest,
  objectType: ObjectType,
  id: string,
  sent: ItemType[],
  items: Partial<Record<ItemType, string[]>>,
) {
  await replaceGrants(
    db,
    req,
    [eq(authorize.objectType, objectType), eq(authorize.objectId, id), inArray(authorize.itemType, sent)],
    sent.flatMap((t) => (items[t] ?? []).map((itemId) => ({ itemType: t, itemId, objectType, objectId: id }))),
  );
}

/** The tenant's grants matching `where` become exactly `grants`, by the caller, in one transaction. */
async function replaceGrants(
  db: AppContext['db'],
  req: FastifyRequest,
  where: SQL[],
  grants: { itemType: string; itemId: string; objectType: string; objectId: string }[],
) {
  await db.transaction(async (tx) => {
    await tx.delete(authorize).where(inTenant(authorize, req.tenantId, ...where));
    const rows = grants.map((g) => ({ tenantId: req.tenantId, ...g, createUser: req.user?.userId ?? null }));
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(authorize).values(rows.slice(i, i + 1000));
  });
}

/** The type of an item: a button or module (menu), a resource (data scope), or the type sent for columns and forms. */
function itemTypeOf(c: Catalogue, itemId: string, named?: unknown): ItemType {
  if (named !== undefined && named !== null && named !== '') {
    if (!ITEM_TYPES.includes(named as ItemType))
      throw badRequest('参数校验失败: itemType 只能是 module、button、column、form 或 resource');
    checkItems(c, named as ItemType, [itemId]);
    return named as ItemType;
  }
  const m = c.menus.find((x) => x.id === itemId);
  if (m) return m.category === 2 ? 'button' : 'module';
  if (c.scopes.some((s) => s.id === itemId)) return 'resource';
  throw badRequest('授权项目不存在');
}

/** Every role, position or visible user of the tenant, as the Model view lists them to choose from. */
async function objectsOfType(
  ctx: AppContext,
  req: FastifyRequest,
  type: ObjectType,
): Promise<{ id: string; fullName: string }[]> {
  if (type === 'Role') {
    return ctx.db
      .select({ id: role.id, fullName: role.roleName })
      .from(role)
      .where(liveInTenant(role, req.tenantId))
      .orderBy(role.sort);
  } else if (type === 'Position') {
    return ctx.db
      .select({ id: post.id, fullName: post.postName })
      .from(post)
      .where(liveInTenant(post, req.tenantId))
      .orderBy(post.sort);
  } else {
    return (
      await ctx.db
        .select({ id: user.id, account: user.account, realName: user.realName })
        .from(user)
        .where(and(...(await userResource.visibility(req))))
        .orderBy(user.account)
        .limit(10_000)
    ).map((r) => ({ id: r.id, fullName: r.realName ? `${r.realName}/${r.account}` : r.account }));
  }
}

/** What the signed-in user holds: role menus and data scopes plus the grants of their roles, posts and themselves. */
export async function userAuthority(ctx: AppContext, me: AuthUser) {
  const c = await catalogue(ctx, me.tenantId);
  const posts = me.postId ? me.postId.split(',').filter(Boolean) : [];
  const granted = await grantsOf(ctx.db, me.tenantId, [
    { type: 'Role', ids: me.roleIds },
    { type: 'Position', ids: posts },
    { type: 'User', ids: [me.userId] },
  ]);
  const menuIds = new Set(
    granted.filter((g) => g.itemType === 'module' || g.itemType === 'button').map((g) => g.itemId),
  );
  const scopeIds = new Set(granted.filter((g) => g.itemType === 'resource').map((g) => g.itemId));
  if (me.roleIds.length) {
    for (const r of await ctx.db
      .select({ id: roleMenu.menuId })
      .from(roleMenu)
      .where(inArray(roleMenu.roleId, me.roleIds))) {
      menuIds.add(r.id);
    }
    for (const r of await ctx.db
      .select({ id: roleScope.scopeId })
      .from(roleScope)
      .where(and(inArray(roleScope.roleId, me.roleIds), eq(roleScope.scopeCategory, 1)))) {
      scopeIds.add(r.id);
    }
  }
  const has = (id: string) => me.isAdmin || menuIds.has(id);
  const modules = c.menus.filter((m) => m.category !== 2 && has(m.id));
  const buttons = c.menus.filter((m) => m.category === 2 && has(m.id));
  return {
    module: buildTree(modules.map(menuNode) as TreeNode[]),
    button: buttons.map(menuNode),
    column: [...new Set(granted.filter((g) => g.itemType === 'column').map((g) => g.itemId))],
    form: [...new Set(granted.filter((g) => g.itemType === 'form').map((g) => g.itemId))],
    resource: c.scopes
      .filter((s) => scopeIds.has(s.id))
      .map((s) => ({ id: s.id, parentId: s.menuId, fullName: s.scopeName, enCode: s.resourceCode })),
  };
}
