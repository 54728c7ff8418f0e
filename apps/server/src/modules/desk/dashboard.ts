/**
 * `/blade-desk/dashboard/figures`: the platform's headline figures for the /wel/dashboard page. Each figure counts
 * rows of a table that some module owns (taken from that module's index.ts, so its tenant condition comes from the
 * query layer); a figure is offered only when its table and columns exist at query time, so the dashboard never
 * fails because a module's tables are absent. Other modules may add figures of their own with
 * `registerDashboardFigure`.
 */

import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { tenantSql } from '../../core/scoped.ts';
import { PLATFORM_TENANT } from '../../core/tenancy.ts';
import { authSession } from '../auth/index.ts';
import { logApi, logError } from '../log/index.ts';
import { messageLog, messageRecord } from '../message/index.ts';
import { attach } from '../resource/index.ts';
import { dept, role, tenant, user } from '../system/index.ts';
import { notice } from './schema.ts';

export interface FigureScope {
  tenantId: string;
  userId: string;
  /** start of today in the server's zone */
  dayStart: Date;
}

export interface DashboardFigure {
  key: string;
  /** Chinese label; the web client translates `i18n` when it has the key */
  label: string;
  i18n: string;
  unit: string;
  /** what the figure is about: organisation, activity, content, health */
  group: 'organisation' | 'activity' | 'content' | 'health';
  /** the table (and its columns) the figure needs; absent = the figure is left out */
  table: PgTable;
  columns: string[];
  /** only for the platform tenant's callers (figures across tenants) */
  platformOnly?: boolean;
  /** one row, one column `v` */
  query(s: FigureScope): SQL;
}

/** `select <value> as v … where` the table's tenant condition (from the query layer) and `where`. */
const valueIn = (table: PgTable, s: FigureScope, value: SQL, where: SQL) =>
  sql`select ${value}::bigint as v from ${table} where ${tenantSql(table, s.tenantId)} and ${where}`;
/** how many of the table's rows (in the caller's tenant) meet `where` */
const countIn = (table: PgTable, s: FigureScope, where: SQL) => valueIn(table, s, sql`count(*)`, where);
/** the total of `column` over the table's rows (in the caller's tenant) that meet `where`; none → 0 */
const sumIn = (table: PgTable, s: FigureScope, column: string, where: SQL) =>
  valueIn(table, s, sql`coalesce(sum(${sql.identifier(column)}), 0)`, where);

/** A built-in figure: its i18n key is always `dashboard.figure.<key>`. */
const figure = (f: Omit<DashboardFigure, 'i18n'>): DashboardFigure => ({ ...f, i18n: `dashboard.figure.${f.key}` });

/** A figure counting a tenant table's live rows (`is_deleted = 0`): users, depts, roles, notices, attachments. */
const liveRows = (key: string, label: string, unit: string, group: DashboardFigure['group'], table: PgTable) =>
  figure({
    key,
    label,
    unit,
    group,
    table,
    columns: ['tenant_id', 'is_deleted'],
    query: (s) => countIn(table, s, sql`is_deleted = 0`),
  });

const BUILT_IN: DashboardFigure[] = [
  liveRows('users', '用户数', '人', 'organisation', user),
  figure({
    key: 'tenants',
    label: '租户数',
    unit: '个',
    group: 'organisation',
    table: tenant,
    columns: ['is_deleted'],
    platformOnly: true,
    query: () => sql`select count(*)::bigint as v from ${tenant} where is_deleted = 0`,
  }),
  liveRows('depts', '机构数', '个', 'organisation', dept),
  liveRows('roles', '角色数', '个', 'organisation', role),
  figure({
    key: 'onlineSessions',
    label: '在线会话',
    unit: '个',
    group: 'activity',
    table: authSession,
    columns: ['tenant_id', 'revoked', 'expire_time'],
    query: (s) => countIn(authSession, s, sql`revoked = 0 and expire_time > now()`),
  }),
  figure({
    key: 'apiCallsToday',
    label: '今日接口调用',
    unit: '次',
    group: 'activity',
    table: logApi,
    columns: ['tenant_id', 'create_time'],
    query: (s) => countIn(logApi, s, sql`create_time >= ${s.dayStart}`),
  }),
  figure({
    key: 'errorsToday',
    label: '今日错误',
    unit: '条',
    group: 'health',
    table: logError,
    columns: ['tenant_id', 'create_time'],
    query: (s) => countIn(logError, s, sql`create_time >= ${s.dayStart}`),
  }),
  figure({
    key: 'unreadMessages',
    label: '我的未读消息',
    unit: '条',
    group: 'activity',
    table: messageRecord,
    columns: ['tenant_id', 'user_id', 'message_status', 'is_deleted'],
    query: (s) =>
      countIn(messageRecord, s, sql`user_id = ${s.userId} and message_status = 'UN_READABLE' and is_deleted = 0`),
  }),
  figure({
    key: 'messagesToday',
    label: '今日发送消息',
    unit: '次',
    group: 'activity',
    table: messageLog,
    columns: ['tenant_id', 'send_time', 'channel', 'is_deleted'],
    query: (s) => countIn(messageLog, s, sql`send_time >= ${s.dayStart} and is_deleted = 0`),
  }),
  figure({
    key: 'smsToday',
    label: '今日短信',
    unit: '条',
    group: 'activity',
    table: messageLog,
    columns: ['tenant_id', 'send_time', 'channel', 'receiver_count', 'is_deleted'],
    query: (s) =>
      sumIn(messageLog, s, 'receiver_count', sql`channel = 'sms' and send_time >= ${s.dayStart} and is_deleted = 0`),
  }),
  liveRows('notices', '通知公告', '篇', 'content', notice),
  liveRows('attachments', '附件', '个', 'content', attach),
  figure({
    key: 'attachmentBytes',
    label: '附件容量',
    unit: 'B',
    group: 'content',
    table: attach,
    columns: ['tenant_id', 'is_deleted', 'attach_size'],
    query: (s) => sumIn(attach, s, 'attach_size', sql`is_deleted = 0`),
  }),
];

const extra: DashboardFigure[] = [];

/** Adds a figure (a module's own table) to the dashboard; a later figure with the same key replaces the earlier. */
export function registerDashboardFigure(f: DashboardFigure) {
  const i = extra.findIndex((x) => x.key === f.key);
  if (i >= 0) extra[i] = f;
  else extra.push(f);
}

function allFigures(): DashboardFigure[] {
  const keys = new Set(extra.map((f) => f.key));
  return [...BUILT_IN.filter((f) => !keys.has(f.key)), ...extra];
}

/** The figures whose table and columns exist now, computed for the caller's tenant (and the caller). */
export async function dashboardFigures(ctx: AppContext, req: FastifyRequest) {
  const tenantId = req.tenantId;
  const user = req.user;
  const dayStart = new Date();
  dayStart.setHours(0, 0, 0, 0);
  const scope: FigureScope = { tenantId, userId: user?.userId ?? '0', dayStart };
  const candidates = allFigures().filter((f) => !f.platformOnly || tenantId === PLATFORM_TENANT);
  const tables = [...new Set(candidates.map((f) => getTableName(f.table)))];
  const columns = await knownColumns(ctx, tables);
  const available = candidates.filter((f) => f.columns.every((c) => columns.get(getTableName(f.table))?.has(c)));
  const values = await Promise.all(
    available.map(async (f) => {
      const r = await ctx.db.execute<{ v: string | number }>(f.query(scope));
      return Number(r.rows[0]?.v ?? 0);
    }),
  );
  return {
    tenantId,
    generatedAt: new Date(),
    figures: available.map((f, i) => ({
      key: f.key,
      label: f.label,
      i18n: f.i18n,
      unit: f.unit,
      group: f.group,
      value: values[i],
    })),
  };
}

/**
 * Which columns the figures' tables have. The schema only changes through migrations at start, so the answer is
 * kept for the life of the process (information_schema is slow on the embedded database).
 */
const columnCache = new Map<string, Set<string>>();
async function knownColumns(ctx: AppContext, tables: string[]): Promise<Map<string, Set<string>>> {
  const missing = tables.filter((t) => !columnCache.has(t));
  if (missing.length) {
    const present = await ctx.db.execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and table_name in (${sql.join(
            missing.map((x) => sql`${x}`),
            sql`, `,
          )})`,
    );
    for (const t of missing) columnCache.set(t, new Set());
    for (const r of present.rows) columnCache.get(r.table_name)?.add(r.column_name);
  }
  return columnCache;
}

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/blade-desk/dashboard/figures', byMenu('desk_dashboard', 'desk_home'), async (req) =>
    ok(await dashboardFigures(ctx, req)),
  );
}
