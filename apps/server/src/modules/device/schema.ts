/**
 * Devices (`/swp-admin/device-base`) of the four types of spec 2 §3 (valve, waterQuality, pump, video), each linked
 * to a network feature (GIS layer and feature id or code) and to the monitoring station whose telemetry it reports
 * (modules/monitor), and one rule per device: limits per data field, rate of change, offline timeout, and for
 * valves the report count (consecutive readings beyond a limit before an alarm). A running rule is evaluated by the
 * jobs leader; `lastEvalTs` is its watermark (readings up to it are judged).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, idType, lgtdLttd, remark, sort, xy } from '../../core/columns.ts';

export const deviceBase = businessTable(
  'swp_device_base',
  {
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    deviceName: varchar('device_name', { length: 100 }).notNull(),
    /** valve, waterQuality, pump, video */
    deviceType: varchar('device_type', { length: 16 }).notNull(),
    model: varchar('model', { length: 64 }),
    manufacturer: varchar('manufacturer', { length: 100 }),
    installDate: varchar('install_date', { length: 10 }),
    /** the monitoring station whose telemetry the device reports (modules/monitor) */
    stationId: idType('station_id'),
    /** the network feature: GIS layer code and feature id or code (modules/gis) */
    featureLayer: varchar('feature_layer', { length: 32 }),
    featureId: varchar('feature_id', { length: 64 }),
    /** district metered area */
    dmaCode: varchar('dma_code', { length: 32 }),
    /** EPSG:4548 x easting, y northing (m); longitude, latitude (degrees) */
    ...xy(),
    ...lgtdLttd(),
    address: varchar('address', { length: 255 }),
    /** video devices: the picture (snapshot) or stream address the card and the list show */
    videoUrl: varchar('video_url', { length: 500 }),
    /** valves: consecutive readings beyond a limit before an alarm (上报次数) */
    reportNum: integer('report_num').default(1).notNull(),
    ...sort(1),
    ...remark(),
  },
  (t) => [
    uniqueIndex('uk_device_base_code').on(t.tenantId, t.deviceCode).where(sql`is_deleted = 0`),
    index('idx_device_base_type').on(t.tenantId, t.deviceType),
  ],
);

export interface RuleItem {
  field: string;
  /** alarm above this value */
  upper?: number | null;
  /** alarm below this value */
  lower?: number | null;
  /** alarm when the value changes faster than this per hour (absolute) */
  ratePerHour?: number | null;
}

export const deviceRule = businessTable(
  'swp_device_rule',
  {
    deviceId: idType('device_id').notNull(),
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    deviceType: varchar('device_type', { length: 16 }).notNull(),
    ruleName: varchar('rule_name', { length: 100 }).notNull(),
    /** limits per data field */
    items: jsonb('items').$type<RuleItem[]>().default([]).notNull(),
    /** minutes without any reading before an offline alarm; null = not checked */
    offlineMinutes: integer('offline_minutes'),
    /** level of the alarms this rule raises: 1 一般, 2 重要, 3 紧急 */
    alarmLevel: integer('alarm_level').default(2).notNull(),
    /** 0 stopped, 1 running */
    runStatus: integer('run_status').default(0).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    startUser: idType('start_user'),
    stopTime: timestamp('stop_time', { withTimezone: true }),
    stopUser: idType('stop_user'),
    /** readings up to this time have been judged */
    lastEvalTs: timestamp('last_eval_ts', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uk_device_rule_device').on(t.deviceId).where(sql`is_deleted = 0`),
    index('idx_device_rule_running').on(t.runStatus),
  ],
);
