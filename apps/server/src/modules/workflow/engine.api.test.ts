/**
 * The engine over real database rows (embedded or TEST_DATABASE_URL): every operation and rule of workflow.md. The
 * property test (random valid operation sequences) is engine.property.api.test.ts; what it found is kept here.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { badRequest } from '../../core/envelope.ts';
import type { LiveEvent } from '../../core/live.ts';
import type { AppContext } from '../../core/module.ts';
import { user } from '../../db/schema.ts';
import { run, stmt } from '../../db/statement.ts';
import { messageLog, messageRecord } from '../message/schema.ts';
import { inLine, type SimpleProcess } from './build.ts';
import { command, EXEC_COLS, INSTANCE_COLS, startInstance, TASK_COLS } from './engine.ts';
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
  urgeTask,
  withdrawTask,
} from './operations.ts';
import { exclusive } from './process-helpers.ts';
import { wfComment, wfCopy, wfExecution, wfInstance, wfProxy, wfTask, wfTaskCandidate, wfTimer } from './schema.ts';
import { countersigned, engineSuite, forked, T } from './test-helpers.ts';
import { fireDueTimers } from './timers.ts';

let ctx: AppContext;
const { ids, as, deployed, start, started, completeFirst, openTasks, inst, execs } = engineSuite((s) => {
  ctx = s.ctx;
});
/** the three-step process started by patrol, audited by auditor */
const startLinear = () => started(linear(), 'patrol', { variables: { auditor: ids.auditor } });

/** No orphaned token and no task without one: every open task's execution exists and sits at the task's node;
 * every non-root, non-waiting token has exactly one open task; finished instances have no tokens and no tasks. */
async function invariant(id: string) {
  const i = await inst(id);
  const es = await execs(id);
  const ts = await openTasks(id);
  if (i.state !== 'running' && i.state !== 'suspended') {
    expect(es).toEqual([]);
    expect(ts).toEqual([]);
    return;
  }
  const byId = new Map(es.map((e) => [e.id, e]));
  for (const task of ts) {
    const e = byId.get(task.executionId);
    expect(e, `task ${task.name} has a token`).toBeTruthy();
    expect(e!.activityId).toBe(task.taskDefKey);
  }
  for (const e of es) {
    if (e.isMiRoot || e.waiting) continue;
    expect(ts.filter((x) => x.executionId === e.id).length, `token at ${e.activityId} has one task`).toBe(1);
    if (e.parentId) expect(byId.get(e.parentId)?.isMiRoot).toBe(true);
  }
  for (const e of es) if (e.isMiRoot) expect(es.some((c) => c.parentId === e.id)).toBe(true);
  expect(es.length).toBeGreaterThan(0);
}

const linear = (): Omit<SimpleProcess, 'key'> => ({
  name: '三步审批',
  nodes: [
    { id: 'start', type: 'start', initiator: 'applyUser' },
    { id: 'apply', type: 'task', name: '提交申请', assignee: '${applyUser}' },
    { id: 'check', type: 'task', name: '运营审核', candidateGroups: 'role:operator' },
    { id: 'approve', type: 'task', name: '审计复核', assignee: '${auditor}', timer: 'PT1H' },
    { id: 'end', type: 'end' },
  ],
  flows: inLine('start', 'apply', 'check', 'approve', 'end'),
});

describe('start, claim and complete', () => {
  it('walks a linear process with assignee, role candidates and an expression', async () => {
    const { id } = await startLinear();
    let [task] = await openTasks(id);
    expect(task.name).toBe('提交申请');
    expect(task.assignee).toBe(ids.patrol);
    await completeTask(ctx, as('patrol'), { taskId: task.id, comment: '请审核' });
    [task] = await openTasks(id);
    expect(task.name).toBe('运营审核');
    expect(task.assignee).toBeNull();
    const cands = await ctx.db.select().from(wfTaskCandidate).where(eq(wfTaskCandidate.taskId, task.id));
    expect(cands.map((c) => c.userId)).toEqual(expect.arrayContaining([ids.admin, ids.operator]));
    expect(cands.map((c) => c.userId)).not.toContain(ids.patrol);
    // not a candidate
    await expect(claimTask(ctx, as('patrol'), task.id)).rejects.toThrow('您不是该任务的候选人');
    await claimTask(ctx, as('operator'), task.id);
    await claimTask(ctx, as('operator'), task.id); // same user: no-op
    await expect(claimTask(ctx, as('admin'), task.id)).rejects.toThrow('任务已被他人签收');
    await expect(completeTask(ctx, as('admin'), { taskId: task.id })).rejects.toThrow('任务已被他人签收');
    await completeTask(ctx, as('operator'), { taskId: task.id });
    [task] = await openTasks(id);
    expect(task.assignee).toBe(ids.auditor);
    // the reminder timer of the third step
    const timers = await ctx.db.select().from(wfTimer).where(eq(wfTimer.taskId, task.id));
    expect(timers).toHaveLength(1);
    expect(await fireDueTimers(ctx, new Date(Date.now() + 2 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect(await ctx.db.select().from(wfTimer).where(eq(wfTimer.taskId, task.id))).toHaveLength(0);
    await completeTask(ctx, as('auditor'), { taskId: task.id });
    expect((await inst(id)).state).toBe('finished');
    await invariant(id);
  });

  it('two people completing the same task at once: exactly one wins', async () => {
    const { id } = await startLinear();
    const [a] = await openTasks(id);
    await completeTask(ctx, as('patrol'), { taskId: a.id });
    const [b] = await openTasks(id);
    const results = await Promise.allSettled([
      completeTask(ctx, as('operator'), { taskId: b.id }),
      completeTask(ctx, as('admin'), { taskId: b.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(lost.reason.message)).toMatch(/任务不存在或已被处理|任务已被他人签收/);
    await invariant(id);
  });

  it('exclusive gateway: first true condition, else the default, and no match is a clear error', async () => {
    const key = await deployed(
      exclusive('分支', '天数', [
        { id: 'long', name: '长假', assignee: ids.admin, condition: '${days > 3}' },
        { id: 'short', name: '短假', assignee: ids.operator, isDefault: true },
      ]),
    );
    const a = await start(key, 'patrol', { variables: { days: 5 } });
    expect((await openTasks(a.id))[0].name).toBe('长假');
    const b = await start(key, 'patrol', { variables: { days: 1 } });
    expect((await openTasks(b.id))[0].name).toBe('短假');

    const key2 = await deployed(
      exclusive('无默认', '金额', [{ id: 'x', name: 'X', assignee: ids.admin, condition: '${amount >= 100}' }]),
    );
    const before = (await ctx.db.select().from(wfInstance)).length;
    await expect(start(key2, 'patrol', { variables: { amount: 5 } })).rejects.toThrow(
      '节点「金额」没有满足条件的流出连线，请检查条件',
    );
    expect((await ctx.db.select().from(wfInstance)).length).toBe(before);
  });

  it('the starter department head and dept/post candidates resolve to people', async () => {
    const key = await deployed({
      name: '部门负责人',
      nodes: [
        { id: 's', type: 'start' },
        { id: 'lead', type: 'task', name: '负责人审批', assignee: '${starterDeptLeader}' },
        { id: 'post', type: 'task', name: '调度员', candidateGroups: 'post:dispatcher' },
        { id: 'e', type: 'end' },
      ],
      flows: inLine('s', 'lead', 'post', 'e'),
    });
    const { id } = await start(key, 'auditor');
    const [lead] = await openTasks(id);
    // 综合管理部: the administrator holds the 总经理 post there
    expect(lead.assignee).toBe(ids.admin);
    await completeTask(ctx, as('admin'), { taskId: lead.id });
    const [post] = await openTasks(id);
    const cands = await ctx.db.select().from(wfTaskCandidate).where(eq(wfTaskCandidate.taskId, post.id));
    expect(cands.map((c) => c.userId)).toContain(ids.operator);
    expect(cands.map((c) => c.userId)).not.toContain(ids.auditor);
  });
});

const parallel = () =>
  forked(
    '并行',
    [
      { id: 'b1', type: 'task', name: '技术审核', assignee: ids.operator },
      { id: 'b1x', type: 'task', name: '技术复核', assignee: ids.admin },
    ],
    { name: '财务审核', assignee: ids.auditor },
    { name: '归档', assignee: ids.admin },
  );

describe('notices', () => {
  it('a new task reaches the bell with the command; a command that fails sends nothing', async () => {
    const key = await deployed(linear());
    const heard: LiveEvent[] = [];
    const off = ctx.live.on('message', (ev) => heard.push(ev));
    try {
      const { id } = await start(key, 'patrol', { variables: { auditor: ids.auditor } });
      const [first] = await openTasks(id);
      // written in the start's transaction; on PostgreSQL the bell hears of it by NOTIFY at commit
      const rows = await ctx.db
        .select()
        .from(messageRecord)
        .where(and(eq(messageRecord.bizId, first.id), eq(messageRecord.userId, ids.patrol)));
      expect(rows.map((r) => [r.title, r.messageType, r.messageStatus, r.sender])).toEqual([
        ['您有新的待办任务：三步审批-提交申请', 4, 'UN_READABLE', '流程中心'],
      ]);
      const [log] = await ctx.db.select().from(messageLog).where(eq(messageLog.id, rows[0].logId!));
      expect([log.channel, log.receivers, log.receiverCount, log.bizType, log.sendStatus]).toEqual([
        'site',
        ids.patrol,
        1,
        'workflow',
        1,
      ]);
      await vi.waitFor(() =>
        expect(
          heard.some((e) => (e.data as { bizId?: string }).bizId === first.id && e.userIds?.[0] === ids.patrol),
        ).toBe(true),
      );

      // a command that notifies and then fails: no record, no event
      const title = `不应送达-${Date.now()}`;
      await expect(
        command(ctx, id, as('patrol'), async (c) => {
          c.notify([ids.patrol], title, '', first.id);
          throw badRequest('到此为止');
        }),
      ).rejects.toThrow('到此为止');
      expect(await ctx.db.select().from(messageRecord).where(eq(messageRecord.title, title))).toEqual([]);
      await new Promise((r) => setTimeout(r, 200));
      expect(heard.some((e) => (e.data as { title?: string }).title === title)).toBe(false);
    } finally {
      off();
    }
  });
});

describe('who gets the task', () => {
  it('an active proxy of the assignee for this process (or every process) gets it; others do not apply', async () => {
    const key = await deployed(linear());
    const hour = 3600_000;
    const now = Date.now();
    const proxy = (over: Partial<typeof wfProxy.$inferInsert>) =>
      ctx.db.insert(wfProxy).values({
        tenantId: T,
        userId: ids.patrol,
        proxyUserId: ids.operator,
        startTime: new Date(now - hour),
        endTime: new Date(now + hour),
        ...over,
      });
    const first = async () => {
      const { id } = await start(key, 'patrol', { variables: { auditor: ids.auditor } });
      return (await openTasks(id))[0].assignee;
    };
    // another process's proxy, an expired one and a disabled one do not apply
    await proxy({ processDefKey: 'some_other_process', proxyUserId: ids.auditor });
    await proxy({ endTime: new Date(now - 1000), proxyUserId: ids.auditor });
    await proxy({ status: 0, proxyUserId: ids.auditor });
    expect(await first()).toBe(ids.patrol);
    await proxy({ processDefKey: key });
    expect(await first()).toBe(ids.operator);
    await ctx.db.delete(wfProxy).where(eq(wfProxy.userId, ids.patrol));
  });

  it('an assignee or starter who is not a person of the tenant: a clear error and nothing written', async () => {
    const key = await deployed({
      name: '找人',
      nodes: [
        { id: 'start', type: 'start' },
        { id: 'who', type: 'task', name: '办理', assignee: '${someone}' },
        { id: 'end', type: 'end' },
      ],
      flows: inLine('start', 'who', 'end'),
    });
    const before = await ctx.db.select({ id: wfInstance.id }).from(wfInstance);
    await expect(start(key, 'patrol', { variables: { someone: '123' } })).rejects.toThrow('任务「办理」找不到处理人');
    await expect(
      startInstance(ctx, { tenantId: T, processKey: key, starterUserId: '123', variables: { someone: ids.patrol } }),
    ).rejects.toThrow('发起人不存在');
    expect((await ctx.db.select({ id: wfInstance.id }).from(wfInstance)).length).toBe(before.length);
    // the title names the starter unless given
    const { id } = await start(key, 'patrol', { variables: { someone: ids.auditor } });
    const [who] = await ctx.db.select({ name: user.realName }).from(user).where(eq(user.id, ids.patrol));
    expect((await inst(id)).title).toBe(`${who.name}发起的找人`);
  });
});

describe('hot statements', () => {
  it('read instances, tokens and tasks exactly as the ORM does', async () => {
    const { id } = await started(linear(), 'patrol', { variables: { auditor: ids.auditor, list: [1, 'a'] } });
    const [task] = await openTasks(id);
    await ctx.db.transaction(async (tx) => {
      const pairs: [unknown[], unknown[]][] = [
        [
          await run(tx, stmt(`select ${INSTANCE_COLS} from wf_instance where id = ?`, id)),
          await tx.select().from(wfInstance).where(eq(wfInstance.id, id)),
        ],
        [
          await run(tx, stmt(`select ${EXEC_COLS} from wf_execution where instance_id = ?`, id)),
          await tx.select().from(wfExecution).where(eq(wfExecution.instanceId, id)),
        ],
        [
          await run(tx, stmt(`select ${TASK_COLS} from wf_task where id = ?`, task.id)),
          await tx.select().from(wfTask).where(eq(wfTask.id, task.id)),
        ],
      ];
      for (const [text, orm] of pairs) {
        expect(orm.length).toBe(1);
        expect(text).toEqual(orm);
      }
    });
    // the variables went in as JSON (an array stays an array, not a PostgreSQL array)
    expect((await inst(id)).vars).toMatchObject({ list: [1, 'a'], applyUser: ids.patrol });
  });
});

describe('parallel branches and rollback', () => {
  it('forks, joins only when every branch arrived, and rolls back inside and out of a branch', async () => {
    const { id } = await started(parallel(), 'patrol');
    await completeFirst(id, 'patrol');
    let open = await openTasks(id);
    expect(open.map((x) => x.name).sort()).toEqual(['技术审核', '财务审核'].sort());
    const b1 = open.find((x) => x.taskDefKey === 'b1')!;
    await completeTask(ctx, as('operator'), { taskId: b1.id });
    open = await openTasks(id);
    const b1x = open.find((x) => x.taskDefKey === 'b1x')!;
    // back nodes of 技术复核: 技术审核, 申请 and the start (they reach it), not 财务审核
    const backs = await getBackNodes(ctx, as('admin'), b1x.id);
    expect(backs.map((b) => b.nodeId).sort()).toEqual(['a0', 'b1', 's']);
    // inside the branch: the other branch's task stays
    await rollbackTask(ctx, as('admin'), { taskId: b1x.id, nodeId: 'b1', comment: '重新审核' });
    open = await openTasks(id);
    expect(open.map((x) => x.taskDefKey).sort()).toEqual(['b1', 'b2']);
    await invariant(id);
    // the other branch finishes and waits at the join
    await completeTask(ctx, as('auditor'), { taskId: open.find((x) => x.taskDefKey === 'b2')!.id });
    open = await openTasks(id);
    expect(open.map((x) => x.taskDefKey)).toEqual(['b1']);
    // out of the branch, to before the fork: every token moves, the waiting one included
    await rollbackTask(ctx, as('operator'), { taskId: open[0].id, nodeId: 'a0' });
    open = await openTasks(id);
    expect(open.map((x) => x.taskDefKey)).toEqual(['a0']);
    const es = await execs(id);
    expect(es).toHaveLength(1);
    await invariant(id);
  });

  it('rolling back from after the join into one branch restores the other branch at the join', async () => {
    const { id } = await started(parallel(), 'patrol');
    await completeFirst(id, 'patrol');
    for (const who of ['operator', 'auditor', 'admin']) {
      const mine = (await openTasks(id)).find((x) => x.assignee === ids[who]);
      if (mine) await completeTask(ctx, as(who), { taskId: mine.id });
    }
    let open = await openTasks(id);
    expect(open.map((x) => x.taskDefKey)).toEqual(['z']);
    await rollbackTask(ctx, as('admin'), { taskId: open[0].id, nodeId: 'b1x' });
    open = await openTasks(id);
    expect(open.map((x) => x.taskDefKey)).toEqual(['b1x']);
    await completeTask(ctx, as('admin'), { taskId: open[0].id });
    open = await openTasks(id);
    expect(open.map((x) => x.taskDefKey)).toEqual(['z']);
    await invariant(id);
  });

  it('reject without a target goes to the node rollbackNode, then the process one, then the last back node', async () => {
    const { id } = await started({ ...parallel(), rollbackNode: 'a0' }, 'patrol');
    await completeFirst(id, 'patrol');
    const b2 = (await openTasks(id)).find((x) => x.taskDefKey === 'b2')!;
    await completeTask(ctx, as('auditor'), { taskId: b2.id, pass: false, comment: '资料不全' });
    const open = await openTasks(id);
    expect(open.map((x) => x.taskDefKey)).toEqual(['a0']);
    const comments = await ctx.db.select().from(wfComment).where(eq(wfComment.instanceId, id));
    expect(comments.some((c) => c.type === 'reject' && c.message === '资料不全')).toBe(true);
    await invariant(id);
  });

  it('rollback to the start event terminates; an invalid back node is refused', async () => {
    const { id } = await startLinear();
    await completeFirst(id, 'patrol');
    const [task] = await openTasks(id);
    await expect(rollbackTask(ctx, as('operator'), { taskId: task.id, nodeId: 'approve' })).rejects.toThrow(
      '不能退回到该节点',
    );
    await rollbackTask(ctx, as('operator'), { taskId: task.id, nodeId: 'start' });
    const i = await inst(id);
    expect(i.state).toBe('terminated');
    expect((i.vars as any).processTerminate).toBe(true);
    await invariant(id);
  });
});

const mi = (sequential: boolean, completion?: string) =>
  countersigned('会签', { name: '归档', assignee: ids.admin }, sequential, completion);

describe('multi-instance', () => {
  it('parallel MI finishes on its completion condition over nrOf*', async () => {
    const signers = [ids.operator, ids.auditor, ids.admin, ids.patrol];
    const { id } = await started(mi(false, '${nrOfCompletedInstances / nrOfInstances >= 0.5}'), 'patrol', {
      variables: { signers },
    });
    await completeFirst(id, 'patrol');
    let open = await openTasks(id);
    expect(open.map((x) => x.assignee).sort()).toEqual([...signers].sort());
    await completeTask(ctx, as('operator'), { taskId: open.find((x) => x.assignee === ids.operator)!.id });
    expect(await openTasks(id)).toHaveLength(3);
    await invariant(id);
    await completeTask(ctx, as('auditor'), { taskId: open.find((x) => x.assignee === ids.auditor)!.id });
    open = await openTasks(id);
    expect(open.map((x) => x.taskDefKey)).toEqual(['z']);
    await invariant(id);
  });

  it('sequential MI one after another; add and delete executions; rollback out of MI', async () => {
    const { id } = await started(mi(true), 'patrol', { variables: { signers: [ids.operator, ids.auditor] } });
    await completeFirst(id, 'patrol');
    let open = await openTasks(id);
    expect(open.map((x) => x.assignee)).toEqual([ids.operator]);
    await addMultiInstance(ctx, as('admin'), { taskId: open[0].id, assignee: [ids.admin] }, true);
    await completeTask(ctx, as('operator'), { taskId: open[0].id });
    open = await openTasks(id);
    expect(open.map((x) => x.assignee)).toEqual([ids.auditor]);
    await completeTask(ctx, as('auditor'), { taskId: open[0].id });
    open = await openTasks(id);
    expect(open.map((x) => x.assignee)).toEqual([ids.admin]);
    // rollback out of the MI to the first task removes the root and every child
    await rollbackTask(ctx, as('admin'), { taskId: open[0].id, nodeId: 'a0' });
    open = await openTasks(id);
    expect(open.map((x) => x.taskDefKey)).toEqual(['a0']);
    expect(await execs(id)).toHaveLength(1);
    await invariant(id);
  });

  it('parallel MI: add an execution, delete one (not completed), then finish', async () => {
    const { id } = await started(mi(false), 'patrol', { variables: { signers: [ids.operator, ids.auditor] } });
    await completeFirst(id, 'patrol');
    let open = await openTasks(id);
    await addMultiInstance(ctx, as('operator'), { taskId: open[0].id, assignee: [ids.admin] });
    open = await openTasks(id);
    expect(open).toHaveLength(3);
    const root = (await execs(id)).find((e) => e.isMiRoot)!;
    expect((root.vars as any).nrOfInstances).toBe(3);
    await deleteMultiInstance(ctx, as('admin'), { taskId: open.find((x) => x.assignee === ids.admin)!.id });
    expect(await openTasks(id)).toHaveLength(2);
    await expect(addMultiInstance(ctx, as('admin'), { taskId: open[0].id, assignee: [ids.admin] })).rejects.toThrow(
      '您不是该任务的处理人',
    );
    for (const x of await openTasks(id)) {
      const who = Object.keys(ids).find((k) => ids[k] === x.assignee)!;
      await completeTask(ctx, as(who), { taskId: x.id });
    }
    expect((await openTasks(id)).map((x) => x.taskDefKey)).toEqual(['z']);
    await invariant(id);
  });
});

describe('multi-instance: found by the property test', () => {
  it('parallel MI: an execution added after one was removed gets its own loopCounter', async () => {
    // counterexample: signers admin, patrol, auditor; remove admin's; add auditor → two children had loopCounter 2
    const { id } = await started(mi(false), 'admin', { variables: { signers: [ids.admin, ids.patrol, ids.auditor] } });
    await completeFirst(id, 'admin');
    const open = await openTasks(id);
    await deleteMultiInstance(ctx, as('admin'), { taskId: open.find((x) => x.assignee === ids.admin)!.id });
    const auditorTask = (await openTasks(id)).find((x) => x.assignee === ids.auditor)!;
    await addMultiInstance(ctx, as('auditor'), { taskId: auditorTask.id, assignee: [ids.auditor] });
    const kids = (await execs(id)).filter((e) => e.parentId);
    expect(kids).toHaveLength(3);
    expect(new Set(kids.map((k) => k.loopCounter)).size).toBe(3);
    const root = (await execs(id)).find((e) => e.isMiRoot)!;
    expect(root.vars).toMatchObject({ nrOfInstances: 3, nrOfActiveInstances: 3, nrOfCompletedInstances: 0 });
    await invariant(id);
  });

  it('sequential MI: the current instance can be removed while others are still to come; the last one cannot', async () => {
    // counterexample: signers admin; add auditor; remove admin's (not completed) → refused as "the last one"
    const { id } = await started(mi(true), 'admin', { variables: { signers: [ids.admin] } });
    await completeFirst(id, 'admin');
    let [task] = await openTasks(id);
    await addMultiInstance(ctx, as('admin'), { taskId: task.id, assignee: [ids.auditor] });
    await deleteMultiInstance(ctx, as('admin'), { taskId: task.id });
    [task] = await openTasks(id);
    expect([task.taskDefKey, task.assignee]).toEqual(['sign', ids.auditor]);
    const root = (await execs(id)).find((e) => e.isMiRoot)!;
    expect(root.vars).toMatchObject({ nrOfInstances: 1, nrOfCompletedInstances: 0, collection: [ids.auditor] });
    await invariant(id);
    await expect(deleteMultiInstance(ctx, as('admin'), { taskId: task.id })).rejects.toThrow('不能减签最后一个实例');
    await completeTask(ctx, as('auditor'), { taskId: task.id });
    expect((await openTasks(id)).map((x) => x.taskDefKey)).toEqual(['z']);
    await invariant(id);
  });
});

describe('people operations', () => {
  it('delegate and resolve: the task stays until the owner completes it', async () => {
    const { id } = await startLinear();
    const [a] = await openTasks(id);
    await delegateTask(ctx, as('patrol'), { taskId: a.id, assignee: [ids.operator] });
    let [task] = await openTasks(id);
    expect([task.owner, task.assignee, task.delegation]).toEqual([ids.patrol, ids.operator, 'PENDING']);
    await completeTask(ctx, as('operator'), { taskId: a.id, comment: '已核实' });
    [task] = await openTasks(id);
    expect([task.id, task.assignee, task.delegation]).toEqual([a.id, ids.patrol, 'RESOLVED']);
    await completeTask(ctx, as('patrol'), { taskId: a.id });
    [task] = await openTasks(id);
    expect(task.taskDefKey).toBe('check');
  });

  it('delegation after a transfer hands back to the delegator, not the first holder (issue 24)', async () => {
    const { id } = await startLinear();
    const [a] = await openTasks(id);
    await transferTask(ctx, as('patrol'), { taskId: a.id, assignee: [ids.auditor] });
    let [task] = await openTasks(id);
    expect([task.owner, task.assignee]).toEqual([ids.auditor, ids.auditor]);
    await delegateTask(ctx, as('auditor'), { taskId: a.id, assignee: [ids.operator] });
    [task] = await openTasks(id);
    expect([task.owner, task.assignee, task.delegation]).toEqual([ids.auditor, ids.operator, 'PENDING']);
    await expect(transferTask(ctx, as('operator'), { taskId: a.id, assignee: [ids.admin] })).rejects.toThrow(
      '任务委托中',
    );
    await completeTask(ctx, as('operator'), { taskId: a.id, comment: '已核实' });
    [task] = await openTasks(id);
    expect([task.id, task.owner, task.assignee, task.delegation]).toEqual([a.id, ids.auditor, ids.auditor, 'RESOLVED']);
    await completeTask(ctx, as('auditor'), { taskId: a.id });
    [task] = await openTasks(id);
    expect(task.taskDefKey).toBe('check');
    await invariant(id);
  });

  it('transfer hands the task over for good; suspended instances refuse work; terminate ends it', async () => {
    const { id } = await startLinear();
    const [a] = await openTasks(id);
    await transferTask(ctx, as('patrol'), { taskId: a.id, assignee: [ids.auditor] });
    await expect(completeTask(ctx, as('patrol'), { taskId: a.id })).rejects.toThrow('您不是该任务的处理人');
    await changeStatus(ctx, as('admin'), { processInstanceId: id, status: 'suspend' });
    await expect(completeTask(ctx, as('auditor'), { taskId: a.id })).rejects.toThrow('流程已挂起，无法办理');
    await expect(claimTask(ctx, as('auditor'), a.id)).rejects.toThrow('流程已挂起，无法办理');
    await changeStatus(ctx, as('admin'), { processInstanceId: id, status: 'active' });
    await completeTask(ctx, as('auditor'), { taskId: a.id });
    expect(await urgeTask(ctx, as('patrol'), { processInstanceId: id })).toBe(0); // unassigned candidates skipped
    await terminateProcess(ctx, as('patrol'), { processInstanceId: id, comment: '不再需要' });
    expect((await inst(id)).state).toBe('terminated');
    await invariant(id);
  });

  it('withdraw: starter only, once, while nobody else has acted; recall returns to the first task', async () => {
    const { id } = await startLinear();
    await completeFirst(id, 'patrol');
    await expect(withdrawTask(ctx, as('operator'), { processInstanceId: id })).rejects.toThrow('只有发起人可以撤回');
    expect(await withdrawTask(ctx, as('patrol'), { processInstanceId: id, withdrawType: 'start' })).toBe('recall');
    expect((await openTasks(id)).map((x) => x.taskDefKey)).toEqual(['apply']);
    await invariant(id);
    // finished twice by the starter now: no second withdraw
    await completeFirst(id, 'patrol');
    await expect(withdrawTask(ctx, as('patrol'), { processInstanceId: id })).rejects.toThrow(
      '流程已被他人处理，无法撤回',
    );
    // another person acted: refused
    const b = await startLinear();
    await completeFirst(b.id, 'patrol');
    await completeFirst(b.id, 'operator');
    await expect(withdrawTask(ctx, as('patrol'), { processInstanceId: b.id })).rejects.toThrow(
      '流程已被他人处理，无法撤回',
    );
    // revoke (withdrawType end) ends the instance
    const c = await start(b.key, 'patrol', { variables: { auditor: ids.auditor } });
    expect(await withdrawTask(ctx, as('patrol'), { processInstanceId: c.id })).toBe('revoke');
    expect((await inst(c.id)).state).toBe('withdrawn');
  });

  it('dispatch moves every token to any user task; copies are recorded', async () => {
    const { id } = await started(parallel(), 'patrol', { copyUser: [ids.auditor] });
    await completeFirst(id, 'patrol');
    await dispatchTask(ctx, as('admin'), { processInstanceId: id, nodeId: 'z', comment: '直接归档' });
    expect((await openTasks(id)).map((x) => x.taskDefKey)).toEqual(['z']);
    expect(await execs(id)).toHaveLength(1);
    const copies = await ctx.db.select().from(wfCopy).where(eq(wfCopy.processId, id));
    expect(copies.map((c) => c.userId)).toEqual([ids.auditor]);
    await invariant(id);
  });
});
