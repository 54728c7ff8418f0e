/**
 * 派单抢修: a burst alarm becomes a burst event and an 爆管抢修 process. The alarm only knows the district (its
 * inlet meter saw the night flow rise); the duty operator names the burst pipe, and from it come the valve
 * analysis of the event and the form of the process (address, diameter, impact level), which starts with the
 * operator as reporter and waits for the dispatcher. One event per alarm: a second dispatch is refused.
 */
import { eq, ne } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { burstEvent, createBurstEvent, EVENT_STATUS, gisPipe } from '../gis/index.ts';
import { startProcess } from '../workflow/index.ts';
import { alarmInfo } from './schema.ts';

export const BURST_REPAIR_PROCESS = 'burst_repair';

/** 重大 when a hospital or school loses water, 较大 above 500 households, else 一般 */
export function impactLevel(affectedCustomers: number, criticalCount: number): '一般' | '较大' | '重大' {
  if (criticalCount > 0) return '重大';
  return affectedCustomers > 500 ? '较大' : '一般';
}

export async function dispatchBurstRepair(
  ctx: AppContext,
  who: AuthUser,
  alarmId: string,
  input: { pipeGid: number; title?: string; description?: string },
) {
  const tenantId = who.tenantId;
  const [alarm] = await ctx.db
    .select()
    .from(alarmInfo)
    .where(liveInTenant(alarmInfo, tenantId, eq(alarmInfo.id, alarmId)));
  if (!alarm) throw badRequest('报警不存在');
  if (alarm.alarmType !== 'burst') throw badRequest('只有爆管报警可以派单抢修');
  if (alarm.alarmStatus !== 0) throw badRequest('报警已关闭，不能派单');
  const [before] = await ctx.db
    .select({ code: burstEvent.code })
    .from(burstEvent)
    .where(
      liveInTenant(
        burstEvent,
        tenantId,
        eq(burstEvent.alarmId, alarmId),
        ne(burstEvent.eventStatus, EVENT_STATUS.voided),
      ),
    );
  if (before) throw badRequest(`该报警已派单: ${before.code}`);

  const ev = await createBurstEvent(ctx.db, tenantId, {
    pipeGid: input.pipeGid,
    title: input.title?.trim() || alarm.title,
    source: 'alarm',
    alarmId,
    userId: who.userId,
  });
  if (!ev) throw badRequest('爆管事件创建失败');
  const [pipe] = await ctx.db
    .select({ diameter: gisPipe.diameter })
    .from(gisPipe)
    .where(inTenant(gisPipe, tenantId, eq(gisPipe.gid, input.pipeGid)));
  try {
    const p = await startProcess(ctx, {
      tenantId,
      processKey: BURST_REPAIR_PROCESS,
      starterUserId: who.userId,
      businessKey: ev.code,
      title: `爆管抢修 ${ev.code} ${ev.title}`.slice(0, 255),
      variables: {
        eventId: ev.id,
        eventCode: ev.code,
        alarmId,
        address: ev.address ?? alarm.address ?? '',
        pipeDiameter: pipe?.diameter ?? null,
        level: impactLevel(ev.affectedCustomers, ev.criticalCount),
        description:
          input.description?.trim() ||
          `${alarm.title}（${alarm.dmaName ?? alarm.dmaCode ?? ''}）：需关闭阀门 ${ev.valveCount} 个，影响 ${ev.affectedCustomers} 户`,
      },
    });
    return { eventId: ev.id, eventCode: ev.code, processInstanceId: p.processInstanceId };
  } catch (e) {
    // no event without its process: the dispatch can be tried again once the process is deployed
    await ctx.db.delete(burstEvent).where(inTenant(burstEvent, tenantId, eq(burstEvent.id, ev.id)));
    throw e;
  }
}
