/**
 * The JNPF wire shapes (contract.md "JNPF families"): envelope `{ code, msg, data }`, paged lists
 * `{ list, pagination: { currentPage, pageSize, total } }` from `keyword, currentPage, pageSize, sort, sidx`,
 * unpaged `{ list }`, selector trees of `{ id, fullName, parentId, children }`. Errors are the shared ApiErrors.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../core/envelope.ts';
import { MAX_PAGE_SIZE } from '../../core/query.ts';

export interface JnpfReply<T> {
  code: number;
  msg: string;
  data: T;
}

export const jnpf = <T>(data: T, msg = 'Success'): JnpfReply<T> => ({ code: 200, msg, data });
export const jnpfDone = (msg: string): JnpfReply<null> => ({ code: 200, msg, data: null });
export const CREATED = '新建成功';
export const UPDATED = '更新成功';
export const DELETED = '删除成功';

type Q = Record<string, unknown>;
export const queryOf = (req: FastifyRequest) => (req.query ?? {}) as Q;
/** A JSON object body ({} when absent); anything else is a 400. */
export function bodyOf(req: FastifyRequest): Q {
  const b = req.body;
  if (b === undefined || b === null || b === '') return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw badRequest('请求体必须是 JSON 对象');
  return b as Q;
}

function positive(v: unknown, dflt: number, name: string): number {
  if (v === undefined || v === null || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw badRequest(`参数校验失败: ${name} 必须是正整数`);
  return n;
}

/**
 * JNPF paging → the BladeX query the resources understand: `currentPage/pageSize` → `current/size`,
 * `sidx` (a JNPF field name, mapped by `fields`) with `sort` asc|desc → `ascs`/`descs`, `keyword` kept.
 */
export function bladeQuery(q: Q, fields: Record<string, string>, defaultSize = 20): Q {
  const out: Q = {
    current: positive(q.currentPage, 1, 'currentPage'),
    size: Math.min(positive(q.pageSize, defaultSize, 'pageSize'), MAX_PAGE_SIZE),
  };
  if (typeof q.keyword === 'string' && q.keyword.trim()) out.keyword = q.keyword.trim();
  else if (q.keyword !== undefined && typeof q.keyword !== 'string')
    throw badRequest('参数校验失败: keyword 必须是文本');
  const sidx = q.sidx;
  if (sidx !== undefined && sidx !== '') {
    const col = typeof sidx === 'string' ? fields[sidx] : undefined;
    if (!col) throw badRequest(`未知的排序字段: ${String(sidx)}`);
    const dir = String(q.sort ?? 'asc').toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') throw badRequest('参数校验失败: sort 只能是 asc 或 desc');
    out[dir === 'asc' ? 'ascs' : 'descs'] = col;
  }
  return out;
}

export function paged<T>(list: T[], p: { current: number; size: number; total: number }) {
  return { list, pagination: { currentPage: p.current, pageSize: p.size, total: p.total } };
}

export interface TreeNode {
  id: string;
  parentId: string;
  children?: TreeNode[];
  [k: string]: unknown;
}

/** Nests nodes by parentId (a node whose parent is not in the list is a root); an empty `children` is omitted. */
export function buildTree<T extends TreeNode>(nodes: T[]): T[] {
  const ids = new Set(nodes.map((n) => n.id));
  const byParent = new Map<string, T[]>();
  for (const n of nodes) {
    const key = ids.has(n.parentId) && n.parentId !== n.id ? n.parentId : '__root';
    if (!byParent.has(key)) byParent.set(key, []);
    byParent.get(key)!.push(n);
  }
  const seen = new Set<string>();
  const attach = (list: T[]): T[] =>
    list
      .filter((n) => !seen.has(n.id) && seen.add(n.id))
      .map((n) => {
        const kids = byParent.get(n.id);
        const out = { ...n };
        if (kids?.length) out.children = attach(kids);
        else delete out.children;
        return out;
      });
  return attach(byParent.get('__root') ?? []);
}

/** A path id: numeric, or the 400 the contract asks for. */
export function pathId(v: unknown, name = 'id'): string {
  const s = String(v ?? '');
  if (!/^\d{1,19}$/.test(s)) throw badRequest(`参数校验失败: ${name} 必须是数字编号`);
  return s;
}

/** A list of ids from a body field (array or comma-joined string); every id numeric. */
export function idArray(v: unknown, name: string, required = false): string[] {
  if (v === undefined || v === null || v === '') {
    if (required) throw badRequest(`缺少必要的请求参数: ${name}`);
    return [];
  }
  const parts = Array.isArray(v)
    ? v.map((x) => String(x).trim())
    : typeof v === 'string' || typeof v === 'number'
      ? String(v)
          .split(',')
          .map((x) => x.trim())
      : null;
  if (!parts) throw badRequest(`参数校验失败: ${name} 必须是编号列表`);
  const ids = parts.filter(Boolean);
  for (const id of ids) if (!/^\d{1,19}$/.test(id)) throw badRequest(`参数校验失败: ${name} 含有无效的编号 ${id}`);
  if (required && !ids.length) throw badRequest(`缺少必要的请求参数: ${name}`);
  return [...new Set(ids)];
}
