/**
 * Staff location (人员定位): the positions reported by staff (a time series keyed by person and time) and each
 * person's latest report (kept at ingest, so the live map and the counts read one row per person).
 */
import { doublePrecision, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idType } from '../../core/columns.ts';

export const staffPosition = pgTable(
  'swp_location_position',
  {
    userId: idType('user_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** longitude, latitude (CGCS2000 ≈ WGS84), degrees */
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    /** EPSG:4548 x easting, y northing, metres */
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    /** m/s */
    speed: doublePrecision('speed'),
    /** metres */
    accuracy: doublePrecision('accuracy'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ts] })],
);

export const staffLatest = pgTable(
  'swp_location_latest',
  {
    userId: idType('user_id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    speed: doublePrecision('speed'),
    /** reports stored for this person (all time) */
    reports: integer('reports').default(0).notNull(),
  },
  (t) => [index('idx_location_latest_tenant').on(t.tenantId, t.ts)],
);
