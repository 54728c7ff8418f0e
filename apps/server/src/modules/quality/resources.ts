/**
 * The CRUD families of 水质管理 (`/swp-quality/*`): indicators and limits, points, sampling plans, tasks (read
 * only: generated from plans, done by results) and laboratory results (judged against the limits on save; an
 * out-of-limit result raises an alarm once committed, results.ts).
 */
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { buttonGrants, defineResource, type ResourceDef, type Row, type Tx } from '../../core/resource.ts';
import { liveInTenant, tenantSql } from '../../core/scoped.ts';
import { FIELDS, monitorStation } from '../monitor/index.ts';
import { LIMIT_KINDS, limitProblem, POINT_KINDS } from './limits.ts';
import { QUALITY_READ } from './menus.ts';
import { judgeRows, resultAlarms } from './results.ts';
import { qualityIndicator, qualityPlan, qualityPoint, qualityResult, qualityTask } from './schema.ts';

const code = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `请输入${label}`)
    .max(32, `${label}最长 32 个字符`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label}只能包含字母、数字、下划线和连字符`);
const optNum = z.number().finite().nullable().optional();
const dateStr = (label: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`);

/** The catalogues every 水质 screen reads whole (indicators, points): the tenant's, not a data scope's. */
const catalogue = (name: string) =>
  ({
    code: `quality_${name}`,
    base: `/swp-quality/${name}`,
    routes: ['list', 'page', 'detail', 'submit', 'remove', 'select'],
    listMode: 'all',
    dataScope: false,
    grant: buttonGrants(`quality_${name}`, QUALITY_READ),
  }) satisfies Partial<ResourceDef>;

export const indicatorResource = defineResource({
  ...catalogue('indicator'),
  table: qualityIndicator,
  input: {
    code: code('指标编码'),
    name: z.string().trim().min(1, '请输入指标名称').max(64),
    nameEn: z.string().trim().max(64).nullable().optional(),
    category: z.enum(['microbial', 'toxicological', 'sensory', 'radioactive', 'disinfectant', 'other'], {
      message: '指标类别不正确',
    }),
    unit: z.string().trim().max(16).default(''),
    kind: z.enum(LIMIT_KINDS, { message: '限值类型只能是 上限/下限/区间/不得检出' }),
    pointKind: z.enum(['all', ...POINT_KINDS], { message: '适用点位只能是 全部/出厂水/管网水' }).default('all'),
    minValue: optNum,
    maxValue: optNum,
    monitorField: z
      .string()
      .trim()
      .max(32)
      .nullable()
      .optional()
      .refine((f) => !f || FIELDS[f]?.monitorType === 'WATER_QUALITY', '在线字段必须是水质监测字段'),
    alarmMinutes: z.number().int('持续时间须为整数分钟').min(0).max(1440, '持续时间最长 1440 分钟').default(15),
    routine: z.boolean().default(true),
    sort: z.number().int().min(0).max(9999).default(1),
    remark: z.string().max(255).nullable().optional(),
  },
  unique: [{ fields: ['code', 'pointKind'], message: '该指标在此类点位已有限值' }],
  hooks: {
    beforeSave(data, h) {
      const merged = { ...h.existing, ...data } as Row;
      const problem = limitProblem({
        kind: merged.kind,
        minValue: merged.minValue ?? null,
        maxValue: merged.maxValue ?? null,
      });
      if (problem) throw badRequest(problem);
      if (merged.kind === 'absent') {
        data.minValue = null;
        data.maxValue = null;
      }
    },
  },
});

export const pointResource = defineResource({
  ...catalogue('point'),
  table: qualityPoint,
  input: {
    code: code('点位编码'),
    name: z.string().trim().min(1, '请输入点位名称').max(100),
    pointKind: z.enum(POINT_KINDS, { message: '点位类型只能是 出厂水/管网水' }),
    stcd: z.string().trim().max(32).nullable().optional(),
    address: z.string().max(255).nullable().optional(),
    sort: z.number().int().min(0).max(9999).default(1),
    remark: z.string().max(255).nullable().optional(),
  },
  unique: [{ fields: ['code'], message: '点位编码已存在' }],
  hooks: {
    async beforeSave(data, h) {
      if (!data.stcd) return;
      const r = await h.tx.execute<{ n: number }>(sqlStation(h.req.tenantId, data.stcd));
      if (!r.rows[0]?.n) throw badRequest(`在线监测站 ${data.stcd} 不存在`);
    },
  },
});

function sqlStation(tenantId: string, stcd: string) {
  return sql`select count(*)::int as n from swp_monitor_station where ${tenantSql(monitorStation, tenantId)} and stcd = ${stcd} and is_deleted = 0`;
}

async function checkCodes(tx: Tx, tenantId: string, points: string[], indicators: string[]) {
  await assertCodes(tx, tenantId, qualityPoint, points, '点位');
  await assertCodes(tx, tenantId, qualityIndicator, indicators, '指标');
}

/** Every code is one of the tenant's live rows of `table`, or a 400 naming those that are not. */
async function assertCodes(
  tx: Tx,
  tenantId: string,
  table: typeof qualityPoint | typeof qualityIndicator,
  codes: string[],
  what: string,
) {
  if (!codes.length) return;
  const have = await tx
    .select({ code: table.code })
    .from(table)
    .where(liveInTenant(table, tenantId, inArray(table.code, codes)));
  const miss = codes.filter((p) => !have.some((h) => h.code === p));
  if (miss.length) throw badRequest(`${what}不存在: ${miss.join(', ')}`);
}

export const planResource = defineResource({
  code: 'quality_plan',
  base: '/swp-quality/plan',
  table: qualityPlan,
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  grant: buttonGrants('quality_plan', ['quality_plan', 'quality_task']),
  input: {
    code: code('计划编码'),
    name: z.string().trim().min(1, '请输入计划名称').max(100),
    pointCodes: z.array(z.string().max(32)).min(1, '请选择采样点位').max(500),
    indicatorCodes: z.array(z.string().max(32)).min(1, '请选择检测指标').max(200),
    frequency: z.enum(['DAILY', 'WEEKLY', 'MONTHLY'], { message: '频次只能是 每日/每周/每月' }),
    assignee: z
      .union([z.string(), z.number()])
      .transform((v) => String(v))
      .refine((v) => /^\d{1,19}$/.test(v), '采样人必须是用户编号')
      .nullable()
      .optional(),
    startDate: dateStr('开始日期'),
    endDate: dateStr('结束日期').nullable().optional(),
    enabled: z.boolean().default(true),
    remark: z.string().max(255).nullable().optional(),
  },
  unique: [{ fields: ['code'], message: '计划编码已存在' }],
  hooks: {
    async beforeSave(data, h) {
      const merged = { ...h.existing, ...data } as Row;
      if (merged.endDate && merged.endDate < merged.startDate) throw badRequest('结束日期不能早于开始日期');
      data.pointCodes = data.pointCodes ? [...new Set<string>(data.pointCodes)] : data.pointCodes;
      data.indicatorCodes = data.indicatorCodes ? [...new Set<string>(data.indicatorCodes)] : data.indicatorCodes;
      await checkCodes(h.tx, h.req.tenantId, data.pointCodes ?? [], data.indicatorCodes ?? []);
    },
  },
});

export const taskResource = defineResource({
  code: 'quality_task',
  base: '/swp-quality/sampling-task',
  table: qualityTask,
  routes: ['list', 'page', 'detail'],
  dataScope: false,
  grant: { read: ['quality_task', 'quality_result'], submit: 'admin', remove: 'admin' },
  input: {},
  order: (cols) => [sql`${cols.get('dueDate')} desc`, sql`${cols.get('pointCode')}`],
});

export const resultResource = defineResource({
  code: 'quality_result',
  base: '/swp-quality/result',
  table: qualityResult,
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  dataScope: false,
  grant: buttonGrants('quality_result', ['quality_result', 'quality_report']),
  input: {
    sampleCode: code('样品编号'),
    pointCode: z.string().trim().min(1, '请选择采样点位').max(32),
    sampledAt: z.union([z.string(), z.number()]).transform((v, c) => {
      const d = typeof v === 'number' ? new Date(v) : new Date(String(v).replace(' ', 'T'));
      if (Number.isNaN(d.getTime())) {
        c.addIssue({ code: 'custom', message: '采样时间不是有效时间' });
        return z.NEVER;
      }
      return d;
    }),
    indicatorCode: z.string().trim().min(1, '请选择检测指标').max(32),
    value: z.number({ message: '请输入检测值' }).finite('检测值必须是数字').min(0, '检测值不能为负'),
    /** the unit the value is given in, when not the indicator's (converted on save) */
    unit: z.string().trim().max(16).nullable().optional(),
    taskId: z
      .union([z.string(), z.number()])
      .transform((v) => String(v))
      .nullable()
      .optional(),
    remark: z.string().max(255).nullable().optional(),
  },
  unique: [{ fields: ['sampleCode', 'indicatorCode'], message: '该样品的此项指标已有结果' }],
  order: (cols) => [sql`${cols.get('sampledAt')} desc`, sql`${cols.get('sampleCode')}`, sql`${cols.get('id')}`],
  hooks: {
    async beforeSave(data, h) {
      if (data.sampledAt && data.sampledAt.getTime() > Date.now() + 3_600_000)
        throw badRequest('采样时间不能晚于当前时间');
      const merged = { ...h.existing, ...data } as Row;
      // re-judge on every save: the value, the point or the indicator may have changed
      const [judged] = await judgeRows(h.tx, h.req.tenantId, [merged]);
      Object.assign(data, judged);
    },
    async committed(op, rows, req, ctx) {
      if (op === 'save') await resultAlarms(ctx, req.tenantId, rows);
    },
  },
});
