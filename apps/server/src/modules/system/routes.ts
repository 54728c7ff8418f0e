/** Every `/blade-system/*` family the system module serves (menu routes, buttons, top-menu and the selects are auth's). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/module.ts';
import { requirePlatformAdmin } from '../../core/tenancy.ts';
import { clientRoutes } from './client.ts';
import { deptRoutes } from './dept.ts';
import { dictRoutes } from './dict.ts';
import { menuRoutes } from './menu.ts';
import { paramResource } from './param.ts';
import { postResource } from './post.ts';
import { regionRoutes } from './region.ts';
import { roleRoutes } from './role.ts';
import { scopeRoutes } from './scopes.ts';
import { searchRoutes } from './search.ts';
import { tenantRoutes } from './tenant.ts';
import { tenantPackageRoutes } from './tenant-package.ts';
import { topMenuRoutes } from './top-menu.ts';

export function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  // parameters are platform-wide: everyone reads them, only the platform administrator changes them
  app.register(async (scope) => {
    scope.addHook('preHandler', async (req) => {
      if (req.method !== 'GET') requirePlatformAdmin(req);
    });
    paramResource.routes(scope, ctx);
  });
  tenantRoutes(app, ctx);
  tenantPackageRoutes(app, ctx);
  clientRoutes(app, ctx);
  dictRoutes(app, ctx);
  topMenuRoutes(app, ctx);
  menuRoutes(app, ctx);
  scopeRoutes(app, ctx);
  roleRoutes(app, ctx);
  deptRoutes(app, ctx);
  postResource.routes(app, ctx);
  regionRoutes(app, ctx);
  searchRoutes(app, ctx);
}
