/**
 * The overview dashboard (`/swp-pipeops-patrol/overview/*`): every call takes `startTime`, `endTime` (default the
 * last 30 days) and `deptId` (the department and its sub-teams); the trend and line calls take `dimension` DAY,
 * MONTH or YEAR. Figures come from the task counters kept at check-in and from the work orders, so a year of
 * history is a few aggregate scans over indexed ranges.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { tenantText } from '../../core/scoped.ts';
import {
  EVENT_NAME,
  EVENT_TYPES,
  ORDER_SOURCE_NAME,
  ORDER_SOURCES,
  ORDER_STATUS_NAME,
  TASK_STATUS_NAME,
} from './catalog.ts';
import { blank, dateBound, deptTree, optionalId, pageReply, paging, tenantOf } from './common.ts';
import { byMenu } from './grants.ts';
import { taskJobUserRows } from './rules.ts';
import { patrolHazard, patrolOrder, patrolTask } from './schema.ts';

const DAY = 86_400_000;
const r1 = (n: number) => Math.round(n * 10) / 10;
const pct = (a: number, b: number) => (b > 0 ? r1((100 * a) / b) : 0);

const query = z.object({
  startTime: dateBound('开始时间'),
  endTime: dateBound('结束时间'),
  deptId: optionalId('部门编号格式不正确'),
  dimension: z.preprocess(
    blank,
    z.enum(['DAY', 'MONTH', 'YEAR'], { error: '统计维度应为 DAY、MONTH 或 YEAR' }).default('DAY'),
  ),
});
type Q = z.infer<typeof query>;

interface Scope {
  tenantId: string;
  start: Date;
  end: Date;
  depts?: string[];
  unit: 'day' | 'month' | 'year';
  tz: string;
}

async function scopeOf(ctx: AppContext, tenantId: string, q: Q): Promise<Scope> {
  const end = q.endTime ?? new Date();
  const start = q.startTime ?? new Date(end.getTime() - 30 * DAY);
  if (start > end) throw badRequest('开始时间不能晚于结束时间');
  if (end.getTime() - start.getTime() > 5 * 366 * DAY) throw badRequest('时间范围不能超过五年');
  const depts = q.deptId ? await deptTree(ctx, tenantId, q.deptId) : undefined;
  return {
    tenantId,
    start,
    end,
    depts,
    unit: q.dimension === 'DAY' ? 'day' : q.dimension === 'MONTH' ? 'month' : 'year',
    tz: ctx.config.tz,
  };
}

/** The tables the figures count, by the alias every statement here gives them. */
const ALIASED = { t: patrolTask, o: patrolOrder, h: patrolHazard } as const;

/** where clause + args over one of those tables: its tenant, a time column and dept_id */
function where(s: Scope, alias: keyof typeof ALIASED, timeCol: string, extra: unknown[] = []): [string, unknown[]] {
  const args: unknown[] = [s.tenantId, s.start, s.end, ...extra];
  let w = `${tenantText(ALIASED[alias], '$1', alias)} and ${alias}.${timeCol} >= $2 and ${alias}.${timeCol} < $3`;
  if (s.depts) {
    args.push(s.depts);
    w += ` and ${alias}.dept_id = any($${args.length}::bigint[])`;
  }
  return [w, args];
}

const fmt = (unit: Scope['unit']) => (unit === 'day' ? 'YYYY-MM-DD' : unit === 'month' ? 'YYYY-MM' : 'YYYY');

export async function overviewIndex(ctx: AppContext, s: Scope) {
  const pool = ctx.database.pool;
  const [tw, ta] = where(s, 't', 'period_start');
  const [ow, oa] = where(s, 'o', 'create_time');
  const [hw, ha] = where(s, 'h', 'report_time');
  const [tasks, orders, hazards, staff] = await Promise.all([
    pool.query(
      `select count(*)::int as total, count(*) filter (where task_status = 2)::int as finished,
              count(*) filter (where task_status = 3)::int as overdue, count(*) filter (where task_status = 1)::int as running,
              coalesce(sum(object_count), 0)::int as objects, coalesce(sum(checked_count), 0)::int as checked
         from swp_patrol_task t where ${tw} and t.is_deleted = 0`,
      ta,
    ),
    pool.query(
      `select count(*)::int as total, count(*) filter (where order_status = 2)::int as finished,
              coalesce(avg(extract(epoch from finish_time - create_time)) filter (where order_status = 2), 0) / 3600 as hours
         from swp_patrol_order o where ${ow}`,
      oa,
    ),
    pool.query(`select count(*)::int as total from swp_patrol_hazard h where ${hw}`, ha),
    // distinct people by hashing (count(distinct) sorts every task's person)
    pool.query(
      `select count(*)::int as n from (select tu.user_id from swp_patrol_task t join swp_patrol_task_user tu on tu.task_id = t.id and tu.active = 1
        where ${tw} and t.is_deleted = 0 group by tu.user_id) s`,
      ta,
    ),
  ]);
  const t = tasks.rows[0];
  const o = orders.rows[0];
  return {
    taskTotal: t.total,
    taskFinished: t.finished,
    taskOverdue: t.overdue,
    taskRunning: t.running,
    finishRate: pct(t.finished, t.total),
    objectTotal: t.objects,
    objectChecked: t.checked,
    coverageRate: pct(t.checked, t.objects),
    hazardTotal: hazards.rows[0].total,
    orderTotal: o.total,
    orderFinished: o.finished,
    orderOpen: o.total - o.finished,
    orderFinishRate: pct(o.finished, o.total),
    avgHandleHours: r1(Number(o.hours)),
    staffTotal: staff.rows[0].n,
  };
}

export function overviewRoutes(app: FastifyInstance, ctx: AppContext) {
  analysisRoutes(app, ctx);
  reportRoutes(app, ctx);
}

/** The overview's index and its order, patrol and event analyses. */
function analysisRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol/overview';
  const pool = ctx.database.pool;
  const grant = byMenu('patrol_overview');
  const scope = async (req: any) => scopeOf(ctx, tenantOf(req), parseInputFirst(query, req.query));

  app.get(`${B}/index`, grant, async (req) => ok(await overviewIndex(ctx, await scope(req))));

  app.get(`${B}/order-trend-analysis`, grant, async (req) => {
    const s = await scope(req);
    const [w, a] = where(s, 'o', 'create_time', [s.unit, s.tz, fmt(s.unit)]);
    const r = await pool.query(
      `select to_char(date_trunc($4, o.create_time, $5) at time zone $5, $6) as time, count(*)::int as total,
              count(*) filter (where o.order_status = 2)::int as finished
         from swp_patrol_order o where ${w} group by 1 order by 1`,
      a,
    );
    return ok({ dimension: s.unit.toUpperCase(), list: r.rows });
  });

  app.get(`${B}/order-source-analysis`, grant, async (req) => {
    const s = await scope(req);
    const [w, a] = where(s, 'o', 'create_time');
    const r = await pool.query(
      `select o.source, count(*)::int as value from swp_patrol_order o where ${w} group by 1`,
      a,
    );
    const by = new Map(r.rows.map((x) => [x.source, x.value]));
    return ok(ORDER_SOURCES.map((x) => ({ source: x.code, name: x.name, value: by.get(x.code) ?? 0 })));
  });

  app.get(`${B}/order-av-analysis`, grant, async (req) => {
    const s = await scope(req);
    const [w, a] = where(s, 'o', 'create_time');
    const r = await pool.query(
      `select o.event_type as "eventType", count(*)::int as count,
              avg(extract(epoch from o.finish_time - o.create_time)) / 3600 as hours
         from swp_patrol_order o where ${w} and o.order_status = 2 group by 1`,
      a,
    );
    const by = new Map(r.rows.map((x) => [x.eventType, x]));
    return ok(
      EVENT_TYPES.map((e) => ({
        eventType: e.code,
        name: e.name,
        count: by.get(e.code)?.count ?? 0,
        avgHours: r1(Number(by.get(e.code)?.hours ?? 0)),
      })),
    );
  });

  app.get(`${B}/patrol-analysis`, grant, async (req) => {
    const s = await scope(req);
    const [w, a] = where(s, 't', 'period_start');
    const r = await pool.query(
      `select t.dept_id::text as "deptId", d.dept_name as "deptName", count(*)::int as tasks,
              count(*) filter (where t.task_status = 2)::int as finished, count(*) filter (where t.task_status = 3)::int as overdue,
              sum(t.object_count)::int as objects, sum(t.checked_count)::int as checked, sum(t.hazard_count)::int as hazards
         from swp_patrol_task t left join blade_dept d on d.id = t.dept_id
        where ${w} and t.is_deleted = 0 group by 1, 2 order by 2`,
      a,
    );
    return ok(
      r.rows.map((x) => ({ ...x, finishRate: pct(x.finished, x.tasks), coverageRate: pct(x.checked, x.objects) })),
    );
  });

  app.get(`${B}/event-analysis`, grant, async (req) => {
    const s = await scope(req);
    const [w, a] = where(s, 'h', 'report_time');
    const r = await pool.query(
      `select h.event_type as "eventType", count(*)::int as value, count(*) filter (where h.level = 3)::int as urgent
         from swp_patrol_hazard h where ${w} group by 1`,
      a,
    );
    const by = new Map(r.rows.map((x) => [x.eventType, x]));
    return ok(
      EVENT_TYPES.map((e) => ({
        eventType: e.code,
        name: e.name,
        value: by.get(e.code)?.value ?? 0,
        urgent: by.get(e.code)?.urgent ?? 0,
      })),
    );
  });
}

/** The statistics report: its rows per period as a list, line, pie and page. */
function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol/overview';
  const pool = ctx.database.pool;
  const grant = byMenu('patrol_overview');
  const scope = async (req: any) => scopeOf(ctx, tenantOf(req), parseInputFirst(query, req.query));

  /** one report row per period (dimension): tasks, finished, overdue, coverage, hazards and orders */
  const reportRows = async (s: Scope) => {
    const [tw, ta] = where(s, 't', 'period_start', [s.unit, s.tz, fmt(s.unit)]);
    const [ow, oa] = where(s, 'o', 'create_time', [s.unit, s.tz, fmt(s.unit)]);
    const [tasks, orders] = await Promise.all([
      pool.query(
        `select to_char(date_trunc($4, t.period_start, $5) at time zone $5, $6) as time, count(*)::int as tasks,
                count(*) filter (where t.task_status = 2)::int as finished, count(*) filter (where t.task_status = 3)::int as overdue,
                sum(t.object_count)::int as objects, sum(t.checked_count)::int as checked, sum(t.hazard_count)::int as hazards
           from swp_patrol_task t where ${tw} and t.is_deleted = 0 group by 1`,
        ta,
      ),
      pool.query(
        `select to_char(date_trunc($4, o.create_time, $5) at time zone $5, $6) as time, count(*)::int as orders,
                count(*) filter (where o.order_status = 2)::int as "ordersFinished"
           from swp_patrol_order o where ${ow} group by 1`,
        oa,
      ),
    ]);
    const rows = new Map<string, any>();
    for (const t of tasks.rows) rows.set(t.time, { ...t, orders: 0, ordersFinished: 0 });
    for (const o of orders.rows)
      rows.set(o.time, {
        ...(rows.get(o.time) ?? {
          time: o.time,
          tasks: 0,
          finished: 0,
          overdue: 0,
          objects: 0,
          checked: 0,
          hazards: 0,
        }),
        ...o,
      });
    return [...rows.values()]
      .sort((a, b) => (a.time < b.time ? -1 : 1))
      .map((x) => ({ ...x, finishRate: pct(x.finished, x.tasks), coverageRate: pct(x.checked, x.objects) }));
  };

  app.get(`${B}/statistics-report-list`, grant, async (req) => ok(await reportRows(await scope(req))));

  app.get(`${B}/statistics-report-line`, grant, async (req) => {
    const rows = await reportRows(await scope(req));
    return ok({
      xAxis: rows.map((r) => r.time),
      series: [
        { name: '任务数', key: 'tasks', data: rows.map((r) => r.tasks) },
        { name: '完成数', key: 'finished', data: rows.map((r) => r.finished) },
        { name: '覆盖率', key: 'coverageRate', data: rows.map((r) => r.coverageRate) },
      ],
    });
  });

  app.get(`${B}/statistics-report-pie`, grant, async (req) => {
    const s = await scope(req);
    const [w, a] = where(s, 't', 'period_start');
    const r = await pool.query(
      `select t.task_status as status, count(*)::int as value from swp_patrol_task t where ${w} and t.is_deleted = 0 group by 1`,
      a,
    );
    const by = new Map(r.rows.map((x) => [x.status, x.value]));
    return ok([0, 1, 2, 3].map((k) => ({ status: k, name: TASK_STATUS_NAME[k], value: by.get(k) ?? 0 })));
  });

  app.get(`${B}/statistics-report-page`, grant, async (req) => {
    const q = parseInputFirst(query.extend(paging.shape), req.query);
    const s = await scopeOf(ctx, tenantOf(req), q);
    const all = await taskJobUserRows(ctx, tenantOf(req), {
      current: 1,
      size: 10,
      startTime: s.start,
      endTime: s.end,
      deptId: q.deptId,
      userId: undefined,
      realName: undefined,
    });
    const from = (q.current - 1) * q.size;
    return ok(pageReply(all.slice(from, from + q.size), all.length, q.current, q.size));
  });

  app.get(`${B}/report-pie`, grant, async (req) => {
    const s = await scope(req);
    const [w, a] = where(s, 'o', 'create_time');
    const r = await pool.query(
      `select o.order_status as status, count(*)::int as value from swp_patrol_order o where ${w} group by 1`,
      a,
    );
    const by = new Map(r.rows.map((x) => [x.status, x.value]));
    return ok([0, 1, 2].map((k) => ({ status: k, name: ORDER_STATUS_NAME[k], value: by.get(k) ?? 0 })));
  });

  void EVENT_NAME;
  void ORDER_SOURCE_NAME;
}
