/**
 * The phones the app runs on (移动应用 › 设备管理). The app says hello at start and with each position batch: its
 * own device id, its version, and (from the token) who and which session. Signing out a lost phone revokes the
 * session it holds through the auth module, on every instance at once; the next call from that phone gets 401 and
 * the app drops its token. The device row stays, marked revoked, until someone signs in on it again.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { byMenu, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant, tenantSql } from '../../core/scoped.ts';
import { revokeSessions } from '../auth/index.ts';
import { B, CLIENT_ID_RE, parse, tenantOf } from './common.ts';
import { appDevice } from './schema.ts';

export function deviceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(`${B}/device/hello`, signedIn, async (req) => {
    const b = parse(
      z.object({
        deviceId: z.string({ error: '缺少设备编号' }).regex(CLIENT_ID_RE, '设备编号格式不正确'),
        appVersion: z.string().max(32, '版本号过长').optional(),
      }),
      req.body,
    );
    const u = userOf(req);
    const tenantId = tenantOf(req);
    const now = new Date();
    const row = {
      userId: u.userId,
      sessionId: u.sessionId || null,
      appVersion: b.appVersion ?? null,
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 255),
      lastSeen: now,
      revoked: 0,
      revokeTime: null,
    };
    await ctx.db
      .insert(appDevice)
      .values({ tenantId, deviceId: b.deviceId, firstSeen: now, ...row })
      .onConflictDoUpdate({ target: [appDevice.tenantId, appDevice.deviceId], set: row });
    return ok({ deviceId: b.deviceId, lastSeen: now });
  });

  app.get(`${B}/device/page`, byMenu('app_device'), async (req) => {
    const q = parse(
      z.object({
        current: z.coerce.number().int().min(1).default(1),
        size: z.coerce.number().int().min(1).max(1000).default(20),
        realName: z.string().max(50).optional(),
      }),
      req.query,
    );
    const tenantId = tenantOf(req);
    const name = q.realName?.trim() ? `%${q.realName.trim()}%` : null;
    const where = sql`${tenantSql(appDevice, tenantId, 'd')} ${name ? sql`and (u.real_name like ${name} or u.account like ${name})` : sql``}`;
    const total = (
      await ctx.db.execute(
        sql`select count(*)::int as n from swp_app_device d left join blade_user u on u.id = d.user_id where ${where}`,
      )
    ).rows[0] as { n: number };
    const rows = await ctx.db.execute(
      sql`select d.id::text, d.device_id as "deviceId", d.user_id::text as "userId", u.account, u.real_name as "realName",
                 d.app_version as "appVersion", d.user_agent as "userAgent", d.first_seen as "firstSeen",
                 d.last_seen as "lastSeen", d.revoked, d.revoke_time as "revokeTime"
            from swp_app_device d left join blade_user u on u.id = d.user_id
           where ${where} order by d.last_seen desc limit ${q.size} offset ${(q.current - 1) * q.size}`,
    );
    return ok({ records: rows.rows, total: total.n, current: q.current, size: q.size });
  });

  app.post(`${B}/device/revoke`, byMenu('app_device_revoke'), async (req) => {
    const { id } = parse(
      z.object({
        id: z.preprocess(
          (v) => (typeof v === 'number' ? String(v) : v),
          z.string().regex(/^\d{1,20}$/, '缺少必要的请求参数: id'),
        ),
      }),
      req.body,
    );
    const tenantId = tenantOf(req);
    const [d] = await ctx.db
      .select()
      .from(appDevice)
      .where(inTenant(appDevice, tenantId, eq(appDevice.id, id)));
    if (!d) throw badRequest('设备不存在');
    const ended = d.sessionId ? await revokeSessions(ctx, [d.sessionId], 'device-revoked') : 0;
    await ctx.db.update(appDevice).set({ revoked: 1, revokeTime: new Date() }).where(eq(appDevice.id, id));
    return ok({ sessionsEnded: ended });
  });
}

/** Devices seen most recently first (for tests and the bench). */
export const recentDevices = (ctx: AppContext, tenantId: string) =>
  ctx.db.select().from(appDevice).where(inTenant(appDevice, tenantId)).orderBy(desc(appDevice.lastSeen));
