/**
 * Sign-in and sessions: clients, grants (password, captcha, refresh_token), lockout, captchas, tokens, sessions
 * and their revocation. State lives in the database; each instance keeps small caches that the live bus keeps
 * honest (a revoked session is refused on every instance at once).
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { compactVerify, jwtVerify, SignJWT } from 'jose';
import smCrypto from 'sm-crypto';
import svgCaptcha from 'svg-captcha';
import type { AuthUser, ClientInfo } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { client, role, tenant, user, userOauth } from '../system/index.ts';
import { loadKeys, type ServerKeys } from './keys.ts';
import { authCaptcha, authLoginFailure, authSession } from './schema.ts';

export const ADMIN_ALIAS = 'administrator';
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 30 * 60_000;
export const CAPTCHA_TTL_MS = 5 * 60_000;
/** how long an instance trusts its cached "session alive" answer before asking the database again */
const SESSION_RECHECK_MS = 30_000;
const TOKEN_CACHE_MAX = 20_000;

export const SESSION_REVOKED_TOPIC = 'auth.session.revoked';
/** Live topic: a session's screen lock was set or cleared (`{ sessionId, locked }`); every instance follows. */
export const SESSION_LOCK_TOPIC = 'auth.session.lock';

import { CLIENT_CHANGED_TOPIC } from '../system/index.ts';

export { CLIENT_CHANGED_TOPIC };

/** User status values (blade_user.status). */
export const USER_STATUS = { disabled: 0, normal: 1, pending: 2 } as const;

/** Registrations waiting for approval a tenant keeps at most (guest registration needs no sign-in). */
export const MAX_PENDING_GUESTS = 50;
/** advisory lock class serialising guest registrations per tenant */
const GUEST_LOCK = 7_261_020;

export const MSG = {
  badCredentials: '用户名或密码错误',
  badCaptcha: '验证码不正确',
  locked: '用户登录失败次数过多,请稍后再试',
  noTenant: '租户不存在',
  tenantExpired: '该租户已过期',
  tenantDisabled: '该租户已停用',
  badClient: '客户端认证失败',
  socialOff: '第三方登录未配置,请使用账号密码登录',
  badRefresh: '刷新令牌无效或已过期,请重新登录',
  noRole: '未获得用户的角色信息',
  userDisabled: '该账号已停用,请联系管理员',
  userPending: '该账号正在等待管理员审核',
  guestQueueFull: '待审核的注册申请过多, 请联系管理员审核后再注册',
  badDept: '所选部门不属于当前用户',
  badRole: '所选角色不属于当前用户',
} as const;

/** A sign-in refusal: the BladeX endpoint answers it bare, the SpringBlade one in the envelope. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

export interface ClientRow extends ClientInfo {
  secretHash: string;
  grantTypes: string[];
}

export type GrantType = 'password' | 'captcha' | 'refresh_token' | 'social';

export interface GrantInput {
  grantType: string;
  client: ClientRow;
  tenantId: string;
  account?: string;
  /** lower-case hex MD5 of what the person typed */
  passwordMd5?: string;
  refreshToken?: string;
  captchaKey?: string;
  captchaCode?: string;
  /** switch mode: the department and role to act as; must be the user's own */
  deptId?: string;
  roleId?: string;
  ip?: string;
  userAgent?: string;
}

export interface Granted {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  sessionId: string;
  tenantId: string;
  userId: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  deptId: string;
  postId: string;
  roleIds: string[];
  roleAliases: string[];
  roleNames: string[];
  clientId: string;
}

type UserRow = typeof user.$inferSelect;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const csv = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

import { asMd5, hashPassword, verifyPassword } from '../../core/password.ts';
import { inTenant } from '../../core/scoped.ts';

export { asMd5, hashPassword, verifyPassword };

interface SessionState {
  alive: boolean;
  /** the screen lock is set (the gate refuses the session's calls but unlock and logout) */
  locked?: boolean;
  checkedAt: number;
  pending?: Promise<boolean>;
}

export class AuthService {
  keys!: ServerKeys;
  private clients?: { at: number; byId: Map<string, ClientRow> };
  private clientLoading?: Promise<Map<string, ClientRow>>;
  private verifiedClients = new Map<string, ClientRow>();
  private tokens = new Map<string, { user: AuthUser; exp: number }>();
  private sessions = new Map<string, SessionState>();
  private offs: (() => void)[] = [];
  /** checked when the account does not exist, so that a wrong account costs as long as a wrong password */
  private dummyHash?: Promise<string>;

  constructor(readonly ctx: AppContext) {}

  async start() {
    this.keys = await loadKeys(this.ctx);
    this.dummyHash = hashPassword(randomBytes(16).toString('hex'));
    this.offs.push(
      this.ctx.live.on(SESSION_REVOKED_TOPIC, (ev) => {
        const ids = (ev.data as { sessionIds?: string[] } | undefined)?.sessionIds ?? [];
        this.markRevoked(ids);
      }),
      this.ctx.live.on(CLIENT_CHANGED_TOPIC, () => this.dropClientCache()),
      this.ctx.live.on(SESSION_LOCK_TOPIC, (ev) => {
        const d = ev.data as { sessionId?: string; locked?: boolean } | undefined;
        const s = d?.sessionId ? this.sessions.get(d.sessionId) : undefined;
        if (s) s.locked = d?.locked === true;
      }),
    );
  }

  stop() {
    for (const off of this.offs) off();
    this.offs = [];
  }

  // ---------------------------------------------------------------- clients

  private dropClientCache() {
    this.clients = undefined;
    this.verifiedClients.clear();
  }

  private async clientMap(): Promise<Map<string, ClientRow>> {
    if (this.clients && Date.now() - this.clients.at < 60_000) return this.clients.byId;
    this.clientLoading ??= (async () => {
      try {
        const rows = await this.ctx.db
          .select()
          .from(client)
          .where(and(eq(client.isDeleted, 0), eq(client.status, 1)));
        const byId = new Map<string, ClientRow>(
          rows.map((r) => [
            r.clientId,
            {
              clientId: r.clientId,
              accessTokenValidity: r.accessTokenValidity,
              refreshTokenValidity: r.refreshTokenValidity,
              secretHash: r.clientSecret.toLowerCase(),
              grantTypes: csv(r.authorizedGrantTypes),
            },
          ]),
        );
        this.clients = { at: Date.now(), byId };
        this.verifiedClients.clear();
        return byId;
      } finally {
        this.clientLoading = undefined;
      }
    })();
    return this.clientLoading;
  }

  /** The client row when id and secret match (secrets are stored as sha-256); null otherwise. */
  async checkClient(id: string, secret: string): Promise<ClientRow | null> {
    const key = `${id}\n${secret}`;
    const hit = this.verifiedClients.get(key);
    if (hit && this.clients && Date.now() - this.clients.at < 60_000) return hit;
    const matches = (r: ClientRow | undefined): r is ClientRow => {
      if (!r) return false;
      const a = Buffer.from(sha256(secret));
      const b = Buffer.from(r.secretHash);
      return a.length === b.length && timingSafeEqual(a, b);
    };
    let row = (await this.clientMap()).get(id);
    // A client added or given a new secret a moment ago may reach us before its change notice does (on PostgreSQL
    // the notice takes a round trip): reread once, at most once a second, before refusing.
    if (!matches(row) && this.clients && Date.now() - this.clients.at > 1000) {
      this.clients = undefined;
      row = (await this.clientMap()).get(id);
    }
    if (!matches(row)) return null;
    if (this.verifiedClients.size > 1000) this.verifiedClients.clear();
    this.verifiedClients.set(key, row);
    return row;
  }

  // ---------------------------------------------------------------- tokens

  /** The signed-in user of an access token, or null when it is invalid, expired or revoked. */
  async authenticate(token: string, clientId?: string): Promise<AuthUser | null> {
    let entry = this.tokens.get(token);
    const now = Date.now();
    if (entry && entry.exp <= now) {
      this.tokens.delete(token);
      return null;
    }
    if (!entry) {
      const verified = await this.verifyAccess(token);
      if (!verified) return null;
      entry = verified;
      if (this.tokens.size >= TOKEN_CACHE_MAX) this.pruneTokens(now);
      this.tokens.set(token, entry);
    }
    if (clientId && entry.user.clientId !== clientId) return null;
    if (!(await this.sessionAlive(entry.user.sessionId))) return null;
    return this.sessions.get(entry.user.sessionId)?.locked ? { ...entry.user, locked: true } : entry.user;
  }

  // ---------------------------------------------------------------- screen lock

  /**
   * Locks the session's screen with a password (the lock button): every tab of the session is refused data (423)
   * until one of them unlocks with that password. The lock lives on the session row, so every instance sees it.
   */
  async lockSession(sessionId: string, password: string): Promise<void> {
    const lockHash = await hashPassword(asMd5(password));
    await this.ctx.db.update(authSession).set({ lockHash }).where(eq(authSession.id, sessionId));
    await this.announceLock(sessionId, true);
  }

  /** Unlocks with the lock password; false when it is wrong. A session that is not locked unlocks at once. */
  async unlockSession(sessionId: string, password: string): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ lockHash: authSession.lockHash })
      .from(authSession)
      .where(eq(authSession.id, sessionId));
    if (row?.lockHash) {
      if (!(await verifyPassword(row.lockHash, asMd5(password)))) return false;
      await this.ctx.db.update(authSession).set({ lockHash: null }).where(eq(authSession.id, sessionId));
    }
    await this.announceLock(sessionId, false);
    return true;
  }

  private async announceLock(sessionId: string, locked: boolean) {
    const s = this.sessions.get(sessionId);
    if (s) s.locked = locked;
    await this.ctx.live.publish({ topic: SESSION_LOCK_TOPIC, data: { sessionId, locked } });
  }

  private pruneTokens(now: number) {
    for (const [k, v] of this.tokens) if (v.exp <= now) this.tokens.delete(k);
    if (this.tokens.size >= TOKEN_CACHE_MAX) this.tokens.clear();
  }

  private async verifyAccess(token: string): Promise<{ user: AuthUser; exp: number } | null> {
    try {
      const { payload: p } = await jwtVerify(token, this.keys.jwtSecret, { algorithms: ['HS256'], issuer: 'swp' });
      if (p.token_type !== 'access_token' || typeof p.sid !== 'string' || typeof p.exp !== 'number') return null;
      const roleAliases = csv(p.role_name as string);
      const user: AuthUser = {
        userId: String(p.user_id),
        account: String(p.account),
        userName: String(p.nick_name ?? ''),
        realName: String(p.real_name ?? ''),
        tenantId: String(p.tenant_id),
        // the token carries BladeX's comma-joined dept_id; AuthUser.deptId is the one department writes are stamped with
        deptId: csv(String(p.dept_id ?? ''))[0] ?? '',
        deptIds: csv(p.dept_ids as string),
        postId: String(p.post_id ?? ''),
        roleIds: csv(p.role_id as string),
        roleAliases,
        clientId: String(p.client_id),
        sessionId: p.sid,
        isAdmin: roleAliases.includes(ADMIN_ALIAS),
      };
      return { user, exp: p.exp * 1000 };
    } catch {
      return null;
    }
  }

  /** The session id of a token whose signature checks out, expired or not (logout of an expired token). */
  async sessionOf(token: string): Promise<string | undefined> {
    try {
      const { payload } = await compactVerify(token, this.keys.jwtSecret, { algorithms: ['HS256'] });
      const p = JSON.parse(new TextDecoder().decode(payload));
      return typeof p.sid === 'string' ? p.sid : undefined;
    } catch {
      return undefined;
    }
  }

  private async sessionAlive(sid: string): Promise<boolean> {
    const now = Date.now();
    let s = this.sessions.get(sid);
    if (s?.pending) return s.pending;
    // known dead stays dead (revocation is final); known alive is trusted for a while
    if (s && s.checkedAt > 0 && (!s.alive || now - s.checkedAt < SESSION_RECHECK_MS)) return s.alive;
    if (!s) {
      if (this.sessions.size > 50_000) this.sessions.clear();
      s = { alive: false, checkedAt: 0 };
      this.sessions.set(sid, s);
    }
    const state = s;
    state.pending = (async () => {
      try {
        // one round trip checks the session and records that it is in use (the online-users list)
        const rows = await this.ctx.db
          .update(authSession)
          .set({ lastSeen: new Date() })
          .where(eq(authSession.id, sid))
          .returning({
            revoked: authSession.revoked,
            expireTime: authSession.expireTime,
            lockHash: authSession.lockHash,
          });
        const r = rows[0];
        const alive = !!r && r.revoked === 0 && r.expireTime.getTime() > Date.now();
        state.locked = !!r?.lockHash;
        if (state.alive || state.checkedAt === 0 || !alive) state.alive = alive;
        state.checkedAt = Date.now();
        return state.alive;
      } finally {
        state.pending = undefined;
      }
    })();
    return state.pending;
  }

  private markRevoked(ids: string[]) {
    const now = Date.now();
    for (const id of ids) {
      const s = this.sessions.get(id);
      if (s) {
        s.alive = false;
        s.checkedAt = now;
      } else this.sessions.set(id, { alive: false, checkedAt: now });
    }
  }

  private async signAccess(g: Omit<Granted, 'accessToken' | 'refreshToken'>, deptIds: string[], validity: number) {
    return new SignJWT({
      token_type: 'access_token',
      sid: g.sessionId,
      client_id: g.clientId,
      tenant_id: g.tenantId,
      user_id: g.userId,
      account: g.account,
      user_name: g.account,
      nick_name: g.name,
      real_name: g.realName,
      dept_id: g.deptId,
      dept_ids: deptIds.join(','),
      post_id: g.postId,
      role_id: g.roleIds.join(','),
      role_name: g.roleAliases.join(','),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('swp')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + validity)
      .sign(this.keys.jwtSecret);
  }

  // ---------------------------------------------------------------- sessions

  /** Revokes sessions (logout, forced sign-out) on every instance; returns how many were still open. */
  async revokeSessions(sessionIds: string[], reason = 'logout'): Promise<number> {
    if (!sessionIds.length) return 0;
    const rows = await this.ctx.db
      .update(authSession)
      .set({ revoked: 1, revokeTime: new Date(), revokeReason: reason })
      .where(and(inArray(authSession.id, sessionIds), eq(authSession.revoked, 0)))
      .returning({ id: authSession.id });
    await this.announceRevoked(sessionIds);
    return rows.length;
  }

  /** Revokes every open session of the users (disabled, deleted, password reset…). */
  async revokeUserSessions(userIds: string[], reason = 'kicked'): Promise<number> {
    if (!userIds.length) return 0;
    const rows = await this.ctx.db
      .update(authSession)
      .set({ revoked: 1, revokeTime: new Date(), revokeReason: reason })
      .where(and(inArray(authSession.userId, userIds), eq(authSession.revoked, 0)))
      .returning({ id: authSession.id });
    await this.announceRevoked(rows.map((r) => r.id));
    return rows.length;
  }

  private async announceRevoked(ids: string[]) {
    this.markRevoked(ids);
    // NOTIFY payloads are capped at 8000 bytes: a few hundred ids per message
    for (let i = 0; i < ids.length; i += 300) {
      await this.ctx.live.publish({ topic: SESSION_REVOKED_TOPIC, data: { sessionIds: ids.slice(i, i + 300) } });
    }
  }

  // ---------------------------------------------------------------- captcha

  /** `size` characters: 4 for our web client, 5 for Saber and Sword (their login forms require exactly 5). */
  async newCaptcha(size = 4): Promise<{ key: string; image: string }> {
    const c = svgCaptcha.create({ size, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f2f5fa' });
    const key = randomUUID().replace(/-/g, '');
    await this.ctx.db.delete(authCaptcha).where(lt(authCaptcha.expireTime, new Date()));
    await this.ctx.db
      .insert(authCaptcha)
      .values({ key, code: c.text.toLowerCase(), expireTime: new Date(Date.now() + CAPTCHA_TTL_MS) });
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  }

  /** Single use: the captcha is gone after this call, right or wrong. */
  async checkCaptcha(key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key || !code) return false;
    const rows = await this.ctx.db
      .delete(authCaptcha)
      .where(eq(authCaptcha.key, key.slice(0, 64)))
      .returning();
    const r = rows[0];
    return !!r && r.expireTime.getTime() > Date.now() && r.code === code.trim().toLowerCase();
  }

  // ---------------------------------------------------------------- lockout

  private async failureCount(tenantId: string, account: string): Promise<number> {
    const [r] = await this.ctx.db
      .select({ n: count() })
      .from(authLoginFailure)
      .where(
        inTenant(
          authLoginFailure,
          tenantId,
          eq(authLoginFailure.account, account),
          gt(authLoginFailure.createTime, new Date(Date.now() - FAILURE_WINDOW_MS)),
        ),
      );
    return Number(r?.n ?? 0);
  }

  /**
   * Books one sign-in attempt for an account before its password is checked, or refuses (undefined) when the
   * account already has MAX_FAILURES in the window. The count and the booking happen under a per-account
   * transaction-level advisory lock, so a burst of simultaneous attempts (on one instance or many sharing a
   * database) evaluates at most MAX_FAILURES passwords. The booked row is the failure; a right password removes it.
   */
  private async bookAttempt(tenantId: string, account: string, ip?: string): Promise<string | undefined> {
    return this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`swp.login:${tenantId}:${account}`}, 0))`);
      const [r] = await tx
        .select({ n: count() })
        .from(authLoginFailure)
        .where(
          inTenant(
            authLoginFailure,
            tenantId,
            eq(authLoginFailure.account, account),
            gt(authLoginFailure.createTime, new Date(Date.now() - FAILURE_WINDOW_MS)),
          ),
        );
      if (Number(r?.n ?? 0) >= MAX_FAILURES) return undefined;
      const [row] = await tx
        .insert(authLoginFailure)
        .values({ tenantId, account, ip: ip?.slice(0, 64) ?? null })
        .returning({ id: authLoginFailure.id });
      return row.id;
    });
  }

  /** Clears the login failures of these users, which unlocks them. */
  async unlockUsers(userIds: string[]): Promise<number> {
    if (!userIds.length) return 0;
    const users = await this.ctx.db
      .select({ tenantId: user.tenantId, account: user.account })
      .from(user)
      .where(inArray(user.id, userIds));
    let n = 0;
    for (const u of users) {
      const rows = await this.ctx.db
        .delete(authLoginFailure)
        .where(inTenant(authLoginFailure, u.tenantId, eq(authLoginFailure.account, u.account)))
        .returning({ id: authLoginFailure.id });
      n += rows.length;
    }
    return n;
  }

  /** True when the user is locked out by failed sign-ins right now. */
  async isLocked(tenantId: string, account: string): Promise<boolean> {
    return (await this.failureCount(tenantId, account)) >= MAX_FAILURES;
  }

  // ---------------------------------------------------------------- grants

  async checkTenant(tenantId: string) {
    const [t] = await this.ctx.db
      .select()
      .from(tenant)
      .where(inTenant(tenant, tenantId, eq(tenant.isDeleted, 0)));
    if (!t) throw new SignInError(MSG.noTenant);
    if (t.expireTime && t.expireTime.getTime() < Date.now()) throw new SignInError(MSG.tenantExpired);
    if (t.status !== 1) throw new SignInError(MSG.tenantDisabled);
    return t;
  }

  async grant(input: GrantInput): Promise<Granted> {
    const grantType = input.grantType;
    if (!['password', 'captcha', 'refresh_token', 'social'].includes(grantType)) {
      throw new SignInError(`不支持的授权类型: ${grantType || '(空)'}`);
    }
    if (!input.client.grantTypes.includes(grantType)) {
      throw new SignInError(`客户端 ${input.client.clientId} 未获准使用授权类型 ${grantType}`, 401);
    }
    if (grantType === 'social') throw new SignInError(MSG.socialOff);
    if (grantType === 'refresh_token') return this.refresh(input);
    if (grantType === 'captcha' && !(await this.checkCaptcha(input.captchaKey, input.captchaCode))) {
      throw new SignInError(MSG.badCaptcha);
    }
    const tenantId = input.tenantId;
    await this.checkTenant(tenantId);
    const account = (input.account ?? '').trim();
    const password = (input.passwordMd5 ?? '').trim().toLowerCase();
    if (!account || !password) throw new SignInError(MSG.badCredentials);
    if (account.length > 45) throw new SignInError(MSG.badCredentials);

    const attempt = await this.bookAttempt(tenantId, account, input.ip);
    if (!attempt) throw new SignInError(MSG.locked);
    const [u] = await this.ctx.db
      .select()
      .from(user)
      .where(inTenant(user, tenantId, eq(user.account, account), eq(user.isDeleted, 0)));
    const passwordOk = u
      ? await verifyPassword(u.password, password)
      : (await verifyPassword((await this.dummyHash) ?? '', password)) && false;
    // a wrong password leaves the booked attempt as the failure
    if (!u || !passwordOk) throw new SignInError(MSG.badCredentials);
    await this.ctx.db.delete(authLoginFailure).where(eq(authLoginFailure.id, attempt));
    this.checkUserStatus(u);
    await this.ctx.db
      .delete(authLoginFailure)
      .where(inTenant(authLoginFailure, tenantId, eq(authLoginFailure.account, account)));

    const deptIds = csv(u.deptId);
    const roleIds = csv(u.roleId);
    const chosenDept = input.deptId?.trim() || '';
    const chosenRole = input.roleId?.trim() || '';
    if (chosenDept && !deptIds.includes(chosenDept)) throw new SignInError(MSG.badDept);
    if (chosenRole && !roleIds.includes(chosenRole)) throw new SignInError(MSG.badRole);
    const roles = await this.rolesOf(tenantId, chosenRole ? [chosenRole] : roleIds);
    if (!roles.length) throw new SignInError(MSG.noRole);

    return this.issue(u, input, { deptId: chosenDept, roleId: chosenRole, deptIds, roles, grantType });
  }

  private checkUserStatus(u: UserRow) {
    if (u.status === USER_STATUS.pending) throw new SignInError(MSG.userPending);
    if (u.status !== USER_STATUS.normal) throw new SignInError(MSG.userDisabled);
  }

  private async rolesOf(tenantId: string, roleIds: string[]) {
    if (!roleIds.length) return [];
    const rows = await this.ctx.db
      .select({ id: role.id, alias: role.roleAlias, name: role.roleName, sort: role.sort })
      .from(role)
      .where(inTenant(role, tenantId, inArray(role.id, roleIds), eq(role.isDeleted, 0)));
    // keep the order of the user's role list
    return roleIds.map((id) => rows.find((r) => r.id === id)).filter((r): r is NonNullable<typeof r> => !!r);
  }

  private async issue(
    u: UserRow,
    input: GrantInput,
    o: {
      deptId: string;
      roleId: string;
      deptIds: string[];
      roles: { id: string; alias: string; name: string }[];
      grantType: string;
      sessionId?: string;
      oldRefreshHash?: string;
    },
  ): Promise<Granted> {
    const c = input.client;
    const refreshToken = randomBytes(32).toString('base64url');
    const refreshHash = sha256(refreshToken);
    const expireTime = new Date(Date.now() + c.refreshTokenValidity * 1000);
    let sessionId = o.sessionId;
    if (sessionId) {
      // rotation: the old refresh token stops working the moment the new one exists
      const rows = await this.ctx.db
        .update(authSession)
        .set({ refreshHash, refreshTime: new Date(), expireTime, lastSeen: new Date() })
        .where(
          and(
            eq(authSession.id, sessionId),
            eq(authSession.refreshHash, o.oldRefreshHash!),
            eq(authSession.revoked, 0),
          ),
        )
        .returning({ id: authSession.id });
      if (!rows.length) throw new SignInError(MSG.badRefresh);
    } else {
      const [row] = await this.ctx.db
        .insert(authSession)
        .values({
          tenantId: u.tenantId,
          userId: u.id,
          account: u.account,
          userName: (u.realName || u.name || u.account).slice(0, 45),
          clientId: c.clientId,
          deptId: o.deptId,
          roleId: o.roleId,
          grantType: o.grantType,
          ip: input.ip?.slice(0, 64) ?? null,
          userAgent: input.userAgent?.slice(0, 255) ?? null,
          expireTime,
          refreshHash,
        })
        .returning({ id: authSession.id });
      sessionId = row.id;
    }
    const base = {
      expiresIn: c.accessTokenValidity,
      sessionId,
      tenantId: u.tenantId,
      userId: u.id,
      account: u.account,
      name: u.name ?? '',
      realName: u.realName ?? '',
      avatar: u.avatar ?? '',
      deptId: o.deptId || u.deptId,
      postId: u.postId,
      roleIds: o.roles.map((r) => r.id),
      roleAliases: o.roles.map((r) => r.alias),
      roleNames: o.roles.map((r) => r.name),
      clientId: c.clientId,
    };
    const accessToken = await this.signAccess(base, o.deptIds, c.accessTokenValidity);
    return { ...base, accessToken, refreshToken };
  }

  private async refresh(input: GrantInput): Promise<Granted> {
    const token = input.refreshToken?.trim();
    if (!token) throw new SignInError('缺少必要的请求参数: refresh_token');
    const h = sha256(token);
    const [s] = await this.ctx.db.select().from(authSession).where(eq(authSession.refreshHash, h));
    if (!s) throw new SignInError(MSG.badRefresh);
    if (s.revoked !== 0 || s.expireTime.getTime() <= Date.now() || s.clientId !== input.client.clientId) {
      throw new SignInError(MSG.badRefresh);
    }
    await this.checkTenant(s.tenantId);
    const [u] = await this.ctx.db
      .select()
      .from(user)
      .where(and(eq(user.id, s.userId), eq(user.isDeleted, 0)));
    if (!u) {
      await this.revokeSessions([s.id], 'user-removed');
      throw new SignInError(MSG.badRefresh);
    }
    try {
      this.checkUserStatus(u);
    } catch (e) {
      await this.revokeSessions([s.id], 'user-disabled');
      throw e;
    }
    const deptIds = csv(u.deptId);
    const roleIds = csv(u.roleId);
    // the department and role chosen at sign-in stay in force while they still belong to the user
    const deptId = s.deptId && deptIds.includes(s.deptId) ? s.deptId : '';
    const roleId = s.roleId && roleIds.includes(s.roleId) ? s.roleId : '';
    const roles = await this.rolesOf(u.tenantId, roleId ? [roleId] : roleIds);
    if (!roles.length) throw new SignInError(MSG.noRole);
    return this.issue(u, input, {
      deptId,
      roleId,
      deptIds,
      roles,
      grantType: 'refresh_token',
      sessionId: s.id,
      oldRefreshHash: h,
    });
  }

  /** Decrypts an SM2 (cipher mode 0, C1C2C3) password of the SpringBlade clients; '' when it does not decrypt. */
  decryptSm2(cipherHex: string): string {
    const hex = cipherHex.trim();
    if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length < 194) return '';
    const attempt = (h: string) => {
      try {
        return smCrypto.sm2.doDecrypt(h, this.keys.sm2PrivateKey, 0);
      } catch {
        return '';
      }
    };
    return attempt(hex) || (/^04/.test(hex) ? attempt(hex.slice(2)) : '');
  }

  // ---------------------------------------------------------------- guests

  /** Third-party sign-up: a pending user with no role, waiting for an administrator. */
  async registerGuest(p: { tenantId: string; name: string; account: string; password: string; oauthId?: string }) {
    await this.checkTenant(p.tenantId);
    return this.ctx.db.transaction(async (tx) => {
      // anyone holding a client id may call this: the tenant's queue of registrations waiting for approval is
      // bounded, so a flood fills the queue, not the user table (serialised per tenant, so bursts cannot overshoot)
      await tx.execute(sql`select pg_advisory_xact_lock(${GUEST_LOCK}, hashtext(${p.tenantId}))`);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(user)
        .where(inTenant(user, p.tenantId, eq(user.status, USER_STATUS.pending), eq(user.isDeleted, 0)));
      if (n >= MAX_PENDING_GUESTS) throw new SignInError(MSG.guestQueueFull);
      const [exists] = await tx
        .select({ id: user.id })
        .from(user)
        .where(inTenant(user, p.tenantId, eq(user.account, p.account), eq(user.isDeleted, 0)));
      if (exists) throw new SignInError(`当前用户 [${p.account}] 已存在!`);
      let oauth: typeof userOauth.$inferSelect | undefined;
      if (p.oauthId) {
        [oauth] = await tx
          .select()
          .from(userOauth)
          .where(inTenant(userOauth, p.tenantId, eq(userOauth.id, p.oauthId)));
        if (!oauth) throw new SignInError('第三方登录信息错误,请重新授权');
      }
      const [row] = await tx
        .insert(user)
        .values({
          tenantId: p.tenantId,
          userType: 1,
          account: p.account,
          password: await hashPassword(asMd5(p.password)),
          name: p.name,
          realName: p.name.slice(0, 10),
          avatar: oauth?.avatar ?? '',
          roleId: '',
          deptId: '',
          postId: '',
          status: USER_STATUS.pending,
        })
        .returning({ id: user.id });
      if (oauth) await tx.update(userOauth).set({ userId: row.id }).where(eq(userOauth.id, oauth.id));
      return row.id;
    });
  }

  // ---------------------------------------------------------------- housekeeping

  /** Drops expired captchas, old failures and sessions that ended more than 30 days ago (sign-in history). */
  async cleanUp() {
    const now = Date.now();
    await this.ctx.db.delete(authCaptcha).where(lt(authCaptcha.expireTime, new Date(now)));
    await this.ctx.db.delete(authLoginFailure).where(lt(authLoginFailure.createTime, new Date(now - 24 * 3600_000)));
    await this.ctx.db.delete(authSession).where(lt(authSession.expireTime, new Date(now - 30 * 24 * 3600_000)));
  }
}
