/**
 * SpringBlade dialect conformance: the calls of the open-source SpringBlade clients, replayed the way they send them,
 * with the reply fields their screens read (see docs/springblade.md for the survey behind each case).
 *
 * Saber 4.x (Vue 3, axios, `src/api/*.js`): `Authorization: Basic saber:saber_secret` and `Blade-Auth: bearer <token>`
 * on every call; axios `params` go to the query string — sign-in included (`grantType`, `tenantId`, `account`,
 * `password` SM2-encrypted with sm-crypto cipher mode 0 and the server's public key, `type`) — and `data` is a JSON
 * body.
 * Sword (React/umi, fetch, `src/services/*.js`): `Authorization: Basic sword:sword_secret`, `Blade-Auth` holding
 * `${tokenType} ${accessToken}`; sign-in, remove, grant, reset and password calls post `func.toFormData(...)` — a
 * multipart/form-data body, arrays comma-joined —, submit posts JSON, GETs carry a query string. Its dev proxy strips
 * the `/api` prefix, so like Saber's calls they reach the server bare.
 */
import { eq } from 'drizzle-orm';
import smCrypto from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../test/harness.ts';
import { authCaptcha } from '../db/schema.ts';

type Json = Record<string, any>;
type Params = Record<string, string | number | undefined>;

interface Res {
  status: number;
  body: Json;
}

interface Dialect {
  name: 'saber' | 'sword';
  client: { id: string; secret: string };
  /** what the client keeps after sign-in and sends as `Blade-Auth` */
  auth?: string;
  get(path: string, query?: Params, headers?: Record<string, string>): Promise<Res>;
  /** axios `params` (Saber: query string) or `func.toFormData` (Sword: multipart form) */
  postParams(path: string, fields: Params, headers?: Record<string, string>): Promise<Res>;
  /** axios `data` / fetch `body`: JSON */
  postJson(path: string, body: unknown): Promise<Res>;
  /** sign-in as the screen does it: captcha grant when `captcha` is given, password grant otherwise */
  token(f: {
    tenantId?: string;
    account: string;
    password: string;
    captcha?: { key: string; code: string };
  }): Promise<Res>;
}

let t: TestApp;
let publicKey = '';
const sm2 = (plain: string) => smCrypto.sm2.doEncrypt(plain, publicKey, 0);
const basicOf = (c: { id: string; secret: string }) => `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`;

const clean = (p: Params = {}) =>
  Object.fromEntries(
    Object.entries(p)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );

/** The bytes a browser's fetch sends for a FormData body, and its content type with the boundary. */
async function multipart(fields: Params) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(clean(fields))) fd.append(k, v);
  const req = new Request('http://client.invalid/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

async function send(opts: {
  method: 'GET' | 'POST';
  url: string;
  query?: Params;
  headers: Record<string, string>;
  payload?: Buffer | string;
}): Promise<Res> {
  const res = await t.call({
    method: opts.method,
    url: opts.url,
    query: clean(opts.query),
    headers: opts.headers,
    ...(opts.payload === undefined ? {} : { payload: opts.payload }),
  });
  let body: Json = {};
  try {
    body = res.json();
  } catch {
    body = { raw: res.body };
  }
  return { status: res.statusCode, body };
}

function dialect(name: 'saber' | 'sword', client: { id: string; secret: string }): Dialect {
  // every call: the client's Basic header, and once signed in the token as the client keeps it
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: basicOf(client),
    ...(d.auth ? { 'blade-auth': d.auth } : {}),
    ...extra,
  });
  const d: Dialect = {
    name,
    client,
    get: (path, query, extra) => send({ method: 'GET', url: path, query, headers: headers(extra) }),
    async postParams(path, fields, extra = {}) {
      if (name === 'saber') return send({ method: 'POST', url: path, query: fields, headers: headers(extra) });
      const form = await multipart(fields);
      return send({
        method: 'POST',
        url: path,
        payload: form.payload,
        headers: headers({ accept: 'application/json', 'content-type': form.type, ...extra }),
      });
    },
    postJson: (path, body) =>
      send({
        method: 'POST',
        url: path,
        payload: JSON.stringify(body),
        headers: headers({
          accept: 'application/json',
          'content-type': name === 'saber' ? 'application/json' : 'application/json;charset=utf-8',
        }),
      }),
    token(f) {
      const fields: Params = {
        grantType: f.captcha ? 'captcha' : 'password',
        tenantId: f.tenantId ?? '000000',
        account: f.account,
        password: sm2(f.password),
        type: 'account',
      };
      if (name === 'sword') {
        fields.scope = 'all';
        fields.code = f.captcha?.code;
      }
      const captcha: Record<string, string> = {};
      if (f.captcha) {
        // Saber writes Captcha-Key/Captcha-Code, Sword Captcha-key/Captcha-code
        captcha[name === 'saber' ? 'Captcha-Key' : 'Captcha-key'] = f.captcha.key;
        captcha[name === 'saber' ? 'Captcha-Code' : 'Captcha-code'] = f.captcha.code;
      }
      return d.postParams('/blade-auth/token', fields, captcha);
    },
  };
  return d;
}

const saber = dialect('saber', { id: 'saber', secret: 'saber_secret' });
const sword = dialect('sword', { id: 'sword', secret: 'sword_secret' });
const DIALECTS = [saber, sword];

/** The answer of a captcha the login page shows (the person reads it off the image; the test reads the store). */
async function captchaFor(d: Dialect) {
  const res = await d.get('/blade-auth/captcha');
  const [row] = await t.app.ctx.db.select().from(authCaptcha).where(eq(authCaptcha.key, res.body.data.key));
  return { res, key: res.body.data.key as string, code: row.code };
}

/** Signs the dialect in as the login page does (captcha grant) and keeps what the client keeps. */
async function signIn(d: Dialect, account = 'admin', password = 'admin', tenantId = '000000') {
  const { key, code } = await captchaFor(d);
  const res = await d.token({ tenantId, account, password, captcha: { key, code: code.toUpperCase() } });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, success: true });
  // Saber keeps accessToken and sends `bearer <token>`; Sword keeps `${tokenType} ${accessToken}`
  d.auth =
    d.name === 'saber'
      ? `bearer ${res.body.data.accessToken}`
      : `${res.body.data.tokenType} ${res.body.data.accessToken}`;
  return res.body.data;
}

function expectOk(res: Res) {
  expect(res.body, JSON.stringify(res.body).slice(0, 500)).toMatchObject({ code: 200, success: true });
}

function expectRefused(res: Res, status: number, msg: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code: status, success: false, msg });
}

/** Every node of a tree (children flattened). */
function flat(nodes: Json[]): Json[] {
  return nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
}

function rowsOf(data: any, mode: 'page' | 'tree'): Json[] {
  return mode === 'page' ? data.records : flat(data);
}

/** The list shape the screen reads: avue-crud takes `total` and `records` (Sword's grid also `current`, `size`). */
function expectList(d: Dialect, res: Res, mode: 'page' | 'tree') {
  expectOk(res);
  if (mode === 'tree') {
    expect(Array.isArray(res.body.data)).toBe(true);
    return;
  }
  expect(Array.isArray(res.body.data.records)).toBe(true);
  expect(typeof res.body.data.total).toBe('number');
  if (d.name === 'sword') {
    expect(res.body.data).toHaveProperty('current');
    expect(res.body.data).toHaveProperty('size');
  }
}

beforeAll(async () => {
  t = await bootTestApp();
  // the public key a Saber or Sword deployment puts in its config (website.auth.publicKey / defaultSettings auth)
  const cfg = await t.call({ method: 'GET', url: '/blade-auth/oauth/config' });
  publicKey = cfg.json().data.smPublicKey;
  expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);
  for (const d of DIALECTS) await signIn(d);
});

afterAll(async () => {
  await t?.close();
});

// --------------------------------------------------------------------------------------------- login page and shell

describe.each(DIALECTS)('$name: login page and shell', (d) => {
  it('captcha: envelope { key, image } with a data-URL image and a 5-character answer (the login form checks 5)', async () => {
    const { res, code } = await captchaFor(d);
    expectOk(res);
    expect(res.body.data.key).toEqual(expect.any(String));
    expect(res.body.data.image).toMatch(/^data:image\/[\w+]+;base64,/);
    expect(code).toHaveLength(5);
  });

  it('tenant/info?domain= answers before sign-in: {} for an unknown domain', async () => {
    const res = await send({
      method: 'GET',
      url: '/blade-system/tenant/info',
      query: { domain: 'http://localhost:2888' },
      headers: { authorization: basicOf(d.client) },
    });
    expectOk(res);
    expect(res.body.data.tenantId).toBeUndefined();
  });

  it('sign-in with the captcha grant answers the token in the envelope, camelCase', async () => {
    const keep = d.auth;
    const data = await signIn(d);
    expect(data).toMatchObject({ tokenType: 'bearer', account: 'admin', tenantId: '000000', userName: '管理员' });
    for (const f of ['accessToken', 'refreshToken', 'userId', 'avatar', 'authority', 'expiresIn', 'license']) {
      expect(data, f).toHaveProperty(f);
    }
    // the screens show admin-only buttons when userInfo.authority includes 'admin'
    expect(data.authority).toContain('admin');
    d.auth = keep;
  });

  it('sign-in with the password grant, and a wrong password is 用户名或密码错误 in the envelope', async () => {
    const good = await d.token({ account: 'operator', password: 'operator' });
    expectOk(good);
    expect(good.body.data.account).toBe('operator');
    const wrong = await d.token({ account: 'operator', password: 'not-the-password' });
    expectRefused(wrong, 400, '用户名或密码错误');
    const captcha = await d.token({
      account: 'operator',
      password: 'operator',
      captcha: { key: 'gone', code: 'abcde' },
    });
    expectRefused(captcha, 400, '验证码不正确');
  });

  it('user info: the profile page reads id, avatar, name, realName, phone, email', async () => {
    const res = await d.get(d.name === 'saber' ? '/blade-system/user/info' : '/blade-user/info');
    expectOk(res);
    expect(res.body.data).toMatchObject({ account: 'admin', realName: '管理员' });
    for (const f of ['id', 'avatar', 'name', 'realName', 'phone', 'email']) expect(res.body.data, f).toHaveProperty(f);
    expect(res.body.data).not.toHaveProperty('password');
  });

  it('top menu: the tenant business areas with id, code, name, source, sort', async () => {
    const res = await d.get('/blade-system/menu/top-menu');
    expectOk(res);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const f of ['id', 'code', 'name', 'source', 'sort']) expect(res.body.data[0], f).toHaveProperty(f);
  });

  it('routes: the menu tree with name, path, source, code, isOpen and children; one top menu on request', async () => {
    const res = await d.get('/blade-system/menu/routes');
    expectOk(res);
    const all = flat(res.body.data);
    expect(all.length).toBeGreaterThan(5);
    const system = res.body.data.find((m: Json) => m.path === '/system');
    expect(system).toBeTruthy();
    for (const f of ['id', 'parentId', 'name', 'path', 'source', 'code', 'isOpen', 'sort', 'children']) {
      expect(system, f).toHaveProperty(f);
    }
    expect(all.every((m) => m.category !== 2)).toBe(true);
    const top = (await d.get('/blade-system/menu/top-menu')).body.data.find((m: Json) => m.code === 'system');
    const part = await d.get('/blade-system/menu/routes', { topMenuId: top.id });
    expectOk(part);
    expect(flat(part.body.data).length).toBeLessThanOrEqual(all.length);
  });

  it('buttons: parents with their buttons as children; the leaves carry the permission codes', async () => {
    const res = await d.get('/blade-system/menu/buttons');
    expectOk(res);
    // Saber: getCode() recurses into children and keeps the leaves' codes; Sword: { code, buttons: children }
    const leaves = flat(res.body.data).filter((n) => !n.children);
    const codes = new Set(leaves.map((n) => n.code));
    for (const c of ['user_add', 'user_edit', 'user_delete', 'user_view', 'role_add', 'dict_add', 'menu_add']) {
      expect(codes, c).toContain(c);
    }
    const userScreen = res.body.data.find((p: Json) => p.children?.some((b: Json) => b.code === 'user_add'));
    expect(userScreen.code).toEqual(expect.any(String));
  });

  it('dictionaries: dict/dictionary?code= answers dictKey (string) and dictValue for the selects', async () => {
    for (const code of ['sex', 'notice', 'post_category']) {
      const res = await d.get('/blade-system/dict/dictionary', { code });
      expectOk(res);
      expect(res.body.data.length, code).toBeGreaterThan(0);
      for (const item of res.body.data) {
        expect(typeof item.dictKey).toBe('string');
        expect(item.dictValue).toEqual(expect.any(String));
      }
    }
  });

  it('selects of the user form: tenant/select, role/tree, dept/tree, post/select', async () => {
    const tenants = await d.get('/blade-system/tenant/select');
    expectOk(tenants);
    expect(tenants.body.data.find((x: Json) => x.tenantId === '000000')).toHaveProperty('tenantName');
    for (const path of ['/blade-system/role/tree', '/blade-system/dept/tree']) {
      const res = await d.get(path, { tenantId: '000000' });
      expectOk(res);
      const node = res.body.data[0];
      for (const f of ['id', 'title', 'key', 'value']) expect(node, `${path} ${f}`).toHaveProperty(f);
    }
    const posts = await d.get('/blade-system/post/select', { tenantId: '000000' });
    expectOk(posts);
    for (const f of ['id', 'postName']) expect(posts.body.data[0], f).toHaveProperty(f);
  });

  it('logs: usual, api and error lists page; a listed entry opens', async () => {
    for (const kind of ['usual', 'api', 'error']) {
      const list = await d.get(`/blade-log/${kind}/list`, { current: 1, size: 10 });
      expectList(d, list, 'page');
      const first = list.body.data.records[0];
      if (first) {
        const detail = await d.get(`/blade-log/${kind}/detail`, { id: first.id });
        expectOk(detail);
        expect(detail.body.data.id).toBe(first.id);
      }
    }
  });
});

describe('saber: token refresh and logout', () => {
  it('refreshes with refreshToken + grantType=refresh_token in the query; the old refresh token is spent', async () => {
    const d = dialect('saber', saber.client);
    const first = await signIn(d);
    const res = await d.postParams('/blade-auth/token', {
      refreshToken: first.refreshToken,
      grantType: 'refresh_token',
      scope: 'all',
    });
    expectOk(res);
    expect(res.body.data.accessToken).toEqual(expect.any(String));
    expect(res.body.data.refreshToken).not.toBe(first.refreshToken);
    expect(res.body.data).toMatchObject({ account: 'admin', tokenType: 'bearer' });
    const again = await d.postParams('/blade-auth/token', {
      refreshToken: first.refreshToken,
      grantType: 'refresh_token',
      scope: 'all',
    });
    expect(again.body).toMatchObject({ code: 400, success: false });
    d.auth = `bearer ${res.body.data.accessToken}`;
    expectOk(await d.get('/blade-system/menu/routes'));
  });

  it('logout (POST /blade-auth/logout) ends the session: the token is refused afterwards', async () => {
    const d = dialect('saber', saber.client);
    await signIn(d);
    expectOk(await d.get('/blade-system/menu/buttons'));
    expectOk(await d.postParams('/blade-auth/logout', {}));
    const after = await d.get('/blade-system/menu/buttons');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });
});

describe('saber: third-party sign-in and guest registration', () => {
  it('the social grant is refused in the envelope (no provider configured)', async () => {
    const res = await send({
      method: 'POST',
      url: '/blade-auth/token',
      query: { tenantId: '000000', source: 'github', code: 'x', state: 'y', grantType: 'social', scope: 'all' },
      headers: { authorization: basicOf(saber.client), 'tenant-id': '000000' },
    });
    expectRefused(res, 400, '第三方登录未配置,请使用账号密码登录');
  });

  it('register-guest (query params, plain password) creates a user who waits for approval', async () => {
    const res = await send({
      method: 'POST',
      url: '/blade-user/register-guest',
      query: { tenantId: '000000', name: '访客', account: 'sb_guest', password: 'Guest@123' },
      headers: { authorization: basicOf(saber.client) },
    });
    expectOk(res);
    expectRefused(await saber.token({ account: 'sb_guest', password: 'Guest@123' }), 400, '该账号正在等待管理员审核');
  });
});

describe('the /api mount answers the same calls (clients deployed without a proxy rewrite)', () => {
  it('signs in and reads routes under /api', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/blade-auth/token',
      query: { grantType: 'password', tenantId: '000000', account: 'admin', password: sm2('admin'), type: 'account' },
      headers: { authorization: basicOf(saber.client) },
    });
    expectOk(res);
    const routes = await send({
      method: 'GET',
      url: '/api/blade-system/menu/routes',
      headers: { authorization: basicOf(saber.client), 'blade-auth': `bearer ${res.body.data.accessToken}` },
    });
    expectOk(routes);
    expect(routes.body.data.length).toBeGreaterThan(0);
  });
});

describe('sword: route authority (auth-routes) on start', () => {
  it('answers, per granted menu path, the aliases of the roles holding it', async () => {
    const res = await sword.get('/blade-system/menu/auth-routes');
    expectOk(res);
    expect(Array.isArray(res.body.data)).toBe(true);
    const entry = res.body.data.find((kv: Json) => kv['/system/user']);
    expect(entry['/system/user'].authority).toContain('administrator');
  });
});

// -------------------------------------------------------------------------------------------- system screens

interface Family {
  name: string;
  base: (d: Dialect) => string;
  mode: 'page' | 'tree';
  /** the add form as the screen posts it (unique values carry the dialect's name) */
  add: (d: Dialect) => Json | Promise<Json>;
  /** the search the screen sends to find the new row; its first key identifies the row */
  search: (d: Dialect) => Params;
  /** the fields of a list row the screen shows */
  reads: string[];
  /** fields changed in the edit form */
  edit: (d: Dialect) => Json;
  /** the edit posts here instead of `submit` */
  update?: string;
  /** the screen's other calls on the new row (grants, selects, dictionaries, …) */
  more?: (d: Dialect, row: Json) => Promise<void>;
  only?: Dialect['name'];
}

async function firstIdOf(d: Dialect, path: string, query: Params = {}) {
  const res = await d.get(path, query);
  expectOk(res);
  return String(flat(res.body.data)[0].id);
}

const FAMILIES: Family[] = [
  {
    name: 'param',
    base: () => '/blade-system/param',
    mode: 'page',
    add: (d) => ({
      paramName: `超时(${d.name})`,
      paramKey: `sb.${d.name}.timeout`,
      paramValue: '30',
      remark: '一致性',
    }),
    search: (d) => ({ paramKey: `sb.${d.name}.timeout` }),
    reads: ['id', 'paramName', 'paramKey', 'paramValue'],
    edit: () => ({ paramValue: '60' }),
  },
  {
    name: 'post',
    base: () => '/blade-system/post',
    mode: 'page',
    add: (d) => ({ category: 2, postCode: `sb_${d.name}`, postName: `调度岗(${d.name})`, sort: 9, remark: '' }),
    search: (d) => ({ postCode: `sb_${d.name}` }),
    reads: ['id', 'category', 'categoryName', 'postCode', 'postName', 'sort'],
    edit: (d) => ({ postName: `值班岗(${d.name})` }),
    async more(d, row) {
      const res = await d.get('/blade-system/post/select', { tenantId: '000000' });
      expect(res.body.data.map((p: Json) => p.id)).toContain(row.id);
      expect(row.categoryName).toBe('中层');
    },
  },
  {
    name: 'notice',
    base: () => '/blade-desk/notice',
    mode: 'page',
    // the category select's value is the dictionary's dictKey (a string)
    add: (d) => ({
      title: `停水通知(${d.name})`,
      category: '6',
      releaseTime: '2025-03-01 08:00:00',
      content: '<p>明日 9:00 起停水</p>',
    }),
    search: (d) => ({ title: `停水通知(${d.name})` }),
    reads: ['id', 'title', 'category', 'categoryName', 'releaseTime'],
    edit: () => ({ releaseTime: '2025-03-02 08:00:00' }),
    async more(_d, row) {
      expect(row.categoryName).toBe('停水通知');
    },
  },
  {
    name: 'client',
    base: () => '/blade-system/client',
    mode: 'page',
    add: (d) => ({
      clientId: `sb_${d.name}`,
      clientSecret: `sb_${d.name}_secret`,
      authorizedGrantTypes: 'refresh_token,password,authorization_code',
      scope: 'all',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
      webServerRedirectUri: 'http://localhost:2888',
      resourceIds: '',
      authorities: '',
      autoapprove: '',
      additionalInformation: '',
    }),
    search: (d) => ({ clientId: `sb_${d.name}` }),
    reads: ['id', 'clientId', 'authorizedGrantTypes', 'scope', 'accessTokenValidity'],
    edit: () => ({ accessTokenValidity: 7200 }),
    async more(d, row) {
      expect(row).not.toHaveProperty('clientSecret');
      // the screen offers a search by secret; secrets are stored hashed and never listed (docs/springblade.md)
      expect((await d.get('/blade-system/client/list', { clientSecret: 'x', current: 1, size: 10 })).status).toBe(400);
      // the new client signs in (password grant: captcha is not among its grant types)
      const other = dialect(d.name, { id: row.clientId, secret: `sb_${d.name}_secret` });
      expectOk(await other.token({ account: 'admin', password: 'admin' }));
    },
  },
  {
    name: 'tenant',
    base: () => '/blade-system/tenant',
    mode: 'page',
    add: (d) => ({
      tenantName: `一致性水务(${d.name})`,
      linkman: '王工',
      contactNumber: '13900000000',
      address: '合肥市',
      domain: `${d.name}.springblade.example`,
    }),
    search: (d) => ({ tenantName: `一致性水务(${d.name})` }),
    reads: ['id', 'tenantId', 'tenantName', 'linkman', 'contactNumber', 'address', 'domain'],
    edit: () => ({ linkman: '李工' }),
    async more(d, row) {
      expect(row.domain).toBe(`${d.name}.springblade.example`);
      // the login page of that domain fills in the tenant and hides the tenant box
      const info = await send({
        method: 'GET',
        url: '/blade-system/tenant/info',
        query: { domain: `http://${d.name}.springblade.example` },
        headers: { authorization: basicOf(d.client) },
      });
      expectOk(info);
      expect(info.body.data.tenantId).toBe(row.tenantId);
      const select = await d.get('/blade-system/tenant/select');
      expect(select.body.data.map((x: Json) => x.tenantId)).toContain(row.tenantId);
    },
  },
  {
    name: 'dept',
    base: () => '/blade-system/dept',
    mode: 'tree',
    add: (d) => ({
      deptName: `一致性科(${d.name})`,
      fullName: `一致性测试科(${d.name})`,
      parentId: '',
      sort: 50,
      remark: '',
    }),
    search: (d) => ({ deptName: `一致性科(${d.name})` }),
    reads: ['id', 'parentId', 'deptName', 'fullName', 'sort'],
    edit: (d) => ({ fullName: `一致性检验科(${d.name})` }),
    async more(d, row) {
      const tree = await d.get('/blade-system/dept/tree', { tenantId: '000000' });
      const node = flat(tree.body.data).find((n) => n.id === row.id);
      expect(node).toMatchObject({ title: row.deptName, key: row.id, value: row.id });
    },
  },
  {
    name: 'role',
    base: () => '/blade-system/role',
    mode: 'tree',
    add: (d) => ({ roleName: `观察员(${d.name})`, roleAlias: `observer_${d.name}`, parentId: '', sort: 30 }),
    search: (d) => ({ roleAlias: `observer_${d.name}` }),
    reads: ['id', 'parentId', 'tenantId', 'roleName', 'roleAlias', 'sort'],
    edit: (d) => ({ roleName: `巡视员(${d.name})` }),
    async more(d, row) {
      // the grant dialog: menu and data-scope trees, the role's checked keys, then the grant itself
      const tree = await d.get('/blade-system/menu/grant-tree');
      expectOk(tree);
      expect(Array.isArray(tree.body.data.menu)).toBe(true);
      expect(Array.isArray(tree.body.data.dataScope)).toBe(true);
      const menus = flat(tree.body.data.menu);
      for (const f of ['id', 'title', 'key', 'value']) expect(menus[0], f).toHaveProperty(f);
      const before = await d.get('/blade-system/menu/role-tree-keys', { roleIds: row.id });
      expectOk(before);
      expect(before.body.data).toMatchObject({ menu: [], dataScope: [] });
      const picked = menus.filter((m) => m.parentId === '0' || menus.some((p) => p.id === m.parentId)).slice(0, 3);
      const scope = flat(tree.body.data.dataScope).find((n) => !n.children);
      const grant = await d.postJson('/blade-system/role/grant', {
        roleIds: [row.id],
        menuIds: picked.map((m) => m.id),
        dataScopeIds: scope ? [scope.id] : [],
      });
      expectOk(grant);
      const after = await d.get('/blade-system/menu/role-tree-keys', { roleIds: row.id });
      expect([...after.body.data.menu].sort()).toEqual(picked.map((m) => String(m.id)).sort());
      if (scope) expect(after.body.data.dataScope).toEqual([scope.id]);
    },
  },
  {
    name: 'menu',
    base: () => '/blade-system/menu',
    mode: 'tree',
    // Saber: 按钮功能 1/2/3 (工具栏/操作栏/工具操作栏), 新窗口 0/1; Sword: 按钮功能 1/2/3, 新窗口 1/2
    add: (d) => ({
      name: `一致性(${d.name})`,
      path: `/springblade/${d.name}`,
      parentId: '',
      source: 'iconfont iconicon_setting',
      code: `sb_${d.name}`,
      category: 1,
      alias: 'menu',
      action: 3,
      sort: 990,
      isOpen: d.name === 'saber' ? 0 : 1,
      remark: '',
    }),
    search: (d) => ({ code: `sb_${d.name}` }),
    reads: ['id', 'parentId', 'name', 'path', 'source', 'code', 'category', 'alias', 'action', 'sort', 'isOpen'],
    edit: (d) => ({ name: `一致性检查(${d.name})` }),
    async more(d, row) {
      const lazy = await d.get('/blade-system/menu/lazy-menu-list', { parentId: 0 });
      expect(lazy.body.data.find((m: Json) => m.id === row.id)).toMatchObject({ hasChildren: false, name: row.name });
      const tree = await d.get('/blade-system/menu/tree');
      expect(flat(tree.body.data).find((n) => n.id === row.id)).toMatchObject({ title: row.name, key: row.id });
      // the platform administrator sees every menu: the new one is in the routes at once
      const routes = await d.get('/blade-system/menu/routes');
      expect(flat(routes.body.data).map((m) => m.path)).toContain(`/springblade/${d.name}`);
    },
  },
  {
    name: 'dict',
    base: () => '/blade-system/dict',
    mode: 'tree',
    // the form's 字典键值 is a number input: the key arrives as a JSON number
    add: (d) => ({
      code: `sb_${d.name}`,
      dictValue: `一致性(${d.name})`,
      parentId: '',
      dictKey: -1,
      sort: 1,
      remark: '',
    }),
    search: (d) => ({ code: `sb_${d.name}` }),
    reads: ['id', 'parentId', 'code', 'dictKey', 'dictValue', 'sort'],
    edit: (d) => ({ dictValue: `一致性字典(${d.name})` }),
    async more(d, row) {
      // 新增子项: code and parentId come from the row
      const child = await d.postJson('/blade-system/dict/submit', {
        code: row.code,
        parentId: row.id,
        dictValue: '甲',
        dictKey: 1,
        sort: 1,
        remark: '',
      });
      expectOk(child);
      const items = await d.get('/blade-system/dict/dictionary', { code: row.code });
      expect(items.body.data).toMatchObject([{ dictKey: '1', dictValue: '甲' }]);
      const tree = await d.get('/blade-system/dict/tree', { code: 'DICT' });
      expect(flat(tree.body.data).find((n) => n.id === row.id)).toMatchObject({ title: row.dictValue });
      const id = items.body.data[0].id;
      expectOk(await d.postParams('/blade-system/dict/remove', { ids: id }));
    },
  },
  {
    name: 'topmenu',
    only: 'saber',
    base: () => '/blade-system/topmenu',
    mode: 'page',
    add: (d) => ({ code: `sb_${d.name}`, name: `一致性(${d.name})`, source: 'iconfont icon-caidan', sort: 99 }),
    search: (d) => ({ code: `sb_${d.name}` }),
    reads: ['id', 'code', 'name', 'source', 'sort'],
    edit: () => ({ sort: 100 }),
    async more(d, row) {
      const tree = await d.get('/blade-system/menu/grant-top-tree');
      expectOk(tree);
      const menus = flat(tree.body.data.menu).slice(0, 2);
      expectOk(
        await d.postJson('/blade-system/topmenu/grant', { topMenuIds: [row.id], menuIds: menus.map((m) => m.id) }),
      );
      const keys = await d.get('/blade-system/menu/top-tree-keys', { topMenuIds: row.id });
      expect([...keys.body.data.menu].sort()).toEqual(menus.map((m) => String(m.id)).sort());
      const top = await d.get('/blade-system/menu/top-menu');
      expect(top.body.data.map((m: Json) => m.id)).toContain(row.id);
    },
  },
  {
    name: 'user',
    base: (d) => (d.name === 'saber' ? '/blade-system/user' : '/blade-user'),
    mode: 'page',
    update: 'update',
    async add(d) {
      // the form fills its selects first; the multi-selects are comma-joined before posting
      const roles = await d.get('/blade-system/role/tree', { tenantId: '000000' });
      const operator = flat(roles.body.data).find((r) => r.roleAlias === 'operator');
      const deptId = await firstIdOf(d, '/blade-system/dept/tree', { tenantId: '000000' });
      const postId = await firstIdOf(d, '/blade-system/post/select', { tenantId: '000000' });
      return {
        account: `sb_${d.name}`,
        tenantId: '000000',
        password: 'Sb@12345',
        password2: 'Sb@12345',
        name: `SB ${d.name}`,
        realName: '一致性',
        roleId: String(operator!.id),
        deptId,
        postId,
        code: `SB-${d.name}`,
        phone: '13900000001',
        email: `sb_${d.name}@example.com`,
        sex: 1,
        birthday: '1990-01-01 00:00:00',
      };
    },
    search: (d) => ({ account: `sb_${d.name}` }),
    reads: [
      'id',
      'account',
      'name',
      'realName',
      'roleId',
      'roleName',
      'deptId',
      'deptName',
      'phone',
      'email',
      'statusName',
    ],
    edit: () => ({ phone: '13900000002' }),
    async more(d, row) {
      const base = d.name === 'saber' ? '/blade-system/user' : '/blade-user';
      const detail = (await d.get(`${base}/detail`, { id: row.id })).body.data;
      for (const f of ['deptId', 'roleId', 'postId']) expect(typeof detail[f], f).toBe('string');
      // the new user signs in with the password typed in the form (the form posts it as typed)
      const me = dialect(d.name, d.client);
      const first = await me.token({ account: row.account, password: 'Sb@12345' });
      expectOk(first);
      // 角色配置: the chosen roles replace the user's
      const roles = flat((await d.get('/blade-system/role/tree', { tenantId: '000000' })).body.data)
        .filter((r) => r.roleAlias !== 'administrator')
        .slice(0, 2)
        .map((r) => String(r.id));
      expectOk(await d.postParams(`${base}/grant`, { userIds: row.id, roleIds: roles.join(',') }));
      const granted = (await d.get(`${base}/detail`, { id: row.id })).body.data;
      expect(granted.roleId.split(',').sort()).toEqual([...roles].sort());
      // 密码重置 → the initial password 123456
      expectOk(await d.postParams(`${base}/reset-password`, { userIds: row.id }));
      const reset = await me.token({ account: row.account, password: '123456' });
      expectOk(reset);
      // 修改密码 on the profile page, as that user (the form posts the passwords as typed)
      me.auth = `bearer ${reset.body.data.accessToken}`;
      expectOk(
        await me.postParams(`${base}/update-password`, {
          oldPassword: '123456',
          newPassword: 'Sb@54321',
          newPassword1: 'Sb@54321',
        }),
      );
      expectOk(await me.token({ account: row.account, password: 'Sb@54321' }));
      // 个人信息: Saber 4.x posts id, avatar, name, realName, phone, email to `update`; later builds to `update-info`.
      // A user without the right to administer users edits their own profile fields only.
      if (d.name === 'saber') {
        const info = (await me.get('/blade-system/user/info')).body.data;
        const profile = {
          id: info.id,
          avatar: info.avatar,
          name: '新昵称',
          realName: info.realName,
          phone: info.phone,
          email: info.email,
        };
        expectOk(await me.postJson('/blade-system/user/update', profile));
        expect((await me.get('/blade-system/user/info')).body.data).toMatchObject({
          name: '新昵称',
          account: row.account,
        });
        expectOk(await me.postJson('/blade-system/user/update-info', { ...profile, name: '又一昵称' }));
        expect((await me.get('/blade-system/user/info')).body.data.name).toBe('又一昵称');
        // but not someone else's record
        const admin = (await d.get('/blade-system/user/info')).body.data;
        expectRefused(await me.postJson('/blade-system/user/update', { ...profile, id: admin.id }), 403, '无权访问');
      }
    },
  },
];

describe.each(DIALECTS)('$name: system screens round-trip (list, add, search, detail, edit, remove)', (d) => {
  it.each(FAMILIES.filter((f) => !f.only || f.only === d.name))('$name', async (f) => {
    const base = f.base(d);
    // the screen opens on its first page
    expectList(d, await d.get(`${base}/list`, { current: 1, size: 10 }), f.mode);

    const added = await d.postJson(`${base}/submit`, await f.add(d));
    expectOk(added);

    const search = f.search(d);
    const [key, value] = Object.entries(search)[0];
    const found = await d.get(`${base}/list`, { ...search, current: 1, size: 10 });
    expectList(d, found, f.mode);
    const row = rowsOf(found.body.data, f.mode).find((r) => String(r[key]) === String(value));
    expect(row, `${f.name}: the new row is listed`).toBeTruthy();
    for (const field of f.reads) expect(row, `${f.name}.${field}`).toHaveProperty(field);
    expect(typeof row!.id).toBe('string');

    const detail = await d.get(`${base}/detail`, { id: row!.id });
    expectOk(detail);
    expect(detail.body.data.id).toBe(row!.id);

    await f.more?.(d, row!);

    // the edit dialog posts the detail back with its changes
    const change = f.edit(d);
    const current = (await d.get(`${base}/detail`, { id: row!.id })).body.data;
    expectOk(await d.postJson(`${base}/${f.update ?? 'submit'}`, { ...current, ...change }));
    const edited = await d.get(`${base}/detail`, { id: row!.id });
    for (const [k, v] of Object.entries(change)) expect(String(edited.body.data[k]), `${f.name}.${k}`).toBe(String(v));

    expectOk(await d.postParams(`${base}/remove`, { ids: row!.id }));
    const gone = await d.get(`${base}/detail`, { id: row!.id });
    expect(gone.body).toMatchObject({ code: 200, data: null, msg: '暂无承载数据' });
    const after = await d.get(`${base}/list`, { ...search, current: 1, size: 10 });
    expect(rowsOf(after.body.data, f.mode).some((r) => r.id === row!.id)).toBe(false);
  });
});

describe('shared data: what one dialect writes the other reads', () => {
  it('a param added through Saber is listed through Sword', async () => {
    expectOk(
      await saber.postJson('/blade-system/param/submit', { paramName: '共享', paramKey: 'sb.shared', paramValue: '1' }),
    );
    const viaSword = await sword.get('/blade-system/param/list', { paramKey: 'sb.shared' });
    expect(viaSword.body.data.records.map((r: Json) => r.paramValue)).toEqual(['1']);
  });
});
