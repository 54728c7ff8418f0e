/**
 * A request's parameters as plain records. Fastify types `req.query` and `req.body` as unknown; the routes that read
 * parameters by name (the BladeX and JNPF dialects pass them in the query string, some in the JSON body as well)
 * each wrote the same cast, so it is written here once.
 */
import type { FastifyRequest } from 'fastify';

/** The query string's parameters (none → `{}`). */
export const queryOf = (req: Pick<FastifyRequest, 'query'>): Record<string, unknown> =>
  (req.query ?? {}) as Record<string, unknown>;

/** The query string's parameters with the fields of a JSON object body over them (routes that take either). */
export function queryAndBody(req: Pick<FastifyRequest, 'query' | 'body'>): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  return { ...queryOf(req), ...(body as Record<string, unknown>) };
}
