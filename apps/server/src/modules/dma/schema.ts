/**
 * District metered areas (DMA分区, docs/dma.md): the zone tree with its boundary (PostGIS, EPSG:4548), boundary
 * valves, design figures and metered inlets/outlets; the declared unbilled authorised uses (flushing, fire use);
 * the per-tenant balance and night-flow parameters; the leak events the detector finds.
 *
 * The boundary is written as a ring of EPSG:4548 coordinates (`boundary`, jsonb, what the API reads and writes);
 * `geom` is the PostGIS polygon kept in step with it in the same transaction, for membership queries.
 */
import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { businessTable, codeName, geometry, idType, remark, sort } from '../../core/columns.ts';

/**
 * One metered flow across the DMA's boundary: a monitoring series (station code + field) and its direction; or
 * (`pressure`) a pressure series of the zone (its inlet's, normally), which the leak detector reads beside the flows
 * and the balance leaves out.
 */
export interface DmaMeter {
  stcd: string;
  /** series field, normally `flow` (m³/h); `pressure` (MPa) for a pressure meter */
  field: string;
  direction: 'in' | 'out' | 'pressure';
  /** accuracy class of the meter, ± % at 95 % confidence (electromagnetic bulk meters: 0.5–2) */
  accuracy: number;
}

export const dma = businessTable(
  'swp_dma',
  {
    /** '0' for a top-level zone */
    parentId: idType('parent_id').default('0').notNull(),
    ...codeName(32, 100),
    ...sort(1),
    /** ring [[x, y], ...] in EPSG:4548 (x easting, y northing), closed */
    boundary: jsonb('boundary').$type<[number, number][] | null>(),
    geom: geometry('geom', 'Polygon'),
    /** codes (GIS valve dno) of the boundary valves that must stay closed */
    boundaryValves: jsonb('boundary_valves').$type<string[]>().default([]).notNull(),
    meters: jsonb('meters').$type<DmaMeter[]>().default([]).notNull(),
    population: integer('population').default(0).notNull(),
    /** service connections (properties) */
    connections: integer('connections').default(0).notNull(),
    /** main length, km */
    mainLength: doublePrecision('main_length').default(0).notNull(),
    /** the night window, local hours [nightStart, nightEnd) */
    nightStart: integer('night_start').default(2).notNull(),
    nightEnd: integer('night_end').default(4).notNull(),
    /** legitimate night use: L per person per hour and L per connection per hour */
    nightPerCapita: doublePrecision('night_per_capita').default(1.7).notNull(),
    nightPerConnection: doublePrecision('night_per_connection').default(0.6).notNull(),
    ...remark(),
  },
  (t) => [
    uniqueIndex('uk_dma_code').on(t.tenantId, t.code).where(sql`is_deleted = 0`),
    index('idx_dma_parent').on(t.tenantId, t.parentId),
    index('idx_dma_geom').using('gist', t.geom),
  ],
);

/** Declared unbilled authorised consumption (IWA): mains flushing, fire fighting, the utility's own use. */
export const dmaUnbilled = businessTable(
  'swp_dma_unbilled',
  {
    dmaCode: varchar('dma_code', { length: 32 }).notNull(),
    /** flushing | fire | own | other */
    category: varchar('category', { length: 16 }).notNull(),
    useDate: date('use_date', { mode: 'string' }).notNull(),
    /** m³ */
    volume: doublePrecision('volume').notNull(),
    ...remark(),
  },
  (t) => [index('idx_dma_unbilled').on(t.tenantId, t.dmaCode, t.useDate)],
);

/** Per-tenant parameters of the balance (shares of SIV) and of the leak detector. */
export const dmaSetting = pgTable('swp_dma_setting', {
  tenantId: varchar('tenant_id', { length: 12 }).primaryKey(),
  /** apparent losses as shares of SIV: customer meter under-registration and unauthorised use (theft) */
  meterUnderReg: doublePrecision('meter_under_reg').default(0.02).notNull(),
  theft: doublePrecision('theft').default(0.01).notNull(),
  /** ± % (95 %) of billed metered consumption: customer meters' class and read spreading */
  billedAccuracy: doublePrecision('billed_accuracy').default(2).notNull(),
  /** ± % (95 %) of declared unbilled uses (estimates) */
  unbilledAccuracy: doublePrecision('unbilled_accuracy').default(20).notNull(),
  /** ± % (95 %) of the apparent-loss estimate itself */
  apparentAccuracy: doublePrecision('apparent_accuracy').default(50).notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).defaultNow(),
});

/** A leak found on a DMA's night flow: open → dispatched (a repair process runs) → closed. */
export const dmaLeakEvent = businessTable(
  'swp_dma_leak_event',
  {
    /** e.g. LK202611270001 */
    code: varchar('code', { length: 32 }).notNull(),
    dmaCode: varchar('dma_code', { length: 32 }).notNull(),
    dmaName: varchar('dma_name', { length: 100 }),
    /** burst (night step confirmed by the morning) | incipient (CUSUM of night-flow residuals) | reported (by hand) */
    kind: varchar('kind', { length: 16 }).notNull(),
    estimatedStart: timestamp('estimated_start', { withTimezone: true }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    /** estimated leak flow, m³/h */
    leakFlow: doublePrecision('leak_flow').notNull(),
    /** open | dispatched | closed */
    state: varchar('state', { length: 16 }).default('open').notNull(),
    alarmId: idType('alarm_id'),
    processInstanceId: idType('process_instance_id'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    detail: jsonb('detail'),
  },
  (t) => [
    uniqueIndex('uk_dma_leak_code').on(t.tenantId, t.code),
    uniqueIndex('uk_dma_leak_start').on(t.tenantId, t.dmaCode, t.estimatedStart).where(sql`is_deleted = 0`),
    index('idx_dma_leak_time').on(t.tenantId, t.detectedAt),
  ],
);
