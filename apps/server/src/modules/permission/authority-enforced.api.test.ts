/**
 * JNPF Authority grants are enforced, not only stored: module and button grants (to a Role, a Position or a User)
 * add menus to `menu/routes`, `menu/buttons`, `menu/top-menu` and Sword's `menu/auth-routes`; resource grants add
 * data scopes exactly like a role's data-scope grant; a revoke takes the access away again; and a grant only ever
 * counts in its own tenant.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, md5, type TestApp } from '../../../test/harness.ts';
import { seededDept, seededPost, seededRole, seededUser } from '../../../test/seeded.ts';
import { hashPassword } from '../auth/index.ts';
import { invalidateDataScopes, invalidateMenuCache } from '../system/index.ts';
import { authorize, menu, post, roleScope, scopeData, topMenu, topMenuSetting, user } from '../system/schema.ts';

const P = '/api/permission';
const B = '/api/blade-system';

let t: TestApp;
/** tokens by name: admin (000000), auditor, auditor2 (same role and post as auditor), fxAdmin, fxAuditor (100001) */
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const db = () => t.app.ctx.db;

const as = <T>(who: string, fn: () => Promise<T>) => t.as(tokens[who], fn);

function codes(tree: any[]): string[] {
  return tree.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
}

/** What `who` is shown: menu codes of the routes, button codes, top-menu codes, Sword's route authority. */
async function shown(who: string) {
  return as(who, async () => {
    const routes = await t.get(`${B}/menu/routes`);
    const buttons = await t.get(`${B}/menu/buttons`);
    const top = await t.get(`${B}/menu/top-menu`);
    const auth = await t.get(`${B}/menu/auth-routes`);
    for (const r of [routes, buttons, top, auth]) expect(r.statusCode, r.body).toBe(200);
    const authority: Record<string, string[]> = Object.assign({}, ...auth.json().data);
    return {
      routes: codes(routes.json().data),
      buttons: buttons.json().data.flatMap((g: any) => g.children.map((b: any) => b.code)),
      top: top.json().data.map((x: any) => x.code) as string[],
      authority: Object.fromEntries(Object.entries(authority).map(([k, v]: [string, any]) => [k, v.authority])),
    };
  });
}

/** `who` is shown nothing of 参数管理: not the route, its add button, the business area holding it, nor its authority. */
async function expectParamHidden(who: string) {
  const seen = await shown(who);
  expect(seen.routes).not.toContain('param');
  expect(seen.buttons).not.toContain('param_add');
  expect(seen.top).not.toContain('authz-param');
  expect(seen.authority['/system/param']).toBeUndefined();
}

/** Ids of the posts `who` finds in the post list (and the posts of `among` it can open in detail). */
async function postsSeen(who: string, among: string[]) {
  return as(who, async () => {
    const res = await t.get(`${B}/post/list`, { size: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().data.records.map((p: any) => p.id as string);
    const opened: string[] = [];
    for (const id of among) if ((await t.get(`${B}/post/detail`, { id })).json().data) opened.push(id);
    return { listed: listed.filter((id: string) => among.includes(id)).sort(), all: listed, opened: opened.sort() };
  });
}

async function grant(who: string, objectId: string, body: Record<string, unknown>) {
  const res = await as(who, () => t.put(`${P}/Authority/Data/${objectId}`, body));
  expect(res.json(), res.body).toMatchObject({ code: 200 });
}

async function signIn(account: string, password: string, tenantId = '000000') {
  const keep = t.token;
  try {
    return (await t.signIn(account, password, tenantId)).access_token as string;
  } finally {
    t.token = keep;
  }
}

const idOf = async (p: Promise<{ id: string }[]>) => {
  const [row] = await p;
  if (!row) throw new Error('seed row missing');
  return row.id;
};

beforeAll(async () => {
  t = await bootTestApp();
  const menuId = (code: string) => idOf(db().select({ id: menu.id }).from(menu).where(eq(menu.code, code)));
  ids.param = await menuId('param');
  ids.paramAdd = await menuId('param_add');
  // 角色管理 is in tenant 100001's package, 参数管理 (a platform screen) is not
  ids.roleMenu = await menuId('role');
  ids.roleAdd = await menuId('role_add');
  ids.auditorRole = (await seededRole(t, 'auditor')).id;
  ids.auditorPost = (await seededPost(t, 'auditor')).id;
  ids.fxAuditorRole = (await seededRole(t, 'auditor', '100001')).id;
  ids.fxStaffPost = (await seededPost(t, 'staff', '100001')).id;
  ids.ownPostScope = await idOf(
    db()
      .select({ id: scopeData.id })
      .from(scopeData)
      .where(and(eq(scopeData.resourceCode, 'post'), eq(scopeData.scopeName, '本人创建的岗位'))),
  );
  const auditor = await seededUser(t, 'auditor');
  ids.auditor = auditor.id;
  ids.admin = (await seededUser(t, 'admin')).id;
  const fxDept = (await seededDept(t, '营业所', '100001')).id;

  // a second auditor with the same role, post and department, and an auditor of tenant 100001: each a user of
  // `tenantId` whose password is its account name
  const addUser = async (
    tenantId: string,
    account: string,
    realName: string,
    roleId: string,
    postId: string,
    deptId: string,
  ) => {
    const password = await hashPassword(await md5(account));
    const values = { tenantId, account, password, name: account, realName, roleId, postId, deptId };
    return (await db().insert(user).values(values).returning())[0].id;
  };
  ids.auditor2 = await addUser('000000', 'auditor2', '赵敏', ids.auditorRole, ids.auditorPost, auditor.deptId);
  ids.fxAuditor = await addUser('100001', 'fxaudit', '孙磊', ids.fxAuditorRole, ids.fxStaffPost, fxDept);

  // a business area of tenant 000000 holding only 参数管理
  const [tm] = await db()
    .insert(topMenu)
    .values({ tenantId: '000000', code: 'authz-param', name: '参数区域', sort: 99 })
    .returning();
  await db().insert(topMenuSetting).values({ topMenuId: tm.id, menuId: ids.param });
  await invalidateMenuCache(t.app.ctx);

  tokens.admin = await signIn('admin', 'admin');
  tokens.auditor = await signIn('auditor', 'auditor');
  tokens.auditor2 = await signIn('auditor2', 'auditor2');
  tokens.fxAdmin = await signIn('admin', 'admin', '100001');
  tokens.fxAuditor = await signIn('fxaudit', 'fxaudit', '100001');
});
afterAll(() => t?.close());

describe('module and button grants reach the menus', () => {
  it('a Position grant adds 参数管理 and its add button to everyone holding the post; revoking removes them', async () => {
    for (const who of ['auditor', 'auditor2']) await expectParamHidden(who);

    await grant('admin', ids.auditorPost, { objectType: 'Position', module: [ids.param], button: [ids.paramAdd] });
    for (const who of ['auditor', 'auditor2']) {
      const now = await shown(who);
      expect(now.routes).toEqual(expect.arrayContaining(['system', 'param']));
      expect(now.buttons).toContain('param_add');
      // only the granted button, not the screen's other buttons
      expect(now.buttons).not.toContain('param_delete');
      expect(now.top).toContain('authz-param');
      expect(now.authority['/system/param']).toEqual(['auditor']);
    }

    await grant('admin', ids.auditorPost, { objectType: 'Position', module: [], button: [] });
    for (const who of ['auditor', 'auditor2']) await expectParamHidden(who);
  });

  it('a User grant counts for that user only, not for another user with the same role and post', async () => {
    await grant('admin', ids.auditor, { objectType: 'User', module: [ids.param], button: [ids.paramAdd] });
    const mine = await shown('auditor');
    expect(mine.routes).toContain('param');
    expect(mine.buttons).toContain('param_add');
    expect(mine.top).toContain('authz-param');
    const theirs = await shown('auditor2');
    expect(theirs.routes).not.toContain('param');
    expect(theirs.buttons).not.toContain('param_add');
    expect(theirs.top).not.toContain('authz-param');

    // revoked through the model view: nobody holds the menu any more
    let res = await as('admin', () => t.put(`${P}/Authority/Model/${ids.param}`, { objectType: 'User', objectId: [] }));
    expect(res.json().code).toBe(200);
    expect((await shown('auditor')).routes).not.toContain('param');
    expect((await shown('auditor')).buttons).toContain('param_add');
    res = await as('admin', () => t.put(`${P}/Authority/Model/${ids.paramAdd}`, { objectType: 'User', objectId: [] }));
    expect(res.json().code).toBe(200);
    expect((await shown('auditor')).buttons).not.toContain('param_add');
  });

  it('a Role grant (batch) adds the menu to every holder of the role', async () => {
    const res = await as('admin', () =>
      t.post(`${P}/Authority/Data/Batch`, { roleIds: [ids.auditorRole], module: [ids.param] }),
    );
    expect(res.json().code).toBe(200);
    expect((await shown('auditor')).routes).toContain('param');
    expect((await shown('auditor2')).routes).toContain('param');
    await grant('admin', ids.auditorRole, { objectType: 'Role', module: [] });
    expect((await shown('auditor')).routes).not.toContain('param');
    expect((await shown('auditor2')).routes).not.toContain('param');
  });
});

describe('resource grants reach the data scopes', () => {
  it('a Position grant of 本人创建的岗位 limits the post list like the same scope granted to the role', async () => {
    const make = async (code: string, createUser: string) =>
      (
        await db()
          .insert(post)
          .values({ tenantId: '000000', postCode: code, postName: code, category: 3, createUser })
          .returning()
      )[0].id;
    const byAuditor = await make('az_audit', ids.auditor);
    const byAuditor2 = await make('az_audit2', ids.auditor2);
    const byAdmin = await make('az_admin', ids.admin);
    const mine = [byAuditor, byAuditor2, byAdmin].sort();

    // no post scope yet: every post of the tenant
    expect((await postsSeen('auditor', mine)).listed).toEqual(mine);

    await grant('admin', ids.auditorPost, { objectType: 'Position', resource: [ids.ownPostScope] });
    const byPost = await postsSeen('auditor', mine);
    expect(byPost.listed).toEqual([byAuditor]);
    expect(byPost.opened).toEqual([byAuditor]);
    expect((await postsSeen('auditor2', mine)).listed).toEqual([byAuditor2]);

    // the same scope granted to the role instead gives the very same answer
    await grant('admin', ids.auditorPost, { objectType: 'Position', resource: [] });
    expect((await postsSeen('auditor', mine)).listed).toEqual(mine);
    const keep = (
      await db()
        .select({ id: roleScope.scopeId })
        .from(roleScope)
        .where(and(eq(roleScope.roleId, ids.auditorRole), eq(roleScope.scopeCategory, 1)))
    ).map((r) => r.id);
    let res = await as('admin', () =>
      t.post(`${B}/role/grant`, { roleIds: [ids.auditorRole], dataScopeIds: [...keep, ids.ownPostScope] }),
    );
    expect(res.json().code).toBe(200);
    const byRole = await postsSeen('auditor', mine);
    expect(byRole.listed).toEqual(byPost.listed);
    expect(byRole.all).toEqual(byPost.all);
    res = await as('admin', () => t.post(`${B}/role/grant`, { roleIds: [ids.auditorRole], dataScopeIds: keep }));
    expect(res.json().code).toBe(200);
    expect((await postsSeen('auditor', mine)).listed).toEqual(mine);

    // a User grant limits that user only
    await grant('admin', ids.auditor2, { objectType: 'User', resource: [ids.ownPostScope] });
    expect((await postsSeen('auditor2', mine)).listed).toEqual([byAuditor2]);
    expect((await postsSeen('auditor', mine)).listed).toEqual(mine);
    await grant('admin', ids.auditor2, { objectType: 'User', resource: [] });
    expect((await postsSeen('auditor2', mine)).listed).toEqual(mine);
  });
});

describe('tenant isolation', () => {
  it('a grant stored under tenant 000000 does nothing in tenant 100001; the tenant’s own grant does', async () => {
    const [fxPost] = await db()
      .insert(post)
      .values({ tenantId: '100001', postCode: 'fx_own', postName: '自建岗位', category: 3, createUser: ids.fxAuditor })
      .returning();
    const fxPosts = (await postsSeen('fxAuditor', [fxPost.id, ids.fxStaffPost])).listed;
    expect(fxPosts).toEqual([fxPost.id, ids.fxStaffPost].sort());
    const before = await shown('fxAuditor');
    expect(before.routes).not.toContain('role');
    expect(before.buttons).not.toContain('role_add');

    // rows of tenant 000000 naming tenant 100001's user, post and role (as a forged or stale grant would)
    const foreign = [
      { objectType: 'User', objectId: ids.fxAuditor },
      { objectType: 'Position', objectId: ids.fxStaffPost },
      { objectType: 'Role', objectId: ids.fxAuditorRole },
    ].flatMap((o) =>
      [
        { itemType: 'module', itemId: ids.roleMenu },
        { itemType: 'button', itemId: ids.roleAdd },
        { itemType: 'resource', itemId: ids.ownPostScope },
      ].map((it) => ({ tenantId: '000000', ...o, ...it })),
    );
    await db().insert(authorize).values(foreign);
    await Promise.all([invalidateMenuCache(t.app.ctx), invalidateDataScopes(t.app.ctx)]);
    const still = await shown('fxAuditor');
    expect(still.routes).not.toContain('role');
    expect(still.buttons).not.toContain('role_add');
    expect((await postsSeen('fxAuditor', [fxPost.id, ids.fxStaffPost])).listed).toEqual(fxPosts);
    // tenant 000000's own users are not touched by them either
    expect((await shown('auditor')).routes).not.toContain('role');

    // the tenant's package still limits its own grants: a stored grant of a menu outside it shows nothing
    await db().insert(authorize).values({
      tenantId: '100001',
      itemType: 'module',
      itemId: ids.param,
      objectType: 'User',
      objectId: ids.fxAuditor,
    });
    await invalidateMenuCache(t.app.ctx);
    expect((await shown('fxAuditor')).routes).not.toContain('param');
    let res = await as('fxAdmin', () =>
      t.put(`${P}/Authority/Data/${ids.fxStaffPost}`, { objectType: 'Position', module: [ids.param] }),
    );
    expect(res.json().msg).toBe(`参数校验失败: module 含有不存在的项目 ${ids.param}`);

    // tenant 100001's administrator grants its own post: now it counts
    await grant('fxAdmin', ids.fxStaffPost, {
      objectType: 'Position',
      module: [ids.roleMenu],
      button: [ids.roleAdd],
      resource: [ids.ownPostScope],
    });
    const granted = await shown('fxAuditor');
    expect(granted.routes).toEqual(expect.arrayContaining(['authority', 'role']));
    expect(granted.routes).not.toContain('param');
    expect(granted.buttons).toContain('role_add');
    expect((await postsSeen('fxAuditor', [fxPost.id, ids.fxStaffPost])).listed).toEqual([fxPost.id]);
    // and does nothing in tenant 000000
    expect((await shown('auditor')).routes).not.toContain('role');
    expect((await postsSeen('auditor', [ids.auditorPost])).listed).toEqual([ids.auditorPost]);

    // tenant 000000's administrator cannot grant tenant 100001's post
    res = await as('admin', () =>
      t.put(`${P}/Authority/Data/${ids.fxStaffPost}`, { objectType: 'Position', module: [ids.roleMenu] }),
    );
    expect(res.json().msg).toBe('授权对象不存在或无权操作');

    await grant('fxAdmin', ids.fxStaffPost, { objectType: 'Position', module: [], button: [], resource: [] });
    const revoked = await shown('fxAuditor');
    expect(revoked.routes).not.toContain('role');
    expect(revoked.buttons).not.toContain('role_add');
    expect((await postsSeen('fxAuditor', [fxPost.id, ids.fxStaffPost])).listed).toEqual(fxPosts);
  });
});

describe('grants do not outlive what they name', () => {
  const grantsOf = (objectId: string) =>
    db().select({ itemId: authorize.itemId }).from(authorize).where(eq(authorize.objectId, objectId));
  const grantsOfItem = (itemId: string) =>
    db().select({ objectId: authorize.objectId }).from(authorize).where(eq(authorize.itemId, itemId));

  it('removing a post, a role or a user drops the grants they held', async () => {
    const made: Record<string, string> = {};
    for (const [family, body] of [
      ['post', { category: 1, postCode: 'tmp_grant', postName: '临时岗位', sort: 1 }],
      ['role', { roleName: '临时角色', roleAlias: 'e2e_grant_role', sort: 1, parentId: '0' }],
    ] as const) {
      const res = await as('admin', () => t.post(`${B}/${family}/submit`, body));
      expect(res.json(), res.body).toMatchObject({ code: 200 });
      const list = await as('admin', () => t.get(`${B}/${family}/list`, { size: 1000 }));
      const rows = list.json().data.records ?? list.json().data;
      const flat = (xs: any[]): any[] => xs.flatMap((x) => [x, ...flat(x.children ?? [])]);
      // a post has no roleAlias (undefined === undefined would match any row): compare each family's own code
      made[family] = flat(rows).find((r: any) =>
        family === 'post' ? r.postCode === (body as any).postCode : r.roleAlias === (body as any).roleAlias,
      )?.id as string;
      expect(made[family]).toBeTruthy();
    }
    await grant('admin', made.post, { objectType: 'Position', module: [ids.param] });
    await grant('admin', made.role, { objectType: 'Role', module: [ids.param] });
    await grant('admin', ids.auditor, { objectType: 'User', module: [ids.param] });
    expect(await grantsOf(made.post)).toHaveLength(1);
    expect(await grantsOf(made.role)).toHaveLength(1);

    let res = await as('admin', () => t.post(`${B}/post/remove?ids=${made.post}`));
    expect(res.json(), res.body).toMatchObject({ code: 200 });
    res = await as('admin', () => t.post(`${B}/role/remove?ids=${made.role}`));
    expect(res.json(), res.body).toMatchObject({ code: 200 });
    expect(await grantsOf(made.post)).toEqual([]);
    expect(await grantsOf(made.role)).toEqual([]);

    // the auditor's own grant goes with the account
    expect(await grantsOf(ids.auditor)).not.toEqual([]);
    res = await as('admin', () => t.post(`/api/blade-user/remove?ids=${ids.auditor}`));
    expect(res.json(), res.body).toMatchObject({ code: 200 });
    expect(await grantsOf(ids.auditor)).toEqual([]);
  });

  it('removing a menu or a data scope drops the grants of it', async () => {
    const params = { parentId: ids.param, category: 2, action: 0, sort: 9 };
    let res = await as('admin', () =>
      t.post(`${B}/menu/submit`, { ...params, code: 'param_e2e_grant', name: '临时按钮' }),
    );
    expect(res.json(), res.body).toMatchObject({ code: 200 });
    const [button] = await db().select({ id: menu.id }).from(menu).where(eq(menu.code, 'param_e2e_grant'));
    res = await as('admin', () =>
      t.post(`${B}/data-scope/submit`, {
        menuId: ids.param,
        scopeName: '临时数据权限',
        resourceCode: 'param',
        scopeType: 1,
        scopeField: '*',
      }),
    );
    expect(res.json(), res.body).toMatchObject({ code: 200 });
    const [scope] = await db()
      .select({ id: scopeData.id })
      .from(scopeData)
      .where(and(eq(scopeData.scopeName, '临时数据权限'), eq(scopeData.isDeleted, 0)));
    await grant('admin', ids.auditorPost, { objectType: 'Position', button: [button.id], resource: [scope.id] });
    expect(await grantsOfItem(button.id)).toHaveLength(1);
    expect(await grantsOfItem(scope.id)).toHaveLength(1);

    res = await as('admin', () => t.post(`${B}/data-scope/remove?ids=${scope.id}`));
    expect(res.json(), res.body).toMatchObject({ code: 200 });
    expect(await grantsOfItem(scope.id)).toEqual([]);
    res = await as('admin', () => t.post(`${B}/menu/remove?ids=${button.id}`));
    expect(res.json(), res.body).toMatchObject({ code: 200 });
    expect(await grantsOfItem(button.id)).toEqual([]);
  });
});
