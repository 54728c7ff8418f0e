/**
 * The JNPF dialect over the resource factory: REST verbs, `{ list, pagination }` pages from `keyword, currentPage,
 * pageSize, sort, sidx`, `{ list }` lists, trees with `children`, and JNPF's audit names (creatorTime,
 * lastModifyTime). The rules (validation, uniqueness, tenant, soft delete) stay in the resource definitions.
 */
import { and, type Column, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { assertNoLiveRef } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { likeContains } from '../../core/query.ts';
import type { HookContext, Resource, Row, Tx } from '../../core/resource.ts';

export const MSG_CREATED = '新建成功';
export const MSG_UPDATED = '更新成功';
export const MSG_DELETED = '删除成功';

/** JNPF roots are `-1` (or `0`); we store `0`. */
export const ROOT = '0';
export function normaliseParent(v: unknown): string {
  if (v === undefined || v === null || v === '' || v === '-1' || v === -1 || v === '0' || v === 0) return ROOT;
  const s = String(v).trim();
  if (!/^\d{1,19}$/.test(s)) throw badRequest(`参数校验失败: parentId 必须是数字编号`);
  return s;
}

/** A parent id in a body: `-1`, `0`, empty or absent mean the root. */
export const parentInput = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v, c) => {
    try {
      return normaliseParent(v);
    } catch {
      c.addIssue({ code: 'custom', message: '上级必须是数字编号' });
      return z.NEVER;
    }
  });

/** 0/1 switches (enabledMark, isTree, allowNull…), accepting booleans and numeric strings. */
export const flag = (name: string) =>
  z.union([z.number(), z.string(), z.boolean()], { error: `${name}只能是 0 或 1` }).transform((v, c) => {
    const n = v === true ? 1 : v === false ? 0 : Number(v);
    if (n !== 0 && n !== 1) {
      c.addIssue({ code: 'custom', message: `${name}只能是 0 或 1` });
      return z.NEVER;
    }
    return n;
  });

export const sortInput = z.coerce
  .number({ error: '排序必须是整数' })
  .int('排序必须是整数')
  .min(0)
  .max(999_999)
  .optional();

/** An id in the path. */
export function pathId(req: FastifyRequest, name = 'id'): string {
  const v = (req.params as Record<string, string>)[name];
  if (!/^\d{1,19}$/.test(v ?? '')) throw badRequest(`参数校验失败: ${name} 必须是数字编号`);
  return v;
}

export interface JnpfQuery {
  keyword?: string;
  /** BladeX-form paging and sorting for Resource.page */
  blade: Record<string, unknown>;
}

/** `keyword, currentPage, pageSize, sort, sidx` → a keyword and the factory's `current, size, ascs|descs`. */
export function jnpfQuery(q: Record<string, unknown>, defaultSize = 20): JnpfQuery {
  const blade: Record<string, unknown> = {};
  if (q.currentPage !== undefined && q.currentPage !== '') blade.current = q.currentPage;
  blade.size = q.pageSize !== undefined && q.pageSize !== '' ? q.pageSize : defaultSize;
  if (typeof q.sidx === 'string' && q.sidx.trim()) {
    const sort = String(q.sort ?? 'asc').toLowerCase();
    if (sort !== 'asc' && sort !== 'desc') throw badRequest('参数校验失败: sort 只能是 asc 或 desc');
    blade[sort === 'desc' ? 'descs' : 'ascs'] = q.sidx.trim();
  }
  const keyword = typeof q.keyword === 'string' && q.keyword.trim() ? q.keyword.trim() : undefined;
  if (keyword) blade.keyword = keyword;
  return { keyword, blade };
}

/** `keyword` matching any of the columns (contains, case-insensitive, wildcards escaped). */
export function keywordOn(cols: Column[], keyword: unknown): SQL | undefined {
  if (typeof keyword !== 'string' || !keyword.trim()) return undefined;
  const k = likeContains(keyword.trim());
  return or(...cols.map((c) => ilike(c, k)));
}

/** A page of the factory → JNPF `{ list, pagination }`. */
export async function jnpfPage(
  ctx: AppContext,
  req: FastifyRequest,
  res: Resource,
  q: Record<string, unknown>,
  map: (r: Row) => Row = asJnpf,
  filters: Record<string, unknown> = {},
) {
  const p = await res.page(ctx, req, { ...jnpfQuery(q).blade, ...filters });
  return { list: p.records.map(map), pagination: { currentPage: p.current, pageSize: p.size, total: p.total } };
}

/** JNPF's names of the audit fields, beside ours. */
export function asJnpf(r: Row): Row {
  return {
    ...r,
    creatorTime: r.createTime ?? null,
    creatorUserId: r.createUser ?? null,
    lastModifyTime: r.updateTime ?? null,
    lastModifyUserId: r.updateUser ?? null,
  };
}

/** Nests rows by parentId (unknown parents make roots); empty `children` are omitted; `hasChildren` is set. */
export function treeOf<T extends Row>(
  rows: T[],
  parentKey = 'parentId',
): (T & { children?: T[]; hasChildren: boolean })[] {
  const ids = new Set(rows.map((r) => String(r.id)));
  const kids = new Map<string, T[]>();
  for (const r of rows) {
    const p = String(r[parentKey] ?? ROOT);
    const key = ids.has(p) ? p : '__root';
    if (!kids.has(key)) kids.set(key, []);
    kids.get(key)!.push(r);
  }
  const build = (list: T[], seen: Set<string>): any[] =>
    list.map((r) => {
      const id = String(r.id);
      const own = seen.has(id) ? [] : (kids.get(id) ?? []);
      const next = new Set(seen).add(id);
      const node: Row = { ...r, hasChildren: own.length > 0 };
      if (own.length) node.children = build(own, next);
      return node;
    });
  return build(kids.get('__root') ?? [], new Set());
}

/** A JNPF body for `save`: the path id wins over any id in the body. */
export function bodyWithId(req: FastifyRequest, id?: string): Row {
  const b = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? { ...(req.body as Row) } : {};
  if (id) b.id = id;
  else delete b.id;
  return b;
}

/** Refuses a parent that is the row itself or one of its descendants. */
export function assertNoCycle(rows: { id: string; parentId: string }[], id: string, parentId: string) {
  if (parentId === ROOT) return;
  const parentOf = new Map(rows.map((r) => [String(r.id), String(r.parentId)]));
  let p: string | undefined = parentId;
  for (let i = 0; p && p !== ROOT && i < 10_000; i++) {
    if (p === id) throw badRequest('上级不能是自己或自己的下级');
    p = parentOf.get(p);
  }
}

/**
 * A save's parent (the body's, else the stored one) must be the root or one of `candidates` (loaded only then),
 * and not the row itself or one of its descendants; `missing` is the refusal when it is not there.
 */
export async function assertParent(
  data: Row,
  h: HookContext,
  missing: string,
  candidates: () => Promise<{ id: string; parentId: string }[]>,
) {
  const parentId = data.parentId ?? h.existing?.parentId ?? ROOT;
  if (parentId === ROOT) return;
  const rows = await candidates();
  if (!rows.some((r) => r.id === parentId)) throw badRequest(missing);
  if (h.existing) assertNoCycle(rows, String(h.existing.id), parentId);
}

/** Refuses (with `message`) to delete rows of a tree table while a live row has one of them as its parent. */
export async function assertNoLiveChild(
  tx: Tx,
  table: PgTable & Record<'id' | 'parentId' | 'isDeleted', PgColumn>,
  ids: string[],
  message: string,
) {
  await assertNoLiveRef(tx, table, table.parentId, ids, message);
}

/** The `beforeRemove` hook of a tree resource whose rows may not go while they have a live child. */
export const refuseLiveChildren =
  (table: Parameters<typeof assertNoLiveChild>[1], message: string) => (rows: Row[], h: Omit<HookContext, 'isNew'>) =>
    assertNoLiveChild(
      h.tx,
      table,
      rows.map((r) => String(r.id)),
      message,
    );

/** `PUT {id}/Actions/State`: flips `enabledMark` (1 ↔ 0) of a visible row; returns the new value. */
export async function toggleEnabled(
  ctx: AppContext,
  req: FastifyRequest,
  res: Resource,
  id: string,
  field = 'enabledMark',
) {
  const [row] = await res.findVisible(ctx, req, [id]);
  if (!row) throw badRequest('数据不存在或无权操作');
  const table = res.def.table as any;
  const value = Number(row[field]) === 1 ? 0 : 1;
  await ctx.db
    .update(table)
    .set({ [field]: value, updateUser: req.user?.userId ?? null, updateTime: new Date() })
    .where(and(eq(table.id, id), eq(table.isDeleted, 0)));
  return value;
}
