/** Trees: one level at a time (lazy, with `hasChildren`), whole trees from rows, and the picker's node shape. */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../envelope.ts';
import type { AppContext } from '../module.ts';
import { compileSort, isId } from '../query.ts';
import type { Parts } from './parts.ts';
import { queryFilters, visibility } from './read.ts';
import { decorateRows } from './shape.ts';
import type { Row } from './types.ts';

export async function lazy(
  p: Parts,
  ctx: AppContext,
  req: FastifyRequest,
  query: Record<string, unknown>,
  extra: SQL[] = [],
) {
  const { def } = p;
  if (!def.tree) throw new Error(`${def.code}: lazy needs a tree definition`);
  const q = { ...query };
  const parentField = def.tree.parentField ?? 'parentId';
  const raw = q[parentField] ?? q.parentId;
  const parentId = raw === undefined || raw === null || raw === '' ? p.treeRoot : String(raw);
  delete q.parentId;
  delete q[parentField];
  const parentCol = p.col(parentField);
  if (parentCol.getSQLType().toLowerCase() === 'bigint' && !isId(parentId)) {
    throw badRequest(`参数校验失败: ${parentField} 必须是数字编号`);
  }
  const vis = await visibility(p, req, q);
  const hookWhere = await def.hooks?.where?.(q, req, ctx);
  const scope = [...vis, ...(hookWhere ? [hookWhere] : []), ...extra];
  const rows = (await ctx.db
    .select()
    .from(def.table as any)
    .where(and(eq(parentCol, parentId), ...scope, ...queryFilters(p, q)))
    .orderBy(...compileSort(def.table, q, p.defaultOrder))
    .limit(10_000)) as Row[];
  const valueField = def.tree.valueField ?? p.idField;
  const childIds = rows.map((r) => String(r[valueField]));
  const withKids = new Set<string>();
  if (childIds.length) {
    const kids = await ctx.db
      .selectDistinct({ p: parentCol as any })
      .from(def.table as any)
      .where(and(inArray(parentCol, childIds), ...scope));
    for (const k of kids) withKids.add(String(k.p));
  }
  const decorated = await decorateRows(p, rows, req, ctx);
  return decorated.map((r, i) => ({ ...r, hasChildren: withKids.has(String(rows[i][valueField])) }));
}

export function treeOf(p: Parts, rows: Row[], asNodes: boolean): Row[] {
  const parentField = p.def.tree!.parentField ?? 'parentId';
  const byParent = new Map<string, Row[]>();
  const ids = new Set(rows.map((r) => String(r[p.idField])));
  for (const r of rows) {
    const node = asNodes ? nodeOf(p, r, false) : { ...r };
    (node as Row).__id = String(r[p.idField]);
    const parent = String(r[parentField] ?? p.treeRoot);
    const key = ids.has(parent) ? parent : '__root';
    if (!byParent.has(key)) byParent.set(key, []);
    byParent.get(key)!.push(node);
  }
  const attach = (list: Row[]): Row[] =>
    list.map((n) => {
      const kids = byParent.get(n.__id);
      const { __id, ...rest } = n;
      if (kids?.length) {
        rest.children = attach(kids);
        if (asNodes) rest.hasChildren = true;
      }
      return rest;
    });
  return attach(byParent.get('__root') ?? []);
}

export function nodeOf(p: Parts, r: Row, hasChildren: boolean): Row {
  const t = p.def.tree!;
  const value = String(r[t.valueField ?? p.idField]);
  return {
    ...r,
    id: String(r[p.idField]),
    parentId: String(r[t.parentField ?? 'parentId'] ?? p.treeRoot),
    title: r[t.titleField],
    value,
    key: value,
    hasChildren,
  };
}
