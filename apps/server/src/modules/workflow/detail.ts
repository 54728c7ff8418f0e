/**
 * Who may see a process (administrator, the people involved, those copied) and the detail the task screen reads:
 * the process with the task, the XML, the form, the approval timeline, the node's buttons and the diagram marks.
 */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import { liveInTenant, tenantSql } from '../../core/scoped.ts';
import { user as userTable } from '../system/index.ts';
import type { Ctx } from './engine.ts';
import { definitionOf, instanceOf, taskOf } from './of-tenant.ts';
import type { GNode, Graph } from './parse.ts';
import { wfActivity, wfButton, wfComment, wfCopy, wfForm, wfInstance, wfTask, wfTaskCandidate } from './schema.ts';

/** The default buttons of a user task that names none (BX keys). */
export const DEFAULT_BUTTONS = [
  'wf_pass',
  'wf_reject',
  'wf_transfer',
  'wf_delegate',
  'wf_rollback',
  'wf_terminate',
  'wf_print',
];

/**
 * An instance of the reader's tenant that the reader may see: administrators every one of their tenant, anyone else
 * those they started, hold or held a task of, are a candidate of, or were copied on. Another tenant's: never.
 */
export async function canSee(ctx: Ctx, user: AuthUser, instanceId: string): Promise<boolean> {
  if (user.isAdmin) return Boolean(await instanceOf(ctx.db, user.tenantId, instanceId));
  const me = user.userId;
  const r = await ctx.db.execute(sql`
    select 1 from wf_instance i where i.id = ${instanceId} and ${tenantSql(wfInstance, user.tenantId, 'i')} and (
      i.starter_id = ${me}
      or exists (select 1 from wf_task t where t.instance_id = i.id and (t.assignee = ${me} or t.owner = ${me} or t.finished_by = ${me}))
      or exists (select 1 from wf_task t join wf_task_candidate k on k.task_id = t.id where t.instance_id = i.id and k.user_id = ${me})
      or exists (select 1 from wf_copy c where c.process_id = i.id and c.user_id = ${me})
    ) limit 1`);
  return r.rows.length > 0;
}

const names = async (ctx: Ctx, ids: (string | null | undefined)[]) => {
  const list = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!list.length) return new Map<string, string>();
  const rows = await ctx.db
    .select({ id: userTable.id, n: userTable.realName })
    .from(userTable)
    .where(
      sql`${userTable.id} in (${sql.join(
        list.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((r) => [r.id, r.n ?? r.id]));
};

/** The approval timeline: start, each task with its comments, end. */
export async function timeline(ctx: Ctx, instanceId: string) {
  const acts = await ctx.db
    .select()
    .from(wfActivity)
    .where(
      and(
        eq(wfActivity.instanceId, instanceId),
        or(
          eq(wfActivity.activityType, 'startEvent'),
          eq(wfActivity.activityType, 'endEvent'),
          eq(wfActivity.activityType, 'userTask'),
        ),
      ),
    )
    .orderBy(asc(wfActivity.startTime), asc(wfActivity.id));
  const comments = await ctx.db
    .select()
    .from(wfComment)
    .where(eq(wfComment.instanceId, instanceId))
    .orderBy(asc(wfComment.time), asc(wfComment.id));
  const tasks = await ctx.db.select().from(wfTask).where(eq(wfTask.instanceId, instanceId));
  const byTask = new Map(tasks.map((t) => [t.id, t]));
  const who = await names(ctx, [
    ...acts.map((a) => a.assignee),
    ...comments.map((c) => c.userId),
    ...tasks.map((t) => t.finishedBy),
  ]);
  const out: Record<string, unknown>[] = [];
  for (const a of acts) {
    const t = a.taskId ? byTask.get(a.taskId) : undefined;
    const mine = a.taskId ? comments.filter((c) => c.taskId === a.taskId) : [];
    const main = mine.filter((c) => ['pass', 'reject', 'rollback', 'resolve'].includes(c.type)).at(-1);
    const assignee = t?.finishedBy ?? a.assignee ?? t?.assignee ?? null;
    out.push({
      historyActivityId: a.activityId,
      historyActivityName:
        a.activityName ??
        (a.activityType === 'startEvent' ? '开始' : a.activityType === 'endEvent' ? '结束' : a.activityId),
      historyActivityType: a.activityType,
      taskId: a.taskId,
      assignee,
      assigneeName: assignee ? (who.get(assignee) ?? assignee) : null,
      createTime: a.startTime,
      endTime: a.endTime,
      comment: main?.message ?? null,
      type:
        main?.type ??
        (t?.deleteReason && t.deleteReason !== 'completed'
          ? t.deleteReason
          : a.endTime
            ? a.activityType === 'userTask'
              ? 'pass'
              : a.activityType
            : 'todo'),
      comments: mine.map((c) => ({
        type: c.type,
        message: c.message,
        time: c.time,
        userId: c.userId,
        userName: c.userId ? (who.get(c.userId) ?? c.userId) : null,
      })),
    });
  }
  // comments that belong to no task (start, terminate, withdraw, urge, copy, dispatch)
  for (const c of comments.filter((x) => !x.taskId && x.type !== 'start'))
    out.push({
      historyActivityId: null,
      historyActivityName: null,
      historyActivityType: 'comment',
      assignee: c.userId,
      assigneeName: c.userId ? (who.get(c.userId) ?? c.userId) : null,
      createTime: c.time,
      endTime: c.time,
      comment: c.message,
      type: c.type,
    });
  out.sort((a, b) => new Date(a.createTime as Date).getTime() - new Date(b.createTime as Date).getTime());
  return out;
}

export async function formOf(ctx: Ctx, tenantId: string, formKey: string | null | undefined) {
  if (!formKey) return null;
  const [f] = await ctx.db
    .select()
    .from(wfForm)
    .where(liveInTenant(wfForm, tenantId, eq(wfForm.formKey, formKey)));
  return f ? { id: f.id, formKey: f.formKey, name: f.name, content: f.content, version: f.version } : null;
}

/** The starter may take the instance back while running, when at most one task is done and that by them. */
async function returnableBy(ctx: Ctx, inst: { id: string; starterId: string; state: string }, userId: string) {
  const finishedByPeople = await ctx.db
    .select({ by: wfTask.finishedBy, reason: wfTask.deleteReason })
    .from(wfTask)
    .where(and(eq(wfTask.instanceId, inst.id), sql`${wfTask.endTime} is not null`));
  const done = finishedByPeople.filter((x) => x.reason === 'completed' || x.reason === 'rejected');
  return (
    inst.starterId === userId && inst.state === 'running' && done.length <= 1 && done.every((x) => x.by === userId)
  );
}

/** The buttons of a task's node (its own list, else the default), as the tenant's catalogue has them enabled. */
async function buttonsOf(ctx: Ctx, tenantId: string, node: GNode): Promise<Record<string, unknown>[]> {
  const keys = node.buttons?.length ? node.buttons : DEFAULT_BUTTONS;
  const catalogue = await ctx.db.select().from(wfButton).where(liveInTenant(wfButton, tenantId));
  const byKey = new Map(catalogue.map((b) => [b.buttonKey, b]));
  return keys
    .map((k) => byKey.get(k))
    .filter((b) => b && b.status === 1)
    .map((b) => ({ buttonKey: b!.buttonKey, name: b!.name, display: b!.display, sort: b!.sort }));
}

/** `/process/detail?taskId=|processInsId=`: null (暂无承载数据) when missing or not visible. */
export async function processDetail(ctx: Ctx, user: AuthUser, q: { taskId?: string; processInsId?: string }) {
  let task: typeof wfTask.$inferSelect | undefined;
  let instanceId = q.processInsId;
  if (q.taskId) {
    task = await taskOf(ctx.db, user.tenantId, q.taskId);
    if (!task) return null;
    instanceId = task.instanceId;
  }
  if (!instanceId) throw badRequest('缺少必要的请求参数: taskId');
  const inst = await instanceOf(ctx.db, user.tenantId, instanceId);
  if (!inst || !(await canSee(ctx, user, inst.id))) return null;
  const d = await definitionOf(ctx.db, user.tenantId, inst.definitionId);
  if (!d) return null;
  const graph = d.graph as Graph;
  const open = await ctx.db
    .select()
    .from(wfTask)
    .where(and(eq(wfTask.instanceId, inst.id), isNull(wfTask.endTime)))
    .orderBy(wfTask.id);
  const acts = await ctx.db.select().from(wfActivity).where(eq(wfActivity.instanceId, inst.id));
  const finishedNodes = [...new Set(acts.filter((a) => a.endTime).map((a) => a.activityId))];
  const currentNodes = [...new Set(open.map((t) => t.taskDefKey))];
  const visited = new Set(acts.map((a) => a.activityId));
  const finishedFlows = Object.values(graph.flows)
    .filter((f) => finishedNodes.includes(f.source) && visited.has(f.target))
    .map((f) => f.id);
  const who = await names(ctx, [inst.starterId, task?.assignee, task?.owner]);
  const node = task ? graph.nodes[task.taskDefKey] : undefined;
  const isCandidate =
    task && !task.assignee && !task.endTime
      ? (
          await ctx.db
            .select({ id: wfTaskCandidate.id })
            .from(wfTaskCandidate)
            .where(and(eq(wfTaskCandidate.taskId, task.id), eq(wfTaskCandidate.userId, user.userId)))
        ).length > 0
      : false;
  const isOwner = Boolean(task && !task.endTime && (task.assignee === user.userId || isCandidate));
  const isReturnable = await returnableBy(ctx, inst, user.userId);
  const buttons = isOwner && node ? await buttonsOf(ctx, inst.tenantId, node) : [];
  const copied = await ctx.db
    .select({ id: wfCopy.id })
    .from(wfCopy)
    .where(and(eq(wfCopy.processId, inst.id), eq(wfCopy.userId, user.userId)))
    .limit(1);
  const formKey = task?.formKey ?? d.def.formKey ?? graph.formKey;
  return {
    process: {
      taskId: task?.id ?? null,
      // opened without a task of the reader's (sent list, monitoring): the instance's open nodes, as the lists show them
      taskName: task?.name ?? ([...new Set(open.map((t) => t.name))].join(',') || null),
      taskDefinitionKey: task?.taskDefKey ?? null,
      executionId: task?.executionId ?? null,
      assignee: task?.assignee ?? null,
      assigneeName: task?.assignee ? (who.get(task.assignee) ?? null) : null,
      owner: task?.owner ?? null,
      delegation: task?.delegation ?? null,
      createTime: task?.createTime ?? inst.startTime,
      endTime: task?.endTime ?? inst.endTime,
      processInstanceId: inst.id,
      processDefinitionId: inst.definitionId,
      processDefinitionKey: inst.processKey,
      processDefinitionName: inst.processName,
      processDefinitionVersion: d.def.version,
      title: inst.title,
      businessKey: inst.businessKey,
      startUserId: inst.starterId,
      startUsername: who.get(inst.starterId) ?? null,
      startTime: inst.startTime,
      status: task ? (task.endTime ? 'done' : task.assignee ? 'todo' : 'claim') : inst.state,
      processStatus: inst.state,
      processIsFinished: !['running', 'suspended'].includes(inst.state),
      isOwner,
      isReturnable,
      isCopied: copied.length > 0,
      isMultiInstance: Boolean(node?.mi),
      // the holder may correct the form here (flowable:formEditable, e.g. the starter's node after a rejection);
      // the values go as `variables` with the completion
      formEditable: Boolean(
        isOwner && node?.formEditable && task?.delegation !== 'PENDING' && inst.state === 'running',
      ),
      formKey,
      xml: d.def.xml,
      variables: inst.vars,
    },
    form: await formOf(ctx, inst.tenantId, formKey),
    flow: await timeline(ctx, inst.id),
    button: buttons,
    finishedNodes,
    currentNodes,
    finishedFlows,
  };
}
