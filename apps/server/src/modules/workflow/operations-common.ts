/** What the task operations share: their input, and finding and checking the task and instance they act on. */
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { inTenant } from '../../core/scoped.ts';
import { run, stmt } from '../../db/statement.ts';
import { user as userTable } from '../system/index.ts';
import { type Actor, type Command, type Ctx, MSG, TASK_COLS, type TaskRow } from './engine.ts';
import { wfTask, wfTaskCandidate } from './schema.ts';

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

export async function taskRow(ctx: Ctx, actor: Actor, taskId: string | undefined): Promise<TaskRow> {
  if (!taskId) throw badRequest('缺少必要的请求参数: taskId');
  const [t] = await ctx.db
    .select()
    .from(wfTask)
    .where(inTenant(wfTask, actor.tenantId, eq(wfTask.id, taskId)));
  if (!t) throw badRequest(MSG.taskGone);
  return t;
}

/** Re-reads the task under the instance lock: it must still be open (two people at once: one wins). */
export async function openTask(c: Command, taskId: string): Promise<TaskRow> {
  const [t] = await run<TaskRow>(c.tx, stmt(`select ${TASK_COLS} from wf_task where id = ?`, taskId));
  if (!t || t.endTime) throw badRequest(MSG.taskGone);
  return t;
}

export function requireRunning(c: Command, forWork = true) {
  if (c.inst.state === 'suspended' && forWork) throw badRequest(MSG.suspended);
  if (c.inst.state !== 'running' && c.inst.state !== 'suspended') throw badRequest(MSG.notRunning);
}

export async function isCandidate(c: Command, taskId: string, userId: string) {
  const [r] = await c.tx
    .select({ id: wfTaskCandidate.id })
    .from(wfTaskCandidate)
    .where(and(eq(wfTaskCandidate.taskId, taskId), eq(wfTaskCandidate.userId, userId)))
    .limit(1);
  return Boolean(r);
}

/** The caller may work on the task: its assignee, or a candidate of an unassigned task (auto-claimed), or ops. */
export async function mayWork(c: Command, t: TaskRow, actor: Actor, asAdmin: boolean): Promise<TaskRow> {
  if (asAdmin) return t;
  if (t.assignee === actor.userId) return t;
  if (!t.assignee && (await isCandidate(c, t.id, actor.userId))) {
    await c.tx.update(wfTask).set({ assignee: actor.userId, claimTime: c.now }).where(eq(wfTask.id, t.id));
    return { ...t, assignee: actor.userId, claimTime: c.now };
  }
  if (t.assignee && (await isCandidate(c, t.id, actor.userId))) throw badRequest(MSG.claimedByOther);
  throw badRequest(MSG.notYours);
}

export async function nameOf(c: Command, id: string | null | undefined) {
  if (!id) return '';
  const [u] = await c.tx.select({ n: userTable.realName }).from(userTable).where(eq(userTable.id, id));
  return u?.n ?? id;
}
