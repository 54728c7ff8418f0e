/**
 * The reads: which rows a request may see (soft delete, tenant, data scope), the query's filters on top, and the
 * list, page and detail answers built from them.
 */
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../envelope.ts';
import type { AppContext } from '../module.ts';
import { compileFilters, compileSort, pageOf, parsePaging } from '../query.ts';
import { dataScopeFilter } from '../scope.ts';
import { readTenantOf } from '../tenancy.ts';
import type { Parts } from './parts.ts';
import { decorateRows, presentDetail } from './shape.ts';
import type { Row, Tx } from './types.ts';

export async function visibility(p: Parts, req: FastifyRequest, q?: Record<string, unknown>): Promise<SQL[]> {
  const out: SQL[] = [];
  if (p.soft) out.push(eq(p.col('isDeleted'), 0));
  if (p.tenantScoped) out.push(eq(p.col('tenantId'), readTenantOf(req, q)));
  if (p.scoped) {
    const s = await dataScopeFilter(req.user, p.def.code, p.def.table);
    if (s) out.push(s);
  }
  return out;
}

/** The query's own filters: hidden columns are never filtered on, `params` keys are the hooks' business. */
export function queryFilters(p: Parts, q: Record<string, unknown>): SQL[] {
  return compileFilters(p.def.table, q, { deny: p.hidden, passthrough: p.params });
}

export async function conditions(
  p: Parts,
  req: FastifyRequest,
  q: Record<string, unknown>,
  ctx: AppContext,
): Promise<SQL[]> {
  const out = [...(await visibility(p, req, q)), ...queryFilters(p, q)];
  const extra = await p.def.hooks?.where?.(q, req, ctx);
  if (extra) out.push(extra);
  return out;
}

export async function findVisible(
  p: Parts,
  ctx: AppContext,
  req: FastifyRequest,
  ids: string[],
  db: Db | Tx = ctx.db,
  vis?: SQL[],
) {
  if (!ids.length) return [];
  return (db as Db)
    .select()
    .from(p.def.table as any)
    .where(and(inArray(p.idCol, ids), ...(vis ?? (await visibility(p, req)))));
}

export async function page(p: Parts, ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>) {
  const paging = parsePaging(q, p.def.pageSize?.default, undefined, p.def.pageSize?.max);
  const where = and(...(await conditions(p, req, q, ctx)));
  const order = compileSort(p.def.table, q, p.defaultOrder);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(p.def.table as any)
      .where(where)
      .orderBy(...order)
      .limit(paging.size)
      .offset(paging.offset),
    ctx.db
      .select({ n: count() })
      .from(p.def.table as any)
      .where(where),
  ]);
  return pageOf(await decorateRows(p, rows as Row[], req, ctx), Number(n), paging);
}

export async function all(
  p: Parts,
  ctx: AppContext,
  req: FastifyRequest,
  q: Record<string, unknown>,
  extra: SQL[] = [],
) {
  const where = and(...(await conditions(p, req, q, ctx)), ...extra);
  const rows = await ctx.db
    .select()
    .from(p.def.table as any)
    .where(where)
    .orderBy(...compileSort(p.def.table, q, p.defaultOrder))
    .limit(10_000);
  return decorateRows(p, rows as Row[], req, ctx);
}

/** The first visible row matching the query (`null` when none): the detail route's answer. */
export async function detail(p: Parts, ctx: AppContext, req: FastifyRequest, q: Record<string, unknown>) {
  // an empty value is no filter (the list's rule): a detail whose every key is empty (`?id=`) would name no row and
  // answer the first visible one, so it is refused like a detail without keys
  const named = Object.values(q).some((v) => v !== undefined && v !== null && String(v).trim() !== '');
  if (!named) throw badRequest('缺少必要的请求参数: id');
  const [row] = await ctx.db
    .select()
    .from(p.def.table as any)
    .where(and(...(await conditions(p, req, q, ctx))))
    .limit(1);
  if (!row) return null;
  return presentDetail(p, row as Row, req, ctx);
}
