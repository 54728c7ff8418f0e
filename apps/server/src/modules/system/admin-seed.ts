/**
 * The administration screens' menus (系统管理, 权限管理) with their buttons, the data and API scopes seeded on them,
 * and the regions. `ensureScopes` is how any module brings data and API scopes for its own menus: idempotent
 * (a scope is found again by menu and name), granted to the named roles of every tenant when first created, so
 * that an administrator's later changes survive restarts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { ADMIN_MENUS, springBladeButton } from './admin-menus.ts';
import { invalidateDataScopes, SCOPE_CATEGORY_API, SCOPE_CATEGORY_DATA } from './data-scope.ts';
import { ensureMenus, invalidateMenuCache, type MenuItem, SEED_LOCK } from './menus.ts';
import { seedRegions } from './region-seed.ts';
import { menu, role, roleScope, scopeApi, scopeData, tenantPackage } from './schema.ts';

export { springBladeButton };

export interface DataScopeSeed {
  menuCode: string;
  resourceCode: string;
  scopeName: string;
  /** 1 all, 2 own, 3 own department, 4 own department and below, 5 custom rule (`scopeValue`) */
  scopeType: 1 | 2 | 3 | 4 | 5;
  scopeColumn?: string;
  scopeValue?: string;
  remark?: string;
  /** role aliases granted the scope when it is first created */
  roles?: string[];
}

export interface ApiScopeSeed {
  menuCode: string;
  resourceCode: string;
  scopeName: string;
  /** Ant-style path pattern without `/api`, e.g. `/blade-system/dept/**` */
  scopePath: string;
  /** 1 every method, 2 GET, 3 POST, 4 PUT, 5 DELETE */
  scopeType: 1 | 2 | 3 | 4 | 5;
  remark?: string;
  roles?: string[];
}

/** Data scopes seeded on the administration screens (granted to the demo roles). */
export const ADMIN_DATA_SCOPES: DataScopeSeed[] = [
  {
    menuCode: 'dept',
    resourceCode: 'dept',
    scopeName: '本机构及下级机构',
    scopeType: 4,
    scopeColumn: 'id',
    roles: ['operator', 'patrol'],
  },
  { menuCode: 'dept', resourceCode: 'dept', scopeName: '全部机构', scopeType: 1, roles: ['auditor'] },
  { menuCode: 'post', resourceCode: 'post', scopeName: '本人创建的岗位', scopeType: 2 },
  { menuCode: 'post', resourceCode: 'post', scopeName: '本机构创建的岗位', scopeType: 3 },
  {
    menuCode: 'role',
    resourceCode: 'role',
    scopeName: '非管理员角色',
    scopeType: 5,
    scopeValue: "roleAlias != 'administrator'",
  },
];

/** API scopes: who may change organisation data (reads stay open to every role with the menu). */
export const ADMIN_API_SCOPES: ApiScopeSeed[] = [
  {
    menuCode: 'dept',
    resourceCode: 'dept',
    scopeName: '机构维护',
    scopePath: '/blade-system/dept/**',
    scopeType: 3,
    roles: ['operator'],
  },
  {
    menuCode: 'post',
    resourceCode: 'post',
    scopeName: '岗位维护',
    scopePath: '/blade-system/post/**',
    scopeType: 3,
    roles: ['operator'],
  },
  {
    menuCode: 'dictbiz',
    resourceCode: 'dict_biz',
    scopeName: '业务字典维护',
    scopePath: '/blade-system/dict-biz/**',
    scopeType: 3,
    roles: ['operator'],
  },
  { menuCode: 'role', resourceCode: 'role', scopeName: '角色维护', scopePath: '/blade-system/role/**', scopeType: 3 },
  {
    menuCode: 'topmenu',
    resourceCode: 'topmenu',
    scopeName: '顶部菜单维护',
    scopePath: '/blade-system/topmenu/**',
    scopeType: 3,
  },
];

/** The fields a data scope row and an API scope row both have. */
interface ScopeRow {
  id: string;
  menuId: string;
  resourceCode: string;
  scopeName: string;
  scopeType: number;
  remark: string | null;
}

/** Upserts data and API scopes on existing menus (by menu code and scope name) and grants new ones to roles. */
export async function ensureScopes(
  ctx: Pick<AppContext, 'db' | 'live'>,
  scopes: { data?: DataScopeSeed[]; api?: ApiScopeSeed[] },
): Promise<void> {
  const data = scopes.data ?? [];
  const api = scopes.api ?? [];
  if (!data.length && !api.length) return;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const codes = [...new Set([...data, ...api].map((s) => s.menuCode))];
    const menus = await tx
      .select({ id: menu.id, code: menu.code, isDeleted: menu.isDeleted })
      .from(menu)
      .where(inArray(menu.code, codes));
    // scopes of a menu an administrator removed are not brought back; an unknown menu is a mistake in the seed
    const menuId = new Map(menus.filter((m) => m.isDeleted === 0).map((m) => [m.code, m.id]));
    const missing = codes.filter((c) => !menus.some((m) => m.code === c));
    if (missing.length) throw new Error(`ensureScopes: unknown menu ${missing.join(', ')}`);
    const aliases = [...new Set([...data, ...api].flatMap((s) => s.roles ?? []))];
    const roles = aliases.length
      ? await tx
          .select({ id: role.id, alias: role.roleAlias })
          .from(role)
          .where(and(inArray(role.roleAlias, aliases), eq(role.isDeleted, 0)))
      : [];
    const grants: (typeof roleScope.$inferInsert)[] = [];
    const grant = (scopeId: string, category: number, wanted: string[] = []) => {
      for (const r of roles)
        if (wanted.includes(r.alias)) grants.push({ id: newId(), roleId: r.id, scopeId, scopeCategory: category });
    };

    /**
     * Inserts (by `insert`, given the common fields) each seed whose menu has no live scope of its name in `table`
     * yet, and grants it.
     */
    const addMissing = async <S extends DataScopeSeed | ApiScopeSeed>(
      table: typeof scopeData | typeof scopeApi,
      seeds: S[],
      category: number,
      insert: (row: ScopeRow, s: S) => Promise<unknown>,
    ) => {
      const have = await tx
        .select({ menuId: table.menuId, name: table.scopeName })
        .from(table)
        .where(and(inArray(table.menuId, [...menuId.values(), '0']), eq(table.isDeleted, 0)));
      const keys = new Set(have.map((h) => `${h.menuId}:${h.name}`));
      for (const s of seeds) {
        const mid = menuId.get(s.menuCode);
        if (!mid) continue;
        if (keys.has(`${mid}:${s.scopeName}`)) continue;
        const id = newId();
        const row = {
          id,
          menuId: mid,
          resourceCode: s.resourceCode,
          scopeName: s.scopeName,
          scopeType: s.scopeType,
          remark: s.remark ?? null,
        };
        await insert(row, s);
        grant(id, category, s.roles);
      }
    };
    await addMissing(scopeData, data, SCOPE_CATEGORY_DATA, (row, s) =>
      tx.insert(scopeData).values({
        ...row,
        scopeField: '*',
        scopeColumn: s.scopeColumn ?? null,
        scopeValue: s.scopeValue ?? null,
      }),
    );
    await addMissing(scopeApi, api, SCOPE_CATEGORY_API, (row, s) =>
      tx.insert(scopeApi).values({ ...row, scopePath: s.scopePath }),
    );
    if (grants.length) await tx.insert(roleScope).values(grants);
  });
  await Promise.all([invalidateMenuCache(ctx), invalidateDataScopes(ctx)]);
}

/**
 * Data scopes of notices (menu `notice`, resource `notice`): patrol staff see the published and water-cut notices
 * and those of their own departments; auditors see all; the department-based scopes are there to grant.
 */
export const NOTICE_DATA_SCOPES: DataScopeSeed[] = [
  {
    menuCode: 'notice',
    resourceCode: 'notice',
    scopeName: '巡检人员可见通知',
    scopeType: 5,
    scopeValue: 'category in (1, 6) || createDept in $deptIds || createUser == $userId',
    remark: '发布通知、停水通知，以及本部门和本人发布的通知',
    roles: ['patrol'],
  },
  { menuCode: 'notice', resourceCode: 'notice', scopeName: '全部通知', scopeType: 1, roles: ['auditor'] },
  { menuCode: 'notice', resourceCode: 'notice', scopeName: '本部门及下级发布的通知', scopeType: 4 },
  { menuCode: 'notice', resourceCode: 'notice', scopeName: '本人发布的通知', scopeType: 2 },
];

/** Scopes of screens whose menus other seeds bring (run after them). */
export async function seedScreenScopes(ctx: AppContext): Promise<void> {
  await ensureScopes(ctx, { data: NOTICE_DATA_SCOPES });
}

/** Screens of the platform's own tables: they stay out of tenant packages (their calls refuse other tenants). */
export const PLATFORM_SCREENS = [
  'tenant',
  'tenantpackage',
  'client',
  'menu',
  'dict',
  'param',
  'region',
  'data_scope',
  'api_scope',
];

function codesUnder(items: MenuItem[], wanted: Set<string>, inside = false, out: string[] = []): string[] {
  for (const it of items) {
    const hit = inside || wanted.has(it.code);
    if (hit) out.push(it.code);
    codesUnder(it.children ?? [], wanted, hit, out);
  }
  return out;
}

/** Takes menus out of every tenant package (once, when they are first created: later choices stay). */
async function keepOutOfPackages(ctx: Pick<AppContext, 'db' | 'live'>, menuIds: string[]) {
  const drop = new Set(menuIds);
  const pkgs = await ctx.db.select().from(tenantPackage).where(eq(tenantPackage.isDeleted, 0));
  for (const p of pkgs) {
    const ids = p.menuId.split(',').filter(Boolean);
    const kept = ids.filter((id) => !drop.has(id));
    if (kept.length !== ids.length) {
      await ctx.db
        .update(tenantPackage)
        .set({ menuId: kept.join(',') })
        .where(eq(tenantPackage.id, p.id));
    }
  }
  await invalidateMenuCache(ctx);
}

/** The administration menus, their scopes and the regions (runs after the organisation seed). */
export async function seedAdministration(ctx: AppContext): Promise<void> {
  const platform = codesUnder(ADMIN_MENUS, new Set(PLATFORM_SCREENS));
  const before = await ctx.db.select({ code: menu.code }).from(menu).where(inArray(menu.code, platform));
  const ids = await ensureMenus(ctx, ADMIN_MENUS);
  // entries of the platform's screens stay out of packages when they are first created (buttons added in a later
  // release too); an administrator's later choices stay
  const had = new Set(before.map((b) => b.code));
  const created = platform.filter((c) => !had.has(c));
  if (created.length) await keepOutOfPackages(ctx, created.map((c) => ids[c]).filter(Boolean));
  await ensureScopes(ctx, { data: ADMIN_DATA_SCOPES, api: ADMIN_API_SCOPES });
  await seedRegions(ctx);
}

/**
 * SpringBlade's button codes of its code tools (Saber's 代码生成 and 数据源管理 screens test `code_add` …,
 * `datasource_add` …), under our screens of those tools (`code_gen`, `develop_datasource`). Other modules bring
 * those screens, so their seed calls this after theirs; a screen that is missing (or was removed) gets none.
 */
const TOOL_BUTTONS: [screen: string, prefix: string][] = [
  ['code_gen', 'code'],
  ['develop_datasource', 'datasource'],
];

export async function seedSpringBladeToolButtons(ctx: AppContext): Promise<void> {
  const live = await ctx.db
    .select({ code: menu.code })
    .from(menu)
    .where(
      and(
        inArray(
          menu.code,
          TOOL_BUTTONS.map(([c]) => c),
        ),
        eq(menu.isDeleted, 0),
      ),
    );
  const have = new Set(live.map((m) => m.code));
  const items: MenuItem[] = TOOL_BUTTONS.filter(([screenCode]) => have.has(screenCode)).flatMap(
    ([screenCode, prefix]) =>
      (
        [
          ['add', '新增', 'PlusOutlined', 0],
          ['edit', '修改', 'EditOutlined', 1],
          ['delete', '删除', 'DeleteOutlined', 2],
          ['view', '查看', 'EyeOutlined', 1],
        ] as const
      ).map(([op, name, icon, action], i) => ({
        ...springBladeButton(`${prefix}_${op}`, name, op, `button.${op}`, icon, 11 + i, action),
        parentCode: screenCode,
      })),
  );
  if (items.length) await ensureMenus(ctx, items);
}
