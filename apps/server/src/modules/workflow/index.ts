/**
 * Workflow: our own BPMN engine on PostgreSQL (docs/workflow.md) and every workflow call of spec 2 §7:
 * `/blade-workflow/process|ops|design/*`, `/blade-flow/*`, `/blade-desk/process/leave/*`, `/workflow/Engine/*`.
 * Other modules start processes with `startProcess` (alarms: 爆管抢修 `burst_repair`; patrol: 巡检隐患处理
 * `patrol_hazard`) and learn that an instance of a key ended with `onInstanceEnded`. Workflow imports no other
 * business module: modules that use it meet it here, in one direction.
 */
import { eq, isNull } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { leaderJob } from '../../core/jobs.ts';
import type { AppContext, ServerModule } from '../../core/module.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { type Actor, startInstance } from './engine.ts';
import { completeTask } from './operations.ts';
import { designRoutes } from './routes-design.ts';
import { leaveRoutes } from './routes-extra.ts';
import { flowRoutes } from './routes-flow.ts';
import { jnpfRoutes } from './routes-jnpf.ts';
import { opsRoutes } from './routes-ops.ts';
import { processRoutes } from './routes-process.ts';
import { wfTask } from './schema.ts';
import { seedWorkflow } from './seed.ts';
import { fireDueTimers, TIMER_POLL_MS } from './timers.ts';

const timers = leaderJob<AppContext>('workflow timers', fireDueTimers, TIMER_POLL_MS, TIMER_POLL_MS);

export const workflowModule: ServerModule = {
  name: 'workflow',
  uses: ['message', 'system'],
  routes(app, ctx) {
    processRoutes(app, ctx);
    opsRoutes(app, ctx);
    designRoutes(app, ctx);
    leaveRoutes(app, ctx);
    flowRoutes(app, ctx);
    jnpfRoutes(app, ctx);
  },
  seed: (ctx) => seedWorkflow(ctx),
  lead: timers.lead,
  stop: timers.stop,
};

export interface StartProcessInput {
  tenantId: string;
  /** deployed process key: `burst_repair`, `patrol_hazard`, `leave`, `water_connection`, … */
  processKey: string;
  starterUserId: string;
  variables?: Record<string, unknown>;
  businessKey?: string;
  title?: string;
  /**
   * Extra writes in the start's own transaction, e.g. the business row that names the new instance: both commit
   * or neither does.
   */
  within?: (tx: Tx, processInstanceId: string) => Promise<void>;
}

/**
 * Starts the latest active version of a process for a user (the starter's tasks, candidates and bells follow).
 * Throws an ApiError (400) with a clear message when the key is not deployed or a node finds nobody.
 */
export async function startProcess(ctx: Pick<AppContext, 'db' | 'live'>, input: StartProcessInput) {
  const r = await startInstance(ctx, input);
  return { processInstanceId: r.id, status: r.state };
}

/**
 * Completes the open task of an instance at one node (`taskDefKey`) for a user, as the task list's 办理 would: the
 * user must be its assignee or a candidate (an administrator may act for anyone). Variables are set before the
 * process moves on. Throws a 400 when the instance has no open task at that node.
 */
export async function completeNodeTask(
  ctx: Pick<AppContext, 'db' | 'live'>,
  actor: Actor,
  input: { processInstanceId: string; taskDefKey: string; variables?: Record<string, unknown>; comment?: string },
) {
  const [t] = await ctx.db
    .select({ id: wfTask.id })
    .from(wfTask)
    .where(
      inTenant(
        wfTask,
        actor.tenantId,
        eq(wfTask.instanceId, input.processInstanceId),
        eq(wfTask.taskDefKey, input.taskDefKey),
        isNull(wfTask.endTime),
      ),
    )
    .limit(1);
  if (!t) throw badRequest('任务不存在或已被处理');
  return completeTask(
    ctx,
    actor,
    { taskId: t.id, variables: input.variables, comment: input.comment },
    actor.isAdmin === true,
  );
}

export type { MyProcessTask } from '@swp/contract';
export { buildBpmn, type SimpleProcess } from './build.ts';
export { type EndState, type InstanceEnded, type InstanceEndedListener, onInstanceEnded } from './ended.ts';
export { myProcessTask, myProcessTasks, taskOutcome } from './mine.ts';
/** The instance table the screens count (never through db/schema.ts). */
export { wfInstance } from './schema.ts';
export { correlateMessage } from './service-task.ts';
export { fireDueTimers } from './timers.ts';
