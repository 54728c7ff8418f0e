/** Small helpers shared by the patrol routes: query validation, paging, departments, time ranges. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { tenantText } from '../../core/scoped.ts';
import { parseDateTime } from '../../core/time.ts';
import { dept } from '../system/index.ts';

export const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
export const idString = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blank(v)),
    z.string({ error: msg }).regex(/^\d{1,20}$/, msg),
  );
export const optionalId = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blank(v)),
    z
      .string()
      .regex(/^\d{1,20}$/, msg)
      .optional(),
  );
export const optionalInt = (msg: string, values?: number[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blank(v)),
    z
      .number({ error: msg })
      .int(msg)
      .refine((n) => !values || values.includes(n), msg)
      .optional(),
  );

export const paging = z.object({
  current: z.preprocess(
    blank,
    z.coerce.number({ error: '页码必须是正整数' }).int('页码必须是正整数').min(1, '页码必须是正整数').default(1),
  ),
  size: z.preprocess(
    blank,
    z.coerce
      .number({ error: '每页条数必须是 1 到 10000 的整数' })
      .int()
      .min(1, '每页条数必须是 1 到 10000 的整数')
      .max(10_000, '每页条数必须是 1 到 10000 的整数')
      .default(10),
  ),
});

export const pageReply = <T>(records: T[], total: number, current: number, size: number) => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
});

/**
 * A date or date-time bound (`YYYY-MM-DD[ HH:mm[:ss]]`, server zone); a bad one is refused as `${name}格式应为
 * ${formats}` (the location routes name only the date-time form). Location takes it through index.ts.
 */
export const dateBound = (name: string, formats = 'YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss') =>
  z.preprocess(
    blank,
    z
      .string()
      .transform((s, c) => {
        const d = parseDateTime(s);
        if (!d) {
          c.addIssue({ code: 'custom', message: `${name}格式应为 ${formats}` });
          return z.NEVER;
        }
        return d;
      })
      .optional(),
  );

/** The department and its descendants, within the tenant; an unknown department is a 400. */
export async function deptTree(ctx: AppContext, tenantId: string, deptId: string): Promise<string[]> {
  const r = await ctx.database.pool.query<{ id: string }>(
    `select id::text from blade_dept where ${tenantText(dept, '$1')} and is_deleted = 0
       and (id = $2::bigint or (',' || ancestors || ',') like '%,' || $2 || ',%')`,
    [tenantId, deptId],
  );
  if (!r.rows.length) throw badRequest('部门不存在');
  return r.rows.map((x) => x.id);
}

export const tenantOf = (req: FastifyRequest) => req.user?.tenantId ?? req.tenantId;
