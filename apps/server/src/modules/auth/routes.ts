/**
 * Sign-in, session and "what may I see" routes of both dialects (contract.md "Sign-in", "Menus", "SpringBlade
 * dialect"). `oauth/token` answers bare objects (success and `{ error_code, error_description }`), everything else
 * the envelope.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, done, ok } from '../../core/envelope.ts';
import { adminOnly, bearerOf, parseBasic, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { requiredText } from '../../core/required-text.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { dept, invalidateMenuCache, post, role, tenant, user } from '../system/index.ts';
import type { MenuService } from './menus.ts';
import { authSession } from './schema.ts';
import {
  type AuthService,
  asMd5,
  CLIENT_CHANGED_TOPIC,
  type ClientRow,
  type Granted,
  MSG,
  SignInError,
} from './service.ts';

export interface AuthRouteDeps {
  auth: (req: FastifyRequest) => AuthService;
  menus: (req: FastifyRequest) => MenuService;
}

const LICENSE = 'powered by swp-console';
const JSON_TYPE = 'application/json; charset=utf-8';

const idText = z.string().regex(/^\d{1,19}$/, '必须是数字编号');
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idText.optional());

/** Query string and body (form or JSON) merged; the body wins. */
function paramsOf(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (src: unknown) => {
    if (!src || typeof src !== 'object' || Array.isArray(src)) return;
    for (const [k, v] of Object.entries(src)) {
      if (v === undefined || v === null) continue;
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    }
  };
  add(req.query);
  add(req.body);
  return out;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() || undefined;
};

function tenantOf(req: FastifyRequest, p: Record<string, string>): string {
  const t = p.tenantId?.trim() || header(req, 'tenant-id') || '000000';
  return t.slice(0, 12);
}

function bladeReply(g: Granted) {
  return {
    access_token: g.accessToken,
    token_type: 'bearer',
    refresh_token: g.refreshToken,
    expires_in: g.expiresIn,
    scope: 'all',
    tenant_id: g.tenantId,
    user_id: g.userId,
    dept_id: g.deptId,
    role_id: g.roleIds.join(','),
    post_id: g.postId,
    role_name: g.roleAliases.join(','),
    account: g.account,
    user_name: g.account,
    nick_name: g.name,
    real_name: g.realName,
    avatar: g.avatar,
    oauth_id: '',
    client_id: g.clientId,
    license: LICENSE,
  };
}

function bareError(reply: FastifyReply, status: number, msg: string) {
  return reply.code(status).send({ error_code: status, error_description: msg });
}

function asApiError(e: unknown): unknown {
  if (e instanceof SignInError) return new ApiError(e.httpStatus, e.httpStatus, e.message);
  return e;
}

const guestBody = z.object({
  tenantId: z
    .string({ error: '请先输入租户编号' })
    .trim()
    .regex(/^\w{1,12}$/, '租户编号格式不正确'),
  name: requiredText('请输入用户名', 20, '用户名不能超过 20 个字符', '缺少必要的请求参数: name'),
  account: requiredText('请先输入账号名称', 45, '账号不能超过 45 个字符').regex(
    /^[\w.@-]+$/,
    '账号只能包含字母、数字、下划线、点、@ 和 -',
  ),
  password: z.string({ error: '请先输入密码' }).min(1, '请先输入密码').max(128),
  oauthId: optionalId,
});

export function authRoutes(app: FastifyInstance, ctx: AppContext, deps: AuthRouteDeps) {
  publicRoutes(app, ctx, deps);
  clientRoutes(app, deps);
  screenLockRoutes(app, deps);
  userRoutes(app, ctx, deps);
}

/** Before sign-in: the sign-in page's config and captchas, BladeX's token grants, logout. */
function publicRoutes(app: FastifyInstance, ctx: AppContext, deps: AuthRouteDeps) {
  app.get('/blade-auth/oauth/config', { config: { access: 'public' } }, async (req) => {
    const env = process.env;
    const on = (v: string | undefined) => !!v && !['0', 'off', 'false', 'no'].includes(v.toLowerCase());
    return ok({
      captcha: ctx.config.captcha,
      tenantMode: on(env.SWP_TENANT_MODE),
      switchMode: on(env.SWP_SWITCH_MODE),
      smPublicKey: deps.auth(req).keys.sm2PublicKey,
    });
  });

  app.get('/blade-auth/oauth/captcha', { config: { access: 'public' } }, async (req) => deps.auth(req).newCaptcha());
  // SpringBlade's captcha has 5 characters and the Saber and Sword login forms check that length
  app.get('/blade-auth/captcha', { config: { access: 'public' } }, async (req) =>
    ok(await deps.auth(req).newCaptcha(5)),
  );

  /** BladeX sign-in: bare replies; the client check is done here so that its failure is bare too. */
  const token = (defaultGrant?: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    const svc = deps.auth(req);
    const basic = parseBasic(req.headers.authorization);
    const client = basic ? await svc.checkClient(basic.id, basic.secret) : null;
    if (!client) return bareError(reply, 401, MSG.badClient);
    req.client = client;
    const p = paramsOf(req);
    try {
      const g = await svc.grant({
        grantType: (p.grant_type ?? p.grantType ?? defaultGrant ?? '').trim(),
        client,
        tenantId: tenantOf(req, p),
        account: p.username ?? p.account,
        passwordMd5: p.password,
        refreshToken: p.refresh_token ?? p.refreshToken,
        captchaKey: header(req, 'captcha-key') ?? p.captchaKey,
        captchaCode: header(req, 'captcha-code') ?? p.captchaCode,
        deptId: header(req, 'dept-id'),
        roleId: header(req, 'role-id'),
        ip: req.ip,
        userAgent: header(req, 'user-agent'),
      });
      return reply.send(bladeReply(g));
    } catch (e) {
      if (e instanceof SignInError) return bareError(reply, e.httpStatus, e.message);
      throw e;
    }
  };
  app.post('/blade-auth/oauth/token', { config: { access: 'public' } }, token());
  app.post('/blade-auth/oauth/token/refresh', { config: { access: 'public' } }, token('refresh_token'));

  /** Logout revokes the session (and with it the refresh token); an expired token still signs out. */
  const logout = async (req: FastifyRequest) => {
    const t = bearerOf(req);
    if (t) {
      const svc = deps.auth(req);
      const sid = await svc.sessionOf(t);
      if (sid) await svc.revokeSessions([sid], 'logout');
    }
    return done();
  };
  app.get('/blade-auth/oauth/logout', { config: { access: 'public' } }, logout);
  // the web client's error-log upload posts its logs here too: accepted and ignored
  app.post('/blade-auth/oauth/logout', { config: { access: 'public' } }, logout);
}

/** For a known client: SpringBlade's sign-in and guest registration (both dialects). */
function clientRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  /** SpringBlade sign-in: SM2-encrypted password, envelope replies with camelCase fields. */
  app.post('/blade-auth/token', { config: { access: 'client' } }, async (req) => {
    const svc = deps.auth(req);
    const p = paramsOf(req);
    const grantType = (p.grantType ?? p.grant_type ?? 'password').trim() || 'password';
    try {
      let passwordMd5: string | undefined;
      if (grantType === 'password' || grantType === 'captcha') {
        const plain = p.password ? svc.decryptSm2(p.password) : '';
        if (!plain) throw new SignInError(MSG.badCredentials);
        passwordMd5 = asMd5(plain);
      }
      const g = await svc.grant({
        grantType,
        // the gate checked the client with our provider, which answers the full row
        client: req.client as ClientRow,
        tenantId: tenantOf(req, p),
        account: p.account ?? p.username,
        passwordMd5,
        refreshToken: p.refreshToken ?? p.refresh_token,
        captchaKey: header(req, 'captcha-key'),
        captchaCode: header(req, 'captcha-code'),
        ip: req.ip,
        userAgent: header(req, 'user-agent'),
      });
      return ok({
        accessToken: g.accessToken,
        tokenType: 'bearer',
        refreshToken: g.refreshToken,
        userId: g.userId,
        tenantId: g.tenantId,
        oauthId: '',
        avatar: g.avatar,
        authority: g.roleAliases.join(','),
        userName: g.realName,
        account: g.account,
        expiresIn: g.expiresIn,
        license: LICENSE,
      });
    } catch (e) {
      throw asApiError(e);
    }
  });

  // Guest registration before sign-in: BladeX's path and SpringBlade's (Saber 4.x posts the same query parameters
  // to /blade-system/user/register-guest). Both create a pending user of the named tenant with no role, department
  // or post, who cannot sign in until an administrator approves (docs/auth.md, "Guest registration").
  for (const path of ['/blade-user/register-guest', '/blade-system/user/register-guest']) {
    app.post(path, { config: { access: 'client' } }, async (req) => {
      const p = guestBody.parse(paramsOf(req));
      try {
        await deps.auth(req).registerGuest(p);
      } catch (e) {
        throw asApiError(e);
      }
      return done();
    });
  }
}

/**
 * The screen lock. The lock button locks the session, not just the tab: every tab of it (and any new one) is
 * refused data (423) until one unlocks with the lock password. Unlock and the state answer while locked.
 */
function screenLockRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const lockBody = z.object({
    password: z.string({ error: '锁屏密码不能为空' }).min(1, '锁屏密码不能为空').max(64, '锁屏密码不能超过64个字符'),
  });
  app.post('/blade-auth/session/lock', { ...signedIn, schema: { body: lockBody } }, async (req) => {
    await deps.auth(req).lockSession(userOf(req).sessionId, (req.body as z.infer<typeof lockBody>).password);
    return done();
  });
  app.post(
    '/blade-auth/session/unlock',
    { config: { ...signedIn.config, whileLocked: true }, schema: { body: lockBody } },
    async (req) => {
      const ok_ = await deps
        .auth(req)
        .unlockSession(userOf(req).sessionId, (req.body as z.infer<typeof lockBody>).password);
      if (!ok_) throw new ApiError(400, 400, '解锁密码错误，请重新输入');
      return done();
    },
  );
  app.get('/blade-auth/session/lock', { config: { ...signedIn.config, whileLocked: true } }, async (req) =>
    ok({ locked: userOf(req).locked === true }),
  );
}

/** The signed-in user: who they are, their departments and roles to switch to, their menus; clearing caches. */
function userRoutes(app: FastifyInstance, ctx: AppContext, deps: AuthRouteDeps) {
  app.get('/blade-auth/oauth/user-info', signedIn, async (req) => userInfo(ctx, req));

  /** Clears every instance's caches of menus, grants, API scopes and clients. */
  app.get('/blade-auth/oauth/clear-cache', adminOnly, async () => {
    await invalidateMenuCache(ctx);
    await ctx.live.publish({ topic: CLIENT_CHANGED_TOPIC });
    return done();
  });

  const selectQuery = z.object({ userId: optionalId }).loose();

  /**
   * The departments or roles a user holds (the switch dialog), in the order the user lists them, each with its name
   * as `title`; `userId` names another user of the same tenant.
   */
  const held =
    <R extends { id: string }>(
      column: 'deptId' | 'roleId',
      load: (tenantId: string, ids: string[]) => Promise<R[]>,
      title: (r: R) => string,
    ) =>
    async (req: FastifyRequest) => {
      const me = userOf(req);
      const { userId } = req.query as z.infer<typeof selectQuery>;
      const u = await userInTenant(ctx, userId ?? me.userId, me.tenantId);
      const ids = (u?.[column] ?? '').split(',').filter(Boolean);
      if (!ids.length) return ok([]);
      const rows = await load(me.tenantId, ids);
      return ok(
        ids
          .map((id) => rows.find((r) => r.id === id))
          .filter((r): r is R => Boolean(r))
          .map((r) => ({ ...r, title: title(r) })),
      );
    };

  const liveDepts = (tenantId: string, ids: string[]) =>
    ctx.db
      .select()
      .from(dept)
      .where(liveInTenant(dept, tenantId, inArray(dept.id, ids)));
  const liveRoles = (tenantId: string, ids: string[]) =>
    ctx.db
      .select()
      .from(role)
      .where(liveInTenant(role, tenantId, inArray(role.id, ids)));
  const selectOptions = { ...signedIn, schema: { querystring: selectQuery } };
  app.get(
    '/blade-system/dept/select',
    selectOptions,
    held('deptId', liveDepts, (d) => d.deptName),
  );
  app.get(
    '/blade-system/role/select',
    selectOptions,
    held('roleId', liveRoles, (r) => r.roleName),
  );

  const routesQuery = z.object({ topMenuId: optionalId }).loose();
  app.get('/blade-system/menu/routes', { ...signedIn, schema: { querystring: routesQuery } }, async (req, reply) => {
    const { topMenuId } = req.query as z.infer<typeof routesQuery>;
    return reply.type(JSON_TYPE).send(await deps.menus(req).routes(userOf(req), topMenuId));
  });
  app.get('/blade-system/menu/buttons', signedIn, async (req, reply) =>
    reply.type(JSON_TYPE).send(await deps.menus(req).buttons(userOf(req))),
  );
  app.get('/blade-system/menu/top-menu', signedIn, async (req, reply) =>
    reply.type(JSON_TYPE).send(await deps.menus(req).topMenus(userOf(req))),
  );
}

async function userInTenant(ctx: AppContext, id: string, tenantId: string) {
  const [u] = await ctx.db
    .select({ deptId: user.deptId, roleId: user.roleId })
    .from(user)
    .where(liveInTenant(user, tenantId, eq(user.id, id)));
  return u;
}

/** BladeX's user-info: the user with the names of their departments (the one chosen at sign-in), roles and posts. */
async function userInfo(ctx: AppContext, req: FastifyRequest) {
  const me = userOf(req);
  const [u] = await ctx.db
    .select()
    .from(user)
    .where(and(eq(user.id, me.userId), eq(user.isDeleted, 0)));
  if (!u) return ok(null);
  // the department chosen at sign-in (switch mode), else every department of the user
  const [session] = await ctx.db
    .select({ deptId: authSession.deptId })
    .from(authSession)
    .where(eq(authSession.id, me.sessionId));
  const deptIds = (session?.deptId || u.deptId).split(',').filter(Boolean);
  const postIds = u.postId.split(',').filter(Boolean);
  const [depts, roles, posts, [t]] = await Promise.all([
    deptIds.length
      ? ctx.db.select({ id: dept.id, name: dept.deptName }).from(dept).where(inArray(dept.id, deptIds))
      : [],
    me.roleIds.length
      ? ctx.db.select({ id: role.id, name: role.roleName }).from(role).where(inArray(role.id, me.roleIds))
      : [],
    postIds.length
      ? ctx.db.select({ id: post.id, name: post.postName }).from(post).where(inArray(post.id, postIds))
      : [],
    ctx.db.select({ name: tenant.tenantName }).from(tenant).where(inTenant(tenant, me.tenantId)),
  ]);
  const names = (ids: string[], rows: { id: string; name: string }[]) =>
    ids
      .map((id) => rows.find((r) => r.id === id)?.name)
      .filter(Boolean)
      .join(',');
  return ok({
    id: u.id,
    userId: u.id,
    tenantId: u.tenantId,
    tenantName: t?.name ?? '',
    code: u.code,
    userType: u.userType,
    account: u.account,
    name: u.name,
    nickName: u.name,
    realName: u.realName,
    avatar: u.avatar ?? '',
    email: u.email,
    phone: u.phone,
    birthday: u.birthday,
    sex: u.sex,
    deptId: deptIds.join(','),
    deptName: names(deptIds, depts),
    roleId: me.roleIds.join(','),
    roleName: names(me.roleIds, roles),
    roleAlias: me.roleAliases.join(','),
    postId: u.postId,
    postName: names(postIds, posts),
    clientId: me.clientId,
    isAdmin: me.isAdmin,
  });
}
