/**
 * 水质管理 (issue 21, docs/quality.md): the indicators and their limits after GB 5749-2022 (editable per utility),
 * the sampling and monitoring points (plant outlet or network, optionally an online station), sampling plans, the
 * tasks generated from them for staff, and the laboratory results judged against the limits.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { businessTable, codeName, idType, remark, sort } from '../../core/columns.ts';
import type { LimitKind } from './limits.ts';

/**
 * One indicator's limit for one kind of point. `pointKind` `all` applies everywhere; `plant` (出厂水) and `network`
 * (管网水/末梢水) rows override it for their kind (free chlorine has one of each). `kind`: `max` value ≤ max; `min`
 * value ≥ min; `range` min ≤ value ≤ max; `absent` (不得检出 / 无): any value > 0 is a finding.
 */
export const qualityIndicator = businessTable(
  'swp_quality_indicator',
  {
    ...codeName(32, 64),
    nameEn: varchar('name_en', { length: 64 }),
    /** sensory | microbial | chemical | disinfectant | online-only */
    category: varchar('category', { length: 16 }).notNull(),
    unit: varchar('unit', { length: 16 }).default('').notNull(),
    kind: varchar('kind', { length: 8 }).$type<LimitKind>().notNull(),
    pointKind: varchar('point_kind', { length: 8 }).default('all').notNull(),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    /** monitor field an online analyser reports the indicator as (turbidity, chlorine, ph); null = laboratory only */
    monitorField: varchar('monitor_field', { length: 32 }),
    /** online exceedance must last this long before it is an alarm (a single spike is not) */
    alarmMinutes: integer('alarm_minutes').default(15).notNull(),
    /** part of the routine (常规) list of GB 5749-2022 */
    routine: boolean('routine').default(true).notNull(),
    ...sort(1),
    ...remark(),
  },
  (t) => [uniqueIndex('uk_quality_indicator').on(t.tenantId, t.code, t.pointKind).where(sql`is_deleted = 0`)],
);

/** A place water is sampled or measured: at a plant's outlet or in the network; `stcd` links its online station. */
export const qualityPoint = businessTable(
  'swp_quality_point',
  {
    ...codeName(32, 100),
    /** plant | network */
    pointKind: varchar('point_kind', { length: 8 }).notNull(),
    stcd: varchar('stcd', { length: 32 }),
    address: varchar('address', { length: 255 }),
    ...sort(1),
    ...remark(),
  },
  (t) => [uniqueIndex('uk_quality_point').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

/** Which points are sampled for which indicators, how often, by whom. */
export const qualityPlan = businessTable(
  'swp_quality_plan',
  {
    ...codeName(32, 100),
    pointCodes: jsonb('point_codes').$type<string[]>().default([]).notNull(),
    indicatorCodes: jsonb('indicator_codes').$type<string[]>().default([]).notNull(),
    /** DAILY | WEEKLY (Mondays) | MONTHLY (the 1st) */
    frequency: varchar('frequency', { length: 8 }).notNull(),
    /** user who samples (the field app lists the tasks by this) */
    assignee: idType('assignee'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    enabled: boolean('enabled').default(true).notNull(),
    ...remark(),
  },
  (t) => [uniqueIndex('uk_quality_plan').on(t.tenantId, t.code).where(sql`is_deleted = 0`)],
);

/** One sampling visit due on a day: generated from a plan, one per point; done when its results are in. */
export const qualityTask = businessTable(
  'swp_quality_task',
  {
    planId: idType('plan_id').notNull(),
    planName: varchar('plan_name', { length: 100 }),
    pointCode: varchar('point_code', { length: 32 }).notNull(),
    pointName: varchar('point_name', { length: 100 }),
    indicatorCodes: jsonb('indicator_codes').$type<string[]>().default([]).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    assignee: idType('assignee'),
    /** pending | done */
    state: varchar('state', { length: 8 }).default('pending').notNull(),
    sampleCode: varchar('sample_code', { length: 32 }),
    doneTime: timestamp('done_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uk_quality_task').on(t.tenantId, t.planId, t.pointCode, t.dueDate),
    index('idx_quality_task_assignee').on(t.tenantId, t.assignee, t.state),
  ],
);

/** One indicator's laboratory result of one sample, judged against the limit in force when it was entered. */
export const qualityResult = businessTable(
  'swp_quality_result',
  {
    sampleCode: varchar('sample_code', { length: 32 }).notNull(),
    pointCode: varchar('point_code', { length: 32 }).notNull(),
    pointName: varchar('point_name', { length: 100 }),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    indicatorCode: varchar('indicator_code', { length: 32 }).notNull(),
    indicatorName: varchar('indicator_name', { length: 64 }),
    unit: varchar('unit', { length: 16 }),
    /** for `absent` indicators: 0 = not detected / none, > 0 = detected (count or intensity) */
    value: doublePrecision('value').notNull(),
    /** the limit as written (e.g. ≤1, 0.3–2, 不得检出) */
    limitText: varchar('limit_text', { length: 32 }),
    compliant: boolean('compliant').notNull(),
    taskId: idType('task_id'),
    alarmId: idType('alarm_id'),
    ...remark(),
  },
  (t) => [
    uniqueIndex('uk_quality_result').on(t.tenantId, t.sampleCode, t.indicatorCode).where(sql`is_deleted = 0`),
    index('idx_quality_result_time').on(t.tenantId, t.sampledAt),
  ],
);
