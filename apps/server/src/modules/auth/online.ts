/**
 * Reading sessions for other modules: the online-users list (`/system/OnlineUser`, open sessions of a tenant) and
 * a user's own sign-in history (`/permission/Users/Current/SystemLog`). Ending a session is `revokeSessions`.
 */
import { and, count, desc, eq, gt, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { likeContains } from '../../core/query.ts';
import { inTenant } from '../../core/scoped.ts';
import { authSession } from './schema.ts';

export interface SessionQuery {
  tenantId: string;
  /** only open sessions (not revoked, not expired); default true */
  openOnly?: boolean;
  userId?: string;
  ids?: string[];
  /** account or user name contains */
  keyword?: string;
  /** sign-in time range */
  from?: Date;
  to?: Date;
  offset?: number;
  limit?: number;
}

export interface SessionInfo {
  id: string;
  tenantId: string;
  userId: string;
  account: string;
  userName: string | null;
  clientId: string;
  grantType: string;
  ip: string | null;
  userAgent: string | null;
  loginTime: Date;
  lastSeen: Date;
  expireTime: Date;
  revoked: number;
  revokeTime: Date | null;
  revokeReason: string | null;
}

/** Sessions of a tenant, newest sign-in first, with the total for paging. */
export async function listSessions(ctx: AppContext, q: SessionQuery): Promise<{ rows: SessionInfo[]; total: number }> {
  const conds: SQL[] = [inTenant(authSession, q.tenantId)];
  if (q.openOnly !== false) conds.push(eq(authSession.revoked, 0), gt(authSession.expireTime, new Date()));
  if (q.userId) conds.push(eq(authSession.userId, q.userId));
  if (q.ids) conds.push(q.ids.length ? inArray(authSession.id, q.ids) : eq(authSession.id, '0'));
  if (q.keyword) {
    const like = likeContains(q.keyword);
    conds.push(or(ilike(authSession.account, like), ilike(authSession.userName, like))!);
  }
  if (q.from) conds.push(gte(authSession.loginTime, q.from));
  if (q.to) conds.push(lte(authSession.loginTime, q.to));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select({
        id: authSession.id,
        tenantId: authSession.tenantId,
        userId: authSession.userId,
        account: authSession.account,
        userName: authSession.userName,
        clientId: authSession.clientId,
        grantType: authSession.grantType,
        ip: authSession.ip,
        userAgent: authSession.userAgent,
        loginTime: authSession.loginTime,
        lastSeen: authSession.lastSeen,
        expireTime: authSession.expireTime,
        revoked: authSession.revoked,
        revokeTime: authSession.revokeTime,
        revokeReason: authSession.revokeReason,
      })
      .from(authSession)
      .where(where)
      .orderBy(desc(authSession.loginTime), desc(authSession.id))
      .limit(q.limit ?? 1000)
      .offset(q.offset ?? 0),
    ctx.db.select({ n: count() }).from(authSession).where(where),
  ]);
  return { rows, total: Number(n) };
}
