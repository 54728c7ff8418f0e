/**
 * The parts of issuing a grant: the user's status and roles, the session row a grant opens (or rotates), and the
 * user fields every token carries.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import smCrypto from 'sm-crypto';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { role, type user } from '../system/index.ts';
import { authSession } from './schema.ts';
import { ADMIN_ALIAS, type ClientRow, type GrantInput, MSG, SignInError, USER_STATUS } from './types.ts';

type Db = AppContext['db'];
type UserRow = typeof user.$inferSelect;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const csv = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** How a grant is issued: the department and role acted as, and on refresh the session being rotated. */
export type IssueOptions = {
  deptId: string;
  roleId: string;
  deptIds: string[];
  roles: { id: string; alias: string; name: string }[];
  grantType: string;
  sessionId?: string;
  oldRefreshHash?: string;
};

export function checkUserStatus(u: UserRow) {
  if (u.status === USER_STATUS.pending) throw new SignInError(MSG.userPending);
  if (u.status !== USER_STATUS.normal) throw new SignInError(MSG.userDisabled);
}

export async function rolesOf(db: Db, tenantId: string, roleIds: string[]) {
  if (!roleIds.length) return [];
  const rows = await db
    .select({ id: role.id, alias: role.roleAlias, name: role.roleName, sort: role.sort })
    .from(role)
    .where(liveInTenant(role, tenantId, inArray(role.id, roleIds)));
  // keep the order of the user's role list
  return roleIds.map((id) => rows.find((r) => r.id === id)).filter((r): r is NonNullable<typeof r> => !!r);
}

/** Opens the grant's session, or on refresh rotates its refresh token; the session id. */
export async function openSession(
  db: Db,
  u: UserRow,
  input: GrantInput,
  o: IssueOptions,
  refreshHash: string,
  expireTime: Date,
): Promise<string> {
  const c = input.client;
  let sessionId = o.sessionId;
  if (sessionId) {
    // rotation: the old refresh token stops working the moment the new one exists
    const rows = await db
      .update(authSession)
      .set({ refreshHash, refreshTime: new Date(), expireTime, lastSeen: new Date() })
      .where(
        and(eq(authSession.id, sessionId), eq(authSession.refreshHash, o.oldRefreshHash!), eq(authSession.revoked, 0)),
      )
      .returning({ id: authSession.id });
    if (!rows.length) throw new SignInError(MSG.badRefresh);
  } else {
    const [row] = await db
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
  return sessionId;
}

/** The grant's user fields (everything but the two tokens). */
export function grantedBase(u: UserRow, c: ClientRow, sessionId: string, o: IssueOptions) {
  return {
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
}

/** Decrypts an SM2 (cipher mode 0, C1C2C3) password of the SpringBlade clients; '' when it does not decrypt. */
export function decryptSm2(cipherHex: string, privateKey: string): string {
  const hex = cipherHex.trim();
  if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length < 194) return '';
  const attempt = (h: string) => {
    try {
      return smCrypto.sm2.doDecrypt(h, privateKey, 0);
    } catch {
      return '';
    }
  };
  return attempt(hex) || (/^04/.test(hex) ? attempt(hex.slice(2)) : '');
}

/** The signed-in user an access token's claims describe (the claims are BladeX's names). */
export function userOfAccessPayload(p: JWTPayload, sid: string): AuthUser {
  const roleAliases = csv(p.role_name as string);
  return {
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
    sessionId: sid,
    isAdmin: roleAliases.includes(ADMIN_ALIAS),
  };
}
