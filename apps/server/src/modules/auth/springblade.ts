/**
 * Calls of the open-source SpringBlade clients that the BladeX dialect has no twin for (docs/springblade.md):
 * - `POST /blade-auth/logout` (Saber 4.x; GET too): ends the session like `oauth/logout`, envelope reply.
 * - `GET /blade-system/menu/auth-routes` (Sword, at every start): for each menu path granted to the caller's roles,
 *   the aliases of those roles, as SpringBlade answers it: `[{ "/system/user": { authority: ["administrator"] } }]`.
 */
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { done, ok } from '../../core/envelope.ts';
import { bearerOf, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { menu, role, roleMenu } from '../system/schema.ts';
import type { AuthService } from './service.ts';

export function springBladeRoutes(app: FastifyInstance, ctx: AppContext, auth: (req: FastifyRequest) => AuthService) {
  // an expired token still signs out, as with oauth/logout
  const logout = async (req: FastifyRequest) => {
    const token = bearerOf(req);
    if (token) {
      const svc = auth(req);
      const sid = await svc.sessionOf(token);
      if (sid) await svc.revokeSessions([sid], 'logout');
    }
    return done();
  };
  app.post('/blade-auth/logout', { config: { access: 'public' } }, logout);
  app.get('/blade-auth/logout', { config: { access: 'public' } }, logout);

  app.get('/blade-system/menu/auth-routes', async (req) => {
    const me = userOf(req);
    if (!me.roleIds.length) return ok([]);
    const rows = await ctx.db
      .selectDistinct({ path: menu.path, alias: role.roleAlias })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .innerJoin(role, eq(role.id, roleMenu.roleId))
      .where(
        and(
          inArray(roleMenu.roleId, me.roleIds),
          eq(role.tenantId, me.tenantId),
          eq(role.isDeleted, 0),
          eq(menu.isDeleted, 0),
          isNotNull(menu.path),
          ne(menu.path, ''),
        ),
      )
      .orderBy(menu.path, role.roleAlias);
    const byPath = new Map<string, string[]>();
    for (const r of rows) {
      const list = byPath.get(r.path!);
      if (list) list.push(r.alias);
      else byPath.set(r.path!, [r.alias]);
    }
    return ok([...byPath].map(([path, authority]) => ({ [path]: { authority } })));
  });
}
