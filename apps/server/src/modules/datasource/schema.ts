/**
 * Data services: data sources (connection settings, the password encrypted at rest with AES-256-GCM under a key
 * generated once into `ds_secret`), data interfaces (parameterised read-only SQL or static data) and their call
 * log, backups of the console's own database, and report definitions (`blade-report`).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, businessTable, idAndTenant, idType, pk, remark } from '../../core/columns.ts';

/** Keys of the data services (name → value), written once by the first instance to start. */
export const dsSecret = pgTable('ds_secret', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
});

export const dsSource = businessTable(
  'ds_source',
  {
    fullName: varchar('full_name', { length: 100 }).notNull(),
    /** PostgreSQL | MySQL (MariaDB speaks MySQL) */
    dbType: varchar('db_type', { length: 20 }).notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull(),
    /** database name (JNPF serviceName) */
    dbName: varchar('db_name', { length: 128 }).notNull(),
    /** PostgreSQL schema (default public) */
    dbSchema: varchar('db_schema', { length: 128 }),
    userName: varchar('user_name', { length: 128 }).notNull(),
    /** AES-256-GCM: base64url(iv).base64url(tag).base64url(ciphertext); never returned */
    passwordEnc: text('password_enc'),
    sortCode: integer('sort_code').default(0).notNull(),
    description: varchar('description', { length: 500 }),
  },
  (t) => [uniqueIndex('uk_ds_source_name').on(t.tenantId, t.fullName).where(sql`is_deleted = 0`)],
);

export const dsInterface = businessTable(
  'ds_interface',
  {
    fullName: varchar('full_name', { length: 100 }).notNull(),
    enCode: varchar('en_code', { length: 64 }).notNull(),
    category: varchar('category', { length: 64 }),
    /** 1 SQL query, 2 static data */
    dataType: integer('data_type').default(1).notNull(),
    /** data source; '0' = the console's own database (platform administrators only) */
    dbLinkId: idType('db_link_id'),
    /** SQL with `@name` parameters (SELECT / WITH only, run read-only) */
    query: text('query'),
    /** static data (JSON) */
    staticData: jsonb('static_data'),
    /** parameters: [{ field, label, dataType: string|number|date, defaultValue, required }] */
    parameterJson: jsonb('parameter_json').$type<Record<string, unknown>[]>(),
    rowLimit: integer('row_limit').default(1000).notNull(),
    timeoutMs: integer('timeout_ms').default(5000).notNull(),
    /** 1 enabled, 0 disabled (Actions/State) */
    enabledMark: integer('enabled_mark').default(1).notNull(),
    sortCode: integer('sort_code').default(0).notNull(),
    description: varchar('description', { length: 500 }),
  },
  (t) => [uniqueIndex('uk_ds_interface_code').on(t.tenantId, t.enCode).where(sql`is_deleted = 0`)],
);

export const dsInterfaceLog = pgTable(
  'ds_interface_log',
  {
    ...idAndTenant(),
    interfaceId: idType('interface_id').notNull(),
    userId: idType('user_id'),
    userName: varchar('user_name', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    invokeTime: timestamp('invoke_time', { withTimezone: true }).defaultNow().notNull(),
    durationMs: integer('duration_ms').notNull(),
    success: boolean('success').notNull(),
    rowCount: integer('row_count'),
    message: varchar('message', { length: 500 }),
  },
  (t) => [index('idx_ds_interface_log').on(t.interfaceId, t.invokeTime)],
);

export const dsBackup = pgTable('ds_backup', {
  id: pk(),
  fileName: varchar('file_name', { length: 128 }).notNull(),
  fileSize: integer('file_size').default(0).notNull(),
  tableCount: integer('table_count').default(0).notNull(),
  rowCount: integer('row_count').default(0).notNull(),
  /** running | done | failed */
  state: varchar('state', { length: 16 }).default('running').notNull(),
  message: varchar('message', { length: 500 }),
  description: varchar('description', { length: 255 }),
  ...audit(),
});

export const rptReport = businessTable(
  'rpt_report',
  {
    name: varchar('name', { length: 100 }).notNull(),
    /** report definition (UReport XML or our JSON) */
    content: text('content'),
    /** data interface that feeds it */
    interfaceId: idType('interface_id'),
    ...remark(),
  },
  (t) => [uniqueIndex('uk_rpt_report_name').on(t.tenantId, t.name).where(sql`is_deleted = 0`)],
);
