import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { param } from '../../modules/system/schema.ts';
import type { AppContext } from '../module.ts';
import { partsOf } from './parts.ts';
import { registerRoutes } from './routes.ts';
import { presentDetail } from './shape.ts';
import type { ResourceDef } from './types.ts';

const def = (extra: Partial<ResourceDef> = {}): ResourceDef => ({
  code: 'probe',
  base: '/probe',
  table: param,
  input: {},
  grant: { read: ['probe'], submit: 'admin', remove: 'admin' },
  routes: ['page', 'detail'],
  ...extra,
});

/** the grant each route is registered with, by path */
function grants(d: ResourceDef) {
  const out: Record<string, unknown> = {};
  const app = { get: (url: string, opts: { config: { grant: unknown } }) => (out[url] = opts.config.grant) };
  registerRoutes(partsOf(d), app as unknown as FastifyInstance, {} as AppContext);
  return out;
}

const req = {} as FastifyRequest;
const ctx = {} as AppContext;

describe('resource detail', () => {
  it('is granted as the other reads unless the definition grants it apart', () => {
    expect(grants(def())).toEqual({ '/probe/page': ['probe'], '/probe/detail': ['probe'] });
    const apart = def({ grant: { read: ['probe'], submit: 'admin', remove: 'admin', detail: ['probe', 'task'] } });
    expect(grants(apart)).toEqual({ '/probe/page': ['probe'], '/probe/detail': ['probe', 'task'] });
  });

  it('answers the decorated row without its hidden fields, completed by the detail hook when there is one', async () => {
    const hooks = { decorate: (rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, name: `#${r.id}` })) };
    const plain = partsOf(def({ hidden: ['secret'], hooks }));
    expect(await presentDetail(plain, { id: 1, secret: 'x' }, req, ctx)).toEqual({ id: 1, name: '#1' });
    const completed = partsOf(
      def({
        hidden: ['secret'],
        hooks: { ...hooks, detail: async (row) => ({ ...row, history: [Object.keys(row).join()] }) },
      }),
    );
    expect(await presentDetail(completed, { id: 1, secret: 'x' }, req, ctx)).toEqual({
      id: 1,
      name: '#1',
      history: ['id,name'],
    });
  });
});
