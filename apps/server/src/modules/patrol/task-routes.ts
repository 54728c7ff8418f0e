/** The patrol task routes (see task.ts for what each does), one registration function per family. */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import { assertLiveRow } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { liveInTenant, tenantText } from '../../core/scoped.ts';
import { user } from '../system/index.ts';
import { EVENT_NAME, EVENT_TYPES, FACILITY_TYPES, HAZARD_LEVEL_NAME, HAZARD_STATUS_NAME } from './catalog.ts';
import { blank, deptTree, idString, optionalId, optionalInt, pageReply, paging, tenantOf } from './common.ts';
import { byMenu } from './grants.ts';
import { TASK_STATUS } from './periods.ts';
import { patrolHazard, patrolTask, patrolTaskObject, patrolTaskUser } from './schema.ts';
import { decorate, fieldOnly, finishTask, MINE_SQL, startTask, TASK_SELECT, taskDetail, taskPage } from './task.ts';
import { CHECK_BODY, checkIn } from './task-check.ts';
import { assertAssignee, TASK_MSG } from './task-rules.ts';

export function taskRoutes(app: FastifyInstance, ctx: AppContext) {
  taskListRoutes(app, ctx);
  taskObjectRoutes(app, ctx);
  hazardRoutes(app, ctx);
  reassignRoutes(app, ctx);
}

/** `patrol-task/page`, `detail`, `start`, `finish` */
function taskListRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol';
  const pool = ctx.database.pool;

  app.get(`${B}/patrol-task/page`, byMenu('patrol_task', 'patrol_plan', 'patrol_overview'), async (req) => {
    const q = parseInputFirst(taskPage, req.query);
    const tenantId = tenantOf(req);
    const where = [tenantText(patrolTask, '$1', 't'), 't.is_deleted = 0'];
    const args: unknown[] = [tenantId];
    const add = (cond: string, v: unknown) => {
      args.push(v);
      where.push(cond.replaceAll('?', `$${args.length}`));
    };
    if (q.taskName) add("t.task_name like '%' || ? || '%'", q.taskName);
    if (q.planId) add('t.plan_id = ?::bigint', q.planId);
    if (q.deptId) add('t.dept_id = any(?::bigint[])', await deptTree(ctx, tenantId, q.deptId));
    const me = userOf(req);
    const who = q.mine === 'true' || q.mine === '1' ? me.userId : q.userId;
    if (who) add(MINE_SQL, who);
    if (fieldOnly(me) && who !== me.userId) add(MINE_SQL, me.userId);
    if (q.taskStatus !== undefined) add('t.task_status = ?', q.taskStatus);
    if (q.startTime) add('t.period_end > ?', q.startTime);
    if (q.endTime) add('t.period_start <= ?', q.endTime);
    const w = where.join(' and ');
    const total = (await pool.query(`select count(*)::int as n from swp_patrol_task t where ${w}`, args)).rows[0].n;
    // the page's ids first, from the task table alone, then their plan, type, department and people: joining
    // before the limit looked up all of a tenant's tasks (6341 in the demo: 770 ms on the embedded database, 64
    // ms this way) to keep ten (issue 24 item 10, 巡检任务 was the slowest list to open)
    const rows = await pool.query(
      `${TASK_SELECT}
        join (select t.id from swp_patrol_task t where ${w}
               order by t.period_start desc, t.id desc limit ${q.size} offset ${(q.current - 1) * q.size}) pick
          on pick.id = t.id
       order by t.period_start desc, t.id desc`,
      args,
    );
    return ok(pageReply(rows.rows.map(decorate), total, q.current, q.size));
  });

  app.get(`${B}/patrol-task/detail`, byMenu('patrol_task', 'patrol_plan'), async (req) => {
    const { id } = parseInputFirst(z.object({ id: idString('缺少必要的请求参数: id') }), req.query);
    const me = userOf(req);
    if (fieldOnly(me)) await assertAssignee(ctx.db, id, me.userId, false);
    return ok(await taskDetail(ctx, tenantOf(req), id));
  });

  const idBody = z.object({ id: idString('缺少必要的请求参数: id') });

  app.post(`${B}/patrol-task/start`, byMenu('patrol_task_check'), async (req) => {
    const { id } = parseInputFirst(idBody, { ...(req.query as object), ...((req.body as object) ?? {}) });
    await startTask(ctx, userOf(req), tenantOf(req), id);
    return ok(await taskDetail(ctx, tenantOf(req), id));
  });

  app.post(`${B}/patrol-task/finish`, byMenu('patrol_task_check'), async (req) => {
    const { id } = parseInputFirst(idBody, { ...(req.query as object), ...((req.body as object) ?? {}) });
    await finishTask(ctx, userOf(req), tenantOf(req), id);
    return ok(await taskDetail(ctx, tenantOf(req), id));
  });
}

/** `patrol-task-object/page` (a task's objects), `facility-type`, `check` */
function taskObjectRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol';
  const pool = ctx.database.pool;

  app.get(`${B}/patrol-task-object/page`, byMenu('patrol_task', 'patrol_plan'), async (req) => {
    const q = parseInputFirst(
      paging.extend({
        taskId: optionalId('任务编号格式不正确'),
        facilityType: z.preprocess(blank, z.string().max(32).optional()),
        result: optionalInt('签到结果应为 0 到 2', [0, 1, 2]),
      }),
      req.query,
    );
    const where = [tenantText(patrolTaskObject, '$1', 'o')];
    const args: unknown[] = [tenantOf(req)];
    const add = (cond: string, v: unknown) => {
      args.push(v);
      where.push(cond.replace('?', `$${args.length}`));
    };
    if (q.taskId) add('o.task_id = ?::bigint', q.taskId);
    const me = userOf(req);
    if (fieldOnly(me))
      add(
        'exists (select 1 from swp_patrol_task_user tu where tu.task_id = o.task_id and tu.user_id = ?::bigint and tu.active = 1)',
        me.userId,
      );
    if (q.facilityType) add('o.facility_type = ?', q.facilityType);
    if (q.result !== undefined) add('o.result = ?', q.result);
    const w = where.join(' and ');
    const total = (await pool.query(`select count(*)::int as n from swp_patrol_task_object o where ${w}`, args)).rows[0]
      .n;
    const rows = await pool.query(
      `select o.id::text, o.task_id::text as "taskId", o.job_object_id::text as "jobObjectId", o.object_name as "objectName",
              o.facility_type as "facilityType", o.x, o.y, o.sort, o.result, o.check_time as "checkTime",
              u.real_name as "checkUserName", o.photos, o.remark
         from swp_patrol_task_object o left join blade_user u on u.id = o.check_user
        where ${w} order by o.task_id desc, o.sort limit ${q.size} offset ${(q.current - 1) * q.size}`,
      args,
    );
    const names = Object.fromEntries(FACILITY_TYPES.map((f) => [f.code, f.name]));
    return ok(
      pageReply(
        rows.rows.map((r) => ({ ...r, facilityTypeName: names[r.facilityType] ?? r.facilityType })),
        total,
        q.current,
        q.size,
      ),
    );
  });

  app.get(
    `${B}/patrol-task-object/facility-type`,
    byMenu('patrol_task', 'patrol_plan', 'patrol_job_object', 'patrol_type'),
    async () => ok(FACILITY_TYPES.map((f) => ({ code: f.code, name: f.name, checkItems: f.items }))),
  );

  app.post(`${B}/patrol-task-object/check`, byMenu('patrol_task_check'), async (req) => {
    const c = parseInputFirst(CHECK_BODY, req.body);
    const r = await checkIn(ctx, userOf(req), tenantOf(req), c, req.log);
    return ok(await taskDetail(ctx, tenantOf(req), r.taskId));
  });
}

/** `patrol-hazard/page`, `event-type` */
function hazardRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol';
  const pool = ctx.database.pool;

  app.get(`${B}/patrol-hazard/page`, byMenu('patrol_task', 'patrol_overview'), async (req) => {
    const q = parseInputFirst(
      paging.extend({
        taskId: optionalId('任务编号格式不正确'),
        hazardStatus: optionalInt('隐患状态应为 0 到 3', [0, 1, 2, 3]),
      }),
      req.query,
    );
    const args: unknown[] = [tenantOf(req)];
    let w = tenantText(patrolHazard, '$1', 'h');
    if (q.taskId) {
      args.push(q.taskId);
      w += ` and h.task_id = $${args.length}::bigint`;
    }
    if (q.hazardStatus !== undefined) {
      args.push(q.hazardStatus);
      w += ` and h.hazard_status = $${args.length}`;
    }
    const total = (await pool.query(`select count(*)::int as n from swp_patrol_hazard h where ${w}`, args)).rows[0].n;
    const rows = await pool.query(
      `select h.id::text, h.task_id::text as "taskId", h.event_type as "eventType", h.level, h.description, h.photos,
              h.report_time as "reportTime", u.real_name as "reportUserName", h.hazard_status as "hazardStatus",
              h.process_instance_id as "processInstanceId", h.order_id::text as "orderId"
         from swp_patrol_hazard h left join blade_user u on u.id = h.report_user
        where ${w} order by h.report_time desc limit ${q.size} offset ${(q.current - 1) * q.size}`,
      args,
    );
    return ok(
      pageReply(
        rows.rows.map((r) => ({
          ...r,
          eventTypeName: EVENT_NAME[r.eventType],
          levelName: HAZARD_LEVEL_NAME[r.level],
          hazardStatusName: HAZARD_STATUS_NAME[r.hazardStatus],
        })),
        total,
        q.current,
        q.size,
      ),
    );
  });

  app.get(`${B}/patrol-hazard/event-type`, byMenu('patrol_task', 'patrol_overview'), async () => ok(EVENT_TYPES));
}

/** `patrol-task-user/task-reassignment`: hand a task to another person with a reason */
function reassignRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol';

  app.post(`${B}/patrol-task-user/task-reassignment`, byMenu('patrol_task_reassign'), async (req) => {
    const r = parseInputFirst(
      z.object({
        taskId: idString('缺少必要的请求参数: taskId'),
        userId: idString(TASK_MSG.reassignUser),
        reason: z.preprocess(
          blank,
          z
            .string({ error: TASK_MSG.reassignReason })
            .trim()
            .min(1, TASK_MSG.reassignReason)
            .max(255, '转派原因不能超过 255 个字符'),
        ),
      }),
      req.body,
    );
    const tenantId = tenantOf(req);
    const u = userOf(req);
    await ctx.db.transaction(async (tx) => {
      const [t] = await tx
        .select()
        .from(patrolTask)
        .where(liveInTenant(patrolTask, tenantId, eq(patrolTask.id, r.taskId)))
        .for('update');
      if (!t) throw badRequest(TASK_MSG.notFound);
      if (t.taskStatus === TASK_STATUS.finished) throw badRequest(TASK_MSG.notReassignable);
      await assertLiveRow(tx, user, tenantId, eq(user.id, r.userId), TASK_MSG.unknownUser);
      const current = await tx
        .select()
        .from(patrolTaskUser)
        .where(and(eq(patrolTaskUser.taskId, t.id), eq(patrolTaskUser.active, 1)));
      if (current.some((c) => c.userId === r.userId)) throw badRequest(TASK_MSG.sameUser);
      const now = new Date();
      await tx
        .update(patrolTaskUser)
        .set({ active: 0 })
        .where(and(eq(patrolTaskUser.taskId, t.id), eq(patrolTaskUser.active, 1)));
      await tx.insert(patrolTaskUser).values({
        id: newId(),
        tenantId,
        taskId: t.id,
        userId: r.userId,
        active: 1,
        assignTime: now,
        fromUserId: current[0]?.userId ?? null,
        reason: r.reason,
        assignUser: u.userId,
      });
      await tx.update(patrolTask).set({ updateTime: now, updateUser: u.userId }).where(eq(patrolTask.id, t.id));
    });
    return ok(await taskDetail(ctx, tenantId, r.taskId));
  });
}
