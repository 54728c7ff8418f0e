/** Tasks of tokens: made at a user task (assignee, candidates, reminders, notice), ended, removed with their token. */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import { run as runText, type Statement, stmt, withCtes } from '../../db/statement.ts';
import { EXEC_COLS, type ExecRow, INSERT_TASK, MSG, PROXY_OF_USER, type TaskRow, U_TENANT } from './engine-base.ts';
import { CommandPeople } from './engine-people.ts';
import { isExpression } from './expr.ts';
import type { GNode } from './parse.ts';
import { wfActivity, wfExecution, wfTask, wfTaskCandidate, wfTimer } from './schema.ts';

/** `CommandPeople` with the tasks of tokens. */
export class CommandTasks extends CommandPeople {
  /** Makes the task of a token at a user task: assignee (or the completer's choice), candidates, timers, notice. */
  async createTask(exec: ExecRow, n: GNode, forced?: string, alongside?: Statement) {
    const vars = await this.scope(exec);
    const where = `任务「${this.label(n)}」`;
    let assignee: string | undefined = forced;
    if (!assignee && this.nextAssignees?.length && !exec.parentId) assignee = this.nextAssignees[0];
    if (!assignee && n.assignee) assignee = (await this.peopleOf(n.assignee, vars, `${where}的处理人`))[0];
    let candidates: { userId: string; kind: string }[] = [];
    if (!assignee) {
      const users = await this.peopleOf(n.candidateUsers, vars, `${where}的候选人`);
      candidates = [
        ...users.map((u) => ({ userId: u, kind: 'user' })),
        ...(await this.groupMembers(n.candidateGroups, vars, `${where}的候选组`)),
      ];
      const valid = new Set(await this.existingUsers(candidates.map((c) => c.userId)));
      const seen = new Set<string>();
      candidates = candidates.filter((c) => valid.has(c.userId) && !seen.has(c.userId) && seen.add(c.userId));
    } else if (!/^\d{1,19}$/.test(assignee)) assignee = undefined;
    if (!assignee && !candidates.length) throw badRequest(MSG.noAssignee(this.label(n)));
    const taskId = newId();
    const due = n.dueDate ? this.dueOf(n.dueDate, vars) : null;
    // the task's columns before and after its assignee, and the token's move written with it
    const head = [taskId, this.inst.tenantId, this.id, exec.id, this.def.id, n.id, this.label(n)];
    const tail = [
      this.inst.state === 'suspended',
      n.formKey ?? this.graph.formKey ?? this.def.formKey ?? null,
      this.now,
      due,
    ];
    const moved: [string, Statement][] = alongside ? [['moved', alongside]] : [];
    if (assignee) {
      // the assignee (or their active proxy) is found by the insert itself: no row means no such user in the
      // tenant. Task, history row (and the token's move) in one round trip.
      const task = stmt(
        `insert into wf_task (id, tenant_id, instance_id, execution_id, definition_id, task_def_key, name, assignee,
          suspended, form_key, create_time, due_date)
          select ?, ?, ?, ?, ?, ?, ?, coalesce((${PROXY_OF_USER}), u.id), ?, ?, ?, ?
            from blade_user u where u.id = ? and ${U_TENANT} and u.is_deleted = 0
          returning id, assignee`,
        ...head,
        this.now,
        this.now,
        this.inst.processKey,
        ...tail,
        assignee,
        this.inst.tenantId,
      );
      const a = this.activityRow(exec, n, false, { taskId });
      const history = stmt(
        `insert into wf_activity (id, instance_id, execution_id, activity_id, activity_name, activity_type, task_id,
          assignee, start_time) select ?, ?, ?, ?, ?, ?, task.id, task.assignee, ? from task returning assignee`,
        newId(),
        a.instanceId,
        a.executionId ?? null,
        a.activityId,
        a.activityName,
        a.activityType,
        a.startTime,
      );
      const [made] = await runText<{ assignee: string }>(this.tx, withCtes(history, [['task', task], ...moved]));
      if (!made) throw badRequest(MSG.noAssignee(this.label(n)));
      assignee = String(made.assignee);
    } else {
      const task = stmt(INSERT_TASK, ...head, null, ...tail);
      const history = this.activityInsert(exec, n, false, { taskId, assignee: null });
      await runText(this.tx, withCtes(history, [['task', task], ...moved]));
    }
    if (candidates.length)
      await this.tx.insert(wfTaskCandidate).values(candidates.map((c) => ({ taskId, userId: c.userId, kind: c.kind })));
    for (const t of n.timers ?? [])
      await this.tx.insert(wfTimer).values({
        instanceId: this.id,
        executionId: exec.id,
        taskId,
        activityId: t.id,
        dueAt: t.at ? new Date(t.at) : new Date(this.now.getTime() + t.intervalMs),
        repeatLeft: t.repeat - 1,
        intervalMs: t.intervalMs,
      });
    this.notify(
      assignee ? [assignee] : candidates.map((c) => c.userId),
      `您有新的待办任务：${this.inst.processName}-${this.label(n)}`,
      `${this.inst.title ?? this.inst.processName}：请办理「${this.label(n)}」`,
      taskId,
    );
  }

  dueOf(text: string, vars: Record<string, unknown>): Date | null {
    const v = isExpression(text) ? this.eval(text, vars, '到期时间') : text;
    const d = v instanceof Date ? v : new Date(String(v).replace(' ', 'T'));
    return Number.isNaN(d.getTime()) ? null : d;
  }

  /**
   * Ends an open task (history stays): the task, its candidates and reminders, and its activity row in one round
   * trip. The reminders and the activity row are found through their instance's index (`task_id` has none).
   */
  async endTask(t: TaskRow, reason: string, by?: string | null, alongside: Statement[] = []) {
    const [history, ...rest] = this.endTaskParts(t, reason, by, alongside);
    await runText(this.tx, withCtes(history[1], rest));
  }

  /** `endTask` that also reads the task's token (unchanged by the end) in the same round trip. */
  async endTaskReadingToken(t: TaskRow, reason: string, by: string, alongside: Statement[] = []) {
    const [exec] = await runText<ExecRow>(
      this.tx,
      withCtes(
        stmt(`select ${EXEC_COLS} from wf_execution where id = ?`, t.executionId),
        this.endTaskParts(t, reason, by, alongside),
      ),
    );
    return exec as ExecRow | undefined;
  }

  /** The writes that end a task, as CTE parts (PostgreSQL allows data-modifying CTEs at the top level only). */
  private endTaskParts(
    t: TaskRow,
    reason: string,
    by: string | null | undefined,
    alongside: Statement[],
  ): [string, Statement][] {
    return [
      [
        'history',
        stmt(
          `update wf_activity set end_time = ?, assignee = ?
            where instance_id = ? and task_id = ? and end_time is null`,
          this.now,
          t.assignee ?? by ?? null,
          t.instanceId,
          t.id,
        ),
      ],
      [
        'ended',
        stmt(
          'update wf_task set end_time = ?, delete_reason = ?, finished_by = ? where id = ?',
          this.now,
          reason,
          by ?? null,
          t.id,
        ),
      ],
      ['candidates', stmt('delete from wf_task_candidate where task_id = ?', t.id)],
      ['reminders', stmt('delete from wf_timer where instance_id = ? and task_id = ?', t.instanceId, t.id)],
      ...alongside.map((a, i): [string, Statement] => [`also${i}`, a]),
    ];
  }

  /** Removes a token (with its MI children and their open tasks). */
  async kill(exec: ExecRow, reason: string) {
    const ids = [exec.id];
    if (exec.isMiRoot) {
      const kids = await this.tx
        .select({ id: wfExecution.id })
        .from(wfExecution)
        .where(eq(wfExecution.parentId, exec.id));
      ids.push(...kids.map((k) => k.id));
    }
    const tasks = await this.tx
      .select()
      .from(wfTask)
      .where(and(inArray(wfTask.executionId, ids), isNull(wfTask.endTime)));
    for (const t of tasks) await this.endTask(t, reason);
    await this.tx.delete(wfTimer).where(inArray(wfTimer.executionId, ids));
    await this.tx
      .update(wfActivity)
      .set({ endTime: this.now })
      .where(and(inArray(wfActivity.executionId, ids), isNull(wfActivity.endTime)));
    await this.tx.delete(wfExecution).where(inArray(wfExecution.id, ids));
    this.tokenRemoved = true;
  }
}
