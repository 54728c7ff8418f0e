/**
 * 供水调度 (docs/dispatch.md): dispatch orders (调度指令) with their time-stamped log, and the saved layout of the
 * process diagram per tenant.
 */
import { doublePrecision, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, idAndTenant, idType } from '../../core/columns.ts';

export const dispatchOrder = businessTable(
  'swp_dispatch_order',
  {
    /** DD + yyyyMMddHHmmss + 3 digits */
    code: varchar('code', { length: 32 }).notNull(),
    stationId: idType('station_id').notNull(),
    stcd: varchar('stcd', { length: 32 }).notNull(),
    stnm: varchar('stnm', { length: 100 }).notNull(),
    /** pump_start, pump_stop, set_pressure, valve_open, valve_close (orders.ts ACTIONS) */
    action: varchar('action', { length: 32 }).notNull(),
    /** pump number for pump actions */
    pumpNo: integer('pump_no'),
    /** target value (MPa for set_pressure, opening % for valves) */
    target: doublePrecision('target'),
    unit: varchar('unit', { length: 16 }),
    content: varchar('content', { length: 500 }),
    /** issued → acknowledged → done; cancelled when the process is ended otherwise */
    state: varchar('state', { length: 16 }).notNull(),
    processInstanceId: idType('process_instance_id'),
    issuedBy: idType('issued_by').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    ackMinutes: integer('ack_minutes').notNull(),
    ackBy: idType('ack_by'),
    ackAt: timestamp('ack_at', { withTimezone: true }),
    doneBy: idType('done_by'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    result: varchar('result', { length: 500 }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    alarmId: idType('alarm_id'),
  },
  (t) => [
    uniqueIndex('uk_dispatch_order_code').on(t.tenantId, t.code),
    index('idx_dispatch_order_state').on(t.tenantId, t.state, t.issuedAt),
  ],
);

export const dispatchOrderLog = pgTable(
  'swp_dispatch_order_log',
  {
    ...idAndTenant(),
    orderId: idType('order_id').notNull(),
    /** issue, acknowledge, complete, escalate, cancel */
    step: varchar('step', { length: 16 }).notNull(),
    userId: idType('user_id'),
    userName: varchar('user_name', { length: 100 }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    note: varchar('note', { length: 500 }),
  },
  (t) => [index('idx_dispatch_order_log').on(t.orderId, t.at)],
);

/** Node positions of the process diagram an administrator arranged: { [stationId]: { x, y } }. */
export const dispatchLayout = pgTable('swp_dispatch_layout', {
  tenantId: varchar('tenant_id', { length: 12 }).primaryKey(),
  positions: jsonb('positions').$type<Record<string, { x: number; y: number }>>().notNull(),
  updateUser: idType('update_user'),
  updateTime: timestamp('update_time', { withTimezone: true }).defaultNow(),
});

/**
 * Per-station dispatch settings: who operates the station (a dispatch order's acknowledge task goes to them; no one
 * set = every operator) and, for a network pressure point, its own service band (pressure compliance uses it; unset =
 * PRESSURE_BAND).
 */
export const dispatchStation = businessTable(
  'swp_dispatch_station',
  {
    stationId: idType('station_id').notNull(),
    operatorIds: jsonb('operator_ids').$type<string[]>().notNull().default([]),
    pressureMin: doublePrecision('pressure_min'),
    pressureMax: doublePrecision('pressure_max'),
  },
  (t) => [uniqueIndex('uk_dispatch_station').on(t.tenantId, t.stationId)],
);
