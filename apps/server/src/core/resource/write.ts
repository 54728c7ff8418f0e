/**
 * The writes: input validation (zod), unique checks, audit fields and tenant on insert, soft delete on removal,
 * the hooks around each, every write in one transaction.
 */
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../envelope.ts';
import type { AppContext } from '../module.ts';
import { isId } from '../query.ts';
import type { Parts } from './parts.ts';
import { findVisible, visibility } from './read.ts';
import type { HookContext, ResourceDef, Row, SaveExtra, Tx } from './types.ts';

const idSchema = z.union([z.string(), z.number()]).refine((v) => isId(v), '必须是数字编号');

/**
 * The body `submit` accepts: the declared fields plus an optional id, the definition's own `id` schema when it
 * declares one (other keys pass and are dropped later).
 */
export function inputSchemaOf(def: ResourceDef) {
  return z.object({ id: idSchema.optional().nullable(), ...def.input }).passthrough();
}

/** The refusal when a row to update or remove is not visible. */
export const missingOf = (def: ResourceDef) => badRequest(def.messages?.missing ?? '数据不存在或无权操作');

async function checkUnique(p: Parts, tx: Tx, req: FastifyRequest, data: Row, id?: string) {
  for (const u of p.def.unique ?? []) {
    const conds: SQL[] = u.fields.map((f) =>
      data[f] === null || data[f] === undefined ? sql`false` : eq(p.col(f), data[f]),
    );
    if (p.soft) conds.push(eq(p.col('isDeleted'), 0));
    if (p.tenantScoped) conds.push(eq(p.col('tenantId'), req.tenantId));
    if (id) conds.push(ne(p.idCol, id));
    const hit = await tx
      .select({ id: p.idCol as any })
      .from(p.def.table as any)
      .where(and(...conds))
      .limit(1);
    if (hit.length) throw badRequest(u.message);
  }
}

/** The validated body: only declared fields are written (audit fields, tenant and soft-delete flags are the server's). */
export function parseRowInput(p: Parts, body: unknown): { id?: string; data: Row } {
  const parsed = p.inputSchema.safeParse(body ?? {});
  if (!parsed.success) {
    if (p.def.validation === 'message') throw badRequest(parsed.error.issues[0]?.message ?? '参数校验失败');
    throw parsed.error;
  }
  const { id: rawId, ...rest } = parsed.data as Row;
  const data: Row = {};
  for (const k of Object.keys(p.def.input)) if (k !== 'id' && k in rest) data[k] = rest[k];
  const id = rawId === undefined || rawId === null || rawId === '' ? undefined : String(rawId);
  return { id, data };
}

function stampUpdate(p: Parts, data: Row, req: FastifyRequest, now: Date) {
  if (p.has('updateUser')) data.updateUser = req.user?.userId ?? null;
  if (p.has('updateTime')) data.updateTime = now;
}

function stampInsert(p: Parts, data: Row, req: FastifyRequest, now: Date) {
  const user = req.user;
  if (p.tenantScoped) data.tenantId = req.tenantId;
  if (p.has('createUser')) data.createUser = user?.userId ?? null;
  // a token's dept_id may list several departments (BladeX joins them): the first is the creating one
  if (p.has('createDept')) data.createDept = user?.deptId?.split(',')[0]?.trim() || null;
  if (p.has('updateUser')) data.updateUser = user?.userId ?? null;
  if (p.has('createTime')) data.createTime = now;
  if (p.has('updateTime')) data.updateTime = now;
}

async function saveRow(p: Parts, ctx: AppContext, req: FastifyRequest, body: unknown, extra?: SaveExtra) {
  const { def, idCol } = p;
  const { id, data } = parseRowInput(p, body);
  const now = new Date();
  // visibility is worked out before the transaction: the data-scope provider may query the database itself
  const vis = await visibility(p, req);
  return ctx.db.transaction(async (tx) => {
    let existing: Row | undefined;
    if (id) {
      [existing] = await findVisible(p, ctx, req, [id], tx, vis);
      if (!existing) throw missingOf(def);
    }
    const h: HookContext = { req, ctx, tx, isNew: !existing, existing };
    await def.hooks?.beforeSave?.(data, h);
    await checkUnique(p, tx, req, { ...existing, ...data }, id);
    let row: Row;
    if (existing) {
      stampUpdate(p, data, req, now);
      [row] = (await tx
        .update(def.table as any)
        .set(data)
        .where(eq(idCol, id!))
        .returning()) as Row[];
    } else {
      stampInsert(p, data, req, now);
      [row] = (await tx
        .insert(def.table as any)
        .values(data)
        .returning()) as Row[];
    }
    await def.hooks?.afterSave?.(row as Row, h);
    await extra?.afterSave?.(row as Row, h);
    return row as Row;
  });
}

export async function save(p: Parts, ctx: AppContext, req: FastifyRequest, body: unknown, extra?: SaveExtra) {
  const row = await uniqueAsBadRequest(p.def, () => saveRow(p, ctx, req, body, extra));
  await p.def.hooks?.committed?.('save', [row], req, ctx);
  return row;
}

export async function allVisible(p: Parts, ctx: AppContext, req: FastifyRequest, ids: string[]) {
  const rows = (await findVisible(p, ctx, req, ids)) as Row[];
  if (rows.length !== new Set(ids).size) throw missingOf(p.def);
  return rows;
}

export async function remove(p: Parts, ctx: AppContext, req: FastifyRequest, ids: string[]): Promise<number> {
  const { def, idCol } = p;
  const vis = await visibility(p, req);
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = (await findVisible(p, ctx, req, ids, tx, vis)) as Row[];
    if (def.removal?.missing !== 'skip' && rows.length !== new Set(ids).size) throw missingOf(def);
    if (!rows.length) return rows;
    // only what the caller can see (with `skip`, ids already gone or not theirs are passed over)
    const seen = rows.map((r) => r[p.idField]);
    const h = { req, ctx, tx, existing: undefined };
    await def.hooks?.beforeRemove?.(rows, h);
    if (p.soft) {
      const set: Row = { isDeleted: 1 };
      stampUpdate(p, set, req, new Date());
      await tx
        .update(def.table as any)
        .set(set)
        .where(inArray(idCol, seen));
    } else {
      await tx.delete(def.table as any).where(inArray(idCol, seen));
    }
    await def.hooks?.afterRemove?.(rows, h);
    return rows;
  });
  await def.hooks?.committed?.('remove', removed, req, ctx);
  return removed.length;
}

/**
 * Two writers racing past the unique check meet the database's unique index (SQLSTATE 23505): that is the same
 * business refusal as the check's, not a fault.
 */
async function uniqueAsBadRequest<T>(def: ResourceDef, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if ((err.code ?? err.cause?.code) === '23505') throw badRequest(def.unique?.[0]?.message ?? '数据已存在');
    throw e;
  }
}
