import { ok } from '../../core/envelope.ts';
import type { ServerModule } from '../../core/module.ts';

/** `GET /api/health` for load balancers: the database kind and version, or 503 when it does not answer. */
export const healthModule: ServerModule = {
  name: 'health',
  uses: [],
  routes(app, ctx) {
    app.get('/health', { config: { access: 'public' } }, async (_req, reply) => {
      try {
        const version = await ctx.database.version();
        return ok({ status: 'UP', database: { kind: ctx.database.kind, version } });
      } catch {
        return reply.code(503).send({ code: 503, success: false, data: { status: 'DOWN' }, msg: '数据库不可用' });
      }
    });
  },
};
