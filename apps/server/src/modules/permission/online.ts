/**
 * Online users (`/system/OnlineUser`, JNPF layout): the open sign-in sessions of the caller's tenant, from the
 * auth module's session table; DELETE `{id}` (or the base path with `ids`) forces a sign-out by revoking the
 * session on every instance, so the next call with that token is a 401.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/envelope.ts';
import { adminOnly } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { listSessions, revokeSessions } from '../auth/index.ts';
import { bladeQuery, bodyOf, idArray, jnpf, jnpfDone, paged, pathId, queryOf } from './jnpf.ts';

async function forceOut(ctx: AppContext, req: FastifyRequest, ids: string[]) {
  const { rows } = await listSessions(ctx, { tenantId: req.tenantId, ids, limit: ids.length });
  if (rows.length !== ids.length) throw badRequest('在线用户不存在或已下线');
  await revokeSessions(ctx, ids, 'kicked');
  return jnpfDone('操作成功');
}

export function registerOnlineRoutes(app: FastifyInstance, ctx: AppContext) {
  const b = '/system/OnlineUser';
  app.get(b, adminOnly, async (req) => {
    const q = bladeQuery(queryOf(req), {});
    const current = q.current as number;
    const size = q.size as number;
    const { rows, total } = await listSessions(ctx, {
      tenantId: req.tenantId,
      keyword: typeof q.keyword === 'string' ? q.keyword : undefined,
      offset: (current - 1) * size,
      limit: size,
    });
    const me = req.user?.sessionId;
    return jnpf(
      paged(
        rows.map((s) => ({
          id: s.id,
          userId: s.userId,
          account: s.account,
          userName: s.userName ?? s.account,
          tenantId: s.tenantId,
          clientId: s.clientId,
          loginTime: s.loginTime,
          lastSeen: s.lastSeen,
          expireTime: s.expireTime,
          loginIPAddress: s.ip,
          loginPlatForm: s.userAgent,
          current: s.id === me,
        })),
        { current, size, total },
      ),
    );
  });
  app.delete(`${b}/:id`, adminOnly, async (req) => forceOut(ctx, req, [pathId((req.params as { id: string }).id)]));
  // JNPF's batch form: DELETE the base path with `ids`
  app.delete(b, adminOnly, async (req) =>
    forceOut(ctx, req, idArray(bodyOf(req).ids ?? queryOf(req).ids, 'ids', true)),
  );
}
