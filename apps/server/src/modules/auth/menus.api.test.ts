import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, clientOf, type TestApp } from '../../../test/harness.ts';
import { ensureMenus, invalidateMenuCache, systemModule } from '../system/index.ts';
import {
  dict,
  menu,
  role,
  roleMenu,
  roleScope,
  scopeApi,
  tenant,
  tenantPackage,
  topMenu,
  topMenuSetting,
  user,
} from '../system/schema.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

const get = (url: string, who: string, query?: Record<string, string>) => clientOf(t, tokens[who]).get(url, query);

function codes(tree: any[]): string[] {
  return tree.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
}

const settle = () => new Promise((r) => setTimeout(r, process.env.TEST_DATABASE_URL ? 300 : 10));

beforeAll(async () => {
  t = await bootTestApp();
  for (const a of ['admin', 'operator', 'patrol', 'auditor']) tokens[a] = await t.tokenOf(a, a);
  tokens.fxAdmin = await t.tokenOf('admin', 'admin', '100001');
});
afterAll(() => t?.close());

describe('seed', () => {
  it('holds the demo utility: tenants, roles per tenant, departments, posts, dictionaries, 15 top menus', async () => {
    const db = t.app.ctx.db;
    const tenants = await db.select().from(tenant);
    expect(tenants.map((x) => x.tenantId).sort()).toEqual(['000000', '100001', '100002']);
    expect(tenants.find((x) => x.tenantId === '100002')!.expireTime!.getTime()).toBeLessThan(Date.now());
    const roles = await db.select().from(role).where(eq(role.tenantId, '000000'));
    expect(roles.map((r) => `${r.roleName}/${r.roleAlias}`).sort()).toEqual(
      ['超级管理员/administrator', '运营人员/operator', '巡检人员/patrol', '审计员/auditor'].sort(),
    );
    const tms = await db.select().from(topMenu).where(eq(topMenu.tenantId, '000000'));
    expect(tms).toHaveLength(15);
    const sex = await db.select().from(dict).where(eq(dict.code, 'sex'));
    expect(sex.map((d) => d.dictValue).sort()).toEqual(['性别', '男', '女', '未知'].sort());
  });

  it('is idempotent: running it again adds nothing', async () => {
    const db = t.app.ctx.db;
    const counts = async () =>
      Promise.all(
        [menu, role, user, dict, topMenu, topMenuSetting, roleMenu, tenant].map(async (tbl) => {
          const [r] = await db.select({ n: count() }).from(tbl as any);
          return r.n;
        }),
      );
    const before = await counts();
    await systemModule.seed!(t.app.ctx);
    expect(await counts()).toEqual(before);
  });

  it('leaves a demo row an administrator removed removed', async () => {
    const db = t.app.ctx.db;
    const [unknown] = await db
      .select()
      .from(dict)
      .where(and(eq(dict.code, 'sex'), eq(dict.dictKey, '3')));
    await db.update(dict).set({ isDeleted: 1 }).where(eq(dict.id, unknown.id));
    await systemModule.seed!(t.app.ctx);
    const rows = await db
      .select()
      .from(dict)
      .where(and(eq(dict.code, 'sex'), eq(dict.dictKey, '3')));
    expect(rows).toHaveLength(1);
    expect(rows[0].isDeleted).toBe(1);
  });
});

describe('menu/routes, menu/top-menu, menu/buttons', () => {
  it('gives the administrator the shell menus with i18n keys, sorted, and every top menu', async () => {
    const res = await get('/api/blade-system/menu/routes', 'admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, success: true });
    const desk = body.data.find((n: any) => n.code === 'desk');
    expect(desk).toMatchObject({ name: '工作台', path: '/wel', category: 1, meta: { i18n: 'menu.desk' } });
    // other modules may add their screens under 工作台 too (after these four)
    expect(desk.children.slice(0, 4).map((c: any) => c.path)).toEqual([
      '/wel/index',
      '/wel/dashboard',
      '/message/index',
      '/info/index',
    ]);
    expect(desk.children[0]).toMatchObject({ name: '首页', meta: { i18n: 'menu.wel.index' }, parentId: desk.id });
    expect(desk.children[0].children).toBeUndefined();
    expect(desk.children[3].meta).toMatchObject({ hidden: true });

    const top = (await get('/api/blade-system/menu/top-menu', 'admin')).json().data;
    expect(top).toHaveLength(15);
    expect(top[0]).toMatchObject({
      code: 'water-dispatch',
      name: '供水调度',
      i18n: 'topMenu.waterDispatch',
      source: expect.any(String),
    });
    expect(top.map((x: any) => x.code)).toContain('system');
    const system = top.find((x: any) => x.code === 'system');
    expect(system.meta).toEqual({ i18n: 'topMenu.system' });

    const inSystem = (await get('/api/blade-system/menu/routes', 'admin', { topMenuId: system.id })).json().data;
    expect(codes(inSystem)).toContain('desk_home');
    // an area with nothing attached yet answers an empty tree
    const [empty] = await t.app.ctx.db
      .insert(topMenu)
      .values({ tenantId: '000000', code: 'test-empty', name: '空区域', sort: 99 })
      .returning();
    await invalidateMenuCache(t.app.ctx);
    await settle();
    expect((await get('/api/blade-system/menu/routes', 'admin', { topMenuId: empty.id })).json().data).toEqual([]);
    await t.app.ctx.db.update(topMenu).set({ isDeleted: 1 }).where(eq(topMenu.id, empty.id));
    await invalidateMenuCache(t.app.ctx);
    await settle();
  });

  it('differs per role: patrol has no dashboard, every role sees only the areas holding its menus', async () => {
    const list = async (who: string) => codes((await get('/blade-system/menu/routes', who)).json().data);
    const mine = ['desk', 'desk_home', 'desk_dashboard', 'desk_message', 'desk_info'];
    const desk = (all: string[]) => all.filter((c) => mine.includes(c));
    const operator = await list('operator');
    const patrol = await list('patrol');
    expect(desk(operator)).toEqual(['desk', 'desk_home', 'desk_dashboard', 'desk_message', 'desk_info']);
    expect(desk(patrol)).toEqual(['desk', 'desk_home', 'desk_message', 'desk_info']);
    expect(await list('auditor')).toContain('desk_dashboard');
    const admin = await list('admin');
    expect(admin.length).toBeGreaterThanOrEqual(operator.length);
    for (const c of [...operator, ...patrol]) expect(admin).toContain(c);
    // a role sees the areas that hold one of its menus, the administrator all of them
    const top = (await get('/api/blade-system/menu/top-menu', 'patrol')).json().data;
    expect(top.map((x: any) => x.code)).toContain('system');
    expect(top.length).toBeLessThan(15);
  });

  it('rejects a malformed topMenuId with the envelope', async () => {
    const res = await get('/api/blade-system/menu/routes', 'admin', { topMenuId: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false });
    expect(res.json().msg).toMatch(/topMenuId/);
  });

  it('ensureMenus upserts by code, attaches top menus, grants administrators and named roles, fills packages', async () => {
    const items = [
      {
        code: 'test_billing',
        name: '收费测试',
        i18n: 'menu.test.billing',
        path: '/test-billing',
        source: 'AccountBookOutlined',
        sort: 9,
        topMenuCodes: ['billing'],
        roles: ['operator'],
        children: [
          {
            code: 'test_billing_list',
            name: '账单',
            path: '/test-billing/list',
            sort: 1,
            children: [
              { code: 'test_billing_add', name: '新增', category: 2 as const, action: 0 as const, sort: 1 },
              { code: 'test_billing_remove', name: '删除', category: 2 as const, sort: 2 },
            ],
          },
          { code: 'test_billing_lc', name: '低代码', category: 3 as const, propertyJson: { moduleId: '42' }, sort: 2 },
        ],
      },
    ];
    const ids = await ensureMenus(t.app.ctx, items);
    await settle();
    expect(Object.keys(ids)).toHaveLength(5);

    const adminTree = codes((await get('/api/blade-system/menu/routes', 'admin')).json().data);
    expect(adminTree).toEqual(expect.arrayContaining(['test_billing', 'test_billing_list', 'test_billing_lc']));
    expect(adminTree).not.toContain('test_billing_add');
    const opTree = codes((await get('/api/blade-system/menu/routes', 'operator')).json().data);
    expect(opTree).toContain('test_billing_list');
    expect(codes((await get('/api/blade-system/menu/routes', 'patrol')).json().data)).not.toContain('test_billing');
    // the operator's top menus now include billing
    const opTop = (await get('/api/blade-system/menu/top-menu', 'operator')).json().data.map((x: any) => x.code);
    expect(opTop).toEqual(expect.arrayContaining(['billing', 'system']));

    // the billing area holds the whole group
    const top = (await get('/api/blade-system/menu/top-menu', 'admin')).json().data;
    const billing = top.find((x: any) => x.code === 'billing');
    const inBilling = (await get('/api/blade-system/menu/routes', 'admin', { topMenuId: billing.id })).json().data;
    expect(codes(inBilling).filter((c) => c.startsWith('test_'))).toEqual([
      'test_billing',
      'test_billing_list',
      'test_billing_lc',
    ]);
    const testGroup = inBilling.find((n: any) => n.code === 'test_billing');
    expect(testGroup.children[1]).toMatchObject({ category: 3, propertyJson: '{"moduleId":"42"}' });
    expect(codes(inBilling)).not.toContain('desk_home');

    // buttons: the parents of granted buttons with the buttons as children
    const buttons = (await get('/api/blade-system/menu/buttons', 'admin')).json().data;
    const group = buttons.find((b: any) => b.code === 'test_billing_list');
    expect(group.children.map((c: any) => c.code)).toEqual(['test_billing_add', 'test_billing_remove']);
    const opButtons = (await get('/api/blade-system/menu/buttons', 'operator')).json().data;
    expect(opButtons.find((b: any) => b.code === 'test_billing_list').children).toHaveLength(2);
    const patrolButtons = (await get('/api/blade-system/menu/buttons', 'patrol')).json().data;
    expect(patrolButtons.map((b: any) => b.code)).not.toContain('test_billing_list');

    // every tenant's administrator got the grants, and the package used by tenants got the menus
    const db = t.app.ctx.db;
    const admins = await db.select({ id: role.id }).from(role).where(eq(role.roleAlias, 'administrator'));
    const granted = await db
      .select({ n: count() })
      .from(roleMenu)
      .where(
        and(
          eq(roleMenu.menuId, ids.test_billing_add),
          inArray(
            roleMenu.roleId,
            admins.map((a) => a.id),
          ),
        ),
      );
    expect(granted[0].n).toBe(3);
    const [pkg] = await db.select().from(tenantPackage);
    expect(pkg.menuId.split(',')).toEqual(expect.arrayContaining(Object.values(ids)));

    // idempotent, and a changed definition updates the row
    const again = await ensureMenus(t.app.ctx, [{ ...items[0], name: '营业收费测试' }]);
    expect(again).toEqual(ids);
    const rows = await db.select().from(menu).where(eq(menu.code, 'test_billing'));
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe('营业收费测试');
    const settings = await db
      .select({ n: count() })
      .from(topMenuSetting)
      .where(eq(topMenuSetting.menuId, ids.test_billing));
    expect(settings[0].n).toBe(3); // one billing top menu per tenant
    await settle();
    const renamed = (await get('/api/blade-system/menu/routes', 'admin'))
      .json()
      .data.find((n: any) => n.code === 'test_billing');
    expect(renamed.name).toBe('营业收费测试');

    // an entry an administrator removed is not brought back
    await db.update(menu).set({ isDeleted: 1 }).where(eq(menu.id, ids.test_billing_lc));
    const third = await ensureMenus(t.app.ctx, items);
    expect(third.test_billing_lc).toBeUndefined();
    expect(await db.select().from(menu).where(eq(menu.code, 'test_billing_lc'))).toHaveLength(1);
  });

  it('filters a tenant by its package', async () => {
    const before = codes((await get('/api/blade-system/menu/routes', 'fxAdmin')).json().data);
    expect(before).toContain('desk_dashboard');
    const db = t.app.ctx.db;
    const [dash] = await db.select().from(menu).where(eq(menu.code, 'desk_dashboard'));
    const [pkg] = await db.select().from(tenantPackage);
    await db
      .update(tenantPackage)
      .set({
        menuId: pkg.menuId
          .split(',')
          .filter((id) => id !== dash.id)
          .join(','),
      })
      .where(eq(tenantPackage.id, pkg.id));
    await invalidateMenuCache(t.app.ctx);
    await settle();
    const after = codes((await get('/api/blade-system/menu/routes', 'fxAdmin')).json().data);
    expect(after).not.toContain('desk_dashboard');
    expect(after).toContain('desk_home');
    // the platform tenant has no package
    expect(codes((await get('/api/blade-system/menu/routes', 'admin')).json().data)).toContain('desk_dashboard');
    // the second tenant's top menus are its own
    const fxTop = (await get('/api/blade-system/menu/top-menu', 'fxAdmin')).json().data;
    expect(fxTop.every((x: any) => x.tenantId === '100001')).toBe(true);
    // a top menu of another tenant yields nothing
    const adminTop = (await get('/api/blade-system/menu/top-menu', 'admin')).json().data;
    const sys = adminTop.find((x: any) => x.code === 'system');
    expect((await get('/api/blade-system/menu/routes', 'fxAdmin', { topMenuId: sys.id })).json().data).toEqual([]);
  });
});

describe('API scopes', () => {
  it("refuses a path covered by an API scope not granted to any of the user's roles with 403 无权访问", async () => {
    const db = t.app.ctx.db;
    const [m] = await db.select().from(menu).where(eq(menu.code, 'desk_home'));
    const [scope] = await db
      .insert(scopeApi)
      .values({
        menuId: m.id,
        resourceCode: 'role_select',
        scopeName: '角色选项',
        scopePath: '/blade-system/role/**',
        scopeType: 2,
      })
      .returning();
    await invalidateMenuCache(t.app.ctx);
    await settle();

    const refused = await get('/api/blade-system/role/select', 'operator');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, success: false, data: null, msg: '无权访问' });
    // the bare path (as a gateway forwards it) is covered too
    expect((await get('/blade-system/role/select', 'operator')).statusCode).toBe(403);
    // paths no scope covers stay open, and the administrator is never refused
    expect((await get('/api/blade-system/dept/select', 'operator')).statusCode).toBe(200);
    expect((await get('/api/blade-system/role/select', 'admin')).statusCode).toBe(200);

    const [opRole] = await db
      .select()
      .from(role)
      .where(and(eq(role.roleAlias, 'operator'), eq(role.tenantId, '000000')));
    await db.insert(roleScope).values({ scopeCategory: 2, scopeId: scope.id, roleId: opRole.id });
    await invalidateMenuCache(t.app.ctx);
    await settle();
    expect((await get('/api/blade-system/role/select', 'operator')).statusCode).toBe(200);
    expect((await get('/api/blade-system/role/select', 'patrol')).statusCode).toBe(403);

    // a scope for another method does not cover GET
    await db.update(scopeApi).set({ scopeType: 3 }).where(eq(scopeApi.id, scope.id));
    await invalidateMenuCache(t.app.ctx);
    await settle();
    expect((await get('/api/blade-system/role/select', 'patrol')).statusCode).toBe(200);
  });
});
