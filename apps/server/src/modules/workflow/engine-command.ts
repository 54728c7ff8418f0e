/** The walk itself: tokens move through the graph, multi-instance tasks, moves between nodes, ending. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { run as runText, type Statement, stmt, withCtes } from '../../db/statement.ts';
import { type ExecRow, MAX_STEPS, MSG } from './engine-base.ts';
import { CommandTasks } from './engine-tasks.ts';
import { isExpression } from './expr.ts';
import { type GNode, reachable } from './parse.ts';
import { wfExecution, wfInstance, wfTimer } from './schema.ts';
import { runServiceTask } from './service-task.ts';

/** a token about to arrive at a node, over a flow */
type Step = { exec: ExecRow; nodeId: string; via?: string };

/** One command on a locked instance (see engine.ts): `CommandTasks` with the walk of the tokens. */
export class Command extends CommandTasks {
  /** Moves a token over a flow into its target and runs until every token waits or ends. */
  async run(queue: Step[]) {
    if (!queue.length) this.tokenRemoved = true;
    while (queue.length) {
      if (++this.steps > MAX_STEPS) throw badRequest(MSG.loop);
      const { exec, nodeId, via } = queue.shift()!;
      const n = this.node(nodeId);
      // the token's move is written with the next write of this step (a task) or on its own; an ending token
      // is deleted, so its last position is not written at all
      let move: Statement | undefined;
      if (exec.activityId !== nodeId) {
        if (n.type !== 'endEvent') move = stmt('update wf_execution set activity_id = ? where id = ?', nodeId, exec.id);
        exec.activityId = nodeId;
      }
      if (move && !(n.type === 'userTask' && !n.mi)) {
        await runText(this.tx, move);
        move = undefined;
      }
      await this.arrive(exec, n, via, move, queue);
    }
    await this.finishIfNoToken();
  }

  /** One step: the token `exec` has arrived at `n` (over flow `via`); the tokens it sends on join `queue`. */
  private async arrive(exec: ExecRow, n: GNode, via: string | undefined, move: Statement | undefined, queue: Step[]) {
    switch (n.type) {
      case 'startEvent':
      case 'boundaryEvent':
      case 'exclusiveGateway':
        await this.log(exec, n, true);
        queue.push(...(await this.leave(exec, n)));
        break;
      case 'endEvent':
        await this.arriveAtEnd(exec, n, queue);
        break;
      case 'parallelGateway':
        await this.arriveAtParallel(exec, n, via, queue);
        break;
      case 'userTask':
        if (n.mi) await this.startMi(exec, n, queue);
        else await this.createTask(exec, n, undefined, move);
        break;
      case 'serviceTask':
        // runs now, inside this command: a failure is a 400 and nothing of the step is written (service-task.ts)
        await runServiceTask(this, exec, n);
        await this.log(exec, n, true);
        queue.push(...(await this.leave(exec, n)));
        break;
      case 'subProcess':
        // the token enters the embedded sub-process through its start event; its history row stays open
        await this.log(exec, n, false);
        queue.push({ exec, nodeId: n.innerStart! });
        break;
      case 'timerCatch':
        await this.waitForTimer(exec, n);
        break;
      case 'messageCatch':
        // the token waits for its message (correlateMessage in service-task.ts)
        await this.log(exec, n, false);
        break;
    }
  }

  private async arriveAtEnd(exec: ExecRow, n: GNode, queue: Step[]) {
    if (n.parent) {
      // the end of an embedded sub-process: the last token inside leaves the sub-process by its flows
      await this.log(exec, n, true);
      const sub = this.node(n.parent);
      const others = (await this.executions()).filter((e) => e.id !== exec.id && this.within(e.activityId, sub.id));
      if (others.length) {
        await this.tx.delete(wfExecution).where(eq(wfExecution.id, exec.id));
        return;
      }
      await this.tx.update(wfExecution).set({ activityId: sub.id }).where(eq(wfExecution.id, exec.id));
      exec.activityId = sub.id;
      await this.closeActivity(exec, sub);
      queue.push(...(await this.leave(exec, sub)));
      return;
    }
    // the end event's history and the token's removal in one round trip
    await runText(
      this.tx,
      withCtes(stmt('delete from wf_execution where id = ?', exec.id), [['ended', this.activityInsert(exec, n, true)]]),
    );
    this.tokenRemoved = true;
  }

  private async arriveAtParallel(exec: ExecRow, n: GNode, via: string | undefined, queue: Step[]) {
    if (n.incoming.length <= 1) {
      await this.log(exec, n, true);
      queue.push(...(await this.leave(exec, n)));
      return;
    }
    await this.tx
      .update(wfExecution)
      .set({ waiting: true, viaFlow: via ?? null })
      .where(eq(wfExecution.id, exec.id));
    const waiting = await this.tx
      .select()
      .from(wfExecution)
      .where(and(eq(wfExecution.instanceId, this.id), eq(wfExecution.activityId, n.id), eq(wfExecution.waiting, true)))
      .orderBy(asc(wfExecution.id));
    const arrived = new Set(waiting.map((w) => w.viaFlow));
    if (!n.incoming.every((f) => arrived.has(f))) return;
    // one token per incoming flow is consumed; extra arrivals over the same flow keep waiting
    const consumed = new Map<string, ExecRow>();
    for (const w of waiting) if (w.viaFlow && !consumed.has(w.viaFlow)) consumed.set(w.viaFlow, w);
    const [keep, ...rest] = [...consumed.values()];
    if (rest.length)
      await this.tx.delete(wfExecution).where(
        inArray(
          wfExecution.id,
          rest.map((r) => r.id),
        ),
      );
    await this.tx.update(wfExecution).set({ waiting: false, viaFlow: null }).where(eq(wfExecution.id, keep.id));
    keep.waiting = false;
    keep.viaFlow = null;
    await this.log(keep, n, true);
    queue.push(...(await this.leave(keep, n)));
  }

  /** the token waits; the jobs leader's timer poll moves it on when due (timers.ts) */
  private async waitForTimer(exec: ExecRow, n: GNode) {
    await this.log(exec, n, false);
    const due = n.wait?.at ? new Date(n.wait.at) : new Date(this.now.getTime() + (n.wait?.ms ?? 0));
    await this.tx.insert(wfTimer).values({
      instanceId: this.id,
      executionId: exec.id,
      taskId: null,
      activityId: n.id,
      dueAt: due,
      repeatLeft: 0,
      intervalMs: 0,
    });
  }

  /** After a walk: the instance is finished when no token is left. */
  private async finishIfNoToken() {
    // every token still waits somewhere unless one was removed: the instance cannot have ended
    if (!this.tokenRemoved) return;
    if (this.inst.state !== 'running' && this.inst.state !== 'suspended') return;
    // finished when no token is left: looked up and written in one statement
    const done = await runText(
      this.tx,
      stmt(
        `update wf_instance set state = 'finished', end_time = ? where id = ?
          and not exists (select 1 from wf_execution where instance_id = ?) returning id`,
        this.now,
        this.id,
        this.id,
      ),
    );
    if (done.length) this.inst = { ...this.inst, state: 'finished', endTime: this.now };
  }

  /** The flows a token takes out of a node (one token per flow; the first reuses the token). */
  async leave(exec: ExecRow, n: GNode): Promise<{ exec: ExecRow; nodeId: string; via: string }[]> {
    const vars = await this.scope(exec);
    let taken: string[];
    if (n.type === 'exclusiveGateway') {
      const hit = n.outgoing.find((fid) => {
        const f = this.graph.flows[fid];
        return fid !== n.default && (!f.condition || this.test(f.condition, vars, `连线「${f.name ?? f.id}」`));
      });
      taken = hit ? [hit] : n.default ? [n.default] : [];
    } else if (n.type === 'parallelGateway') taken = n.outgoing;
    else
      taken = n.outgoing.filter((fid) => {
        const f = this.graph.flows[fid];
        return !f.condition || this.test(f.condition, vars, `连线「${f.name ?? f.id}」`);
      });
    if (!taken.length) throw badRequest(MSG.noFlow(this.label(n)));
    const out: { exec: ExecRow; nodeId: string; via: string }[] = [];
    for (let i = 0; i < taken.length; i++) {
      const f = this.graph.flows[taken[i]];
      const e = i === 0 ? exec : await this.newExec(n.id);
      out.push({ exec: e, nodeId: f.target, via: f.id });
    }
    return out;
  }

  /** A waiting catch event (timer or message) lets its token go on. */
  async resume(exec: ExecRow, n: GNode) {
    await this.closeActivity(exec, n);
    await this.run(await this.leave(exec, n));
  }

  /** Enters a multi-instance task: the token becomes the root, children get their tasks. */
  async startMi(exec: ExecRow, n: GNode, queue: Step[]) {
    const mi = n.mi!;
    const vars = await this.scope(exec);
    const where = `多实例任务「${this.label(n)}」`;
    let list: unknown[];
    if (this.nextAssignees?.length) {
      list = this.nextAssignees;
      if (mi.cardinality) {
        const need = Number(this.eval(mi.cardinality, vars, `${where}的循环次数`));
        if (list.length < need) throw badRequest(MSG.needAssignees(need));
      }
    } else if (mi.collection) {
      const src = isExpression(mi.collection) ? mi.collection : `\${${mi.collection}}`;
      const v = this.eval(src, vars, `${where}的集合`);
      list = Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : String(v).split(',');
    } else {
      const count = Number(this.eval(mi.cardinality!, vars, `${where}的循环次数`));
      if (!Number.isInteger(count) || count < 0 || count > 1000) throw badRequest(`${where}的循环次数无效`);
      list = Array.from({ length: count }, (_, i) => i);
    }
    const total = list.length;
    if (total === 0) {
      await this.log(exec, n, true);
      queue.push(...(await this.leave(exec, n)));
      return;
    }
    const rootVars = {
      nrOfInstances: total,
      nrOfCompletedInstances: 0,
      nrOfActiveInstances: mi.sequential ? 1 : total,
      collection: list,
    };
    await this.tx.update(wfExecution).set({ isMiRoot: true, vars: rootVars }).where(eq(wfExecution.id, exec.id));
    exec.isMiRoot = true;
    exec.vars = rootVars;
    const upto = mi.sequential ? 1 : total;
    for (let i = 0; i < upto; i++) await this.miChild(exec, n, i, list[i]);
  }

  async miChild(root: ExecRow, n: GNode, i: number, item: unknown) {
    const mi = n.mi!;
    const vars: Record<string, unknown> = { loopCounter: i };
    if (mi.elementVariable) vars[mi.elementVariable] = item;
    const child = await this.newExec(n.id, { parentId: root.id, loopCounter: i, vars });
    // the element variable is the assignee when the node's assignee names it (e.g. ${assignee})
    await this.createTask(child, n);
  }

  /** A child of an MI activity finished (completed) or was removed: counters, completion condition, next child. */
  async miChildDone(root: ExecRow, n: GNode, completed: boolean, removedIndex?: number) {
    const rv = { ...(root.vars as Record<string, any>) };
    if (completed) {
      rv.nrOfCompletedInstances = Number(rv.nrOfCompletedInstances) + 1;
      rv.nrOfActiveInstances = Math.max(0, Number(rv.nrOfActiveInstances) - 1);
    } else {
      rv.nrOfInstances = Math.max(0, Number(rv.nrOfInstances) - 1);
      rv.nrOfActiveInstances = Math.max(0, Number(rv.nrOfActiveInstances) - 1);
      const list = [...(rv.collection ?? [])];
      if (n.mi!.sequential && removedIndex !== undefined) list.splice(removedIndex, 1);
      rv.collection = list;
    }
    await this.tx.update(wfExecution).set({ vars: rv }).where(eq(wfExecution.id, root.id));
    root.vars = rv;
    const scope = { ...(await this.scope()), ...rv };
    const allDone = rv.nrOfCompletedInstances >= rv.nrOfInstances;
    const condition =
      completed && n.mi!.completion
        ? this.test(n.mi!.completion, scope, `多实例任务「${this.label(n)}」的完成条件`)
        : false;
    if (allDone || condition) {
      const kids = await this.tx.select().from(wfExecution).where(eq(wfExecution.parentId, root.id));
      for (const k of kids) await this.kill(k, 'mi-completed');
      await this.tx.update(wfExecution).set({ isMiRoot: false, vars: {} }).where(eq(wfExecution.id, root.id));
      root.isMiRoot = false;
      root.vars = {};
      await this.log(root, n, true);
      await this.run(await this.leave(root, n));
      return;
    }
    if (n.mi!.sequential && rv.nrOfActiveInstances === 0) {
      const next = Number(rv.nrOfCompletedInstances);
      const list = rv.collection ?? [];
      rv.nrOfActiveInstances = 1;
      await this.tx.update(wfExecution).set({ vars: rv }).where(eq(wfExecution.id, root.id));
      await this.miChild(root, n, next, list[next]);
    }
  }

  /** Moves the given tokens out and one new token into `target`, restoring joins the target's branch needs. */
  async moveTo(kill: ExecRow[], target: string, reason: string) {
    for (const e of kill) await this.kill(e, reason);
    const t = this.node(target);
    if (t.type === 'endEvent') {
      await this.run([]);
      return;
    }
    const inBranch = reachable(this.graph, target, true);
    inBranch.add(target);
    const live = await this.executions();
    for (const j of inBranch) {
      const jn = this.graph.nodes[j];
      if (jn.type !== 'parallelGateway' || jn.incoming.length < 2) continue;
      for (const fid of jn.incoming) {
        const src = this.graph.flows[fid].source;
        if (inBranch.has(src) && src !== j) continue;
        const covered = live.some((e) =>
          e.waiting
            ? e.activityId === j && e.viaFlow === fid
            : e.activityId === src || reachable(this.graph, e.activityId, true).has(src),
        );
        if (!covered) await this.newExec(j, { waiting: true, viaFlow: fid });
      }
    }
    const exec = await this.newExec(target);
    await this.run([{ exec, nodeId: target }]);
  }

  /** The tokens a move from `current` to `target` must take away: the current one (its whole MI), and every other
   * token the target's branch would make again (it sits where the target reaches without passing a join). */
  async tokensToMove(current: ExecRow, target: string): Promise<ExecRow[]> {
    const all = await this.executions();
    const root = current.parentId ? all.find((e) => e.id === current.parentId) : undefined;
    const mine = root ?? current;
    const inBranch = reachable(this.graph, target, true);
    inBranch.add(target);
    return all.filter((e) => {
      if (e.parentId) return false;
      if (e.id === mine.id) return true;
      const pos = e.waiting && e.viaFlow ? this.graph.flows[e.viaFlow].source : e.activityId;
      return inBranch.has(pos);
    });
  }

  /**
   * Flowable's initiator skip: each open task the start has just made at a node straight after the start event,
   * held by the starter (not multi-instance), is completed as the starter's submit (comment 提交). A task sent back
   * to that node later is not skipped: the starter corrects the form there and submits again.
   */
  async skipFirstNode(nextAssignees?: string[]) {
    const first = new Set(this.node(this.graph.startId).outgoing.map((f) => this.graph.flows[f].target));
    for (const t of await this.openTasks()) {
      const n = this.graph.nodes[t.taskDefKey];
      if (!first.has(t.taskDefKey) || n?.mi || t.assignee !== this.inst.starterId) continue;
      if (nextAssignees?.length) this.nextAssignees = nextAssignees;
      const exec = await this.endTaskReadingToken(t, 'completed', this.inst.starterId, [
        this.commentSql('pass', '提交', t.id),
      ]);
      if (exec) await this.run(await this.leave(exec, n));
    }
  }

  async finishAs(state: 'terminated' | 'withdrawn' | 'deleted', reason: string) {
    const roots = (await this.executions()).filter((e) => !e.parentId);
    for (const e of roots) await this.kill(e, reason);
    await this.tx
      .update(wfInstance)
      .set({ state, endTime: this.now, deleteReason: reason })
      .where(eq(wfInstance.id, this.id));
    this.inst = { ...this.inst, state, endTime: this.now, deleteReason: reason };
  }
}
