/**
 * The patrol scheduler, in the jobs leader (a leaderJob of index.ts): every minute it writes the tasks of approved
 * plans whose periods have begun (each exactly once, see tasks.ts) and marks unfinished tasks past their period end
 * overdue. A live event tells the assignees' screens when tasks were created or became overdue.
 */
import type { AppContext } from '../../core/module.ts';
import { schedule } from './tasks.ts';

export const TASKS_TOPIC = 'patrol.tasks';
export const SCHEDULE_MS = 60_000;
/** user ids per event: NOTIFY payloads stay well under 8,000 bytes */
const USERS_PER_EVENT = 200;

/**
 * `patrol.tasks` on the live bus, one event per tenant (and per 200 assignees): `data {created, overdue}` counts
 * the tenant's tasks, `userIds` are their active assignees, and the event reaches those users' browsers as
 * `{type: 'patrol.tasks', data}`.
 */
export async function publishTasks(
  ctx: Pick<AppContext, 'database' | 'live'>,
  createdIds: string[],
  overdueIds: string[],
): Promise<void> {
  if (!createdIds.length && !overdueIds.length) return;
  const r = await ctx.database.pool.query(
    `select t.tenant_id as "tenantId",
            count(distinct t.id) filter (where t.id = any($1::bigint[]))::int as created,
            count(distinct t.id) filter (where t.id = any($2::bigint[]))::int as overdue,
            coalesce(array_agg(distinct tu.user_id::text) filter (where tu.user_id is not null), '{}') as "userIds"
       from swp_patrol_task t
       left join swp_patrol_task_user tu on tu.task_id = t.id and tu.active = 1
      where t.id = any($1::bigint[]) or t.id = any($2::bigint[])
      group by t.tenant_id`,
    [createdIds, overdueIds],
  );
  for (const row of r.rows as { tenantId: string; created: number; overdue: number; userIds: string[] }[]) {
    const users = row.userIds ?? [];
    for (let i = 0; i < Math.max(users.length, 1); i += USERS_PER_EVENT)
      await ctx.live.publish({
        topic: TASKS_TOPIC,
        tenantId: row.tenantId,
        userIds: users.slice(i, i + USERS_PER_EVENT),
        data: { created: row.created, overdue: row.overdue },
        toSockets: true,
      });
  }
}

export class PatrolScheduler {
  constructor(private ctx: AppContext) {}

  async tick(now = new Date()): Promise<void> {
    const r = await schedule(this.ctx.db, this.ctx.config.tz, now);
    await publishTasks(this.ctx, r.createdIds, r.overdueIds);
  }
}
