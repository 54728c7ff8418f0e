/**
 * Escalation of orders nobody acknowledged in time: the dispatcher who issued it gets a message and an alarm
 * (type `dispatch`) opens in the alarm centre, once per order. Runs in the jobs leader (index.ts) every minute;
 * `escalateOverdue` takes the clock as an argument so tests can run it at a chosen time.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { raiseAlarm } from '../alarm/index.ts';
import { sendMessage } from '../message/index.ts';
import { describe, writeLog } from './orders.ts';
import { dispatchOrder } from './schema.ts';

export const ESCALATE_EVERY_MS = 60_000;

export async function escalateOverdue(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await ctx.db
    .select()
    .from(dispatchOrder)
    .where(
      and(
        eq(dispatchOrder.state, 'issued'),
        eq(dispatchOrder.isDeleted, 0),
        isNull(dispatchOrder.escalatedAt),
        sql`${dispatchOrder.issuedAt} + make_interval(mins => ${dispatchOrder.ackMinutes}) < ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(200);
  let n = 0;
  for (const o of due) {
    // claim the order first: a second leader after a handover must not escalate it again
    const claimed = await ctx.db
      .update(dispatchOrder)
      .set({ escalatedAt: now })
      .where(and(eq(dispatchOrder.id, o.id), isNull(dispatchOrder.escalatedAt), eq(dispatchOrder.state, 'issued')))
      .returning({ id: dispatchOrder.id });
    if (!claimed.length) continue;
    const text = `${o.stnm} ${describe(o)}`;
    const alarm = await raiseAlarm(ctx, {
      tenantId: o.tenantId,
      alarmType: 'dispatch',
      alarmLevel: 2,
      source: 'detector',
      sourceKey: `dispatch/${o.code}`,
      title: `调度指令超时未确认 ${o.code}`,
      content: `调度指令 ${o.code}（${text}）下达 ${o.ackMinutes} 分钟内无人确认`,
      at: now,
      stationId: o.stationId,
      stcd: o.stcd,
    });
    await sendMessage(ctx, {
      tenantId: o.tenantId,
      userIds: [o.issuedBy],
      messageType: 2,
      title: `调度指令超时未确认：${o.code}`,
      content: `${text} 已超过 ${o.ackMinutes} 分钟无人确认，请电话联系站点或改派。`,
      bizType: 'dispatch_order',
      bizId: o.id,
    });
    await ctx.db.transaction(async (tx) => {
      if (alarm) await tx.update(dispatchOrder).set({ alarmId: alarm.id }).where(eq(dispatchOrder.id, o.id));
      await writeLog(tx, o, 'escalate', now, null, `超过 ${o.ackMinutes} 分钟未确认，已通知调度员并报警`);
    });
    n++;
  }
  return n;
}
