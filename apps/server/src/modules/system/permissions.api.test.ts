/**
 * The permission matrix of the `/blade-system/*` families: two tenants (000000, 100001) × three roles
 * (administrator, operator, auditor) × every resource served.
 *   - tenant isolation: nobody reads or changes another tenant's rows (list, detail, submit with a foreign id,
 *     remove); the platform-wide families are the platform administrator's alone;
 *   - API scopes (seeded): changing organisation data is refused with 403 无权访问 to roles without the grant;
 *   - data scopes: the seeded "own department and below" on departments, and own / own department / department
 *     and below / custom rule / all on posts, configured and granted through the API itself.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, md5, type TestApp } from '../../../test/harness.ts';
import { seededPost, seededRole, seededUser } from '../../../test/seeded.ts';
import { hashPassword } from '../../core/password.ts';
import { dept, dictBiz, menu, post, role, topMenu, user } from './schema.ts';

const B = '/api/blade-system';
const TENANTS = ['000000', '100001'] as const;
const ROLES = ['administrator', 'operator', 'auditor'] as const;
type Tenant = (typeof TENANTS)[number];
type RoleAlias = (typeof ROLES)[number];
const other = (x: Tenant): Tenant => (x === '000000' ? '100001' : '000000');
const key = (tn: Tenant, r: RoleAlias) => `${tn}:${r}`;

let t: TestApp;
const tokens = new Map<string, string>();
/** ids of each tenant's own rows per resource (never an administrator role, never a sealed row) */
const foreign = new Map<string, Record<string, any>>();
let deptIds: Record<string, string> = {};

async function as(tn: Tenant, r: RoleAlias) {
  t.token = tokens.get(key(tn, r));
}

function flatten(nodes: any[]): any[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}
const rowsOf = (d: any): any[] => flatten(Array.isArray(d) ? d : d.records);

beforeAll(async () => {
  t = await bootTestApp();
  const db = t.app.ctx.db;
  // tenant 100001 gets an operator and an auditor like the platform tenant's
  const roles = await db.select().from(role).where(eq(role.tenantId, '100001'));
  const depts = await db.select().from(dept).where(eq(dept.tenantId, '100001'));
  const byName = (n: string) => depts.find((d) => d.deptName === n)!.id;
  for (const [account, dn] of [
    ['operator', '管网所'],
    ['auditor', '营业所'],
  ]) {
    await db.insert(user).values({
      tenantId: '100001',
      account,
      password: await hashPassword(await md5(account)),
      name: account,
      realName: account === 'operator' ? '王芳' : '孙磊',
      roleId: roles.find((r) => r.roleAlias === account)!.id,
      deptId: byName(dn),
    });
  }
  for (const tn of TENANTS) {
    for (const r of ROLES) {
      await t.signIn(r === 'administrator' ? 'admin' : r, r === 'administrator' ? 'admin' : r, tn);
      tokens.set(key(tn, r), t.token!);
    }
    const patrolRole = await seededRole(t, 'patrol', tn);
    const [root] = await db
      .select()
      .from(dept)
      .where(and(eq(dept.tenantId, tn), eq(dept.parentId, '0')));
    const manager = await seededPost(t, 'manager', tn);
    const [tm] = await db
      .select()
      .from(topMenu)
      .where(and(eq(topMenu.tenantId, tn), eq(topMenu.code, 'pipe-gis')));
    const [dict] = await db
      .select()
      .from(dictBiz)
      .where(and(eq(dictBiz.tenantId, tn), eq(dictBiz.code, 'alarm_level'), eq(dictBiz.parentId, '0')));
    foreign.set(tn, { role: patrolRole, dept: root, post: manager, topmenu: tm, 'dict-biz': dict });
  }
  deptIds = Object.fromEntries(
    (await db.select().from(dept).where(eq(dept.tenantId, '000000'))).map((d) => [d.deptName, d.id]),
  );
});
afterAll(() => t?.close());

function expectStatus(res: LightMyRequestResponse, status: number, msg?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code, res.body).toBe(status);
  if (msg) expect(res.json().msg).toBe(msg);
}

/** Tenant-owned resources: which roles the seeded API scopes let change them (administrators always may). */
const OWNED: { family: string; writers: RoleAlias[]; tree: boolean; readers?: RoleAlias[] }[] = [
  { family: 'role', writers: [], tree: true },
  { family: 'dept', writers: ['operator'], tree: true },
  { family: 'post', writers: ['operator'], tree: false },
  { family: 'topmenu', writers: [], tree: false, readers: [] },
  { family: 'dict-biz', writers: ['operator'], tree: true },
];
const mayWrite = (family: string, r: RoleAlias) =>
  r === 'administrator' || OWNED.find((o) => o.family === family)!.writers.includes(r);

const cases = TENANTS.flatMap((tn) => ROLES.map((r) => [tn, r] as const));

describe.each(cases)('tenant %s, role %s', (tn, r) => {
  it.each(OWNED.map((o) => o.family))(
    '%s: own tenant only, foreign rows untouchable, API scope enforced',
    async (family) => {
      await as(tn, r);
      const res = await t.get(`${B}/${family}/list`, { size: 200 });
      const readers = OWNED.find((o) => o.family === family)!.readers;
      if (readers && r !== 'administrator' && !readers.includes(r)) {
        // deny by default: the list is the screen's, and this role was not given the screen
        expectStatus(res, 403, '无权访问');
        return;
      }
      expectStatus(res, 200);
      const rows = rowsOf(res.json().data);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((x) => x.tenantId))).toEqual(new Set([tn]));

      const theirs = foreign.get(other(tn))![family];
      const detail = await t.get(`${B}/${family}/detail`, { id: theirs.id });
      expectStatus(detail, 200);
      expect(detail.json()).toMatchObject({ data: null, msg: '暂无承载数据' });

      // a write to a foreign row: refused by the API scope first, else as a row the caller cannot see
      const [status, msg] = mayWrite(family, r) ? [400, '数据不存在或无权操作'] : [403, '无权访问'];
      expectStatus(await t.post(`${B}/${family}/submit`, { ...theirs, remark: 'hijacked' }), status, msg);
      expectStatus(await t.post(`${B}/${family}/remove`, undefined, { ids: theirs.id }), status, msg);
      // asking for the other tenant by name reads one's own (only the platform administrator may name a tenant)
      const named = await t.get(`${B}/${family}/list`, { tenantId: other(tn), size: 200 });
      const namedTenants = new Set(rowsOf(named.json().data).map((x) => x.tenantId));
      expect(namedTenants).toEqual(new Set([tn === '000000' && r === 'administrator' ? other(tn) : tn]));
    },
  );

  it('platform-wide families: the platform administrator manages them, everyone else reads the menus, dictionary values and regions their screens need', async () => {
    await as(tn, r);
    const platformAdmin = tn === '000000' && r === 'administrator';
    for (const family of ['tenant', 'tenant-package', 'client', 'data-scope', 'api-scope']) {
      expectStatus(await t.get(`${B}/${family}/list`), platformAdmin ? 200 : 403);
      if (!platformAdmin) {
        expectStatus(await t.post(`${B}/${family}/submit`, {}), 403, '无权访问');
        expectStatus(await t.post(`${B}/${family}/remove`, undefined, { ids: '1' }), 403, '无权访问');
      }
    }
    expectStatus(await t.get(`${B}/menu/routes`), 200);
    expectStatus(await t.get(`${B}/dict/dictionary`, { code: 'sex' }), 200);
    expectStatus(await t.get(`${B}/region/lazy-tree`, { parentCode: '00' }), 200);
    if (platformAdmin) {
      for (const family of ['menu', 'dict', 'region', 'param']) expectStatus(await t.get(`${B}/${family}/list`), 200);
    }
    if (platformAdmin) return;
    const [m] = await t.app.ctx.db.select().from(menu).where(eq(menu.code, 'dept'));
    expectStatus(await t.post(`${B}/menu/submit`, { ...m, name: '改名' }), 403, '无权访问');
    expectStatus(await t.post(`${B}/menu/remove`, undefined, { ids: m.id }), 403, '无权访问');
    expectStatus(await t.post(`${B}/dict/submit`, { code: 'x', dictValue: 'x', sort: 1 }), 403, '无权访问');
    expectStatus(await t.post(`${B}/region/submit`, { parentCode: '34', subCode: '99', name: 'x' }), 403, '无权访问');
    expectStatus(await t.post(`${B}/region/remove`, undefined, { id: '340104' }), 403, '无权访问');
    expectStatus(
      await t.post(`${B}/param/submit`, { paramName: 'x', paramKey: 'x', paramValue: 'x' }),
      403,
      '无权访问',
    );
    // another tenant reads only the menus of its package, which leaves the platform's own screens out
    if (tn === '100001' && r === 'administrator') {
      const tree = flatten((await t.get(`${B}/menu/tree`)).json().data).map((n) => n.code);
      expect(tree).toEqual(expect.arrayContaining(['dept', 'post', 'role', 'dictbiz']));
      for (const code of ['tenant', 'tenant_add', 'client', 'menu', 'data_scope']) expect(tree).not.toContain(code);
      const [tenantMenu] = await t.app.ctx.db.select().from(menu).where(eq(menu.code, 'tenant'));
      expect((await t.get(`${B}/menu/detail`, { id: tenantMenu.id })).json().data).toBeNull();
    }
    if (tn === '100001') {
      const routes = flatten((await t.get(`${B}/menu/routes`)).json().data).map((n) => n.code);
      expect(routes).not.toContain('tenant');
    }
  });

  it('writes in its own tenant follow the API scopes', async () => {
    await as(tn, r);
    const code = `m${tn.slice(-2)}${r.slice(0, 3)}`;
    const res = await t.post(`${B}/post/submit`, { category: 3, postCode: code, postName: `岗位${code}`, sort: 9 });
    if (mayWrite('post', r)) expectStatus(res, 200);
    else expectStatus(res, 403, '无权访问');
    const roleRes = await t.post(`${B}/role/submit`, { roleName: `角色${code}`, roleAlias: code, sort: 9 });
    expectStatus(roleRes, r === 'administrator' ? 200 : 403);
    const topRes = await t.post(`${B}/topmenu/grant`, { topMenuIds: foreign.get(tn)!.topmenu.id, menuIds: [] });
    expectStatus(topRes, r === 'administrator' ? 200 : 403);
    const tree = flatten((await t.get(`${B}/role/tree`)).json().data).map((n) => n.roleAlias);
    expect(tree.includes('administrator')).toBe(r === 'administrator');
  });
});

describe('data scopes', () => {
  it('the seeded department scope: operators see their own department and below, auditors and administrators all', async () => {
    const seen = async (tn: Tenant, r: RoleAlias) => {
      await as(tn, r);
      return rowsOf((await t.get(`${B}/dept/list`)).json().data)
        .map((d) => d.deptName)
        .sort();
    };
    expect(await seen('000000', 'operator')).toEqual(['调度值班组']);
    expect(await seen('100001', 'operator')).toEqual(['管网所']);
    expect((await seen('000000', 'auditor')).length).toBe(Object.keys(deptIds).length);
    expect((await seen('000000', 'administrator')).length).toBe(Object.keys(deptIds).length);
    expect(await seen('100001', 'auditor')).toEqual(['管网所', '肥西县供水有限公司', '营业所']);

    // out of scope: invisible in detail, lazy tree and search, and not changeable
    await as('000000', 'operator');
    const other = deptIds.综合管理部;
    expect((await t.get(`${B}/dept/detail`, { id: other })).json().data).toBeNull();
    expect(rowsOf((await t.get(`${B}/search/dept`, { deptName: '部' })).json().data)).toEqual([]);
    expectStatus(await t.post(`${B}/dept/submit`, { id: other, deptName: '改名' }), 400, '数据不存在或无权操作');
    // inside the scope the operator may add a team under its own department
    expectStatus(await t.post(`${B}/dept/submit`, { parentId: deptIds.调度值班组, deptName: '夜班', sort: 1 }), 200);
    expect(await seen('000000', 'operator')).toEqual(['夜班', '调度值班组']);
  });

  it('the seeded notice scope: patrol staff see published and water-cut notices and their own departments', async () => {
    const patrol = await seededUser(t, 'patrol');
    await t.signIn('patrol', 'patrol', '000000');
    const seen = (await t.get('/api/blade-desk/notice/list', { size: 100 })).json().data.records;
    expect(seen.length).toBeGreaterThan(0);
    for (const n of seen) {
      expect(
        [1, 6].includes(n.category) || patrol.deptId.split(',').includes(n.createDept) || n.createUser === patrol.id,
      ).toBe(true);
    }
    await as('000000', 'auditor');
    const all = (await t.get('/api/blade-desk/notice/list', { size: 100 })).json().data.records;
    expect(all.length).toBeGreaterThan(seen.length);
    const hidden = all.find((n: any) => !seen.some((s: any) => s.id === n.id));
    await t.signIn('patrol', 'patrol', '000000');
    expect((await t.get('/api/blade-desk/notice/detail', { id: hidden.id })).json().data).toBeNull();
  });

  it('own, own department, department and below, custom rule and all, configured and granted through the API', async () => {
    const db = t.app.ctx.db;
    const operator = await seededUser(t, 'operator');
    const admin = await seededUser(t, 'admin');
    const own = operator.deptId;
    // a team below the operator's department
    const [sub] = await db
      .insert(dept)
      .values({
        tenantId: '000000',
        parentId: own,
        ancestors: `0,${deptIds.合肥水务集团},${deptIds.调度中心},${own}`,
        deptName: '调度二组',
      })
      .returning();
    const make = async (code: string, createUser: string, createDept: string, category = 3) =>
      (
        await db
          .insert(post)
          .values({ tenantId: '000000', postCode: code, postName: code, category, createUser, createDept })
          .returning()
      )[0].id;
    const pOwn = await make('p_own', operator.id, deptIds.综合管理部);
    const pDept = await make('p_dept', admin.id, own);
    const pBelow = await make('p_below', admin.id, sub.id);
    const pOther = await make('opx_other', admin.id, deptIds.管网巡检一班, 2);
    const mine = [pOwn, pDept, pBelow, pOther];

    await as('000000', 'administrator');
    const [postMenu] = await db.select().from(menu).where(eq(menu.code, 'post'));
    const scopeId = async (scopeName: string, scopeType: number, scopeValue?: string) => {
      const res = await t.post(`${B}/data-scope/submit`, {
        menuId: postMenu.id,
        resourceCode: 'post',
        scopeName,
        scopeType,
        scopeValue,
      });
      expectStatus(res, 200);
      const page = (await t.get(`${B}/data-scope/list`, { menuId: postMenu.id, scopeName_equal: scopeName })).json()
        .data;
      return page.records[0].id as string;
    };
    const scopes = {
      own: await scopeId('矩阵-本人', 2),
      ownDept: await scopeId('矩阵-本部门', 3),
      below: await scopeId('矩阵-本部门及下级', 4),
      custom: await scopeId('矩阵-自定义', 5, "postCode like 'opx' || createUser == $userId"),
      all: await scopeId('矩阵-全部', 1),
    };
    const opRole = await seededRole(t, 'operator');
    const keep = (await t.get(`${B}/menu/role-tree-keys`, { roleIds: opRole.id })).json().data.dataScope as string[];

    const expected: [keyof typeof scopes, string[]][] = [
      ['own', [pOwn]],
      ['ownDept', [pDept]],
      ['below', [pDept, pBelow]],
      ['custom', [pOwn, pOther]],
      ['all', mine],
    ];
    for (const [name, visible] of expected) {
      await as('000000', 'administrator');
      expectStatus(
        await t.post(`${B}/role/grant`, { roleIds: [opRole.id], dataScopeIds: [...keep, scopes[name]] }),
        200,
      );
      await as('000000', 'operator');
      const listed = (await t.get(`${B}/post/list`, { size: 100 })).json().data.records.map((p: any) => p.id);
      expect(listed.filter((id: string) => mine.includes(id)).sort(), name).toEqual([...visible].sort());
      for (const id of mine) {
        const d = (await t.get(`${B}/post/detail`, { id })).json().data;
        expect(d === null, `${name} detail ${id}`).toBe(!visible.includes(id));
      }
      if (name !== 'all') {
        const hidden = mine.find((id) => !visible.includes(id))!;
        expectStatus(await t.post(`${B}/post/remove`, undefined, { ids: hidden }), 400, '数据不存在或无权操作');
      }
    }
    // the auditor, without a post scope, sees every post of its tenant; the other tenant sees none of these
    await as('000000', 'auditor');
    const all = (await t.get(`${B}/post/list`, { size: 100 })).json().data.records.map((p: any) => p.id);
    expect(all).toEqual(expect.arrayContaining(mine));
    await as('100001', 'administrator');
    const theirs = (await t.get(`${B}/post/list`, { size: 100 })).json().data.records.map((p: any) => p.id);
    expect(theirs.some((id: string) => mine.includes(id))).toBe(false);
  });
});
