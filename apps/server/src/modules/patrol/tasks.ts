/**
 * Turning approved plans into tasks. `materialize` writes the tasks of the given plan periods with their objects
 * and users; a task is keyed by (plan, period start) under a unique index and inserted with ON CONFLICT DO NOTHING,
 * so two scheduler instances (or a scheduler and a seed) write each task exactly once: only the instance whose
 * insert created the task row adds its objects and users, in the same transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../core/ids.ts';
import type { Tx } from '../../core/resource.ts';
import type { Db } from '../../db/connection.ts';
import { user } from '../system/index.ts';
import { dayString, expandPeriods, localDay, type PeriodKind, TASK_STATUS } from './periods.ts';
import { patrolJobObject, patrolPlan, patrolTask, type patrolTaskObject, type patrolTaskUser } from './schema.ts';

export type PlanRow = typeof patrolPlan.$inferSelect;
type TaskInsert = typeof patrolTask.$inferInsert;
type ObjectInsert = typeof patrolTaskObject.$inferInsert;
type UserInsert = typeof patrolTaskUser.$inferInsert;

export const splitIds = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Inserts rows in chunks (bounded parameter count). */
export async function insertChunked<T extends Record<string, unknown>>(
  tx: Tx | Db,
  table: any,
  rows: T[],
  chunk = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) await (tx as Db).insert(table).values(rows.slice(i, i + chunk));
}

/** [column, PostgreSQL type, row key] */
export type BulkColumn = [column: string, type: string, key: string];

/**
 * One multi-row insert per 20,000 rows: each column travels as one array parameter through `unnest`, so the
 * statement stays small however many rows it carries. Column and table names are constants of this module.
 */
export async function bulkInsert(
  tx: Tx | Db,
  table: string,
  cols: BulkColumn[],
  rows: Record<string, unknown>[],
  tail = '',
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < rows.length; i += 20_000) {
    const part = rows.slice(i, i + 20_000);
    const arrays = cols.map(
      ([, type, key]) =>
        sql`${sql.param(
          part.map((r) => {
            const v = r[key];
            if (v === undefined || v === null) return null;
            return v instanceof Date ? v.toISOString() : v;
          }),
        )}::${sql.raw(type)}[]`,
    );
    const q = sql`insert into ${sql.raw(table)} (${sql.raw(cols.map((c) => c[0]).join(', '))}) select * from unnest(${sql.join(arrays, sql`, `)}) ${sql.raw(tail)}`;
    const r = await (tx as Db).execute(q);
    out.push(...((r as any).rows ?? []));
  }
  return out;
}

const TASK_COLS: BulkColumn[] = [
  ['id', 'bigint', 'id'],
  ['tenant_id', 'varchar', 'tenantId'],
  ['plan_id', 'bigint', 'planId'],
  ['task_name', 'varchar', 'taskName'],
  ['type_id', 'bigint', 'typeId'],
  ['dept_id', 'bigint', 'deptId'],
  ['period', 'varchar', 'period'],
  ['period_start', 'timestamptz', 'periodStart'],
  ['period_end', 'timestamptz', 'periodEnd'],
  ['task_status', 'int', 'taskStatus'],
  ['start_time', 'timestamptz', 'startTime'],
  ['finish_time', 'timestamptz', 'finishTime'],
  ['object_count', 'int', 'objectCount'],
  ['checked_count', 'int', 'checkedCount'],
  ['hazard_count', 'int', 'hazardCount'],
  ['create_user', 'bigint', 'createUser'],
  ['create_dept', 'bigint', 'createDept'],
  ['create_time', 'timestamptz', 'createTime'],
  ['update_time', 'timestamptz', 'updateTime'],
];
const OBJECT_COLS: BulkColumn[] = [
  ['id', 'bigint', 'id'],
  ['tenant_id', 'varchar', 'tenantId'],
  ['task_id', 'bigint', 'taskId'],
  ['job_object_id', 'bigint', 'jobObjectId'],
  ['object_name', 'varchar', 'objectName'],
  ['facility_type', 'varchar', 'facilityType'],
  ['x', 'float8', 'x'],
  ['y', 'float8', 'y'],
  ['sort', 'int', 'sort'],
  ['result', 'int', 'result'],
  ['check_time', 'timestamptz', 'checkTime'],
  ['check_user', 'bigint', 'checkUser'],
];
const USER_COLS: BulkColumn[] = [
  ['id', 'bigint', 'id'],
  ['tenant_id', 'varchar', 'tenantId'],
  ['task_id', 'bigint', 'taskId'],
  ['user_id', 'bigint', 'userId'],
  ['assign_time', 'timestamptz', 'assignTime'],
];

/** The people of a plan: its named users, else the live members of its team. */
export async function planUsers(tx: Tx | Db, plans: PlanRow[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const teams = [...new Set(plans.filter((p) => !splitIds(p.userIds).length).map((p) => p.deptId))];
  const members = new Map<string, string[]>();
  if (teams.length) {
    const rows = await (tx as Db)
      .select({ id: user.id, deptId: user.deptId })
      .from(user)
      .where(
        and(
          eq(user.isDeleted, 0),
          eq(user.status, 1),
          sql`string_to_array(${user.deptId}, ',') && ${`{${teams.join(',')}}`}::text[]`,
        ),
      );
    for (const r of rows)
      for (const d of splitIds(r.deptId)) if (teams.includes(d)) members.set(d, [...(members.get(d) ?? []), r.id]);
  }
  for (const p of plans) {
    const named = splitIds(p.userIds);
    out.set(p.id, named.length ? named : (members.get(p.deptId) ?? []));
  }
  return out;
}

export interface Slot {
  plan: PlanRow;
  start: Date;
  end: Date;
  firstDay: string;
  lastDay: string;
}

/** The task name of a period: plan name and its first day (and last day when longer than one). */
export const taskNameOf = (s: Slot) =>
  `${s.plan.planName} ${s.firstDay}${s.lastDay !== s.firstDay ? ` ~ ${s.lastDay}` : ''}`.slice(0, 120);

/**
 * Writes the tasks of the slots that do not exist yet, with their objects and users; returns the created tasks
 * (id, plan id, period start). `decorate` may fill in history (status, times) before the rows are written.
 */
export async function materialize(
  tx: Tx,
  slots: Slot[],
  decorate?: (task: TaskInsert, objects: ObjectInsert[], users: UserInsert[], slot: Slot) => void,
): Promise<{ id: string; planId: string }[]> {
  if (!slots.length) return [];
  // one order for every writer (plan id, then period), so two concurrent writers wait on each other's rows in the
  // same order instead of deadlocking
  slots = [...slots].sort((a, b) => cmpId(a.plan.id, b.plan.id) || a.start.getTime() - b.start.getTime());
  const plans = [...new Map(slots.map((s) => [s.plan.id, s.plan])).values()];
  const objectIds = [...new Set(plans.flatMap((p) => splitIds(p.objectIds)))];
  const objects = objectIds.length
    ? await tx
        .select()
        .from(patrolJobObject)
        .where(and(inArray(patrolJobObject.id, objectIds), eq(patrolJobObject.isDeleted, 0)))
    : [];
  const objById = new Map(objects.map((o) => [o.id, o]));
  const people = await planUsers(tx, plans);

  const created: { id: string; planId: string }[] = [];
  const CHUNK = 5000;
  for (let i = 0; i < slots.length; i += CHUNK) {
    const part = slots.slice(i, i + CHUNK);
    const built = part.map((s) => {
      const objs = splitIds(s.plan.objectIds)
        .map((id) => objById.get(id))
        .filter((o): o is NonNullable<typeof o> => !!o);
      const task: TaskInsert = {
        id: newId(),
        tenantId: s.plan.tenantId,
        planId: s.plan.id,
        taskName: taskNameOf(s),
        typeId: s.plan.typeId,
        deptId: s.plan.deptId,
        period: s.plan.period,
        periodStart: s.start,
        periodEnd: s.end,
        taskStatus: TASK_STATUS.pending,
        objectCount: objs.length,
        checkedCount: 0,
        hazardCount: 0,
        createUser: s.plan.createUser,
        createDept: s.plan.deptId,
        createTime: s.start,
        updateTime: s.start,
      };
      const taskObjects: ObjectInsert[] = objs.map((o, k) => ({
        id: newId(),
        tenantId: s.plan.tenantId,
        taskId: task.id!,
        jobObjectId: o.id,
        objectName: o.objectName,
        facilityType: o.facilityType,
        x: o.x,
        y: o.y,
        sort: k + 1,
        result: 0,
      }));
      const taskUsers: UserInsert[] = (people.get(s.plan.id) ?? []).map((u) => ({
        id: newId(),
        tenantId: s.plan.tenantId,
        taskId: task.id!,
        userId: u,
        assignTime: s.start,
      }));
      decorate?.(task, taskObjects, taskUsers, s);
      return { task, taskObjects, taskUsers };
    });
    const inserted = (await bulkInsert(
      tx,
      'swp_patrol_task',
      TASK_COLS,
      built.map((b) => b.task),
      'on conflict (plan_id, period_start) do nothing returning id::text as id, plan_id::text as "planId"',
    )) as { id: string; planId: string }[];
    const ok = new Set(inserted.map((r) => r.id));
    const fresh = built.filter((b) => ok.has(b.task.id!));
    await bulkInsert(
      tx,
      'swp_patrol_task_object',
      OBJECT_COLS,
      fresh.flatMap((b) => b.taskObjects),
    );
    await bulkInsert(
      tx,
      'swp_patrol_task_user',
      USER_COLS,
      fresh.flatMap((b) => b.taskUsers),
    );
    created.push(...inserted);
  }
  return created;
}

const cmpId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The slots of approved plans overlapping the local days [fromDay, toDay]. */
export function slotsOf(plans: PlanRow[], tz: string, fromDay: string, toDay: string): Slot[] {
  return plans.flatMap((plan) =>
    expandPeriods(plan.period as PeriodKind, plan.startDate, plan.endDate, tz, { fromDay, toDay }).map((p) => ({
      plan,
      ...p,
    })),
  );
}

/**
 * One scheduler pass: the tasks of every approved plan for the periods that have begun up to today (looking back
 * `backDays` for periods missed while no instance ran, but none that ended before the plan's approval), then
 * overdue marking. Returns the counts.
 */
export async function schedule(
  db: Db,
  tz: string,
  now = new Date(),
  backDays = 2,
): Promise<{ created: number; overdue: number; createdIds: string[]; overdueIds: string[] }> {
  const today = localDay(now.getTime(), tz);
  const fromDay = dayString(today - backDays * 86_400_000);
  const toDay = dayString(today);
  return db.transaction(async (tx) => {
    const plans = await tx
      .select()
      .from(patrolPlan)
      .where(
        and(
          eq(patrolPlan.isDeleted, 0),
          eq(patrolPlan.auditStatus, 2),
          sql`${patrolPlan.startDate} <= ${toDay} and ${patrolPlan.endDate} >= ${fromDay}`,
        ),
      )
      .orderBy(patrolPlan.id);
    // periods that ended before the plan was approved get no task (approval writes the one under way itself)
    const slots = slotsOf(plans, tz, fromDay, toDay).filter((s) => !s.plan.auditTime || s.end > s.plan.auditTime);
    const created = await materialize(tx as Tx, slots);
    const overdueIds = await markOverdue(tx as Tx, now);
    return {
      created: created.length,
      overdue: overdueIds.length,
      createdIds: created.map((c) => c.id),
      overdueIds,
    };
  });
}

/** Tasks not finished by the end of their period become overdue; returns their ids. */
export async function markOverdue(tx: Tx | Db, now: Date): Promise<string[]> {
  const r = await (tx as Db)
    .update(patrolTask)
    .set({ taskStatus: TASK_STATUS.overdue, updateTime: now })
    .where(
      and(
        inArray(patrolTask.taskStatus, [TASK_STATUS.pending, TASK_STATUS.running]),
        sql`${patrolTask.periodEnd} <= ${now.toISOString()}::timestamptz`,
        eq(patrolTask.isDeleted, 0),
      ),
    )
    .returning({ id: patrolTask.id });
  return r.map((x) => x.id);
}
