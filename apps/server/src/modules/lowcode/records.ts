/**
 * Records of an online module: JSONB rows in `lc_record`. Every write passes the module's field rules
 * (`checkRecord`, the same checker the renderer uses): the browser is not trusted. The server keeps only the
 * form's value fields, fills the system fields (creator, times, the creator's department and position), issues
 * bill numbers, computes calculated fields and checks `unique` inputs. Lists filter on the search fields by type
 * (text contains, choices equal, numbers and dates as [min, max]) through `data->>'field'`, which the publish step
 * indexed per module.
 */
import { checkRecord, type DataField, dataFields, type LcFormConf } from '@swp/contract';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import { hasLiveRow } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { likeContains } from '../../core/query.ts';
import type { Tx } from '../../core/resource.ts';
import { liveInTenant, tenantSql } from '../../core/scoped.ts';
import { formatDate, formatDateTime } from '../../core/time.ts';
import { nextBillNumber } from '../dataservice/index.ts';
import { calculate } from './calc.ts';
import { IDENT, ruleMessage } from './form-schema.ts';
import { lcModule, lcRecord } from './schema.ts';

export type Data = Record<string, unknown>;

export const NUMERIC_KEYS = new Set(['inputNumber', 'rate', 'slider', 'calculate']);
export const DATE_KEYS = new Set(['datePicker', 'createTime', 'modifyTime']);
export const TEXT_KEYS = new Set(['input', 'textarea', 'editor', 'billRule', 'colorPicker', 'timePicker']);
const ARRAY_KEYS = new Set(['checkbox', 'cascader', 'areaSelect', 'uploadFile', 'uploadImg', 'table']);

export interface ModuleLike {
  id: string;
  tenantId: string;
  form: LcFormConf;
  /** search fields whose values `lc_record.search` holds (a published module's indexed fields); none: filter `data` */
  searched?: ReadonlySet<string>;
}

/** Longest value (characters) kept in `search`; a longer one is left to `data` and never filtered through `search`. */
export const SEARCH_VALUE_MAX = 128;

const searchable = (v: unknown) =>
  (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && String(v).length <= SEARCH_VALUE_MAX;

/** What `lc_record.search` holds for a record: its short scalar values of `fields` (null without fields). */
export function searchValues(fields: readonly string[], data: Data): Data | null {
  if (!fields.length) return null;
  const out: Data = {};
  for (const f of fields) if (searchable(data[f])) out[f] = data[f];
  return out;
}

/**
 * The search fields of a record's module as they stand, read with a share lock on the module row: a design change
 * (which refills `search` for every record) waits for this write, or this write waits for it and sees the new fields.
 * Forms that are not online modules (business forms) have none.
 */
async function lockedSearchFields(tx: Tx, module: ModuleLike): Promise<string[]> {
  const r = await tx.execute<{ state: number; indexed_fields: string[] | null }>(
    sql`select state, indexed_fields from lc_module where id = ${module.id} and ${tenantSql(lcModule, module.tenantId)} for share`,
  );
  const m = r.rows[0];
  return m?.state === 1 ? (m.indexed_fields ?? []) : [];
}

export const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** The record a client sent: JNPF `{ data: "<json>" }`, `{ data: {…} }` or the bare object. */
export function bodyData(body: unknown): Data {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('缺少必要的请求参数: data');
  const b = body as Data;
  if (typeof b.data === 'string') {
    try {
      const v = JSON.parse(b.data);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Data;
    } catch {
      /* falls through */
    }
    throw badRequest('参数校验失败: data 不是有效的 JSON 对象');
  }
  if (b.data && typeof b.data === 'object' && !Array.isArray(b.data)) return b.data as Data;
  return b;
}

/** A date value as stored: `YYYY-MM-DD`, or with the time when the field's format has one. */
function dateValue(v: unknown, withTime: boolean): unknown {
  if (typeof v === 'number') {
    const d = new Date(v);
    return withTime ? formatDateTime(d) : formatDate(d);
  }
  return v;
}

const hasTime = (df: DataField) => /[Hh]/.test(String(df.field.format ?? df.field.type ?? ''));

/** Keeps a row's value fields (sub-table rows too), with dates as text and numbers as numbers. */
function clean(fields: DataField[], input: Data): Data {
  const out: Data = {};
  for (const df of fields) {
    if (!(df.vModel in input)) continue;
    let v = input[df.vModel];
    if (df.key === 'table' && Array.isArray(v)) {
      v = v.map((r) => (r && typeof r === 'object' && !Array.isArray(r) ? clean(df.children ?? [], r as Data) : r));
    } else if (df.key === 'datePicker') v = dateValue(v, hasTime(df));
    else if (NUMERIC_KEYS.has(df.key) && typeof v === 'string' && v.trim() && Number.isFinite(Number(v))) v = Number(v);
    out[df.vModel] = v;
  }
  return out;
}

function calcRows(fields: DataField[], row: Data, record: Data) {
  for (const df of fields) {
    if (df.key === 'calculate') row[df.vModel] = calculate(df.field.expression, row, df.field.precision, record);
  }
}

export interface SaveContext {
  ctx: AppContext;
  req: FastifyRequest;
  tx: Tx;
  module: ModuleLike;
  existing?: { id: string; data: Data };
}

/**
 * The stored data of a record: value fields only, system fields filled, bill numbers issued (new records),
 * calculated fields computed, rules and `unique` inputs checked. Throws a 400 with the problems.
 */
export async function prepareData(input: Data, s: SaveContext): Promise<Data> {
  const u = userOf(s.req);
  const fields = dataFields(s.module.form);
  const data: Data = { ...(s.existing?.data ?? {}), ...clean(fields, input) };
  const now = formatDateTime(new Date());
  for (const df of fields) {
    const prev = s.existing?.data[df.vModel];
    switch (df.key) {
      case 'createUser':
        data[df.vModel] = s.existing ? prev : u.userId;
        break;
      case 'createTime':
        data[df.vModel] = s.existing ? prev : now;
        break;
      case 'modifyUser':
        data[df.vModel] = s.existing ? u.userId : null;
        break;
      case 'modifyTime':
        data[df.vModel] = s.existing ? now : null;
        break;
      case 'currOrganize':
        data[df.vModel] = s.existing ? prev : u.deptId || null;
        break;
      case 'currPosition':
        data[df.vModel] = s.existing ? prev : u.postId || null;
        break;
      case 'billRule': {
        if (s.existing) data[df.vModel] = prev;
        else {
          const rule = String(df.field.rule ?? df.field.__config__.rule ?? '');
          data[df.vModel] = rule ? await nextBillNumber(s.tx, s.module.tenantId, rule) : null;
        }
        break;
      }
      default:
        if (!s.existing && data[df.vModel] === undefined && df.field.__config__.defaultValue !== undefined) {
          const d = df.field.__config__.defaultValue;
          if (!isEmpty(d)) data[df.vModel] = d;
        }
    }
  }
  for (const df of fields) {
    if (df.key === 'table' && Array.isArray(data[df.vModel]))
      for (const r of data[df.vModel] as Data[]) if (r && typeof r === 'object') calcRows(df.children ?? [], r, data);
  }
  calcRows(fields, data, data);
  const msg = ruleMessage(checkRecord(s.module.form, data));
  if (msg) throw badRequest(msg);
  for (const df of fields) {
    if (!df.field.__config__.unique || isEmpty(data[df.vModel])) continue;
    const taken = await hasLiveRow(
      s.tx,
      lcRecord,
      s.module.tenantId,
      eq(lcRecord.moduleId, s.module.id),
      sql`${lcRecord.data}->>${df.vModel} = ${String(data[df.vModel])}`,
      s.existing ? ne(lcRecord.id, s.existing.id) : undefined,
    );
    if (taken) throw badRequest(`${df.label}不能重复: ${String(data[df.vModel])}`);
  }
  return data;
}

/** Inserts one record (rules checked); returns its id. */
export async function insertRecord(s: Omit<SaveContext, 'existing'>, input: Data): Promise<string> {
  const u = userOf(s.req);
  const searched = await lockedSearchFields(s.tx, s.module);
  const data = await prepareData(input, s);
  const id = newId();
  await s.tx.insert(lcRecord).values({
    id,
    tenantId: s.module.tenantId,
    moduleId: s.module.id,
    data,
    search: searchValues(searched, data),
    createUser: u.userId,
    createDept: u.deptId || null,
    updateUser: u.userId,
  });
  return id;
}

/** A live record of the module (own tenant), or undefined. */
export async function findRecord(db: Pick<Tx, 'select'>, module: ModuleLike, id: string) {
  if (!/^\d{1,19}$/.test(id)) return undefined;
  const [r] = await db
    .select()
    .from(lcRecord)
    .where(liveInTenant(lcRecord, module.tenantId, eq(lcRecord.id, id), eq(lcRecord.moduleId, module.id)));
  return r;
}

export async function updateRecord(s: Omit<SaveContext, 'existing'>, id: string, input: Data): Promise<void> {
  const searched = await lockedSearchFields(s.tx, s.module);
  const row = await findRecord(s.tx, s.module, id);
  if (!row) throw badRequest('数据不存在或已删除');
  const data = await prepareData(input, { ...s, existing: { id, data: row.data } });
  await s.tx
    .update(lcRecord)
    .set({
      data,
      search: searchValues(searched, data),
      version: row.version + 1,
      updateUser: userOf(s.req).userId,
      updateTime: new Date(),
    })
    .where(eq(lcRecord.id, id));
}

/** Soft-deletes records of the module; returns how many. */
export async function removeRecords(tx: Tx, req: FastifyRequest, module: ModuleLike, ids: string[]) {
  const r = await tx
    .update(lcRecord)
    .set({ isDeleted: 1, updateUser: userOf(req).userId, updateTime: new Date() })
    .where(liveInTenant(lcRecord, module.tenantId, inArray(lcRecord.id, ids), eq(lcRecord.moduleId, module.id)))
    .returning({ id: lcRecord.id });
  return r.length;
}

// ---------------------------------------------------------------------------------------------------------- list

type Col = typeof lcRecord.data | typeof lcRecord.search;
/**
 * A field key as a SQL literal. Written literally (not bound) so the planner matches the search indexes'
 * `(search->>'f')`; the form schema admits only identifiers, and this refuses anything else that reached here.
 */
function keyText(f: string): SQL {
  if (!IDENT.test(f)) throw badRequest(`参数校验失败: 字段名 ${f.slice(0, 64)} 不正确`);
  return sql.raw(`'${f}'`);
}
/** `data->>'f'` (text), or `search->>'f'`. */
export const textOf = (f: string, col: Col = lcRecord.data) => sql`(${col}->>${keyText(f)})`;
/** `data->>'f'` (or `search->>'f'`) as a number when it is one (never a cast error). */
const numOf = (f: string, col: Col = lcRecord.data) =>
  sql`(case when ${textOf(f, col)} ~ '^-?[0-9]+(\\.[0-9]+)?$' then (${textOf(f, col)})::numeric end)`;

function rangeOf(v: unknown): [unknown, unknown] | undefined {
  if (Array.isArray(v)) return [v[0], v[1]];
  if (typeof v === 'string' && v.includes(',')) {
    const [a, b] = v.split(',');
    return [a, b];
  }
  return undefined;
}

function dateBound(v: unknown, end: boolean): string | undefined {
  if (isEmpty(v)) return undefined;
  if (typeof v === 'number' || /^\d{10,13}$/.test(String(v))) return formatDateTime(new Date(Number(v)));
  const s = String(v).trim();
  if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(s)) throw badRequest(`参数校验失败: 日期格式不正确 ${s}`);
  return s.length === 10 && end ? `${s} 23:59:59` : s;
}

/**
 * Conditions of a `queryJson` (field → value) over the module's value fields; an unknown field is a 400. Fields in
 * `searched` are compared through `search` (the indexed copy) where that is exact: equality with a short value,
 * number and date ranges; `contains` and array conditions read `data`.
 */
export function filterConditions(form: LcFormConf, query: Data, searched?: ReadonlySet<string>): SQL[] {
  const fields = new Map(dataFields(form).map((d) => [d.vModel, d]));
  const out: SQL[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (isEmpty(v) || (Array.isArray(v) && v.every(isEmpty))) continue;
    const df = fields.get(k);
    if (!df || df.key === 'table') throw badRequest(`未知的查询字段: ${k}`);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) throw badRequest(`未知的查询字段: ${k}`);
    const col = searched?.has(k) ? lcRecord.search : lcRecord.data;
    if (NUMERIC_KEYS.has(df.key)) {
      const r = rangeOf(v);
      if (r) {
        const [lo, hi] = r.map((x) => (isEmpty(x) ? undefined : Number(x)));
        if ([lo, hi].some((x) => x !== undefined && !Number.isFinite(x)))
          throw badRequest(`参数校验失败: ${df.label}必须是数字`);
        if (lo !== undefined) out.push(sql`${numOf(k, col)} >= ${lo}`);
        if (hi !== undefined) out.push(sql`${numOf(k, col)} <= ${hi}`);
      } else {
        const n = Number(v);
        if (!Number.isFinite(n)) throw badRequest(`参数校验失败: ${df.label}必须是数字`);
        out.push(sql`${numOf(k, col)} = ${n}`);
      }
    } else if (DATE_KEYS.has(df.key)) {
      const r = rangeOf(v) ?? [v, v];
      const lo = dateBound(r[0], false);
      const hi = dateBound(r[1], true);
      if (lo) out.push(sql`${textOf(k, col)} >= ${lo}`);
      if (hi) out.push(sql`${textOf(k, col)} <= ${hi}`);
    } else if (TEXT_KEYS.has(df.key)) {
      out.push(sql`${textOf(k)} ilike ${likeContains(String(v))}`);
    } else if (ARRAY_KEYS.has(df.key) || df.field.multiple) {
      const list = Array.isArray(v) ? v : [v];
      out.push(sql`(${lcRecord.data}->${keyText(k)}) @> ${JSON.stringify(list)}::jsonb`);
    } else {
      const eqCol = String(v).length <= SEARCH_VALUE_MAX ? col : lcRecord.data;
      out.push(sql`${textOf(k, eqCol)} = ${String(v)}`);
    }
  }
  return out;
}

export interface ListQuery {
  currentPage?: unknown;
  pageSize?: unknown;
  sidx?: unknown;
  sort?: unknown;
  keyword?: unknown;
  queryJson?: unknown;
  dataType?: unknown;
}

function posInt(v: unknown, dflt: number, name: string, max = 10_000) {
  if (isEmpty(v)) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw badRequest(`参数校验失败: ${name} 必须是正整数`);
  return Math.min(n, max);
}

export function parseQueryJson(v: unknown): Data {
  if (isEmpty(v)) return {};
  if (typeof v === 'object' && !Array.isArray(v)) return v as Data;
  if (typeof v === 'string') {
    try {
      const o = JSON.parse(v);
      if (o && typeof o === 'object' && !Array.isArray(o)) return o as Data;
    } catch {
      /* below */
    }
  }
  throw badRequest('参数校验失败: queryJson 不是有效的 JSON 对象');
}

/** Where, order and paging of a list query. */
export function compileList(module: ModuleLike, q: ListQuery, keywordFields: string[]) {
  const currentPage = posInt(q.currentPage, 1, 'currentPage', 1_000_000);
  const pageSize = posInt(q.pageSize, 20, 'pageSize');
  const where: SQL[] = [
    eq(lcRecord.moduleId, module.id),
    liveInTenant(lcRecord, module.tenantId),
    ...filterConditions(module.form, parseQueryJson(q.queryJson), module.searched),
  ];
  const kw = typeof q.keyword === 'string' ? q.keyword.trim() : '';
  if (kw && keywordFields.length) {
    where.push(
      sql`(${sql.join(
        keywordFields.map((f) => sql`${textOf(f)} ilike ${likeContains(kw)}`),
        sql` or `,
      )})`,
    );
  }
  const dir = String(q.sort ?? 'desc').toLowerCase();
  if (dir !== 'asc' && dir !== 'desc') throw badRequest('参数校验失败: sort 只能是 asc 或 desc');
  const by = (e: SQL | typeof lcRecord.createTime) => (dir === 'asc' ? asc(e) : desc(e));
  const order: SQL[] = [];
  const sidx = typeof q.sidx === 'string' ? q.sidx.trim() : '';
  if (sidx && sidx !== 'createTime' && sidx !== 'id') {
    const df = dataFields(module.form).find((d) => d.vModel === sidx);
    if (!df || df.key === 'table') throw badRequest(`未知的排序字段: ${sidx}`);
    order.push(by(NUMERIC_KEYS.has(df.key) ? numOf(sidx) : textOf(sidx)));
  }
  order.push(by(lcRecord.createTime), by(sql`${lcRecord.id}`));
  return { where, order, currentPage, pageSize };
}

export const present = (r: { id: string; data: Data }) => ({ ...r.data, id: r.id });

/** A page of records: JNPF `{ list, pagination }`. */
export async function listRecords(ctx: AppContext, module: ModuleLike, q: ListQuery, keywordFields: string[]) {
  const c = compileList(module, q, keywordFields);
  const where = and(...c.where);
  // the count and the page in one statement (one round trip; each part keeps its own plan: the count from the search
  // index alone, the page in index order); a page past the end still brings the count, with no record
  const r = await ctx.db.execute<{ total: string | number; id: string | null; data: Data | null }>(sql`
    select c.total, p.id::text as id, p.data
    from (select count(*) as total from ${lcRecord} where ${where}) as c
    left join lateral (
      select ${lcRecord.id}, ${lcRecord.data} from ${lcRecord} where ${where}
      order by ${sql.join(c.order, sql`, `)}
      limit ${c.pageSize} offset ${(c.currentPage - 1) * c.pageSize}) as p on true`);
  const rows = r.rows.filter((x): x is { total: string | number; id: string; data: Data } => x.id !== null);
  return {
    list: rows.map(present),
    pagination: { currentPage: c.currentPage, pageSize: c.pageSize, total: Number(r.rows[0]?.total ?? 0) },
  };
}
