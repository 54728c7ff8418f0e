/**
 * `/blade-desk/dashboard/figures`: the platform's headline figures for the /wel/dashboard page. Each figure counts
 * rows of a table that some module owns; a figure is offered only when its table and columns exist at query time,
 * so the dashboard grows as modules are added and never fails because one is absent. Other modules may add
 * figures of their own with `registerDashboardFigure`.
 */

import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { PLATFORM_TENANT } from '../../core/tenancy.ts';

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
  table: string;
  columns: string[];
  /** only for the platform tenant's callers (figures across tenants) */
  platformOnly?: boolean;
  /** one row, one column `v` */
  query(s: FigureScope): SQL;
}

const t = (name: string) => sql.raw(`"${name.replace(/"/g, '')}"`);
const countWhere = (table: string, where: SQL) => sql`select count(*)::bigint as v from ${t(table)} where ${where}`;

const BUILT_IN: DashboardFigure[] = [
  {
    key: 'users',
    label: '用户数',
    i18n: 'dashboard.figure.users',
    unit: '人',
    group: 'organisation',
    table: 'blade_user',
    columns: ['tenant_id', 'is_deleted'],
    query: (s) => countWhere('blade_user', sql`tenant_id = ${s.tenantId} and is_deleted = 0`),
  },
  {
    key: 'tenants',
    label: '租户数',
    i18n: 'dashboard.figure.tenants',
    unit: '个',
    group: 'organisation',
    table: 'blade_tenant',
    columns: ['is_deleted'],
    platformOnly: true,
    query: () => countWhere('blade_tenant', sql`is_deleted = 0`),
  },
  {
    key: 'depts',
    label: '机构数',
    i18n: 'dashboard.figure.depts',
    unit: '个',
    group: 'organisation',
    table: 'blade_dept',
    columns: ['tenant_id', 'is_deleted'],
    query: (s) => countWhere('blade_dept', sql`tenant_id = ${s.tenantId} and is_deleted = 0`),
  },
  {
    key: 'roles',
    label: '角色数',
    i18n: 'dashboard.figure.roles',
    unit: '个',
    group: 'organisation',
    table: 'blade_role',
    columns: ['tenant_id', 'is_deleted'],
    query: (s) => countWhere('blade_role', sql`tenant_id = ${s.tenantId} and is_deleted = 0`),
  },
  {
    key: 'onlineSessions',
    label: '在线会话',
    i18n: 'dashboard.figure.onlineSessions',
    unit: '个',
    group: 'activity',
    table: 'blade_auth_session',
    columns: ['tenant_id', 'revoked', 'expire_time'],
    query: (s) =>
      countWhere('blade_auth_session', sql`tenant_id = ${s.tenantId} and revoked = 0 and expire_time > now()`),
  },
  {
    key: 'apiCallsToday',
    label: '今日接口调用',
    i18n: 'dashboard.figure.apiCallsToday',
    unit: '次',
    group: 'activity',
    table: 'blade_log_api',
    columns: ['tenant_id', 'create_time'],
    query: (s) => countWhere('blade_log_api', sql`tenant_id = ${s.tenantId} and create_time >= ${s.dayStart}`),
  },
  {
    key: 'errorsToday',
    label: '今日错误',
    i18n: 'dashboard.figure.errorsToday',
    unit: '条',
    group: 'health',
    table: 'blade_log_error',
    columns: ['tenant_id', 'create_time'],
    query: (s) => countWhere('blade_log_error', sql`tenant_id = ${s.tenantId} and create_time >= ${s.dayStart}`),
  },
  {
    key: 'unreadMessages',
    label: '我的未读消息',
    i18n: 'dashboard.figure.unreadMessages',
    unit: '条',
    group: 'activity',
    table: 'blade_message_record',
    columns: ['tenant_id', 'user_id', 'message_status', 'is_deleted'],
    query: (s) =>
      countWhere(
        'blade_message_record',
        sql`tenant_id = ${s.tenantId} and user_id = ${s.userId} and message_status = 'UN_READABLE' and is_deleted = 0`,
      ),
  },
  {
    key: 'messagesToday',
    label: '今日发送消息',
    i18n: 'dashboard.figure.messagesToday',
    unit: '次',
    group: 'activity',
    table: 'blade_message_log',
    columns: ['tenant_id', 'send_time', 'channel', 'is_deleted'],
    query: (s) =>
      countWhere('blade_message_log', sql`tenant_id = ${s.tenantId} and send_time >= ${s.dayStart} and is_deleted = 0`),
  },
  {
    key: 'smsToday',
    label: '今日短信',
    i18n: 'dashboard.figure.smsToday',
    unit: '条',
    group: 'activity',
    table: 'blade_message_log',
    columns: ['tenant_id', 'send_time', 'channel', 'receiver_count', 'is_deleted'],
    query: (s) =>
      sql`select coalesce(sum(receiver_count), 0)::bigint as v from "blade_message_log"
          where tenant_id = ${s.tenantId} and channel = 'sms' and send_time >= ${s.dayStart} and is_deleted = 0`,
  },
  {
    key: 'notices',
    label: '通知公告',
    i18n: 'dashboard.figure.notices',
    unit: '篇',
    group: 'content',
    table: 'blade_notice',
    columns: ['tenant_id', 'is_deleted'],
    query: (s) => countWhere('blade_notice', sql`tenant_id = ${s.tenantId} and is_deleted = 0`),
  },
  {
    key: 'attachments',
    label: '附件',
    i18n: 'dashboard.figure.attachments',
    unit: '个',
    group: 'content',
    table: 'blade_attach',
    columns: ['tenant_id', 'is_deleted'],
    query: (s) => countWhere('blade_attach', sql`tenant_id = ${s.tenantId} and is_deleted = 0`),
  },
  {
    key: 'attachmentBytes',
    label: '附件容量',
    i18n: 'dashboard.figure.attachmentBytes',
    unit: 'B',
    group: 'content',
    table: 'blade_attach',
    columns: ['tenant_id', 'is_deleted', 'attach_size'],
    query: (s) =>
      sql`select coalesce(sum(attach_size), 0)::bigint as v from "blade_attach" where tenant_id = ${s.tenantId} and is_deleted = 0`,
  },
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
  const tables = [...new Set(candidates.map((f) => f.table))];
  const columns = await knownColumns(ctx, tables);
  const available = candidates.filter((f) => f.columns.every((c) => columns.get(f.table)?.has(c)));
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
