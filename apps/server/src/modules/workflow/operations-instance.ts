/**
 * The operations on a whole instance (suspend and activate, terminate, delete, withdraw, urge, copy, dispatch, add
 * multi-instance executions), each one command like the task operations (operations.ts).
 */
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { inTenant } from '../../core/scoped.ts';
import { type Actor, type Command, type Ctx, command, copyTo, MSG } from './engine.ts';
import { nameOf, type OpInput, openTask, requireRunning, taskRow } from './operations-common.ts';
import { wfComment, wfExecution, wfInstance, wfTask, wfTaskCandidate } from './schema.ts';

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
