/**
 * Property test of the engine (issue 9): random sequences of operations, each chosen from those valid in the
 * instance's current state, never leave an orphaned token or a task without an execution. Four processes cover the
 * BPMN subset (exclusive gateway with a default flow, parallel fork and join, sequential and parallel
 * multi-instance, a multi-instance inside a parallel branch, a reminder timer). After every step the rows are
 * checked straight in the database (`checkInvariants`).
 *
 * Bounded: 30 runs of at most 15 steps. The seed is printed; replay one with WF_PROPERTY_SEED=<seed> (and
 * WF_PROPERTY_RUNS for a longer hunt).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import type { AppContext } from '../../core/module.ts';
import { inLine, type SimpleProcess } from './build.ts';
import { definitionById } from './engine.ts';
import {
  addMultiInstance,
  changeStatus,
  claimTask,
  completeTask,
  delegateTask,
  deleteMultiInstance,
  dispatchTask,
  getBackNodes,
  rollbackTask,
  terminateProcess,
  transferTask,
  withdrawTask,
} from './operations.ts';
import { type Graph, reachable } from './parse.ts';
import { countersigned, engineSuite, forked, signTask } from './test-helpers.ts';

let t: TestApp;
let ctx: AppContext;
const PEOPLE = ['admin', 'operator', 'auditor', 'patrol'];
const { ids, actor, deployed, start } = engineSuite((s) => ({ t, ctx } = s), PEOPLE);

async function sql<R = any>(q: string, args: unknown[] = []): Promise<R[]> {
  return (await t.app.ctx.database.pool.query(q, args)).rows as R[];
}

// ---- the processes ----

const xorParallel = (): Omit<SimpleProcess, 'key'> => ({
  name: '分支并行',
  nodes: [
    { id: 's', type: 'start', initiator: 'applyUser' },
    { id: 'a0', type: 'task', name: '申请', assignee: '${starter}' },
    { id: 'g', type: 'xor', name: '金额' },
    { id: 'big', type: 'task', name: '大额审批', assignee: ids.admin },
    { id: 'small', type: 'task', name: '小额审批', candidateGroups: 'role:operator' },
    { id: 'm', type: 'xor', name: '汇合' },
    { id: 'fork', type: 'and' },
    { id: 'b1', type: 'task', name: '技术审核', assignee: ids.operator },
    { id: 'b1x', type: 'task', name: '技术复核', candidateUsers: `${ids.admin},${ids.auditor}` },
    { id: 'b2', type: 'task', name: '财务审核', assignee: ids.auditor, timer: 'PT1H' },
    { id: 'join', type: 'and' },
    { id: 'z', type: 'task', name: '归档', assignee: ids.admin },
    { id: 'e', type: 'end' },
  ],
  flows: [
    ...inLine('s', 'a0', 'g'),
    { from: 'g', to: 'big', condition: '${amount > 100}' },
    { from: 'g', to: 'small', isDefault: true },
    { from: 'big', to: 'm' },
    ...inLine('small', 'm', 'fork', 'b1', 'b1x'),
    { from: 'fork', to: 'b2' },
    { from: 'b1x', to: 'join' },
    ...inLine('b2', 'join', 'z', 'e'),
  ],
});

const multi = (sequential: boolean, completion?: string) =>
  countersigned(
    sequential ? '依次会签' : '并行会签',
    { name: '归档', candidateGroups: 'role:operator' },
    sequential,
    completion,
  );

const miInBranch = () =>
  forked(
    '分支会签',
    [signTask(false)],
    { name: '费用核算', assignee: ids.auditor },
    { name: '装表通水', assignee: ids.admin },
  );

// ---- the state of one instance, read from the database ----

interface Exec {
  id: string;
  parentId: string | null;
  activityId: string;
  isMiRoot: boolean;
  waiting: boolean;
  viaFlow: string | null;
  loopCounter: number | null;
  vars: Record<string, any>;
}
interface Task {
  id: string;
  executionId: string;
  taskDefKey: string;
  assignee: string | null;
  owner: string | null;
  delegation: string | null;
  suspended: boolean;
  candidates: string[];
}
interface State {
  id: string;
  state: string;
  starterId: string;
  endTime: Date | null;
  graph: Graph;
  execs: Exec[];
  tasks: Task[];
}

async function readState(id: string): Promise<State> {
  const [inst] = await sql(
    `select id::text, state, starter_id::text as "starterId", end_time as "endTime", definition_id::text as "definitionId"
       from wf_instance where id = $1`,
    [id],
  );
  const d = await definitionById(ctx.db, inst.definitionId);
  const execs = await sql<Exec>(
    `select id::text, parent_id::text as "parentId", activity_id as "activityId", is_mi_root as "isMiRoot", waiting,
            via_flow as "viaFlow", loop_counter as "loopCounter", vars
       from wf_execution where instance_id = $1 order by id`,
    [id],
  );
  const tasks = await sql<Task>(
    `select t.id::text, t.execution_id::text as "executionId", t.task_def_key as "taskDefKey", t.assignee::text,
            t.owner::text, t.delegation, t.suspended,
            coalesce((select array_agg(c.user_id::text order by c.user_id) from wf_task_candidate c where c.task_id = t.id), '{}') as candidates
       from wf_task t where t.instance_id = $1 and t.end_time is null order by t.id`,
    [id],
  );
  return { ...inst, graph: d!.graph, execs, tasks };
}

const snapshot = (s: State) =>
  JSON.stringify({ state: s.state, execs: s.execs, tasks: s.tasks.map(({ suspended: _s, ...x }) => x) });

// ---- the invariants ----

/** Every rule a consistent instance keeps, checked on the rows; throws with what is wrong. */
async function checkInvariants(id: string, trace: string[]) {
  const s = await readState(id);
  const g = s.graph;
  const problems: string[] = [];
  const bad = (msg: string) => problems.push(msg);
  const [hist] = await sql(
    `select
       (select count(*)::int from wf_timer where instance_id = $1 and (task_id is null or task_id not in
          (select id from wf_task where instance_id = $1 and end_time is null))) as "strayTimers",
       (select count(*)::int from wf_task_candidate c join wf_task t on t.id = c.task_id
          where t.instance_id = $1 and t.end_time is not null) as "strayCandidates",
       (select coalesce(array_agg(task_id::text order by task_id), '{}') from wf_activity
          where instance_id = $1 and end_time is null) as "openActivities",
       (select count(*)::int from wf_activity where instance_id = $1 and end_time is null and task_id is null) as "openNoTask"`,
    [id],
  );
  if (hist.strayTimers) bad(`${hist.strayTimers} timer(s) without an open task`);
  if (hist.strayCandidates) bad(`${hist.strayCandidates} candidate row(s) of finished tasks`);
  if (hist.openNoTask) bad(`${hist.openNoTask} open activity row(s) without a task`);
  const openTaskIds = s.tasks.map((x) => x.id).sort();
  if (JSON.stringify([...hist.openActivities].sort()) !== JSON.stringify(openTaskIds))
    bad(
      `open activity rows ${JSON.stringify(hist.openActivities)} are not the open tasks ${JSON.stringify(openTaskIds)}`,
    );

  if (s.state !== 'running' && s.state !== 'suspended') {
    if (s.execs.length) bad(`ended (${s.state}) with ${s.execs.length} execution(s)`);
    if (s.tasks.length) bad(`ended (${s.state}) with ${s.tasks.length} open task(s)`);
    if (!s.endTime) bad(`ended (${s.state}) without an end time`);
  } else {
    if (!s.execs.length) bad(`${s.state} with no execution`);
    if (s.endTime) bad(`${s.state} with an end time`);
    const byId = new Map(s.execs.map((e) => [e.id, e]));
    // every open task has a live execution at its node
    for (const task of s.tasks) {
      const e = byId.get(task.executionId);
      if (!e) bad(`task ${task.taskDefKey} (${task.id}) has no execution`);
      else {
        if (e.activityId !== task.taskDefKey) bad(`task ${task.taskDefKey} sits on a token at ${e.activityId}`);
        if (e.waiting || e.isMiRoot) bad(`task ${task.taskDefKey} sits on a waiting or MI-root token`);
      }
      if (task.suspended !== (s.state === 'suspended'))
        bad(`task ${task.taskDefKey} suspended=${task.suspended} in a ${s.state} instance`);
      if (!task.assignee && !task.candidates.length) bad(`task ${task.taskDefKey} has nobody to do it`);
      if (task.delegation === 'PENDING' && !task.owner) bad(`delegated task ${task.taskDefKey} has no owner`);
    }
    // every execution waits for a reason: its task, its MI children, or a join
    for (const e of s.execs) {
      const n = g.nodes[e.activityId];
      const mine = s.tasks.filter((x) => x.executionId === e.id);
      if (!n) {
        bad(`token ${e.id} at unknown node ${e.activityId}`);
        continue;
      }
      if (e.waiting) {
        if (n.type !== 'parallelGateway' || n.incoming.length < 2) bad(`token waits at ${e.activityId}, not a join`);
        if (!e.viaFlow || !n.incoming.includes(e.viaFlow)) bad(`token waits at ${e.activityId} via ${e.viaFlow}`);
        if (e.parentId || e.isMiRoot) bad(`waiting token ${e.id} is an MI token`);
        if (mine.length) bad(`waiting token ${e.id} has a task`);
      } else if (e.isMiRoot) {
        const kids = s.execs.filter((k) => k.parentId === e.id);
        const v = e.vars;
        if (!n.mi) bad(`MI root at ${e.activityId}, not an MI node`);
        if (e.parentId) bad(`MI root ${e.id} has a parent`);
        if (mine.length) bad(`MI root at ${e.activityId} has a task`);
        if (!kids.length) bad(`MI root at ${e.activityId} has no children`);
        if (kids.length !== Number(v.nrOfActiveInstances))
          bad(`MI at ${e.activityId}: ${kids.length} children but nrOfActiveInstances=${v.nrOfActiveInstances}`);
        if (n.mi?.sequential && kids.length !== 1) bad(`sequential MI at ${e.activityId} has ${kids.length} children`);
        if (!(Number(v.nrOfCompletedInstances) < Number(v.nrOfInstances)))
          bad(`MI at ${e.activityId} still open with ${v.nrOfCompletedInstances}/${v.nrOfInstances} completed`);
        if (Number(v.nrOfCompletedInstances) + Number(v.nrOfActiveInstances) > Number(v.nrOfInstances))
          bad(
            `MI at ${e.activityId}: completed ${v.nrOfCompletedInstances} + active ${v.nrOfActiveInstances} > ${v.nrOfInstances}`,
          );
        if (n.mi?.sequential && (v.collection ?? []).length !== Number(v.nrOfInstances))
          bad(
            `sequential MI at ${e.activityId}: collection of ${(v.collection ?? []).length}, nrOfInstances ${v.nrOfInstances}`,
          );
        const loops = kids.map((k) => k.loopCounter);
        if (new Set(loops).size !== loops.length) bad(`MI at ${e.activityId}: repeated loopCounter ${loops}`);
      } else {
        if (n.type !== 'userTask') bad(`token stopped at ${n.type} ${e.activityId}`);
        if (e.parentId) {
          const p = byId.get(e.parentId);
          if (!p?.isMiRoot || p.activityId !== e.activityId) bad(`MI child ${e.id} without its root`);
        } else if (n.mi) bad(`plain token at MI node ${e.activityId}`);
        if (mine.length !== 1) bad(`token at ${e.activityId} has ${mine.length} open tasks`);
      }
    }
    // joins: no duplicate arrival, never complete yet waiting, and every branch covered exactly once
    const roots = s.execs.filter((e) => !e.parentId && !e.waiting);
    for (const j of Object.values(g.nodes)) {
      if (j.type !== 'parallelGateway' || j.incoming.length < 2) continue;
      const waiting = s.execs.filter((e) => e.waiting && e.activityId === j.id);
      const via = waiting.map((w) => w.viaFlow);
      if (new Set(via).size !== via.length) bad(`join ${j.id}: two tokens arrived over one flow`);
      if (waiting.length && j.incoming.every((f) => via.includes(f)))
        bad(`join ${j.id} has every arrival but did not fire`);
      const covers = (e: Exec, f: string) => {
        const src = g.flows[f].source;
        return e.activityId === src || reachable(g, e.activityId, true).has(src);
      };
      const heading = waiting.length + roots.filter((e) => j.incoming.some((f) => covers(e, f))).length;
      if (!heading) continue;
      for (const f of j.incoming) {
        const n = via.filter((v) => v === f).length + roots.filter((e) => covers(e, f)).length;
        if (n !== 1) bad(`join ${j.id}: branch ${f} (from ${g.flows[f].source}) has ${n} tokens`);
      }
    }
  }
  if (problems.length)
    throw new Error(
      `instance ${id} (${s.state}) broke its invariants:\n  ${problems.join('\n  ')}\n` +
        `after:\n  ${trace.join('\n  ')}\n` +
        `tokens: ${JSON.stringify(s.execs.map((e) => ({ at: e.activityId, w: e.waiting, via: e.viaFlow, mi: e.isMiRoot, p: e.parentId, v: e.vars })))}\n` +
        `tasks: ${JSON.stringify(s.tasks.map((x) => ({ at: x.taskDefKey, id: x.id, exec: x.executionId, a: x.assignee })))}`,
    );
}

// ---- the operations valid in a state ----

interface Op {
  label: string;
  run: () => Promise<unknown>;
  /** a refusal the engine must give (and change nothing) */
  refusal?: string;
  /** how likely it is chosen (default 8): what ends the instance and refusals are rarer, so runs go deeper */
  weight?: number;
}

/** The op a step's `choice` falls on, by weight. */
function pick(ops: Op[], choice: number): Op {
  const total = ops.reduce((n, o) => n + (o.weight ?? 8), 0);
  let at = choice % total;
  for (const o of ops) {
    at -= o.weight ?? 8;
    if (at < 0) return o;
  }
  return ops[ops.length - 1];
}

const who = (userId: string | null) => Object.keys(ids).find((k) => ids[k] === userId) ?? userId ?? '-';

async function validOps(s: State, arg: number): Promise<Op[]> {
  const ops: Op[] = [];
  const people = Object.values(ids);
  const other = (not: string | null) => {
    const list = people.filter((p) => p !== not);
    return list[arg % list.length];
  };
  const admin = actor(ids.admin);
  if (s.state === 'suspended') {
    ops.push({ label: 'activate', run: () => changeStatus(ctx, admin, { processInstanceId: s.id, status: 'active' }) });
    ops.push({
      label: 'terminate (starter)',
      run: () => terminateProcess(ctx, actor(s.starterId), { processInstanceId: s.id }),
      weight: 1,
    });
    for (const task of s.tasks) {
      const by = task.assignee ?? task.candidates[0];
      ops.push({
        label: `complete ${task.taskDefKey} while suspended`,
        run: () => completeTask(ctx, actor(by), { taskId: task.id }),
        refusal: '流程已挂起，无法办理',
        weight: 1,
      });
    }
    return ops;
  }
  if (s.state !== 'running') return ops;
  const g = s.graph;
  for (const task of s.tasks) {
    const k = task.taskDefKey;
    const n = g.nodes[k];
    if (task.assignee) {
      const holder = actor(task.assignee);
      const pending = task.delegation === 'PENDING';
      ops.push({
        label: `${pending ? 'resolve' : 'complete'} ${k} by ${who(task.assignee)}`,
        run: () => completeTask(ctx, holder, { taskId: task.id, comment: '同意' }),
      });
      const backs = await getBackNodes(ctx, holder, task.id);
      if (!pending) {
        // reject goes to the node's rollbackNode, else the process's, else the last back node (the start ends it)
        const back = n.rollbackNode ?? g.rollbackNode ?? backs.at(-1)?.nodeId ?? '-';
        ops.push({
          label: `reject ${k}→${back} by ${who(task.assignee)}`,
          run: () => completeTask(ctx, holder, { taskId: task.id, pass: false, comment: '退回' }),
          weight: g.nodes[back]?.type === 'startEvent' ? 1 : 8,
        });
        const to = other(task.assignee);
        ops.push({
          label: `delegate ${k} ${who(task.assignee)}→${who(to)}`,
          run: () => delegateTask(ctx, holder, { taskId: task.id, assignee: [to] }),
        });
        // a delegated (PENDING) task goes back to its owner before it can be transferred (issue 24)
        ops.push({
          label: `transfer ${k} ${who(task.assignee)}→${who(to)}`,
          run: () => transferTask(ctx, holder, { taskId: task.id, assignee: [to] }),
        });
      } else {
        const to = other(task.assignee);
        ops.push({
          label: `transfer ${k} while delegated`,
          run: () => transferTask(ctx, holder, { taskId: task.id, assignee: [to] }),
          refusal: '任务委托中，须由被委托人处理',
          weight: 1,
        });
      }
      for (const b of backs)
        ops.push({
          label: `rollback ${k}→${b.nodeId} by ${who(task.assignee)}`,
          run: () => rollbackTask(ctx, holder, { taskId: task.id, nodeId: b.nodeId }),
          weight: g.nodes[b.nodeId]?.type === 'startEvent' ? 1 : 8,
        });
      const intruder = people.find((p) => p !== task.assignee && !task.candidates.includes(p));
      if (intruder)
        ops.push({
          label: `complete ${k} by ${who(intruder)} (not theirs)`,
          run: () => completeTask(ctx, actor(intruder), { taskId: task.id }),
          refusal: '您不是该任务的处理人',
          weight: 1,
        });
    } else {
      const c = task.candidates[arg % task.candidates.length];
      ops.push({ label: `claim ${k} by ${who(c)}`, run: () => claimTask(ctx, actor(c), task.id) });
      ops.push({
        label: `complete ${k} by candidate ${who(c)}`,
        run: () => completeTask(ctx, actor(c), { taskId: task.id }),
      });
    }
    if (n.mi) {
      const e = s.execs.find((x) => x.id === task.executionId);
      const root = s.execs.find((x) => x.id === e?.parentId);
      const add = other(null);
      if (task.assignee)
        ops.push({
          label: `add MI ${who(add)} at ${k} by ${who(task.assignee)}`,
          run: () => addMultiInstance(ctx, actor(task.assignee!), { taskId: task.id, assignee: [add] }),
        });
      ops.push({
        label: `add MI ${who(add)} at ${k} (ops)`,
        run: () => addMultiInstance(ctx, admin, { taskId: task.id, assignee: [add] }, true),
      });
      ops.push({
        label: `delete MI ${who(task.assignee)} at ${k} as completed`,
        run: () => deleteMultiInstance(ctx, admin, { taskId: task.id, completed: true }),
      });
      // the last instance of an MI cannot be removed (workflow.md); any other can
      const last = Number(root?.vars.nrOfInstances) <= 1;
      ops.push({
        label: `delete MI ${who(task.assignee)} at ${k}${last ? ' (the last one)' : ''}`,
        run: () => deleteMultiInstance(ctx, admin, { executionId: task.executionId }),
        refusal: last ? '不能减签最后一个实例' : undefined,
        weight: last ? 1 : 8,
      });
    }
  }
  ops.push({
    label: 'suspend',
    run: () => changeStatus(ctx, admin, { processInstanceId: s.id, status: 'suspend' }),
    weight: 2,
  });
  ops.push({
    label: 'terminate (starter)',
    run: () => terminateProcess(ctx, actor(s.starterId), { processInstanceId: s.id }),
    weight: 1,
  });
  const userTasks = Object.values(g.nodes).filter((n) => n.type === 'userTask');
  const target = userTasks[arg % userTasks.length];
  ops.push({
    label: `dispatch →${target.id}`,
    run: () => dispatchTask(ctx, admin, { processInstanceId: s.id, nodeId: target.id, comment: '调度' }),
  });
  const [done] = await sql(
    `select count(*)::int as n, count(*) filter (where finished_by is distinct from $2)::int as others
       from wf_task where instance_id = $1 and end_time is not null and delete_reason in ('completed','rejected')`,
    [s.id, s.starterId],
  );
  const returnable = done.n <= 1 && done.others === 0;
  for (const type of ['start', 'end'])
    ops.push({
      label: `withdraw (${type})`,
      run: () => withdrawTask(ctx, actor(s.starterId), { processInstanceId: s.id, withdrawType: type }),
      refusal: returnable ? undefined : '流程已被他人处理，无法撤回',
      weight: 1,
    });
  return ops;
}

// ---- the property ----

const RUNS = Number(process.env.WF_PROPERTY_RUNS ?? 30);
const SEED = Number(process.env.WF_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));

describe('property: random valid operation sequences keep tokens and tasks consistent', () => {
  it('never leaves an orphaned token or a task without an execution', {
    timeout: Math.max(60_000, RUNS * 4_000),
  }, async () => {
    console.log(`[workflow property] seed ${SEED}, ${RUNS} runs (replay: WF_PROPERTY_SEED=${SEED})`);
    const keys: string[] = [];
    for (const [i, p] of [
      xorParallel(),
      multi(false, '${nrOfCompletedInstances >= 2}'),
      multi(true),
      miInBranch(),
    ].entries()) {
      keys.push(await deployed({ ...p, key: `prop_${i}_${Date.now()}` }));
    }
    // WF_PROPERTY_STATS=1 prints how often each operation ran
    const stats = new Map<string, number>();
    const count = (what: string) => stats.set(what, (stats.get(what) ?? 0) + 1);
    const step = fc.record({ choice: fc.nat(), arg: fc.nat() });
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: keys.length - 1 }),
        fc.integer({ min: 0, max: 300 }),
        fc.uniqueArray(fc.constantFrom(...PEOPLE), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...PEOPLE),
        fc.array(step, { minLength: 10, maxLength: 15 }),
        async (k, amount, signers, starter, steps) => {
          const trace: string[] = [];
          const begin = async () => {
            trace.push(`start ${keys[k]} by ${starter}, amount ${amount}, signers ${signers.join(',')}`);
            const { id } = await start(keys[k], starter, {
              variables: { amount, signers: signers.map((a) => ids[a]) },
            });
            await checkInvariants(id, trace);
            return id;
          };
          let id = await begin();
          for (const { choice, arg } of steps) {
            let s = await readState(id);
            if (s.state !== 'running' && s.state !== 'suspended') {
              // the instance ended: the remaining steps work on a new one
              count(`ended ${s.state}`);
              id = await begin();
              s = await readState(id);
            }
            const op = pick(await validOps(s, arg), choice);
            trace.push(op.label);
            count(op.label.split(' ')[0] + (op.refusal ? ' (refused)' : ''));
            let failure: unknown;
            try {
              await op.run();
            } catch (e) {
              failure = e;
            }
            if (op.refusal) {
              expect(failure, `expected the refusal 「${op.refusal}」 after:\n  ${trace.join('\n  ')}`).toBeTruthy();
              expect(String((failure as Error).message)).toContain(op.refusal);
              expect((failure as { httpStatus?: number }).httpStatus).toBe(400);
              expect(
                snapshot(await readState(id)),
                `a refusal changed the instance after:\n  ${trace.join('\n  ')}`,
              ).toBe(snapshot(s));
            } else if (failure)
              throw new Error(
                `a valid operation failed: ${(failure as Error).message}\nafter:\n  ${trace.join('\n  ')}`,
                {
                  cause: failure,
                },
              );
            await checkInvariants(id, trace);
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    if (process.env.WF_PROPERTY_STATS) console.log(Object.fromEntries([...stats].sort()));
  });
});
