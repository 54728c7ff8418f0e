/**
 * The write-and-read-one routes every JNPF maintenance screen of this module has, in one place: `POST base` (new),
 * `GET base/:id` (or `base/:id/Info`) in the JNPF names, `PUT base/:id` and `DELETE base/:id`, granted by the
 * screen's menu and its `_add`/`_edit`/`_delete` buttons, answered with JNPF's messages. A resource whose body or rows
 * have names of their own (the bill rules) passes its `save` and `shape`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { done, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import type { Resource, Row } from '../../core/resource.ts';
import { asJnpf, bodyWithId, MSG_CREATED, MSG_DELETED, MSG_UPDATED, pathId } from './jnpf.ts';

export function registerJnpfCrud(
  app: FastifyInstance,
  ctx: AppContext,
  res: Resource,
  opts: {
    base: string;
    menu: string;
    /** the read-one path after `base` (default `/:id`) */
    info?: string;
    save?: (ctx: AppContext, req: FastifyRequest, body: Row) => Promise<unknown>;
    shape?: (row: Row) => Row;
  },
) {
  const { base, menu, info = '/:id', shape = asJnpf } = opts;
  const save = opts.save ?? ((c: AppContext, req: FastifyRequest, body: Row) => res.save(c, req, body));
  app.post(base, byMenu(`${menu}_add`), async (req) => {
    await save(ctx, req, bodyWithId(req));
    return done(MSG_CREATED);
  });
  app.get(`${base}${info}`, byMenu(menu), async (req) => {
    const [row] = await res.findVisible(ctx, req, [pathId(req)]);
    if (!row) return ok(null);
    return ok(shape((await res.present([row], req, ctx))[0]));
  });
  app.put(`${base}/:id`, byMenu(`${menu}_edit`), async (req) => {
    await save(ctx, req, bodyWithId(req, pathId(req)));
    return done(MSG_UPDATED);
  });
  app.delete(`${base}/:id`, byMenu(`${menu}_delete`), async (req) => {
    await res.remove(ctx, req, [pathId(req)]);
    return done(MSG_DELETED);
  });
}
