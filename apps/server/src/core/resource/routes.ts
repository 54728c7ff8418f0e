/** The BladeX routes a definition asks for, each guarded by the definition's grants. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { done, ok } from '../envelope.ts';
import type { AppContext } from '../module.ts';
import { parseIds } from '../query.ts';
import { type Parts, segmentOf } from './parts.ts';
import { all, detail, page } from './read.ts';
import { decorateRows, stripKeys } from './shape.ts';
import { lazy, nodeOf, treeOf } from './tree.ts';
import type { Row } from './types.ts';
import { remove, save } from './write.ts';

const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;

export function registerRoutes(p: Parts, app: FastifyInstance, ctx: AppContext) {
  registerReads(p, app, ctx);
  registerWrites(p, app, ctx);
  registerPickers(p, app, ctx);
}

function registerReads(p: Parts, app: FastifyInstance, ctx: AppContext) {
  const { def, routes } = p;
  const b = def.base;
  const read = { config: { grant: def.grant.read } };
  if (routes.has('list') || routes.has('page')) {
    const handler = async (req: FastifyRequest) => {
      const q = query(req);
      if (def.listMode === 'all') return ok(await all(p, ctx, req, q));
      if (def.listMode === 'tree') return ok(treeOf(p, await all(p, ctx, req, q), false));
      return ok(await page(p, ctx, req, q));
    };
    if (routes.has('list')) app.get(`${b}/${segmentOf(def, 'list')}`, read, handler);
    if (routes.has('page'))
      app.get(`${b}/${segmentOf(def, 'page')}`, read, async (req) => ok(await page(p, ctx, req, query(req))));
  }
  if (routes.has('detail')) {
    const one = { config: { grant: def.grant.detail ?? def.grant.read } };
    app.get(`${b}/${segmentOf(def, 'detail')}`, one, async (req) => ok(await detail(p, ctx, req, query(req))));
  }
}

function registerWrites(p: Parts, app: FastifyInstance, ctx: AppContext) {
  const { def, routes } = p;
  const b = def.base;
  if (routes.has('submit')) {
    app.post(`${b}/${segmentOf(def, 'submit')}`, { config: { grant: def.grant.submit } }, async (req) => {
      const row = await save(p, ctx, req, req.body);
      if (def.reply?.submit === 'row') return ok((await decorateRows(p, [row], req, ctx))[0]);
      return done();
    });
  }
  if (routes.has('remove')) {
    app.post(`${b}/${segmentOf(def, 'remove')}`, { config: { grant: def.grant.remove } }, async (req) => {
      const ids = parseIds((query(req).ids ?? (req.body as Row | undefined)?.ids) as unknown);
      const n = await remove(p, ctx, req, ids);
      if (def.removal?.reply === 'count') return ok({ removed: n });
      return done(def.removal?.message?.(n));
    });
  }
}

/** tree, lazy-tree and select: the pickers other screens' forms use */
function registerPickers(p: Parts, app: FastifyInstance, ctx: AppContext) {
  const { def, routes } = p;
  const b = def.base;
  const pick = { config: { grant: def.grant.pick ?? def.grant.read } };
  // `tenantId` is a read's tenant on a tenant's table (see visibility), meaningless elsewhere
  const notFilters = p.tenantScoped ? ['userId'] : ['tenantId', 'userId'];
  if (routes.has('tree') && def.tree) {
    app.get(`${b}/${segmentOf(def, 'tree')}`, pick, async (req) =>
      ok(treeOf(p, await all(p, ctx, req, stripKeys(query(req), notFilters)), true)),
    );
  }
  if (routes.has('lazy-tree') && def.tree) {
    app.get(`${b}/${segmentOf(def, 'lazy-tree')}`, pick, async (req) => {
      const rows = await lazy(p, ctx, req, stripKeys(query(req), notFilters));
      return ok(rows.map(({ hasChildren, ...r }) => nodeOf(p, r, hasChildren)));
    });
  }
  if (routes.has('select')) {
    app.get(`${b}/${segmentOf(def, 'select')}`, pick, async (req) =>
      ok(await all(p, ctx, req, stripKeys(query(req), notFilters))),
    );
  }
}
