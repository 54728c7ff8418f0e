/**
 * Server logs in the BladeX shapes (blade_log_usual, blade_log_api, blade_log_error). Rows are written by the
 * server itself (and by the web client's error-log upload) and never edited.
 */
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idAndTenant } from '../../core/columns.ts';

/** Columns every log shares: where it ran, what was called, by whom. */
const common = () => ({
  ...idAndTenant(),
  /** the service that wrote the row: `swp-console` for the server, `web` for the browser client's uploads */
  serviceId: varchar('service_id', { length: 32 }),
  serverHost: varchar('server_host', { length: 255 }),
  serverIp: varchar('server_ip', { length: 255 }),
  env: varchar('env', { length: 255 }),
  type: varchar('type', { length: 16 }),
  title: varchar('title', { length: 255 }),
  method: varchar('method', { length: 10 }),
  requestUri: varchar('request_uri', { length: 1000 }),
  userAgent: varchar('user_agent', { length: 1000 }),
  remoteIp: varchar('remote_ip', { length: 255 }),
  methodClass: varchar('method_class', { length: 255 }),
  methodName: varchar('method_name', { length: 255 }),
  /** query and body of the call, secrets masked */
  params: text('params'),
  /** duration in ms */
  time: integer('time'),
  /** account of the caller */
  createBy: varchar('create_by', { length: 64 }),
  createTime: timestamp('create_time', { withTimezone: true }).defaultNow().notNull(),
});

/** Notable events other modules record (`writeUsualLog`). */
export const logUsual = pgTable(
  'blade_log_usual',
  {
    ...common(),
    logLevel: varchar('log_level', { length: 10 }).default('info').notNull(),
  },
  (t) => [index('idx_log_usual_tenant_time').on(t.tenantId, t.createTime)],
);

/** Writes (POST/PUT/DELETE) and slow calls. */
export const logApi = pgTable('blade_log_api', common(), (t) => [
  index('idx_log_api_tenant_time').on(t.tenantId, t.createTime),
]);

/** Unhandled server faults and the web client's uploaded error entries. */
export const logError = pgTable(
  'blade_log_error',
  {
    ...common(),
    stackTrace: text('stack_trace'),
    exceptionName: varchar('exception_name', { length: 255 }),
    message: text('message'),
    lineNumber: integer('line_number'),
    fileName: varchar('file_name', { length: 1000 }),
  },
  (t) => [index('idx_log_error_tenant_time').on(t.tenantId, t.createTime)],
);
