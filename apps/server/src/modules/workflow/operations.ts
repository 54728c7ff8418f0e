/**
 * The task operations of spec 2 §4 with the rules of workflow.md §1, each one command (one locked instance, one
 * transaction). `asAdmin` is the ops family (administrators act on any task of their tenant).
 */
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { inTenant } from '../../core/scoped.ts';
import { run, type Statement, stmt } from '../../db/statement.ts';
import { user as userTable } from '../system/index.ts';
import {
  type Actor,
  type Command,
  type Ctx,
  command,
  commandOnTask,
  copyTo,
  MSG,
  TASK_COLS,
  type TaskRow,
} from './engine.ts';
import { reachable } from './parse.ts';
import { wfActivity, wfComment, wfExecution, wfInstance, wfTask, wfTaskCandidate } from './schema.ts';

export interface OpInput {
  taskId?: string;
  processInstanceId?: string;
  pass?: boolean;
  comment?: string;
  copyUser?: string[];
  assignee?: string[];
  variables?: Record<string, unknown>;
  nodeId?: string;
  withdrawType?: string;
  executionId?: string;
  completed?: boolean;
  status?: string;
}

async function taskRow(ctx: Ctx, actor: Actor, taskId: string | undefined): Promise<TaskRow> {
  if (!taskId) throw badRequest('缺少必要的请求参数: taskId');
  const [t] = await ctx.db
    .select()
    .from(wfTask)
    .where(inTenant(wfTask, actor.tenantId, eq(wfTask.id, taskId)));
  if (!t) throw badRequest(MSG.taskGone);
  return t;
}

/** Re-reads the task under the instance lock: it must still be open (two people at once: one wins). */
async function openTask(c: Command, taskId: string): Promise<TaskRow> {
  const [t] = await run<TaskRow>(c.tx, stmt(`select ${TASK_COLS} from wf_task where id = ?`, taskId));
  if (!t || t.endTime) throw badRequest(MSG.taskGone);
  return t;
}

function requireRunning(c: Command, forWork = true) {
  if (c.inst.state === 'suspended' && forWork) throw badRequest(MSG.suspended);
  if (c.inst.state !== 'running' && c.inst.state !== 'suspended') throw badRequest(MSG.notRunning);
}

async function isCandidate(c: Command, taskId: string, userId: string) {
  const [r] = await c.tx
    .select({ id: wfTaskCandidate.id })
    .from(wfTaskCandidate)
    .where(and(eq(wfTaskCandidate.taskId, taskId), eq(wfTaskCandidate.userId, userId)))
    .limit(1);
  return Boolean(r);
}

/** The caller may work on the task: its assignee, or a candidate of an unassigned task (auto-claimed), or ops. */
async function mayWork(c: Command, t: TaskRow, actor: Actor, asAdmin: boolean): Promise<TaskRow> {
  if (asAdmin) return t;
  if (t.assignee === actor.userId) return t;
  if (!t.assignee && (await isCandidate(c, t.id, actor.userId))) {
    await c.tx.update(wfTask).set({ assignee: actor.userId, claimTime: c.now }).where(eq(wfTask.id, t.id));
    return { ...t, assignee: actor.userId, claimTime: c.now };
  }
  if (t.assignee && (await isCandidate(c, t.id, actor.userId))) throw badRequest(MSG.claimedByOther);
  throw badRequest(MSG.notYours);
}

async function nameOf(c: Command, id: string | null | undefined) {
  if (!id) return '';
  const [u] = await c.tx.select({ n: userTable.realName }).from(userTable).where(eq(userTable.id, id));
  return u?.n ?? id;
}

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

/**
 * transfer: the target becomes both assignee and owner (issue 24). The task is theirs now: a later delegation by
 * them returns to them, not to whoever held it before the transfer (no return path to the transferrer).
 */
export async function transferTask(ctx: Ctx, actor: Actor, input: OpInput, asAdmin = false) {
  const target = one(input.assignee);
  const t0 = await taskRow(ctx, actor, input.taskId);
  return command(ctx, t0.instanceId, actor, async (c) => {
    requireRunning(c);
    let t = await openTask(c, t0.id);
    t = await mayWork(c, t, actor, asAdmin);
    // a delegated task goes back to its owner first: transferring it would lose the way back
    if (t.delegation === 'PENDING') throw badRequest(MSG.pendingDelegation);
    if (!(await c.existingUsers([target])).length) throw badRequest('转办人不存在');
    await c.tx.update(wfTask).set({ owner: target, assignee: target, delegation: null }).where(eq(wfTask.id, t.id));
    await c.comment(
      'transfer',
      `${await nameOf(c, t.assignee)}→${await nameOf(c, target)}${input.comment ? `: ${input.comment}` : ''}`,
      t.id,
    );
    if (input.copyUser?.length) await copyTo(c, input.copyUser, t.id);
    c.notify(
      [target],
      `您有新的待办任务：${c.inst.processName}-${t.name}`,
      `${await nameOf(c, actor.userId)}转办给您`,
      t.id,
    );
  });
}

/**
 * delegate: owner = the delegator (the task's current holder), assignee = target, PENDING until the delegate
 * resolves it; the hand-back (resolve) returns it to the owner. Issue 24: `owner ||= assignee` returned a task that
 * had been transferred and then delegated to the first holder instead of the delegator.
 */
export async function delegateTask(ctx: Ctx, actor: Actor, input: OpInput, asAdmin = false) {
  const target = one(input.assignee);
  const t0 = await taskRow(ctx, actor, input.taskId);
  return command(ctx, t0.instanceId, actor, async (c) => {
    requireRunning(c);
    let t = await openTask(c, t0.id);
    t = await mayWork(c, t, actor, asAdmin);
    if (t.delegation === 'PENDING') throw badRequest(MSG.pendingDelegation);
    if (!(await c.existingUsers([target])).length) throw badRequest('被委托人不存在');
    await c.tx
      .update(wfTask)
      .set({ owner: t.assignee ?? actor.userId, assignee: target, delegation: 'PENDING' })
      .where(eq(wfTask.id, t.id));
    await c.comment(
      'delegate',
      `${await nameOf(c, t.assignee)}→${await nameOf(c, target)}${input.comment ? `: ${input.comment}` : ''}`,
      t.id,
    );
    if (input.copyUser?.length) await copyTo(c, input.copyUser, t.id);
    c.notify(
      [target],
      `您有新的委托任务：${c.inst.processName}-${t.name}`,
      `${await nameOf(c, actor.userId)}委托给您`,
      t.id,
    );
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

async function instanceOf(ctx: Ctx, actor: Actor, input: OpInput): Promise<string> {
  if (input.processInstanceId) return input.processInstanceId;
  return (await taskRow(ctx, actor, input.taskId)).instanceId;
}

/** ops: suspend (status 2 / 'suspend') or activate (1 / 'active') the whole instance. */
export async function changeStatus(ctx: Ctx, actor: Actor, input: OpInput) {
  const id = await instanceOf(ctx, actor, input);
  const s = String(input.status ?? '').toLowerCase();
  const suspend = ['2', 'suspend', 'suspended'].includes(s);
  if (!suspend && !['1', 'active', 'activate'].includes(s))
    throw badRequest('参数校验失败: status 应为 active 或 suspend');
  return command(ctx, id, actor, async (c) => {
    requireRunning(c, false);
    await c.tx
      .update(wfInstance)
      .set({ state: suspend ? 'suspended' : 'running' })
      .where(eq(wfInstance.id, c.id));
    await c.tx
      .update(wfTask)
      .set({ suspended: suspend })
      .where(and(eq(wfTask.instanceId, c.id), isNull(wfTask.endTime)));
    c.inst = { ...c.inst, state: suspend ? 'suspended' : 'running' };
    await c.comment(suspend ? 'suspend' : 'activate', input.comment ?? '');
  });
}

/** terminate: every token to the end, processTerminate=true. Starter or ops. */
export async function terminateProcess(ctx: Ctx, actor: Actor, input: OpInput, asAdmin = false) {
  const id = await instanceOf(ctx, actor, input);
  return command(ctx, id, actor, async (c) => {
    requireRunning(c, false);
    if (!asAdmin && c.inst.starterId !== actor.userId) {
      const t = input.taskId ? await openTask(c, input.taskId) : undefined;
      if (!t || t.assignee !== actor.userId) throw badRequest('只有发起人或当前处理人可以终止流程');
    }
    await c.comment('terminate', input.comment ?? '', input.taskId);
    await c.finishAs('terminated', 'terminated');
    await c.setVars({ processTerminate: true });
  });
}

/** ops deleteProcess / follow delete-process-instance: ends the instance with a reason, keeps its history. */
export async function deleteInstance(ctx: Ctx, actor: Actor, instanceId: string, reason: string) {
  return command(ctx, instanceId, actor, async (c) => {
    if (c.inst.state === 'deleted') return;
    await c.comment('delete', reason);
    if (c.inst.state === 'running' || c.inst.state === 'suspended') await c.finishAs('deleted', reason || 'deleted');
    else await c.tx.update(wfInstance).set({ state: 'deleted', deleteReason: reason }).where(eq(wfInstance.id, c.id));
  });
}

/** BX isReturnable: starter, running, ≤1 finished task and every finished one done by the caller. */
export async function returnable(c: Command, userId: string): Promise<boolean> {
  if (c.inst.starterId !== userId || c.inst.state !== 'running') return false;
  const done = await c.tx
    .select({ by: wfTask.finishedBy, reason: wfTask.deleteReason })
    .from(wfTask)
    .where(and(eq(wfTask.instanceId, c.id), isNotNull(wfTask.endTime)));
  const byPeople = done.filter((d) => d.reason === 'completed' || d.reason === 'rejected');
  return byPeople.length <= 1 && byPeople.every((d) => d.by === userId);
}

/** withdraw: recall to the first task when it is the caller's alone (withdrawType=start), else revoke. */
export async function withdrawTask(ctx: Ctx, actor: Actor, input: OpInput) {
  const id = await instanceOf(ctx, actor, input);
  return command(ctx, id, actor, async (c) => {
    if (c.inst.starterId !== actor.userId) throw badRequest(MSG.withdrawNotStarter);
    if (c.inst.state !== 'running') throw badRequest(c.inst.state === 'suspended' ? MSG.suspended : MSG.notRunning);
    if (!(await returnable(c, actor.userId))) throw badRequest(MSG.withdrawDone);
    await c.comment('withdraw', input.comment ?? '');
    if (input.withdrawType === 'start') {
      const [first] = await c.tx
        .select()
        .from(wfTask)
        .where(eq(wfTask.instanceId, c.id))
        .orderBy(asc(wfTask.id))
        .limit(1);
      const cands = first ? await c.tx.select().from(wfTaskCandidate).where(eq(wfTaskCandidate.taskId, first.id)) : [];
      const mine =
        first &&
        (first.assignee === actor.userId || first.finishedBy === actor.userId) &&
        cands.every((x) => x.userId === actor.userId);
      if (first && mine) {
        const roots = (await c.executions()).filter((e) => !e.parentId);
        c.nextAssignees = undefined;
        await c.moveTo(roots, first.taskDefKey, 'withdrawn');
        return 'recall';
      }
    }
    await c.finishAs('withdrawn', 'withdrawn');
    return 'revoke';
  });
}

/** How often the starter may urge one instance (ops urge is not limited). */
export const URGE_INTERVAL_MS = 10 * 60_000;

/**
 * urge: a notice to each open task's assignee (unassigned tasks skipped); no state change. `asStarter` is the
 * starter's urge from 已发事务: only the starter, only while running, once per URGE_INTERVAL_MS per instance
 * (counted from the caller's last urge comment, read under the instance lock).
 */
export async function urgeTask(ctx: Ctx, actor: Actor, input: OpInput, asStarter = false) {
  const id = await instanceOf(ctx, actor, input);
  return command(ctx, id, actor, async (c) => {
    if (asStarter) {
      if (c.inst.starterId !== actor.userId) throw badRequest('只有发起人可以催办');
      if (c.inst.state !== 'running') throw badRequest(c.inst.state === 'suspended' ? MSG.suspended : MSG.notRunning);
      const since = new Date(c.now.getTime() - URGE_INTERVAL_MS);
      const [recent] = await c.tx
        .select({ time: wfComment.time })
        .from(wfComment)
        .where(
          and(
            eq(wfComment.instanceId, c.id),
            eq(wfComment.type, 'urge'),
            eq(wfComment.userId, actor.userId),
            gt(wfComment.time, since),
          ),
        )
        .limit(1);
      if (recent) throw badRequest('催办过于频繁，每个流程 10 分钟内只能催办一次');
    }
    requireRunning(c, false);
    const tasks = (await c.openTasks()).filter((t) => (input.taskId ? t.id === input.taskId : true));
    let n = 0;
    for (const t of tasks) {
      if (!t.assignee) continue;
      n++;
      c.notify(
        [t.assignee],
        `催办：${c.inst.title ?? c.inst.processName}`,
        `请尽快办理「${t.name}」${input.comment ? `：${input.comment}` : ''}`,
        t.id,
      );
    }
    await c.comment('urge', input.comment ?? `催办 ${n} 人`, input.taskId);
    return n;
  });
}

/** ops copyTask: CC rows (read access) for users. */
export async function copyTask(ctx: Ctx, actor: Actor, input: OpInput) {
  const id = await instanceOf(ctx, actor, input);
  const users = input.copyUser?.length ? input.copyUser : input.assignee;
  if (!users?.length) throw badRequest('缺少必要的请求参数: copyUser');
  return command(ctx, id, actor, (c) => copyTo(c, users, input.taskId ?? null));
}

/** ops dispatch: every token to any user task (no reachability check); comment "A→B: reason". */
export async function dispatchTask(ctx: Ctx, actor: Actor, input: OpInput) {
  const id = await instanceOf(ctx, actor, input);
  if (!input.nodeId) throw badRequest('缺少必要的请求参数: nodeId');
  return command(ctx, id, actor, async (c) => {
    requireRunning(c);
    const target = c.graph.nodes[input.nodeId!];
    if (target?.type !== 'userTask') throw badRequest(MSG.badNode);
    const open = await c.openTasks();
    const from = [...new Set(open.map((t) => t.name))].join('、');
    await c.comment(
      'dispatch',
      `${from}→${target.name ?? target.id}${input.comment ? `: ${input.comment}` : ''}`,
      input.taskId,
    );
    if (input.assignee?.length) c.nextAssignees = input.assignee;
    const roots = (await c.executions()).filter((e) => !e.parentId);
    await c.moveTo(roots, target.id, 'dispatched');
  });
}

/** add MI execution(s): a new child and task per assignee (sequential: appended to the collection). */
export async function addMultiInstance(ctx: Ctx, actor: Actor, input: OpInput, asAdmin = false) {
  const users = input.assignee;
  if (!users?.length) throw badRequest('缺少必要的请求参数: assignee');
  const t0 = await taskRow(ctx, actor, input.taskId);
  return command(ctx, t0.instanceId, actor, async (c) => {
    requireRunning(c);
    const t = await openTask(c, t0.id);
    if (!asAdmin && t.assignee !== actor.userId) throw badRequest(MSG.notYours);
    const n = c.node(t.taskDefKey);
    if (!n.mi) throw badRequest(MSG.notMi);
    const [exec] = await c.tx.select().from(wfExecution).where(eq(wfExecution.id, t.executionId));
    const root = exec ? await c.rootOf(exec) : undefined;
    if (!root) throw badRequest(MSG.notMi);
    const valid = await c.existingUsers(users);
    if (!valid.length) throw badRequest('加签人员不存在');
    const rv = { ...(root.vars as Record<string, any>) };
    const list: unknown[] = [...(rv.collection ?? [])];
    for (const u of valid) {
      // the new child's loopCounter is its place in the collection: a parallel MI's collection keeps removed
      // entries, so nrOfInstances (lowered by a removal) could repeat a live child's loopCounter
      const i = list.length;
      list.push(u);
      rv.nrOfInstances = Number(rv.nrOfInstances) + 1;
      rv.collection = list;
      if (!n.mi.sequential) {
        rv.nrOfActiveInstances = Number(rv.nrOfActiveInstances) + 1;
        await c.tx.update(wfExecution).set({ vars: rv }).where(eq(wfExecution.id, root.id));
        root.vars = rv;
        await c.miChild(root, n, i, u);
      }
    }
    await c.tx.update(wfExecution).set({ vars: rv }).where(eq(wfExecution.id, root.id));
    await c.comment('addMultiInstance', `加签 ${valid.length} 人`, t.id);
  });
}

/** delete MI execution: completed=true counts it as completed (may finish the MI), else nrOfInstances-1. */
export async function deleteMultiInstance(ctx: Ctx, actor: Actor, input: OpInput) {
  let taskId = input.taskId;
  if (!taskId && input.executionId) {
    const [t] = await ctx.db
      .select({ id: wfTask.id })
      .from(wfTask)
      .where(inTenant(wfTask, actor.tenantId, eq(wfTask.executionId, input.executionId), isNull(wfTask.endTime)));
    taskId = t?.id;
  }
  const t0 = await taskRow(ctx, actor, taskId);
  return command(ctx, t0.instanceId, actor, async (c) => {
    requireRunning(c);
    const t = await openTask(c, t0.id);
    const n = c.node(t.taskDefKey);
    const [exec] = await c.tx.select().from(wfExecution).where(eq(wfExecution.id, t.executionId));
    const root = exec ? await c.rootOf(exec) : undefined;
    if (!n.mi || !root || !exec) throw badRequest(MSG.notMi);
    // the last instance cannot be removed: nothing would be left to sign (a sequential MI's instances still to
    // come count, though only the current one has an execution)
    if (!input.completed && Number((root.vars as any).nrOfInstances) <= 1) throw badRequest('不能减签最后一个实例');
    await c.kill(exec, 'mi-deleted');
    await c.comment('deleteMultiInstance', `减签：${await nameOf(c, t.assignee)}`, t.id);
    await c.miChildDone(root, n, Boolean(input.completed), exec.loopCounter ?? undefined);
  });
}
