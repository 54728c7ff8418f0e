/**
 * `ensureMenus`: how a module brings its screens' menu entries (and their buttons) into the database from its own
 * seed. Idempotent: entries are upserted by `code`; a new entry is attached to the named top menus (every tenant's
 * top menu of that code), granted to every tenant's administrator role and to the roles named in `roles`, and
 * added to every tenant package a tenant uses. Those links are written once, when the entry is created, so that
 * an administrator's later changes to grants, top menus and packages (and removals of entries) survive restarts.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { seededViews } from './menu-dialect.ts';
import { menu, role, roleMenu, tenant, tenantPackage, topMenu, topMenuSetting } from './schema.ts';

export interface MenuItem {
  /** unique across all menus, e.g. `param` or `param_add` for a button */
  code: string;
  name: string;
  /** translation key of the name, e.g. `menu.system.param` */
  i18n?: string;
  alias?: string;
  /** route path, e.g. `/system/param`; a web address opens in an embedded frame */
  path?: string;
  /** icon */
  source?: string;
  sort?: number;
  /** 1 menu (default), 2 button, 3 low-code module entry */
  category?: 1 | 2 | 3;
  /** buttons: 0 toolbar, 1 row, 2 both */
  action?: 0 | 1 | 2;
  /** 1 in the app (default), 2 opens externally */
  isOpen?: 1 | 2;
  /** a JSON string or an object (stored as JSON), e.g. `{ moduleId }` for category 3, `{ hidden: true }` */
  propertyJson?: string | Record<string, unknown>;
  remark?: string;
  /** parent by code, for a top-level item of this call whose parent exists already (or is earlier in the call) */
  parentCode?: string;
  /** top menus (business areas) the item and its descendants belong to, e.g. ['system'] */
  topMenuCodes?: string[];
  /** role aliases besides administrator granted the item (and its descendants) when it is created */
  roles?: string[];
  /**
   * The one tenant the item (and its descendants) belongs to, e.g. a tenant's published low-code module: its
   * grants and top-menu links go to that tenant's roles and top menus only, never to another tenant's.
   */
  tenantId?: string;
  children?: MenuItem[];
}

export const ADMIN_ROLE_ALIAS = 'administrator';
/** Live topic published whenever menus, grants, top menus, packages or API scopes change. */
export const MENU_CHANGED_TOPIC = 'system.menu.changed';
/** advisory lock serialising seeds that write organisation and menu rows (several instances may start together) */
export const SEED_LOCK = 7_261_010;

const localDrops = new Set<() => void>();

/**
 * Registers a cache of this process that `invalidateMenuCache` drops at once, before the live event reaches the
 * other instances (on PostgreSQL the writer's own NOTIFY comes back a moment later). Returns the unregister call.
 */
export function onLocalMenuInvalidation(drop: () => void): () => void {
  localDrops.add(drop);
  return () => localDrops.delete(drop);
}

/** Tells every instance to drop the menu, button, top-menu and API-scope caches (call after any such change). */
export async function invalidateMenuCache(ctx: Pick<AppContext, 'live'>): Promise<void> {
  for (const drop of localDrops) drop();
  await ctx.live.publish({ topic: MENU_CHANGED_TOPIC });
}

interface Flat {
  item: MenuItem;
  parentCode?: string;
  topMenuCodes: string[];
  roles: string[];
  tenantId?: string;
}

function flatten(items: MenuItem[], parent: Flat | undefined, out: Flat[]) {
  for (const item of items) {
    const f: Flat = {
      item,
      parentCode: parent ? parent.item.code : item.parentCode,
      topMenuCodes: [...new Set([...(parent?.topMenuCodes ?? []), ...(item.topMenuCodes ?? [])])],
      roles: item.roles ?? parent?.roles ?? [],
      tenantId: item.tenantId ?? parent?.tenantId,
    };
    out.push(f);
    if (item.children?.length) flatten(item.children, f, out);
  }
}

const propertyText = (p: MenuItem['propertyJson']) =>
  p === undefined ? null : typeof p === 'string' ? p : JSON.stringify(p);

/**
 * Upserts the items and their children; returns the id of every live item by code. A menu an administrator
 * removed stays removed (with its descendants). Fields follow the definition at every call; grants, top-menu
 * attachments and packages are written when an entry is created, so later administrative changes to them stay.
 */
export async function ensureMenus(
  ctx: Pick<AppContext, 'db' | 'live'>,
  items: MenuItem[],
): Promise<Record<string, string>> {
  const flat: Flat[] = [];
  flatten(items, undefined, flat);
  const codes = flat.map((f) => f.item.code);
  const dup = codes.find((c, i) => codes.indexOf(c) !== i);
  if (dup) throw new Error(`ensureMenus: duplicate menu code ${dup}`);

  let changed = false;
  const ids = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const { idOf, created, updated } = await upsertMenus(tx, flat, codes);
    changed = updated;
    if (!created.length) return idOf;
    changed = true;
    await attachTopMenus(tx, created, idOf);
    await grantCreated(tx, created, idOf);
    await addToPackages(tx, created, idOf);
    return idOf;
  });
  if (changed) await invalidateMenuCache(ctx);
  return ids;
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/**
 * Inserts the missing entries and updates the changed ones (under a removed parent an entry counts as removed);
 * the id of every live entry by code, the entries created, and whether any was updated.
 */
async function upsertMenus(tx: Tx, flat: Flat[], codes: string[]) {
  let updated = false;
  const parentCodes = flat.map((f) => f.parentCode).filter((c): c is string => !!c && !codes.includes(c));
  const existing = await tx
    .select()
    .from(menu)
    .where(inArray(menu.code, [...codes, ...parentCodes]))
    .orderBy(menu.isDeleted);
  // a live row wins over removed ones of the same code
  const byCode = new Map<string, (typeof existing)[number]>();
  for (const m of existing) if (!byCode.has(m.code)) byCode.set(m.code, m);
  const idOf: Record<string, string> = {};
  const created: Flat[] = [];
  const removed = new Set<string>();

  for (const f of flat) {
    const it = f.item;
    if (f.parentCode && removed.has(f.parentCode)) {
      removed.add(it.code);
      continue;
    }
    const row = byCode.get(it.code);
    if (row && row.isDeleted !== 0) {
      removed.add(it.code);
      continue;
    }
    let parentId = '0';
    if (f.parentCode) {
      const parent = byCode.get(f.parentCode);
      const p = idOf[f.parentCode] ?? (parent && parent.isDeleted === 0 ? parent.id : undefined);
      if (!p) {
        if (parent) {
          removed.add(it.code);
          continue;
        }
        throw new Error(`ensureMenus: parent menu ${f.parentCode} of ${it.code} does not exist`);
      }
      parentId = p;
    }
    const values = menuValues(it, parentId);
    if (!row) {
      const id = newId();
      await tx.insert(menu).values({ id, ...values });
      idOf[it.code] = id;
      created.push(f);
      continue;
    }
    idOf[it.code] = row.id;
    if ((Object.keys(values) as (keyof typeof values)[]).some((key) => (row as any)[key] !== values[key])) {
      await tx.update(menu).set(values).where(eq(menu.id, row.id));
      updated = true;
    }
  }
  return { idOf, created, updated };
}

/** The columns of a menu entry as its definition sets them. */
function menuValues(it: MenuItem, parentId: string) {
  return {
    parentId,
    code: it.code,
    name: it.name,
    alias: it.alias ?? null,
    path: it.path ?? null,
    source: it.source ?? null,
    sort: it.sort ?? 1,
    category: it.category ?? 1,
    action: it.action ?? (it.category === 2 ? 1 : 0),
    isOpen: it.isOpen ?? 1,
    i18n: it.i18n ?? null,
    propertyJson: propertyText(it.propertyJson),
    remark: it.remark ?? null,
    ...seededViews(it.code),
  };
}

/** Top menus of every tenant with the named codes (an item of one tenant: that tenant's top menus only). */
async function attachTopMenus(tx: Tx, created: Flat[], idOf: Record<string, string>) {
  const tmCodes = [...new Set(created.flatMap((f) => f.topMenuCodes))];
  if (tmCodes.length) {
    const tms = await tx
      .select({ id: topMenu.id, code: topMenu.code, tenantId: topMenu.tenantId })
      .from(topMenu)
      .where(and(inArray(topMenu.code, tmCodes), eq(topMenu.isDeleted, 0)));
    const missing = tmCodes.filter((c) => !tms.some((t) => t.code === c));
    if (missing.length) throw new Error(`ensureMenus: unknown top menu ${missing.join(', ')}`);
    const add = created.flatMap((f) =>
      tms
        .filter((t) => f.topMenuCodes.includes(t.code) && (!f.tenantId || t.tenantId === f.tenantId))
        .map((t) => ({ id: newId(), topMenuId: t.id, menuId: idOf[f.item.code] })),
    );
    for (let i = 0; i < add.length; i += 1000) await tx.insert(topMenuSetting).values(add.slice(i, i + 1000));
  }
}

/** Grants: every tenant's administrator, and the roles named by the item (of the item's own tenant, if it has one). */
async function grantCreated(tx: Tx, created: Flat[], idOf: Record<string, string>) {
  const aliases = [...new Set([ADMIN_ROLE_ALIAS, ...created.flatMap((f) => f.roles)])];
  const roles = await tx
    .select({ id: role.id, alias: role.roleAlias, tenantId: role.tenantId })
    .from(role)
    .where(and(inArray(role.roleAlias, aliases), eq(role.isDeleted, 0)));
  const grants = created.flatMap((f) =>
    roles
      .filter((r) => !f.tenantId || r.tenantId === f.tenantId)
      .filter((r) => r.alias === ADMIN_ROLE_ALIAS || f.roles.includes(r.alias))
      .map((r) => ({ id: newId(), roleId: r.id, menuId: idOf[f.item.code] })),
  );
  for (let i = 0; i < grants.length; i += 1000) await tx.insert(roleMenu).values(grants.slice(i, i + 1000));
}

/** Tenant packages in use (an item of one tenant: that tenant's package only). */
async function addToPackages(tx: Tx, created: Flat[], idOf: Record<string, string>) {
  const used = await tx
    .selectDistinct({ packageId: tenant.packageId, tenantId: tenant.tenantId })
    .from(tenant)
    .where(and(isNotNull(tenant.packageId), eq(tenant.isDeleted, 0)));
  const pkgIds = [...new Set(used.map((u) => u.packageId!).filter(Boolean))];
  if (pkgIds.length) {
    const pkgs = await tx
      .select({ id: tenantPackage.id, menuId: tenantPackage.menuId })
      .from(tenantPackage)
      .where(and(inArray(tenantPackage.id, pkgIds), eq(tenantPackage.isDeleted, 0)));
    for (const p of pkgs) {
      const have = p.menuId.split(',').filter(Boolean);
      const users = used.filter((u) => u.packageId === p.id).map((u) => u.tenantId);
      const add = created
        .filter((f) => !f.tenantId || users.includes(f.tenantId))
        .map((f) => idOf[f.item.code])
        .filter((id) => !have.includes(id));
      if (add.length) {
        await tx
          .update(tenantPackage)
          .set({ menuId: [...have, ...add].join(',') })
          .where(eq(tenantPackage.id, p.id));
      }
    }
  }
}
