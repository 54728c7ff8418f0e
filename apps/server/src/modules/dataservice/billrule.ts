/**
 * Bill rules (编码规则): the JNPF family `/system/BillRule` and the BladeX family `/blade-system/sequence` over one
 * table. A number is `prefix + date + sequence`, e.g. `GD20250115` + `0001`. `nextBillNumber` issues one with a
 * single `UPDATE … SET sequence_number = … RETURNING`: the row lock of the update makes concurrent callers take
 * turns, each re-reading the row its predecessor wrote, so no number is issued twice — across requests, processes
 * and instances. The period (date part) only moves forward (`greatest`), so a caller whose clock reading is a
 * moment older than the stored period continues that period rather than restarting an old one.
 */

import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { byMenu, signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds } from '../../core/query.ts';
import { queryOf } from '../../core/request-params.ts';
import { requiredText } from '../../core/required-text.ts';
import { buttonGrants, defineResource, type Row } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { flag, jnpfPage, keywordOn, MSG_UPDATED, pathId, toggleEnabled } from './jnpf.ts';
import { registerJnpfCrud } from './jnpf-crud.ts';
import { sequence } from './schema.ts';

/** date formats → length of the `YYYYMMDDHHmmss` prefix they keep */
export const DATE_FORMATS: Record<string, number> = {
  '': 0,
  YYYY: 4,
  YYYYMM: 6,
  YYYYMMDD: 8,
  YYYYMMDDHH: 10,
  YYYYMMDDHHmm: 12,
  YYYYMMDDHHmmss: 14,
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** now as `YYYYMMDDHHmmss` in the server's zone */
export function stamp(d = new Date()): string {
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
}

/** The number a rule would give now, without taking it (the `example` shown beside a rule). */
export function previewNumber(r: Row, now = new Date()): string {
  const len = DATE_FORMATS[r.sequenceFormat ?? ''] ?? 0;
  const period = stamp(now).slice(0, len);
  const next =
    period > (r.sequencePeriod ?? '') || !r.sequenceNumber ? Number(r.sequenceStart) : Number(r.sequenceNumber) + 1;
  return `${r.sequencePrefix ?? ''}${period}${String(next).padStart(Number(r.sequenceDigit), '0')}`;
}

const formatInput = z
  .string()
  .trim()
  .nullish()
  .transform((v, c) => {
    const f = !v || v.toLowerCase() === 'no' ? '' : v;
    if (!(f in DATE_FORMATS)) {
      c.addIssue({
        code: 'custom',
        message: `日期格式无效: ${v}（可选 YYYY、YYYYMM、YYYYMMDD、YYYYMMDDHH、YYYYMMDDHHmm、YYYYMMDDHHmmss 或 no）`,
      });
      return z.NEVER;
    }
    return f;
  });

/** Fields that shape the numbers: fixed once a number was issued (else a number could come round again). */
const SHAPE = ['sequencePrefix', 'sequenceFormat', 'sequenceDigit', 'sequenceStart'] as const;
const used = (r: Row | undefined) => !!r && (Number(r.sequenceNumber) > 0 || !!r.lastNumber);

export const sequenceResource = defineResource({
  code: 'bill_rule',
  grant: buttonGrants('bill_rule'),
  base: '/blade-system/sequence',
  table: sequence,
  routes: ['page', 'list', 'detail'],
  listMode: 'all',
  input: {
    sequenceCode: z
      .string({ error: '请输入编码' })
      .trim()
      .min(1, '请输入编码')
      .max(64, '编码不能超过64个字符')
      .regex(/^[\w.:-]+$/, '编码只能包含字母、数字、下划线、点、冒号和短横线'),
    sequenceName: requiredText('请输入名称', 100, '名称不能超过100个字符'),
    sequencePrefix: z
      .string()
      .trim()
      .max(32, '前缀不能超过32个字符')
      .regex(/^[\w\-./]*$/, '前缀只能包含字母、数字、下划线、短横线、点和斜线')
      .nullish()
      .transform((v) => v ?? ''),
    sequenceFormat: formatInput,
    sequenceDigit: z.coerce
      .number({ error: '请输入流水位数' })
      .int('流水位数必须是整数')
      .min(1, '流水位数须在 1 到 12 之间')
      .max(12, '流水位数须在 1 到 12 之间'),
    sequenceStart: z.coerce
      .number({ error: '请输入流水起始' })
      .int('流水起始必须是整数')
      .min(0, '流水起始不能小于 0')
      .max(1e12)
      .optional(),
    sequenceRemark: z.string().trim().max(500, '说明不能超过500个字符').nullish(),
    sort: z.coerce.number().int().min(0).max(999_999).optional(),
    status: flag('状态').optional(),
  },
  params: ['keyword'],
  order: (cols) => [asc(cols.get('sort') as any), asc(cols.get('createTime') as any), asc(cols.get('id') as any)],
  unique: [
    { fields: ['sequenceCode'], message: '编码已存在' },
    { fields: ['sequenceName'], message: '名称已存在' },
  ],
  hooks: {
    where: (q) => keywordOn([sequence.sequenceName, sequence.sequenceCode, sequence.sequenceRemark], q.keyword),
    beforeSave(data, h) {
      if (!used(h.existing)) return;
      for (const f of SHAPE) {
        if (data[f] !== undefined && String(data[f]) !== String(h.existing![f])) {
          throw badRequest('编码规则已被使用，不能再修改前缀、日期格式、流水位数和流水起始');
        }
      }
      if (data.sequenceCode !== undefined && data.sequenceCode !== h.existing!.sequenceCode) {
        throw badRequest('编码规则已被使用，不能再修改编码');
      }
    },
    beforeRemove(rows) {
      const u = rows.find(used);
      if (u) throw badRequest(`编码规则已被使用，不能删除: ${u.sequenceName}`);
    },
    decorate: (rows) => rows.map((r) => ({ ...r, example: previewNumber(r) })),
  },
});

/**
 * Issues the next number of the tenant's rule `code`. Atomic (one UPDATE … RETURNING); refuses an unknown or
 * disabled rule with a 400.
 */
export async function nextBillNumber(
  db: Pick<Db, 'execute' | 'select'>,
  tenantId: string,
  code: string,
  now = new Date(),
): Promise<string> {
  const s = stamp(now);
  const len: SQL = sql`(case ${sequence.sequenceFormat} ${sql.join(
    Object.entries(DATE_FORMATS).map(([f, n]) => sql`when ${f} then ${n}::int`),
    sql` `,
  )} else 0 end)`;
  const period = sql`left(${s}::text, ${len})`;
  const next = sql`(case when ${period} > ${sequence.sequencePeriod} or ${sequence.sequenceNumber} = 0 then ${sequence.sequenceStart} else ${sequence.sequenceNumber} + 1 end)`;
  const newPeriod = sql`greatest(${sequence.sequencePeriod}, ${period})`;
  const padded = sql`(case when length(${next}::text) >= ${sequence.sequenceDigit} then ${next}::text else lpad(${next}::text, ${sequence.sequenceDigit}, '0') end)`;
  const r = await db.execute<{ last_number: string }>(sql`
    update ${sequence} set
      sequence_number = ${next},
      sequence_period = ${newPeriod},
      last_number = ${sequence.sequencePrefix} || ${newPeriod} || ${padded},
      update_time = now()
    where ${sequence.tenantId} = ${tenantId} and ${sequence.sequenceCode} = ${code}
      and ${sequence.isDeleted} = 0 and ${sequence.status} = 1
    returning last_number`);
  if (r.rows[0]) return r.rows[0].last_number;
  const [rule] = await db
    .select({ status: sequence.status })
    .from(sequence)
    .where(liveInTenant(sequence, tenantId, eq(sequence.sequenceCode, code)));
  throw badRequest(rule ? `编码规则已停用: ${code}` : `编码规则不存在: ${code}`);
}

/** JNPF names of a rule. */
export function asBillRule(r: Row): Row {
  return {
    id: r.id,
    fullName: r.sequenceName,
    enCode: r.sequenceCode,
    prefix: r.sequencePrefix,
    dateFormat: r.sequenceFormat || 'no',
    digit: r.sequenceDigit,
    startNumber: r.sequenceStart,
    thisNumber: r.sequenceNumber,
    outputNumber: r.lastNumber,
    example: r.example,
    description: r.sequenceRemark,
    sortCode: r.sort,
    enabledMark: r.status,
    creatorTime: r.createTime,
    creatorUserId: r.createUser,
    lastModifyTime: r.updateTime,
    lastModifyUserId: r.updateUser,
    // the BladeX names the console's bill-rule selector reads (spec 1 §3)
    sequenceCode: r.sequenceCode,
    sequenceName: r.sequenceName,
    sequenceRemark: r.sequenceRemark,
  };
}

const JNPF_TO_BLADE: Record<string, string> = {
  fullName: 'sequenceName',
  enCode: 'sequenceCode',
  prefix: 'sequencePrefix',
  dateFormat: 'sequenceFormat',
  digit: 'sequenceDigit',
  startNumber: 'sequenceStart',
  description: 'sequenceRemark',
  sortCode: 'sort',
  enabledMark: 'status',
};
const BLADE_TO_JNPF = Object.fromEntries(Object.entries(JNPF_TO_BLADE).map(([j, b]) => [b, j]));

/** A JNPF body in the table's names (JNPF names win; BladeX names are accepted too). */
function fromBillRule(b: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(b)) if (!(k in JNPF_TO_BLADE)) out[k] = v;
  for (const [j, blade] of Object.entries(JNPF_TO_BLADE)) if (j in b) out[blade] = b[j];
  return out;
}

/** Validation messages speak of the JNPF field the caller sent. */
async function saveJnpf(ctx: AppContext, req: FastifyRequest, body: Row) {
  try {
    return await sequenceResource.save(ctx, req, fromBillRule(body));
  } catch (e: any) {
    if (e?.issues?.[0]?.path?.[0] && BLADE_TO_JNPF[e.issues[0].path[0]])
      e.issues[0].path[0] = BLADE_TO_JNPF[e.issues[0].path[0]];
    throw e;
  }
}

export function registerBillRuleRoutes(app: FastifyInstance, ctx: AppContext) {
  // ---- BladeX: page, list, detail (factory), save, update, remove (GET)
  sequenceResource.routes(app, ctx);
  const S = '/blade-system/sequence';
  app.post(`${S}/save`, byMenu('bill_rule_add'), async (req) => {
    const b = (req.body ?? {}) as Row;
    if (b.id !== undefined && b.id !== null && b.id !== '') throw badRequest('新增时不能指定主键 id，修改请用 update');
    await sequenceResource.save(ctx, req, b);
    return done();
  });
  app.post(`${S}/update`, byMenu('bill_rule_edit'), async (req) => {
    const b = (req.body ?? {}) as Row;
    if (b.id === undefined || b.id === null || b.id === '') throw badRequest('缺少必要的请求参数: id');
    await sequenceResource.save(ctx, req, b);
    return done();
  });
  app.get(`${S}/remove`, byMenu('bill_rule_delete'), async (req) => {
    await sequenceResource.remove(ctx, req, parseIds((req.query as Row).ids));
    return done();
  });

  // ---- JNPF
  const B = '/system/BillRule';
  const sidx = (query: Record<string, unknown>) =>
    typeof query.sidx === 'string' && JNPF_TO_BLADE[query.sidx] ? { ...query, sidx: JNPF_TO_BLADE[query.sidx] } : query;
  app.get(B, byMenu('bill_rule'), async (req) =>
    ok(await jnpfPage(ctx, req, sequenceResource, sidx(queryOf(req)), asBillRule)),
  );
  app.get(`${B}/Selector`, signedIn, async (req) =>
    ok(await jnpfPage(ctx, req, sequenceResource, sidx(queryOf(req)), asBillRule, { status: 1 })),
  );
  app.get(`${B}/BillNumber/:code`, signedIn, async (req) => {
    const code = (req.params as { code: string }).code;
    if (!/^[\w.:-]{1,64}$/.test(code)) throw badRequest('参数校验失败: 编码无效');
    return ok(await nextBillNumber(ctx.db, req.tenantId, code));
  });
  registerJnpfCrud(app, ctx, sequenceResource, { base: B, menu: 'bill_rule', save: saveJnpf, shape: asBillRule });
  app.put(`${B}/:id/Actions/State`, byMenu('bill_rule_edit'), async (req) => {
    await toggleEnabled(ctx, req, sequenceResource, pathId(req), 'status');
    return done(MSG_UPDATED);
  });
}
