/**
 * Timers: the jobs leader polls due `wf_timer` rows (persisted due times: a restart loses nothing, a timer due while
 * the server was down fires at the next poll); each firing runs as a command on its instance (locked):
 * - a non-interrupting boundary reminds the task's assignee or candidates, sends a token down the boundary's
 *   outgoing flows if it has any, and re-arms a cycle (R3/PT1H) or removes the timer;
 * - an interrupting boundary ends the task (delete reason `timeout`) and the token leaves by the boundary's flows;
 * - an intermediate timer catch event lets its waiting token go on.
 */
import { asc, eq, lte } from 'drizzle-orm';
import { type Ctx, command } from './engine.ts';
import { wfExecution, wfTask, wfTaskCandidate, wfTimer } from './schema.ts';

/** how often the leader looks for due timers (a PT2S timer fires within about this much after its due time) */
export const TIMER_POLL_MS = 2_000;

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
        const node = c.graph.nodes[timer.activityId];
        if (node?.type === 'timerCatch') {
          // an intermediate timer: its waiting token goes on
          const [exec] = await c.tx.select().from(wfExecution).where(eq(wfExecution.id, timer.executionId));
          if (!exec || exec.activityId !== node.id) return false;
          await c.comment('timer', `定时「${c.label(node)}」到期`);
          await c.resume(exec, node);
          return true;
        }
        const host = timer.taskId
          ? Object.values(c.graph.nodes).find((n) => n.timers?.some((x) => x.id === timer.activityId))
          : undefined;
        const def = host?.timers?.find((x) => x.id === timer.activityId);
        if (def?.interrupting && node) {
          // an interrupting boundary: the task (its whole multi-instance) ends, the token leaves by the timer's flows
          const [exec] = await c.tx.select().from(wfExecution).where(eq(wfExecution.id, timer.executionId));
          if (!exec) return false;
          const root = (await c.rootOf(exec)) ?? exec;
          await c.comment('timer', `「${c.label(host!)}」超时，转到「${c.label(node)}」后续`, timer.taskId);
          await c.kill(root, 'timeout');
          const next = await c.newExec(node.id);
          await c.run([{ exec: next, nodeId: node.id }]);
          return true;
        }
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
