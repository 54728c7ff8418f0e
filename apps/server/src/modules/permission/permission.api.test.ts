/**
 * The JNPF permission families over the same organisation data as the BladeX calls: Users, Users/Current,
 * Organize and Department, Role, Position, Authority (Data and Model), UserRelation, and the online users with
 * forced sign-out. Envelope `{ code, msg, data }`, paged `{ list, pagination }`, selector trees.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, bootTestApp, md5, type TestApp } from '../../../test/harness.ts';
import { seededDept, seededPost, seededRole, seededUser } from '../../../test/seeded.ts';
import { menu } from '../../db/schema.ts';
import { flushLogs } from '../log/index.ts';

let t: TestApp;
let adminToken: string;
const ids: Record<string, string> = {};
const P = '/api/permission';

const tokenOf = (account: string, password: string, tenantId = '000000') => t.tokenOf(account, password, tenantId);
const db = () => t.app.ctx.db;
const one = async <T>(p: Promise<T[]>) => (await p)[0];

beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
  adminToken = t.token!;
  ids.company = (await seededDept(t, '合肥水务集团')).id;
  ids.pipeCompany = (await seededDept(t, '管网分公司')).id;
  ids.patrolTeam = (await seededDept(t, '管网巡检一班')).id;
  ids.operatorRole = (await seededRole(t, 'operator')).id;
  ids.dispatcher = (await seededPost(t, 'dispatcher')).id;
  ids.operator = (await seededUser(t, 'operator')).id;
  ids.patrol = (await seededUser(t, 'patrol')).id;
  ids.admin = (await seededUser(t, 'admin')).id;
  ids.userMenu = (await one(db().select({ id: menu.id }).from(menu).where(eq(menu.code, 'user')))).id;
  ids.userAddButton = (await one(db().select({ id: menu.id }).from(menu).where(eq(menu.code, 'user_add')))).id;
});
afterAll(() => t?.close());

describe('JNPF Users', () => {
  it('lists users paged with keyword and organisation, in the JNPF envelope', async () => {
    let res = await t.get(`${P}/Users`, { keyword: '张', currentPage: 1, pageSize: 5 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 200,
      msg: 'Success',
      data: { pagination: { currentPage: 1, pageSize: 5, total: 1 } },
    });
    expect(body.data.list[0]).toMatchObject({
      account: 'patrol',
      realName: '张伟',
      organize: '管网巡检一班',
      position: '管网巡检员',
      enabledMark: 1,
    });
    expect(body.data.list[0]).not.toHaveProperty('password');
    res = await t.get(`${P}/Users`, { organizeId: ids.pipeCompany, pageSize: 100 });
    const inCompany = res.json().data.list.map((u: any) => u.account);
    expect(inCompany).toContain('patrol');
    expect(inCompany).not.toContain('admin');
    res = await t.get(`${P}/Users`, { sidx: 'account', sort: 'asc', pageSize: 100 });
    const accounts = res.json().data.list.map((u: any) => u.account);
    expect(accounts).toEqual([...accounts].sort());
    for (const q of [{ currentPage: 'x' }, { pageSize: -1 }, { sidx: 'password' }, { sidx: 'account', sort: 'up' }]) {
      res = await t.get(`${P}/Users`, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(typeof res.json().msg).toBe('string');
    }
  });

  it('creates, reads, updates, resets, toggles and deletes a user', async () => {
    let res = await t.post(`${P}/Users`, {
      account: 'jnpf01',
      realName: '杰一',
      nickName: '小杰',
      gender: 1,
      mobilePhone: '13600001111',
      email: 'j1@example.com',
      organizeId: ids.patrolTeam,
      positionId: ids.dispatcher,
      roleId: ids.operatorRole,
      managerId: ids.operator,
      birthday: new Date(1995, 0, 2).getTime(),
    });
    expect(res.json()).toMatchObject({ code: 200, msg: '新建成功', data: null });
    res = await t.get(`${P}/Users`, { keyword: 'jnpf01' });
    const id = res.json().data.list[0].id;
    ids.jnpf01 = id;
    res = await t.get(`${P}/Users/${id}`);
    expect(res.json().data).toMatchObject({
      account: 'jnpf01',
      realName: '杰一',
      nickName: '小杰',
      gender: 1,
      mobilePhone: '13600001111',
      organizeId: ids.patrolTeam,
      organize: '管网巡检一班',
      position: '调度员',
      roleName: '运营人员',
      managerId: ids.operator,
      birthday: '1995-01-02 00:00:00',
    });
    // the same record through the BladeX dialect
    res = await t.get('/api/blade-user/detail', { id });
    expect(res.json().data).toMatchObject({ account: 'jnpf01', name: '小杰', phone: '13600001111' });
    expect(await tokenOf('jnpf01', '123456')).toBeTruthy();

    res = await t.post(`${P}/Users`, { account: 'jnpf01', realName: 'x' });
    expect(res.json()).toMatchObject({ code: 400, msg: '当前用户 [jnpf01] 已存在!' });
    res = await t.post(`${P}/Users`, { account: 'jnpf02', mobilePhone: '1360000' });
    expect(res.json().msg).toContain('手机号码长度不为11位');
    res = await t.post(`${P}/Users`, { account: 'jnpf02', managerId: '1' });
    expect(res.json()).toMatchObject({ code: 400, msg: '直属主管不存在' });
    res = await t.post(`${P}/Users`, [1]);
    expect(res.json()).toMatchObject({ code: 400, msg: '请求体必须是 JSON 对象' });

    const info = (await t.get(`${P}/Users/${id}`)).json().data;
    res = await t.put(`${P}/Users/${id}`, { ...info, realName: '杰二', managerId: id });
    expect(res.json()).toMatchObject({ code: 400, msg: '直属主管不能是自己' });
    res = await t.put(`${P}/Users/${id}`, { ...info, realName: '杰二', managerId: '' });
    expect(res.json()).toMatchObject({ code: 200, msg: '更新成功' });
    res = await t.get(`${P}/Users/${id}`);
    expect(res.json().data).toMatchObject({ realName: '杰二', managerId: null });

    res = await t.post(`${P}/Users/${id}/Actions/ResetPassword`, {
      userPassword: await md5('Reset#1'),
      validatePassword: await md5('Reset#2'),
    });
    expect(res.json()).toMatchObject({ code: 400, msg: '两次密码输入不一致' });
    res = await t.post(`${P}/Users/${id}/Actions/ResetPassword`, {
      userPassword: await md5('Reset#1'),
      validatePassword: await md5('Reset#1'),
    });
    expect(res.json()).toMatchObject({ code: 200 });
    expect(await tokenOf('jnpf01', 'Reset#1')).toBeTruthy();

    res = await t.put(`${P}/Users/${id}/Actions/State`);
    expect(res.json().code).toBe(200);
    expect((await t.get(`${P}/Users/${id}`)).json().data.enabledMark).toBe(0);
    res = await t.put(`${P}/Users/${id}/Actions/State`, { enabledMark: 1 });
    expect((await t.get(`${P}/Users/${id}`)).json().data.enabledMark).toBe(1);
    res = await t.put(`${P}/Users/${id}/Actions/State`, { enabledMark: 3 });
    expect(res.statusCode).toBe(400);

    res = await t.get(`${P}/Users/abc`);
    expect(res.statusCode).toBe(400);
    res = await t.get(`${P}/Users/123`);
    expect(res.json()).toMatchObject({ code: 200, data: null });
    res = await t.del(`${P}/Users/${ids.admin}`);
    expect(res.json()).toMatchObject({ code: 400, msg: '不能删除本账号!' });
  });

  it('All, Selector, ImUser, ImUser/Selector and getUserList', async () => {
    let res = await t.get(`${P}/Users/All`);
    expect(res.json().data.list.map((u: any) => u.account)).toEqual(
      expect.arrayContaining(['admin', 'operator', 'patrol']),
    );

    res = await t.get(`${P}/Users/Selector`);
    const tree = res.json().data.list;
    const find = (nodes: any[], id: string): any => {
      for (const n of nodes) {
        if (n.id === id) return n;
        const hit = n.children && find(n.children, id);
        if (hit) return hit;
      }
    };
    const team = find(tree, ids.patrolTeam);
    expect(team).toMatchObject({ fullName: '管网巡检一班', type: 'department' });
    expect(team.children.map((c: any) => c.fullName)).toContain('张伟/patrol');
    expect(find(tree, ids.company)).toMatchObject({ type: 'company', parentId: '0' });

    res = await t.get(`${P}/Users/ImUser`, { keyword: 'operator' });
    expect(res.json().data.list[0]).toMatchObject({ account: 'operator', department: '调度值班组' });
    expect(res.json().data.pagination.total).toBe(1);

    res = await t.post(`${P}/Users/ImUser/Selector/0`, {});
    expect(res.json().data.list.map((n: any) => n.fullName)).toContain('合肥水务集团');
    res = await t.post(`${P}/Users/ImUser/Selector/${ids.pipeCompany}`, {});
    const level = res.json().data.list;
    expect(level.find((n: any) => n.id === ids.patrolTeam)).toMatchObject({ type: 'department', hasChildren: true });
    res = await t.post(`${P}/Users/ImUser/Selector/${ids.patrolTeam}`, {});
    expect(res.json().data.list.map((n: any) => n.fullName)).toContain('张伟/patrol');
    res = await t.post(`${P}/Users/ImUser/Selector/0`, { keyword: '张伟' });
    expect(res.json().data.list).toHaveLength(1);

    res = await t.post(`${P}/Users/getUserList`, { userId: [ids.operator, ids.patrol] });
    expect(
      res
        .json()
        .data.list.map((u: any) => u.account)
        .sort(),
    ).toEqual(['operator', 'patrol']);
    res = await t.post(`${P}/Users/getUserList`, { userId: 'x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('JNPF Users/Current', () => {
  it('reads and updates one’s own base info, avatar, theme and language; changes the password', async () => {
    const token = await tokenOf('operator', 'operator');
    await t.as(token, async () => {
      let res = await t.get(`${P}/Users/Current/BaseInfo`);
      expect(res.json().data).toMatchObject({
        account: 'operator',
        realName: '李明',
        organize: '调度值班组',
        roleName: '运营人员',
      });
      res = await t.put(`${P}/Users/Current/BaseInfo`, { mobilePhone: '' });
      expect(res.json().msg).toContain('手机号码不能为空');
      res = await t.put(`${P}/Users/Current/BaseInfo`, { mobilePhone: '12345678901' });
      expect(res.json().msg).toContain('手机号码格式不正确');
      res = await t.put(`${P}/Users/Current/BaseInfo`, {
        realName: '李明明',
        mobilePhone: '13855100099',
        gender: 1,
        email: 'lm@example.com',
      });
      expect(res.json()).toMatchObject({ code: 200, msg: '更新成功' });
      res = await t.put(`${P}/Users/Current/BaseInfo`, {});
      expect(res.statusCode).toBe(400);
      res = await t.put(`${P}/Users/Current/Avatar/${encodeURIComponent('/files/avatar/lm.png')}`);
      expect(res.json().code).toBe(200);
      res = await t.put(`${P}/Users/Current/SystemTheme`, { theme: 'classic' });
      expect(res.json().code).toBe(200);
      res = await t.put(`${P}/Users/Current/SystemLanguage`, { language: 'en' });
      expect(res.json().code).toBe(200);
      res = await t.put(`${P}/Users/Current/SystemLanguage`, { language: 'en; drop' });
      expect(res.statusCode).toBe(400);
      res = await t.put(`${P}/Users/Current/SystemTheme`, {});
      expect(res.json().msg).toBe('缺少必要的请求参数: theme');
      res = await t.get(`${P}/Users/Current/BaseInfo`);
      expect(res.json().data).toMatchObject({
        realName: '李明明',
        mobilePhone: '13855100099',
        headIcon: '/files/avatar/lm.png',
        theme: 'classic',
        language: 'en',
      });

      res = await t.post(`${P}/Users/Current/Actions/ModifyPassword`, {
        oldPassword: await md5('nope'),
        password: await md5('Op#2'),
      });
      expect(res.json()).toMatchObject({ code: 400, msg: '原密码不正确' });
      res = await t.post(`${P}/Users/Current/Actions/ModifyPassword`, {
        oldPassword: await md5('operator'),
        password: await md5('Op#2'),
      });
      expect(res.json().code).toBe(200);
    });
    expect(await tokenOf('operator', 'Op#2')).toBeTruthy();
  });

  it('lists subordinates, authority and the sign-in log', async () => {
    // jnpf01's manager becomes operator, patrol's manager jnpf01
    let res = await t.put(`${P}/Users/${ids.jnpf01}`, {
      ...(await t.get(`${P}/Users/${ids.jnpf01}`)).json().data,
      managerId: ids.operator,
    });
    expect(res.json().code).toBe(200);
    res = await t.put(`${P}/Users/${ids.patrol}`, {
      ...(await t.get(`${P}/Users/${ids.patrol}`)).json().data,
      managerId: ids.jnpf01,
    });
    expect(res.json().code).toBe(200);
    const token = await tokenOf('operator', 'Op#2');
    await t.as(token, async () => {
      res = await t.get(`${P}/Users/Current/Subordinate/0`);
      expect(res.json().data).toEqual([
        expect.objectContaining({ id: ids.jnpf01, userName: '杰二/jnpf01', isLeaf: false }),
      ]);
      res = await t.get(`${P}/Users/Current/Subordinate/${ids.jnpf01}`);
      expect(res.json().data).toEqual([expect.objectContaining({ id: ids.patrol, isLeaf: true })]);

      res = await t.get(`${P}/Users/Current/Authorize`);
      const a = res.json().data;
      expect(JSON.stringify(a.module)).toContain('用户管理');
      expect(a.button.map((b: any) => b.enCode)).toContain('user_view');
      expect(a.button.map((b: any) => b.enCode)).not.toContain('user_add');

      res = await t.get(`${P}/Users/Current/SystemLog`, { currentPage: 1, pageSize: 10 });
      expect(res.json().data.pagination.total).toBeGreaterThanOrEqual(2);
      expect(res.json().data.list[0]).toMatchObject({ account: 'operator' });
      res = await t.get(`${P}/Users/Current/SystemLog`, { startTime: 'yesterday' });
      expect(res.statusCode).toBe(400);
      await flushLogs(t.app.ctx);
      res = await t.get(`${P}/Users/Current/SystemLog`, { category: 3, pageSize: 50 });
      const ops = res.json().data.list;
      expect(ops.map((r: any) => r.requestURL)).toContain('/api/permission/Users/Current/BaseInfo');
      expect(ops[0]).toMatchObject({ account: 'operator', requestMethod: expect.any(String) });
      res = await t.get(`${P}/Users/Current/SystemLog`, { category: 9 });
      expect(res.statusCode).toBe(400);
    });
  });
});

describe('JNPF Organize, Department, Role, Position', () => {
  it('organisations: CRUD, tree, selector, state, and refusals', async () => {
    let res = await t.post(`${P}/Organize`, {
      parentId: ids.company,
      fullName: '肥东分公司',
      sortCode: 9,
      description: '新设',
    });
    expect(res.json()).toMatchObject({ code: 200, msg: '新建成功' });
    res = await t.get(`${P}/Organize`, { keyword: '肥东' });
    const org = res.json().data.list[0];
    expect(org).toMatchObject({
      fullName: '肥东分公司',
      parentId: ids.company,
      category: 'company',
      sortCode: 9,
      enabledMark: 1,
    });
    res = await t.get(`${P}/Organize`);
    expect(res.json().data.list[0]).toMatchObject({
      fullName: '合肥水务集团',
      children: [expect.objectContaining({ fullName: '肥东分公司' })],
    });
    res = await t.get(`${P}/Organize/Tree`);
    expect(res.json().data.list[0].children.map((c: any) => c.fullName)).toEqual(['肥东分公司']);
    res = await t.get(`${P}/Organize/Selector`);
    expect(JSON.stringify(res.json().data.list)).toContain('管网巡检一班');
    res = await t.get(`${P}/Organize/Selector/${org.id}`);
    expect(JSON.stringify(res.json().data.list)).not.toContain('肥东分公司');

    res = await t.put(`${P}/Organize/${org.id}`, { ...org, fullName: '肥东供水分公司' });
    expect(res.json().msg).toBe('更新成功');
    res = await t.get(`${P}/Organize/${org.id}`);
    expect(res.json().data.fullName).toBe('肥东供水分公司');
    res = await t.put(`${P}/Organize/${org.id}`, { ...org, parentId: org.id });
    expect(res.json()).toMatchObject({ code: 400, msg: '上级机构不能是自己或自己的下级' });
    res = await t.put(`${P}/Organize/${org.id}/Actions/State`);
    expect((await t.get(`${P}/Organize/${org.id}`)).json().data.enabledMark).toBe(0);
    res = await t.post(`${P}/Organize`, { parentId: ids.pipeCompany, fullName: '挂在部门下的公司' });
    expect(res.json()).toMatchObject({ code: 400, msg: '公司的上级只能是公司' });
    res = await t.post(`${P}/Organize`, { fullName: '' });
    expect(res.json().msg).toContain('请输入名称');

    // departments of the new company
    res = await t.post(`${P}/Organize/Department`, { organizeId: org.id, fullName: '营业所', sortCode: 1 });
    expect(res.json().msg).toBe('新建成功');
    res = await t.get(`${P}/Organize/${org.id}/Department`);
    const d = res.json().data.list[0];
    expect(d).toMatchObject({ fullName: '营业所', parentId: org.id, category: 'department' });
    res = await t.post(`${P}/Organize/Department`, { parentId: d.id, fullName: '抄表班' });
    res = await t.get(`${P}/Organize/${org.id}/Department`, { keyword: '抄表' });
    expect(res.json().data.list.map((x: any) => x.fullName)).toEqual(['抄表班']);
    res = await t.get(`${P}/Organize/${ids.company}/Department`);
    expect(JSON.stringify(res.json().data.list)).toContain('管网巡检一班');
    expect(JSON.stringify(res.json().data.list)).not.toContain('营业所');
    res = await t.get(`${P}/Organize/Department/Selector`);
    expect(JSON.stringify(res.json().data.list)).toContain('抄表班');
    res = await t.get(`${P}/Organize/Department/${d.id}`);
    expect(res.json().data.fullName).toBe('营业所');
    res = await t.put(`${P}/Organize/Department/${d.id}`, { ...d, fullName: '营业厅' });
    expect(res.json().msg).toBe('更新成功');
    res = await t.put(`${P}/Organize/Department/${d.id}/Actions/State`, { enabledMark: 0 });
    expect((await t.get(`${P}/Organize/Department/${d.id}`)).json().data.enabledMark).toBe(0);
    res = await t.del(`${P}/Organize/Department/${d.id}`);
    expect(res.json()).toMatchObject({ code: 400, msg: '请先删除子节点' });
    res = await t.del(`${P}/Organize/${ids.patrolTeam}`);
    expect(res.json()).toMatchObject({ code: 400, msg: '该机构下存在用户，无法删除' });
    const sub = (await t.get(`${P}/Organize/${org.id}/Department`, { keyword: '抄表' })).json().data.list[0];
    expect((await t.del(`${P}/Organize/Department/${sub.id}`)).json().msg).toBe('删除成功');
    expect((await t.del(`${P}/Organize/Department/${d.id}`)).json().msg).toBe('删除成功');
    expect((await t.del(`${P}/Organize/${org.id}`)).json().msg).toBe('删除成功');
    res = await t.get(`${P}/Organize/${org.id}`);
    expect(res.json().data).toBeNull();
  });

  it('roles and positions: paged lists, CRUD, state, selectors, in-use refusals', async () => {
    let res = await t.get(`${P}/Role`, { currentPage: 1, pageSize: 2 });
    expect(res.json().data.pagination).toMatchObject({ currentPage: 1, pageSize: 2, total: 4 });
    res = await t.post(`${P}/Role`, { fullName: '抄表员', enCode: 'reader', sortCode: 5 });
    expect(res.json().msg).toBe('新建成功');
    res = await t.post(`${P}/Role`, { fullName: '抄表员2', enCode: 'reader' });
    expect(res.json()).toMatchObject({ code: 400, msg: '角色别名已存在' });
    res = await t.get(`${P}/Role`, { keyword: 'reader' });
    const r = res.json().data.list[0];
    expect(r).toMatchObject({ fullName: '抄表员', enCode: 'reader', sortCode: 5, enabledMark: 1 });
    res = await t.put(`${P}/Role/${r.id}`, { ...r, fullName: '抄表人员' });
    expect((await t.get(`${P}/Role/${r.id}`)).json().data.fullName).toBe('抄表人员');
    await t.put(`${P}/Role/${r.id}/Actions/State`);
    expect((await t.get(`${P}/Role/${r.id}`)).json().data.enabledMark).toBe(0);
    res = await t.get(`${P}/Role/Selector`);
    expect(res.json().data.list.map((x: any) => x.enCode)).not.toContain('reader');
    res = await t.del(`${P}/Role/${ids.operatorRole}`);
    expect(res.json()).toMatchObject({ code: 400, msg: '该角色已分配给用户，无法删除' });
    expect((await t.del(`${P}/Role/${r.id}`)).json().msg).toBe('删除成功');

    res = await t.post(`${P}/Position`, { fullName: '抄表员', enCode: 'reader', type: 3, sortCode: 7 });
    expect(res.json().msg).toBe('新建成功');
    res = await t.post(`${P}/Position`, { fullName: '抄表员', enCode: 'reader2' });
    expect(res.json()).toMatchObject({ code: 400, msg: '岗位名称已存在' });
    res = await t.get(`${P}/Position`, { keyword: 'reader' });
    const p = res.json().data.list[0];
    expect(p).toMatchObject({ fullName: '抄表员', enCode: 'reader', type: 3, typeName: '基层' });
    res = await t.get(`${P}/Position/Selector`);
    const group = res.json().data.list.find((g: any) => g.id === 'category_3');
    expect(group.children.map((c: any) => c.fullName)).toContain('抄表员');
    res = await t.put(`${P}/Position/${p.id}`, { ...p, fullName: '抄表工' });
    expect((await t.get(`${P}/Position/${p.id}`)).json().data.fullName).toBe('抄表工');
    res = await t.put(`${P}/Position/${p.id}/Actions/State`);
    expect(res.json().code).toBe(200);
    res = await t.del(`${P}/Position/${ids.dispatcher}`);
    expect(res.json()).toMatchObject({ code: 400, msg: '该岗位已分配给用户，无法删除' });
    expect((await t.del(`${P}/Position/${p.id}`)).json().msg).toBe('删除成功');
    res = await t.post(`${P}/Position`, { fullName: 'x', enCode: 'toolongcode-xyz' });
    expect(res.json().msg).toContain('岗位编号不能超过12个字符');
  });
});

describe('JNPF Authority and UserRelation', () => {
  it('per-object values, update, batch, and model authority', async () => {
    let res = await t.post(`${P}/Authority/Data/${ids.dispatcher}/Values`, {});
    const v = res.json().data;
    expect(v.objectType).toBe('Position');
    expect(v.module.all).toContain(ids.userMenu);
    expect(v.button.all).toContain(ids.userAddButton);
    expect(v.module.ids).toEqual([]);

    res = await t.put(`${P}/Authority/Data/${ids.dispatcher}`, {
      objectType: 'Position',
      module: [ids.userMenu],
      button: [ids.userAddButton],
      column: ['account'],
    });
    expect(res.json().code).toBe(200);
    res = await t.post(`${P}/Authority/Data/${ids.dispatcher}/Values`, {});
    expect(res.json().data).toMatchObject({
      module: { ids: [ids.userMenu] },
      button: { ids: [ids.userAddButton] },
      column: { ids: ['account'] },
    });
    res = await t.put(`${P}/Authority/Data/${ids.dispatcher}`, { button: [ids.userMenu] });
    expect(res.statusCode).toBe(400);
    res = await t.put(`${P}/Authority/Data/${ids.dispatcher}`, {});
    expect(res.statusCode).toBe(400);
    res = await t.put(`${P}/Authority/Data/123`, { module: [] });
    expect(res.json().msg).toBe('授权对象不存在或无权操作');

    // operator holds the dispatcher post: the Position grant shows in its authority
    const token = await tokenOf('operator', 'Op#2');
    res = await t.as(token, () => t.get(`${P}/Users/Current/Authorize`));
    expect(res.json().data.button.map((b: any) => b.enCode)).toContain('user_add');
    expect(res.json().data.column).toEqual(['account']);

    res = await t.post(`${P}/Authority/Data/Batch`, {
      userIds: [ids.patrol],
      roleIds: [ids.operatorRole],
      button: [ids.userAddButton],
    });
    expect(res.json().code).toBe(200);
    res = await t.post(`${P}/Authority/Data/Batch`, {
      userIds: [ids.patrol],
      roleIds: [ids.operatorRole],
      button: [ids.userAddButton],
    });
    expect(res.json().code).toBe(200);
    res = await t.get(`${P}/Authority/Model/${ids.userAddButton}/User`);
    expect(res.json().data.ids).toEqual([ids.patrol]);
    res = await t.get(`${P}/Authority/Model/${ids.userAddButton}/Role`);
    expect(res.json().data).toMatchObject({ ids: [ids.operatorRole] });
    expect(res.json().data.list.map((x: any) => x.fullName)).toContain('运营人员');
    res = await t.put(`${P}/Authority/Model/${ids.userAddButton}`, { objectType: 'User', objectId: [ids.operator] });
    expect(res.json().code).toBe(200);
    res = await t.get(`${P}/Authority/Model/${ids.userAddButton}/User`);
    expect(res.json().data.ids).toEqual([ids.operator]);
    res = await t.get(`${P}/Authority/Model/${ids.userAddButton}/Nobody`);
    expect(res.statusCode).toBe(400);
    res = await t.put(`${P}/Authority/Model/${ids.userAddButton}`, { objectType: 'User', objectId: ['1'] });
    expect(res.statusCode).toBe(400);
  });

  it('user relations: which users hold a role, position or organisation', async () => {
    let res = await t.get(`${P}/UserRelation/${ids.operatorRole}`);
    expect(res.json().data).toMatchObject({ objectType: 'Role' });
    expect(res.json().data.ids).toEqual(expect.arrayContaining([ids.operator, ids.admin]));
    res = await t.post(`${P}/UserRelation/${ids.dispatcher}`, { objectType: 'Position', userIds: [ids.patrol] });
    expect(res.json().code).toBe(200);
    res = await t.get(`${P}/UserRelation/${ids.dispatcher}`);
    expect(res.json().data.ids).toEqual([ids.patrol]);
    res = await t.get('/api/blade-user/detail', { id: ids.patrol });
    expect(res.json().data.postName).toBe('管网巡检员,调度员');
    res = await t.get('/api/blade-user/detail', { id: ids.operator });
    expect(res.json().data.postId).toBe('');
    res = await t.post(`${P}/UserRelation/${ids.dispatcher}`, {
      objectType: 'Position',
      userIds: [ids.operator, ids.patrol],
    });
    expect((await t.get(`${P}/UserRelation/${ids.dispatcher}`)).json().data.ids.sort()).toEqual(
      [ids.operator, ids.patrol].sort(),
    );
    res = await t.post(`${P}/UserRelation/123`, { userIds: [] });
    expect(res.json().msg).toBe('数据不存在或无权操作');
    res = await t.post(`${P}/UserRelation/${ids.dispatcher}`, { objectType: 'Alien', userIds: [] });
    expect(res.statusCode).toBe(400);
  });
});

describe('isolation, API scopes and online users', () => {
  it('tenant 100001’s administrator cannot see or touch tenant 000000 through the JNPF calls', async () => {
    const t100 = await tokenOf('admin', 'admin', '100001');
    await t.as(t100, async () => {
      let res = await t.get(`${P}/Users`, { pageSize: 100 });
      expect(res.json().data.list.every((u: any) => u.tenantId === '100001')).toBe(true);
      expect((await t.get(`${P}/Users/${ids.operator}`)).json().data).toBeNull();
      expect((await t.put(`${P}/Users/${ids.operator}`, { account: 'operator' })).json().msg).toBe(
        '数据不存在或无权操作',
      );
      expect((await t.del(`${P}/Users/${ids.operator}`)).json().msg).toBe('数据不存在或无权操作');
      expect((await t.post(`${P}/Users/${ids.operator}/Actions/ResetPassword`, {})).json().msg).toBe(
        '数据不存在或无权操作',
      );
      expect((await t.put(`${P}/Users/${ids.operator}/Actions/State`)).json().msg).toBe('数据不存在或无权操作');
      expect((await t.get(`${P}/Organize/${ids.company}`)).json().data).toBeNull();
      expect((await t.del(`${P}/Role/${ids.operatorRole}`)).json().msg).toBe('数据不存在或无权操作');
      expect((await t.put(`${P}/Position/${ids.dispatcher}/Actions/State`)).json().msg).toBe('数据不存在或无权操作');
      expect((await t.get(`${P}/UserRelation/${ids.operatorRole}`)).json().msg).toBe('数据不存在或无权操作');
      expect((await t.put(`${P}/Authority/Data/${ids.operatorRole}`, { module: [] })).json().msg).toBe(
        '授权对象不存在或无权操作',
      );
      res = await t.post(`${P}/Organize/Department`, { organizeId: ids.company, fullName: '越界' });
      expect(res.json().msg).toBe('上级机构不存在');
      res = await t.get('/api/system/OnlineUser');
      expect(res.json().data.list.every((s: any) => s.tenantId === '100001')).toBe(true);
    });
  });

  it('a non-administrator role is refused the JNPF writes (API scope)', async () => {
    const token = await tokenOf('patrol', 'patrol');
    await t.as(token, async () => {
      expect((await t.get(`${P}/Users`)).statusCode).toBe(200);
      for (const [method, url] of [
        ['POST', `${P}/Users`],
        ['PUT', `${P}/Users/${ids.operator}`],
        ['DELETE', `${P}/Users/${ids.operator}`],
        ['PUT', `${P}/Users/${ids.operator}/Actions/State`],
        ['POST', `${P}/Users/${ids.operator}/Actions/ResetPassword`],
        ['POST', `${P}/Organize`],
        ['DELETE', `${P}/Role/${ids.operatorRole}`],
        ['PUT', `${P}/Position/${ids.dispatcher}`],
        ['PUT', `${P}/Authority/Data/${ids.dispatcher}`],
        ['POST', `${P}/UserRelation/${ids.dispatcher}`],
        ['DELETE', '/api/system/OnlineUser/1'],
      ] as const) {
        const res = await t.call({
          method,
          url,
          headers: {
            ...authHeaders(token),
          },
          payload: {},
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      // one's own profile stays open
      expect((await t.put(`${P}/Users/Current/SystemTheme`, { theme: 'dark' })).json().code).toBe(200);
    });
  });

  it('lists online users and forces a sign-out: the next call with that token is a 401', async () => {
    const victim = await tokenOf('auditor', 'auditor');
    expect((await t.as(victim, () => t.get('/api/blade-user/info'))).statusCode).toBe(200);
    let res = await t.get('/api/system/OnlineUser', { keyword: 'auditor' });
    const list = res.json().data.list;
    expect(list.length).toBeGreaterThanOrEqual(1);
    expect(list[0]).toMatchObject({ account: 'auditor', tenantId: '000000' });
    expect(res.json().data.pagination.total).toBe(list.length);
    for (const s of list) {
      res = await t.del(`/api/system/OnlineUser/${s.id}`);
      expect(res.json()).toMatchObject({ code: 200 });
    }
    res = await t.as(victim, () => t.get('/api/blade-user/info'));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
    res = await t.del(`/api/system/OnlineUser/${list[0].id}`);
    expect(res.json()).toMatchObject({ code: 400, msg: '在线用户不存在或已下线' });
    res = await t.del('/api/system/OnlineUser/abc');
    expect(res.statusCode).toBe(400);

    // batch form
    const v2 = await tokenOf('auditor', 'auditor');
    const open = (await t.get('/api/system/OnlineUser', { keyword: 'auditor' })).json().data.list.map((s: any) => s.id);
    res = await t.call({
      method: 'DELETE',
      url: '/api/system/OnlineUser',
      headers: {
        ...authHeaders(adminToken),
      },
      payload: { ids: open },
    });
    expect(res.json().code).toBe(200);
    expect((await t.as(v2, () => t.get('/api/blade-user/info'))).statusCode).toBe(401);
  });
});
