/**
 * Data interfaces (`/system/DataInterface`): a parameterised read-only SQL query on a data source, or static data.
 * The SQL must be one SELECT (or WITH … SELECT) statement; `@name` parameters become driver placeholders (never
 * text in the SQL), the query runs in a read-only transaction with the interface's timeout, and at most `rowLimit`
 * rows come back. `Actions/Response` runs it (also what popup selects and related fields read), every call is
 * logged (`/system/DataInterfaceLog/{id}`), `Actions/State` enables or disables it, `Action/Export` downloads its
 * definition as JSON.
 */
import { asc, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachment } from '../../core/attachment.ts';
import { ApiError, badRequest, done, ok } from '../../core/envelope.ts';
import { byMenu, userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import { hasLiveRow } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { likeContains } from '../../core/query.ts';
import { queryOf } from '../../core/request-params.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { withSession } from './connect.ts';
import { readSandboxed } from './sandbox.ts';
import { dsInterface, dsInterfaceLog } from './schema.ts';
import { isOwnDb, num, settingsOf } from './sources.ts';
import { assertReadOnlySql } from './sql-guard.ts';

export { assertReadOnlySql } from './sql-guard.ts';

/**
 * Who may run an interface (`Actions/Response`): the 数据接口 screen, its 调用接口 button (data_interface_call,
 * for the roles whose forms read through interfaces: popup selects, related fields, dynamic options) and the
 * designers who preview such forms. Not everyone signed in.
 */
export const INTERFACE_CALLERS = ['data_interface', 'data_interface_call', 'lowcode_design', 'business_form'];

type Row = typeof dsInterface.$inferSelect;
export const MAX_ROWS = 10_000;
export const MAX_TIMEOUT_MS = 60_000;

const paramSchema = z.object({
  field: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, '参数名只能由字母、数字和下划线组成'),
  label: z.string().max(64).optional(),
  dataType: z.enum(['string', 'number', 'date', 'varchar', 'int', 'datetime']).optional(),
  defaultValue: z.unknown().optional(),
  required: z.union([z.boolean(), z.number()]).optional(),
});

export const interfaceInput = z.object({
  fullName: z.string({ error: '请输入接口名称' }).trim().min(1, '请输入接口名称').max(100),
  enCode: z
    .string({ error: '请输入接口编码' })
    .trim()
    .min(1, '请输入接口编码')
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '接口编码只能由字母、数字和下划线组成，且以字母开头'),
  category: z.string().max(64).nullish(),
  dataType: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === 2, '接口类型只能是 1 (SQL) 或 2 (静态数据)'),
  dbLinkId: z
    .union([z.string().regex(/^\d{1,19}$/), z.number().int()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v))),
  query: z.string().max(20_000).nullish(),
  staticData: z.unknown().optional(),
  parameterJson: z
    .union([z.string(), z.array(paramSchema)])
    .nullish()
    .transform((v, c) => {
      if (!v) return [];
      if (Array.isArray(v)) return v;
      try {
        return z.array(paramSchema).parse(JSON.parse(v));
      } catch {
        c.addIssue({ code: 'custom', message: '参数定义不是有效的 JSON 数组' });
        return z.NEVER;
      }
    }),
  rowLimit: z.coerce.number().int().min(1).max(MAX_ROWS, `行数上限不能超过${MAX_ROWS}`).optional(),
  timeoutMs: z.coerce.number().int().min(100).max(MAX_TIMEOUT_MS, `超时不能超过${MAX_TIMEOUT_MS}毫秒`).optional(),
  enabledMark: z.coerce.number().int().min(0).max(1).optional(),
  sortCode: z.coerce.number().int().min(0).max(999_999).optional(),
  description: z.string().max(500).nullish(),
});

/** `@name` → driver placeholders in order of appearance; returns the SQL and the values. */
export function bindParameters(
  sqlText: string,
  params: Record<string, unknown>,
  placeholder: (i: number) => string,
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  let out = '';
  let i = 0;
  // walk outside string literals and comments only
  const re = /('(?:[^']|'')*')|("(?:[^"]|"")*")|(--[^\n]*)|(\/\*[\s\S]*?\*\/)|@([A-Za-z_][A-Za-z0-9_]*)/g;
  let last = 0;
  for (const m of sqlText.matchAll(re)) {
    out += sqlText.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[5]) {
      if (!(m[5] in params)) throw badRequest(`缺少参数: ${m[5]}`);
      values.push(params[m[5]]);
      out += placeholder(++i);
    } else out += m[0];
  }
  out += sqlText.slice(last);
  return { text: out, values };
}

/** The parameter values of a call: declared parameters with defaults, converted, required ones present. */
export function parameterValues(declared: Record<string, unknown>[], given: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const p of declared) {
    const f = String(p.field);
    let v = given[f];
    if (v === undefined || v === '') v = p.defaultValue;
    if ((v === undefined || v === null || v === '') && (p.required === true || p.required === 1))
      throw badRequest(`缺少参数: ${p.label ?? f}`);
    if (v === undefined || v === '') v = null;
    if (v !== null && ['number', 'int'].includes(String(p.dataType))) {
      const n = Number(v);
      if (!Number.isFinite(n)) throw badRequest(`参数 ${p.label ?? f} 必须是数字`);
      v = n;
    }
    out[f] = v;
  }
  return out;
}

function asInterface(r: Row) {
  return {
    id: r.id,
    fullName: r.fullName,
    enCode: r.enCode,
    category: r.category,
    dataType: r.dataType,
    dbLinkId: r.dbLinkId,
    query: r.query,
    staticData: r.staticData === null || r.staticData === undefined ? null : JSON.stringify(r.staticData),
    parameterJson: JSON.stringify(r.parameterJson ?? []),
    rowLimit: r.rowLimit,
    timeoutMs: r.timeoutMs,
    enabledMark: r.enabledMark,
    sortCode: r.sortCode,
    description: r.description,
    creatorTime: r.createTime,
    lastModifyTime: r.updateTime,
  };
}

async function findInterface(ctx: AppContext, req: FastifyRequest, id: string) {
  if (!/^\d{1,19}$/.test(id)) throw badRequest('参数校验失败: id 必须是数字编号');
  const [r] = await ctx.db
    .select()
    .from(dsInterface)
    .where(liveInTenant(dsInterface, req.tenantId, eq(dsInterface.id, id)));
  return r;
}

function staticOf(v: unknown): unknown {
  if (typeof v !== 'string') return v ?? null;
  try {
    return JSON.parse(v);
  } catch {
    throw badRequest('静态数据不是有效的 JSON');
  }
}

async function saveInterface(ctx: AppContext, req: FastifyRequest, raw: unknown, id?: string) {
  const b = interfaceInput.parse(raw ?? {});
  if (b.dataType === 1) {
    if (!b.query) throw badRequest('请输入 SQL 语句');
    assertReadOnlySql(b.query, { recursive: isOwnDb(b.dbLinkId) });
    if (!b.dbLinkId) throw badRequest('请选择数据源');
    await settingsOf(ctx, req, b.dbLinkId); // exists and usable by the caller
    const declared = new Set((b.parameterJson ?? []).map((p) => p.field));
    bindParameters(b.query, Object.fromEntries([...declared].map((f) => [f, null])), (i) => `$${i}`);
  }
  const staticData = b.dataType === 2 ? staticOf(b.staticData) : null;
  if (b.dataType === 2 && (staticData === null || typeof staticData !== 'object'))
    throw badRequest('请输入静态数据 (JSON 数组或对象)');
  const other = id ? ne(dsInterface.id, id) : undefined;
  if (await hasLiveRow(ctx.db, dsInterface, req.tenantId, eq(dsInterface.enCode, b.enCode), other))
    throw badRequest(`接口编码已存在: ${b.enCode}`);
  const u = userOf(req);
  const values = {
    fullName: b.fullName,
    enCode: b.enCode,
    category: b.category ?? null,
    dataType: b.dataType,
    dbLinkId: b.dataType === 1 ? b.dbLinkId : null,
    query: b.dataType === 1 ? b.query! : null,
    staticData,
    parameterJson: b.parameterJson ?? [],
    rowLimit: b.rowLimit ?? 1000,
    timeoutMs: b.timeoutMs ?? 5000,
    enabledMark: b.enabledMark ?? 1,
    sortCode: b.sortCode ?? 0,
    description: b.description ?? null,
    updateUser: u.userId,
    updateTime: new Date(),
  };
  if (id) {
    if (!(await findInterface(ctx, req, id))) throw badRequest('数据接口不存在');
    await ctx.db.update(dsInterface).set(values).where(eq(dsInterface.id, id));
    return id;
  }
  const nid = newId();
  await ctx.db
    .insert(dsInterface)
    .values({ id: nid, tenantId: req.tenantId, ...values, createUser: u.userId, createDept: u.deptId || null });
  return nid;
}

/** Runs an interface with the caller's parameters; logs the call. */
export async function runInterface(ctx: AppContext, req: FastifyRequest, r: Row, given: Record<string, unknown>) {
  const started = Date.now();
  const u = userOf(req);
  const log = async (success: boolean, rowCount: number | null, message: string | null) => {
    await ctx.db.insert(dsInterfaceLog).values({
      tenantId: r.tenantId,
      interfaceId: r.id,
      userId: u.userId,
      userName: u.account,
      ip: req.ip,
      durationMs: Date.now() - started,
      success,
      rowCount,
      message: message?.slice(0, 500) ?? null,
    });
  };
  try {
    if (r.enabledMark !== 1) throw badRequest(`数据接口已停用: ${r.fullName}`);
    let data: unknown;
    if (r.dataType === 2) data = r.staticData;
    else {
      const values = parameterValues(r.parameterJson ?? [], given);
      const own = isOwnDb(r.dbLinkId);
      assertReadOnlySql(r.query ?? '', { recursive: own });
      const query = (r.query ?? '').trim().replace(/;\s*$/, '');
      const wrap = (text: string) => `select * from (${text}) swp_q limit ${r.rowLimit + 1}`;
      let rows: Record<string, unknown>[];
      if (own) {
        // An interface on the own database was saved by the platform administrator (saving checks it); whoever may
        // call it runs it in the sandbox: read only, as the restricted role, their tenant's rows, within its time.
        const bound = bindParameters(query, values, (i) => `$${i}`);
        rows = await readSandboxed(ctx, req.tenantId, wrap(bound.text), bound.values, r.timeoutMs);
      } else
        rows = await withSession(ctx, await settingsOf(ctx, req, r.dbLinkId as string), async (x) => {
          const bound = bindParameters(query, values, x.placeholder);
          return x.read(wrap(bound.text), bound.values, r.timeoutMs);
        });
      if (rows.length > r.rowLimit) throw badRequest(`查询结果超过行数上限 ${r.rowLimit}，请增加查询条件`);
      data = rows;
    }
    await log(true, Array.isArray(data) ? data.length : null, null);
    return data;
  } catch (e) {
    await log(false, null, e instanceof Error ? e.message : String(e)).catch(() => {});
    if (e instanceof ApiError) throw e;
    throw badRequest(`接口调用失败: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const pid = (req: FastifyRequest) => (req.params as Record<string, string>).id;

export function interfaceRoutes(app: FastifyInstance, ctx: AppContext) {
  const I = '/system/DataInterface';
  app.get(I, byMenu('data_interface', 'lowcode_design', 'business_form'), async (req) => {
    const q = queryOf(req);
    const page = num(q.currentPage, 1, 1_000_000);
    const size = num(q.pageSize, 20);
    const kw = typeof q.keyword === 'string' ? q.keyword.trim() : '';
    const like = likeContains(kw);
    const where = liveInTenant(
      dsInterface,
      req.tenantId,
      kw ? or(ilike(dsInterface.fullName, like), ilike(dsInterface.enCode, like)) : undefined,
      typeof q.category === 'string' && q.category ? eq(dsInterface.category, q.category) : undefined,
    );
    const [{ total }] = await ctx.db.select({ total: count() }).from(dsInterface).where(where);
    const rows = await ctx.db
      .select()
      .from(dsInterface)
      .where(where)
      .orderBy(asc(dsInterface.sortCode), desc(dsInterface.createTime))
      .limit(size)
      .offset((page - 1) * size);
    return ok({ list: rows.map(asInterface), pagination: { currentPage: page, pageSize: size, total: Number(total) } });
  });
  app.post(I, byMenu('data_interface_add'), async (req) =>
    ok({ id: await saveInterface(ctx, req, req.body) }, '新建成功'),
  );
  app.get(`${I}/:id`, byMenu('data_interface'), async (req) => {
    const r = await findInterface(ctx, req, pid(req));
    return ok(r ? asInterface(r) : null);
  });
  app.put(`${I}/:id`, byMenu('data_interface_edit'), async (req) => {
    await saveInterface(ctx, req, req.body, pid(req));
    return done('更新成功');
  });
  app.delete(`${I}/:id`, byMenu('data_interface_delete'), async (req) => {
    const r = await ctx.db
      .update(dsInterface)
      .set({ isDeleted: 1, updateUser: userOf(req).userId, updateTime: new Date() })
      .where(liveInTenant(dsInterface, req.tenantId, eq(dsInterface.id, pid(req))))
      .returning({ id: dsInterface.id });
    if (!r.length) throw badRequest('数据接口不存在');
    return done('删除成功');
  });
  app.put(`${I}/:id/Actions/State`, byMenu('data_interface_edit'), async (req) => {
    const r = await findInterface(ctx, req, pid(req));
    if (!r) throw badRequest('数据接口不存在');
    const enabledMark = r.enabledMark === 1 ? 0 : 1;
    await ctx.db.update(dsInterface).set({ enabledMark, updateTime: new Date() }).where(eq(dsInterface.id, r.id));
    return ok({ enabledMark }, '更新成功');
  });
  // the response of a call: popup selects and related fields of any screen read through it
  app.get(`${I}/:id/Actions/Response`, byMenu(...INTERFACE_CALLERS), async (req) => {
    const r = await findInterface(ctx, req, pid(req));
    if (!r) throw badRequest('数据接口不存在');
    return ok(await runInterface(ctx, req, r, queryOf(req)));
  });
  app.get(`${I}/:id/Action/Export`, byMenu('data_interface'), async (req, reply) => {
    const r = await findInterface(ctx, req, pid(req));
    if (!r) throw badRequest('数据接口不存在');
    const { id: _id, creatorTime: _c, lastModifyTime: _l, ...def } = asInterface(r);
    return attachment(reply, `${r.fullName}.json`, 'application/json; charset=utf-8').send(
      JSON.stringify(def, null, 2),
    );
  });
  app.get('/system/DataInterfaceLog/:id', byMenu('data_interface'), async (req) => {
    const q = queryOf(req);
    const page = num(q.currentPage, 1, 1_000_000);
    const size = num(q.pageSize, 20);
    const r = await findInterface(ctx, req, pid(req));
    if (!r) throw badRequest('数据接口不存在');
    const where = inTenant(dsInterfaceLog, req.tenantId, eq(dsInterfaceLog.interfaceId, r.id));
    const [{ total }] = await ctx.db.select({ total: count() }).from(dsInterfaceLog).where(where);
    const rows = await ctx.db
      .select()
      .from(dsInterfaceLog)
      .where(where)
      .orderBy(desc(dsInterfaceLog.invokeTime))
      .limit(size)
      .offset((page - 1) * size);
    return ok({
      list: rows.map((l) => ({ ...l, invokTime: l.invokeTime, invokWasteTime: l.durationMs, invokIp: l.ip })),
      pagination: { currentPage: page, pageSize: size, total: Number(total) },
    });
  });
}
