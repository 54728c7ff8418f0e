/**
 * Patrol (巡检): what is inspected (types, type objects, job objects), plans with their audit trail, the tasks the
 * scheduler makes of approved plans (one per plan and period, unique), their objects and users, hazards found on
 * patrol, the work orders of the overview dashboard, and the access rule index that scores tasks and people.
 */
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, idAndTenant, idType, remark, sort, xy } from '../../core/columns.ts';

/** 巡检类型: 日常巡检, 专项巡检, 应急巡检 … */
export const patrolType = businessTable('swp_patrol_type', {
  typeCode: varchar('type_code', { length: 32 }).notNull(),
  typeName: varchar('type_name', { length: 64 }).notNull(),
  ...sort(1),
  ...remark(),
});

/** What a patrol type inspects (巡检类型对象): a facility type with its check items. */
export const patrolTypeObject = businessTable(
  'swp_patrol_type_object',
  {
    typeId: idType('type_id').notNull(),
    /** facility type code (FACILITY_TYPES) */
    facilityType: varchar('facility_type', { length: 32 }).notNull(),
    objectName: varchar('object_name', { length: 64 }).notNull(),
    /** check items, one per line */
    checkItems: text('check_items').default('').notNull(),
    ...sort(1),
    ...remark(),
  },
  (t) => [index('idx_patrol_type_object_type').on(t.typeId)],
);

/** 巡检作业对象: one concrete thing on the network to inspect (a pipe section, a valve, a hydrant …). */
export const patrolJobObject = businessTable(
  'swp_patrol_job_object',
  {
    objectCode: varchar('object_code', { length: 64 }).notNull(),
    objectName: varchar('object_name', { length: 100 }).notNull(),
    facilityType: varchar('facility_type', { length: 32 }).notNull(),
    /** GIS feature it stands for (layer and gid), when the network knows it */
    gisLayer: varchar('gis_layer', { length: 64 }),
    gisId: varchar('gis_id', { length: 64 }),
    address: varchar('address', { length: 255 }),
    /** EPSG:4548 x easting, y northing (m); longitude, latitude (CGCS2000) */
    ...xy(),
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    deptId: idType('dept_id'),
  },
  (t) => [uniqueIndex('uk_patrol_job_object_code').on(t.tenantId, t.objectCode).where(sql`is_deleted = 0`)],
);

/**
 * 巡检计划. auditStatus: 0 draft (草稿), 1 submitted (待审核), 2 approved (已通过), 3 sent back (已退回).
 * Only an approved plan makes tasks; editing an approved plan puts it back to draft.
 */
export const patrolPlan = businessTable(
  'swp_patrol_plan',
  {
    planCode: varchar('plan_code', { length: 32 }).notNull(),
    planName: varchar('plan_name', { length: 100 }).notNull(),
    typeId: idType('type_id').notNull(),
    /** area or route */
    scopeType: varchar('scope_type', { length: 8 }).notNull(),
    /** JSON [[x, y], …] in EPSG:4548: a closed ring (area) or a line (route) */
    geometry: text('geometry').default('[]').notNull(),
    /** daily, weekly, monthly */
    period: varchar('period', { length: 8 }).notNull(),
    /** YYYY-MM-DD, inclusive */
    startDate: varchar('start_date', { length: 10 }).notNull(),
    endDate: varchar('end_date', { length: 10 }).notNull(),
    /** the team (a department) doing it; its members when no person is named */
    deptId: idType('dept_id').notNull(),
    /** comma-joined user ids; empty = the whole team */
    userIds: text('user_ids').default('').notNull(),
    /** comma-joined job object ids */
    objectIds: text('object_ids').default('').notNull(),
    /** check items, one per line */
    checkItems: text('check_items').default('').notNull(),
    auditStatus: integer('audit_status').default(0).notNull(),
    submitUser: idType('submit_user'),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    auditUser: idType('audit_user'),
    auditTime: timestamp('audit_time', { withTimezone: true }),
    auditOpinion: varchar('audit_opinion', { length: 255 }),
    ...remark(),
  },
  (t) => [
    uniqueIndex('uk_patrol_plan_code').on(t.tenantId, t.planCode).where(sql`is_deleted = 0`),
    index('idx_patrol_plan_audit').on(t.tenantId, t.auditStatus),
  ],
);

/** Every submit, approval and sending back of a plan, with who and when. */
export const patrolPlanAudit = pgTable(
  'swp_patrol_plan_audit',
  {
    ...idAndTenant(),
    planId: idType('plan_id').notNull(),
    /** submit, approve, reject */
    action: varchar('action', { length: 16 }).notNull(),
    opinion: varchar('opinion', { length: 255 }),
    userId: idType('user_id').notNull(),
    userName: varchar('user_name', { length: 45 }),
    time: timestamp('time', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('idx_patrol_plan_audit_plan').on(t.planId)],
);

/**
 * 巡检任务: one per plan and period (unique: the scheduler of any instance writes it once).
 * status: 0 pending (待执行), 1 in progress (执行中), 2 finished (已完成), 3 overdue (已超期: not finished by periodEnd).
 */
export const patrolTask = businessTable(
  'swp_patrol_task',
  {
    planId: idType('plan_id').notNull(),
    taskName: varchar('task_name', { length: 120 }).notNull(),
    typeId: idType('type_id').notNull(),
    deptId: idType('dept_id').notNull(),
    period: varchar('period', { length: 8 }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    taskStatus: integer('task_status').default(0).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    finishTime: timestamp('finish_time', { withTimezone: true }),
    objectCount: integer('object_count').default(0).notNull(),
    checkedCount: integer('checked_count').default(0).notNull(),
    hazardCount: integer('hazard_count').default(0).notNull(),
  },
  (t) => [
    uniqueIndex('uk_patrol_task_period').on(t.planId, t.periodStart),
    index('idx_patrol_task_tenant_start').on(t.tenantId, t.periodStart),
    index('idx_patrol_task_status').on(t.tenantId, t.taskStatus),
  ],
);

/** The objects of a task, checked in one by one. result: 0 unchecked, 1 normal, 2 hazard. */
export const patrolTaskObject = pgTable(
  'swp_patrol_task_object',
  {
    ...idAndTenant(),
    taskId: idType('task_id').notNull(),
    jobObjectId: idType('job_object_id').notNull(),
    objectName: varchar('object_name', { length: 100 }).notNull(),
    facilityType: varchar('facility_type', { length: 32 }).notNull(),
    ...xy(),
    ...sort(1),
    result: integer('result').default(0).notNull(),
    checkTime: timestamp('check_time', { withTimezone: true }),
    checkUser: idType('check_user'),
    /** comma-joined attach ids or links of uploaded photos */
    photos: text('photos').default('').notNull(),
    ...remark(),
    /** the field app's idempotency key: a resent check-in with the same key returns the first one's outcome */
    clientId: varchar('client_id', { length: 64 }),
    /** where the person stood (WGS84) and how far from the object, in metres, when the app sent a position */
    checkLon: doublePrecision('check_lon'),
    checkLat: doublePrecision('check_lat'),
    checkDistance: doublePrecision('check_distance'),
    /** 1 = farther than the tenant's check-in radius: accepted but flagged for the office */
    checkFar: integer('check_far').default(0).notNull(),
  },
  (t) => [
    uniqueIndex('uk_patrol_task_object').on(t.taskId, t.jobObjectId),
    index('idx_patrol_task_object_check').on(t.tenantId, t.checkTime),
    uniqueIndex('uk_patrol_task_object_client').on(t.tenantId, t.clientId),
  ],
);

/** Who does a task. A reassignment ends the current row (active 0) and adds the new person with the reason. */
export const patrolTaskUser = pgTable(
  'swp_patrol_task_user',
  {
    ...idAndTenant(),
    taskId: idType('task_id').notNull(),
    userId: idType('user_id').notNull(),
    active: integer('active').default(1).notNull(),
    assignTime: timestamp('assign_time', { withTimezone: true }).defaultNow().notNull(),
    fromUserId: idType('from_user_id'),
    reason: varchar('reason', { length: 255 }),
    assignUser: idType('assign_user'),
  },
  (t) => [index('idx_patrol_task_user_task').on(t.taskId), index('idx_patrol_task_user_user').on(t.userId, t.active)],
);

/** 巡检隐患 (an event found on patrol). status: 0 reported, 1 handling, 2 closed. */
export const patrolHazard = pgTable(
  'swp_patrol_hazard',
  {
    ...idAndTenant(),
    taskId: idType('task_id'),
    taskObjectId: idType('task_object_id'),
    /** event type code (EVENT_TYPES) */
    eventType: varchar('event_type', { length: 32 }).notNull(),
    /** 1 general, 2 serious, 3 urgent */
    level: integer('level').default(1).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    photos: text('photos').default('').notNull(),
    ...xy(),
    reportUser: idType('report_user'),
    reportTime: timestamp('report_time', { withTimezone: true }).defaultNow().notNull(),
    deptId: idType('dept_id'),
    hazardStatus: integer('hazard_status').default(0).notNull(),
    /** the 巡检隐患处理 process instance, when the workflow engine started one */
    processInstanceId: varchar('process_instance_id', { length: 64 }),
    orderId: idType('order_id'),
  },
  (t) => [index('idx_patrol_hazard_time').on(t.tenantId, t.reportTime)],
);

/**
 * 工单 (work orders) the overview dashboard counts: from patrol hazards and from the other sources of a utility.
 * source: patrol (巡检上报), hotline (热线工单), alarm (报警转单), monitor (监测预警), other.
 * status: 0 open, 1 handling, 2 finished.
 */
export const patrolOrder = pgTable(
  'swp_patrol_order',
  {
    ...idAndTenant(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    eventType: varchar('event_type', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    deptId: idType('dept_id'),
    orderStatus: integer('order_status').default(0).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).defaultNow().notNull(),
    finishTime: timestamp('finish_time', { withTimezone: true }),
    handleUser: idType('handle_user'),
  },
  (t) => [
    index('idx_patrol_order_time').on(t.tenantId, t.createTime),
    uniqueIndex('uk_patrol_order_no').on(t.tenantId, t.orderNo),
  ],
);

/**
 * 考核规则指标 (access rule index): the rules that score coverage and punctuality. indexCode: coverage (覆盖率),
 * punctuality (准时率), hazard (隐患发现); weight in percent (the three add up to 100), standard the target value.
 */
export const accessRuleIndex = businessTable(
  'swp_ops_access_rule_index',
  {
    indexCode: varchar('index_code', { length: 32 }).notNull(),
    indexName: varchar('index_name', { length: 64 }).notNull(),
    weight: integer('weight').notNull(),
    /** coverage: target percent; punctuality: grace minutes after the period end; hazard: reports per 100 tasks */
    standard: doublePrecision('standard').notNull(),
    description: varchar('description', { length: 255 }),
    ...sort(1),
  },
  (t) => [uniqueIndex('uk_access_rule_index').on(t.tenantId, t.indexCode)],
);
