/** Row shaping: what leaves the factory is decorated by the resource's hook and stripped of hidden columns. */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../module.ts';
import type { Parts } from './parts.ts';
import type { Row } from './types.ts';

export function stripHidden(p: Parts, row: Row): Row {
  if (!p.hidden.size) return row;
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (!p.hidden.has(k)) out[k] = v;
  return out;
}

export async function decorateRows(p: Parts, rows: Row[], req: FastifyRequest, ctx: AppContext): Promise<Row[]> {
  const hooks = p.def.hooks;
  return (hooks?.decorate ? await hooks.decorate(rows, req, ctx) : rows).map((r) => stripHidden(p, r));
}

/** The one row a detail answers: decorated, stripped, then completed by the resource's `detail` hook. */
export async function presentDetail(p: Parts, row: Row, req: FastifyRequest, ctx: AppContext): Promise<Row> {
  const [out] = await decorateRows(p, [row], req, ctx);
  return p.def.hooks?.detail ? p.def.hooks.detail(out, req, ctx) : out;
}

/** A copy of a query without the keys that are no filters on this route. */
export function stripKeys(q: Record<string, unknown>, keys: string[]) {
  const out = { ...q };
  for (const k of keys) delete out[k];
  return out;
}
