/**
 * Alarms (`/swp-alarm/alarm-info`): raised by running device rules (threshold, rate of change, offline) and by
 * burst detection per DMA (night flow, flow step with pressure drop). An open alarm is raised once per source and
 * kind: while it stays open a repeat only bumps its count and last time. Closing keeps who, when and why on the
 * alarm, and every raise, repeat and close is a row of the history table.
 */
import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { businessTable, idAndTenant, idType, lgtdLttd, xy } from '../../core/columns.ts';

export const alarmInfo = businessTable(
  'swp_alarm_info',
  {
    /** threshold (超限), rate (变化率), offline (离线), burst (爆管) */
    alarmType: varchar('alarm_type', { length: 16 }).notNull(),
    /** 1 一般, 2 重要, 3 紧急 */
    alarmLevel: integer('alarm_level').default(1).notNull(),
    /** rule (a device rule) or detector (burst detection) */
    source: varchar('source', { length: 16 }).notNull(),
    /** what raised it, for de-duplication of open alarms: rule id + kind + field, or DMA + method */
    sourceKey: varchar('source_key', { length: 128 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    content: text('content').default('').notNull(),
    deviceId: idType('device_id'),
    deviceCode: varchar('device_code', { length: 64 }),
    deviceName: varchar('device_name', { length: 100 }),
    /** valve, waterQuality, pump, video */
    deviceType: varchar('device_type', { length: 16 }),
    ruleId: idType('rule_id'),
    /** monitoring station (modules/monitor) whose data raised it */
    stationId: idType('station_id'),
    stcd: varchar('stcd', { length: 32 }),
    /** data field (pressure, flow, chlorine, …) */
    field: varchar('field', { length: 32 }),
    /** district metered area of a burst */
    dmaCode: varchar('dma_code', { length: 32 }),
    dmaName: varchar('dma_name', { length: 100 }),
    /** the value that raised it and the limit it crossed */
    alarmValue: doublePrecision('alarm_value'),
    limitValue: doublePrecision('limit_value'),
    unit: varchar('unit', { length: 16 }),
    /** first and latest occurrence, and how many times it occurred while open */
    alarmTime: timestamp('alarm_time', { withTimezone: true }).notNull(),
    lastTime: timestamp('last_time', { withTimezone: true }).notNull(),
    occurrences: integer('occurrences').default(1).notNull(),
    /** 0 open (未处理), 1 closed (已关闭) */
    alarmStatus: integer('alarm_status').default(0).notNull(),
    closeUser: idType('close_user'),
    closeUserName: varchar('close_user_name', { length: 64 }),
    closeTime: timestamp('close_time', { withTimezone: true }),
    closeReason: varchar('close_reason', { length: 500 }),
    /** EPSG:4548 x easting, y northing; longitude, latitude */
    ...xy(),
    ...lgtdLttd(),
    address: varchar('address', { length: 255 }),
    /** the evidence (burst: night minimum, baseline, flow step, pressure drop) */
    detail: jsonb('detail'),
  },
  (t) => [
    index('idx_alarm_info_tenant_time').on(t.tenantId, t.alarmTime),
    index('idx_alarm_info_open').on(t.tenantId, t.sourceKey).where(sql`alarm_status = 0 and is_deleted = 0`),
  ],
);

/** What happened to an alarm: raise, repeat, close (who, when, why). */
export const alarmHistory = pgTable(
  'swp_alarm_history',
  {
    ...idAndTenant(),
    alarmId: idType('alarm_id').notNull(),
    /** raise, repeat, close */
    action: varchar('action', { length: 16 }).notNull(),
    operatorId: idType('operator_id'),
    operatorName: varchar('operator_name', { length: 64 }),
    actionTime: timestamp('action_time', { withTimezone: true }).notNull(),
    remark: varchar('remark', { length: 500 }),
    value: doublePrecision('value'),
  },
  (t) => [index('idx_alarm_history_alarm').on(t.alarmId, t.actionTime)],
);
