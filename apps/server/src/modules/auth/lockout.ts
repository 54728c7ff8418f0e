/**
 * Captchas and the sign-in lockout: single-use captchas, and failed attempts booked per account so that a burst of
 * guesses evaluates at most MAX_FAILURES passwords.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { AppContext } from '../../core/module.ts';
import { inTenant } from '../../core/scoped.ts';
import { user } from '../system/index.ts';
import { authCaptcha, authLoginFailure } from './schema.ts';
import { CAPTCHA_TTL_MS, FAILURE_WINDOW_MS, MAX_FAILURES } from './types.ts';

type Db = AppContext['db'];

/** `size` characters: 4 for our web client, 5 for Saber and Sword (their login forms require exactly 5). */
export async function newCaptcha(db: Db, size = 4): Promise<{ key: string; image: string }> {
  const c = svgCaptcha.create({ size, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f2f5fa' });
  const key = randomUUID().replace(/-/g, '');
  await db.delete(authCaptcha).where(lt(authCaptcha.expireTime, new Date()));
  await db
    .insert(authCaptcha)
    .values({ key, code: c.text.toLowerCase(), expireTime: new Date(Date.now() + CAPTCHA_TTL_MS) });
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** Single use: the captcha is gone after this call, right or wrong. */
export async function checkCaptcha(db: Db, key: string | undefined, code: string | undefined): Promise<boolean> {
  if (!key || !code) return false;
  const rows = await db
    .delete(authCaptcha)
    .where(eq(authCaptcha.key, key.slice(0, 64)))
    .returning();
  const r = rows[0];
  return !!r && r.expireTime.getTime() > Date.now() && r.code === code.trim().toLowerCase();
}

/** The account's failures inside the lockout window. */
const recentFailures = (tenantId: string, account: string) =>
  inTenant(
    authLoginFailure,
    tenantId,
    eq(authLoginFailure.account, account),
    gt(authLoginFailure.createTime, new Date(Date.now() - FAILURE_WINDOW_MS)),
  );

async function failureCount(db: Db, tenantId: string, account: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(authLoginFailure).where(recentFailures(tenantId, account));
  return Number(r?.n ?? 0);
}

/**
 * Books one sign-in attempt for an account before its password is checked, or refuses (undefined) when the
 * account already has MAX_FAILURES in the window. The count and the booking happen under a per-account
 * transaction-level advisory lock, so a burst of simultaneous attempts (on one instance or many sharing a
 * database) evaluates at most MAX_FAILURES passwords. The booked row is the failure; a right password removes it.
 */
export async function bookAttempt(db: Db, tenantId: string, account: string, ip?: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`swp.login:${tenantId}:${account}`}, 0))`);
    const [r] = await tx.select({ n: count() }).from(authLoginFailure).where(recentFailures(tenantId, account));
    if (Number(r?.n ?? 0) >= MAX_FAILURES) return undefined;
    const [row] = await tx
      .insert(authLoginFailure)
      .values({ tenantId, account, ip: ip?.slice(0, 64) ?? null })
      .returning({ id: authLoginFailure.id });
    return row.id;
  });
}

/** Clears the login failures of these users, which unlocks them. */
export async function unlockUsers(db: Db, userIds: string[]): Promise<number> {
  if (!userIds.length) return 0;
  const users = await db
    .select({ tenantId: user.tenantId, account: user.account })
    .from(user)
    .where(inArray(user.id, userIds));
  let n = 0;
  for (const u of users) {
    const rows = await db
      .delete(authLoginFailure)
      .where(inTenant(authLoginFailure, u.tenantId, eq(authLoginFailure.account, u.account)))
      .returning({ id: authLoginFailure.id });
    n += rows.length;
  }
  return n;
}

/** True when the user is locked out by failed sign-ins right now. */
export async function isLocked(db: Db, tenantId: string, account: string): Promise<boolean> {
  return (await failureCount(db, tenantId, account)) >= MAX_FAILURES;
}
