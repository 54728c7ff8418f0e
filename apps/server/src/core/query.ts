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
  sql,
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
/**
 * The page-size ceiling of every list (docs/api-notes.md): a larger `size` is a 400, not a slow answer. The console
 * asks at most 1000 (dictionary trees); exports stream in batches and do not page.
 */
export const MAX_PAGE_SIZE = 1000;
/** the highest page number (keeps the OFFSET within bigint and the answer meaningful) */
export const MAX_PAGE = 2_147_483_647;
/** the largest id a bigint column holds (2^63-1) */
export const MAX_ID = 9_223_372_036_854_775_807n;
/** the most ids one call may name (`ids=1,2,…`) */
export const MAX_IDS = 10_000;

export interface Paging {
  current: number;
  size: number;
  offset: number;
}

/** `current`/`size` (or other names, e.g. JNPF `currentPage`/`pageSize`) → a checked page; bad or huge is a 400. */
export function parsePaging(
  q: Record<string, unknown>,
  defaultSize = 10,
  names: { current: string; size: string } = { current: 'current', size: 'size' },
  maxSize = MAX_PAGE_SIZE,
): Paging {
  const current = positiveInt(q[names.current], 1, names.current, MAX_PAGE);
  const size = positiveInt(q[names.size], defaultSize, names.size, maxSize);
  return { current, size, offset: (current - 1) * size };
}

/**
 * A whole number from 1 to `max` given as digits (a query string or a JSON number); absent or empty → `dflt`.
 * `1e308`, 2^63, `1.5`, `-1`, `0x10` are refused with a 400 naming the parameter.
 */
export function positiveInt(v: unknown, dflt: number, name: string, max = MAX_PAGE): number {
  if (Array.isArray(v)) v = v[0];
  if (v === undefined || v === null || v === '') return dflt;
  const text = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : String(v).trim();
  const n = /^\+?\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest(`参数校验失败: ${name} 必须是正整数`);
  if (n > max) throw badRequest(`参数校验失败: ${name} 不能超过 ${max}`);
  return n;
}

/** True for an id a bigint column can hold: digits only, 0 … 2^63-1 (`signed` allows down to -2^63). */
export function isId(v: unknown, signed = false): boolean {
  const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : String(v ?? '').trim();
  if (!(signed ? /^-?\d{1,19}$/ : /^\d{1,19}$/).test(s)) return false;
  const n = BigInt(s);
  return n <= MAX_ID && n >= (signed ? -MAX_ID - 1n : 0n);
}

/** One id parameter, checked (digits, within bigint) before any SQL runs; returns it as a string. */
export function checkId(v: unknown, name = 'id'): string {
  if (Array.isArray(v)) v = v[0];
  if (v === undefined || v === null || v === '') throw badRequest(`缺少必要的请求参数: ${name}`);
  if (!isId(v)) throw badRequest(`参数校验失败: ${name} 必须是数字编号`);
  return String(v).trim();
}

/** `value` for LIKE/ILIKE with `%`, `_` and `\` matched literally (PostgreSQL's default escape is `\`). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** contains / starts with / ends with patterns of a user's text, escaped */
export const likeContains = (s: string) => `%${escapeLike(s)}%`;
export const likeStarts = (s: string) => `${escapeLike(s)}%`;
export const likeEnds = (s: string) => `%${escapeLike(s)}`;

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

function valueFor(col: Column, kind: Kind, field: string, raw: string): unknown {
  if (kind === 'number') return numberFor(col, field, raw);
  if (kind === 'id') {
    if (!isId(raw, true)) throw badRequest(`参数校验失败: ${field} 必须是数字编号`);
    return raw.trim();
  }
  if (kind === 'bool') return raw === 'true' || raw === '1';
  if (kind === 'date') {
    const d = parseDateTime(raw);
    if (!d) throw badRequest(`参数校验失败: ${field} 不是有效的时间`);
    return d;
  }
  return raw;
}

/** A number a column of this type holds: integers within their width, numeric(p, s) within its precision. */
function numberFor(col: Column, field: string, raw: string): number {
  const text = raw.trim();
  const n = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(n)) throw badRequest(`参数校验失败: ${field} 必须是数字`);
  const t = col.getSQLType().toLowerCase();
  const outOfRange = () => badRequest(`参数校验失败: ${field} 超出范围`);
  if (/^(smallint|integer|int|serial|smallserial)/.test(t)) {
    if (!Number.isInteger(n)) throw badRequest(`参数校验失败: ${field} 必须是整数`);
    const max = t.startsWith('small') ? 32_767 : 2_147_483_647;
    if (n > max || n < -max - 1) throw outOfRange();
  }
  const m = /^(?:numeric|decimal)\((\d+)(?:,\s*(\d+))?\)/.exec(t);
  if (m && Math.abs(n) >= 10 ** (Number(m[1]) - Number(m[2] ?? 0))) throw outOfRange();
  if (/real/.test(t) && Math.abs(n) > 3.4e38) throw outOfRange();
  return n;
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
  // pattern operators on a number, id or date column compare its text
  const text = kind === 'text' ? col : sql`${col}::text`;
  switch (op) {
    case undefined:
      return kind === 'text' ? ilike(col, likeContains(raw)) : eq(col, valueFor(col, kind, field, raw));
    case 'equal':
      return eq(col, valueFor(col, kind, field, raw));
    case 'notequal':
      return ne(col, valueFor(col, kind, field, raw));
    case 'like':
      return ilike(text, likeContains(raw));
    case 'notlike':
      return not(ilike(text, likeContains(raw)));
    case 'likeleft':
      return ilike(text, likeEnds(raw));
    case 'likeright':
      return ilike(text, likeStarts(raw));
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
  if (ids.length > MAX_IDS) throw badRequest(`参数校验失败: ${name} 最多 ${MAX_IDS} 个`);
  for (const id of ids) if (!isId(id)) throw badRequest(`参数校验失败: ${name} 含有无效的编号 ${id.slice(0, 40)}`);
  return ids;
}
