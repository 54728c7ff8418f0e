/**
 * Hydraulic models and runs (issue 20, docs/hydraulics.md).
 * - `swp_hydraulic_model`: one row per tenant and network version: the EPANET input text the GIS export wrote, and
 *   its SHA-1 (a network edit moves the version and so makes a new model; the same text is never stored twice).
 * - `swp_hydraulic_run`: one simulation of a model under a scenario. `result` is the packed time series (result.ts):
 *   Float32 pressure, head per node and flow, velocity per link per reporting step; `summary` the scenario's findings.
 * - `swp_hydraulic_material`: the utility's pipe roughness by material (管材糙率): the Hazen-Williams C of a new pipe
 *   whose material names one of the keywords, how much it loses a year, and the least it falls to; pipes drawn
 *   without EPANET data take theirs from this table when the model is built (a change makes a new model).
 */
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { businessTable, bytea, idAndTenant, idType, remark, sort } from '../../core/columns.ts';

export const hydraulicModel = pgTable(
  'swp_hydraulic_model',
  {
    ...idAndTenant(),
    networkVersion: integer('network_version').notNull(),
    hash: varchar('hash', { length: 40 }).notNull(),
    inp: text('inp').notNull(),
    nodes: integer('nodes').notNull(),
    links: integer('links').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).defaultNow(),
  },
  (t) => [index('idx_hydraulic_model_tenant').on(t.tenantId, t.networkVersion)],
);

export const hydraulicRun = pgTable(
  'swp_hydraulic_run',
  {
    ...idAndTenant(),
    modelId: idType('model_id').notNull(),
    networkVersion: integer('network_version').notNull(),
    /** queued | running | done | failed */
    state: varchar('state', { length: 12 }).notNull(),
    progress: integer('progress').default(0).notNull(),
    duration: integer('duration').notNull(),
    step: integer('step').notNull(),
    scenario: jsonb('scenario'),
    summary: jsonb('summary'),
    error: text('error'),
    result: bytea('result'),
    createUser: idType('create_user'),
    createTime: timestamp('create_time', { withTimezone: true }).defaultNow(),
    finishTime: timestamp('finish_time', { withTimezone: true }),
  },
  (t) => [index('idx_hydraulic_run_tenant').on(t.tenantId, t.createTime)],
);

export const hydraulicMaterial = businessTable(
  'swp_hydraulic_material',
  {
    name: varchar('name', { length: 64 }).notNull(),
    /** words a pipe's material is matched against (case-insensitive, any of them); `*` matches every material */
    keywords: varchar('keywords', { length: 255 }).notNull(),
    /** Hazen-Williams C of a new pipe */
    hazenC: doublePrecision('hazen_c').notNull(),
    /** C lost per year of age */
    agingPerYear: doublePrecision('aging_per_year').default(0.4).notNull(),
    /** the least C an old pipe falls to */
    minC: doublePrecision('min_c').default(70).notNull(),
    /** first match wins, in this order */
    ...sort(1),
    ...remark(),
  },
  (t) => [uniqueIndex('uk_hydraulic_material').on(t.tenantId, t.name).where(sql`is_deleted = 0`)],
);
