/**
 * Access rule index (考核规则指标): `ops-access-rule-index/list` and `update` (weights adding up to 100), the scored
 * pages per task (`taskJobPage`) and per person (`taskJobUserPage`) over a time range and department, and their
 * xlsx exports (`taskJobExport`, `taskJobUserExport`).
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { attachment } from '../../core/attachment.ts';
import { badRequest, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { liveInTenant, tenantText } from '../../core/scoped.ts';
import { formatDateTime } from '../../core/time.ts';
import { TASK_STATUS_NAME } from './catalog.ts';
import { blank, dateBound, deptTree, idString, optionalId, pageReply, paging, tenantOf } from './common.ts';
import { byMenu } from './grants.ts';
import { accessRuleIndex, patrolTask } from './schema.ts';
import { DEFAULT_RULES, type Rules, scoreOf } from './scoring.ts';

const DAY = 86_400_000;

export async function rulesOf(ctx: AppContext, tenantId: string): Promise<Rules> {
  const rows = await ctx.db.select().from(accessRuleIndex).where(liveInTenant(accessRuleIndex, tenantId));
  const rules: Rules = structuredClone(DEFAULT_RULES);
  for (const r of rows)
    if (r.indexCode in rules) rules[r.indexCode as keyof Rules] = { weight: r.weight, standard: r.standard };
  return rules;
}

const rangeQuery = paging.extend({
  startTime: dateBound('开始时间'),
  endTime: dateBound('结束时间'),
  deptId: optionalId('部门编号格式不正确'),
  userId: optionalId('人员编号格式不正确'),
  realName: z.preprocess(blank, z.string().max(20).optional()),
});
type RangeQuery = z.infer<typeof rangeQuery>;

async function filters(ctx: AppContext, tenantId: string, q: RangeQuery) {
  const end = q.endTime ?? new Date();
  const start = q.startTime ?? new Date(end.getTime() - 30 * DAY);
  if (start > end) throw badRequest('开始时间不能晚于结束时间');
  // the same limit as the overview, whose report page reads these rows for the range chosen there
  if (end.getTime() - start.getTime() > 5 * 366 * DAY) throw badRequest('时间范围不能超过五年');
  const args: unknown[] = [tenantId, start, end];
  const where = [tenantText(patrolTask, '$1', 't'), 't.is_deleted = 0', 't.period_start >= $2', 't.period_start < $3'];
  if (q.deptId) {
    args.push(await deptTree(ctx, tenantId, q.deptId));
    where.push(`t.dept_id = any($${args.length}::bigint[])`);
  }
  return { args, where, start, end };
}

/** Per-task rows with their score, newest first. */
export async function taskJobRows(ctx: AppContext, tenantId: string, q: RangeQuery, limit: number, offset: number) {
  const rules = await rulesOf(ctx, tenantId);
  const { args, where } = await filters(ctx, tenantId, q);
  if (q.userId) {
    args.push(q.userId);
    where.push(
      `exists (select 1 from swp_patrol_task_user tu where tu.task_id = t.id and tu.active = 1 and tu.user_id = $${args.length}::bigint)`,
    );
  }
  const w = where.join(' and ');
  const pool = ctx.database.pool;
  const total = (await pool.query(`select count(*)::int as n from swp_patrol_task t where ${w}`, args)).rows[0]
    .n as number;
  const grace = rules.punctuality.standard;
  const rows = await pool.query(
    `select t.id::text, t.task_name as "taskName", d.dept_name as "deptName", t.period_start as "periodStart",
            t.period_end as "periodEnd", t.task_status as "taskStatus", t.start_time as "startTime", t.finish_time as "finishTime",
            t.object_count as "objectCount", t.checked_count as "checkedCount", t.hazard_count as "hazardCount",
            (select string_agg(u.real_name, ',') from swp_patrol_task_user tu join blade_user u on u.id = tu.user_id
              where tu.task_id = t.id and tu.active = 1) as "userNames",
            (t.finish_time is not null or t.period_end <= now()) as due,
            (t.finish_time is not null and t.finish_time <= t.period_end + make_interval(mins => ${Number(grace)}::int)) as punctual
       from swp_patrol_task t left join blade_dept d on d.id = t.dept_id
      where ${w} order by t.period_start desc, t.id desc limit ${limit} offset ${offset}`,
    args,
  );
  const records = rows.rows.map((r) => {
    const s = scoreOf(
      {
        objects: r.objectCount,
        checked: r.checkedCount,
        dueTasks: r.due ? 1 : 0,
        punctualTasks: r.punctual ? 1 : 0,
        tasks: 1,
        hazards: r.hazardCount,
      },
      rules,
    );
    const { due: _d, punctual, ...rest } = r;
    return { ...rest, punctual: punctual ? 1 : 0, taskStatusName: TASK_STATUS_NAME[r.taskStatus], ...s };
  });
  return { records, total };
}

/** Per-person rows over the range (every person with a task in it), best score first. */
export async function taskJobUserRows(ctx: AppContext, tenantId: string, q: RangeQuery) {
  const rules = await rulesOf(ctx, tenantId);
  const { args, where } = await filters(ctx, tenantId, q);
  let userCond = '';
  if (q.userId) {
    args.push(q.userId);
    userCond += ` and tu.user_id = $${args.length}::bigint`;
  }
  if (q.realName) {
    args.push(q.realName);
    userCond += ` and u.real_name like '%' || $${args.length} || '%'`;
  }
  const grace = Number(rules.punctuality.standard);
  // aggregated per person id first (a hash over a few hundred people, not a sort of every task row by the
  // person's name columns), then the people's names and departments for those rows only
  const rows = await ctx.database.pool.query(
    `select a.user_id::text as "userId", u.account, u.real_name as "realName",
            (select string_agg(dd.dept_name, ',') from blade_dept dd where dd.id = any(string_to_array(u.dept_id, ',')::bigint[])) as "deptName",
            a.tasks, a.finished, a.overdue, a.objects, a.checked, a.hazards, a.due, a.punctual
       from (select tu.user_id,
                    count(*)::int as tasks,
                    count(*) filter (where t.task_status = 2)::int as finished,
                    count(*) filter (where t.task_status = 3)::int as overdue,
                    coalesce(sum(t.object_count), 0)::int as objects,
                    coalesce(sum(t.checked_count), 0)::int as checked,
                    coalesce(sum(t.hazard_count), 0)::int as hazards,
                    count(*) filter (where t.finish_time is not null or t.period_end <= now())::int as due,
                    count(*) filter (where t.finish_time is not null and t.finish_time <= t.period_end + make_interval(mins => ${grace}::int))::int as punctual
               from swp_patrol_task t
               join swp_patrol_task_user tu on tu.task_id = t.id and tu.active = 1
               join blade_user u on u.id = tu.user_id
              where ${where.join(' and ')}${userCond}
              group by tu.user_id) a
       join blade_user u on u.id = a.user_id`,
    args,
  );
  return rows.rows
    .map((r) => ({
      ...r,
      ...scoreOf(
        {
          objects: r.objects,
          checked: r.checked,
          dueTasks: r.due,
          punctualTasks: r.punctual,
          tasks: r.tasks,
          hazards: r.hazards,
        },
        rules,
      ),
    }))
    .sort((a, b) => b.score - a.score || a.account.localeCompare(b.account));
}

async function sendXlsx(
  reply: FastifyReply,
  name: string,
  sheet: string,
  columns: { header: string; key: string; width: number }[],
  rows: any[],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    const out: Record<string, unknown> = {};
    for (const c of columns) out[c.key] = r[c.key] instanceof Date ? formatDateTime(r[c.key]) : r[c.key];
    ws.addRow(out);
  }
  const buf = await wb.xlsx.writeBuffer();
  return attachment(reply, name).send(Buffer.from(buf as ArrayBuffer));
}

const MAX_EXPORT = 50_000;

export function ruleRoutes(app: FastifyInstance, ctx: AppContext) {
  ruleIndexRoutes(app, ctx);
  ruleReportRoutes(app, ctx);
}

/** The access rule index: `list` and `update`. */
function ruleIndexRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol/ops-access-rule-index';

  app.get(`${B}/list`, byMenu('patrol_access_rule'), async (req) => {
    const rows = await ctx.db
      .select()
      .from(accessRuleIndex)
      .where(liveInTenant(accessRuleIndex, tenantOf(req)))
      .orderBy(accessRuleIndex.sort);
    return ok(rows);
  });

  app.post(`${B}/update`, byMenu('patrol_access_rule_edit'), async (req) => {
    const item = z.object({
      id: idString('缺少必要的请求参数: id'),
      weight: z.preprocess(
        (v) => (typeof v === 'string' ? Number(v) : v),
        z
          .number({ error: '权重必须是 0 到 100 的整数' })
          .int('权重必须是 0 到 100 的整数')
          .min(0, '权重必须是 0 到 100 的整数')
          .max(100, '权重必须是 0 到 100 的整数'),
      ),
      standard: z.preprocess(
        (v) => (typeof v === 'string' ? Number(v) : v),
        z.number({ error: '标准值必须是数字' }).min(0, '标准值不能小于 0').max(100_000, '标准值过大'),
      ),
      description: z.preprocess(blank, z.string().max(255, '说明不能超过 255 个字符').optional()),
    });
    const body = req.body;
    const list = parseInputFirst(
      z.array(item, { error: '请提交考核指标列表' }).min(1, '请提交考核指标列表'),
      Array.isArray(body) ? body : [body],
    );
    const tenantId = tenantOf(req);
    await ctx.db.transaction(async (tx) => {
      for (const it of list) {
        const r = await tx
          .update(accessRuleIndex)
          .set({
            weight: it.weight,
            standard: it.standard,
            ...(it.description !== undefined ? { description: it.description } : {}),
            updateUser: userOf(req).userId,
            updateTime: new Date(),
          })
          .where(liveInTenant(accessRuleIndex, tenantId, eq(accessRuleIndex.id, it.id)))
          .returning({ id: accessRuleIndex.id });
        if (!r.length) throw badRequest('考核指标不存在');
      }
      const all = await tx
        .select({ w: accessRuleIndex.weight })
        .from(accessRuleIndex)
        .where(liveInTenant(accessRuleIndex, tenantId));
      const sum = all.reduce((s, r) => s + r.w, 0);
      if (sum !== 100) throw badRequest(`各项指标权重之和应为 100，当前为 ${sum}`);
    });
    const rows = await ctx.db
      .select()
      .from(accessRuleIndex)
      .where(liveInTenant(accessRuleIndex, tenantId))
      .orderBy(accessRuleIndex.sort);
    return ok(rows);
  });
}

/** The scores by task and by person, as pages and as spreadsheets. */
function ruleReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol/ops-access-rule-index';

  app.get(`${B}/taskJobPage`, byMenu('patrol_access_rule'), async (req) => {
    const q = parseInputFirst(rangeQuery, req.query);
    const { records, total } = await taskJobRows(ctx, tenantOf(req), q, q.size, (q.current - 1) * q.size);
    return ok(pageReply(records, total, q.current, q.size));
  });

  app.get(`${B}/taskJobUserPage`, byMenu('patrol_access_rule'), async (req) => {
    const q = parseInputFirst(rangeQuery, req.query);
    const all = await taskJobUserRows(ctx, tenantOf(req), q);
    const from = (q.current - 1) * q.size;
    return ok(
      pageReply(
        all.slice(from, from + q.size).map((r, i) => ({ ...r, rank: from + i + 1 })),
        all.length,
        q.current,
        q.size,
      ),
    );
  });

  app.get(`${B}/taskJobExport`, byMenu('patrol_access_rule_export'), async (req, reply) => {
    const q = parseInputFirst(rangeQuery, req.query);
    const { records } = await taskJobRows(ctx, tenantOf(req), q, MAX_EXPORT, 0);
    return sendXlsx(
      reply,
      '任务考核.xlsx',
      '任务考核',
      [
        { header: '任务名称', key: 'taskName', width: 40 },
        { header: '班组', key: 'deptName', width: 16 },
        { header: '执行人', key: 'userNames', width: 16 },
        { header: '周期开始', key: 'periodStart', width: 20 },
        { header: '周期结束', key: 'periodEnd', width: 20 },
        { header: '完成时间', key: 'finishTime', width: 20 },
        { header: '状态', key: 'taskStatusName', width: 10 },
        { header: '对象数', key: 'objectCount', width: 8 },
        { header: '已签到', key: 'checkedCount', width: 8 },
        { header: '覆盖率(%)', key: 'coverageRate', width: 10 },
        { header: '准时', key: 'punctual', width: 6 },
        { header: '隐患数', key: 'hazardCount', width: 8 },
        { header: '得分', key: 'score', width: 8 },
      ],
      records,
    );
  });

  app.get(`${B}/taskJobUserExport`, byMenu('patrol_access_rule_export'), async (req, reply) => {
    const q = parseInputFirst(rangeQuery, req.query);
    const rows = (await taskJobUserRows(ctx, tenantOf(req), q)).map((r, i) => ({ ...r, rank: i + 1 }));
    return sendXlsx(
      reply,
      '人员考核.xlsx',
      '人员考核',
      [
        { header: '排名', key: 'rank', width: 6 },
        { header: '姓名', key: 'realName', width: 12 },
        { header: '账号', key: 'account', width: 12 },
        { header: '部门', key: 'deptName', width: 16 },
        { header: '任务数', key: 'tasks', width: 8 },
        { header: '已完成', key: 'finished', width: 8 },
        { header: '已超期', key: 'overdue', width: 8 },
        { header: '覆盖率(%)', key: 'coverageRate', width: 10 },
        { header: '准时率(%)', key: 'punctualityRate', width: 10 },
        { header: '隐患数', key: 'hazards', width: 8 },
        { header: '覆盖得分', key: 'coverageScore', width: 10 },
        { header: '准时得分', key: 'punctualityScore', width: 10 },
        { header: '隐患得分', key: 'hazardScore', width: 10 },
        { header: '总分', key: 'score', width: 8 },
      ],
      rows,
    );
  });
}
