/**
 * Monitoring: stations (SL 323 hydrological stations and the network's meters), their series (one per station and
 * data field), raw points, and hourly and daily rollups written at ingest.
 *
 * The raw table `swp_monitor_point` is declared here for drizzle (columns, primary key) and generated as a plain
 * table; the custom migration that follows re-creates it partitioned by month (`PARTITION BY RANGE (ts)`), which
 * drizzle-kit cannot express. Month partitions are created on demand at ingest (`store.ts`).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { businessTable, bytea, idType, lgtdLttd, remark, sort, xy } from '../../core/columns.ts';

export const monitorStation = businessTable(
  'swp_monitor_station',
  {
    /** station code (SL 323 STCD) */
    stcd: varchar('stcd', { length: 32 }).notNull(),
    /** station name (STNM) */
    stnm: varchar('stnm', { length: 100 }).notNull(),
    /** station type: SL 323 PP ZZ ZQ RR DD TT, or the network's SC BZ YL LL SZ (fields.ts) */
    sttp: varchar('sttp', { length: 8 }).notNull(),
    /** HYDRO or NETWORK */
    category: varchar('category', { length: 16 }).notNull(),
    /** code of the telemetry device that reports for the station */
    deviceCode: varchar('device_code', { length: 64 }),
    deviceType: varchar('device_type', { length: 32 }),
    /** river, reservoir or district the station watches */
    location: varchar('location', { length: 100 }),
    address: varchar('address', { length: 255 }),
    /** EPSG:4548 (CGCS2000 / 3-degree Gauss-Kruger CM 117°E): x easting, y northing, metres */
    ...xy(),
    /** longitude and latitude (CGCS2000 ≈ WGS84), degrees */
    ...lgtdLttd(),
    /** 警戒水位 (ALERT_WL), m */
    alertWl: doublePrecision('alert_wl'),
    /** 保证水位 (LOW_WL), m; above the warning level */
    lowWl: doublePrecision('low_wl'),
    /** simulator profile (JSON) for the demo utility; null for stations fed by real telemetry */
    sim: text('sim'),
    /**
     * the simulator feeds the station (when it has a profile); off when a real device takes it over (modules/iot),
     * so the two never write the same series
     */
    simulated: boolean('simulated').default(true).notNull(),
    ...sort(1),
    ...remark(),
  },
  (t) => [
    uniqueIndex('uk_monitor_station_stcd').on(t.tenantId, t.stcd).where(sql`is_deleted = 0`),
    index('idx_monitor_station_device').on(t.deviceCode),
  ],
);

/** One measured quantity of a station; its integer id keys the points. */
export const monitorSeries = pgTable(
  'swp_monitor_series',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    stationId: idType('station_id').notNull(),
    field: varchar('field', { length: 32 }).notNull(),
    /** raw reporting step, seconds */
    stepSeconds: integer('step_seconds').notNull(),
    /** plausibility limits overriding the field's defaults (outlier filter) */
    physMin: doublePrecision('phys_min'),
    physMax: doublePrecision('phys_max'),
    hampelFloor: doublePrecision('hampel_floor'),
    /** first and last stored point, kept at ingest */
    firstTs: timestamp('first_ts', { withTimezone: true }),
    lastTs: timestamp('last_ts', { withTimezone: true }),
    lastValue: doublePrecision('last_value'),
  },
  (t) => [uniqueIndex('uk_monitor_series').on(t.stationId, t.field)],
);

/** Raw points (partitioned by month on PostgreSQL, see the custom migration). */
export const monitorPoint = pgTable(
  'swp_monitor_point',
  {
    seriesId: integer('series_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.ts] })],
);

const rollup = () => ({
  seriesId: integer('series_id').notNull(),
  /** start of the hour or of the local day */
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
  avg: doublePrecision('avg').notNull(),
  sum: doublePrecision('sum').notNull(),
  count: integer('count').notNull(),
});

export const monitorHourly = pgTable('swp_monitor_hourly', rollup(), (t) => [
  primaryKey({ columns: [t.seriesId, t.ts] }),
]);
export const monitorDaily = pgTable('swp_monitor_daily', rollup(), (t) => [
  primaryKey({ columns: [t.seriesId, t.ts] }),
]);

/**
 * Rollup partials of the embedded database's live stream waiting for their merge (rollup-journal.ts): one row per
 * slice of the series per stream transaction, written with its raw points and deleted by the merge that applies it.
 */
export const monitorRollupPending = pgTable('swp_monitor_rollup_pending', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  slice: smallint('slice').notNull(),
  /** how many raw points the partials stand for */
  points: integer('points').notNull(),
  /** packed float64 (little-endian) rows: series id, a time inside the quarter hour, min, max, sum, count */
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});
