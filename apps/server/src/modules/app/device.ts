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
import { parseInputFirst } from '../../core/parse-input.ts';
import { likeContains } from '../../core/query.ts';
import { defineResource } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { revokeSessions } from '../auth/index.ts';
import { B, CLIENT_ID_RE, tenantOf } from './common.ts';
import { appDevice } from './schema.ts';

/**
 * `device/page`: the tenant's phones, most recently seen first, each with its user's account and name; `realName`
 * finds a user by name or account. Read-only (the app's hello writes them); the session id stays on the server.
 */
export const appDeviceResource = defineResource({
  code: 'app_device',
  base: `${B}/device`,
  table: appDevice,
  input: {},
  grant: { read: ['app_device'], submit: ['app_device_revoke'], remove: ['app_device_revoke'] },
  routes: ['page'],
  pageSize: { default: 20 },
  hidden: ['sessionId'],
  params: ['realName'],
  order: (c) => [desc(c.get('lastSeen')!), desc(c.get('id')!)],
  hooks: {
    where: (q) => {
      const name = typeof q.realName === 'string' ? q.realName.trim().slice(0, 50) : '';
      if (!name) return undefined;
      return sql`${appDevice.userId} in (select u.id from blade_user u where u.real_name ilike ${likeContains(name)} or u.account ilike ${likeContains(name)})`;
    },
    async decorate(rows, _req, ctx) {
      const ids = [...new Set(rows.map((r) => String(r.userId)))];
      const users = ids.length
        ? (
            await ctx.database.pool.query<{ id: string; account: string; realName: string }>(
              'select id::text, account, real_name as "realName" from blade_user where id = any($1::bigint[])',
              [ids],
            )
          ).rows
        : [];
      const byId = new Map(users.map((u) => [u.id, u]));
      return rows.map((r) => ({
        ...r,
        account: byId.get(String(r.userId))?.account ?? null,
        realName: byId.get(String(r.userId))?.realName ?? null,
      }));
    },
  },
});

export function deviceRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(`${B}/device/hello`, signedIn, async (req) => {
    const b = parseInputFirst(
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

  appDeviceResource.routes(app, ctx);

  app.post(`${B}/device/revoke`, byMenu('app_device_revoke'), async (req) => {
    const { id } = parseInputFirst(
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
