/**
 * What the SMS and OSS configurations share: one resource definition (category and code inputs, masked secrets,
 * category names), "enable exactly one" (categories: system's dictionaryItems).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds } from '../../core/query.ts';
import { buttonGrants, defineResource, type HookContext, type Resource, type Row } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { dictionaryItems } from '../system/index.ts';

/** What replaces a stored secret on the way out; sent back unchanged, it keeps the stored secret. */
export const SECRET_MASK = '******';

const maskSecret = (row: Row): Row => (row.secretKey ? { ...row, secretKey: SECRET_MASK } : row);

/** An optional text field of at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** The inputs both configurations name alike: the category (a dictionary item) and the configuration's code. */
const categoryInput = z.coerce.number({ error: '请选择分类' }).int('请选择分类').min(1, '请选择分类');
const codeInput = z
  .string({ error: '请输入资源编号' })
  .trim()
  .min(1, '请输入资源编号')
  .max(32, '资源编号不能超过32个字符')
  .regex(/^[\w.-]+$/, '资源编号只能包含字母、数字、下划线、点和短横线');

/**
 * A tenant's configurations of one kind (`/blade-resource/${kind}`: list, page, detail, submit, remove) for the
 * kind's screen and buttons: the category and the unique `${kind}Code` inputs before the kind's own `input`, its
 * `beforeSave` checks (after a returned secret mask is dropped), and on the way out the secret masked and the
 * category named from the kind's dictionary.
 */
export function configurationResource(
  kind: keyof typeof LOCKS,
  table: PgTable,
  input: z.ZodRawShape,
  beforeSave: (data: Row, h: HookContext) => Promise<void>,
): Resource {
  return defineResource({
    code: kind,
    grant: buttonGrants(kind),
    base: `/blade-resource/${kind}`,
    table,
    routes: ['list', 'page', 'detail', 'submit', 'remove'],
    input: { category: categoryInput, [`${kind}Code`]: codeInput, ...input },
    unique: [{ fields: [`${kind}Code`], message: '资源编号已存在' }],
    hooks: {
      async beforeSave(data, h) {
        // the mask sent back unchanged keeps the stored secret
        if (data.secretKey === SECRET_MASK) delete data.secretKey;
        await beforeSave(data, h);
      },
      async decorate(rows, _req, ctx) {
        if (!rows.length) return rows;
        const cats = await dictionaryItems(ctx.db, kind);
        return rows.map((r) => ({ ...maskSecret(r), categoryName: cats.get(String(r.category)) ?? '' }));
      },
    },
  });
}

/** status of an SMS or OSS configuration */
export const OFF = 1;
export const ON = 2;

/** advisory-lock namespaces of "enable" (one lock per tenant and kind serialises concurrent enables) */
const LOCKS = { sms: 7_261_101, oss: 7_261_102 } as const;

/** The one id of an `enable` call: `id` in the query, a form or a JSON body. */
export function idParam(req: FastifyRequest): string {
  const q = (req.query ?? {}) as Row;
  const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Row;
  const ids = parseIds(q.id ?? b.id, 'id');
  if (ids.length !== 1) throw badRequest('参数校验失败: id 只能是一个编号');
  return ids[0];
}

/**
 * Turns configuration `id` on and every other configuration of the tenant off, in one transaction serialised per
 * tenant; a partial unique index (status = 2) makes "more than one on" impossible even so.
 */
export async function enableOne(
  ctx: AppContext,
  req: FastifyRequest,
  kind: keyof typeof LOCKS,
  resource: Resource,
  check?: (row: Row) => void | Promise<void>,
): Promise<Row> {
  const id = idParam(req);
  const table = resource.def.table as any;
  const visible = await resource.visibility(req);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS[kind]}, hashtext(${req.tenantId}))`);
    const [row] = (await tx
      .select()
      .from(table)
      .where(and(eq(table.id, id), ...visible))) as Row[];
    if (!row) throw badRequest('数据不存在或无权操作');
    await check?.(row);
    const now = new Date();
    const who = req.user?.userId ?? null;
    await tx
      .update(table)
      .set({ status: OFF, updateUser: who, updateTime: now })
      .where(liveInTenant(table, row.tenantId, eq(table.status, ON), ne(table.id, id)));
    const [on] = (await tx
      .update(table)
      .set({ status: ON, updateUser: who, updateTime: now })
      .where(eq(table.id, id))
      .returning()) as Row[];
    return on;
  });
}

/** The tenant's enabled configuration of a table, if any. */
export async function enabledOf<T>(db: Pick<Db, 'select'>, table: any, tenantId: string): Promise<T | undefined> {
  const [row] = await db
    .select()
    .from(table)
    .where(liveInTenant(table, tenantId, eq(table.status, ON)))
    .limit(1);
  return row as T | undefined;
}
