/**
 * The last SpringBlade calls and edits (issue 17), replayed as Saber 4.x sends them: `Authorization: Basic
 * saber:saber_secret` and `Blade-Auth: bearer <token>` on every call (the downloads also put the token in the query,
 * `?Blade-Auth=bearer …`, as `exportBlob` does), axios `params` in the query string, `data` as JSON, and the avue
 * upload's multipart `file` with `isCovered` in the query. Covers: 账号解封, 导入/导出/模板 of users, guest
 * registration, 行政区划 (select, detail's `level`, the `region` dictionary, an edit, the xlsx import), a menu path
 * edited from Saber, SpringBlade's button codes, and data/API scopes on a menu that has no data of its own.
 */
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import FormData from 'form-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, basic, bootTestApp, md5, SABER, type TestApp, WEB_CLIENT } from '../../test/harness.ts';
import { postXlsx } from '../../test/xlsx.ts';
import { menu, region, role, roleMenu, user } from '../db/schema.ts';

type Json = Record<string, any>;
type Client = typeof WEB_CLIENT;

let t: TestApp;
let saber = '';
let web = '';

async function tokenOf(client: Client, account: string, password = account) {
  const res = await t.call({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: basic(client), 'tenant-id': '000000' },
    query: { tenantId: '000000', username: account, password: await md5(password), grant_type: 'password' },
  });
  return res;
}

beforeAll(async () => {
  t = await bootTestApp();
  saber = (await tokenOf(SABER, 'admin')).json().access_token;
  web = (await tokenOf(WEB_CLIENT, 'admin')).json().access_token;
});
afterAll(() => t?.close());

/** Saber's axios: GET with `params`, POST with `params` (query) or `data` (JSON). */
const get = (url: string, query: Record<string, string> = {}, client = SABER, token = saber) =>
  t.call({ method: 'GET', url, query, headers: authHeaders(token, client) });
const postParams = (url: string, query: Record<string, string>, client = SABER, token = saber) =>
  t.call({ method: 'POST', url, query, headers: authHeaders(token, client) });
const postJson = (url: string, body: Json, client = SABER, token = saber) =>
  t.call({ method: 'POST', url, payload: body, headers: authHeaders(token, client) });

function ok(res: { statusCode: number; body: string; json(): any }) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ code: 200, success: true });
  return res.json().data;
}

function refused(res: { statusCode: number; body: string; json(): any }, msg: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 400, success: false });
  expect(res.json().msg).toContain(msg);
}

/** `exportBlob(url)`: the token in the query and, through axios, in the headers too; the reply is the file. */
const download = (url: string, query: Record<string, string> = {}) =>
  t.call({
    method: 'GET',
    url,
    query: { 'Blade-Auth': `bearer ${saber}`, ...query },
    headers: authHeaders(saber, SABER),
  });

async function rowsOf(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** avue-upload: multipart `file`, `isCovered` in the action's query string. */
function upload(url: string, buf: Buffer, isCovered: string) {
  return postXlsx(t, url, buf, 'data.xlsx', { isCovered }, authHeaders(saber, SABER));
}

const U = '/api/blade-system/user';
const R = '/api/blade-system/region';

describe('Saber 用户管理: 账号解封, 导入, 导出, 模板', () => {
  it('账号解封 clears the sign-in lockout of the chosen users', async () => {
    for (let i = 0; i < 5; i++) await tokenOf(WEB_CLIENT, 'patrol', 'wrong');
    const locked = await tokenOf(WEB_CLIENT, 'patrol');
    expect(locked.json().error_description).toBe('用户登录失败次数过多,请稍后再试');
    const [patrol] = await t.app.ctx.db.select().from(user).where(eq(user.account, 'patrol'));
    ok(await postParams(`${U}/unlock`, { userIds: patrol.id }));
    expect((await tokenOf(WEB_CLIENT, 'patrol')).json().access_token).toBeTruthy();
    // another tenant's user is not the caller's to unlock; nobody below the administrator may call it
    const [other] = await t.app.ctx.db.select().from(user).where(eq(user.tenantId, '100001')).limit(1);
    refused(await postParams(`${U}/unlock`, { userIds: other.id }), '数据不存在或无权操作');
    refused(await postParams(`${U}/unlock`, {}), 'userIds');
    const operator = (await tokenOf(SABER, 'operator')).json().access_token;
    expect((await postParams(`${U}/unlock`, { userIds: patrol.id }, SABER, operator)).statusCode).toBe(403);
  });

  it('imports a sheet all or nothing (isCovered 1 overwrites), exports the filtered users, serves the template', async () => {
    const template = await download(`${U}/export-template`);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const header = (await rowsOf(template.rawPayload))[0];
    expect(header).toEqual(expect.arrayContaining(['账户', '姓名', '角色名称', '部门名称']));

    const rows = [header, ...[1, 2].map((i) => header.map((h) => ({ 账户: `sb_imp${i}`, 姓名: `导入${i}` })[h] ?? ''))];
    const first = ok(await upload(`${U}/import-user`, await sheet(rows), '0'));
    expect(first).toEqual({ inserted: 2, updated: 0 });
    const stored = await t.app.ctx.db.select().from(user).where(eq(user.account, 'sb_imp1'));
    expect(stored[0]).toMatchObject({ tenantId: '000000', realName: '导入1' });
    expect(stored[0].password).toMatch(/^\$argon2id\$/);

    // the same accounts again: refused without a write; covered: updated
    refused(await upload(`${U}/import-user`, await sheet(rows), '0'), '第2行: 账户 [sb_imp1] 已存在');
    const renamed = rows.map((r, i) => (i ? r.map((v) => (v.startsWith('导入') ? `改名${i}` : v)) : r));
    expect(ok(await upload(`${U}/import-user`, await sheet(renamed), '1'))).toEqual({ inserted: 0, updated: 2 });
    // one bad row keeps the whole sheet out, and says which row and why
    const bad = [
      header,
      header.map((h) => ({ 账户: 'sb_imp3' })[h] ?? ''),
      header.map((h) => ({ 角色名称: '无此角色' })[h] ?? ''),
    ];
    refused(await upload(`${U}/import-user`, await sheet(bad), '0'), '第3行: 账户不能为空, 角色 [无此角色] 不存在');
    expect(await t.app.ctx.db.select().from(user).where(eq(user.account, 'sb_imp3'))).toEqual([]);

    // 导出 as the screen builds it: the search's account and realName (empty when unused)
    const res = await download(`${U}/export-user`, { account: 'sb_imp', realName: '' });
    expect(res.statusCode).toBe(200);
    const out = await rowsOf(res.rawPayload);
    const accountCol = out[0].indexOf('账户');
    const tenantCol = out[0].indexOf('租户编号');
    expect(out.slice(1).map((r) => r[accountCol])).toEqual(['sb_imp1', 'sb_imp2']);
    expect(out.slice(1).map((r) => r[tenantCol])).toEqual(['000000', '000000']);
    // parameters are checked before the first byte: a 400 in the envelope, not a cut file
    refused(await download(`${U}/export-user`, { ascs: 'nope' }), '未知的排序字段: nope');
    const operator = (await tokenOf(SABER, 'operator')).json().access_token;
    const denied = await t.call({ method: 'GET', url: `${U}/export-user`, headers: authHeaders(operator, SABER) });
    expect(denied.statusCode).toBe(403);
  });

  it('register-guest makes a pending user of the tenant with no role, and keeps the queue bounded', async () => {
    const register = (account: string, headers: Record<string, string> = { authorization: basic(SABER) }) =>
      t.call({
        method: 'POST',
        url: `${U}/register-guest`,
        query: { tenantId: '000000', name: '访客', account, password: 'Guest@123', oauthId: '' },
        headers,
      });
    ok(await register('sb_guest1'));
    const [g] = await t.app.ctx.db.select().from(user).where(eq(user.account, 'sb_guest1'));
    expect(g).toMatchObject({ tenantId: '000000', status: 2, roleId: '', deptId: '', postId: '' });
    expect(g.password).toMatch(/^\$argon2id\$/);
    expect((await tokenOf(SABER, 'sb_guest1', 'Guest@123')).json().error_description).toBe('该账号正在等待管理员审核');
    expect((await register('sb_guest2', {})).statusCode).toBe(401);
    // 50 registrations waiting: the next one is refused until an administrator deals with them
    const waiting = Array.from({ length: 49 }, (_, i) => ({
      tenantId: '000000',
      account: `sb_wait${i}`,
      password: g.password,
      status: 2,
      roleId: '',
      deptId: '',
      postId: '',
    }));
    await t.app.ctx.db.insert(user).values(waiting);
    refused(await register('sb_guest3'), '待审核的注册申请过多');
    expect(await t.app.ctx.db.select().from(user).where(eq(user.account, 'sb_guest3'))).toEqual([]);
  });
});

describe('Saber 行政区划', () => {
  it('select, detail with level, the region dictionary, and an edit that saves', async () => {
    const provinces = ok(await get(`${R}/select`));
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toMatchObject({ code: expect.any(String), name: expect.any(String), level: 1 });
    expect(provinces[0]).not.toHaveProperty('regionLevel');
    const cities = ok(await get(`${R}/select`, { code: '34' }));
    expect(cities.map((c: Json) => c.name)).toContain('合肥市');
    refused(await get(`${R}/select`, { code: '34;drop' }), 'code');

    const levels = ok(await get('/api/blade-system/dict/dictionary', { code: 'region' }));
    expect(levels.map((d: Json) => [d.dictKey, d.dictValue])).toEqual([
      ['1', '省份'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ]);

    const form = ok(await get(`${R}/detail`, { code: '340104' }));
    expect(form).toMatchObject({ code: '340104', parentCode: '3401', parentName: '合肥市', level: 3 });
    expect(form).not.toHaveProperty('regionLevel');
    // our web app keeps its own name of the field
    const ours = ok(await get(`${R}/detail`, { code: '340104' }, WEB_CLIENT, web));
    expect(ours).toMatchObject({ regionLevel: 3 });
    expect(ours).not.toHaveProperty('level');

    // handleSubmit: the whole form, code rebuilt from parentCode + subCode
    ok(await postJson(`${R}/submit`, { ...form, subCode: '04', code: '340104', name: '蜀山区(改)', sort: 3 }));
    const [saved] = await t.app.ctx.db.select().from(region).where(eq(region.code, '340104'));
    expect(saved).toMatchObject({ name: '蜀山区(改)', sort: 3, regionLevel: 3 });
  });

  it('imports divisions from its sheet all or nothing; isCovered 1 renames existing ones', async () => {
    const template = await download(`${R}/export-template`);
    expect(template.statusCode).toBe(200);
    const header = (await rowsOf(template.rawPayload))[0];
    expect(header.slice(0, 4)).toEqual(['区划编号', '父区划编号', '祖区划编号', '区划名称']);
    const row = (v: Record<string, string | number>) => header.map((h) => v[h] ?? '');
    // the child first: the import orders the sheet by hierarchy
    const rows = [
      header,
      row({ 区划编号: '340104950001', 父区划编号: '340104950', 区划名称: '智慧社区', 层级: 5 }),
      row({ 区划编号: '340104950', 父区划编号: '340104', 区划名称: '高新街道', 排序: 9 }),
    ];
    expect(ok(await upload(`${R}/import-region`, await sheet(rows), '0'))).toEqual({ inserted: 2, updated: 0 });
    const village = ok(await get(`${R}/detail`, { code: '340104950001' }));
    expect(village).toMatchObject({ level: 5, parentCode: '340104950', townName: '高新街道', districtCode: '340104' });
    expect(ok(await get(`${R}/select`, { code: '340104950' })).map((r: Json) => r.code)).toEqual(['340104950001']);

    refused(await upload(`${R}/import-region`, await sheet(rows), '0'), '区划编号 [340104950] 已存在');
    const bad = [
      header,
      row({ 区划编号: '340104960', 父区划编号: '340104', 区划名称: '新街道' }),
      row({ 区划编号: '350104961', 父区划编号: '340104', 区划名称: '错位' }),
      row({ 区划编号: '340104962', 父区划编号: '340104', 区划名称: '错级', 层级: 2 }),
    ];
    refused(
      await upload(`${R}/import-region`, await sheet(bad), '0'),
      '第3行: 区划编号必须以上级编号 340104 开头; 第4行: 层级应为 4',
    );
    expect(await t.app.ctx.db.select().from(region).where(eq(region.code, '340104960'))).toEqual([]);

    rows[2] = row({ 区划编号: '340104950', 父区划编号: '340104', 区划名称: '高新区街道' });
    expect(ok(await upload(`${R}/import-region`, await sheet(rows), '1'))).toEqual({ inserted: 0, updated: 2 });
    expect(ok(await get(`${R}/detail`, { code: '340104950001' })).townName).toBe('高新区街道');

    // 导出: the list's filters, SpringBlade's columns
    const res = await download(`${R}/export-region`, { parentCode_equal: '340104950' });
    expect(res.statusCode).toBe(200);
    const out = await rowsOf(res.rawPayload);
    expect(out.slice(1).map((r) => [r[0], r[3], r[header.indexOf('层级')]])).toEqual([
      ['340104950001', '智慧社区', '5'],
    ]);
    // the import is the platform administrator's
    const operator = (await tokenOf(SABER, 'operator')).json().access_token;
    const form = new FormData();
    form.append('file', await sheet(rows), { filename: 'r.xlsx' });
    const denied = await t.call({
      method: 'POST',
      url: `${R}/import-region`,
      headers: { ...form.getHeaders(), ...authHeaders(operator, SABER) },
      payload: form.getBuffer(),
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('Saber 菜单, 按钮, 数据权限', () => {
  it('a path edited in Saber’s menu screen changes what Saber opens, not our web app’s path', async () => {
    const [stored] = await t.app.ctx.db.select().from(menu).where(eq(menu.code, 'param'));
    const form = ok(await get('/api/blade-system/menu/detail', { id: stored.id }));
    expect(form).toMatchObject({ path: '/system/param', source: 'iconfont iconicon_community_line' });
    ok(await postJson('/api/blade-system/menu/submit', { ...form, path: '/system/params', source: 'iconfont icon-x' }));
    const [after] = await t.app.ctx.db.select().from(menu).where(eq(menu.id, stored.id));
    expect(after).toMatchObject({ path: stored.path, source: stored.source, saberPath: '/system/params' });
    const flat = (n: Json[]): Json[] => n.flatMap((x) => [x, ...flat(x.children ?? [])]);
    const routes = flat(ok(await get('/api/blade-system/menu/routes')));
    expect(routes.find((r) => r.code === 'param')).toMatchObject({ path: '/system/params', source: 'iconfont icon-x' });
    const ours = flat(ok(await get('/api/blade-system/menu/routes', {}, WEB_CLIENT, web)));
    expect(ours.find((r) => r.code === 'param')?.path).toBe(stored.path);
    // and back, so the path stays a view of Saber's
    ok(await postJson('/api/blade-system/menu/submit', { ...form }));
    expect((await t.app.ctx.db.select().from(menu).where(eq(menu.id, stored.id)))[0].saberPath).toBe('/system/param');
  });

  it('menu/buttons and the grant tree carry SpringBlade’s codes under their screens, granted to the administrator', async () => {
    const groups: Json[] = ok(await get('/api/blade-system/menu/buttons'));
    const codesOf = (screen: string) =>
      (groups.find((g) => g.code === screen)?.children ?? []).map((b: Json) => b.code as string);
    expect(codesOf('data_scope')).toContain('data_scope_setting');
    expect(codesOf('api_scope')).toContain('api_scope_setting');
    expect(codesOf('region')).toEqual(expect.arrayContaining(['region_import', 'region_export', 'region_debug']));
    expect(codesOf('code_gen')).toEqual(expect.arrayContaining(['code_add', 'code_edit', 'code_delete', 'code_view']));
    expect(codesOf('develop_datasource')).toEqual(
      expect.arrayContaining(['datasource_add', 'datasource_edit', 'datasource_delete', 'datasource_view']),
    );
    const routes: Json[] = ok(await get('/api/blade-system/menu/routes'));
    const tool = routes.find((r) => r.path === '/tool');
    expect(tool?.children.map((c: Json) => c.path)).toEqual(expect.arrayContaining(['/tool/code', '/tool/datasource']));

    const flat = (n: Json[]): Json[] => n.flatMap((x) => [x, ...flat(x.children ?? [])]);
    const tree = flat(ok(await get('/api/blade-system/menu/grant-tree')).menu);
    const setting = tree.find((n) => n.code === 'data_scope_setting');
    expect(tree.find((n) => n.id === setting?.parentId)?.code).toBe('data_scope');
    const [admin] = await t.app.ctx.db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, 'administrator')));
    const granted = await t.app.ctx.db.select().from(roleMenu).where(eq(roleMenu.roleId, admin.id));
    const ids = new Set(granted.map((g) => g.menuId));
    for (const code of ['data_scope_setting', 'api_scope_setting', 'region_debug', 'code_add', 'datasource_view'])
      expect(ids.has(tree.find((n) => n.code === code)?.id), code).toBe(true);
  });

  it('a data scope and an API scope on a menu without a resource of its own are saved and offered', async () => {
    const [archive] = await t.app.ctx.db.select().from(menu).where(eq(menu.code, 'basic_archive'));
    // Saber's 数据权限 drawer: the resource code defaults to the menu's, the column to create_dept
    ok(
      await postJson('/api/blade-system/data-scope/submit', {
        menuId: archive.id,
        resourceCode: 'basic_archive',
        scopeName: '本部门档案',
        scopeField: '*',
        scopeClass: 'org.springblade.modules.archive.mapper.ArchiveMapper.selectArchivePage',
        scopeColumn: 'create_dept',
        scopeType: 3,
        remark: '',
      }),
    );
    ok(
      await postJson('/api/blade-system/api-scope/submit', {
        menuId: archive.id,
        resourceCode: 'basic_archive',
        scopeName: '档案查询',
        scopePath: '/blade-archive/archive/**',
        scopeType: 2,
        remark: '',
      }),
    );
    const data = ok(await get('/api/blade-system/data-scope/list', { menuId: archive.id, current: '1', size: '10' }));
    expect(data.records.map((r: Json) => r.scopeName)).toEqual(['本部门档案']);
    const tree = ok(await get('/api/blade-system/menu/grant-tree', {}, WEB_CLIENT, web));
    const flat = (n: Json[]): Json[] => n.flatMap((x) => [x, ...flat(x.children ?? [])]);
    expect(flat(tree.dataScope).find((n) => n.title === '本部门档案')?.parentId).toBe(archive.id);
    expect(flat(tree.apiScope).find((n) => n.title === '档案查询')?.parentId).toBe(archive.id);
    // known resources keep their checks
    refused(
      await postJson('/api/blade-system/data-scope/submit', {
        menuId: archive.id,
        resourceCode: 'post',
        scopeName: 'x',
        scopeColumn: 'owner',
        scopeType: 3,
      }),
      '资源 post 没有字段 owner',
    );
  });
});
