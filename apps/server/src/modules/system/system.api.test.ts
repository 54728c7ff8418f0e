/**
 * The `/blade-system/*` families as the platform administrator: add, edit, view, remove, filters and trees of every
 * family, their business rules, and bad input answered with a 400 and a message (never a 500).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, signInCall, type TestApp } from '../../../test/harness.ts';
import { assertAccountQuota, MSG_QUOTA } from './index.ts';
import { client, dept, menu, role, roleMenu, tenant, topMenu, user } from './schema.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
  adminToken = t.token!;
});
afterAll(() => t?.close());

const B = '/api/blade-system';

function data(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.code, res.body).toBe(200);
  return body.data;
}
function refused(res: LightMyRequestResponse, msg: string, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ code: status, success: false });
  expect(res.json().msg).toContain(msg);
}
const submit = async (family: string, body: unknown) => data(await t.post(`${B}/${family}/submit`, body));
const list = async (family: string, q: Record<string, unknown> = {}) => data(await t.get(`${B}/${family}/list`, q));
const detail = async (family: string, id: string) => data(await t.get(`${B}/${family}/detail`, { id }));
const remove = (family: string, ids: string) => t.post(`${B}/${family}/remove`, undefined, { ids });

/**
 * While the platform tenant's `account` also holds the role or department `id`, removing it is refused with `msg`;
 * then the user is put back as it was.
 */
async function refusedWhileHeld(family: 'role' | 'dept', account: string, id: string, msg: string) {
  const db = t.app.ctx.db;
  const field = family === 'role' ? 'roleId' : 'deptId';
  const [holder] = await db
    .select()
    .from(user)
    .where(and(eq(user.tenantId, '000000'), eq(user.account, account)));
  const put = (value: string) =>
    db
      .update(user)
      .set({ [field]: value })
      .where(eq(user.id, holder.id));
  await put(`${holder[field]},${id}`);
  refused(await remove(family, id), msg);
  await put(holder[field]);
}

/** Finds a row of `family` by a field value through its list (paged or tree). */
async function find(family: string, q: Record<string, unknown>, field: string, value: unknown): Promise<any> {
  const d = await list(family, { ...q, size: 100 });
  const rows: any[] = [];
  const walk = (xs: any[]) => {
    for (const x of xs) {
      rows.push(x);
      if (x.children) walk(x.children);
    }
  };
  walk(Array.isArray(d) ? d : d.records);
  return rows.find((r) => r[field] === value);
}

function flatten(nodes: any[]): any[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

describe('tenant packages', () => {
  it('adds, lists, edits, views and removes a package, with the page rules', async () => {
    refused(await t.post(`${B}/tenant-package/submit`, { menuId: '1' }), 'packageName');
    refused(await t.post(`${B}/tenant-package/submit`, { packageName: ' ', menuId: '1' }), '请输入套餐名称');
    refused(await t.post(`${B}/tenant-package/submit`, { packageName: '基础套餐' }), 'menuId');
    refused(await t.post(`${B}/tenant-package/submit`, { packageName: '基础套餐', menuId: '' }), '请选择菜单');
    refused(
      await t.post(`${B}/tenant-package/submit`, { packageName: '基础套餐', menuId: '12345' }),
      '菜单不存在: 12345',
    );

    const menus = await t.app.ctx.db.select({ id: menu.id, code: menu.code }).from(menu).where(eq(menu.isDeleted, 0));
    const ids = menus.slice(0, 3).map((m) => m.id);
    await submit('tenant-package', { packageName: '基础套餐', menuId: ids, remark: '只含首页' });
    refused(
      await t.post(`${B}/tenant-package/submit`, { packageName: '基础套餐', menuId: ids.join(',') }),
      '套餐名称已存在',
    );

    const page = await list('tenant-package', { packageName: '基础' });
    expect(page).toMatchObject({ total: 1, current: 1 });
    const row = page.records[0];
    expect(row.menuId).toBe(ids.join(','));
    await submit('tenant-package', { ...row, menuId: `${ids[0]},${ids[0]}`, remark: '改' });
    expect(await detail('tenant-package', row.id)).toMatchObject({ menuId: ids[0], remark: '改' });

    // a package in use is kept
    const [used] = await t.app.ctx.db
      .select({ packageId: tenant.packageId })
      .from(tenant)
      .where(eq(tenant.tenantId, '100001'));
    refused(await remove('tenant-package', used.packageId!), '套餐正被租户 100001 使用');
    data(await remove('tenant-package', row.id));
    expect(await detail('tenant-package', row.id)).toBeNull();
  });
});

describe('tenants', () => {
  let created: any;

  it('creates a tenant with its administrator, department, post, top menus and dictionaries in one go', async () => {
    refused(await t.post(`${B}/tenant/submit`, { linkman: 'x' }), 'tenantName');
    refused(await t.post(`${B}/tenant/submit`, { tenantName: 'x', tenantId: '12' }), '租户ID必须是 6 位数字');
    refused(await t.post(`${B}/tenant/submit`, { tenantName: 'x', expireTime: 'someday' }), '时间格式');
    refused(await t.post(`${B}/tenant/submit`, { tenantName: 'x', packageId: '42' }), '套餐不存在');
    refused(await t.post(`${B}/tenant/submit`, { tenantName: 'x', tenantId: '100001' }), '租户ID已存在');

    await submit('tenant', {
      tenantName: '肥东县自来水公司',
      linkman: '赵工',
      contactNumber: '0551-67771234',
      domainUrl: 'https://fd.water.example.com/',
      expireTime: '2036-06-30 23:59:59',
    });
    created = await find('tenant', { tenantName: '肥东' }, 'tenantName', '肥东县自来水公司');
    expect(created).toMatchObject({ tenantId: '100003', accountNumber: -1, expireTime: '2036-06-30 23:59:59' });

    const db = t.app.ctx.db;
    const roles = await db.select().from(role).where(eq(role.tenantId, '100003'));
    expect(roles.map((r) => r.roleAlias)).toEqual(['administrator']);
    const grants = await db.select().from(roleMenu).where(eq(roleMenu.roleId, roles[0].id));
    expect(grants.length).toBeGreaterThan(10);
    // without a package: every menu but the screens of the platform's own tables
    const granted = new Set(grants.map((g) => g.menuId));
    const codes = await db.select({ id: menu.id, code: menu.code }).from(menu);
    const idOf = (c: string) => codes.find((m) => m.code === c)!.id;
    for (const c of ['dept', 'dept_add', 'role', 'post', 'dictbiz', 'desk']) expect(granted.has(idOf(c)), c).toBe(true);
    for (const c of ['tenant', 'tenant_add', 'client', 'menu', 'data_scope', 'param'])
      expect(granted.has(idOf(c)), c).toBe(false);
    expect((await db.select().from(dept).where(eq(dept.tenantId, '100003')))[0]).toMatchObject({
      deptName: '肥东县自来水公司',
      deptCategory: 1,
    });
    expect((await db.select().from(topMenu).where(eq(topMenu.tenantId, '100003'))).length).toBe(15);
    const dicts = data(await t.get(`${B}/dict-biz/dictionary`, { code: 'pipe_material' }));
    expect(dicts.length).toBeGreaterThan(0);

    // its administrator signs in with the initial password and sees only its own tenant's rows
    await t.signIn('admin', '123456', '100003');
    const depts = data(await t.get(`${B}/dept/list`));
    expect(flatten(depts).map((d) => d.tenantId)).toEqual(['100003']);
    t.token = adminToken;
  });

  it('views, lists with filters, edits (tenant id fixed), sets quota and expiry, package, datasource, domain', async () => {
    const page = await list('tenant', { tenantId_equal: '100001' });
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ tenantName: '肥西县供水有限公司', packageName: '标准套餐' });

    refused(await t.post(`${B}/tenant/submit`, { ...created, tenantId: '100009' }), '租户ID不可修改');
    await submit('tenant', { ...created, address: '肥东县店埠镇' });
    expect(await detail('tenant', created.id)).toMatchObject({ address: '肥东县店埠镇', tenantId: '100003' });

    refused(await t.post(`${B}/tenant/setting`, { accountNumber: 2 }), 'ids');
    refused(await t.post(`${B}/tenant/setting`, { accountNumber: 'many' }, { ids: created.id }), 'accountNumber');
    data(
      await t.post(`${B}/tenant/setting`, { accountNumber: 1, expireTime: '2030-01-01 00:00:00' }, { ids: created.id }),
    );
    expect(await detail('tenant', created.id)).toMatchObject({ accountNumber: 1, expireTime: '2030-01-01 00:00:00' });

    // quota: the tenant has its admin already; one account is the limit
    await expect(t.app.ctx.db.transaction((tx) => assertAccountQuota(tx, '100003'))).rejects.toThrow(MSG_QUOTA);
    await t.app.ctx.db.transaction((tx) => assertAccountQuota(tx, '100001'));
    data(await t.post(`${B}/tenant/setting`, { accountNumber: -1 }, { ids: created.id }));
    await t.app.ctx.db.transaction((tx) => assertAccountQuota(tx, '100003'));

    const pkg = (await list('tenant-package', { packageName: '标准套餐' })).records[0];
    expect(data(await t.get(`${B}/tenant/package-detail`, { tenantId: '100003' }))).toBeNull();
    refused(await t.post(`${B}/tenant/package-setting`, { tenantId: '100003', packageId: '77' }), '套餐不存在');
    data(await t.post(`${B}/tenant/package-setting`, { tenantId: '100003', packageId: pkg.id }));
    expect(data(await t.get(`${B}/tenant/package-detail`, { tenantId: created.id }))).toMatchObject({
      id: pkg.id,
      packageName: '标准套餐',
    });
    refused(
      await t.post(`${B}/tenant/package-setting`, { tenantId: '000000', packageId: pkg.id }),
      '平台租户不使用套餐',
    );
    refused(await t.get(`${B}/tenant/package-detail`, { tenantId: '999999' }), '租户不存在');

    data(await t.post(`${B}/tenant/datasource`, { tenantId: '100003', datasourceId: '123456789' }));
    expect((await detail('tenant', created.id)).datasourceId).toBe('123456789');
    refused(await t.post(`${B}/tenant/datasource`, { tenantId: '100003', datasourceId: 'mysql' }), 'datasourceId');

    // the login page's lookup needs no sign-in
    const info = await t.call({ method: 'GET', url: `${B}/tenant/info`, query: { domain: 'fd.water.example.com' } });
    expect(data(info)).toEqual({ tenantId: '100003', domain: 'https://fd.water.example.com/', backgroundUrl: '' });
    expect(
      data(await t.call({ method: 'GET', url: '/blade-system/tenant/info', query: { domain: 'nowhere.example' } })),
    ).toEqual({});

    expect(data(await t.get(`${B}/tenant/select`)).map((x: any) => x.tenantId)).toEqual(
      expect.arrayContaining(['000000', '100001', '100003']),
    );
  });

  it('removes a tenant (its users can no longer sign in) but never the platform tenant', async () => {
    const platform = await find('tenant', { tenantId_equal: '000000' }, 'tenantId', '000000');
    refused(await remove('tenant', platform.id), '平台租户不可删除');
    data(await remove('tenant', created.id));
    const users = await t.app.ctx.db
      .select()
      .from(user)
      .where(and(eq(user.tenantId, '100003'), eq(user.isDeleted, 0)));
    expect(users).toEqual([]);
    await expect(t.signIn('admin', '123456', '100003')).rejects.toThrow();
    t.token = adminToken;
  });
});

describe('clients', () => {
  it('stores the secret as sha-256, never returns it, keeps it on an edit without one', async () => {
    refused(
      await t.post(`${B}/client/submit`, {
        clientId: 'gis_app',
        scope: 'all',
        authorizedGrantTypes: 'password',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
      }),
      '请输入客户端密钥',
    );
    refused(
      await t.post(`${B}/client/submit`, {
        clientId: 'gis app',
        clientSecret: 'gis_secret',
        scope: 'all',
        authorizedGrantTypes: 'password',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
      }),
      '客户端id只能包含',
    );
    refused(
      await t.post(`${B}/client/submit`, {
        clientId: 'gis_app',
        clientSecret: 'gis_secret',
        scope: 'all',
        authorizedGrantTypes: 'password,magic',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
      }),
      '授权类型只能是',
    );
    refused(
      await t.post(`${B}/client/submit`, {
        clientId: 'saber',
        clientSecret: 'another',
        scope: 'all',
        authorizedGrantTypes: 'password',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
      }),
      '客户端id已存在',
    );
    await submit('client', {
      clientId: 'gis_app',
      clientSecret: 'gis_secret',
      scope: 'all',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 3600,
      refreshTokenValidity: 7200,
    });

    const row = await find('client', { clientId: 'gis' }, 'clientId', 'gis_app');
    expect(row).not.toHaveProperty('clientSecret');
    expect(await detail('client', row.id)).not.toHaveProperty('clientSecret');
    const [stored] = await t.app.ctx.db.select().from(client).where(eq(client.id, row.id));
    expect(stored.clientSecret).toBe(createHash('sha256').update('gis_secret').digest('hex'));
    refused(await t.get(`${B}/client/list`, { clientSecret: 'x' }), '未知的查询字段');

    // the new client passes the gate; an edit without a secret keeps it
    await submit('client', { ...row, accessTokenValidity: 1800 });
    const asGis = async () =>
      signInCall(t, 'admin', 'admin', '000000', { client: { id: 'gis_app', secret: 'gis_secret' }, type: false });
    expect((await asGis()).json()).toHaveProperty('access_token');
    expect((await detail('client', row.id)).accessTokenValidity).toBe(1800);

    const web = await find('client', { clientId: 'swp_web' }, 'clientId', 'swp_web');
    refused(await remove('client', web.id), '不能删除当前正在使用的客户端');
    data(await remove('client', row.id));
    // every instance drops its client cache through the live bus (NOTIFY on PostgreSQL: a moment later)
    await expect.poll(async () => (await asGis()).statusCode, { timeout: 5000, interval: 50 }).toBe(401);
  });
});

describe.each(['dict', 'dict-biz'])('%s', (family) => {
  it('keeps dictionaries as roots with entries: parent-list, child-list, tree, dictionary, sealing', async () => {
    refused(await t.post(`${B}/${family}/submit`, { dictValue: '阀门状态', sort: 1 }), 'code');
    refused(await t.post(`${B}/${family}/submit`, { code: 'valve_state', dictValue: '', sort: 1 }), '请输入字典名称');
    refused(
      await t.post(`${B}/${family}/submit`, { code: 'valve_state', dictValue: '阀门状态', sort: 'first' }),
      '请输入字典排序',
    );
    refused(
      await t.post(`${B}/${family}/submit`, { code: 'valve_state', dictValue: '阀门状态', sort: 1, isSealed: 3 }),
      '请选择封存',
    );
    await submit(family, { code: 'valve_state', dictValue: '阀门状态', sort: 1, remark: '阀门开关状态' });
    refused(
      await t.post(`${B}/${family}/submit`, { code: 'valve_state', dictValue: '重复', sort: 2 }),
      '字典编号已存在',
    );

    const root = (await t.get(`${B}/${family}/parent-list`, { code: 'valve_state' })).json().data.records[0];
    expect(root).toMatchObject({ code: 'valve_state', parentId: '0', dictKey: '-1', isSealed: 0 });
    refused(
      await t.post(`${B}/${family}/submit`, { parentId: root.id, code: 'x', dictValue: '开启', sort: 1 }),
      '请输入字典键值',
    );
    // an entry takes its parent's code whatever the form says
    await submit(family, { parentId: root.id, code: 'anything', dictKey: '1', dictValue: '开启', sort: 1 });
    await submit(family, {
      parentId: root.id,
      code: 'valve_state',
      dictKey: '0',
      dictValue: '关闭',
      sort: 2,
      isSealed: 1,
    });
    refused(
      await t.post(`${B}/${family}/submit`, {
        parentId: root.id,
        code: 'valve_state',
        dictKey: '1',
        dictValue: '又开',
        sort: 3,
      }),
      '字典键值已存在',
    );
    refused(
      await t.post(`${B}/${family}/submit`, {
        parentId: '123',
        code: 'valve_state',
        dictKey: '9',
        dictValue: '?',
        sort: 3,
      }),
      '上级字典不存在',
    );

    const entries = data(await t.get(`${B}/${family}/dictionary`, { code: 'valve_state' }));
    expect(entries.map((e: any) => [e.dictKey, e.dictValue])).toEqual([
      ['1', '开启'],
      ['0', '关闭'],
    ]);
    expect(Object.keys(entries[0]).sort()).toEqual([
      'code',
      'dictKey',
      'dictValue',
      'id',
      'parentId',
      'remark',
      'sort',
    ]);
    refused(await t.get(`${B}/${family}/dictionary`), '缺少必要的请求参数: code');
    expect(data(await t.get(`${B}/${family}/dictionary`, { code: 'no_such_code' }))).toEqual([]);

    // a sub-entry nests in child-list; the tree of one code and of all
    const open = entries[0];
    await submit(family, { parentId: open.id, code: 'valve_state', dictKey: '1.1', dictValue: '半开', sort: 1 });
    const children = data(await t.get(`${B}/${family}/child-list`, { parentId: root.id }));
    expect(children.total).toBe(2);
    expect(children.records[0]).toMatchObject({ dictKey: '1', hasChildren: true, children: [{ dictKey: '1.1' }] });
    expect(data(await t.get(`${B}/${family}/child-list`, { parentId: '42' })).total).toBe(0);
    refused(await t.get(`${B}/${family}/child-list`), '缺少必要的请求参数: parentId');
    refused(await t.get(`${B}/${family}/child-list`, { parentId: 'x' }), 'parentId');
    const tree = data(await t.get(`${B}/${family}/tree`, { code: 'valve_state' }));
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: root.id, title: '阀门状态', value: root.id, key: root.id, hasChildren: true });
    expect(flatten(tree)).toHaveLength(4);
    expect(flatten(data(await t.get(`${B}/${family}/tree`, { code: 'DICT' }))).length).toBeGreaterThan(4);
    const listed = data(await t.get(`${B}/${family}/list`, { code: 'valve_state' }));
    expect(listed[0].children.map((c: any) => c.dictValue)).toEqual(['开启', '关闭']);

    // sealed: no edit, no removal; unsealing alone is allowed
    const closed = entries[1];
    const sealed = await detail(family, closed.id);
    refused(await t.post(`${B}/${family}/submit`, { ...sealed, dictValue: '关' }), '该字典已封存，不可修改');
    refused(await remove(family, closed.id), '该字典已封存，不可删除');
    await submit(family, { ...sealed, isSealed: 0 });
    // a parent with children stays; removing the whole family at once is fine
    refused(await remove(family, root.id), '请先删除子节点');
    const half = flatten(tree).find((n) => n.dictKey === '1.1');
    data(await remove(family, [root.id, open.id, closed.id, half.id].join(',')));
    expect(data(await t.get(`${B}/${family}/dictionary`, { code: 'valve_state' }))).toEqual([]);

    // renaming a dictionary's code takes its entries along
    await submit(family, { code: 'meter_state', dictValue: '水表状态', sort: 9 });
    const m = (await t.get(`${B}/${family}/parent-list`, { code_equal: 'meter_state' })).json().data.records[0];
    await submit(family, { parentId: m.id, code: 'meter_state', dictKey: 'OK', dictValue: '正常', sort: 1 });
    await submit(family, { ...m, code: 'meter_status' });
    expect(data(await t.get(`${B}/${family}/dictionary`, { code: 'meter_status' })).map((e: any) => e.dictKey)).toEqual(
      ['OK'],
    );
  });
});

describe('top menus', () => {
  it('adds, edits, views and removes a top menu and grants it menus', async () => {
    refused(await t.post(`${B}/topmenu/submit`, { name: '报表', sort: 1 }), 'code');
    refused(await t.post(`${B}/topmenu/submit`, { code: 'system', name: '重复', sort: 1 }), '顶部菜单编号已存在');
    await submit('topmenu', { code: 'report', name: '统计报表', source: 'BarChartOutlined', sort: 16 });
    const row = await find('topmenu', { code: 'report' }, 'code', 'report');
    expect(row.tenantId).toBe('000000');
    await submit('topmenu', { ...row, name: '统计分析' });
    expect((await detail('topmenu', row.id)).name).toBe('统计分析');

    const tree = data(await t.get(`${B}/menu/grant-top-tree`)).menu;
    const picked = flatten(tree)
      .slice(0, 2)
      .map((n) => n.id);
    refused(await t.post(`${B}/topmenu/grant`, { topMenuIds: [row.id], menuIds: ['99'] }), '菜单不存在: 99');
    refused(await t.post(`${B}/topmenu/grant`, { menuIds: picked }), 'topMenuIds');
    data(await t.post(`${B}/topmenu/grant`, { topMenuIds: [row.id], menuIds: picked }));
    expect(data(await t.get(`${B}/menu/top-tree-keys`, { topMenuIds: row.id })).menu.sort()).toEqual(
      [...picked].sort(),
    );
    refused(await t.get(`${B}/menu/top-tree-keys`, { topMenuIds: '1' }), '数据不存在或无权操作');
    // the signed-in user's top menus follow
    expect(data(await t.get('/api/blade-system/menu/top-menu')).map((x: any) => x.code)).toContain('report');
    data(await remove('topmenu', row.id));
    expect(await detail('topmenu', row.id)).toBeNull();
  });
});

describe('menus, data scopes and API scopes', () => {
  it('adds menus and buttons, lists them as trees and lazily, refuses cycles and parents with children', async () => {
    const sys = await find('menu', { code_equal: 'system' }, 'code', 'system');
    refused(await t.post(`${B}/menu/submit`, { code: 'pump', sort: 1, category: 1 }), 'name');
    refused(await t.post(`${B}/menu/submit`, { code: 'pump', name: '泵站', sort: 1, category: 7 }), '请选择菜单类型');
    refused(
      await t.post(`${B}/menu/submit`, { code: 'pump', name: '泵站', sort: 1, category: 2 }),
      '按钮必须有上级菜单',
    );
    refused(
      await t.post(`${B}/menu/submit`, { code: 'pump', name: '泵站', sort: 1, category: 1, propertyJson: '[1' }),
      '扩展属性必须是 JSON 对象',
    );
    refused(
      await t.post(`${B}/menu/submit`, {
        code: 'pump',
        name: '泵站',
        sort: 1,
        category: 1,
        propertyJson: { formScript: 42 },
      }),
      '表单脚本必须是文本',
    );
    refused(await t.post(`${B}/menu/submit`, { code: 'param', name: '参数', sort: 1, category: 1 }), '菜单编号已存在');
    await submit('menu', {
      parentId: sys.id,
      code: 'pump',
      name: '泵站管理',
      path: '/system/pump',
      sort: 20,
      category: 1,
      propertyJson: { keepAlive: true },
    });
    const pump = await find('menu', { code_equal: 'pump' }, 'code', 'pump');
    expect(pump).toMatchObject({ parentId: sys.id, propertyJson: '{"keepAlive":true}', isOpen: 1 });
    await submit('menu', { parentId: pump.id, code: 'pump_add', name: '新增', sort: 1, category: 2, action: 0 });
    const btn = await find('menu', { code_equal: 'pump_add' }, 'code', 'pump_add');
    refused(
      await t.post(`${B}/menu/submit`, { parentId: btn.id, code: 'pump_x', name: 'x', sort: 1, category: 2 }),
      '按钮下不能再添加菜单或按钮',
    );
    refused(await t.post(`${B}/menu/submit`, { ...pump, parentId: btn.id }), '上级菜单不能选择自身或其下级菜单');
    refused(await t.post(`${B}/menu/submit`, { ...pump, parentId: pump.id }), '上级菜单不能选择自身或其下级菜单');

    const lazy = data(await t.get(`${B}/menu/lazy-list`, { parentId: sys.id }));
    expect(lazy.find((m: any) => m.code === 'pump')).toMatchObject({ hasChildren: true, name: '泵站管理' });
    const lazyMenus = data(await t.get(`${B}/menu/lazy-menu-list`, { parentId: pump.id }));
    expect(lazyMenus).toEqual([]);
    expect(data(await t.get(`${B}/menu/lazy-list`, { parentId: pump.id })).map((m: any) => m.code)).toEqual([
      'pump_add',
    ]);
    refused(await t.get(`${B}/menu/lazy-list`, { parentId: 'abc' }), 'parentId');
    const menuList = flatten(data(await t.get(`${B}/menu/menu-list`)));
    expect(menuList.every((m) => m.category === 1)).toBe(true);
    expect(menuList.some((m) => m.code === 'pump')).toBe(true);
    const nodes = flatten(data(await t.get(`${B}/menu/tree`)));
    expect(nodes.find((n) => n.id === btn.id)).toMatchObject({
      title: '新增',
      parentId: pump.id,
      value: btn.id,
      key: btn.id,
    });
    // the tree of a tenant with a package: only the package's menus
    const pkgTree = flatten(data(await t.get(`${B}/menu/tree`, { tenantId: '100001' })));
    expect(pkgTree.some((n) => n.id === pump.id)).toBe(false);
    expect(pkgTree.length).toBeGreaterThan(0);
    const listTree = data(await t.get(`${B}/menu/list`, { name: '泵站' }));
    expect(listTree.map((m: any) => m.code)).toEqual(['pump']);

    refused(await remove('menu', pump.id), '请先删除子节点');
    data(await remove('menu', `${pump.id},${btn.id}`));
    expect(await detail('menu', pump.id)).toBeNull();
  });

  it('keeps data scopes and API scopes per menu, checked against the resource when saved', async () => {
    const post = await find('menu', { code_equal: 'post' }, 'code', 'post');
    const base = { menuId: post.id, resourceCode: 'post', scopeName: '测试范围', scopeType: 2 };
    refused(await t.post(`${B}/data-scope/submit`, { ...base, menuId: '' }), '请选择菜单');
    refused(await t.post(`${B}/data-scope/submit`, { ...base, menuId: '88' }), '菜单不存在');
    // a code the server has no resource of is taken (SpringBlade's screens default it to the menu's code): it filters
    // nothing, so its field is not checked; a custom rule must still parse
    refused(
      await t.post(`${B}/data-scope/submit`, { ...base, resourceCode: 'nothing', scopeType: 5, scopeValue: 'a ==' }),
      '自定义规则无效',
    );
    await submit('data-scope', { ...base, resourceCode: 'nothing', scopeName: '无数据菜单', scopeColumn: 'owner' });
    const loose = (await list('data-scope', { menuId: post.id, scopeName: '无数据菜单' })).records[0];
    expect(loose).toMatchObject({ resourceCode: 'nothing', scopeColumn: 'owner', scopeType: 2 });
    data(await remove('data-scope', loose.id));
    refused(await t.post(`${B}/data-scope/submit`, { ...base, resourceCode: 'menu' }), '资源 menu 不按数据权限过滤');
    refused(await t.post(`${B}/data-scope/submit`, { ...base, scopeType: 9 }), '请选择规则类型');
    refused(await t.post(`${B}/data-scope/submit`, { ...base, scopeColumn: 'owner' }), '资源 post 没有字段 owner');
    refused(await t.post(`${B}/data-scope/submit`, { ...base, scopeType: 5 }), '请输入自定义规则');
    refused(
      await t.post(`${B}/data-scope/submit`, { ...base, scopeType: 5, scopeValue: "postCode == 'a' ;drop table" }),
      '自定义规则无效',
    );
    refused(
      await t.post(`${B}/data-scope/submit`, { ...base, scopeType: 5, scopeValue: 'secret == 1' }),
      '未知字段: secret',
    );
    refused(
      await t.post(`${B}/data-scope/submit`, { ...base, scopeType: 5, scopeValue: 'createUser == $nobody' }),
      '未知变量',
    );
    await submit('data-scope', {
      ...base,
      scopeType: 5,
      scopeValue: "category == 3 && postCode like 'op' || createUser == $userId",
    });
    const ds = (await list('data-scope', { menuId: post.id, scopeName: '测试范围' })).records[0];
    expect(ds).toMatchObject({ resourceCode: 'post', scopeType: 5 });
    await submit('data-scope', { ...ds, scopeType: 3, scopeColumn: 'create_dept' });
    expect(await detail('data-scope', ds.id)).toMatchObject({ scopeType: 3, scopeColumn: 'create_dept' });

    const api = {
      menuId: post.id,
      resourceCode: 'post',
      scopeName: '岗位导出',
      scopePath: '/blade-system/post/export',
      scopeType: 2,
    };
    refused(await t.post(`${B}/api-scope/submit`, { ...api, scopePath: 'post/export' }), '接口权限路径必须以 / 开头');
    refused(await t.post(`${B}/api-scope/submit`, { ...api, scopeType: 0 }), '请选择接口类型');
    await submit('api-scope', api);
    const as = (await list('api-scope', { scopePath: 'export' })).records[0];
    expect(as).toMatchObject({ scopeName: '岗位导出', scopeType: 2 });
    await submit('api-scope', { ...as, scopeType: 1 });
    expect((await detail('api-scope', as.id)).scopeType).toBe(1);

    // both appear under their menu in the grant dialog's trees
    const grant = data(await t.get(`${B}/menu/grant-tree`));
    expect(flatten(grant.dataScope).some((n) => n.id === ds.id && n.parentId === post.id)).toBe(true);
    expect(flatten(grant.apiScope).some((n) => n.id === as.id && n.parentId === post.id)).toBe(true);
    expect(flatten(grant.menu).some((n) => n.id === post.id)).toBe(true);

    data(await remove('data-scope', ds.id));
    data(await remove('api-scope', as.id));
    expect(await detail('data-scope', ds.id)).toBeNull();
  });
});

describe('roles', () => {
  it('adds, lists as a tree, grants menus and scopes in one call, refuses unsafe removals', async () => {
    refused(await t.post(`${B}/role/submit`, { roleName: '调度员', sort: 1 }), 'roleAlias');
    refused(await t.post(`${B}/role/submit`, { roleName: '调度员', roleAlias: 'operator', sort: 1 }), '角色别名已存在');
    await submit('role', { roleName: '调度员', roleAlias: 'dispatcher', sort: 5 });
    const parent = await find('role', { roleAlias: 'dispatcher' }, 'roleAlias', 'dispatcher');
    await submit('role', { parentId: parent.id, roleName: '夜班调度', roleAlias: 'night_dispatcher', sort: 1 });
    const child = await find('role', { roleAlias: 'night_dispatcher' }, 'roleAlias', 'night_dispatcher');
    refused(await t.post(`${B}/role/submit`, { ...parent, parentId: child.id }), '上级角色不能选择自身或其下级角色');
    refused(await t.post(`${B}/role/submit`, { ...parent, parentId: '77' }), '上级角色不存在');

    const listed = data(await t.get(`${B}/role/list`, { roleName: '调度' }));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ roleAlias: 'dispatcher', children: [{ roleAlias: 'night_dispatcher' }] });
    const tree = data(await t.get(`${B}/role/tree`));
    expect(flatten(tree).find((n) => n.id === child.id)).toMatchObject({ title: '夜班调度', parentId: parent.id });
    const other = flatten(data(await t.get(`${B}/role/tree`, { tenantId: '100001' })));
    expect(other.length).toBe(4);
    const otherRole = await t.app.ctx.db.select().from(role).where(eq(role.tenantId, '100001'));
    expect(
      flatten(data(await t.get(`${B}/role/tree-by-id`, { roleId: otherRole[0].id })))
        .map((n) => n.id)
        .sort(),
    ).toEqual(otherRole.map((r) => r.id).sort());
    refused(await t.get(`${B}/role/tree-by-id`), 'roleId');

    const grant = data(await t.get(`${B}/menu/grant-tree`));
    const menuIds = flatten(grant.menu)
      .slice(0, 5)
      .map((n) => n.id);
    const scopeNodes = flatten(grant.dataScope);
    const dataScopeIds = scopeNodes
      .filter((n) => n.isScope)
      .slice(0, 1)
      .map((n) => n.id);
    const apiScopeIds = flatten(grant.apiScope)
      .filter((n) => n.isScope)
      .slice(0, 2)
      .map((n) => n.id);
    // the trees' menu nodes come along from the dialog and are skipped
    const body = {
      roleIds: [parent.id, child.id],
      menuIds,
      dataScopeIds: [...dataScopeIds, scopeNodes[0].id],
      apiScopeIds,
    };
    refused(await t.post(`${B}/role/grant`, { ...body, roleIds: [] }), 'roleIds');
    refused(await t.post(`${B}/role/grant`, { ...body, menuIds: ['5'] }), '菜单不存在: 5');
    refused(await t.post(`${B}/role/grant`, { ...body, apiScopeIds: ['6'] }), '接口权限不存在: 6');
    refused(await t.post(`${B}/role/grant`, { ...body, roleIds: [otherRole[0].id] }), '数据不存在或无权操作');
    data(await t.post(`${B}/role/grant`, body));
    const keys = data(await t.get(`${B}/menu/role-tree-keys`, { roleIds: child.id }));
    expect(keys.menu.sort()).toEqual([...menuIds].sort());
    expect(keys.dataScope).toEqual(dataScopeIds);
    expect(keys.apiScope.sort()).toEqual([...apiScopeIds].sort());
    // an absent list is left alone, an empty one clears
    data(await t.post(`${B}/role/grant`, { roleIds: child.id, apiScopeIds: [] }));
    expect(data(await t.get(`${B}/menu/role-tree-keys`, { roleIds: child.id }))).toMatchObject({
      apiScope: [],
      dataScope: dataScopeIds,
    });

    refused(await remove('role', parent.id), '请先删除子节点');
    await refusedWhileHeld('role', 'auditor', child.id, '该角色已分配给用户，无法删除');
    const admin = await find('role', { roleAlias: 'administrator' }, 'roleAlias', 'administrator');
    refused(await remove('role', admin.id), '管理员角色不可删除');
    refused(await t.post(`${B}/role/submit`, { ...admin, roleAlias: 'boss' }), '管理员角色的别名不可修改');
    data(await remove('role', `${child.id},${parent.id}`));
    expect(data(await t.get(`${B}/menu/role-tree-keys`, { roleIds: admin.id })).menu.length).toBeGreaterThan(0);
  });
});

describe('departments, posts and searches', () => {
  it('keeps ancestors, moves subtrees, lists lazily, refuses removing departments with children or users', async () => {
    const company = await find('dept', {}, 'deptName', '合肥水务集团');
    const net = await find('dept', {}, 'deptName', '管网分公司');
    refused(await t.post(`${B}/dept/submit`, { parentId: company.id, sort: 1 }), 'deptName');
    refused(await t.post(`${B}/dept/submit`, { parentId: '123', deptName: '漏损控制中心', sort: 1 }), '上级机构不存在');
    await submit('dept', { parentId: company.id, deptName: '漏损控制中心', deptCategory: 2, sort: 5 });
    const leak = await find('dept', { deptName: '漏损' }, 'deptName', '漏损控制中心');
    expect(leak).toMatchObject({
      ancestors: `0,${company.id}`,
      fullName: '漏损控制中心',
      parentName: '合肥水务集团',
      deptCategoryName: '部门',
    });
    await submit('dept', { parentId: leak.id, deptName: 'DMA 分析组', deptCategory: 3, sort: 1 });
    const dma = await find('dept', { deptName: 'DMA' }, 'deptName', 'DMA 分析组');
    await submit('dept', { parentId: dma.id, deptName: '夜间流量小组', deptCategory: 3, sort: 1 });
    const night = await find('dept', { deptName: '夜间' }, 'deptName', '夜间流量小组');
    expect(night.ancestors).toBe(`0,${company.id},${leak.id},${dma.id}`);
    refused(await t.post(`${B}/dept/submit`, { ...leak, parentId: night.id }), '上级机构不能选择自身或其下级机构');
    refused(
      await t.post(`${B}/dept/submit`, { parentId: company.id, deptName: '漏损控制中心', sort: 9 }),
      '同一上级下已存在同名机构',
    );

    // moving a department takes its subtree along
    await submit('dept', { ...leak, parentId: net.id });
    expect((await detail('dept', night.id)).ancestors).toBe(`0,${company.id},${net.id},${leak.id},${dma.id}`);

    const lazy = data(await t.get(`${B}/dept/lazy-list`, { parentId: net.id }));
    expect(lazy.find((d: any) => d.id === leak.id)).toMatchObject({ hasChildren: true, deptName: '漏损控制中心' });
    const lazyTree = data(await t.get(`${B}/dept/lazy-tree`, { parentId: leak.id }));
    expect(lazyTree).toEqual([
      expect.objectContaining({ id: dma.id, title: 'DMA 分析组', hasChildren: true, parentId: leak.id }),
    ]);
    expect(data(await t.get(`${B}/dept/lazy-tree`)).map((n: any) => n.title)).toEqual(['合肥水务集团']);
    const tree = data(await t.get(`${B}/dept/tree`));
    expect(flatten(tree).find((n) => n.id === night.id)).toMatchObject({ title: '夜间流量小组', key: night.id });
    const other = flatten(data(await t.get(`${B}/dept/tree`, { tenantId: '100001' })));
    expect(other.map((n) => n.title)).toEqual(['肥西县供水有限公司', '营业所', '管网所']);
    const listed = data(await t.get(`${B}/dept/list`, { deptName: '漏损' }));
    expect(listed).toHaveLength(1);

    refused(await remove('dept', dma.id), '请先删除子节点');
    await refusedWhileHeld('dept', 'patrol', night.id, '该机构下存在用户，无法删除');
    data(await remove('dept', `${night.id},${dma.id},${leak.id}`));
    expect(await detail('dept', leak.id)).toBeNull();
  });

  it('adds, lists, selects, edits and removes posts; searches roles, departments and posts', async () => {
    refused(await t.post(`${B}/post/submit`, { postCode: 'meter', postName: '抄表员', sort: 1 }), 'category');
    refused(
      await t.post(`${B}/post/submit`, { category: 9, postCode: 'meter', postName: '抄表员', sort: 1 }),
      '请选择岗位类型',
    );
    refused(
      await t.post(`${B}/post/submit`, { category: 3, postCode: 'ceo', postName: '抄表员', sort: 1 }),
      '岗位编号已存在',
    );
    await submit('post', { category: '3', postCode: 'meter', postName: '抄表员', sort: '7' });
    const page = await list('post', { postName: '抄表', category: 3 });
    expect(page.total).toBe(1);
    const p = page.records[0];
    expect(p).toMatchObject({ postCode: 'meter', sort: 7, categoryName: '基层', tenantId: '000000' });
    await submit('post', { ...p, postName: '抄表收费员' });
    expect((await detail('post', p.id)).postName).toBe('抄表收费员');
    expect(data(await t.get(`${B}/post/select`)).some((x: any) => x.id === p.id)).toBe(true);
    expect(
      data(await t.get(`${B}/post/select`, { tenantId: '100001' }))
        .map((x: any) => x.postCode)
        .sort(),
    ).toEqual(['manager', 'staff']);

    const [auditor] = await t.app.ctx.db.select().from(user).where(eq(user.account, 'auditor'));
    const auditorPost = auditor.postId.split(',')[0];
    refused(await remove('post', auditorPost), '该岗位已分配给用户，无法删除');
    data(await remove('post', p.id));

    expect(data(await t.get(`${B}/search/role`, { roleName: '运营' })).map((r: any) => r.roleAlias)).toEqual([
      'operator',
    ]);
    const depts = data(await t.get(`${B}/search/dept`, { deptName: '巡检' }));
    expect(depts.map((d: any) => d.deptName).sort()).toEqual(['管网巡检一班', '管网巡检二班']);
    expect(depts[0].parentName).toBe('管网分公司');
    const posts = data(await t.get(`${B}/search/post`, { postName: '调度' }));
    expect(posts).toMatchObject({ total: 1, records: [{ postCode: 'dispatcher' }] });
    refused(await t.get(`${B}/search/role`, { nope: 1 }), '未知的查询字段: nope');
  });
});

describe('regions', () => {
  it('serves the national divisions: lazy tree, list, detail, add, rename, remove', async () => {
    const provinces = data(await t.get(`${B}/region/lazy-tree`, { parentCode: '00' }));
    expect(provinces).toHaveLength(31);
    const anhui = provinces.find((p: any) => p.code === '34');
    expect(anhui).toMatchObject({
      id: '34',
      parentId: '00',
      title: '安徽省',
      value: '34',
      key: '34',
      hasChildren: true,
    });
    expect(data(await t.get(`${B}/region/lazy-tree`)).length).toBe(31);
    const cities = data(await t.get(`${B}/region/lazy-tree`, { parentCode: '34' }));
    expect(cities.find((c: any) => c.code === '3401')).toMatchObject({ title: '合肥市', hasChildren: true });
    const d = data(await t.get(`${B}/region/detail`, { code: '340104' }));
    expect(d).toMatchObject({
      name: '蜀山区',
      parentCode: '3401',
      ancestors: '00,34,3401',
      regionLevel: 3,
      provinceName: '安徽省',
      cityName: '合肥市',
    });
    refused(await t.get(`${B}/region/detail`), 'code');
    const towns = data(await t.get(`${B}/region/lazy-tree`, { parentCode: '340104' }));
    expect(towns.length).toBeGreaterThan(5);
    expect(towns[0].hasChildren).toBe(false);

    const page = data(await t.get(`${B}/region/list`, { parentCode_equal: '3401', name: '区' }));
    expect(page.records.map((r: any) => r.name)).toEqual(expect.arrayContaining(['蜀山区', '包河区']));
    refused(await t.get(`${B}/region/list`, { regionLevel: 'x' }), 'regionLevel');

    refused(await t.post(`${B}/region/submit`, { parentCode: '340104', subCode: '999' }), 'name');
    refused(await t.post(`${B}/region/submit`, { parentCode: '999999', subCode: '1', name: '无' }), '上级区划不存在');
    refused(
      await t.post(`${B}/region/submit`, { parentCode: '340104', code: '340299001', name: '错位' }),
      '区划编号必须以上级编号 340104 开头',
    );
    await submit('region', { parentCode: '340104', subCode: '901', name: '高新智慧社区', sort: 99 });
    const added = data(await t.get(`${B}/region/detail`, { code: '340104901' }));
    expect(added).toMatchObject({
      regionLevel: 4,
      districtName: '蜀山区',
      townName: '高新智慧社区',
      ancestors: '00,34,3401,340104',
    });
    refused(
      await t.post(`${B}/region/submit`, { parentCode: '340104', subCode: '901', name: '重复' }),
      '区划编号已存在',
    );
    await submit('region', { code: '340104', name: '蜀山区(新)' });
    expect(data(await t.get(`${B}/region/detail`, { code: '340104901' })).districtName).toBe('蜀山区(新)');

    refused(await t.post(`${B}/region/remove`, undefined, { id: '340104' }), '请先删除子节点');
    refused(await t.post(`${B}/region/remove`, undefined, { id: 'abc' }), 'id');
    data(await t.post(`${B}/region/remove`, undefined, { id: '340104901' }));
    expect(data(await t.get(`${B}/region/detail`, { code: '340104901' }))).toBeNull();
  });
});
