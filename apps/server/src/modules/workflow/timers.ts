/**
 * Reminder timers (non-interrupting timer boundaries): the jobs leader polls due `wf_timer` rows; each firing runs
 * as a command on its instance (locked), reminds the task's assignee or candidates, sends a token down the
 * boundary's outgoing flows if it has any, and re-arms a cycle (R3/PT1H) or removes the timer.
 */
import { asc, eq, lte } from 'drizzle-orm';
import { type Ctx, command } from './engine.ts';
import { wfTask, wfTaskCandidate, wfTimer } from './schema.ts';

export const TIMER_POLL_MS = 10_000;

/** Fires every timer due at `now`; returns how many fired. */
export async function fireDueTimers(ctx: Ctx, now = new Date(), limit = 100): Promise<number> {
  const due = await ctx.db
    .select()
    .from(wfTimer)
    .where(lte(wfTimer.dueAt, now))
    .orderBy(asc(wfTimer.dueAt))
    .limit(limit);
  let fired = 0;
  for (const t of due) {
    try {
      const ok = await command(ctx, t.instanceId, undefined, async (c) => {
        // re-read under the lock: another instance or a completion may have taken it
        const [timer] = await c.tx.select().from(wfTimer).where(eq(wfTimer.id, t.id));
        if (!timer || timer.dueAt > now) return false;
        if (timer.repeatLeft > 0)
          await c.tx
            .update(wfTimer)
            .set({ dueAt: new Date(timer.dueAt.getTime() + timer.intervalMs), repeatLeft: timer.repeatLeft - 1 })
            .where(eq(wfTimer.id, timer.id));
        else await c.tx.delete(wfTimer).where(eq(wfTimer.id, timer.id));
        if (c.inst.state !== 'running') return false;
        if (timer.taskId) {
          const [task] = await c.tx.select().from(wfTask).where(eq(wfTask.id, timer.taskId));
          if (task && !task.endTime) {
            const to = task.assignee
              ? [task.assignee]
              : (
                  await c.tx
                    .select({ u: wfTaskCandidate.userId })
                    .from(wfTaskCandidate)
                    .where(eq(wfTaskCandidate.taskId, task.id))
                ).map((r) => r.u);
            c.notify(
              to,
              `超时提醒：${c.inst.processName}-${task.name}`,
              `「${task.name}」已超过办理时限，请尽快处理`,
              task.id,
            );
            await c.comment('remind', `超时提醒「${task.name}」`, task.id);
          }
        }
        const b = c.graph.nodes[timer.activityId];
        if (b?.outgoing.length) {
          const exec = await c.newExec(b.id);
          await c.run([{ exec, nodeId: b.id }]);
        }
        return true;
      });
      if (ok) fired++;
    } catch {
      /* one broken instance must not stop the others; its timer stays due and is tried again */
    }
  }
  return fired;
}
