/** The engine's shared pieces: row types, messages, the hot statements' text, the definition cache, `CommandBase`. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import type { Tx } from '../../core/resource.ts';
import { liveInTenant, tenantColumnText, tenantText } from '../../core/scoped.ts';
import { json, run as runText, type Statement, stmt } from '../../db/statement.ts';
import { user as userTable } from '../system/index.ts';
import { ExprError, evaluate, test } from './expr.ts';
import type { GNode, Graph } from './parse.ts';
import { wfActivity, wfDefinition, wfExecution, wfInstance, wfProxy, wfTask } from './schema.ts';
import { needsStarter, renderTitle } from './title.ts';

export type Ctx = Pick<AppContext, 'db' | 'live'>;
export type InstanceRow = typeof wfInstance.$inferSelect;
export type ExecRow = typeof wfExecution.$inferSelect;
export type TaskRow = typeof wfTask.$inferSelect;
export type DefinitionRow = typeof wfDefinition.$inferSelect;

export interface Actor {
  userId: string;
  tenantId: string;
  isAdmin?: boolean;
}

export const MSG = {
  taskGone: '任务不存在或已被处理',
  instanceGone: '流程实例不存在',
  notRunning: '流程已结束',
  suspended: '流程已挂起，无法办理',
  notYours: '您不是该任务的处理人',
  claimedByOther: '任务已被他人签收',
  notCandidate: '您不是该任务的候选人',
  noAssignee: (name: string) => `任务「${name}」找不到处理人`,
  noFlow: (name: string) => `节点「${name}」没有满足条件的流出连线，请检查条件`,
  noBackNode: '没有可退回的节点',
  badBackNode: '不能退回到该节点',
  withdrawNotStarter: '只有发起人可以撤回',
  withdrawDone: '流程已被他人处理，无法撤回',
  notMi: '该节点不是多实例节点',
  pendingDelegation: '任务委托中，须由被委托人处理',
  noDefinition: '流程定义不存在或未部署',
  definitionSuspended: '流程定义已挂起，无法发起',
  loop: '流程流转次数过多，可能存在死循环',
  needAssignees: (n: number) => `需指定${n}个审核人`,
  badNode: '目标节点不存在或不是用户任务',
} as const;

export const FINISHED_BY_PERSON = ['completed', 'rejected'];

// Rows of the hot statements (db/statement.ts), named as the ORM names them; engine.api.test.ts compares them.
export const INSTANCE_COLS = `id, tenant_id as "tenantId", definition_id as "definitionId", process_key as "processKey",
  process_name as "processName", title, business_key as "businessKey", starter_id as "starterId", state, vars,
  start_time as "startTime", end_time as "endTime", delete_reason as "deleteReason"`;
export const EXEC_COLS = `id, instance_id as "instanceId", parent_id as "parentId", activity_id as "activityId",
  is_mi_root as "isMiRoot", loop_counter as "loopCounter", waiting, via_flow as "viaFlow", vars, create_time as "createTime"`;
export const TASK_COLS = `id, tenant_id as "tenantId", instance_id as "instanceId", execution_id as "executionId",
  definition_id as "definitionId", task_def_key as "taskDefKey", name, owner, assignee, delegation, suspended,
  form_key as "formKey", create_time as "createTime", claim_time as "claimTime", due_date as "dueDate",
  end_time as "endTime", delete_reason as "deleteReason", finished_by as "finishedBy"`;
export const INSERT_EXEC = `insert into wf_execution (id, instance_id, parent_id, activity_id, is_mi_root, loop_counter, waiting,
  via_flow, vars, create_time) values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`;
export const INSERT_ACTIVITY = `insert into wf_activity (id, instance_id, execution_id, activity_id, activity_name, activity_type,
  task_id, assignee, start_time, end_time) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
export const INSERT_COMMENT = `insert into wf_comment (id, instance_id, task_id, user_id, type, message, time)
  values (?, ?, ?, ?, ?, ?, ?)`;
export const INSERT_TASK = `insert into wf_task (id, tenant_id, instance_id, execution_id, definition_id, task_def_key, name,
  assignee, suspended, form_key, create_time, due_date) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The tenant condition of a `blade_user u` row in the text statements (the tenant bound to the `?`). */
export const U_TENANT = tenantText(userTable, '?', 'u');

/** An active proxy of user `u` (a correlated blade_user row) for this process: parameters now, now, process key. */
export const PROXY_OF_USER = `select p.proxy_user_id from wf_proxy p where ${tenantText(wfProxy, tenantColumnText(userTable, 'u'), 'p')} and p.user_id = u.id
  and p.is_deleted = 0 and p.status = 1 and p.start_time <= ? and p.end_time >= ?
  and (p.process_def_key is null or p.process_def_key = '' or p.process_def_key = ?) limit 1`;

export const execInsert = (e: ExecRow) =>
  stmt(
    INSERT_EXEC,
    e.id,
    e.instanceId,
    e.parentId,
    e.activityId,
    e.isMiRoot,
    e.loopCounter,
    e.waiting,
    e.viaFlow,
    json(e.vars),
    e.createTime,
  );
export const MAX_STEPS = 1000;

/** Compiled graphs by definition id (definitions never change once deployed). */
const graphs = new Map<string, { def: DefinitionRow; graph: Graph }>();

export async function definitionById(db: Ctx['db'] | Tx, id: string) {
  const hit = graphs.get(id);
  if (hit) return hit;
  const [def] = await db.select().from(wfDefinition).where(eq(wfDefinition.id, id));
  if (!def) return undefined;
  const v = { def, graph: def.graph as Graph };
  if (graphs.size > 500) graphs.clear();
  graphs.set(id, v);
  return v;
}

export interface Notice {
  userIds: string[];
  title: string;
  content: string;
  bizId: string;
  senderId?: string;
}

/**
 * One command's state: the locked instance, its graph, the transaction and what to tell people afterwards; with
 * the reads and writes every step uses (variables, expressions, history rows, comments, notices, new tokens).
 * `Command` (engine-command.ts) adds people, tasks and the walk on top.
 */
export class CommandBase {
  notices: Notice[] = [];
  now = new Date();
  /** next user tasks' assignees chosen by the completer (BX `assignee`) */
  nextAssignees?: string[];
  steps = 0;
  /** a token was removed in this command: `run` must look whether any is left */
  protected tokenRemoved = false;

  constructor(
    readonly tx: Tx,
    public inst: InstanceRow,
    readonly def: DefinitionRow,
    readonly graph: Graph,
    readonly actor: Actor | undefined,
  ) {}

  get id() {
    return this.inst.id;
  }

  node(id: string): GNode {
    const n = this.graph.nodes[id];
    if (!n) throw badRequest(MSG.badNode);
    return n;
  }

  label(n: GNode) {
    return n.name ?? n.id;
  }

  async setVars(patch: Record<string, unknown>) {
    if (!patch || !Object.keys(patch).length) return;
    const vars = { ...(this.inst.vars as Record<string, unknown>), ...patch };
    await this.tx.update(wfInstance).set({ vars }).where(eq(wfInstance.id, this.id));
    this.inst = { ...this.inst, vars };
  }

  /**
   * The title again from the process's title template over the current variables (after a corrected form), when
   * the title was the template's (a title given at start is kept). `before`: the variables it was made from.
   */
  async retitle(before: Record<string, unknown>) {
    const tpl = this.graph.titleTemplate;
    if (!tpl) return;
    const [who] = needsStarter(tpl)
      ? await this.tx.select({ n: userTable.realName }).from(userTable).where(eq(userTable.id, this.inst.starterId))
      : [];
    const starter = who?.n ?? '';
    if (renderTitle(tpl, { ...before, starter }).slice(0, 255) !== this.inst.title) return;
    const title = renderTitle(tpl, { ...(this.inst.vars as Record<string, unknown>), starter });
    if (!title || title === this.inst.title) return;
    await this.tx
      .update(wfInstance)
      .set({ title: title.slice(0, 255) })
      .where(eq(wfInstance.id, this.id));
    this.inst = { ...this.inst, title: title.slice(0, 255) };
  }

  async executions(): Promise<ExecRow[]> {
    return this.tx.select().from(wfExecution).where(eq(wfExecution.instanceId, this.id)).orderBy(asc(wfExecution.id));
  }

  async openTasks(): Promise<TaskRow[]> {
    return this.tx
      .select()
      .from(wfTask)
      .where(and(eq(wfTask.instanceId, this.id), isNull(wfTask.endTime)))
      .orderBy(asc(wfTask.id));
  }

  /** instance variables, then the MI root's counters, then the token's own (element variable, loopCounter) */
  async scope(exec?: ExecRow): Promise<Record<string, unknown>> {
    const base = { ...(this.inst.vars as Record<string, unknown>), starter: this.inst.starterId };
    if (!exec) return base;
    let root: Record<string, unknown> = {};
    if (exec.parentId) {
      const [p] = await this.tx.select().from(wfExecution).where(eq(wfExecution.id, exec.parentId));
      if (p) root = p.vars as Record<string, unknown>;
    } else if (exec.isMiRoot) root = exec.vars as Record<string, unknown>;
    return { ...base, ...root, ...(exec.vars as Record<string, unknown>) };
  }

  eval(src: string, vars: Record<string, unknown>, where: string): unknown {
    try {
      return evaluate(src, vars);
    } catch (e) {
      if (e instanceof ExprError) throw badRequest(`${where}的表达式有误: ${e.message}`);
      throw e;
    }
  }

  test(src: string, vars: Record<string, unknown>, where: string): boolean {
    try {
      return test(src, vars);
    } catch (e) {
      if (e instanceof ExprError) throw badRequest(`${where}的条件有误: ${e.message}`);
      throw e;
    }
  }

  /** Only existing users of the instance's tenant. */
  async existingUsers(ids: string[]): Promise<string[]> {
    const valid = [...new Set(ids)].filter((id) => /^\d{1,19}$/.test(id));
    if (!valid.length) return [];
    const rows = await this.tx
      .select({ id: userTable.id })
      .from(userTable)
      .where(liveInTenant(userTable, this.inst.tenantId, inArray(userTable.id, valid)));
    const have = new Set(rows.map((r) => r.id));
    return valid.filter((id) => have.has(id));
  }

  activityRow(
    exec: ExecRow | undefined,
    n: GNode,
    ended: boolean,
    extra: { taskId?: string; assignee?: string | null } = {},
  ) {
    return {
      instanceId: this.id,
      executionId: exec?.id,
      activityId: n.id,
      activityName: n.name ?? null,
      activityType: n.type,
      taskId: extra.taskId,
      assignee: extra.assignee ?? null,
      startTime: this.now,
      endTime: ended ? this.now : null,
    };
  }

  async log(
    exec: ExecRow | undefined,
    n: GNode,
    ended: boolean,
    extra: { taskId?: string; assignee?: string | null } = {},
  ) {
    await runText(this.tx, this.activityInsert(exec, n, ended, extra));
  }

  /** The history row's insert, to run with another write. */
  activityInsert(
    exec: ExecRow | undefined,
    n: GNode,
    ended: boolean,
    extra: { taskId?: string; assignee?: string | null } = {},
  ): Statement {
    const r = this.activityRow(exec, n, ended, extra);
    return stmt(
      INSERT_ACTIVITY,
      newId(),
      r.instanceId,
      r.executionId ?? null,
      r.activityId,
      r.activityName,
      r.activityType,
      r.taskId ?? null,
      r.assignee,
      r.startTime,
      r.endTime,
    );
  }

  async comment(type: string, message: string, taskId?: string | null) {
    await runText(this.tx, this.commentSql(type, message, taskId));
  }

  /** The comment's insert, to run with another write. */
  commentSql(type: string, message: string, taskId?: string | null): Statement {
    return stmt(
      INSERT_COMMENT,
      newId(),
      this.id,
      taskId ?? null,
      this.actor?.userId ?? null,
      type,
      message ?? '',
      this.now,
    );
  }

  notify(userIds: string[], title: string, content: string, bizId: string) {
    const ids = [...new Set(userIds.filter(Boolean))];
    if (ids.length) this.notices.push({ userIds: ids, title, content, bizId, senderId: this.actor?.userId });
  }

  async newExec(activityId: string, over: Partial<ExecRow> = {}): Promise<ExecRow> {
    const row = this.execRow(activityId, over);
    await runText(this.tx, execInsert(row));
    return row;
  }

  /** A new token's row (not yet written). */
  execRow(activityId: string, over: Partial<ExecRow> = {}): ExecRow {
    return {
      id: newId(),
      instanceId: this.id,
      parentId: null,
      activityId,
      isMiRoot: false,
      loopCounter: null,
      waiting: false,
      viaFlow: null,
      vars: {},
      createTime: this.now,
      ...over,
    } as ExecRow;
  }

  /** Whether node `id` lies inside the embedded sub-process `sub` (at any depth). */
  within(id: string, sub: string): boolean {
    let n = this.graph.nodes[id];
    while (n?.parent) {
      if (n.parent === sub) return true;
      n = this.graph.nodes[n.parent];
    }
    return false;
  }

  /** Ends the open history row of a waiting token's node (a timer or message catch, a sub-process). */
  async closeActivity(exec: ExecRow, n: GNode) {
    await this.tx
      .update(wfActivity)
      .set({ endTime: this.now })
      .where(
        and(
          eq(wfActivity.instanceId, this.id),
          eq(wfActivity.executionId, exec.id),
          eq(wfActivity.activityId, n.id),
          isNull(wfActivity.endTime),
        ),
      );
  }

  async rootOf(exec: ExecRow): Promise<ExecRow | undefined> {
    if (!exec.parentId) return undefined;
    const [r] = await this.tx.select().from(wfExecution).where(eq(wfExecution.id, exec.parentId));
    return r;
  }
}
