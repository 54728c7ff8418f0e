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
import { eq, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import type { Tx } from '../../core/resource.ts';
import { liveInTenant, tenantText } from '../../core/scoped.ts';
import { withPreparedStatements } from '../../db/prepared.ts';
import { json, run as runText, type Statement, stmt, withCtes } from '../../db/statement.ts';
import { sendMessagesWithin } from '../message/index.ts';
import { user as userTable } from '../system/index.ts';
import { instanceEnded } from './ended.ts';
import {
  type Actor,
  type Ctx,
  type DefinitionRow,
  definitionById,
  type ExecRow,
  execInsert,
  INSTANCE_COLS,
  type InstanceRow,
  MSG,
  type Notice,
  U_TENANT,
} from './engine-base.ts';
import { Command } from './engine-command.ts';
import type { GNode, Graph } from './parse.ts';
import { wfCopy, wfDefinition, wfTask } from './schema.ts';
import { needsStarter, renderTitle } from './title.ts';

export {
  type Actor,
  type Ctx,
  type DefinitionRow,
  definitionById,
  EXEC_COLS,
  type ExecRow,
  FINISHED_BY_PERSON,
  INSTANCE_COLS,
  type InstanceRow,
  MSG,
  TASK_COLS,
  type TaskRow,
} from './engine-base.ts';
export { Command } from './engine-command.ts';

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
    ? liveInTenant(wfDefinition, tenantId, eq(wfDefinition.id, id))
    : liveInTenant(wfDefinition, tenantId, eq(wfDefinition.processKey, key ?? ''));
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
      // the instance, its first token, the start comment and the start event's history (insertInstance)
      const exec = c.execRow(graph.startId);
      const title = await initialTitle(tx, graph, input, vars);
      const made = await insertInstance(c, inst, exec, start, title, input);
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

/** no title given: the process's title template over the start form (title.ts), else "<starter>发起的<process>" */
async function initialTitle(tx: Tx, graph: Graph, input: StartInput, vars: Record<string, unknown>) {
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
  return title;
}

/**
 * The instance (only when the starter is a person of the tenant; the default title names them), its first token,
 * the start comment and the start event's history in one round trip. No row back: no such starter.
 */
async function insertInstance(
  c: Command,
  inst: InstanceRow,
  exec: ExecRow,
  start: GNode,
  title: string | null,
  input: StartInput,
) {
  const [made] = await runText<{ title: string }>(
    c.tx,
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
        c.def.name,
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
  return made as { title: string } | undefined;
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
