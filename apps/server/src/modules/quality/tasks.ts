/**
 * Sampling tasks from plans: a plan is due on a day by its frequency (DAILY every day, WEEKLY on Mondays, MONTHLY
 * on the 1st) between its start and end dates; each due day gives one task per point. Generation is idempotent
 * (unique plan + point + day): the jobs leader generates today's tasks, an operator may generate any day.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { qualityPlan, qualityPoint, qualityTask } from './schema.ts';

export function planDue(
  plan: { frequency: string; startDate: string; endDate: string | null; enabled: boolean },
  day: string,
) {
  if (!plan.enabled || day < plan.startDate || (plan.endDate && day > plan.endDate)) return false;
  const [y, m, d] = day.split('-').map(Number);
  if (plan.frequency === 'DAILY') return true;
  if (plan.frequency === 'WEEKLY') return new Date(y, m - 1, d).getDay() === 1;
  return d === 1;
}

/** The live topic telling assignees that sampling tasks were made for them (the field app reloads *Today*). */
export const SAMPLING_TASKS_TOPIC = 'quality.tasks';

/**
 * Creates the tasks due on `day` for a tenant; returns how many were new. The assignees of new tasks are told on
 * the live channel (their open field apps reload *Today*); a lost event only delays that to the next reload.
 */
export async function generateTasks(ctx: Pick<AppContext, 'db' | 'live'>, tenantId: string, day: string) {
  const plans = await ctx.db.select().from(qualityPlan).where(liveInTenant(qualityPlan, tenantId));
  const points = new Map(
    (await ctx.db.select().from(qualityPoint).where(liveInTenant(qualityPoint, tenantId))).map((p) => [p.code, p]),
  );
  const values = plans
    .filter((p) => planDue(p, day))
    .flatMap((p) =>
      p.pointCodes
        .filter((c) => points.has(c))
        .map((c) => ({
          tenantId,
          planId: p.id,
          planName: p.name,
          pointCode: c,
          pointName: points.get(c)!.name,
          indicatorCodes: p.indicatorCodes,
          dueDate: day,
          assignee: p.assignee,
        })),
    );
  if (!values.length) return 0;
  const made = await ctx.db
    .insert(qualityTask)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: qualityTask.id, assignee: qualityTask.assignee });
  const userIds = [...new Set(made.map((m) => m.assignee).filter((u): u is string => !!u))];
  // in slices, so a NOTIFY payload stays under its cap
  for (let i = 0; i < userIds.length; i += 200)
    await ctx.live
      .publish({
        topic: SAMPLING_TASKS_TOPIC,
        tenantId,
        userIds: userIds.slice(i, i + 200),
        data: { created: made.length },
        toSockets: true,
      })
      .catch(() => undefined);
  return made.length;
}

/** Today's tasks for every tenant with plans (the leader's daily pass). */
export async function generateToday(ctx: AppContext, day: string) {
  const r = await ctx.db.execute<{ tenant_id: string }>(
    sql`select distinct tenant_id from swp_quality_plan where is_deleted = 0 and enabled`,
  );
  let n = 0;
  for (const t of r.rows) n += await generateTasks(ctx, t.tenant_id, day);
  return n;
}
