/**
 * Calls of the open-source SpringBlade clients that the BladeX dialect has no twin for (docs/springblade.md):
 * - `POST /blade-auth/logout` (Saber 4.x; GET too): ends the session like `oauth/logout`, envelope reply.
 * - `GET /blade-system/menu/auth-routes` (Sword, at every start): for each menu path granted to the caller's roles,
 *   the aliases of those roles, as SpringBlade answers it: `[{ "/system/user": { authority: ["administrator"] } }]`.
 *   JNPF module and button grants (base_authorize, caller's tenant) count too: one granted to a role of the caller
 *   lists that role's alias, one granted to the caller's post or to the caller lists all the caller's aliases.
 */
import { and, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { done, ok } from '../../core/envelope.ts';
import { bearerOf, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { authorize, menu, menuDialectOf, role, roleMenu } from '../system/index.ts';
import { postsOf } from './menus.ts';
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

  app.get('/blade-system/menu/auth-routes', signedIn, async (req) => {
    const me = userOf(req);
    // in a SpringBlade dialect the paths are the client's own views (menu-dialect.ts); entries without one are left out
    const dialect = menuDialectOf(me.clientId);
    const pathCol = dialect === 'sword' ? menu.swordPath : dialect === 'saber' ? menu.saberPath : menu.path;
    const rows = !me.roleIds.length
      ? []
      : await ctx.db
          .selectDistinct({ path: pathCol, alias: role.roleAlias })
          .from(roleMenu)
          .innerJoin(menu, eq(menu.id, roleMenu.menuId))
          .innerJoin(role, eq(role.id, roleMenu.roleId))
          .where(
            liveInTenant(
              role,
              me.tenantId,
              inArray(roleMenu.roleId, me.roleIds),
              eq(menu.isDeleted, 0),
              isNotNull(pathCol),
              ne(pathCol, ''),
            ),
          )
          .orderBy(pathCol, role.roleAlias);
    const byPath = new Map<string, string[]>();
    const add = (path: string, alias: string) => {
      const list = byPath.get(path);
      if (!list) byPath.set(path, [alias]);
      else if (!list.includes(alias)) list.push(alias);
    };
    for (const r of rows) add(r.path!, r.alias);

    const posts = postsOf(me);
    const grants = await ctx.db
      .select({ objectType: authorize.objectType, objectId: authorize.objectId, itemId: authorize.itemId })
      .from(authorize)
      .where(
        inTenant(
          authorize,
          me.tenantId,
          inArray(authorize.itemType, ['module', 'button']),
          or(
            and(eq(authorize.objectType, 'User'), eq(authorize.objectId, me.userId)),
            me.roleIds.length
              ? and(eq(authorize.objectType, 'Role'), inArray(authorize.objectId, me.roleIds))
              : undefined,
            posts.length ? and(eq(authorize.objectType, 'Position'), inArray(authorize.objectId, posts)) : undefined,
          ),
        ),
      );
    const menuIds = [...new Set(grants.map((g) => g.itemId))].filter((id) => /^\d{1,19}$/.test(id));
    if (menuIds.length) {
      const paths = new Map(
        (
          await ctx.db
            .select({ id: menu.id, path: pathCol })
            .from(menu)
            .where(and(inArray(menu.id, menuIds), eq(menu.isDeleted, 0), isNotNull(pathCol), ne(pathCol, '')))
        ).map((m) => [m.id, m.path!]),
      );
      const extra: [string, string][] = [];
      for (const g of grants) {
        const path = paths.get(g.itemId);
        if (!path) continue;
        const aliases = g.objectType === 'Role' ? [me.roleAliases[me.roleIds.indexOf(g.objectId)]] : me.roleAliases;
        for (const alias of aliases) if (alias) extra.push([path, alias]);
      }
      extra.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
      for (const [path, alias] of extra) add(path, alias);
    }
    return ok([...byPath].map(([path, authority]) => ({ [path]: { authority } })));
  });
}
