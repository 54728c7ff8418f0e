/**
 * Menus of the low-code screens (在线开发 › 功能设计 with 发布, and the group 在线应用 that published modules go
 * under by default) and the demo utility's published modules 用户报修登记 (热线服务) and 水表档案 (基础数据) with
 * a few records. Idempotent: menus by code; a demo module is created only while no module of its code ever existed
 * in the tenant (a removed one stays removed).
 */
import { checkRecord } from '@swp/contract';
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant } from '../../core/scoped.ts';
import { formatDateTime } from '../../core/time.ts';
import { nextBillNumber } from '../dataservice/index.ts';
import {
  crudButtons,
  ensureMenus,
  invalidateMenuCache,
  type MenuItem,
  menuButton,
  type ScreenHead,
  screenEntry,
  tenant,
  tenantPackage,
  user,
} from '../system/index.ts';
import { calculate } from './calc.ts';
import { METER_COLUMNS, METER_FORM, METER_RECORDS, REPAIR_COLUMNS, REPAIR_FORM, REPAIR_RECORDS } from './demo-forms.ts';
import { APPS_GROUP, DESIGN, moduleMenu, syncIndexes } from './modules.ts';
import { lcModule, lcRecord } from './schema.ts';

const LOWCODE_SEED_LOCK = 7_261_120;
const TENANT = '000000';

type ScreenMenuArgs = [...ScreenHead, extra?: [op: string, name: string, icon: string][], roles?: string[]];

/** A screen with add / edit / delete / view buttons (and extra ones). */
export function screenMenu(...[code, name, i18n, path, icon, sort, extra = [], roles = []]: ScreenMenuArgs): MenuItem {
  return {
    ...screenEntry(code, name, i18n, path, icon, sort, [
      ...crudButtons(code, path),
      ...extra.map(([op, n, src], i) => menuButton(code, path, op, n, src, 5 + i, 1)),
    ]),
    roles,
  };
}

export const LOWCODE_MENUS: MenuItem[] = [
  {
    code: 'lowcode',
    name: '在线开发',
    i18n: 'menu.lowcode.index',
    path: '/onlineDev',
    source: 'BuildOutlined',
    sort: 103,
    topMenuCodes: ['system'],
    children: [
      screenMenu('lowcode_design', '功能设计', 'menu.lowcode.design', '/onlineDev/webDesign', 'FormOutlined', 1, [
        ['release', '发布', 'SendOutlined'],
      ]),
    ],
  },
  {
    code: APPS_GROUP,
    name: '在线应用',
    i18n: 'menu.lowcode.apps',
    path: '/onlineApps',
    source: 'AppstoreOutlined',
    sort: 104,
    topMenuCodes: ['system'],
  },
  {
    code: 'hotline_repair',
    name: '报修受理',
    i18n: 'menu.hotline.repair',
    path: '/hotline/repair',
    source: 'CustomerServiceOutlined',
    sort: 1,
    topMenuCodes: ['hotline'],
  },
  {
    code: 'basic_archive',
    name: '档案管理',
    i18n: 'menu.basicData.archive',
    path: '/basic-data/archive',
    source: 'ContainerOutlined',
    sort: 1,
    topMenuCodes: ['basic-data'],
  },
];

interface DemoModule {
  enCode: string;
  fullName: string;
  /** English name: the menu entry in English */
  enName: string;
  category: string;
  form: typeof REPAIR_FORM;
  columns: typeof REPAIR_COLUMNS;
  parentCode: string;
  topMenuCodes: string[];
  roles: string[];
  records: Record<string, unknown>[];
}

export const DEMO_MODULES: DemoModule[] = [
  {
    enCode: 'repair_request',
    fullName: '用户报修登记',
    enName: 'Repair requests',
    category: '热线服务',
    form: REPAIR_FORM,
    columns: REPAIR_COLUMNS,
    parentCode: 'hotline_repair',
    topMenuCodes: ['hotline'],
    roles: ['operator', 'patrol'],
    records: REPAIR_RECORDS,
  },
  {
    enCode: 'water_meter',
    fullName: '水表档案',
    enName: 'Water meters',
    category: '基础数据',
    form: METER_FORM,
    columns: METER_COLUMNS,
    parentCode: 'basic_archive',
    topMenuCodes: ['basic-data'],
    roles: ['operator'],
    records: METER_RECORDS,
  },
];

/** A demo record as the server would store it: calculated fields, system fields, a bill number. */
async function demoData(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  d: DemoModule,
  input: Record<string, unknown>,
  adminId: string | null,
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = { ...input };
  for (const f of d.form.fields) {
    const key = f.__config__.jnpfKey;
    const v = f.__vModel__!;
    if (key === 'billRule') data[v] = await nextBillNumber(tx, TENANT, String(f.rule));
    if (key === 'createUser') data[v] = adminId;
    if (key === 'createTime') data[v] = formatDateTime(new Date());
    if (key === 'table' && Array.isArray(data[v])) {
      for (const row of data[v] as Record<string, unknown>[])
        for (const c of f.__config__.children ?? [])
          if (c.__config__.jnpfKey === 'calculate')
            row[c.__vModel__!] = calculate(c.expression, row, c.precision, data);
    }
    if (data[v] === undefined && f.__config__.defaultValue !== undefined) data[v] = f.__config__.defaultValue;
  }
  for (const f of d.form.fields)
    if (f.__config__.jnpfKey === 'calculate') data[f.__vModel__!] = calculate(f.expression, data, f.precision, data);
  const problems = checkRecord(d.form, data);
  if (problems.length) throw new Error(`lowcode seed: ${d.enCode} record refused: ${problems[0].message}`);
  return data;
}

export async function seedLowcode(ctx: AppContext) {
  await ensureMenus(ctx, LOWCODE_MENUS);
  await ownTenantMenusOnly(ctx);
  const [admin] = await ctx.db
    .select({ id: user.id })
    .from(user)
    .where(inTenant(user, TENANT, eq(user.account, 'admin')));
  for (const d of DEMO_MODULES) {
    const created = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOWCODE_SEED_LOCK})`);
      const [seen] = await tx
        .select({ id: lcModule.id })
        .from(lcModule)
        .where(inTenant(lcModule, TENANT, eq(lcModule.enCode, d.enCode)));
      if (seen) return undefined;
      const id = newId();
      await tx.insert(lcModule).values({
        id,
        tenantId: TENANT,
        fullName: d.fullName,
        enName: d.enName,
        enCode: d.enCode,
        category: d.category,
        type: 1,
        description: `演示：${d.fullName}`,
        formData: d.form as Record<string, unknown>,
        columnData: d.columns as Record<string, unknown>,
        createUser: admin?.id ?? null,
      });
      for (const r of d.records) {
        await tx.insert(lcRecord).values({
          tenantId: TENANT,
          moduleId: id,
          data: await demoData(tx, d, r, admin?.id ?? null),
          createUser: admin?.id ?? null,
        });
      }
      return id;
    });
    if (!created) continue;
    const ids = await ensureMenus(ctx, [
      moduleMenu({ id: created, fullName: d.fullName, enName: d.enName, tenantId: TENANT }, d.parentCode, {
        topMenuCodes: d.topMenuCodes,
        roles: d.roles,
      }),
    ]);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(lcModule)
        .set({ state: 1, menuId: ids[`lc_${created}`] })
        .where(eq(lcModule.id, created));
      await syncIndexes(tx, {
        id: created,
        tenantId: TENANT,
        state: 1,
        formData: d.form as Record<string, unknown>,
        columnData: d.columns as Record<string, unknown>,
        indexedFields: [],
      });
    });
  }
  // every published module's search indexes in the current layout (the seed reruns when this module's code changes)
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOWCODE_SEED_LOCK})`);
    const published = await tx
      .select()
      .from(lcModule)
      .where(and(eq(lcModule.state, 1), eq(lcModule.isDeleted, 0)));
    for (const m of published) await syncIndexes(tx, m);
  });
}

export { DESIGN };

/**
 * A published module's menu entry used to be granted to every tenant's administrator (and put in every tenant's
 * top menus), so other tenants saw its name in their menus (issue 17). Published entries now stay in the module's
 * tenant (`moduleMenu`); this removes the links made before, at every start (nothing to do after the first).
 */
async function ownTenantMenusOnly(ctx: AppContext) {
  const ofModule = sql`(m.code = 'lc_' || l.id::text or m.code like 'lc\\_' || l.id::text || '\\_%')`;
  const grants = await ctx.db.execute(sql`
    delete from blade_role_menu rm using blade_menu m, lc_module l, blade_role r
    where rm.menu_id = m.id and rm.role_id = r.id and ${ofModule} and r.tenant_id <> l.tenant_id`);
  const tops = await ctx.db.execute(sql`
    delete from blade_top_menu_setting s using blade_menu m, lc_module l, blade_top_menu t
    where s.menu_id = m.id and s.top_menu_id = t.id and ${ofModule} and t.tenant_id <> l.tenant_id`);
  // and out of the packages no tenant of the module's uses
  const owners = new Map(
    (
      (
        await ctx.db.execute(sql`
          select m.id::text as menu, l.tenant_id as tenant from blade_menu m join lc_module l on ${ofModule}`)
      ).rows as { menu: string; tenant: string }[]
    ).map((r) => [r.menu, r.tenant]),
  );
  let changed = (grants.rowCount ?? 0) + (tops.rowCount ?? 0) > 0;
  if (owners.size) {
    const users = await ctx.db
      .select({ packageId: tenant.packageId, tenantId: tenant.tenantId })
      .from(tenant)
      .where(eq(tenant.isDeleted, 0));
    for (const p of await ctx.db.select({ id: tenantPackage.id, menuId: tenantPackage.menuId }).from(tenantPackage)) {
      const mine = new Set(users.filter((u) => u.packageId === p.id).map((u) => u.tenantId));
      const have = p.menuId.split(',').filter(Boolean);
      const keep = have.filter((id) => !owners.has(id) || mine.has(owners.get(id)!));
      if (keep.length === have.length) continue;
      await ctx.db
        .update(tenantPackage)
        .set({ menuId: keep.join(',') })
        .where(eq(tenantPackage.id, p.id));
      changed = true;
    }
  }
  if (changed) await invalidateMenuCache(ctx);
}
