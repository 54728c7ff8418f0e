/**
 * Patrol tasks: `patrol-task/page` and `detail`, `start`, `finish`; `patrol-task-object/page` (a task's objects)
 * and `check` (check in at one object with photos from the file upload, optionally reporting a hazard);
 * `patrol-task-object/facility-type`; `patrol-task-user/task-reassignment` (hand a task to another person with a
 * reason). A hazard reported at check-in starts the 巡检隐患处理 workflow once the check-in is saved (hazard.ts).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import type { Tx } from '../../core/resource.ts';
import { liveInTenant, tenantText } from '../../core/scoped.ts';
import { PERIOD_NAME, TASK_STATUS_NAME } from './catalog.ts';
import { blank, dateBound, optionalId, optionalInt, paging } from './common.ts';
import { TASK_STATUS } from './periods.ts';
import { patrolTask } from './schema.ts';
import { assertAssignee, TASK_MSG } from './task-rules.ts';

export { CHECK_BODY, type CheckInput, type CheckOutcome, checkIn } from './task-check.ts';
export { TASK_MSG } from './task-rules.ts';

export const TASK_SELECT = `
  select t.id::text, t.plan_id::text as "planId", p.plan_name as "planName", p.plan_code as "planCode", t.task_name as "taskName",
         t.type_id::text as "typeId", ty.type_name as "typeName", t.dept_id::text as "deptId", d.dept_name as "deptName",
         t.period, t.period_start as "periodStart", t.period_end as "periodEnd", t.task_status as "taskStatus",
         t.start_time as "startTime", t.finish_time as "finishTime", t.object_count as "objectCount",
         t.checked_count as "checkedCount", t.hazard_count as "hazardCount", p.scope_type as "scopeType",
         (select string_agg(u.id::text, ',') from swp_patrol_task_user tu join blade_user u on u.id = tu.user_id
           where tu.task_id = t.id and tu.active = 1) as "userIds",
         (select string_agg(u.real_name, ',') from swp_patrol_task_user tu join blade_user u on u.id = tu.user_id
           where tu.task_id = t.id and tu.active = 1) as "userNames"
    from swp_patrol_task t
    join swp_patrol_plan p on p.id = t.plan_id
    left join swp_patrol_type ty on ty.id = t.type_id
    left join blade_dept d on d.id = t.dept_id`;

export const decorate = (r: any) => ({
  ...r,
  taskStatusName: TASK_STATUS_NAME[r.taskStatus],
  periodName: PERIOD_NAME[r.period],
  coverage: r.objectCount ? Math.round((1000 * r.checkedCount) / r.objectCount) / 10 : 0,
});

export async function taskDetail(ctx: AppContext, tenantId: string, id: string) {
  const pool = ctx.database.pool;
  const r = await pool.query(
    `${TASK_SELECT} where t.id = $1 and ${tenantText(patrolTask, '$2', 't')} and t.is_deleted = 0`,
    [id, tenantId],
  );
  if (!r.rows[0]) return null;
  const objects = await pool.query(
    `select o.id::text, o.job_object_id::text as "jobObjectId", o.object_name as "objectName", o.facility_type as "facilityType",
            o.x, o.y, j.lon, j.lat, j.address, o.sort, o.result, o.check_time as "checkTime", o.check_user::text as "checkUser",
            u.real_name as "checkUserName", o.photos, o.remark, o.check_distance as "checkDistance", o.check_far as "checkFar"
       from swp_patrol_task_object o left join blade_user u on u.id = o.check_user
       left join swp_patrol_job_object j on j.id = o.job_object_id
      where o.task_id = $1 order by o.sort`,
    [id],
  );
  const users = await pool.query(
    `select tu.id::text, tu.user_id::text as "userId", u.real_name as "realName", tu.active, tu.assign_time as "assignTime",
            tu.from_user_id::text as "fromUserId", f.real_name as "fromUserName", tu.reason, a.real_name as "assignUserName"
       from swp_patrol_task_user tu join blade_user u on u.id = tu.user_id
       left join blade_user f on f.id = tu.from_user_id left join blade_user a on a.id = tu.assign_user
      where tu.task_id = $1 order by tu.assign_time, tu.id`,
    [id],
  );
  return { ...decorate(r.rows[0]), objects: objects.rows, users: users.rows };
}

export const taskPage = paging.extend({
  taskName: z.preprocess(blank, z.string().max(100).optional()),
  planId: optionalId('计划编号格式不正确'),
  deptId: optionalId('部门编号格式不正确'),
  userId: optionalId('人员编号格式不正确'),
  taskStatus: optionalInt('任务状态应为 0 到 3', [0, 1, 2, 3]),
  mine: z.preprocess(blank, z.enum(['true', 'false', '1', '0']).optional()),
  startTime: dateBound('开始时间'),
  endTime: dateBound('结束时间'),
});

/**
 * Field staff (the patrol role without an office role) see only the tasks assigned to them: the office (operator,
 * auditor, administrator) plans, audits and reassigns across the team.
 */
export function fieldOnly(u: AuthUser): boolean {
  if (u.isAdmin) return false;
  return u.roleAliases.includes('patrol') && !u.roleAliases.some((a) => a === 'operator' || a === 'auditor');
}

export const MINE_SQL =
  'exists (select 1 from swp_patrol_task_user tu where tu.task_id = t.id and tu.user_id = ?::bigint and tu.active = 1)';

/**
 * A person's work for the field app: their active tasks whose period has begun and that are not finished or ended
 * more than two days ago, plus those finished in the last day (so the list shows today's progress), soonest due first.
 */
export async function myTasks(ctx: AppContext, tenantId: string, userId: string) {
  const r = await ctx.database.pool.query(
    `${TASK_SELECT} where ${tenantText(patrolTask, '$1', 't')} and t.is_deleted = 0 and ${MINE_SQL.replace('?', '$2')}
        and t.period_start <= now()
        and ((t.task_status <> 2 and t.period_end > now() - interval '2 days') or t.finish_time > now() - interval '1 day')
      order by (t.task_status = 2), t.period_end, t.id limit 200`,
    [tenantId, userId],
  );
  return r.rows.map(decorate);
}

/** A task's detail for its own assignee (a 400 for anyone else, administrators included: the app is personal). */
export async function myTaskDetail(ctx: AppContext, tenantId: string, userId: string, id: string) {
  await assertAssignee(ctx.db, id, userId, false);
  return taskDetail(ctx, tenantId, id);
}

/** A live task of the tenant, locked for the transaction, that the caller may work on (its assignee, or an administrator). */
async function lockOwnTask(tx: Tx, u: AuthUser, tenantId: string, id: string) {
  const [t] = await tx
    .select()
    .from(patrolTask)
    .where(liveInTenant(patrolTask, tenantId, eq(patrolTask.id, id)))
    .for('update');
  if (!t) throw badRequest(TASK_MSG.notFound);
  await assertAssignee(tx, id, u.userId, u.isAdmin);
  return t;
}

/** Starts a task of the caller's (a second start is a no-op: the first start time stays). */
export async function startTask(ctx: AppContext, u: AuthUser, tenantId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    const t = await lockOwnTask(tx, u, tenantId, id);
    if (t.taskStatus === TASK_STATUS.finished) throw badRequest(TASK_MSG.finished);
    if (t.periodStart.getTime() > Date.now()) throw badRequest(TASK_MSG.notDue);
    if (t.startTime) return;
    const now = new Date();
    await tx
      .update(patrolTask)
      .set({
        startTime: now,
        taskStatus: t.taskStatus === TASK_STATUS.overdue ? TASK_STATUS.overdue : TASK_STATUS.running,
        updateTime: now,
        updateUser: u.userId,
      })
      .where(eq(patrolTask.id, id));
  });
}

/**
 * Finishes a task of the caller's once every object is checked. With `resend` (the field app's queued finish), a
 * task the caller already finished answers `duplicate: true` instead of 任务已完成.
 */
export async function finishTask(
  ctx: AppContext,
  u: AuthUser,
  tenantId: string,
  id: string,
  resend = false,
): Promise<{ duplicate: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const t = await lockOwnTask(tx, u, tenantId, id);
    if (t.taskStatus === TASK_STATUS.finished) {
      if (resend && t.updateUser === u.userId) return { duplicate: true };
      throw badRequest(TASK_MSG.finished);
    }
    if (!t.startTime) throw badRequest(TASK_MSG.notStarted);
    if (t.checkedCount < t.objectCount) throw badRequest(TASK_MSG.unchecked);
    const now = new Date();
    await tx
      .update(patrolTask)
      .set({ finishTime: now, taskStatus: TASK_STATUS.finished, updateTime: now, updateUser: u.userId })
      .where(eq(patrolTask.id, id));
    return { duplicate: false };
  });
}
