/**
 * Searches of the user dialogs (`/blade-system/search/role|dept|post`): roles by `roleName` and `parentId`,
 * departments by `deptName` and `parentId` (with `parentName`), posts by `postName` (paged). Tenant and data scope
 * apply as everywhere; any other field filter of the family is accepted too.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../core/envelope.ts';
import { signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { queryOf } from '../../core/request-params.ts';
import { deptResource } from './dept.ts';
import { postResource } from './post.ts';
import { roleResource } from './role.ts';

const query = (req: FastifyRequest) => ({ ...queryOf(req) });

export function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/blade-system/search/role', signedIn, async (req) => ok(await roleResource.all(ctx, req, query(req))));
  app.get('/blade-system/search/dept', signedIn, async (req) => ok(await deptResource.all(ctx, req, query(req))));
  app.get('/blade-system/search/post', signedIn, async (req) => ok(await postResource.page(ctx, req, query(req))));
}
