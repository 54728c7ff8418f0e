/** Checking in at a task object (console and field app), with a hazard report when something is found. */
import { metresBetween } from '@swp/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { EVENT_NAME } from './catalog.ts';
import { blank, idString, optionalInt } from './common.ts';
import { type ReportedHazard, startHazardProcess } from './hazard.ts';
import { TASK_STATUS } from './periods.ts';
import { patrolHazard, patrolJobObject, patrolOrder, patrolTask, patrolTaskObject } from './schema.ts';
import { assertAssignee, clientIdReused, isUniqueViolation, TASK_MSG } from './task-rules.ts';

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

type TaskObjectRow = typeof patrolTaskObject.$inferSelect;
type TaskRow = typeof patrolTask.$inferSelect;

/** The task object and its task, locked, after the checks that the caller may check in there. */
async function lockForCheckIn(tx: Tx, tenantId: string, c: CheckInput, u: AuthUser) {
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
  return { o, t };
}

/** Metres from the reported position to the object (null when either is unknown). */
async function distanceToObject(tx: Tx, o: TaskObjectRow, c: CheckInput): Promise<number | null> {
  if (c.lon === undefined || c.lat === undefined) return null;
  const [pos] = await tx
    .select({ lon: patrolJobObject.lon, lat: patrolJobObject.lat })
    .from(patrolJobObject)
    .where(eq(patrolJobObject.id, o.jobObjectId));
  if (pos?.lon == null || pos.lat == null) return null;
  return Math.round(metresBetween(c.lon, c.lat, pos.lon, pos.lat) * 10) / 10;
}

/** A hazard found at check-in: its work order and hazard rows, and what its process is started with. */
async function reportHazard(
  tx: Tx,
  tenantId: string,
  u: AuthUser,
  c: CheckInput,
  o: TaskObjectRow,
  t: TaskRow,
  now: Date,
): Promise<ReportedHazard> {
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
  return {
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
    const { o, t } = await lockForCheckIn(tx, tenantId, c, u);
    if (o.clientId && o.clientId === c.clientId) {
      distance = o.checkDistance;
      far = o.checkFar === 1;
      return { taskId: t.id, duplicate: true };
    }
    if (o.result !== 0) throw badRequest(TASK_MSG.checked);
    distance = await distanceToObject(tx, o, c);
    if (distance !== null) far = distance > radius;
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
      hazard = await reportHazard(tx, tenantId, u, c, o, t, now);
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
