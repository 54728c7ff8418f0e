/**
 * A hazard found on patrol and its 巡检隐患处理 process (workflow key `patrol_hazard`, form `patrol_hazard_form`).
 *
 * After the check-in that reported the hazard has committed, the reporter starts the process: business key the
 * hazard's id, a title naming the hazard and the place, the form filled from the hazard, and the task, plan, object,
 * work order and coordinates as extra variables. In the start's own transaction the hazard gets the instance id and
 * status 1 处理中, and its work order 1 处理中. A start that fails (process not deployed or suspended, nobody to
 * assign) is logged and leaves the hazard in status 0: the check-in is already saved.
 *
 * When the instance ends, in the transaction that ends it (workflow's `onInstanceEnded`): finished → hazard 2 已处理,
 * terminated, withdrawn or deleted → 3 已终止; either way the work order is closed (2, with its finish time).
 * Patrol uses workflow through its index.ts; workflow never imports patrol.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { type InstanceEnded, startProcess } from '../workflow/index.ts';
import { EVENT_NAME, HAZARD_LEVEL_NAME, HAZARD_PROCESS, HAZARD_STATUS } from './catalog.ts';
import { patrolHazard, patrolOrder } from './schema.ts';

/**
 * The form's 隐患类型 (管道渗漏 / 阀门井损坏 / 违章占压) for each event type: leaks are 管道渗漏; damaged fittings
 * and chambers (valves, missing covers, hydrants) are 阀门井损坏; building or works over the main are 违章占压. The
 * exact event type travels along as `eventType` / `eventTypeName`.
 */
export const FORM_HAZARD_TYPE: Record<string, string> = {
  leak: '管道渗漏',
  valve_damage: '阀门井损坏',
  cover_missing: '阀门井损坏',
  hydrant_damage: '阀门井损坏',
  illegal_work: '违章占压',
  occupation: '违章占压',
};

/** The process's `level` by hazard level: an urgent (紧急) hazard is a major one (重大), which needs 领导审批. */
export const PROCESS_LEVEL: Record<number, string> = { 1: '一般', 2: '较大', 3: '重大' };

/** What the check-in knows of a hazard it has just written. */
export interface ReportedHazard {
  id: string;
  tenantId: string;
  reportUser: string;
  eventType: string;
  level: number;
  description: string;
  photos: string;
  taskId: string;
  planId: string;
  taskObjectId: string;
  jobObjectId: string;
  objectName: string;
  address: string | null;
  /** EPSG:4548 */
  x: number | null;
  y: number | null;
  lon: number | null;
  lat: number | null;
  orderId: string;
  orderNo: string;
}

/** Title, business key and variables of the process a hazard starts. */
export function hazardProcessInput(h: ReportedHazard) {
  const eventTypeName = EVENT_NAME[h.eventType] ?? h.eventType;
  const place = [h.address, h.objectName].filter(Boolean).join(' ');
  const variables: Record<string, unknown> = {
    // the form's fields
    hazardType: FORM_HAZARD_TYPE[h.eventType] ?? '管道渗漏',
    address: place,
    description: h.description,
    // the process's gateway (重大 → 领导审批)
    level: PROCESS_LEVEL[h.level] ?? '一般',
    // where it came from
    hazardId: h.id,
    hazardLevel: h.level,
    hazardLevelName: HAZARD_LEVEL_NAME[h.level],
    eventType: h.eventType,
    eventTypeName,
    taskId: h.taskId,
    planId: h.planId,
    taskObjectId: h.taskObjectId,
    jobObjectId: h.jobObjectId,
    objectName: h.objectName,
    orderId: h.orderId,
    orderNo: h.orderNo,
    photos: h.photos,
  };
  for (const [k, v] of Object.entries({ x: h.x, y: h.y, lon: h.lon, lat: h.lat })) if (v !== null) variables[k] = v;
  return {
    businessKey: h.id,
    title: `${h.objectName}${eventTypeName}（${HAZARD_LEVEL_NAME[h.level] ?? '一般'}隐患）`,
    variables,
  };
}

/**
 * Starts the hazard's process as its reporter. Returns the instance id, or undefined (logged) when it could not
 * start; the hazard then stays in status 0.
 */
export async function startHazardProcess(
  ctx: Pick<AppContext, 'db' | 'live'>,
  h: ReportedHazard,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<string | undefined> {
  try {
    const r = await startProcess(ctx, {
      tenantId: h.tenantId,
      processKey: HAZARD_PROCESS,
      starterUserId: h.reportUser,
      ...hazardProcessInput(h),
      within: async (tx, instanceId) => {
        await tx
          .update(patrolHazard)
          .set({ processInstanceId: instanceId, hazardStatus: HAZARD_STATUS.handling })
          .where(eq(patrolHazard.id, h.id));
        // the work order: 0 待处理 → 1 处理中
        await tx
          .update(patrolOrder)
          .set({ orderStatus: 1 })
          .where(and(eq(patrolOrder.id, h.orderId), eq(patrolOrder.orderStatus, 0)));
      },
    });
    return r.processInstanceId;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const fields = { hazardId: h.id, tenantId: h.tenantId, processKey: HAZARD_PROCESS, reason };
    if (err instanceof ApiError) log.warn(fields, 'hazard process not started; the hazard stays 待处理');
    else log.error({ ...fields, err }, 'hazard process not started; the hazard stays 待处理');
    return undefined;
  }
}

/** Workflow's instance-end listener for `patrol_hazard`: the hazard (and its work order) reflect the end. */
export async function hazardProcessEnded(tx: Tx, ev: InstanceEnded): Promise<void> {
  // the business key is the hazard's id; the stored instance id guards against instances started by hand
  if (!ev.businessKey || !/^\d{1,19}$/.test(ev.businessKey)) return;
  const [h] = await tx
    .update(patrolHazard)
    .set({ hazardStatus: ev.state === 'finished' ? HAZARD_STATUS.closed : HAZARD_STATUS.stopped })
    .where(
      inTenant(
        patrolHazard,
        ev.tenantId,
        eq(patrolHazard.id, ev.businessKey),
        eq(patrolHazard.processInstanceId, ev.instanceId),
      ),
    )
    .returning({ orderId: patrolHazard.orderId });
  if (!h?.orderId) return;
  // the work order is closed: 2 已完成 (its vocabulary has no other end)
  await tx
    .update(patrolOrder)
    .set({ orderStatus: 2, finishTime: ev.endTime })
    .where(and(eq(patrolOrder.id, h.orderId), ne(patrolOrder.orderStatus, 2)));
}
