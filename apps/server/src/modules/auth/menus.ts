/**
 * What a signed-in user may see and call: the menu tree (`menu/routes`), buttons (`menu/buttons`), top menus
 * (`menu/top-menu`) and API scopes. A user holds the menus and buttons granted to their roles (blade_role_menu)
 * plus the JNPF module and button grants (base_authorize, permission module) of their roles, their posts and
 * themselves, in their own tenant; the tenant's package still limits both. Menus, grants, top menus, packages and
 * scopes are read once into memory and the answers are kept per role set and JNPF grant holders (the posts and
 * user that hold grants, so users without personal grants share answers), already serialised;
 * `invalidateMenuCache` (system module) drops it all on every instance through the live bus.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { ok } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import { toJson } from '../../core/json.ts';
import type { AppContext } from '../../core/module.ts';
import {
  authorize,
  MENU_CHANGED_TOPIC,
  menu,
  menuDialectOf,
  onLocalMenuInvalidation,
  projectMenus,
  roleMenu,
  roleScope,
  scopeApi,
  tenant,
  tenantPackage,
  topMenu,
  topMenuSetting,
} from '../system/index.ts';

type MenuRow = typeof menu.$inferSelect;
type TopMenuRow = typeof topMenu.$inferSelect;

interface ApiScope {
  id: string;
  re: RegExp;
  /** 1 all, 2 GET, 3 POST, 4 PUT, 5 DELETE */
  type: number;
}

interface Snapshot {
  menus: Map<string, MenuRow>;
  /** menus and buttons by their unique code (what routes name in their grants) */
  byCode: Map<string, MenuRow>;
  /** category 1 and 3 menus and category 2 buttons, in display order */
  sorted: MenuRow[];
  roleMenus: Map<string, Set<string>>;
  topMenus: TopMenuRow[];
  topSettings: Map<string, Set<string>>;
  /** menu ids of the tenant's package; absent = no package, nothing filtered */
  packages: Map<string, Set<string>>;
  scopes: ApiScope[];
  roleScopes: Map<string, Set<string>>;
  /** JNPF module and button grants by holder (`holderKey`): menu ids */
  holderMenus: Map<string, Set<string>>;
}

/** A JNPF grant holder within its tenant: `tenantId|Role|id`, `tenantId|Position|id` or `tenantId|User|id`. */
const holderKey = (tenantId: string, objectType: string, objectId: string) => `${tenantId}|${objectType}|${objectId}`;

/** The user's posts (the token's comma-separated `postId`). */
export const postsOf = (u: AuthUser): string[] => (u.postId ? u.postId.split(',').filter(Boolean) : []);

const byOrder = (a: { sort: number; id: string }, b: { sort: number; id: string }) =>
  a.sort - b.sort || a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function addTo(map: Map<string, Set<string>>, key: string, value: string) {
  const s = map.get(key);
  if (s) s.add(value);
  else map.set(key, new Set([value]));
}

/** `/blade-system/param/**` → a RegExp over paths without the `/api` prefix (Ant style: `**` any, `*` one segment). */
export function scopePattern(pattern: string): RegExp {
  let p = normalisePath(pattern.trim());
  let tail = '';
  if (p.endsWith('/**')) {
    p = p.slice(0, -3);
    tail = '(?:/.*)?';
  }
  const body = p
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${body}${tail}/?$`);
}

export function normalisePath(p: string): string {
  const path = p.split('?')[0];
  return path === '/api' ? '/' : path.startsWith('/api/') ? path.slice(4) : path;
}

const METHOD_TYPE: Record<string, number> = { GET: 2, HEAD: 2, POST: 3, PUT: 4, DELETE: 5 };

export class MenuService {
  private snap?: Promise<Snapshot>;
  private answers = new Map<string, string>();
  private apiAnswers = new Map<string, boolean>();
  private off?: () => void;

  constructor(readonly ctx: AppContext) {}

  start() {
    const offBus = this.ctx.live.on(MENU_CHANGED_TOPIC, () => this.drop());
    // the writing instance drops at once, without waiting for its own NOTIFY to come back
    const offLocal = onLocalMenuInvalidation(() => this.drop());
    this.off = () => {
      offBus();
      offLocal();
    };
  }

  stop() {
    this.off?.();
  }

  drop() {
    this.snap = undefined;
    this.answers.clear();
    this.apiAnswers.clear();
  }

  private snapshot(): Promise<Snapshot> {
    if (!this.snap) {
      const p = this.load();
      this.snap = p;
      // a failed load is not cached
      p.catch(() => {
        if (this.snap === p) this.snap = undefined;
      });
    }
    return this.snap;
  }

  private async load(): Promise<Snapshot> {
    const db = this.ctx.db;
    const menus = await db.select().from(menu).where(eq(menu.isDeleted, 0));
    const grants = await db.select({ roleId: roleMenu.roleId, menuId: roleMenu.menuId }).from(roleMenu);
    const tms = await db
      .select()
      .from(topMenu)
      .where(and(eq(topMenu.isDeleted, 0), eq(topMenu.status, 1)));
    const settings = await db
      .select({ topMenuId: topMenuSetting.topMenuId, menuId: topMenuSetting.menuId })
      .from(topMenuSetting);
    const tenants = await db
      .select({ tenantId: tenant.tenantId, packageId: tenant.packageId })
      .from(tenant)
      .where(eq(tenant.isDeleted, 0));
    const pkgs = await db
      .select({ id: tenantPackage.id, menuId: tenantPackage.menuId })
      .from(tenantPackage)
      .where(eq(tenantPackage.isDeleted, 0));
    const apis = await db
      .select()
      .from(scopeApi)
      .where(and(eq(scopeApi.isDeleted, 0), eq(scopeApi.status, 1)));
    const scopeGrants = await db
      .select({ roleId: roleScope.roleId, scopeId: roleScope.scopeId })
      .from(roleScope)
      .where(eq(roleScope.scopeCategory, 2));
    const jnpfGrants = await db
      .select({
        tenantId: authorize.tenantId,
        objectType: authorize.objectType,
        objectId: authorize.objectId,
        itemId: authorize.itemId,
      })
      .from(authorize)
      .where(inArray(authorize.itemType, ['module', 'button']));

    const roleMenus = new Map<string, Set<string>>();
    for (const g of grants) addTo(roleMenus, g.roleId, g.menuId);
    const topSettings = new Map<string, Set<string>>();
    for (const s of settings) addTo(topSettings, s.topMenuId, s.menuId);
    const packages = new Map<string, Set<string>>();
    for (const t of tenants) {
      const p = t.packageId ? pkgs.find((x) => x.id === t.packageId) : undefined;
      if (p) packages.set(t.tenantId, new Set(p.menuId.split(',').filter(Boolean)));
    }
    const roleScopes = new Map<string, Set<string>>();
    for (const g of scopeGrants) addTo(roleScopes, g.roleId, g.scopeId);
    const holderMenus = new Map<string, Set<string>>();
    for (const g of jnpfGrants) addTo(holderMenus, holderKey(g.tenantId, g.objectType, g.objectId), g.itemId);
    const scopes: ApiScope[] = [];
    for (const a of apis) {
      try {
        scopes.push({ id: a.id, re: scopePattern(a.scopePath), type: a.scopeType });
      } catch {
        /* a pattern that does not compile covers nothing */
      }
    }
    return {
      menus: new Map(menus.map((m) => [m.id, m])),
      byCode: new Map(menus.map((m) => [m.code, m])),
      sorted: [...menus].sort(byOrder),
      roleMenus,
      topMenus: tms.sort(byOrder),
      topSettings,
      packages,
      scopes,
      roleScopes,
      holderMenus,
    };
  }

  /** The platform administrator (administrator role in tenant 000000) sees every menu, as BladeX does. */
  private static seesAll(u: AuthUser) {
    return u.isAdmin && u.tenantId === '000000';
  }

  /** The user's JNPF grant holders (roles, posts, the user) that hold module or button grants in the snapshot. */
  private static holders(s: Snapshot, u: AuthUser): string[] {
    if (!s.holderMenus.size) return [];
    const keys = [
      ...u.roleIds.map((id) => holderKey(u.tenantId, 'Role', id)),
      ...postsOf(u).map((id) => holderKey(u.tenantId, 'Position', id)),
      holderKey(u.tenantId, 'User', u.userId),
    ];
    return keys.filter((k) => s.holderMenus.has(k));
  }

  /** The answer's cache key: everything the answer depends on (roles, grant holders, tenant, admin, extra). */
  private static key(kind: string, s: Snapshot, u: AuthUser, extra = '') {
    if (MenuService.seesAll(u)) return `${kind}|${u.tenantId}|all|1|${extra}`;
    const roles = u.roleIds.length > 1 ? [...u.roleIds].sort().join(',') : u.roleIds.join(',');
    const holders = MenuService.holders(s, u);
    if (holders.length > 1) holders.sort();
    return `${kind}|${u.tenantId}|${roles}|${holders.join(';')}|${u.isAdmin ? 1 : 0}|${extra}`;
  }

  /** Menu ids the user may see (any category), after the tenant package. */
  private granted(s: Snapshot, u: AuthUser): (m: MenuRow) => boolean {
    const pkg = s.packages.get(u.tenantId);
    if (MenuService.seesAll(u)) return (m) => !pkg || pkg.has(m.id);
    const ids = new Set<string>();
    for (const r of u.roleIds) for (const id of s.roleMenus.get(r) ?? []) ids.add(id);
    for (const h of MenuService.holders(s, u)) for (const id of s.holderMenus.get(h) ?? []) ids.add(id);
    return (m) => ids.has(m.id) && (!pkg || pkg.has(m.id));
  }

  private async cached(
    kind: string,
    u: AuthUser,
    extra: string | undefined,
    build: (s: Snapshot) => unknown,
  ): Promise<string> {
    const snapPromise = this.snapshot();
    const s = await snapPromise;
    const key = MenuService.key(kind, s, u, extra);
    const hit = this.answers.get(key);
    if (hit !== undefined) return hit;
    const text = toJson(ok(build(s)));
    // store only if no invalidation happened meanwhile
    if (this.snap === snapPromise) {
      if (this.answers.size > 5000) this.answers.clear();
      this.answers.set(key, text);
    }
    return text;
  }

  /** `menu/routes`: the user's menu tree (categories 1 and 3), optionally one top menu's part, as JSON text. */
  routes(u: AuthUser, topMenuId?: string): Promise<string> {
    const dialect = menuDialectOf(u.clientId);
    return this.cached('routes', u, `${topMenuId ?? ''}|${dialect ?? ''}`, (s) => {
      const may = this.granted(s, u);
      let inTop: Set<string> | undefined;
      if (topMenuId) {
        const tm = s.topMenus.find((t) => t.id === topMenuId && t.tenantId === u.tenantId);
        inTop = tm ? (s.topSettings.get(tm.id) ?? new Set()) : new Set();
      }
      const chosen = new Set<string>();
      for (const m of s.sorted) {
        if (m.category === 2 || !may(m) || (inTop && !inTop.has(m.id))) continue;
        chosen.add(m.id);
      }
      // a granted entry brings its parents along so that the tree is whole
      for (const id of [...chosen]) {
        let p = s.menus.get(s.menus.get(id)!.parentId);
        while (p && p.category !== 2 && !chosen.has(p.id)) {
          chosen.add(p.id);
          p = s.menus.get(p.parentId);
        }
      }
      const rows = s.sorted.filter((m) => chosen.has(m.id));
      // a SpringBlade client gets its own views' paths and icons, and no entry it has no view for
      return buildTree(dialect ? projectMenus(rows, s.menus, dialect) : rows, routeNode);
    });
  }

  /** `menu/buttons`: the parents of the granted buttons, with the buttons as children. */
  buttons(u: AuthUser): Promise<string> {
    const dialect = menuDialectOf(u.clientId);
    return this.cached('buttons', u, dialect, (s) => {
      const may = this.granted(s, u);
      const groups = new Map<string, MenuRow[]>();
      const mine = s.sorted.filter((b) => b.category === 2 && may(b));
      for (const b of dialect ? projectMenus(mine, s.menus, dialect) : mine) {
        let parent = s.menus.get(b.parentId);
        while (parent && parent.category === 2) parent = s.menus.get(parent.parentId);
        if (!parent) continue;
        const list = groups.get(parent.id);
        if (list) list.push(b);
        else groups.set(parent.id, [b]);
      }
      return [...groups.keys()]
        .map((id) => s.menus.get(id)!)
        .sort(byOrder)
        .map((p) => ({ ...buttonNode(p), children: groups.get(p.id)!.map(buttonNode) }));
    });
  }

  /** `menu/top-menu`: the tenant's business areas; an administrator sees all, others those holding a granted menu. */
  topMenus(u: AuthUser): Promise<string> {
    const dialect = menuDialectOf(u.clientId);
    return this.cached('top', u, dialect, (s) => {
      const mine = s.topMenus.filter((t) => t.tenantId === u.tenantId);
      const may = this.granted(s, u);
      // in a SpringBlade dialect an area shows only when the client has a view for one of its entries
      const visible =
        u.isAdmin && !dialect
          ? mine
          : mine.filter((t) => {
              const entries: MenuRow[] = [];
              for (const id of s.topSettings.get(t.id) ?? []) {
                const m = s.menus.get(id);
                if (m && m.category !== 2 && may(m)) entries.push(m);
              }
              return (dialect ? projectMenus(entries, s.menus, dialect) : entries).length > 0;
            });
      return visible.map((t) => ({
        id: t.id,
        tenantId: t.tenantId,
        code: t.code,
        name: t.name,
        i18n: t.i18n,
        source: t.source,
        path: t.path,
        sort: t.sort,
        remark: t.remark,
        meta: t.i18n ? { i18n: t.i18n } : {},
      }));
    });
  }

  /**
   * True when the user holds one of these menu or button codes. An administrator holds every code the tenant's
   * package includes (all of them without a package); anyone else what their roles, posts and own grants give.
   */
  async holdsAny(u: AuthUser, codes: readonly string[]): Promise<boolean> {
    const snapPromise = this.snapshot();
    const s = await snapPromise;
    const key = `${MenuService.key('holds', s, u)}|${codes.join(',')}`;
    const hit = this.apiAnswers.get(key);
    if (hit !== undefined) return hit;
    let allowed: boolean;
    const pkg = s.packages.get(u.tenantId);
    if (u.isAdmin) allowed = !pkg || codes.some((c) => pkg.has(s.byCode.get(c)?.id ?? ''));
    else {
      const may = this.granted(s, u);
      allowed = codes.some((c) => {
        const m = s.byCode.get(c);
        return m !== undefined && may(m);
      });
    }
    if (this.snap === snapPromise) {
      if (this.apiAnswers.size > 20_000) this.apiAnswers.clear();
      this.apiAnswers.set(key, allowed);
    }
    return allowed;
  }

  /** True when an API scope covering this call was granted to one of the user's roles (a grant of its own). */
  async scopeGranted(u: AuthUser, method: string, routePath: string): Promise<boolean> {
    if (!u.roleIds.length) return false;
    const s = await this.snapshot();
    const path = normalisePath(routePath);
    const type = METHOD_TYPE[method.toUpperCase()] ?? 0;
    return s.scopes.some(
      (a) =>
        (a.type === 1 || a.type === type) && a.re.test(path) && u.roleIds.some((r) => s.roleScopes.get(r)?.has(a.id)),
    );
  }

  /** False when the path is covered by an API scope that none of the user's roles was granted. */
  async allowApi(u: AuthUser, method: string, routePath: string): Promise<boolean> {
    const key = `${u.roleIds.join(',')}|${method}|${routePath}`;
    const hit = this.apiAnswers.get(key);
    if (hit !== undefined) return hit;
    const snapPromise = this.snapshot();
    const s = await snapPromise;
    const path = normalisePath(routePath);
    const type = METHOD_TYPE[method.toUpperCase()] ?? 0;
    const covering = s.scopes.filter((a) => (a.type === 1 || a.type === type) && a.re.test(path));
    let allowed = true;
    if (covering.length) {
      allowed = covering.some((a) => u.roleIds.some((r) => s.roleScopes.get(r)?.has(a.id)));
    }
    if (this.snap === snapPromise) {
      if (this.apiAnswers.size > 20_000) this.apiAnswers.clear();
      this.apiAnswers.set(key, allowed);
    }
    return allowed;
  }
}

function parseProps(text: string | null): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function routeNode(m: MenuRow) {
  const props = parseProps(m.propertyJson);
  const meta: Record<string, unknown> = {};
  if (m.i18n) meta.i18n = m.i18n;
  if (props?.hidden === true) meta.hidden = true;
  // a published low-code module's English name (it has no i18n key: the tenant named it)
  if (typeof props?.nameEn === 'string' && props.nameEn) meta.nameEn = props.nameEn;
  return { ...buttonNode(m), isOpen: m.isOpen, propertyJson: m.propertyJson, i18n: m.i18n, meta };
}

/** a button's fields, which a route node carries too (first, in this order) */
function buttonNode(m: MenuRow) {
  return {
    id: m.id,
    parentId: m.parentId,
    code: m.code,
    name: m.name,
    alias: m.alias,
    path: m.path,
    source: m.source,
    sort: m.sort,
    category: m.category,
    action: m.action,
  };
}

/** Nests rows (already in display order) by parentId; empty `children` are left out, as the contract says. */
function buildTree<T extends { id: string; parentId: string }>(rows: MenuRow[], node: (m: MenuRow) => T) {
  const nodes = new Map<string, T & { children?: unknown[]; hasChildren: boolean }>();
  for (const m of rows) nodes.set(m.id, { ...node(m), hasChildren: false });
  const roots: unknown[] = [];
  for (const m of rows) {
    const n = nodes.get(m.id)!;
    const parent = nodes.get(m.parentId);
    if (parent) {
      parent.hasChildren = true;
      if (parent.children) parent.children.push(n);
      else parent.children = [n];
    } else roots.push(n);
  }
  return roots;
}
