import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import smCrypto from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, basic, bootTestApp, md5, SABER, type TestApp, WEB_CLIENT } from '../../../test/harness.ts';
import { seededDept, seededRole, seededUser } from '../../../test/seeded.ts';
import { buildApp } from '../../app.ts';
import { client, user } from '../system/schema.ts';
import { invalidateClientCache, revokeSessions, unlockUsers } from './index.ts';
import { authCaptcha, authKey, authSession } from './schema.ts';
import { SESSION_REVOKED_TOPIC } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await bootTestApp();
});
afterAll(() => t?.close());

const SWORD = { id: 'sword', secret: 'sword_secret' };

interface TokenCall {
  params?: Record<string, string>;
  headers?: Record<string, string>;
  form?: boolean;
  clientHeader?: string | null;
}

async function token({ params = {}, headers = {}, form = false, clientHeader }: TokenCall) {
  const h: Record<string, string> = { ...headers };
  if (clientHeader !== null) h.authorization = clientHeader ?? basic();
  if (form) {
    return t.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
  }
  return t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', headers: h, query: params });
}

async function password(account: string, pw: string, tenantId = '000000', extra: Partial<TokenCall> = {}) {
  return token({
    params: {
      tenantId,
      username: account,
      password: await md5(pw),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    ...extra,
  });
}

const getAs = (url: string, tok: string, client = WEB_CLIENT) =>
  t.call({ method: 'GET', url, headers: authHeaders(tok, client) });

const FIELDS = [
  'access_token',
  'token_type',
  'refresh_token',
  'expires_in',
  'tenant_id',
  'user_id',
  'dept_id',
  'role_id',
  'post_id',
  'role_name',
  'account',
  'user_name',
  'nick_name',
  'real_name',
  'avatar',
  'oauth_id',
  'client_id',
  'license',
];

describe('POST /blade-auth/oauth/token — password grant', () => {
  it('signs admin in with a bare object carrying every field of the contract', async () => {
    const res = await password('admin', 'admin');
    expect(res.statusCode).toBe(200);
    const b = res.json();
    for (const f of FIELDS) expect(b, f).toHaveProperty(f);
    expect(b.code).toBeUndefined();
    expect(b).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: '000000',
      account: 'admin',
      user_name: 'admin',
      real_name: '管理员',
      client_id: 'swp_web',
      oauth_id: '',
    });
    expect(b.role_name.split(',')).toContain('administrator');
    expect(b.user_id).toMatch(/^\d+$/);
    expect(b.access_token.split('.')).toHaveLength(3);
  });

  it('takes the parameters from a form body as well, and the tenant from the Tenant-Id header', async () => {
    const res = await token({
      form: true,
      params: { username: 'operator', password: await md5('operator'), grant_type: 'password', scope: 'all' },
      headers: { 'tenant-id': '000000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account: 'operator', real_name: '李明', role_name: 'operator' });
  });

  it('stores passwords as argon2id of the MD5, never as received', async () => {
    const [u] = await t.app.ctx.db.select().from(user).where(eq(user.account, 'admin'));
    expect(u.password).toMatch(/^\$argon2id\$/);
    expect(u.password).not.toContain(await md5('admin'));
  });

  it('refuses a wrong password and an unknown account with 用户名或密码错误 (HTTP 400, bare)', async () => {
    for (const res of [await password('auditor', 'nope'), await password('nobody', 'admin')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error_code: 400, error_description: '用户名或密码错误' });
    }
    const missing = await token({ params: { grant_type: 'password', username: 'admin' } });
    expect(missing.json().error_description).toBe('用户名或密码错误');
  });

  it('refuses a tenant that does not exist or has expired', async () => {
    const none = await password('admin', 'admin', '999999');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error_code: 400, error_description: '租户不存在' });
    const expired = await password('admin', 'admin', '100002');
    expect(expired.json()).toEqual({ error_code: 400, error_description: '该租户已过期' });
    const viaHeader = await token({
      params: { username: 'admin', password: await md5('admin'), grant_type: 'password' },
      headers: { 'tenant-id': '100002' },
    });
    expect(viaHeader.json().error_description).toBe('该租户已过期');
  });

  it('signs the second tenant in to its own data', async () => {
    const res = await password('admin', 'admin', '100001');
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b.tenant_id).toBe('100001');
    const info = await getAs('/api/blade-auth/oauth/user-info', b.access_token);
    expect(info.json().data).toMatchObject({ tenantId: '100001', tenantName: '肥西县供水有限公司', account: 'admin' });
  });

  it('answers 401 bare for a missing or wrong client', async () => {
    const none = await password('admin', 'admin', '000000', { clientHeader: null });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error_code: 401, error_description: '客户端认证失败' });
    const wrong = await password('admin', 'admin', '000000', {
      clientHeader: basic({ id: 'swp_web', secret: 'not-the-secret' }),
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await password('admin', 'admin', '000000', { clientHeader: basic({ id: 'ghost', secret: 'x' }) });
    expect(unknown.statusCode).toBe(401);
  });

  it('answers social with a clear "not configured" and an unknown grant as unsupported', async () => {
    const social = await token({ params: { grant_type: 'social', tenantId: '000000' } });
    expect(social.statusCode).toBe(400);
    expect(social.json().error_description).toBe('第三方登录未配置,请使用账号密码登录');
    const odd = await token({ params: { grant_type: 'implicit' } });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error_description).toMatch(/不支持的授权类型/);
  });

  it('gives each client its own token validity and honours its authorised grant types', async () => {
    await t.app.ctx.db.update(client).set({ accessTokenValidity: 120 }).where(eq(client.clientId, 'saber'));
    await t.app.ctx.db.update(client).set({ authorizedGrantTypes: 'password' }).where(eq(client.clientId, 'sword'));
    await invalidateClientCache(t.app.ctx);
    await new Promise((r) => setTimeout(r, 20));
    const saber = await password('admin', 'admin', '000000', { clientHeader: basic(SABER) });
    expect(saber.json()).toMatchObject({ expires_in: 120, client_id: 'saber' });
    const sword = await password('admin', 'admin', '000000', { clientHeader: basic(SWORD) });
    expect(sword.statusCode).toBe(200);
    const refused = await token({
      params: { grant_type: 'refresh_token', refresh_token: sword.json().refresh_token },
      clientHeader: basic(SWORD),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error_description).toMatch(/未获准使用授权类型 refresh_token/);
  });
});

describe('captcha', () => {
  async function captchaCode(key: string) {
    const [row] = await t.app.ctx.db.select().from(authCaptcha).where(eq(authCaptcha.key, key));
    return row.code;
  }

  it('serves a single-use captcha image as a data URL', async () => {
    const res = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b.key).toMatch(/^\w{16,}$/);
    expect(b.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(b.image.split(',')[1], 'base64').toString()).toContain('<svg');
  });

  it('signs in with the captcha grant (case-insensitive) and refuses a reused, wrong or expired captcha', async () => {
    const grant = async (key: string, code: string) =>
      token({
        params: { tenantId: '000000', username: 'admin', password: await md5('admin'), grant_type: 'captcha' },
        headers: { 'captcha-key': key, 'captcha-code': code },
      });
    const { key } = (await t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
    const code = await captchaCode(key);
    const ok = await grant(key, code.toUpperCase());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toBeTruthy();

    const again = await grant(key, code);
    expect(again.json()).toEqual({ error_code: 400, error_description: '验证码不正确' });

    const second = (await t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
    const secondCode = await captchaCode(second.key);
    expect((await grant(second.key, 'zzzz-wrong')).json().error_description).toBe('验证码不正确');
    // a wrong answer uses the captcha up too
    expect((await grant(second.key, secondCode)).json().error_description).toBe('验证码不正确');

    const old = (await t.call({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
    const oldCode = await captchaCode(old.key);
    await t.app.ctx.db
      .update(authCaptcha)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(authCaptcha.key, old.key));
    expect((await grant(old.key, oldCode)).json().error_description).toBe('验证码不正确');
    expect((await grant('', '')).json().error_description).toBe('验证码不正确');
  });
});

describe('lockout', () => {
  it('locks an account after 5 failures in 30 minutes, even for the right password, until unlocked', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await password('patrol', `wrong${i}`)).json().error_description).toBe('用户名或密码错误');
    }
    const locked = await password('patrol', 'patrol');
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({ error_code: 400, error_description: '用户登录失败次数过多,请稍后再试' });
    // other accounts are not affected
    expect((await password('auditor', 'auditor')).statusCode).toBe(200);

    const u = await seededUser(t, 'patrol');
    expect(await unlockUsers(t.app.ctx, [u.id])).toBe(5);
    expect((await password('patrol', 'patrol')).statusCode).toBe(200);
  });

  it('clears the failures after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await password('auditor', 'bad');
    expect((await password('auditor', 'auditor')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await password('auditor', 'bad');
    expect((await password('auditor', 'auditor')).statusCode).toBe(200);
  });
});

describe('tokens and sessions', () => {
  it('rotates refresh tokens: the new pair works, the old refresh token is refused', async () => {
    const first = (await password('operator', 'operator')).json();
    const res = await token({ params: { grant_type: 'refresh_token', refresh_token: first.refresh_token } });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    for (const f of FIELDS) expect(second, f).toHaveProperty(f);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.account).toBe('operator');
    expect((await getAs('/api/blade-auth/oauth/user-info', second.access_token)).json().code).toBe(200);

    const reused = await token({ params: { grant_type: 'refresh_token', refresh_token: first.refresh_token } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error_description).toBe('刷新令牌无效或已过期,请重新登录');
    // the refresh path of the spec answers the same way
    const third = await t.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token/refresh',
      headers: { authorization: basic() },
      query: { refresh_token: second.refresh_token },
    });
    expect(third.json().access_token).toBeTruthy();
    // a refresh token belongs to the client it was issued to
    const other = await token({
      params: { grant_type: 'refresh_token', refresh_token: third.json().refresh_token },
      clientHeader: basic(SABER),
    });
    expect(other.json().error_description).toBe('刷新令牌无效或已过期,请重新登录');
  });

  it('refuses missing, garbage, forged, expired and other-client tokens with 401 请求未授权', async () => {
    const signed = (await password('admin', 'admin')).json();
    const unauthorized = { code: 401, success: false, msg: '请求未授权' };
    const none = await t.call({
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
      headers: { authorization: basic() },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject(unauthorized);
    expect((await getAs('/api/blade-auth/oauth/user-info', 'garbage')).json()).toMatchObject(unauthorized);

    const [claims] = [JSON.parse(Buffer.from(signed.access_token.split('.')[1], 'base64url').toString())];
    const forged = await new SignJWT({ ...claims, exp: undefined })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server'));
    const f = await getAs('/api/blade-auth/oauth/user-info', forged);
    expect(f.statusCode).toBe(401);
    expect(f.json()).toMatchObject(unauthorized);

    const secret = new TextEncoder().encode(t.config.jwtSecret!);
    const expired = await new SignJWT({ ...claims, exp: undefined, iat: undefined })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    expect((await getAs('/api/blade-auth/oauth/user-info', expired)).statusCode).toBe(401);

    // the same claims with the real secret do pass: the refusals above are about signature and expiry
    const fresh = await new SignJWT({ ...claims, exp: undefined })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(secret);
    expect((await getAs('/api/blade-auth/oauth/user-info', fresh)).statusCode).toBe(200);

    // a token is used with the client it was issued to
    expect((await getAs('/api/blade-auth/oauth/user-info', signed.access_token, SABER)).statusCode).toBe(401);
  });

  it('logout (GET or POST with an error-log body) revokes the session and its refresh token', async () => {
    const a = (await password('auditor', 'auditor')).json();
    expect((await getAs('/api/blade-auth/oauth/user-info', a.access_token)).statusCode).toBe(200);
    const out = await getAs('/api/blade-auth/oauth/logout', a.access_token);
    expect(out.json()).toMatchObject({ code: 200, success: true });
    const after = await getAs('/api/blade-auth/oauth/user-info', a.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('请求未授权');
    const refresh = await token({ params: { grant_type: 'refresh_token', refresh_token: a.refresh_token } });
    expect(refresh.json().error_description).toBe('刷新令牌无效或已过期,请重新登录');

    const b = (await password('auditor', 'auditor')).json();
    const post = await t.call({
      method: 'POST',
      url: '/blade-auth/oauth/logout',
      headers: authHeaders(b.access_token),
      payload: [
        { type: 'error', url: '/wel/index', message: 'x is undefined', stack: 'at y', time: '2025-01-01 00:00:00' },
      ],
    });
    expect(post.json().code).toBe(200);
    expect((await getAs('/api/blade-auth/oauth/user-info', b.access_token)).statusCode).toBe(401);
    const sid = JSON.parse(Buffer.from(a.access_token.split('.')[1], 'base64url').toString()).sid;
    const [s] = await t.app.ctx.db.select().from(authSession).where(eq(authSession.id, sid));
    expect(s).toMatchObject({ revoked: 1, revokeReason: 'logout', userId: a.user_id });
    // logging out without a token is harmless
    expect((await t.call({ method: 'GET', url: '/api/blade-auth/oauth/logout' })).json().code).toBe(200);
  });

  it('refuses a session revoked by another instance once the live bus says so', async () => {
    const a = (await password('operator', 'operator')).json();
    expect((await getAs('/api/blade-auth/oauth/user-info', a.access_token)).statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(a.access_token.split('.')[1], 'base64url').toString());
    // another instance revokes the session: the row changes and the event arrives
    await t.app.ctx.db.update(authSession).set({ revoked: 1 }).where(eq(authSession.id, claims.sid));
    await t.app.ctx.live.publish({ topic: SESSION_REVOKED_TOPIC, data: { sessionIds: [claims.sid] } });
    await new Promise((r) => setTimeout(r, process.env.TEST_DATABASE_URL ? 300 : 10));
    expect((await getAs('/api/blade-auth/oauth/user-info', a.access_token)).statusCode).toBe(401);
  });

  it('accepts a fresh token on many concurrent requests (first check of a session in flight)', async () => {
    const a = (await password('operator', 'operator')).json();
    const all = await Promise.all(
      Array.from({ length: 12 }, () => getAs('/api/blade-system/menu/routes', a.access_token)),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'a session revoked on one instance is refused at once by another instance sharing the database',
    async () => {
      const other = await buildApp({ config: t.config, database: t.app.ctx.database, logger: false });
      try {
        const a = (await password('operator', 'operator')).json();
        const onOther = () =>
          other.server.inject({
            method: 'GET',
            url: '/api/blade-auth/oauth/user-info',
            headers: authHeaders(a.access_token),
          });
        expect((await onOther()).statusCode).toBe(200); // the other instance now trusts the session for a while
        expect((await getAs('/api/blade-auth/oauth/logout', a.access_token)).json().code).toBe(200);
        let status = 200;
        for (let i = 0; i < 50 && status === 200; i++) {
          await new Promise((r) => setTimeout(r, 20));
          status = (await onOther()).statusCode;
        }
        expect(status).toBe(401);
      } finally {
        await other.close();
      }
    },
  );

  it('revokeSessions ends a session at once', async () => {
    const a = (await password('operator', 'operator')).json();
    const sid = JSON.parse(Buffer.from(a.access_token.split('.')[1], 'base64url').toString()).sid;
    expect(await revokeSessions(t.app.ctx, [sid])).toBe(1);
    expect((await getAs('/api/blade-auth/oauth/user-info', a.access_token)).statusCode).toBe(401);
  });

  it('keeps one JWT secret for every instance in the database when none is configured', async () => {
    const rows = await t.app.ctx.db.select().from(authKey);
    expect(rows.map((r) => r.name).sort()).toEqual(expect.arrayContaining(['sm2.private', 'sm2.public']));
  });
});

describe('session routes', () => {
  let admin: any;
  beforeAll(async () => {
    admin = (await password('admin', 'admin')).json();
  });

  it('user-info answers the signed-in user in the envelope', async () => {
    const res = await getAs('/api/blade-auth/oauth/user-info', admin.access_token);
    expect(res.json()).toMatchObject({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        userId: admin.user_id,
        account: 'admin',
        realName: '管理员',
        tenantId: '000000',
        tenantName: '管理组',
        deptName: '综合管理部,调度中心',
        roleName: '超级管理员,运营人员',
        roleAlias: 'administrator,operator',
        postName: '总经理',
        clientId: 'swp_web',
      },
    });
    expect(res.json().data.password).toBeUndefined();
  });

  it("dept/select and role/select list the user's own departments and roles", async () => {
    const depts = (await getAs('/api/blade-system/dept/select', admin.access_token)).json().data;
    expect(depts.map((d: any) => d.deptName)).toEqual(['综合管理部', '调度中心']);
    expect(depts[0]).toMatchObject({ title: '综合管理部', tenantId: '000000' });
    const roles = (await getAs('/api/blade-system/role/select', admin.access_token)).json().data;
    expect(roles.map((r: any) => r.roleAlias)).toEqual(['administrator', 'operator']);

    const op = await seededUser(t, 'operator');
    const other = await t.call({
      method: 'GET',
      url: '/api/blade-system/role/select',
      query: { userId: op.id },
      headers: authHeaders(admin.access_token),
    });
    expect(other.json().data.map((r: any) => r.roleAlias)).toEqual(['operator']);
    // a user of another tenant is not visible
    const foreign = await seededUser(t, 'admin', '100001');
    const hidden = await t.call({
      method: 'GET',
      url: '/api/blade-system/dept/select',
      query: { userId: foreign.id },
      headers: authHeaders(admin.access_token),
    });
    expect(hidden.json().data).toEqual([]);
    const bad = await t.call({
      method: 'GET',
      url: '/api/blade-system/dept/select',
      query: { userId: 'abc' },
      headers: authHeaders(admin.access_token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, success: false });
    expect(bad.json().msg).toMatch(/userId/);
  });

  it('honours Dept-Id and Role-Id (switch mode) when they belong to the user', async () => {
    const roles = (await getAs('/api/blade-system/role/select', admin.access_token)).json().data;
    const depts = (await getAs('/api/blade-system/dept/select', admin.access_token)).json().data;
    const operatorRole = roles.find((r: any) => r.roleAlias === 'operator');
    const dispatch = depts.find((d: any) => d.deptName === '调度中心');
    const res = await password('admin', 'admin', '000000', {
      headers: { 'dept-id': dispatch.id, 'role-id': operatorRole.id },
    });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ dept_id: dispatch.id, role_id: operatorRole.id, role_name: 'operator' });
    const info = (await getAs('/api/blade-auth/oauth/user-info', b.access_token)).json().data;
    expect(info).toMatchObject({ deptName: '调度中心', roleName: '运营人员', isAdmin: false });
    // the choice survives a refresh
    const refreshed = (await token({ params: { grant_type: 'refresh_token', refresh_token: b.refresh_token } })).json();
    expect(refreshed).toMatchObject({ dept_id: dispatch.id, role_name: 'operator' });

    const patrolDept = await seededDept(t, '管网巡检一班');
    const auditorRole = await seededRole(t, 'auditor');
    const badDept = await password('admin', 'admin', '000000', { headers: { 'dept-id': patrolDept.id } });
    expect(badDept.json()).toEqual({ error_code: 400, error_description: '所选部门不属于当前用户' });
    const badRole = await password('admin', 'admin', '000000', { headers: { 'role-id': auditorRole.id } });
    expect(badRole.json()).toEqual({ error_code: 400, error_description: '所选角色不属于当前用户' });
  });

  it('clear-cache answers the envelope', async () => {
    const res = await getAs('/api/blade-auth/oauth/clear-cache', admin.access_token);
    expect(res.json()).toMatchObject({ code: 200, success: true });
  });

  it('register-guest creates a pending user without a role who cannot sign in yet', async () => {
    const send = (body: Record<string, string>) =>
      t.call({
        method: 'POST',
        url: '/api/blade-user/register-guest',
        headers: { authorization: basic() },
        payload: body,
      });
    const pw = await md5('guest-pass');
    const res = await send({ tenantId: '000000', name: '访客王', account: 'guest01', password: pw, oauthId: '' });
    expect(res.json()).toMatchObject({ code: 200, success: true });
    const [g] = await t.app.ctx.db.select().from(user).where(eq(user.account, 'guest01'));
    expect(g).toMatchObject({ status: 2, roleId: '', name: '访客王' });
    expect(g.password).toMatch(/^\$argon2id\$/);

    const signIn = await password('guest01', 'guest-pass');
    expect(signIn.json()).toEqual({ error_code: 400, error_description: '该账号正在等待管理员审核' });

    const dup = await send({ tenantId: '000000', name: '访客王', account: 'guest01', password: pw });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ code: 400, msg: '当前用户 [guest01] 已存在!' });
    const missing = await send({ tenantId: '000000', name: '访客', password: pw });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('请先输入账号名称');
    const expired = await send({ tenantId: '100002', name: '访客', account: 'g2', password: pw });
    expect(expired.json()).toMatchObject({ code: 400, msg: '该租户已过期' });
    const noClient = await t.call({ method: 'POST', url: '/api/blade-user/register-guest', payload: {} });
    expect(noClient.statusCode).toBe(401);
  });

  it('publishes the deployment flags and the SM2 public key without credentials', async () => {
    const res = await t.call({ method: 'GET', url: '/api/blade-auth/oauth/config' });
    expect(res.json()).toMatchObject({ code: 200, data: { captcha: false, tenantMode: false, switchMode: false } });
    expect(res.json().data.smPublicKey).toMatch(/^04[0-9a-f]{128}$/);
    t.config.captcha = true;
    try {
      expect((await t.call({ method: 'GET', url: '/blade-auth/oauth/config' })).json().data.captcha).toBe(true);
    } finally {
      t.config.captcha = false;
    }
  });
});

describe('SpringBlade dialect', () => {
  let publicKey: string;
  beforeAll(async () => {
    publicKey = (await t.call({ method: 'GET', url: '/api/blade-auth/oauth/config' })).json().data.smPublicKey;
  });
  const enc = (plain: string) => smCrypto.sm2.doEncrypt(plain, publicKey, 0);
  const call = (query: Record<string, string>, form = false, headers: Record<string, string> = {}) =>
    t.call({
      method: 'POST',
      url: '/blade-auth/token',
      headers: {
        authorization: basic(SABER),
        ...headers,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(query).toString() } : { query }),
    });

  it('signs in with an SM2-encrypted password and answers camelCase in the envelope', async () => {
    const res = await call({ grantType: 'password', tenantId: '000000', account: 'admin', password: enc('admin') });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ code: 200, success: true });
    for (const f of [
      'accessToken',
      'tokenType',
      'refreshToken',
      'userId',
      'tenantId',
      'oauthId',
      'avatar',
      'authority',
      'userName',
      'account',
      'expiresIn',
      'license',
    ]) {
      expect(b.data, f).toHaveProperty(f);
    }
    expect(b.data).toMatchObject({ tokenType: 'bearer', account: 'admin', userName: '管理员', tenantId: '000000' });
    expect(b.data.authority).toContain('administrator');
    // the token works on the shared routes with the Saber client
    const menus = await getAs('/blade-system/menu/routes', b.data.accessToken, SABER);
    expect(menus.json().code).toBe(200);
    // Sword sends a form body; the 04 prefix of other tools is accepted too
    const sword = await t.call({
      method: 'POST',
      url: '/api/blade-auth/token',
      headers: { authorization: basic(SWORD), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        tenantId: '000000',
        account: 'operator',
        password: `04${enc('operator')}`,
      }).toString(),
    });
    expect(sword.json().data.account).toBe('operator');
    const refreshed = await call({ grantType: 'refresh_token', refreshToken: b.data.refreshToken });
    expect(refreshed.json().data.accessToken).toBeTruthy();
  });

  it('refuses a wrong or undecryptable password and a bad captcha in the envelope', async () => {
    const wrong = await call(
      { grantType: 'password', tenantId: '000000', account: 'admin', password: enc('nope') },
      true,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 400, success: false, msg: '用户名或密码错误' });
    const plain = await call({ grantType: 'password', tenantId: '000000', account: 'admin', password: 'admin' });
    expect(plain.json().msg).toBe('用户名或密码错误');
    const captcha = await call(
      { grantType: 'captcha', tenantId: '000000', account: 'admin', password: enc('admin') },
      false,
      { 'captcha-key': 'x', 'captcha-code': 'y' },
    );
    expect(captcha.json()).toMatchObject({ code: 400, msg: '验证码不正确' });
    const expired = await call({ tenantId: '100002', account: 'admin', password: enc('admin') });
    expect(expired.json().msg).toBe('该租户已过期');
  });

  it('serves its captcha in the envelope', async () => {
    const res = await t.call({ method: 'GET', url: '/blade-auth/captcha' });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { key: expect.any(String), image: expect.stringMatching(/^data:image/) },
    });
  });
});

describe('hashes', () => {
  it('keeps client secrets as sha-256', async () => {
    const [c] = await t.app.ctx.db.select().from(client).where(eq(client.clientId, 'swp_web'));
    expect(c.clientSecret).toBe(createHash('sha256').update('swp_web_secret').digest('hex'));
  });
});
