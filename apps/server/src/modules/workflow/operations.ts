/**
 * The task operations of spec 2 §4 with the rules of workflow.md §1, each one command (one locked instance, one
 * transaction). `asAdmin` is the ops family (administrators act on any task of their tenant).
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { run, type Statement, stmt } from '../../db/statement.ts';
import { type Actor, type Command, type Ctx, command, commandOnTask, copyTo, MSG, type TaskRow } from './engine.ts';
import { isCandidate, mayWork, nameOf, type OpInput, openTask, requireRunning, taskRow } from './operations-common.ts';
import { reachable } from './parse.ts';
import { wfActivity, wfExecution, wfTask } from './schema.ts';

export type { OpInput } from './operations-common.ts';
export {
  addMultiInstance,
  changeStatus,
  copyTask,
  deleteInstance,
  deleteMultiInstance,
  dispatchTask,
  returnable,
  terminateProcess,
  URGE_INTERVAL_MS,
  urgeTask,
  withdrawTask,
} from './operations-instance.ts';

/** complete (pass) or reject (pass=false); a delegated task is resolved back to its owner instead. */
export async function completeTask(ctx: Ctx, actor: Actor, input: OpInput, asAdmin = false) {
  const taskId = input.taskId;
  if (!taskId) throw badRequest('缺少必要的请求参数: taskId');
  return commandOnTask(ctx, taskId, actor, async (c) => {
    requireRunning(c);
    let t = await openTask(c, taskId);
    t = await mayWork(c, t, actor, asAdmin);
    // the caller's draft of this task goes with the completion (or the resolution)
    const dropDraft = stmt('delete from wf_draft where task_id = ? and user_id = ?', t.id, actor.userId);
    const simplePass = input.pass !== false && t.delegation !== 'PENDING';
    if (!simplePass) await run(c.tx, dropDraft);
    if (t.delegation === 'PENDING') {
      // BX resolveTask: the delegate hands the task back; the process does not move
      await c.tx.update(wfTask).set({ delegation: 'RESOLVED', assignee: t.owner }).where(eq(wfTask.id, t.id));
      await c.comment('resolve', input.comment ?? '', t.id);
      c.notify([t.owner ?? ''], `委托任务已处理：${c.inst.processName}-${t.name}`, '被委托人已处理，请您审批', t.id);
      if (input.copyUser?.length) await copyTo(c, input.copyUser, t.id);
      return { result: 'resolved', instanceId: c.id };
    }
    if (input.variables) {
      const before = c.inst.vars as Record<string, unknown>;
      await c.setVars(input.variables);
      // a corrected form (flowable:formEditable) renames the instance by its title template again
      if (c.graph.nodes[t.taskDefKey]?.formEditable) await c.retitle(before);
    }
    if (input.copyUser?.length) await copyTo(c, input.copyUser, t.id);
    if (input.pass === false) {
      await c.comment('reject', input.comment ?? '', t.id);
      await reject(c, t, actor);
      return { result: 'rejected', instanceId: c.id };
    }
    if (input.assignee?.length) c.nextAssignees = input.assignee;
    // the draft's removal and the comment go with the task's end (one round trip)
    await finishTask(c, t, actor.userId, [dropDraft, c.commentSql('pass', input.comment ?? '', t.id)]);
    return { result: 'completed', instanceId: c.id };
  });
}

/** Ends the task and moves its token on (MI: counters and completion condition first). */
export async function finishTask(c: Command, t: TaskRow, by: string, alongside: Statement[] = []) {
  const exec = await c.endTaskReadingToken(t, 'completed', by, alongside);
  if (!exec) return;
  const n = c.node(t.taskDefKey);
  const root = await c.rootOf(exec);
  if (root) {
    await c.tx.delete(wfExecution).where(eq(wfExecution.id, exec.id));
    await c.miChildDone(root, n, true);
    return;
  }
  await c.run(await c.leave(exec, n));
}

/** Finished user tasks / the start event the current node can be reached from (BX getBackNodes). */
export async function backNodes(c: Command, current: string) {
  const rows = await c.tx
    .select({ id: wfActivity.activityId, type: wfActivity.activityType, end: wfActivity.endTime })
    .from(wfActivity)
    .where(and(eq(wfActivity.instanceId, c.id), isNotNull(wfActivity.endTime)))
    .orderBy(asc(wfActivity.endTime), asc(wfActivity.id));
  const out: { nodeId: string; nodeName: string }[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (r.type !== 'userTask' && r.type !== 'startEvent') continue;
    if (r.id === current || seen.has(r.id)) continue;
    if (!c.graph.nodes[r.id] || !reachable(c.graph, r.id).has(current)) continue;
    seen.add(r.id);
    out.push({ nodeId: r.id, nodeName: c.graph.nodes[r.id].name ?? r.id });
  }
  // a task finished later than the first visit moves to the end (order of last finish)
  return out;
}

async function reject(c: Command, t: TaskRow, actor: Actor) {
  const n = c.node(t.taskDefKey);
  const backs = await backNodes(c, t.taskDefKey);
  const target =
    (n.rollbackNode && c.graph.nodes[n.rollbackNode] ? n.rollbackNode : undefined) ??
    (c.graph.rollbackNode && c.graph.nodes[c.graph.rollbackNode] ? c.graph.rollbackNode : undefined) ??
    backs.at(-1)?.nodeId;
  if (!target) throw badRequest(MSG.noBackNode);
  await moveBack(c, t, target, 'rejected', actor.userId);
}

async function moveBack(c: Command, t: TaskRow, target: string, reason: string, by: string) {
  const tn = c.node(target);
  if (tn.type === 'startEvent') {
    await c.endTask(t, reason, by);
    await c.finishAs('terminated', reason);
    await c.setVars({ processTerminate: true });
    return;
  }
  await c.endTask(t, reason, by);
  const [exec] = await c.tx.select().from(wfExecution).where(eq(wfExecution.id, t.executionId));
  if (!exec) throw badRequest(MSG.taskGone);
  const kill = await c.tokensToMove(exec, target);
  await c.moveTo(kill, target, reason);
}

/** BX rollbackTask(taskId, nodeId, comment): to a valid back node; to the start event terminates. */
export async function rollbackTask(ctx: Ctx, actor: Actor, input: OpInput, asAdmin = false) {
  const t0 = await taskRow(ctx, actor, input.taskId);
  return command(ctx, t0.instanceId, actor, async (c) => {
    requireRunning(c);
    let t = await openTask(c, t0.id);
    t = await mayWork(c, t, actor, asAdmin);
    if (!input.nodeId) {
      await c.comment('rollback', input.comment ?? '', t.id);
      await reject(c, t, actor);
      return;
    }
    const backs = await backNodes(c, t.taskDefKey);
    if (!backs.some((b) => b.nodeId === input.nodeId)) throw badRequest(MSG.badBackNode);
    await c.comment('rollback', input.comment ?? '', t.id);
    await moveBack(c, t, input.nodeId, 'rollback', actor.userId);
  });
}

export async function getBackNodes(ctx: Ctx, actor: Actor, taskId: string | undefined) {
  const t0 = await taskRow(ctx, actor, taskId);
  return command(ctx, t0.instanceId, actor, (c) => backNodes(c, t0.taskDefKey));
}

/** claim (taskId, me) or unclaim (assignee '' by the holder). */
export async function claimTask(ctx: Ctx, actor: Actor, taskId: string | undefined, unclaim = false) {
  const t0 = await taskRow(ctx, actor, taskId);
  return command(ctx, t0.instanceId, actor, async (c) => {
    requireRunning(c);
    const t = await openTask(c, t0.id);
    if (unclaim) {
      if (t.assignee !== actor.userId) throw badRequest(MSG.notYours);
      await c.tx.update(wfTask).set({ assignee: null, claimTime: null }).where(eq(wfTask.id, t.id));
      return;
    }
    if (t.assignee === actor.userId) return;
    if (t.assignee) throw badRequest(MSG.claimedByOther);
    if (!(await isCandidate(c, t.id, actor.userId))) throw badRequest(MSG.notCandidate);
    await c.tx.update(wfTask).set({ assignee: actor.userId, claimTime: c.now }).where(eq(wfTask.id, t.id));
    await c.comment('claim', '签收任务', t.id);
  });
}

function one(list: string[] | undefined, what = 'assignee'): string {
  const v = list?.[0];
  if (!v) throw badRequest(`缺少必要的请求参数: ${what}`);
  return v;
}

/** What tells a transfer from a delegation: who missing is called, how the task changes hands, the notice's words. */
interface HandOver {
  kind: 'transfer' | 'delegate';
  missing: string;
  set: (t: TaskRow, target: string, actor: Actor) => Partial<typeof wfTask.$inferInsert>;
  notice: string;
  verb: string;
}

/** transfer and delegate: the same checks, then the task changes hands, the trail says `from→to`, the target is told. */
async function handOver(ctx: Ctx, actor: Actor, input: OpInput, asAdmin: boolean, h: HandOver) {
  const target = one(input.assignee);
  const t0 = await taskRow(ctx, actor, input.taskId);
  return command(ctx, t0.instanceId, actor, async (c) => {
    requireRunning(c);
    let t = await openTask(c, t0.id);
    t = await mayWork(c, t, actor, asAdmin);
    // a delegated task goes back to its owner first: transferring it would lose the way back
    if (t.delegation === 'PENDING') throw badRequest(MSG.pendingDelegation);
    if (!(await c.existingUsers([target])).length) throw badRequest(h.missing);
    await c.tx
      .update(wfTask)
      .set(h.set(t, target, actor))
      .where(eq(wfTask.id, t.id));
    await c.comment(
      h.kind,
      `${await nameOf(c, t.assignee)}→${await nameOf(c, target)}${input.comment ? `: ${input.comment}` : ''}`,
      t.id,
    );
    if (input.copyUser?.length) await copyTo(c, input.copyUser, t.id);
    c.notify(
      [target],
      `您有新的${h.notice}：${c.inst.processName}-${t.name}`,
      `${await nameOf(c, actor.userId)}${h.verb}`,
      t.id,
    );
  });
}

/**
 * transfer: the target becomes both assignee and owner (issue 24). The task is theirs now: a later delegation by
 * them returns to them, not to whoever held it before the transfer (no return path to the transferrer).
 */
export function transferTask(ctx: Ctx, actor: Actor, input: OpInput, asAdmin = false) {
  return handOver(ctx, actor, input, asAdmin, {
    kind: 'transfer',
    missing: '转办人不存在',
    set: (_t, target) => ({ owner: target, assignee: target, delegation: null }),
    notice: '待办任务',
    verb: '转办给您',
  });
}

/**
 * delegate: owner = the delegator (the task's current holder), assignee = target, PENDING until the delegate
 * resolves it; the hand-back (resolve) returns it to the owner. Issue 24: `owner ||= assignee` returned a task that
 * had been transferred and then delegated to the first holder instead of the delegator.
 */
export function delegateTask(ctx: Ctx, actor: Actor, input: OpInput, asAdmin = false) {
  return handOver(ctx, actor, input, asAdmin, {
    kind: 'delegate',
    missing: '被委托人不存在',
    set: (t, target, a) => ({ owner: t.assignee ?? a.userId, assignee: target, delegation: 'PENDING' }),
    notice: '委托任务',
    verb: '委托给您',
  });
}

/** ops: assignee of one or more tasks (comment "A→B", owner untouched). */
export async function changeTaskAssignee(ctx: Ctx, actor: Actor, taskIds: string[], assignee: string) {
  for (const id of taskIds) {
    const t0 = await taskRow(ctx, actor, id);
    await command(ctx, t0.instanceId, actor, async (c) => {
      requireRunning(c, false);
      const t = await openTask(c, t0.id);
      if (!(await c.existingUsers([assignee])).length) throw badRequest('处理人不存在');
      await c.tx.update(wfTask).set({ assignee, claimTime: c.now }).where(eq(wfTask.id, t.id));
      await c.comment('assignee', `${await nameOf(c, t.assignee)}→${await nameOf(c, assignee)}`, t.id);
      c.notify([assignee], `您有新的待办任务：${c.inst.processName}-${t.name}`, '管理员变更了处理人', t.id);
    });
  }
}
