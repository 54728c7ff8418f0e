/**
 * Sign-in state, all in the database so that several instances share it: token sessions (also the online-users
 * list), login failures (lockout), captchas, and the server's own keys (JWT secret, SM2 key pair).
 */
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idAndTenant, idType } from '../../core/columns.ts';

/**
 * One row per sign-in. Access tokens carry the session id (`sid`); the current refresh token is kept as its
 * sha-256 and replaced at every refresh (rotation). Logout or a forced sign-out sets `revoked`.
 */
export const authSession = pgTable(
  'blade_auth_session',
  {
    ...idAndTenant(),
    userId: idType('user_id').notNull(),
    account: varchar('account', { length: 45 }).notNull(),
    userName: varchar('user_name', { length: 45 }),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** department and role chosen at sign-in (switch mode), empty when the user's own were used */
    deptId: varchar('dept_id', { length: 32 }).default('').notNull(),
    roleId: varchar('role_id', { length: 32 }).default('').notNull(),
    /** password, captcha, refresh_token, social; the grant that opened the session */
    grantType: varchar('grant_type', { length: 32 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    loginTime: timestamp('login_time', { withTimezone: true }).defaultNow().notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).defaultNow().notNull(),
    /** last refresh (rotation) */
    refreshTime: timestamp('refresh_time', { withTimezone: true }),
    /** when the current refresh token expires: the session ends then */
    expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
    refreshHash: varchar('refresh_hash', { length: 64 }).notNull(),
    revoked: integer('revoked').default(0).notNull(),
    revokeTime: timestamp('revoke_time', { withTimezone: true }),
    /** logout, kicked, user-disabled, … */
    revokeReason: varchar('revoke_reason', { length: 64 }),
    /**
     * The screen lock of the session (the lock button): the argon2 hash of the lock password while locked, null
     * when not. While set, the gate refuses the session's calls (423) except unlock and logout, in every tab.
     */
    lockHash: varchar('lock_hash', { length: 255 }),
  },
  (t) => [
    index('idx_auth_session_refresh').on(t.refreshHash),
    index('idx_auth_session_user').on(t.userId),
    index('idx_auth_session_alive').on(t.revoked, t.expireTime),
  ],
);

/** One row per failed password check; 5 within 30 minutes lock the account (`unlockUsers` clears them). */
export const authLoginFailure = pgTable(
  'blade_auth_login_failure',
  {
    ...idAndTenant(),
    account: varchar('account', { length: 45 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    createTime: timestamp('create_time', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('idx_auth_login_failure_account').on(t.tenantId, t.account, t.createTime)],
);

/** Single-use captchas: the code is stored lower-case and the row is deleted when it is checked. */
export const authCaptcha = pgTable(
  'blade_auth_captcha',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    code: varchar('code', { length: 16 }).notNull(),
    expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
  },
  (t) => [index('idx_auth_captcha_expire').on(t.expireTime)],
);

/** Server keys generated once (first start) so that every instance agrees: `jwt.secret`, `sm2.public`, `sm2.private`. */
export const authKey = pgTable('blade_auth_key', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).defaultNow().notNull(),
});
