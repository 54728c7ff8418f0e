/**
 * The interpreter: tokens (wf_execution rows) walk the compiled graph of a deployed definition. Every command
 * (`command`) locks its instance row (SELECT … FOR UPDATE), advances tokens until each waits at a user task or a
 * join or ends, and commits in one transaction; notices (new task, urge, copy, reminder) are sent after commit.
 *
 * Rules (docs/workflow.md): an exclusive gateway takes the first true condition in document order, else its
 * default flow, else the command fails with a clear message; a parallel join fires when one token per incoming
 * flow has arrived; a multi-instance task keeps a root token with nrOfInstances / nrOfCompletedInstances /
 * nrOfActiveInstances and one child token (and task) per instance, and checks its completion condition after each
 * child; a timer boundary is a reminder that does not interrupt its task.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant, tenantColumnText, tenantSql, tenantText } from '../../core/scoped.ts';
import { withPreparedStatements } from '../../db/prepared.ts';
import { json, run as runText, type Statement, stmt, withCtes } from '../../db/statement.ts';
import { sendMessagesWithin } from '../message/index.ts';
import { post as postTable, role as roleTable, user as userTable } from '../system/index.ts';
import { instanceEnded } from './ended.ts';
import { ExprError, evaluate, isExpression, namesOf, test } from './expr.ts';
import { type GNode, type Graph, reachable } from './parse.ts';
import {
  wfActivity,
  wfCopy,
  wfDefinition,
  wfExecution,
  wfInstance,
  wfProxy,
  wfTask,
  wfTaskCandidate,
  wfTimer,
} from './schema.ts';
import { runServiceTask } from './service-task.ts';
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

const FINISHED_BY_PERSON = ['completed', 'rejected'];

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
const INSERT_EXEC = `insert into wf_execution (id, instance_id, parent_id, activity_id, is_mi_root, loop_counter, waiting,
  via_flow, vars, create_time) values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)`;
const INSERT_ACTIVITY = `insert into wf_activity (id, instance_id, execution_id, activity_id, activity_name, activity_type,
  task_id, assignee, start_time, end_time) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_COMMENT = `insert into wf_comment (id, instance_id, task_id, user_id, type, message, time)
  values (?, ?, ?, ?, ?, ?, ?)`;
const INSERT_TASK = `insert into wf_task (id, tenant_id, instance_id, execution_id, definition_id, task_def_key, name,
  assignee, suspended, form_key, create_time, due_date) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The tenant condition of a `blade_user u` row in the text statements (the tenant bound to the `?`). */
const U_TENANT = tenantText(userTable, '?', 'u');

/** An active proxy of user `u` (a correlated blade_user row) for this process: parameters now, now, process key. */
const PROXY_OF_USER = `select p.proxy_user_id from wf_proxy p where ${tenantText(wfProxy, tenantColumnText(userTable, 'u'), 'p')} and p.user_id = u.id
  and p.is_deleted = 0 and p.status = 1 and p.start_time <= ? and p.end_time >= ?
  and (p.process_def_key is null or p.process_def_key = '' or p.process_def_key = ?) limit 1`;

const execInsert = (e: ExecRow) =>
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
const MAX_STEPS = 1000;

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

interface Notice {
  userIds: string[];
  title: string;
  content: string;
  bizId: string;
  senderId?: string;
}

/** One command's state: the locked instance, its graph, the transaction and what to tell people afterwards. */
export class Command {
  notices: Notice[] = [];
  now = new Date();
  /** next user tasks' assignees chosen by the completer (BX `assignee`) */
  nextAssignees?: string[];
  steps = 0;
  /** a token was removed in this command: `run` must look whether any is left */
  private tokenRemoved = false;
  private leaderCache = new Map<string, string[]>();

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

  /** The starter's department heads: users of the starter's first department (then its ancestors) holding a
   * management post (post category 1 or 2), the starter excluded unless nobody else qualifies; failing that, the
   * tenant's senior management (post category 1). */
  async starterDeptLeaders(): Promise<string[]> {
    const hit = this.leaderCache.get('leader');
    if (hit) return hit;
    const [starter] = await this.tx
      .select({ deptId: userTable.deptId })
      .from(userTable)
      .where(eq(userTable.id, this.inst.starterId));
    const first = (starter?.deptId ?? '').split(',')[0];
    const chain: string[] = [];
    if (/^\d+$/.test(first)) {
      const d = await this.tx.execute(sql`select ancestors from blade_dept where id = ${first}`);
      const anc = String((d.rows[0] as { ancestors?: string } | undefined)?.ancestors ?? '')
        .split(',')
        .filter((x) => /^\d+$/.test(x) && x !== '0');
      chain.push(first, ...anc.reverse());
    }
    let out: string[] = [];
    for (const deptId of chain) {
      const r = await this.tx.execute(
        sql`select u.id::text as id from blade_user u
            join blade_post p on (',' || u.post_id || ',') like ('%,' || p.id::text || ',%') and p.category <= 2
            where ${tenantSql(userTable, this.inst.tenantId, 'u')} and u.is_deleted = 0 and p.is_deleted = 0
            and (',' || u.dept_id || ',') like ${`%,${deptId},%`} order by u.id`,
      );
      const ids = [...new Set((r.rows as { id: string }[]).map((x) => String(x.id)))];
      const others = ids.filter((id) => id !== this.inst.starterId);
      if (others.length) {
        out = others;
        break;
      }
      if (!out.length && ids.length) out = ids;
    }
    if (!out.length) {
      // nobody manages the starter's departments: the tenant's senior management (post category 1)
      const r = await this.tx.execute(
        sql`select u.id::text as id from blade_user u
            join blade_post p on (',' || u.post_id || ',') like ('%,' || p.id::text || ',%') and p.category = 1
            where ${tenantSql(userTable, this.inst.tenantId, 'u')} and u.is_deleted = 0 and p.is_deleted = 0 order by u.id`,
      );
      out = [...new Set((r.rows as { id: string }[]).map((x) => String(x.id)))];
    }
    this.leaderCache.set('leader', out);
    return out;
  }

  /** People named by an assignee / candidate text: user ids, `${expr}` (user id, list or comma text). */
  async peopleOf(text: string | undefined, vars: Record<string, unknown>, where: string): Promise<string[]> {
    if (!text) return [];
    const out: string[] = [];
    const parts = isExpression(text) ? [text] : text.split(',');
    for (const raw of parts) {
      const part = raw.trim();
      if (!part) continue;
      if (isExpression(part)) {
        const names = namesOf(part);
        const scope = { ...vars };
        if (names.includes('starterDeptLeader')) scope.starterDeptLeader = (await this.starterDeptLeaders())[0];
        if (names.includes('starterDeptLeaders')) scope.starterDeptLeaders = await this.starterDeptLeaders();
        const v = this.eval(part, scope, where);
        const list = Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : String(v).split(',');
        out.push(...list.map((x) => String(x).trim()).filter(Boolean));
      } else out.push(part);
    }
    return [...new Set(out)];
  }

  /** Users of `role:<id|alias>`, `dept:<id>`, `post:<id|code>` entries (expressions allowed). */
  async groupMembers(text: string | undefined, vars: Record<string, unknown>, where: string) {
    const out: { userId: string; kind: string }[] = [];
    if (!text) return out;
    for (const g of await this.peopleOf(text, vars, where)) {
      const m = /^(role|dept|post|user)[:_](.+)$/.exec(g);
      const kind = m ? m[1] : 'role';
      const val = m ? m[2] : g;
      let ids: string[] = [];
      const t = this.inst.tenantId;
      if (kind === 'user') ids = [val];
      else if (kind === 'role') {
        const r = await this.tx.execute(
          sql`select u.id::text as id from blade_user u join blade_role r on (',' || u.role_id || ',') like ('%,' || r.id::text || ',%')
              where ${tenantSql(userTable, t, 'u')} and u.is_deleted = 0 and r.is_deleted = 0 and ${tenantSql(roleTable, t, 'r')}
              and (r.id::text = ${val} or r.role_alias = ${val})`,
        );
        ids = (r.rows as { id: string }[]).map((x) => String(x.id));
      } else if (kind === 'dept') {
        const r = await this.tx.execute(
          sql`select u.id::text as id from blade_user u where ${tenantSql(userTable, t, 'u')} and u.is_deleted = 0
              and (',' || u.dept_id || ',') like ${`%,${val},%`}`,
        );
        ids = (r.rows as { id: string }[]).map((x) => String(x.id));
      } else {
        const r = await this.tx.execute(
          sql`select u.id::text as id from blade_user u join blade_post p on (',' || u.post_id || ',') like ('%,' || p.id::text || ',%')
              where ${tenantSql(userTable, t, 'u')} and u.is_deleted = 0 and p.is_deleted = 0 and ${tenantSql(postTable, t, 'p')}
              and (p.id::text = ${val} or p.post_code = ${val})`,
        );
        ids = (r.rows as { id: string }[]).map((x) => String(x.id));
      }
      for (const id of ids) out.push({ userId: id, kind });
    }
    return out;
  }

  /** Only existing users of the instance's tenant. */
  async existingUsers(ids: string[]): Promise<string[]> {
    const valid = [...new Set(ids)].filter((id) => /^\d{1,19}$/.test(id));
    if (!valid.length) return [];
    const rows = await this.tx
      .select({ id: userTable.id })
      .from(userTable)
      .where(inTenant(userTable, this.inst.tenantId, inArray(userTable.id, valid), eq(userTable.isDeleted, 0)));
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

  // ---- tokens ----

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

  /** Moves a token over a flow into its target and runs until every token waits or ends. */
  async run(queue: { exec: ExecRow; nodeId: string; via?: string }[]) {
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
      switch (n.type) {
        case 'startEvent':
        case 'boundaryEvent':
          await this.log(exec, n, true);
          queue.push(...(await this.leave(exec, n)));
          break;
        case 'endEvent':
          if (n.parent) {
            // the end of an embedded sub-process: the last token inside leaves the sub-process by its flows
            await this.log(exec, n, true);
            const sub = this.node(n.parent);
            const others = (await this.executions()).filter(
              (e) => e.id !== exec.id && this.within(e.activityId, sub.id),
            );
            if (others.length) {
              await this.tx.delete(wfExecution).where(eq(wfExecution.id, exec.id));
              break;
            }
            await this.tx.update(wfExecution).set({ activityId: sub.id }).where(eq(wfExecution.id, exec.id));
            exec.activityId = sub.id;
            await this.closeActivity(exec, sub);
            queue.push(...(await this.leave(exec, sub)));
            break;
          }
          // the end event's history and the token's removal in one round trip
          await runText(
            this.tx,
            withCtes(stmt('delete from wf_execution where id = ?', exec.id), [
              ['ended', this.activityInsert(exec, n, true)],
            ]),
          );
          this.tokenRemoved = true;
          break;
        case 'exclusiveGateway':
          await this.log(exec, n, true);
          queue.push(...(await this.leave(exec, n)));
          break;
        case 'parallelGateway': {
          if (n.incoming.length > 1) {
            await this.tx
              .update(wfExecution)
              .set({ waiting: true, viaFlow: via ?? null })
              .where(eq(wfExecution.id, exec.id));
            const waiting = await this.tx
              .select()
              .from(wfExecution)
              .where(
                and(
                  eq(wfExecution.instanceId, this.id),
                  eq(wfExecution.activityId, n.id),
                  eq(wfExecution.waiting, true),
                ),
              )
              .orderBy(asc(wfExecution.id));
            const arrived = new Set(waiting.map((w) => w.viaFlow));
            if (!n.incoming.every((f) => arrived.has(f))) break;
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
          } else {
            await this.log(exec, n, true);
            queue.push(...(await this.leave(exec, n)));
          }
          break;
        }
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
        case 'timerCatch': {
          // the token waits; the jobs leader's timer poll moves it on when due (timers.ts)
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
          break;
        }
        case 'messageCatch':
          // the token waits for its message (correlateMessage in service-task.ts)
          await this.log(exec, n, false);
          break;
      }
    }
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

  // ---- tasks ----

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

  /** A waiting catch event (timer or message) lets its token go on. */
  async resume(exec: ExecRow, n: GNode) {
    await this.closeActivity(exec, n);
    await this.run(await this.leave(exec, n));
  }

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

  /** Enters a multi-instance task: the token becomes the root, children get their tasks. */
  async startMi(exec: ExecRow, n: GNode, queue: { exec: ExecRow; nodeId: string; via?: string }[]) {
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

  async rootOf(exec: ExecRow): Promise<ExecRow | undefined> {
    if (!exec.parentId) return undefined;
    const [r] = await this.tx.select().from(wfExecution).where(eq(wfExecution.id, exec.parentId));
    return r;
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

/** Locks the instance and runs `fn` in one transaction; notices go out after commit. */
export async function command<T>(
  ctx: Ctx,
  instanceId: string,
  actor: Actor | undefined,
  fn: (c: Command) => Promise<T>,
): Promise<T> {
  if (!/^\d{1,19}$/.test(instanceId)) throw badRequest(MSG.instanceGone);
  const lock = stmt(`select ${INSTANCE_COLS} from wf_instance where id = ? for update`, instanceId);
  return locked(ctx, actor, lock, MSG.instanceGone, fn);
}

/**
 * `command` on the instance of a task of the actor's tenant, found and locked in one statement (the task itself is
 * read again under the lock: it may have been finished meanwhile). No such task: `任务不存在或已被处理`.
 */
export async function commandOnTask<T>(
  ctx: Ctx,
  taskId: string,
  actor: Actor,
  fn: (c: Command) => Promise<T>,
): Promise<T> {
  if (!/^\d{1,19}$/.test(taskId)) throw badRequest(MSG.taskGone);
  const lock = stmt(
    `select ${INSTANCE_COLS} from wf_instance
      where id = (select instance_id from wf_task where id = ? and ${tenantText(wfTask, '?')}) for update`,
    taskId,
    actor.tenantId,
  );
  return locked(ctx, actor, lock, MSG.taskGone, fn);
}

async function locked<T>(
  ctx: Ctx,
  actor: Actor | undefined,
  lock: Statement,
  gone: string,
  fn: (c: Command) => Promise<T>,
): Promise<T> {
  let afterCommit = async () => {};
  // the engine's statements find rows by key: prepared once per connection (db/prepared.ts)
  const out = await withPreparedStatements(() =>
    ctx.db.transaction(async (tx) => {
      const [inst] = await runText<InstanceRow>(tx, lock);
      if (!inst || (actor && inst.tenantId !== actor.tenantId)) throw badRequest(gone);
      const d = await definitionById(tx, inst.definitionId);
      if (!d) throw badRequest(MSG.noDefinition);
      const c = new Command(tx, inst, d.def, d.graph, actor);
      const out = await fn(c);
      await instanceEnded(tx, inst.state, c.inst, actor?.userId);
      afterCommit = await deliver(ctx, tx, c.inst.tenantId, c.notices);
      return out;
    }),
  );
  await afterCommit();
  return out;
}

let quiet = 0;
/** Runs `fn` without sending notices (the seed's demo history must not fill people's bells). */
export async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  quiet++;
  try {
    return await fn();
  } finally {
    quiet--;
  }
}

/**
 * Writes the command's notices as site messages in its own transaction (one statement; the bells hear of them
 * only if it commits) and returns the delivery to run after commit on the embedded database.
 */
export async function deliver(ctx: Ctx, tx: Tx, tenantId: string, notices: Notice[]) {
  if (quiet || !notices.length) return async () => {};
  return sendMessagesWithin(
    tx,
    ctx.live,
    tenantId,
    notices.map((n) => ({
      userIds: n.userIds,
      messageType: 4,
      title: n.title,
      content: n.content,
      bizType: 'workflow',
      bizId: n.bizId,
      sender: '流程中心',
      senderId: n.senderId,
    })),
  );
}

export interface StartInput {
  tenantId: string;
  /** a definition id, or the key (latest active version) */
  processDefinitionId?: string;
  processKey?: string;
  starterUserId: string;
  variables?: Record<string, unknown>;
  businessKey?: string;
  title?: string;
  /** the first tasks' assignees (BX `assignee` on start) */
  assignee?: string[];
  copyUser?: string[];
  /** extra writes in the same transaction (e.g. the leave row that names the instance) */
  within?: (tx: Tx, instanceId: string) => Promise<void>;
  /** the definition row when the caller has just read it (saves reading it again) */
  definition?: DefinitionRow;
}

/** Latest active definition of a key, or the definition of an id, within a tenant. */
export async function findDefinition(db: Ctx['db'] | Tx, tenantId: string, id?: string, key?: string) {
  const where = id
    ? inTenant(wfDefinition, tenantId, eq(wfDefinition.id, id), eq(wfDefinition.isDeleted, 0))
    : inTenant(wfDefinition, tenantId, eq(wfDefinition.processKey, key ?? ''), eq(wfDefinition.isDeleted, 0));
  const [def] = await db.select().from(wfDefinition).where(where).orderBy(sql`${wfDefinition.version} desc`).limit(1);
  return def;
}

/** Starts an instance: the start event's token runs until the first tasks. Returns the instance id. */
export async function startInstance(ctx: Ctx, input: StartInput): Promise<{ id: string; state: string }> {
  const def =
    input.definition ?? (await findDefinition(ctx.db, input.tenantId, input.processDefinitionId, input.processKey));
  if (!def) throw badRequest(MSG.noDefinition);
  if (def.status !== 1) throw badRequest(MSG.definitionSuspended);
  const graph = def.graph as Graph;
  const id = newId();
  const vars: Record<string, unknown> = { ...(input.variables ?? {}) };
  const start = graph.nodes[graph.startId];
  if (start.initiator) vars[start.initiator] = input.starterUserId;
  vars.applyUser ??= input.starterUserId;
  let afterCommit = async () => {};
  const out = await withPreparedStatements(() =>
    ctx.db.transaction(async (tx) => {
      const now = new Date();
      const inst: InstanceRow = {
        id,
        tenantId: input.tenantId,
        definitionId: def.id,
        processKey: def.processKey,
        processName: def.name,
        title: null,
        businessKey: input.businessKey ?? null,
        starterId: input.starterUserId,
        state: 'running',
        vars,
        startTime: now,
        endTime: null,
        deleteReason: null,
      };
      const c = new Command(tx, inst, def, graph, { userId: input.starterUserId, tenantId: input.tenantId });
      c.now = now;
      if (input.assignee?.length) c.nextAssignees = input.assignee;
      // the instance (only when the starter is a person of the tenant; the default title names them), its first
      // token, the start comment and the start event's history in one round trip
      const exec = c.execRow(graph.startId);
      // no title given: the process's title template over the start form (title.ts), else "<starter>发起的<process>"
      let title = input.title ?? null;
      if (!title && graph.titleTemplate) {
        const who = needsStarter(graph.titleTemplate)
          ? await runText<{ n: string | null }>(
              tx,
              stmt(
                `select real_name as n from blade_user where id = ? and ${tenantText(userTable, '?')}`,
                input.starterUserId,
                input.tenantId,
              ),
            )
          : [];
        title = renderTitle(graph.titleTemplate, { ...vars, starter: who[0]?.n ?? '' }) || null;
      }
      const [made] = await runText<{ title: string }>(
        tx,
        withCtes(
          stmt(
            `insert into wf_instance (id, tenant_id, definition_id, process_key, process_name, title, business_key,
              starter_id, state, vars, start_time)
              select ?, ?, ?, ?, ?, left(coalesce(?, coalesce(u.real_name, '') || '发起的' || ?), 255), ?, u.id, ?,
                ?::jsonb, ?
              from blade_user u where u.id = ? and ${U_TENANT} and u.is_deleted = 0
              returning title`,
            inst.id,
            inst.tenantId,
            inst.definitionId,
            inst.processKey,
            inst.processName,
            title,
            def.name,
            inst.businessKey,
            inst.state,
            json(inst.vars),
            inst.startTime,
            input.starterUserId,
            input.tenantId,
          ),
          [
            ['token', execInsert(exec)],
            ['note', c.commentSql('start', '发起流程')],
            ['history', c.activityInsert(exec, start, true)],
          ],
        ),
      );
      // no such starter: the transaction rolls the token, comment and history back
      if (!made) throw badRequest('发起人不存在');
      c.inst = { ...c.inst, title: made.title };
      // one submit (flowable:skipFirstNode): the first tasks go to their own assignees, the completer's choice of
      // assignees (BX `assignee`) applies to the tasks after the starter's auto-completed one
      const skip = graph.skipFirstNode === true;
      if (skip) c.nextAssignees = undefined;
      await c.run(await c.leave(exec, start));
      if (skip) await c.skipFirstNode(input.assignee);
      if (input.copyUser?.length) await copyTo(c, input.copyUser, null);
      if (input.within) await input.within(tx, id);
      await instanceEnded(tx, 'running', c.inst, input.starterUserId);
      afterCommit = await deliver(ctx, tx, input.tenantId, c.notices);
      return { id, state: c.inst.state };
    }),
  );
  await afterCommit();
  return out;
}

/** CC rows (read access) and their notices. */
export async function copyTo(c: Command, userIds: string[], taskId: string | null) {
  const users = await c.existingUsers(userIds);
  if (!users.length) return;
  await c.tx.insert(wfCopy).values(
    users.map((userId) => ({
      tenantId: c.inst.tenantId,
      userId,
      title: c.inst.title ?? c.inst.processName,
      initiator: c.actor?.userId ?? c.inst.starterId,
      taskId,
      processId: c.id,
      formKey: c.def.formKey,
      createTime: c.now,
    })),
  );
  await c.comment('copy', `抄送 ${users.length} 人`, taskId);
  c.notify(users, `抄送：${c.inst.title ?? c.inst.processName}`, `${c.inst.processName}抄送给您，请查阅`, c.id);
}

export { FINISHED_BY_PERSON };
