/**
 * Sign-in and sessions: clients, grants (password, captcha, refresh_token), lockout, captchas, tokens, sessions
 * and their revocation. State lives in the database; each instance keeps small caches that the live bus keeps
 * honest (a revoked session is refused on every instance at once).
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { compactVerify, jwtVerify, SignJWT } from 'jose';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { tenant, user } from '../system/index.ts';
import { loadClients } from './clients.ts';
import { type GuestInput, insertGuest } from './guest.ts';
import {
  checkUserStatus,
  csv,
  decryptSm2,
  grantedBase,
  type IssueOptions,
  openSession,
  rolesOf,
  sha256,
  userOfAccessPayload,
} from './issue.ts';
import { loadKeys, type ServerKeys } from './keys.ts';
import { bookAttempt, checkCaptcha, isLocked, newCaptcha, unlockUsers } from './lockout.ts';
import { authCaptcha, authLoginFailure, authSession } from './schema.ts';

export * from './types.ts';

import {
  type ClientRow,
  type Granted,
  type GrantInput,
  MSG,
  SESSION_LOCK_TOPIC,
  SESSION_REVOKED_TOPIC,
  SignInError,
} from './types.ts';

/** how long an instance trusts its cached "session alive" answer before asking the database again */
const SESSION_RECHECK_MS = 30_000;
const TOKEN_CACHE_MAX = 20_000;

import { CLIENT_CHANGED_TOPIC } from '../system/index.ts';

export { CLIENT_CHANGED_TOPIC };

type UserRow = typeof user.$inferSelect;

import { asMd5, hashPassword, verifyPassword } from '../../core/password.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';

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
        const byId = await loadClients(this.ctx.db);
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
      const user = userOfAccessPayload(p, p.sid);
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
    const revoked = await this.revokeOpen(inArray(authSession.id, sessionIds), reason);
    await this.announceRevoked(sessionIds);
    return revoked.length;
  }

  /** Revokes every open session of the users (disabled, deleted, password reset…). */
  async revokeUserSessions(userIds: string[], reason = 'kicked'): Promise<number> {
    if (!userIds.length) return 0;
    const revoked = await this.revokeOpen(inArray(authSession.userId, userIds), reason);
    await this.announceRevoked(revoked);
    return revoked.length;
  }

  /** Marks the open sessions that `which` picks revoked; returns their ids. */
  private async revokeOpen(which: SQL, reason: string): Promise<string[]> {
    const rows = await this.ctx.db
      .update(authSession)
      .set({ revoked: 1, revokeTime: new Date(), revokeReason: reason })
      .where(and(which, eq(authSession.revoked, 0)))
      .returning({ id: authSession.id });
    return rows.map((r) => r.id);
  }

  private async announceRevoked(ids: string[]) {
    this.markRevoked(ids);
    // NOTIFY payloads are capped at 8000 bytes: a few hundred ids per message
    for (let i = 0; i < ids.length; i += 300) {
      await this.ctx.live.publish({ topic: SESSION_REVOKED_TOPIC, data: { sessionIds: ids.slice(i, i + 300) } });
    }
  }

  // ---------------------------------------------------------------- captcha and lockout (lockout.ts)

  /** `size` characters: 4 for our web client, 5 for Saber and Sword (their login forms require exactly 5). */
  newCaptcha(size = 4): Promise<{ key: string; image: string }> {
    return newCaptcha(this.ctx.db, size);
  }

  /** Single use: the captcha is gone after this call, right or wrong. */
  checkCaptcha(key: string | undefined, code: string | undefined): Promise<boolean> {
    return checkCaptcha(this.ctx.db, key, code);
  }

  /** Clears the login failures of these users, which unlocks them. */
  unlockUsers(userIds: string[]): Promise<number> {
    return unlockUsers(this.ctx.db, userIds);
  }

  /** True when the user is locked out by failed sign-ins right now. */
  isLocked(tenantId: string, account: string): Promise<boolean> {
    return isLocked(this.ctx.db, tenantId, account);
  }

  // ---------------------------------------------------------------- grants

  async checkTenant(tenantId: string) {
    const [t] = await this.ctx.db.select().from(tenant).where(liveInTenant(tenant, tenantId));
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
    if (grantType === 'captcha' && !(await checkCaptcha(this.ctx.db, input.captchaKey, input.captchaCode))) {
      throw new SignInError(MSG.badCaptcha);
    }
    const tenantId = input.tenantId;
    await this.checkTenant(tenantId);
    const account = (input.account ?? '').trim();
    const password = (input.passwordMd5 ?? '').trim().toLowerCase();
    if (!account || !password) throw new SignInError(MSG.badCredentials);
    if (account.length > 45) throw new SignInError(MSG.badCredentials);

    const attempt = await bookAttempt(this.ctx.db, tenantId, account, input.ip);
    if (!attempt) throw new SignInError(MSG.locked);
    const [u] = await this.ctx.db
      .select()
      .from(user)
      .where(liveInTenant(user, tenantId, eq(user.account, account)));
    const passwordOk = u
      ? await verifyPassword(u.password, password)
      : (await verifyPassword((await this.dummyHash) ?? '', password)) && false;
    // a wrong password leaves the booked attempt as the failure
    if (!u || !passwordOk) throw new SignInError(MSG.badCredentials);
    await this.ctx.db.delete(authLoginFailure).where(eq(authLoginFailure.id, attempt));
    checkUserStatus(u);
    await this.ctx.db
      .delete(authLoginFailure)
      .where(inTenant(authLoginFailure, tenantId, eq(authLoginFailure.account, account)));

    const deptIds = csv(u.deptId);
    const roleIds = csv(u.roleId);
    const chosenDept = input.deptId?.trim() || '';
    const chosenRole = input.roleId?.trim() || '';
    if (chosenDept && !deptIds.includes(chosenDept)) throw new SignInError(MSG.badDept);
    if (chosenRole && !roleIds.includes(chosenRole)) throw new SignInError(MSG.badRole);
    const roles = await rolesOf(this.ctx.db, tenantId, chosenRole ? [chosenRole] : roleIds);
    if (!roles.length) throw new SignInError(MSG.noRole);

    return this.issue(u, input, { deptId: chosenDept, roleId: chosenRole, deptIds, roles, grantType });
  }

  private async issue(u: UserRow, input: GrantInput, o: IssueOptions): Promise<Granted> {
    const c = input.client;
    const refreshToken = randomBytes(32).toString('base64url');
    const refreshHash = sha256(refreshToken);
    const expireTime = new Date(Date.now() + c.refreshTokenValidity * 1000);
    const sessionId = await openSession(this.ctx.db, u, input, o, refreshHash, expireTime);
    const base = grantedBase(u, c, sessionId, o);
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
      checkUserStatus(u);
    } catch (e) {
      await this.revokeSessions([s.id], 'user-disabled');
      throw e;
    }
    const deptIds = csv(u.deptId);
    const roleIds = csv(u.roleId);
    // the department and role chosen at sign-in stay in force while they still belong to the user
    const deptId = s.deptId && deptIds.includes(s.deptId) ? s.deptId : '';
    const roleId = s.roleId && roleIds.includes(s.roleId) ? s.roleId : '';
    const roles = await rolesOf(this.ctx.db, u.tenantId, roleId ? [roleId] : roleIds);
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
    return decryptSm2(cipherHex, this.keys.sm2PrivateKey);
  }

  /** Third-party sign-up: a pending user with no role, waiting for an administrator. */
  async registerGuest(p: GuestInput) {
    await this.checkTenant(p.tenantId);
    return insertGuest(this.ctx.db, p);
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
