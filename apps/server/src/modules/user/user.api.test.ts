/**
 * Users in the BladeX (`/blade-user/*`) and SpringBlade (`/blade-system/user/*`) dialects: paging with the
 * department subtree, display names, create/update/remove with passwords and quota, grant, reset, own password and
 * profile, unlock, state, platform settings, xlsx import (good and bad sheets, all or nothing) and export, the user
 * picker's search, tenant isolation, API scope and data scope.
 */
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, bootTestApp, md5, signInCall, type TestApp } from '../../../test/harness.ts';
import { seededDept, seededPost, seededRole, seededUser } from '../../../test/seeded.ts';
import { postXlsx } from '../../../test/xlsx.ts';
import { param, roleScope, scopeData, tenant, user } from '../../db/schema.ts';
import { invalidateDataScopes } from '../system/index.ts';

let t: TestApp;
let adminToken: string;
const ids: Record<string, string> = {};

const tokenOf = (account: string, password: string, tenantId = '000000') => t.tokenOf(account, password, tenantId);

async function signInReply(account: string, password: string, tenantId = '000000') {
  return (await signInCall(t, account, password, tenantId)).json();
}

const db = () => t.app.ctx.db;
const deptId = async (name: string, tenantId?: string) => (await seededDept(t, name, tenantId)).id;
const roleId = async (alias: string, tenantId?: string) => (await seededRole(t, alias, tenantId)).id;
const postId = async (code: string, tenantId?: string) => (await seededPost(t, code, tenantId)).id;
const userId = async (account: string, tenantId?: string) => (await seededUser(t, account, tenantId))?.id;

beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
  adminToken = t.token!;
  ids.pipeCompany = await deptId('管网分公司');
  ids.patrolTeam = await deptId('管网巡检一班');
  ids.admDept = await deptId('综合管理部');
  ids.operatorRole = await roleId('operator');
  ids.patrolRole = await roleId('patrol');
  ids.inspector = await postId('inspector');
  ids.admin = await userId('admin');
});
afterAll(() => t?.close());

const B = '/api/blade-user';

describe('BladeX users: page, detail, info, search', () => {
  it('pages with display names and never returns a password', async () => {
    const res = await t.get(`${B}/page`, { current: 1, size: 10 });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ current: 1, size: 10 });
    expect(page.total).toBeGreaterThanOrEqual(4);
    for (const r of page.records) expect(r).not.toHaveProperty('password');
    // the demo utility has dozens of staff: the administrator is looked up, not expected on page 1
    const admin = (await t.get(`${B}/page`, { current: 1, size: 10, account: 'admin' })).json().data.records[0];
    expect(admin).toMatchObject({
      tenantName: '管理组',
      roleName: '超级管理员,运营人员',
      deptName: '综合管理部,调度中心',
      postName: '总经理',
      userTypeName: 'WEB',
      sexName: '男',
    });
    for (const r of page.records) expect(r).not.toHaveProperty('password');
    expect(typeof admin.id).toBe('string');
  });

  it('filters by a department and everything below it, and by fields', async () => {
    let res = await t.get(`${B}/page`, { deptId: ids.pipeCompany, size: 200 });
    // the pipe company's people (its patrol teams and repair crews), none of the head office
    const inCompany = res.json().data.records.map((r: any) => r.account);
    expect(inCompany).toContain('patrol');
    expect(inCompany).not.toContain('admin');
    expect(inCompany).not.toContain('auditor');
    res = await t.get(`${B}/page`, { deptId: ids.patrolTeam, account: 'pat' });
    expect(res.json().data.total).toBe(1);
    res = await t.get(`${B}/page`, { realName_equal: '陈静' });
    expect(res.json().data.records[0].account).toBe('auditor');
    res = await t.get(`${B}/page`, { password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('未知的查询字段: password');
    res = await t.get(`${B}/page`, { deptId: 'abc' });
    expect(res.statusCode).toBe(400);
    res = await t.get(`${B}/page`, { current: 0 });
    expect(res.statusCode).toBe(400);
  });

  it('details, platform details and the caller’s info', async () => {
    const id = await userId('operator');
    let res = await t.get(`${B}/detail`, { id });
    expect(res.json().data).toMatchObject({
      account: 'operator',
      realName: '李明',
      roleName: '运营人员',
      deptName: '调度值班组',
    });
    expect(res.json().data).not.toHaveProperty('password');
    res = await t.get(`${B}/detail`, { id: '123' });
    expect(res.json()).toMatchObject({ code: 200, data: null, msg: '暂无承载数据' });

    res = await t.post(`${B}/update-platform`, { userId: id, userType: 1, userExt: '{"wechat":"liming"}' });
    expect(res.json().code).toBe(200);
    res = await t.post(`${B}/update-platform`, { userId: id, userType: 1, userExt: '{"wechat":"liming2"}' });
    res = await t.get(`${B}/platform-detail`, { id });
    expect(res.json().data).toMatchObject({ account: 'operator', userExt: '{"wechat":"liming2"}' });
    res = await t.post(`${B}/update-platform`, { userId: id, userType: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('userType');
    res = await t.post(`${B}/update-platform`, {});
    expect(res.statusCode).toBe(400);
    res = await t.get(`${B}/platform-detail`);
    expect(res.json()).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' });

    res = await t.get(`${B}/info`);
    expect(res.json().data).toMatchObject({ account: 'admin', tenantName: '管理组' });
    expect(res.json().data).not.toHaveProperty('password');
  });

  it('the user picker’s search returns id, realName, avatar, deptName, postName', async () => {
    const res = await t.get(`${B}/search/user`, { current: 1, size: 10, realName: '张' });
    const page = res.json().data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ realName: '张伟', deptName: '管网巡检一班', postName: '管网巡检员' });
    expect(Object.keys(page.records[0])).toEqual(
      expect.arrayContaining(['id', 'realName', 'avatar', 'deptName', 'postName']),
    );
    expect(page.records[0]).not.toHaveProperty('password');
  });
});

describe('BladeX users: writes', () => {
  it('creates with the MD5 the client sends; the account signs in; duplicates and bad fields are 400', async () => {
    let res = await t.post(`${B}/submit`, {
      account: 'zhangsan',
      name: '小张',
      realName: '张三',
      password: await md5('Abc@1234'),
      password2: await md5('Abc@1234'),
      phone: '13912345678',
      email: 'zs@hfwater.example.com',
      sex: 1,
      birthday: '1990-05-01',
      roleId: ids.operatorRole,
      deptId: [ids.patrolTeam],
      postId: ids.inspector,
    });
    expect(res.json()).toMatchObject({ code: 200, success: true });
    expect(await tokenOf('zhangsan', 'Abc@1234')).toBeTruthy();
    const [row] = await db().select().from(user).where(eq(user.account, 'zhangsan'));
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.deptId).toBe(ids.patrolTeam);

    res = await t.post(`${B}/submit`, { account: 'zhangsan', realName: '重复' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('当前用户 [zhangsan] 已存在!');

    const bad: [Record<string, unknown>, string][] = [
      [{ realName: 'x' }, '请输入登录账号'],
      [{ account: '' }, '请输入登录账号'],
      [{ account: 'a b' }, '登录账号不能包含空白或逗号'],
      [{ account: 'p1', phone: '1391234567' }, '手机号码长度不为11位'],
      [{ account: 'p2', phone: '23912345678' }, '手机号码格式不正确'],
      [{ account: 'p3', email: 'not-mail' }, '邮箱格式不正确'],
      [{ account: 'p4', realName: '一二三四五六七八九十一' }, '用户姓名不能超过10个字符'],
      [{ account: 'p5', roleId: '99999' }, '所属角色不存在'],
      [{ account: 'p6', deptId: 'x,y' }, '所属部门含有无效的编号'],
      [{ account: 'p7', sex: 7 }, '性别只能是'],
      [{ account: 'p8', birthday: '1990-13-45' }, '生日不是有效的日期'],
      [{ account: 'p9', password: await md5('a'), password2: await md5('b') }, '两次密码输入不一致'],
    ];
    for (const [body, msg] of bad) {
      res = await t.post(`${B}/submit`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    res = await t.call({
      method: 'POST',
      url: `${B}/submit`,
      headers: { ...authHeaders(adminToken), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
  });

  it('a new account without a password gets the initial password (param account.initPassword, else 123456)', async () => {
    let res = await t.post(`${B}/submit`, { account: 'lisi', realName: '李四', roleId: ids.patrolRole });
    expect(res.json().code).toBe(200);
    expect(await tokenOf('lisi', '123456')).toBeTruthy();
    await db()
      .insert(param)
      .values({ paramName: '初始密码', paramKey: 'account.initPassword', paramValue: 'Init#2024' });
    res = await t.post(`${B}/submit`, { account: 'wangwu', realName: '王五', roleId: ids.patrolRole });
    expect(await tokenOf('wangwu', 'Init#2024')).toBeTruthy();
    res = await t.post(`${B}/reset-password`, undefined, { userIds: await userId('lisi') });
    expect(res.json().code).toBe(200);
    expect(await tokenOf('lisi', 'Init#2024')).toBeTruthy();
    await db().delete(param).where(eq(param.paramKey, 'account.initPassword'));
    res = await t.post(`${B}/reset-password`, { userIds: 'abc' });
    expect(res.statusCode).toBe(400);
    res = await t.post(`${B}/reset-password`, {});
    expect(res.json().msg).toBe('缺少必要的请求参数: userIds');
  });

  it('update and submit with an id keep the password', async () => {
    const id = await userId('zhangsan');
    let res = await t.get(`${B}/detail`, { id });
    const row = res.json().data;
    res = await t.post(`${B}/update`, { ...row, realName: '张三丰', password: await md5('ignored') });
    expect(res.json().code).toBe(200);
    res = await t.post(`${B}/submit`, { ...row, name: '三丰', password: await md5('ignored2') });
    expect(res.json().code).toBe(200);
    res = await t.get(`${B}/detail`, { id });
    expect(res.json().data).toMatchObject({ realName: '张三', name: '三丰' });
    expect(await tokenOf('zhangsan', 'Abc@1234')).toBeTruthy();
    res = await t.post(`${B}/update`, { account: 'nobody' });
    expect(res.json()).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' });
    res = await t.post(`${B}/update`, { id: '42', account: 'nobody' });
    expect(res.json()).toMatchObject({ code: 400, msg: '数据不存在或无权操作' });
  });

  it('grants roles (replacing the old ones) and the user signs in again', async () => {
    const id = await userId('zhangsan');
    const token = await tokenOf('zhangsan', 'Abc@1234');
    let res = await t.post(`${B}/grant`, undefined, { userIds: id, roleIds: `${ids.patrolRole},${ids.operatorRole}` });
    expect(res.json().code).toBe(200);
    res = await t.get(`${B}/detail`, { id });
    expect(res.json().data.roleName).toBe('巡检人员,运营人员');
    res = await t.as(token, () => t.get(`${B}/info`));
    expect(res.statusCode).toBe(401);
    res = await t.post(`${B}/grant`, undefined, { userIds: id, roleIds: '1' });
    expect(res.json()).toMatchObject({ code: 400, msg: '所属角色不存在' });
    res = await t.post(`${B}/grant`, undefined, { userIds: id });
    expect(res.json()).toMatchObject({ code: 400, msg: '缺少必要的请求参数: roleIds' });
  });

  it('changes one’s own password and profile with the spec’s messages', async () => {
    const token = await tokenOf('zhangsan', 'Abc@1234');
    await t.as(token, async () => {
      let res = await t.post(`${B}/update-password`, undefined, {
        oldPassword: await md5('wrong'),
        newPassword: await md5('New#5678'),
        newPassword1: await md5('New#5678'),
      });
      expect(res.json()).toMatchObject({ code: 400, msg: '原密码不正确' });
      res = await t.post(`${B}/update-password`, undefined, {
        oldPassword: await md5('Abc@1234'),
        newPassword: await md5('New#5678'),
        newPassword1: await md5('New#9999'),
      });
      expect(res.json()).toMatchObject({ code: 400, msg: '两次新密码不一致' });
      res = await t.post(`${B}/update-password`, undefined, { oldPassword: await md5('Abc@1234') });
      expect(res.json()).toMatchObject({ code: 400, msg: '缺少必要的请求参数: newPassword' });
      res = await t.post(`${B}/update-password`, undefined, {
        oldPassword: await md5('Abc@1234'),
        newPassword: await md5('New#5678'),
        newPassword1: await md5('New#5678'),
      });
      expect(res.json().code).toBe(200);

      for (const [phone, msg] of [
        ['', '手机号码不能为空'],
        ['139123', '手机号码长度不为11位'],
        ['12345678901', '手机号码格式不正确'],
      ]) {
        res = await t.post(`${B}/update-info`, { realName: '张三', phone });
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toContain(msg);
      }
      res = await t.post(`${B}/update-info`, { realName: '张三' });
      expect(res.json().msg).toContain('手机号码不能为空');
      // the profile page sends the whole info object back: unknown keys are ignored, other users untouched
      res = await t.post(`${B}/update-info`, {
        id: '1',
        account: 'hacker',
        roleId: '1',
        avatar: '/files/a.png',
        realName: '张三',
        name: '老张',
        phone: '13800001111',
        email: 'z3@example.com',
      });
      expect(res.json().code).toBe(200);
      res = await t.get(`${B}/info`);
      expect(res.json().data).toMatchObject({
        account: 'zhangsan',
        avatar: '/files/a.png',
        name: '老张',
        phone: '13800001111',
      });
    });
    expect(await tokenOf('zhangsan', 'New#5678')).toBeTruthy();
  });

  it('unlocks a locked account and toggles the state', async () => {
    for (let i = 0; i < 5; i++) await signInReply('lisi', 'bad-password');
    expect((await signInReply('lisi', 'Init#2024')).error_description).toBe('用户登录失败次数过多,请稍后再试');
    const id = await userId('lisi');
    let res = await t.post(`${B}/unlock`, undefined, { userIds: id });
    expect(res.json().code).toBe(200);
    expect((await signInReply('lisi', 'Init#2024')).access_token).toBeTruthy();

    const token = await tokenOf('lisi', 'Init#2024');
    res = await t.post(`${B}/state`, { userIds: id, status: 0 });
    expect(res.json().data).toEqual([{ id, status: 0 }]);
    expect((await signInReply('lisi', 'Init#2024')).error_description).toBe('该账号已停用,请联系管理员');
    res = await t.as(token, () => t.get(`${B}/info`));
    expect(res.statusCode).toBe(401);
    res = await t.post(`${B}/state`, { userIds: id });
    expect(res.json().data).toEqual([{ id, status: 1 }]);
    expect((await signInReply('lisi', 'Init#2024')).access_token).toBeTruthy();
    res = await t.post(`${B}/state`, { userIds: await userId('admin'), status: 0 });
    expect(res.json()).toMatchObject({ code: 400, msg: '不能停用本账号!' });
    res = await t.post(`${B}/state`, { userIds: id, status: 5 });
    expect(res.statusCode).toBe(400);
  });

  it('removes users (soft) but never the caller', async () => {
    let res = await t.post(`${B}/remove`, undefined, { ids: await userId('admin') });
    expect(res.json()).toMatchObject({ code: 400, msg: '不能删除本账号!' });
    const id = await userId('wangwu');
    const token = await tokenOf('wangwu', 'Init#2024');
    res = await t.post(`${B}/remove`, undefined, { ids: id });
    expect(res.json().code).toBe(200);
    res = await t.get(`${B}/detail`, { id });
    expect(res.json().data).toBeNull();
    res = await t.as(token, () => t.get(`${B}/info`));
    expect(res.statusCode).toBe(401);
    // the account is free again
    res = await t.post(`${B}/submit`, { account: 'wangwu', realName: '王五' });
    expect(res.json().code).toBe(200);
  });

  it('refuses a new account beyond the tenant’s quota', async () => {
    const t100 = await tokenOf('admin', 'admin', '100001');
    const { rows } = await db().execute<{ n: string }>(
      sql`select count(*)::text as n from blade_user where tenant_id = '100001' and is_deleted = 0`,
    );
    const n = rows[0].n;
    await db()
      .update(tenant)
      .set({ accountNumber: Number(n) })
      .where(eq(tenant.tenantId, '100001'));
    let res = await t.as(t100, () => t.post(`${B}/submit`, { account: 'over', realName: '超额' }));
    expect(res.json()).toMatchObject({ code: 400, msg: '当前租户已到最大账号额度' });
    // an import counts the whole sheet: two rows with room for one are refused, nothing written
    await db()
      .update(tenant)
      .set({ accountNumber: Number(n) + 1 })
      .where(eq(tenant.tenantId, '100001'));
    const sheetRows = [
      ['', 'quota1', '', '', '', '', '', '', '', '', '', '', ''],
      ['', 'quota2', '', '', '', '', '', '', '', '', '', '', ''],
    ];
    res = await upload(`${B}/import-user`, await sheet(sheetRows), undefined, t100);
    expect(res.json()).toMatchObject({ code: 400, msg: '当前租户已到最大账号额度' });
    expect(await userId('quota1', '100001')).toBeUndefined();
    res = await upload(`${B}/import-user`, await sheet(sheetRows.slice(0, 1)), undefined, t100);
    expect(res.json()).toMatchObject({ code: 200, data: { inserted: 1 } });
    await db().update(tenant).set({ accountNumber: -1 }).where(eq(tenant.tenantId, '100001'));
  });
});

describe('tenant isolation, API scope and data scope', () => {
  it('tenant 100001’s administrator neither sees nor touches tenant 000000 users', async () => {
    const t100 = await tokenOf('admin', 'admin', '100001');
    const operator = await userId('operator');
    await t.as(t100, async () => {
      let res = await t.get(`${B}/page`, { size: 100 });
      const accounts = res.json().data.records.map((r: any) => `${r.tenantId}:${r.account}`);
      expect(accounts).toContain('100001:admin');
      expect(accounts.every((a: string) => a.startsWith('100001:'))).toBe(true);
      res = await t.get(`${B}/page`, { tenantId: '000000' });
      expect(res.json().data.records.every((r: any) => r.tenantId === '100001')).toBe(true);
      res = await t.get(`${B}/detail`, { id: operator });
      expect(res.json().data).toBeNull();
      res = await t.get(`${B}/platform-detail`, { id: operator });
      expect(res.json().data).toBeNull();
      for (const [url, body, query] of [
        [`${B}/remove`, undefined, { ids: operator }],
        [`${B}/reset-password`, undefined, { userIds: operator }],
        [`${B}/grant`, undefined, { userIds: operator, roleIds: await roleId('administrator', '100001') }],
        [`${B}/unlock`, undefined, { userIds: operator }],
        [`${B}/state`, { userIds: operator, status: 0 }, undefined],
        [`${B}/update-platform`, { userId: operator, userType: 1, userExt: 'x' }, undefined],
        [`${B}/submit`, { id: operator, account: 'operator', realName: '改名' }, undefined],
        ['/api/blade-system/user/remove', undefined, { ids: operator }],
      ] as const) {
        res = await t.post(url, body, query as any);
        expect(res.json(), url).toMatchObject({ code: 400, msg: '数据不存在或无权操作' });
      }
      // the same account name is free in another tenant
      res = await t.post(`${B}/submit`, { account: 'operator', realName: '肥西运营' });
      expect(res.json().code).toBe(200);
    });
    const res = await t.get(`${B}/detail`, { id: operator });
    expect(res.json().data).toMatchObject({ realName: '李明', status: 1 });
  });

  it('a non-administrator role is refused user administration (API scope) but keeps its own profile', async () => {
    const token = await tokenOf('operator', 'operator');
    await t.as(token, async () => {
      let res = await t.get(`${B}/page`);
      expect(res.statusCode).toBe(200);
      for (const [url, body] of [
        [`${B}/submit`, { account: 'x1' }],
        [`${B}/remove`, { ids: '1' }],
        [`${B}/grant`, { userIds: '1', roleIds: '1' }],
        [`${B}/reset-password`, { userIds: '1' }],
        [`${B}/unlock`, { userIds: '1' }],
        [`${B}/state`, { userIds: '1' }],
        [`${B}/import-user`, {}],
        ['/api/blade-system/user/submit', { account: 'x1' }],
      ] as const) {
        res = await t.post(url, body);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ code: 403, msg: '无权访问' });
      }
      res = await t.post(`${B}/update-info`, { realName: '李明', phone: '13855100002' });
      expect(res.json().code).toBe(200);
      // `update` (Saber's profile form): one's own profile fields only; anyone else's record is refused
      const me = await userId('operator');
      res = await t.post('/api/blade-system/user/update', {
        id: me,
        realName: '李明',
        phone: '13855100002',
        roleId: ids.patrolRole,
        account: 'renamed',
      });
      expect(res.json().code).toBe(200);
      res = await t.get(`${B}/detail`, { id: me });
      expect(res.json().data).toMatchObject({ account: 'operator', roleId: ids.operatorRole });
      res = await t.post('/api/blade-system/user/update', { id: me, realName: '李明', phone: '123' });
      expect(res.json().msg).toContain('手机号码长度不为11位');
      for (const url of [`${B}/update`, '/api/blade-system/user/update']) {
        res = await t.post(url, { id: ids.admin, realName: 'x' });
        expect(res.statusCode, url).toBe(403);
      }
    });
  });

  it('a data scope limits what a role sees', async () => {
    const [menuRow] = (
      await db().execute<{ id: string }>(sql`select id::text as id from blade_menu where code = 'user'`)
    ).rows;
    const [scope] = await db()
      .insert(scopeData)
      .values({
        menuId: menuRow.id,
        resourceCode: 'user',
        scopeName: '巡检员',
        scopeType: 5,
        scopeValue: "account == 'patrol' || account == 'operator'",
      })
      .returning();
    await db().insert(roleScope).values({ scopeCategory: 1, scopeId: scope.id, roleId: ids.operatorRole });
    await invalidateDataScopes(t.app.ctx);
    const token = await tokenOf('operator', 'operator');
    const res = await t.as(token, () => t.get(`${B}/page`, { size: 100 }));
    expect(
      res
        .json()
        .data.records.map((r: any) => r.account)
        .sort(),
    ).toEqual(['operator', 'patrol']);
    const hidden = await t.as(token, () => t.get(`${B}/detail`, { id: ids.admin }));
    expect(hidden.json().data).toBeNull();
    await db().delete(roleScope).where(eq(roleScope.scopeId, scope.id));
    await invalidateDataScopes(t.app.ctx);
  });
});

async function sheet(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户数据表');
  ws.addRow([
    '租户编号',
    '账户',
    '用户编号',
    '昵称',
    '姓名',
    '性别',
    '用户平台',
    '邮箱',
    '手机',
    '生日',
    '角色名称',
    '部门名称',
    '岗位名称',
  ]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(url: string, buf: Buffer, query?: Record<string, string>, token = adminToken) {
  return postXlsx(t, url, buf, 'users.xlsx', query, authHeaders(token));
}

describe('xlsx import and export', () => {
  it('serves a template readable by exceljs', async () => {
    const res = await t.get(`${B}/export-template`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('用户数据模板.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    expect(wb.worksheets[0].getRow(1).getCell(2).value).toBe('账户');
  });

  it('imports a good sheet, and nothing of a sheet with a bad row', async () => {
    const before = (await t.get(`${B}/page`)).json().data.total;
    let res = await upload(
      `${B}/import-user`,
      await sheet([
        [
          '000000',
          'imp01',
          'IMP01',
          '阿一',
          '导入一',
          '男',
          'WEB',
          'imp01@example.com',
          '13900000001',
          '1991-02-03',
          '运营人员',
          '调度值班组',
          '调度员',
        ],
        [
          '',
          'imp02',
          '',
          '',
          '导入二',
          '女',
          '',
          '',
          '',
          new Date(1992, 3, 4),
          '巡检人员,运营人员',
          '管网巡检一班',
          '',
        ],
      ]),
    );
    expect(res.json()).toMatchObject({ code: 200, data: { inserted: 2, updated: 0 } });
    res = await t.get(`${B}/detail`, { id: await userId('imp02') });
    expect(res.json().data).toMatchObject({
      realName: '导入二',
      sex: 2,
      roleName: '巡检人员,运营人员',
      deptName: '管网巡检一班',
      birthday: '1992-04-04 00:00:00',
    });
    expect(await tokenOf('imp01', '123456')).toBeTruthy();

    res = await upload(
      `${B}/import-user`,
      await sheet([
        ['', 'imp03', '', '', '导入三', '', '', '', '', '', '运营人员', '', ''],
        ['', 'imp04', '', '', '导入四', '', '', 'bad-mail', '1390000', '', '不存在的角色', '', ''],
        ['', '', '', '', '无账户', '', '', '', '', '', '', '', ''],
        ['', 'imp03', '', '', '重复', '', '', '', '', '', '', '', ''],
        ['100001', 'imp05', '', '', '', '', '', '', '', '', '', '', ''],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const msg: string = res.json().msg;
    expect(msg).toContain('未写入任何数据');
    expect(msg).toContain('第3行: 手机号码长度不为11位, 邮箱格式不正确, 角色 [不存在的角色] 不存在');
    expect(msg).toContain('第4行: 账户不能为空');
    expect(msg).toContain('第5行: 账户 [imp03] 与第2行重复');
    expect(msg).toContain('第6行: 租户编号 [100001] 不是当前租户');
    expect(await userId('imp03')).toBeUndefined();
    expect((await t.get(`${B}/page`)).json().data.total).toBe(before + 2);

    // an existing account: refused unless covered
    res = await upload(
      `${B}/import-user`,
      await sheet([['', 'imp01', '', '', '改名一', '', '', '', '', '', '', '', '']]),
    );
    expect(res.json()).toMatchObject({ code: 400 });
    expect(res.json().msg).toContain('第2行: 账户 [imp01] 已存在');
    res = await upload(
      `${B}/import-user`,
      await sheet([['', 'imp01', '', '', '改名一', '', '', '', '', '', '', '', '']]),
      { isCovered: '1' },
    );
    expect(res.json()).toMatchObject({ code: 200, data: { inserted: 0, updated: 1 } });
    res = await t.get(`${B}/detail`, { id: await userId('imp01') });
    expect(res.json().data).toMatchObject({ realName: '改名一', roleName: '运营人员', phone: '13900000001' });
  });

  it('refuses what is not an xlsx upload with a clear message', async () => {
    let res = await upload(`${B}/import-user`, Buffer.from('not a workbook'));
    expect(res.json()).toMatchObject({ code: 400, msg: '导入失败: 文件不是有效的 xlsx 文件' });
    res = await t.post(`${B}/import-user`, { file: 'x' });
    expect(res.statusCode).toBe(400);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['姓名']);
    res = await upload(`${B}/import-user`, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.json().msg).toBe('导入失败: 模板不正确, 缺少列 账户');
  });

  it('exports the filtered users as a streamed xlsx with its file name', async () => {
    let res = await t.get(`${B}/export-user`, { account_likeright: 'imp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/用户数据\d{14}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('用户数据表');
    const rows: string[][] = [];
    ws.eachRow((r) =>
      rows.push((r.values as any[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)))),
    );
    expect(rows[0].slice(0, 5)).toEqual(['租户编号', '账户', '用户编号', '昵称', '姓名']);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['imp01', 'imp02']);
    const imp02 = rows.find((r) => r[1] === 'imp02')!;
    expect(imp02).toEqual(expect.arrayContaining(['巡检人员,运营人员', '管网巡检一班', '1992-04-04', '女']));
    res = await t.get(`${B}/export-user`, { nope: '1' });
    expect(res.json()).toMatchObject({ code: 400, msg: '未知的查询字段: nope' });
  });
});

describe('SpringBlade dialect: /blade-system/user', () => {
  const S = '/api/blade-system/user';
  it('serves the same users and calls', async () => {
    let res = await t.get(`${S}/list`, { current: 1, size: 200, deptId: ids.pipeCompany });
    expect(res.json().data.records.map((r: any) => r.account)).toContain('patrol');
    expect(res.json().data.records[0]).not.toHaveProperty('password');
    res = await t.post(`${S}/submit`, {
      account: 'sword01',
      realName: '剑一',
      password: 'plain-pass',
      roleId: ids.operatorRole,
    });
    expect(res.json().code).toBe(200);
    expect(await tokenOf('sword01', 'plain-pass')).toBeTruthy();
    const id = await userId('sword01');
    res = await t.get(`${S}/detail`, { id });
    const row = res.json().data;
    expect(row).toMatchObject({ account: 'sword01', tenantName: '管理组' });
    res = await t.post(`${S}/update`, { ...row, realName: '剑二' });
    expect(res.json().code).toBe(200);
    res = await t.post(`${S}/grant`, undefined, { userIds: id, roleIds: ids.patrolRole });
    expect(res.json().code).toBe(200);
    res = await t.post(`${S}/reset-password`, undefined, { userIds: id });
    expect(res.json().code).toBe(200);
    const token = await tokenOf('sword01', '123456');
    await t.as(token, async () => {
      res = await t.get(`${S}/info`);
      expect(res.json().data).toMatchObject({ account: 'sword01', realName: '剑二', roleName: '巡检人员' });
      res = await t.post(`${S}/update-info`, { phone: '13700001234', realName: '剑三' });
      expect(res.json().code).toBe(200);
      res = await t.post(`${S}/update-password`, undefined, {
        oldPassword: await md5('123456'),
        newPassword: await md5('x1'),
        newPassword1: await md5('x1'),
      });
      expect(res.json().code).toBe(200);
    });
    res = await t.post(`${S}/remove`, undefined, { ids: id });
    expect(res.json().code).toBe(200);
    res = await t.get(`${S}/detail`, { id });
    expect(res.json().data).toBeNull();
  });
});
