/**
 * A person's open tasks of some processes, for the field app's *Today* and *Repairs* (爆管抢修, 调度指令): tasks
 * assigned to them, or unclaimed tasks they are a candidate of. Each comes with its instance's title and variables
 * and the process's user-task steps in flow order (first path from the start), so the phone shows the progress.
 */
import type { MyProcessTask } from '@swp/contract';
import type { AppContext } from '../../core/module.ts';
import { tenantText } from '../../core/scoped.ts';
import type { Graph } from './parse.ts';
import { wfTask } from './schema.ts';

const MINE = `
  select t.id::text as "taskId", t.instance_id::text as "instanceId", i.process_key as "processKey",
         i.process_name as "processName", i.title, t.task_def_key as "taskDefKey", t.name as "taskName",
         t.create_time as "createTime", t.due_date as "dueDate", t.assignee is not null as claimed, i.vars, d.graph
    from wf_task t join wf_instance i on i.id = t.instance_id join wf_definition d on d.id = t.definition_id
   where ${tenantText(wfTask, '$1', 't')} and t.end_time is null and not t.suspended and i.state = 'running'
     and (t.assignee = $2::bigint or (t.assignee is null and exists (
          select 1 from wf_task_candidate c where c.task_id = t.id and c.user_id = $2::bigint)))`;

/** The user tasks along the first path from the start (ample for the straight processes a crew works through). */
export function stepsOf(g: Graph): { key: string; name: string }[] {
  const out: { key: string; name: string }[] = [];
  const seen = new Set<string>();
  let id: string | undefined = g.startId;
  while (id && !seen.has(id)) {
    seen.add(id);
    const n: Graph['nodes'][string] | undefined = g.nodes[id];
    if (!n) break;
    if (n.type === 'userTask') out.push({ key: n.id, name: n.name ?? n.id });
    const flow: string | undefined = n.default ?? n.outgoing[0];
    id = flow ? g.flows[flow]?.target : undefined;
  }
  return out;
}

function shape(r: any): MyProcessTask {
  const steps = stepsOf(r.graph as Graph);
  const { graph: _g, ...rest } = r;
  return { ...rest, steps, stepNo: steps.findIndex((s) => s.key === r.taskDefKey) + 1 };
}

export async function myProcessTasks(
  ctx: Pick<AppContext, 'database'>,
  tenantId: string,
  userId: string,
  processKeys: string[],
): Promise<MyProcessTask[]> {
  const r = await ctx.database.pool.query(
    `${MINE} and i.process_key = any($3::text[]) order by coalesce(t.due_date, t.create_time), t.id limit 200`,
    [tenantId, userId, processKeys],
  );
  return r.rows.map(shape);
}

/** One open task of the person (assigned or a candidate), or null. */
export async function myProcessTask(
  ctx: Pick<AppContext, 'database'>,
  tenantId: string,
  userId: string,
  taskId: string,
): Promise<MyProcessTask | null> {
  const r = await ctx.database.pool.query(`${MINE} and t.id = $3::bigint`, [tenantId, userId, taskId]);
  return r.rows[0] ? shape(r.rows[0]) : null;
}

/** How a task ended and who ended it (a resend of the phone's completion reads this). */
export async function taskOutcome(ctx: Pick<AppContext, 'database'>, tenantId: string, taskId: string) {
  const r = await ctx.database.pool.query(
    `select end_time as "endTime", finished_by::text as "finishedBy", delete_reason as "deleteReason",
            instance_id::text as "instanceId", task_def_key as "taskDefKey"
       from wf_task where ${tenantText(wfTask, '$1')} and id = $2::bigint`,
    [tenantId, taskId],
  );
  return (r.rows[0] ?? null) as {
    endTime: Date | null;
    finishedBy: string | null;
    deleteReason: string | null;
    instanceId: string;
    taskDefKey: string;
  } | null;
}
