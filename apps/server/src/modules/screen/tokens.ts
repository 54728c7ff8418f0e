/**
 * Share links of a screen: an administrator creates a token for one screen with a lifetime; the token is a random
 * 32-byte value shown once (only its sha-256 is stored), it opens that screen's data call and nothing else (the
 * view route checks the screen code), and it stops working when it expires or is revoked.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, forbidden } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { defineResource, type Row } from '../../core/resource.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { SCREENS, type ScreenCode } from './catalog.ts';
import { screenToken } from './schema.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
export const MAX_HOURS = 24 * 366;

export const createInput = z.object({
  screenCode: z.enum(Object.keys(SCREENS) as [ScreenCode, ...ScreenCode[]], { message: '大屏编码无效' }),
  name: z.string().trim().min(1, '请填写名称').max(100, '名称最长 100 字'),
  hours: z.coerce
    .number()
    .int()
    .min(1, `有效期 1–${MAX_HOURS} 小时`)
    .max(MAX_HOURS, `有效期 1–${MAX_HOURS} 小时`)
    .default(24 * 7),
});

export async function createToken(ctx: AppContext, who: AuthUser, input: z.infer<typeof createInput>) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const [row] = await ctx.db
    .insert(screenToken)
    .values({
      tenantId: who.tenantId,
      screenCode: input.screenCode,
      name: input.name,
      tokenHash: hash(token),
      prefix: token.slice(0, 6),
      expiresAt: new Date(now.getTime() + input.hours * 3_600_000),
      createUser: who.userId,
      createDept: who.deptId || null,
      updateUser: who.userId,
    })
    .returning();
  return { ...view(row, now), token, path: `/screen/${input.screenCode}?token=${token}` };
}

function view(r: typeof screenToken.$inferSelect, now: Date) {
  const { tokenHash: _h, ...rest } = r;
  return { ...rest, state: stateOf(r, now) };
}

/**
 * `token/list` (administrators): the tenant's links, newest first, each with its state and never its hash. The
 * engine serves only the list: a link is minted once (its token shown once, `hours` become an expiry), revoked and
 * removed by hand below (those tell the open live streams to close).
 */
export const tokenResource = defineResource({
  code: 'screen_token',
  base: '/swp-screen/token',
  table: screenToken,
  input: {},
  grant: { read: 'admin', submit: 'admin', remove: 'admin' },
  routes: ['list'],
  listMode: 'all',
  // links are the tenant's, not their creator's department's
  dataScope: false,
  hidden: ['tokenHash'],
  order: (c) => [desc(c.get('createTime')!), desc(c.get('id')!)],
  hooks: {
    decorate: (rows) => {
      const now = new Date();
      return rows.map((r) => ({ ...r, state: stateOf(r, now) }));
    },
  },
});

const stateOf = (r: Row, now: Date) => (r.revokedAt ? 'revoked' : r.expiresAt <= now ? 'expired' : 'active');

export async function revokeToken(ctx: AppContext, who: AuthUser, id: string) {
  if (!/^\d{1,19}$/.test(id)) throw badRequest('编号无效');
  const now = new Date();
  const rows = await ctx.db
    .update(screenToken)
    .set({ revokedAt: now, updateUser: who.userId, updateTime: now })
    .where(liveInTenant(screenToken, who.tenantId, eq(screenToken.id, id)))
    .returning();
  if (!rows.length) throw badRequest('分享链接不存在');
  await ctx.live.publish({ topic: TOKEN_REVOKED_TOPIC, tenantId: who.tenantId, data: { id } });
  return view(rows[0], now);
}

export async function removeToken(ctx: AppContext, who: AuthUser, id: string) {
  if (!/^\d{1,19}$/.test(id)) throw badRequest('编号无效');
  const rows = await ctx.db
    .update(screenToken)
    .set({ isDeleted: 1, revokedAt: new Date(), updateUser: who.userId })
    .where(inTenant(screenToken, who.tenantId, eq(screenToken.id, id)))
    .returning({ id: screenToken.id });
  if (!rows.length) throw badRequest('分享链接不存在');
  await ctx.live.publish({ topic: TOKEN_REVOKED_TOPIC, tenantId: who.tenantId, data: { id } });
}

/** Published when a link is revoked or removed: its open live streams close (live.ts), on every instance. */
export const TOKEN_REVOKED_TOPIC = 'screen.token.revoked';

/** The tenant a token opens `screen` for; 403 with a clear message otherwise. */
export async function verifyToken(ctx: AppContext, token: string, screen: string, now = new Date()) {
  return (await checkToken(ctx, token, screen, now)).tenantId;
}

/** The link row a token opens `screen` with (id, tenant, expiry); 403 with a clear message otherwise. */
export async function checkToken(ctx: AppContext, token: string, screen: string, now = new Date()) {
  if (!token || token.length > 100) throw forbidden('链接无效');
  const [r] = await ctx.db
    .select()
    .from(screenToken)
    .where(and(eq(screenToken.tokenHash, hash(token)), eq(screenToken.isDeleted, 0)));
  if (!r) throw forbidden('链接无效');
  if (r.revokedAt) throw forbidden('链接已撤销');
  if (r.expiresAt <= now) throw forbidden('链接已过期');
  if (r.screenCode !== screen) throw forbidden('链接不能打开此大屏');
  // a coarse "last used" for the list (at most once a minute)
  if (!r.lastUsedAt || now.getTime() - r.lastUsedAt.getTime() > 60_000)
    await ctx.db.update(screenToken).set({ lastUsedAt: now }).where(eq(screenToken.id, r.id));
  return { id: r.id, tenantId: r.tenantId, expiresAt: r.expiresAt };
}
