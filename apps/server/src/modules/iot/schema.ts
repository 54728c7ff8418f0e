/**
 * Device telemetry (issue 18): each device's secret (argon2id hash; the secret itself is shown once) and its
 * contact record — last contact, how it came (mqtt or http), readings accepted, duplicates, and refusals counted by
 * reason. Keyed by tenant and device code; refusals for codes that are no device (or of no tenant) are counted in one
 * row, tenant `*` and code `*`, so made-up names cannot grow the table.
 */
import { bigint, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idType } from '../../core/columns.ts';

export const iotCredential = pgTable('swp_iot_credential', {
  /** the device (swp_device_base.id) */
  deviceId: idType('device_id').primaryKey(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  deviceCode: varchar('device_code', { length: 64 }).notNull(),
  /** argon2id of the secret */
  secretHash: varchar('secret_hash', { length: 255 }).notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).defaultNow().notNull(),
  issuedBy: idType('issued_by'),
});

export const iotDeviceStat = pgTable(
  'swp_iot_device_stat',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** the device code, or `*` (with tenant `*`) for codes that are no device */
    deviceCode: varchar('device_code', { length: 64 }).notNull(),
    lastContact: timestamp('last_contact', { withTimezone: true }),
    /** mqtt or http */
    lastSource: varchar('last_source', { length: 8 }),
    /** messages stored, and points in them (new or duplicate) */
    messages: bigint('messages', { mode: 'number' }).default(0).notNull(),
    points: bigint('points', { mode: 'number' }).default(0).notNull(),
    /** refused messages by reason (wire.ts REFUSALS): { auth: 3, field: 1 } */
    refusals: jsonb('refusals').$type<Record<string, number>>().default({}).notNull(),
    lastRefusal: varchar('last_refusal', { length: 255 }),
    lastRefusalAt: timestamp('last_refusal_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.deviceCode] })],
);
