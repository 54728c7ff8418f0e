/**
 * Guest registration (third-party sign-up): a pending user with no role, waiting for an administrator.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { asMd5, hashPassword } from '../../core/password.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { user, userOauth } from '../system/index.ts';
import { MAX_PENDING_GUESTS, MSG, SignInError, USER_STATUS } from './types.ts';

/** advisory lock class serialising guest registrations per tenant */
const GUEST_LOCK = 7_261_020;

export interface GuestInput {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  oauthId?: string;
}

/** Inserts the pending user (the caller has checked the tenant); its id. */
export async function insertGuest(db: AppContext['db'], p: GuestInput) {
  return db.transaction(async (tx) => {
    // anyone holding a client id may call this: the tenant's queue of registrations waiting for approval is
    // bounded, so a flood fills the queue, not the user table (serialised per tenant, so bursts cannot overshoot)
    await tx.execute(sql`select pg_advisory_xact_lock(${GUEST_LOCK}, hashtext(${p.tenantId}))`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(user)
      .where(liveInTenant(user, p.tenantId, eq(user.status, USER_STATUS.pending)));
    if (n >= MAX_PENDING_GUESTS) throw new SignInError(MSG.guestQueueFull);
    const [exists] = await tx
      .select({ id: user.id })
      .from(user)
      .where(liveInTenant(user, p.tenantId, eq(user.account, p.account)));
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
