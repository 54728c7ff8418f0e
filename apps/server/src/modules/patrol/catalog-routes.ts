/**
 * What patrol inspects: `patrol-type/list` (+ save, remove), `patrol-type-object/page` and `save` (+ remove),
 * `patrol-job-object/list` (+ save, remove). Tenant-owned rows; writes in transactions; unique codes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/module.ts';
import { jobObjectRoutes } from './catalog-job-routes.ts';
import { typeRoutes } from './catalog-type-routes.ts';

export function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  typeRoutes(app, ctx);
  jobObjectRoutes(app, ctx);
}
