/**
 * The lists (BX semantics, workflow.md §1) and the process detail, as plain SQL over the run-time rows:
 * start = deployed definitions (latest active version per key); claim = I am a candidate and nobody holds it;
 * todo = assigned to me or I am a candidate of an unheld task; send = instances I started; done = instances I
 * finished a task in; myDone = my finished tasks; copy = my CC rows; ops = every active task / instance.
 */
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import { likeContains, type Paging, pageOf, parsePaging } from '../../core/query.ts';
import { tenantColumnSql, tenantSql } from '../../core/scoped.ts';
import { parseDateTime } from '../../core/time.ts';
import { withPreparedStatements } from '../../db/prepared.ts';
import { datedRows } from '../../db/rows.ts';
import type { Ctx } from './engine.ts';
import { wfCopy, wfDefinition, wfInstance, wfTask } from './schema.ts';

export type ListKind = 'todo' | 'claim' | 'send' | 'done' | 'myDone' | 'copy' | 'opsTasks' | 'opsProcess' | 'opsDone';

/** Filters every list accepts (anything else is a 400, as contract.md asks). */
const FILTERS = new Set([
  'processDefinitionName',
  'processDefinitionKey',
  'category',
  'title',
  'taskName',
  'startUsername',
  'businessKey',
  'status',
  'startTime_datege',
  'startTime_datele',
  'createTime_dategt',
  'createTime_datelt',
  'createTime_datege',
  'createTime_datele',
  'keyword',
  'tenantId',
  'blade-auth',
]);
const PAGING = new Set(['current', 'size', 'ascs', 'descs', 't', '_t']);

function dateParam(v: unknown, name: string): Date {
  const d = parseDateTime(String(v).length === 10 ? `${v} 00:00:00` : String(v));
  if (!d) throw badRequest(`参数校验失败: ${name} 应为日期时间 YYYY-MM-DD HH:mm:ss`);
  return d;
}

function filtersOf(q: Record<string, unknown>, time: SQL): SQL[] {
  const out: SQL[] = [];
  for (const [k, raw] of Object.entries(q)) {
    if (PAGING.has(k)) continue;
    if (!FILTERS.has(k)) throw badRequest(`不支持的查询条件: ${k}`);
    if (raw === undefined || raw === null || raw === '') continue;
    const v = String(raw);
    const like = likeContains(v);
    switch (k) {
      case 'processDefinitionName':
        out.push(sql`i.process_name like ${like}`);
        break;
      case 'processDefinitionKey':
        out.push(sql`i.process_key = ${v}`);
        break;
      case 'category':
        out.push(sql`d.category_id::text = ${v}`);
        break;
      case 'title':
      case 'keyword':
        out.push(sql`(i.title like ${like} or i.process_name like ${like})`);
        break;
      case 'businessKey':
        out.push(sql`i.business_key = ${v}`);
        break;
      case 'startUsername':
        out.push(sql`su.real_name like ${like}`);
        break;
      case 'status':
        out.push(sql`i.state = ${v}`);
        break;
      case 'taskName':
        out.push(sql`t.name like ${like}`);
        break;
      case 'startTime_datege':
        out.push(sql`i.start_time >= ${dateParam(v, k)}`);
        break;
      case 'startTime_datele':
        out.push(sql`i.start_time <= ${dateParam(v, k)}`);
        break;
      case 'createTime_dategt':
      case 'createTime_datege':
        out.push(sql`${time} >= ${dateParam(v, k)}`);
        break;
      case 'createTime_datelt':
      case 'createTime_datele':
        out.push(sql`${time} <= ${dateParam(v, k)}`);
        break;
    }
  }
  return out;
}

const TASK_COLUMNS = sql`
  t.id::text as "taskId", t.name as "taskName", t.task_def_key as "taskDefinitionKey",
  t.execution_id::text as "executionId", t.assignee::text as assignee, au.real_name as "assigneeName",
  t.owner::text as owner, t.delegation, t.claim_time as "claimTime", t.due_date as "dueDate", t.suspended,
  t.create_time as "createTime", t.end_time as "endTime", t.delete_reason as "deleteReason", t.form_key as "formKey",
  i.id::text as "processInstanceId", i.definition_id::text as "processDefinitionId",
  i.process_key as "processDefinitionKey", i.process_name as "processDefinitionName", d.version as "processDefinitionVersion",
  i.title, i.business_key as "businessKey", i.starter_id::text as "startUserId", su.real_name as "startUsername",
  i.start_time as "startTime", i.state as "processStatus", (i.state not in ('running','suspended')) as "processIsFinished",
  d.category_id::text as category, c.name as "categoryName"`;

const INSTANCE_COLUMNS = sql`
  i.id::text as "processInstanceId", i.id::text as id, i.definition_id::text as "processDefinitionId",
  i.process_key as "processDefinitionKey", i.process_name as "processDefinitionName", d.version as "processDefinitionVersion",
  i.title, i.business_key as "businessKey", i.starter_id::text as "startUserId", su.real_name as "startUsername",
  i.start_time as "startTime", i.start_time as "createTime", i.end_time as "endTime", i.state as status,
  i.state as "processStatus", (i.state not in ('running','suspended')) as "processIsFinished", i.delete_reason as "deleteReason",
  d.category_id::text as category, c.name as "categoryName",
  (select string_agg(x.name, ',' order by x.id) from wf_task x where x.instance_id = i.id and x.end_time is null) as "taskName"`;

const JOINS = sql`join wf_definition d on d.id = i.definition_id
  left join wf_category c on c.id = d.category_id
  left join blade_user su on su.id = i.starter_id`;

async function pageQuery(ctx: Ctx, from: SQL, columns: SQL, order: SQL, p: Paging) {
  const [count, rows] = await Promise.all([
    ctx.db.execute(sql`select count(*)::int as n ${from}`),
    ctx.db.execute(sql`select ${columns} ${from} order by ${order} limit ${p.size} offset ${p.offset}`),
  ]);
  return pageOf(datedRows(rows), Number((count.rows[0] as { n: number }).n), p);
}

const and = (conds: SQL[]) => (conds.length ? sql.join(conds, sql` and `) : sql`true`);

export async function list(ctx: Ctx, user: AuthUser, kind: ListKind, q: Record<string, unknown>) {
  const p = parsePaging(q);
  const me = user.userId;
  const tenant = user.tenantId;
  switch (kind) {
    case 'todo':
    case 'claim':
    case 'opsTasks': {
      const f = filtersOf(q, sql`t.create_time`);
      const mine = sql`t.assignee = ${me}`;
      const offered = sql`t.assignee is null and exists (select 1 from wf_task_candidate k where k.task_id = t.id and k.user_id = ${me})`;
      // The to-do list is two disjoint parts, held by me and offered to me (a candidate of an unheld task). Each part
      // is paged on its own (`idx_wf_task_todo` in time order for the first) and only the page's rows are joined:
      // one OR over both cannot walk the index in order, so it joined and sorted every open task of the person.
      const parts = kind === 'todo' ? [mine, offered] : kind === 'claim' ? [offered] : [sql`true`];
      const joins = sql`join wf_instance i on i.id = t.instance_id ${JOINS}`;
      // Filters may name the instance, definition or starter; without any, the task rows alone decide (a task's
      // instance and definition always exist: neither is ever deleted, only marked).
      const open = (part: SQL) =>
        sql`from wf_task t ${f.length ? joins : sql``} where ${tenantSql(wfTask, tenant, 't')} and t.end_time is null and ${part} and ${and(f)}`;
      const order = sql`t.create_time desc, t.id desc`;
      const top = sql.join(
        parts.map((part) => sql`(select t.id ${open(part)} order by ${order} limit ${p.offset + p.size})`),
        sql` union all `,
      );
      const [count, rows] = await Promise.all([
        ctx.db.execute(
          sql`select ${sql.join(
            parts.map((part) => sql`(select count(*)::int ${open(part)})`),
            sql` + `,
          )} as n`,
        ),
        ctx.db.execute(sql`select ${TASK_COLUMNS} from wf_task t ${joins} left join blade_user au on au.id = t.assignee
          where t.id in (${top}) order by ${order} limit ${p.size} offset ${p.offset}`),
      ]);
      const page = pageOf(datedRows(rows), Number((count.rows[0] as { n: number }).n), p);
      page.records = page.records.map((r) => ({ ...r, status: kind === 'claim' || !r.assignee ? 'claim' : 'todo' }));
      return page;
    }
    case 'myDone':
    case 'opsDone': {
      const f = filtersOf(q, sql`t.end_time`);
      const who = kind === 'myDone' ? sql`t.finished_by = ${me}` : sql`t.finished_by is not null`;
      const from = sql`from wf_task t join wf_instance i on i.id = t.instance_id ${JOINS}
        left join blade_user au on au.id = t.finished_by
        where ${tenantSql(wfTask, tenant, 't')} and t.end_time is not null and ${who} and ${and(f)}`;
      const page = await pageQuery(ctx, from, TASK_COLUMNS, sql`t.end_time desc, t.id desc`, p);
      page.records = page.records.map((r) => ({ ...r, status: 'done' }));
      return page;
    }
    case 'send':
    case 'done':
    case 'opsProcess': {
      const f = filtersOf(q, sql`i.start_time`);
      const who =
        kind === 'send'
          ? sql`i.starter_id = ${me}`
          : kind === 'done'
            ? sql`exists (select 1 from wf_task x where x.instance_id = i.id and x.finished_by = ${me})`
            : sql`true`;
      const from = sql`from wf_instance i ${JOINS} where ${tenantSql(wfInstance, tenant, 'i')} and ${who} and ${and(f)}`;
      return pageQuery(ctx, from, INSTANCE_COLUMNS, sql`i.start_time desc, i.id desc`, p);
    }
    case 'copy': {
      const f = filtersOf(q, sql`cp.create_time`);
      const from = sql`from wf_copy cp join wf_instance i on i.id = cp.process_id ${JOINS}
        left join blade_user iu on iu.id = cp.initiator
        where ${tenantSql(wfCopy, tenant, 'cp')} and cp.user_id = ${me} and ${and(f)}`;
      return pageQuery(
        ctx,
        from,
        sql`cp.id::text as id, cp.task_id::text as "taskId", cp.title as "copyTitle", cp.create_time as "copyTime",
          cp.initiator::text as initiator, iu.real_name as "initiatorName", cp.form_key as "formKey", ${INSTANCE_COLUMNS}`,
        sql`cp.create_time desc, cp.id desc`,
        p,
      );
    }
  }
}

/** The start list: the latest active version of every deployed key (optionally filtered by name or category). */
export async function startList(ctx: Ctx, user: AuthUser, q: Record<string, unknown>) {
  const p = parsePaging(q);
  const conds: SQL[] = [tenantSql(wfDefinition, user.tenantId, 'd'), sql`d.is_deleted = 0`];
  for (const [k, raw] of Object.entries(q)) {
    if (PAGING.has(k) || raw === undefined || raw === '') continue;
    const v = String(raw);
    if (k === 'name' || k === 'processDefinitionName' || k === 'keyword')
      conds.push(sql`d.name like ${likeContains(v)}`);
    else if (k === 'category' || k === 'categoryId') conds.push(sql`d.category_id::text = ${v}`);
    else if (k === 'key' || k === 'processDefinitionKey') conds.push(sql`d.process_key = ${v}`);
    else if (k !== 'blade-auth' && k !== 'tenantId') throw badRequest(`不支持的查询条件: ${k}`);
  }
  const from = sql`from wf_definition d left join wf_category c on c.id = d.category_id
    where ${and(conds)} and d.status = 1
    and d.version = (select max(x.version) from wf_definition x where ${tenantSql(wfDefinition, tenantColumnSql(wfDefinition, 'd'), 'x')} and x.process_key = d.process_key and x.is_deleted = 0 and x.status = 1)`;
  return pageQuery(
    ctx,
    from,
    sql`d.id::text as id, d.process_key as key, d.name, d.version, d.category_id::text as category, c.name as "categoryName",
      d.deployment_id::text as "deploymentId", d.description, d.icon, d.status, d.form_key as "formKey", d.deploy_time as "deployTime"`,
    sql`d.name asc, d.id asc`,
    p,
  );
}

/** What the caller may do next in the instance: its open tasks there (assigned or as a candidate). */
export async function nextFor(ctx: Ctx, userId: string, instanceId: string) {
  const r = await withPreparedStatements(() =>
    ctx.db.execute(sql`
    select t.id::text as "taskId", t.name as "taskName", t.task_def_key as "taskDefinitionKey", t.assignee::text as assignee,
      i.state as "processStatus", (i.state not in ('running','suspended')) as "processIsFinished"
    from wf_instance i left join wf_task t on t.instance_id = i.id and t.end_time is null
      and (t.assignee = ${userId} or (t.assignee is null and exists (select 1 from wf_task_candidate k where k.task_id = t.id and k.user_id = ${userId})))
    where i.id = ${instanceId}`),
  );
  const rows = r.rows as Record<string, unknown>[];
  return {
    processInstanceId: instanceId,
    processStatus: rows[0]?.processStatus ?? null,
    processIsFinished: rows[0]?.processIsFinished ?? null,
    tasks: rows
      .filter((x) => x.taskId)
      .map(({ taskId, taskName, taskDefinitionKey, assignee }) => ({ taskId, taskName, taskDefinitionKey, assignee })),
  };
}
