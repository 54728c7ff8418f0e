/**
 * BladeX list queries: paging (`current`, `size`), sorting (`ascs`, `descs`) and filters (every other key, with the
 * operator suffixes of contract.md). Filters are compiled against the table's own columns with bound parameters:
 * an unknown field or operator is a 400, never a silent no-op and never SQL.
 */
import {
  and,
  asc,
  type Column,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  type SQL,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from './envelope.ts';
import { parseDateTime } from './time.ts';

export const OPERATORS = [
  'equal',
  'notequal',
  'like',
  'likeleft',
  'likeright',
  'notlike',
  'ge',
  'le',
  'gt',
  'lt',
  'datege',
  'dategt',
  'dateequal',
  'datele',
  'datelt',
  'null',
  'notnull',
  'ignore',
] as const;
export type Operator = (typeof OPERATORS)[number];

export const PAGING_KEYS = new Set(['current', 'size', 'ascs', 'descs']);
export const MAX_PAGE_SIZE = 10_000;

export interface Paging {
  current: number;
  size: number;
  offset: number;
}

export function parsePaging(q: Record<string, unknown>, defaultSize = 10): Paging {
  const current = toPositiveInt(q.current, 1, 'current');
  const size = Math.min(toPositiveInt(q.size, defaultSize, 'size'), MAX_PAGE_SIZE);
  return { current, size, offset: (current - 1) * size };
}

function toPositiveInt(v: unknown, dflt: number, name: string): number {
  if (v === undefined || v === null || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw badRequest(`参数校验失败: ${name} 必须是正整数`);
  return n;
}

export function pageOf<T>(records: T[], total: number, p: Paging) {
  return { records, total, size: p.size, current: p.current, pages: p.size ? Math.ceil(total / p.size) : 0 };
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** Column lookup by camelCase property or snake_case database name. */
export function columnsOf(table: PgTable): Map<string, Column> {
  const map = new Map<string, Column>();
  for (const [prop, col] of Object.entries(getTableColumns(table))) {
    map.set(prop, col as Column);
    map.set(camel((col as Column).name), col as Column);
    map.set((col as Column).name, col as Column);
  }
  return map;
}

type Kind = 'text' | 'number' | 'id' | 'date' | 'bool';
function kindOf(col: Column): Kind {
  const t = col.getSQLType().toLowerCase();
  if (t === 'bigint') return 'id';
  if (/int|numeric|double|real|decimal/.test(t)) return 'number';
  if (/timestamp|date/.test(t)) return 'date';
  if (t === 'boolean') return 'bool';
  return 'text';
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function valueFor(col: Column, kind: Kind, field: string, raw: string): unknown {
  if (kind === 'number') {
    const n = Number(raw);
    if (raw.trim() === '' || Number.isNaN(n)) throw badRequest(`参数校验失败: ${field} 必须是数字`);
    return n;
  }
  if (kind === 'id') {
    if (!/^-?\d{1,19}$/.test(raw.trim())) throw badRequest(`参数校验失败: ${field} 必须是数字编号`);
    return raw.trim();
  }
  if (kind === 'bool') return raw === 'true' || raw === '1';
  if (kind === 'date') {
    const d = parseDateTime(raw);
    if (!d) throw badRequest(`参数校验失败: ${field} 不是有效的时间`);
    return d;
  }
  void col;
  return raw;
}

function dayBounds(raw: string, field: string): [Date, Date] {
  const d = parseDateTime(raw);
  if (!d) throw badRequest(`参数校验失败: ${field} 不是有效的日期`);
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  return [start, new Date(start.getTime() + 86_400_000)];
}

export interface FilterOptions {
  /** fields that may not be filtered on (e.g. password) */
  deny?: Set<string>;
  /** query keys handled elsewhere (route-specific parameters) */
  passthrough?: Set<string>;
}

/** Compiles every non-paging query key into SQL conditions on `table`. */
export function compileFilters(table: PgTable, q: Record<string, unknown>, opts: FilterOptions = {}): SQL[] {
  const cols = columnsOf(table);
  const out: SQL[] = [];
  for (const [key, rawValue] of Object.entries(q)) {
    if (PAGING_KEYS.has(key) || opts.passthrough?.has(key)) continue;
    if (rawValue === undefined || rawValue === null) continue;
    const raw = Array.isArray(rawValue) ? String(rawValue[0]) : String(rawValue);
    const i = key.lastIndexOf('_');
    let field = key;
    let op: Operator | undefined;
    if (i > 0 && (OPERATORS as readonly string[]).includes(key.slice(i + 1).toLowerCase())) {
      field = key.slice(0, i);
      op = key.slice(i + 1).toLowerCase() as Operator;
    }
    if (op === 'ignore') continue;
    const col = cols.get(field);
    if (!col || opts.deny?.has(field) || opts.deny?.has(camel(col.name))) {
      throw badRequest(`未知的查询字段: ${key}`);
    }
    // An empty plain value is "no filter", as the console's search drops empty values.
    if (raw === '' && op !== 'null' && op !== 'notnull') continue;
    const kind = kindOf(col);
    const cond = compileOne(col, kind, field, op, raw);
    if (cond) out.push(cond);
  }
  return out;
}

function compileOne(col: Column, kind: Kind, field: string, op: Operator | undefined, raw: string): SQL | undefined {
  switch (op) {
    case undefined:
      return kind === 'text' ? ilike(col, `%${escapeLike(raw)}%`) : eq(col, valueFor(col, kind, field, raw));
    case 'equal':
      return eq(col, valueFor(col, kind, field, raw));
    case 'notequal':
      return ne(col, valueFor(col, kind, field, raw));
    case 'like':
      return ilike(col, `%${escapeLike(raw)}%`);
    case 'notlike':
      return not(ilike(col, `%${escapeLike(raw)}%`));
    case 'likeleft':
      return ilike(col, `%${escapeLike(raw)}`);
    case 'likeright':
      return ilike(col, `${escapeLike(raw)}%`);
    case 'ge':
      return gte(col, valueFor(col, kind, field, raw));
    case 'le':
      return lte(col, valueFor(col, kind, field, raw));
    case 'gt':
      return gt(col, valueFor(col, kind, field, raw));
    case 'lt':
      return lt(col, valueFor(col, kind, field, raw));
    case 'datege':
      return gte(col, dayOrTime(raw, field, 'start'));
    case 'dategt':
      return gt(col, dayOrTime(raw, field, 'start'));
    case 'datele':
      return lte(col, dayOrTime(raw, field, 'start'));
    case 'datelt':
      return lt(col, dayOrTime(raw, field, 'start'));
    case 'dateequal': {
      const [a, b] = dayBounds(raw, field);
      return and(gte(col, a), lt(col, b));
    }
    case 'null':
      return isNull(col);
    case 'notnull':
      return isNotNull(col);
    default:
      return undefined;
  }
}

function dayOrTime(raw: string, field: string, _edge: 'start'): Date {
  const d = parseDateTime(raw);
  if (!d) throw badRequest(`参数校验失败: ${field} 不是有效的时间`);
  return d;
}

/** `ascs`/`descs` → ORDER BY; unknown columns are a 400. */
export function compileSort(table: PgTable, q: Record<string, unknown>, fallback: SQL[] = []): SQL[] {
  const cols = columnsOf(table);
  const out: SQL[] = [];
  for (const [key, dir] of [
    ['ascs', asc],
    ['descs', desc],
  ] as const) {
    const v = q[key];
    if (v === undefined || v === '') continue;
    for (const name of String(v)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const col = cols.get(name);
      if (!col) throw badRequest(`未知的排序字段: ${name}`);
      out.push(dir(col));
    }
  }
  return out.length ? out : fallback;
}

/** `ids=1,2,3` → validated id strings. */
export function parseIds(v: unknown, name = 'ids'): string[] {
  const s = Array.isArray(v) ? v.join(',') : v === undefined || v === null ? '' : String(v);
  const ids = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!ids.length) throw badRequest(`缺少必要的请求参数: ${name}`);
  for (const id of ids) if (!/^\d{1,19}$/.test(id)) throw badRequest(`参数校验失败: ${name} 含有无效的编号 ${id}`);
  return ids;
}
