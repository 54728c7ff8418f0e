/**
 * Patrol tasks: `patrol-task/page` and `detail`, `start`, `finish`; `patrol-task-object/page` (a task's objects)
 * and `check` (check in at one object with photos from the file upload, optionally reporting a hazard);
 * `patrol-task-object/facility-type`; `patrol-task-user/task-reassignment` (hand a task to another person with a
 * reason). A hazard reported at check-in starts the 巡检隐患处理 workflow once the check-in is saved (hazard.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, badRequest, ok } from '../../core/envelope.ts';
import { type AuthUser, userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant, tenantText } from '../../core/scoped.ts';
import { user } from '../system/index.ts';
import {
  EVENT_NAME,
  EVENT_TYPES,
  FACILITY_TYPES,
  HAZARD_LEVEL_NAME,
  HAZARD_STATUS_NAME,
  PERIOD_NAME,
  TASK_STATUS_NAME,
} from './catalog.ts';
import {
  blank,
  dateBound,
  deptTree,
  idString,
  optionalId,
  optionalInt,
  pageReply,
  paging,
  parse,
  tenantOf,
} from './common.ts';
import { byMenu } from './grants.ts';
import { type ReportedHazard, startHazardProcess } from './hazard.ts';
import { TASK_STATUS } from './periods.ts';
import { patrolHazard, patrolJobObject, patrolOrder, patrolTask, patrolTaskObject, patrolTaskUser } from './schema.ts';

export const TASK_MSG = {
  notFound: '任务不存在',
  notYours: '只能操作分派给自己的任务',
  finished: '任务已完成',
  notStarted: '任务尚未开始，请先开始任务',
  notDue: '任务周期尚未开始',
  unchecked: '还有未签到的巡检对象，不能完成任务',
  objectNotFound: '巡检对象不存在',
  checked: '该对象已签到',
  result: '签到结果应为 1（正常）或 2（隐患）',
  hazard: '发现隐患时请选择事件类型并填写隐患描述',
  eventType: '事件类型不存在',
  reassignUser: '请选择转派人员',
  reassignReason: '请填写转派原因',
  sameUser: '不能转派给当前执行人',
  unknownUser: '转派人员不存在或不属于本单位',
  notReassignable: '已完成的任务不能转派',
  clientIdReused: '客户端编号已用于另一次签到，请重新生成后再提交',
} as const;

/** A client id already saved for another object: a 409 the phone shows as a conflict (never a 500). */
const clientIdReused = () => new ApiError(409, 409, TASK_MSG.clientIdReused);
const isUniqueViolation = (e: unknown): boolean => {
  const x = e as { code?: string; cause?: { code?: string } };
  return x?.code === '23505' || x?.cause?.code === '23505';
};

const TASK_SELECT = `
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

const decorate = (r: any) => ({
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

const taskPage = paging.extend({
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

const MINE_SQL =
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

/** The caller's active assignment on a task, or a 400. */
/** Inside the command's own transaction: on the embedded database a second connection would wait for it forever. */
async function assertAssignee(tx: Pick<AppContext['db'], 'execute'>, taskId: string, userId: string, isAdmin: boolean) {
  if (isAdmin) return;
  const r = await tx.execute(
    sql`select 1 from swp_patrol_task_user where task_id = ${taskId} and user_id = ${userId} and active = 1`,
  );
  if (!r.rows.length) throw badRequest(TASK_MSG.notYours);
}

/** A check-in's fields: the console's call, plus the field app's idempotency key and the position it was made at. */
export const CHECK_BODY = z
  .object({
    id: idString('缺少必要的请求参数: id'),
    result: z.preprocess(
      (v) => (typeof v === 'string' ? Number(v) : (v ?? 1)),
      z.union([z.literal(1), z.literal(2)], { error: TASK_MSG.result }),
    ),
    remark: z.preprocess(blank, z.string().max(255, '备注不能超过 255 个字符').optional()),
    photos: z.preprocess(
      (v) => (Array.isArray(v) ? v.join(',') : (blank(v) ?? '')),
      z
        .string()
        .max(2000, '照片过多')
        .refine((s) => s.split(',').filter(Boolean).length <= 9, '最多上传 9 张照片'),
    ),
    eventType: z.preprocess(blank, z.string().optional()),
    level: optionalInt('隐患等级应为 1 到 3', [1, 2, 3]),
    description: z.preprocess(blank, z.string().trim().max(500, '隐患描述不能超过 500 个字符').optional()),
  })
  .extend({
    clientId: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{8,64}$/, '客户端编号应为 8 到 64 位字母、数字、- 或 _')
        .optional(),
    ),
    lon: z.preprocess(blank, z.coerce.number().min(73, '经度超出范围').max(136, '经度超出范围').optional()),
    lat: z.preprocess(blank, z.coerce.number().min(3, '纬度超出范围').max(54, '纬度超出范围').optional()),
  });
export type CheckInput = z.infer<typeof CHECK_BODY>;

export interface CheckOutcome {
  taskId: string;
  /** true when a check-in with this client id was already saved: nothing was written again */
  duplicate: boolean;
  /** metres between the reported position and the object, when both are known */
  distance: number | null;
  far: boolean;
}

/** Great-circle distance in metres (haversine; ample for check-in radii). */
export function metresBetween(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6_371_008 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Checks in at one task object (console and field app). With a client id, a resend of a saved check-in returns its
 * outcome without writing anything (the unique index on (tenant, client id) settles two resends racing). With a
 * position, the distance to the object is stored, and beyond `radius` metres the check-in is saved flagged far.
 */
export async function checkIn(
  ctx: AppContext,
  u: AuthUser,
  tenantId: string,
  c: CheckInput,
  log: FastifyBaseLogger,
  radius = Number.POSITIVE_INFINITY,
): Promise<CheckOutcome> {
  if (c.result === 2 && (!c.eventType || !c.description)) throw badRequest(TASK_MSG.hazard);
  if (c.eventType && !EVENT_NAME[c.eventType]) throw badRequest(TASK_MSG.eventType);
  if (c.clientId) {
    const [seen] = await ctx.db
      .select({
        id: patrolTaskObject.id,
        taskId: patrolTaskObject.taskId,
        distance: patrolTaskObject.checkDistance,
        far: patrolTaskObject.checkFar,
      })
      .from(patrolTaskObject)
      .where(inTenant(patrolTaskObject, tenantId, eq(patrolTaskObject.clientId, c.clientId)));
    if (seen && seen.id !== c.id) throw clientIdReused();
    if (seen) return { taskId: seen.taskId, duplicate: true, distance: seen.distance, far: seen.far === 1 };
  }
  try {
    return await checkInOnce(ctx, u, tenantId, c, log, radius);
  } catch (e) {
    // two check-ins racing with one client id on different objects: the unique index refuses the second
    if (c.clientId && isUniqueViolation(e)) throw clientIdReused();
    throw e;
  }
}

async function checkInOnce(
  ctx: AppContext,
  u: AuthUser,
  tenantId: string,
  c: CheckInput,
  log: FastifyBaseLogger,
  radius: number,
): Promise<CheckOutcome> {
  let distance: number | null = null;
  let far = false;
  let hazard: ReportedHazard | undefined;
  const done = await ctx.db.transaction(async (tx): Promise<{ taskId: string; duplicate: boolean }> => {
    const [o] = await tx
      .select()
      .from(patrolTaskObject)
      .where(inTenant(patrolTaskObject, tenantId, eq(patrolTaskObject.id, c.id)))
      .for('update');
    if (!o) throw badRequest(TASK_MSG.objectNotFound);
    const [t] = await tx.select().from(patrolTask).where(eq(patrolTask.id, o.taskId)).for('update');
    if (!t || t.isDeleted) throw badRequest(TASK_MSG.notFound);
    await assertAssignee(tx, t.id, u.userId, u.isAdmin);
    if (t.taskStatus === TASK_STATUS.finished) throw badRequest(TASK_MSG.finished);
    if (!t.startTime) throw badRequest(TASK_MSG.notStarted);
    if (o.clientId && o.clientId === c.clientId) {
      distance = o.checkDistance;
      far = o.checkFar === 1;
      return { taskId: t.id, duplicate: true };
    }
    if (o.result !== 0) throw badRequest(TASK_MSG.checked);
    if (c.lon !== undefined && c.lat !== undefined) {
      const [pos] = await tx
        .select({ lon: patrolJobObject.lon, lat: patrolJobObject.lat })
        .from(patrolJobObject)
        .where(eq(patrolJobObject.id, o.jobObjectId));
      if (pos?.lon != null && pos.lat != null) {
        distance = Math.round(metresBetween(c.lon, c.lat, pos.lon, pos.lat) * 10) / 10;
        far = distance > radius;
      }
    }
    const now = new Date();
    await tx
      .update(patrolTaskObject)
      .set({
        result: c.result,
        checkTime: now,
        checkUser: u.userId,
        photos: c.photos,
        remark: c.remark ?? null,
        clientId: c.clientId ?? null,
        checkLon: c.lon ?? null,
        checkLat: c.lat ?? null,
        checkDistance: distance,
        checkFar: far ? 1 : 0,
      })
      .where(eq(patrolTaskObject.id, o.id));
    let found = 0;
    if (c.result === 2) {
      found = 1;
      const orderId = newId();
      const orderNo = `GD${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}${orderId.slice(-6)}`;
      const id = newId();
      await tx.insert(patrolOrder).values({
        id: orderId,
        tenantId,
        orderNo,
        source: 'patrol',
        eventType: c.eventType!,
        title: `${o.objectName}${EVENT_NAME[c.eventType!]}`,
        deptId: t.deptId,
        orderStatus: 0,
        createTime: now,
      });
      await tx.insert(patrolHazard).values({
        id,
        tenantId,
        taskId: t.id,
        taskObjectId: o.id,
        eventType: c.eventType!,
        level: c.level ?? 1,
        description: c.description!,
        photos: c.photos,
        x: o.x,
        y: o.y,
        reportUser: u.userId,
        reportTime: now,
        deptId: t.deptId,
        orderId,
      });
      const [job] = await tx
        .select({ address: patrolJobObject.address, lon: patrolJobObject.lon, lat: patrolJobObject.lat })
        .from(patrolJobObject)
        .where(eq(patrolJobObject.id, o.jobObjectId));
      hazard = {
        id,
        tenantId,
        reportUser: u.userId,
        eventType: c.eventType!,
        level: c.level ?? 1,
        description: c.description!,
        photos: c.photos,
        taskId: t.id,
        planId: t.planId,
        taskObjectId: o.id,
        jobObjectId: o.jobObjectId,
        objectName: o.objectName,
        address: job?.address ?? null,
        x: o.x,
        y: o.y,
        lon: job?.lon ?? null,
        lat: job?.lat ?? null,
        orderId,
        orderNo,
      };
    }
    await tx
      .update(patrolTask)
      .set({
        checkedCount: sql`${patrolTask.checkedCount} + 1`,
        hazardCount: sql`${patrolTask.hazardCount} + ${found}`,
        updateTime: now,
      })
      .where(eq(patrolTask.id, t.id));
    return { taskId: t.id, duplicate: false };
  });
  // the check-in is saved; the hazard's process starts on its own (a failure is logged, the hazard stays 0 待处理)
  if (hazard && !done.duplicate) await startHazardProcess(ctx, hazard, log);
  return { ...done, distance, far };
}

/** Starts a task of the caller's (a second start is a no-op: the first start time stays). */
export async function startTask(ctx: AppContext, u: AuthUser, tenantId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    const [t] = await tx
      .select()
      .from(patrolTask)
      .where(inTenant(patrolTask, tenantId, eq(patrolTask.id, id), eq(patrolTask.isDeleted, 0)))
      .for('update');
    if (!t) throw badRequest(TASK_MSG.notFound);
    await assertAssignee(tx, id, u.userId, u.isAdmin);
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
    const [t] = await tx
      .select()
      .from(patrolTask)
      .where(inTenant(patrolTask, tenantId, eq(patrolTask.id, id), eq(patrolTask.isDeleted, 0)))
      .for('update');
    if (!t) throw badRequest(TASK_MSG.notFound);
    await assertAssignee(tx, id, u.userId, u.isAdmin);
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

export function taskRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol';
  const pool = ctx.database.pool;

  app.get(`${B}/patrol-task/page`, byMenu('patrol_task', 'patrol_plan', 'patrol_overview'), async (req) => {
    const q = parse(taskPage, req.query);
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
    const { id } = parse(z.object({ id: idString('缺少必要的请求参数: id') }), req.query);
    const me = userOf(req);
    if (fieldOnly(me)) await assertAssignee(ctx.db, id, me.userId, false);
    return ok(await taskDetail(ctx, tenantOf(req), id));
  });

  const idBody = z.object({ id: idString('缺少必要的请求参数: id') });

  app.post(`${B}/patrol-task/start`, byMenu('patrol_task_check'), async (req) => {
    const { id } = parse(idBody, { ...(req.query as object), ...((req.body as object) ?? {}) });
    await startTask(ctx, userOf(req), tenantOf(req), id);
    return ok(await taskDetail(ctx, tenantOf(req), id));
  });

  app.post(`${B}/patrol-task/finish`, byMenu('patrol_task_check'), async (req) => {
    const { id } = parse(idBody, { ...(req.query as object), ...((req.body as object) ?? {}) });
    await finishTask(ctx, userOf(req), tenantOf(req), id);
    return ok(await taskDetail(ctx, tenantOf(req), id));
  });

  app.get(`${B}/patrol-task-object/page`, byMenu('patrol_task', 'patrol_plan'), async (req) => {
    const q = parse(
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
    const c = parse(CHECK_BODY, req.body);
    const r = await checkIn(ctx, userOf(req), tenantOf(req), c, req.log);
    return ok(await taskDetail(ctx, tenantOf(req), r.taskId));
  });

  app.get(`${B}/patrol-hazard/page`, byMenu('patrol_task', 'patrol_overview'), async (req) => {
    const q = parse(
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

  app.post(`${B}/patrol-task-user/task-reassignment`, byMenu('patrol_task_reassign'), async (req) => {
    const r = parse(
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
        .where(inTenant(patrolTask, tenantId, eq(patrolTask.id, r.taskId), eq(patrolTask.isDeleted, 0)))
        .for('update');
      if (!t) throw badRequest(TASK_MSG.notFound);
      if (t.taskStatus === TASK_STATUS.finished) throw badRequest(TASK_MSG.notReassignable);
      const [target] = await tx
        .select({ id: user.id })
        .from(user)
        .where(inTenant(user, tenantId, eq(user.id, r.userId), eq(user.isDeleted, 0)));
      if (!target) throw badRequest(TASK_MSG.unknownUser);
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
