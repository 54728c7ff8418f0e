/**
 * 派单维修: a leak event becomes a 爆管抢修 (`burst_repair`) process, the same process the alarm centre's burst
 * dispatch starts, with the event's code as business key. When that instance finishes the event closes; when it
 * is terminated, withdrawn or deleted the event opens again (the dispatch can be repeated). An instance started by
 * the alarm centre's own dispatch of the event's alarm closes the event too (matched through the alarm).
 */
import { and, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import type { Tx } from '../../core/resource.ts';
import { liveInTenant, tenantSql } from '../../core/scoped.ts';
import { burstEvent } from '../gis/index.ts';
import { type InstanceEnded, startProcess } from '../workflow/index.ts';
import { dmaLeakEvent } from './schema.ts';

export const REPAIR_PROCESS = 'burst_repair';

export async function dispatchLeak(ctx: AppContext, who: AuthUser, id: string, description?: string) {
  const [ev] = await ctx.db
    .select()
    .from(dmaLeakEvent)
    .where(liveInTenant(dmaLeakEvent, who.tenantId, eq(dmaLeakEvent.id, id)));
  if (!ev) throw badRequest('漏损事件不存在');
  if (ev.state !== 'open') throw badRequest(ev.state === 'closed' ? '漏损事件已关闭' : '漏损事件已派单');
  const p = await startProcess(ctx, {
    tenantId: who.tenantId,
    processKey: REPAIR_PROCESS,
    starterUserId: who.userId,
    businessKey: ev.code,
    title: `漏损维修 ${ev.code} ${ev.dmaName ?? ev.dmaCode}`.slice(0, 255),
    variables: {
      leakEventCode: ev.code,
      alarmId: ev.alarmId,
      address: ev.dmaName ?? ev.dmaCode,
      pipeDiameter: null,
      level: ev.leakFlow >= 50 ? '较大' : '一般',
      description:
        description?.trim() ||
        `${ev.dmaName ?? ev.dmaCode} 夜间流量异常，估计漏损 ${ev.leakFlow} m³/h，请安排检漏定位与维修`,
    },
    within: async (tx, processInstanceId) => {
      const done = await tx
        .update(dmaLeakEvent)
        .set({ state: 'dispatched', processInstanceId, updateTime: new Date(), updateUser: who.userId })
        .where(and(eq(dmaLeakEvent.id, ev.id), eq(dmaLeakEvent.state, 'open')))
        .returning({ id: dmaLeakEvent.id });
      if (!done.length) throw badRequest('漏损事件已派单');
    },
  });
  return { id: ev.id, code: ev.code, processInstanceId: p.processInstanceId };
}

/** The end of a repair instance: finished closes the event, any other end reopens it. */
export async function repairEnded(tx: Tx, e: InstanceEnded) {
  const finished = e.state === 'finished';
  const set = finished
    ? { state: 'closed', closedAt: e.endTime, updateTime: new Date() }
    : { state: 'open', processInstanceId: null, updateTime: new Date() };
  await tx
    .update(dmaLeakEvent)
    .set(set)
    .where(
      liveInTenant(
        dmaLeakEvent,
        e.tenantId,
        sql`(${dmaLeakEvent.processInstanceId} = ${e.instanceId} or ${dmaLeakEvent.alarmId} = (
              select alarm_id from swp_dispatch_burst_event where ${tenantSql(burstEvent, e.tenantId)} and code = ${e.businessKey ?? ''} limit 1))`,
      ),
    );
}
