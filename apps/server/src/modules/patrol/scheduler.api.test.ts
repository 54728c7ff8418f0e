/**
 * The patrol scheduler with two app instances on one PostgreSQL database (issue 11: "the scheduler creates each
 * task exactly once with two instances running"), and approval writing the current period's task at once while
 * both schedulers run. Needs TEST_DATABASE_URL (the embedded database serves one instance); skipped without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootSecondInstance, bootTestApp, type TestApp } from '../../../test/harness.ts';
import { dayString, expandPeriods, localDay, type PeriodKind } from './periods.ts';
import { PatrolScheduler } from './scheduler.ts';
import { schedule } from './tasks.ts';

const B = '/api/swp-pipeops-patrol';
const DAY = 86_400_000;
const BACK = 35;

const data = (res: { statusCode: number; body: string; json(): any }) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(200);
  return res.json().data;
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('patrol scheduler with two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let tz: string;
  const sql = async <T = any>(q: string, args: unknown[] = []): Promise<T[]> =>
    (await a.app.ctx.database.pool.query(q, args)).rows as T[];

  beforeAll(async () => {
    a = await bootTestApp();
    b = await bootSecondInstance(a);
    await a.signIn();
    await b.signIn();
    tz = a.app.ctx.config.tz;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const today = () => localDay(Date.now(), tz);
  const body = async (period: PeriodKind, name: string) => {
    const [type] = data(await a.get(`${B}/patrol-type/list`));
    const jobs = data(await a.get(`${B}/patrol-job-object/list`, { facilityType: 'valve', size: 3 })).records;
    const [team] = await sql(`select id::text from blade_dept where dept_name = '管网巡检一班'`);
    const people = await sql(`select id::text from blade_user where account in ('xj101', 'xj102') order by account`);
    return {
      planName: name,
      typeId: type.id,
      scopeType: 'route',
      geometry: jobs.map((j: any) => [j.x, j.y]),
      period,
      startDate: dayString(today() - 40 * DAY),
      endDate: dayString(today() + 40 * DAY),
      deptId: team.id,
      userIds: people.map((p) => p.id),
      objectIds: jobs.map((j: any) => j.id),
      checkItems: ['阀门井有无积水'],
    };
  };
  /** a saved and submitted plan (instance a) */
  const submitted = async (period: PeriodKind, name: string) => {
    const plan = data(await a.post(`${B}/patrol-plan/save`, await body(period, name)));
    data(await a.post(`${B}/patrol-plan/submit`, { id: plan.id }));
    return plan as { id: string; startDate: string; endDate: string; period: PeriodKind };
  };
  const tasksOf = (planId: string) =>
    sql<{
      id: string;
      periodStart: Date;
      periodEnd: Date;
      objectCount: number;
      objects: number;
      users: number;
      taskStatus: number;
    }>(
      `select t.id::text, t.period_start as "periodStart", t.period_end as "periodEnd", t.object_count as "objectCount",
              t.task_status as "taskStatus",
              (select count(*)::int from swp_patrol_task_object o where o.task_id = t.id) as objects,
              (select count(*)::int from swp_patrol_task_user u where u.task_id = t.id) as users
         from swp_patrol_task t where t.plan_id = $1 order by t.period_start`,
      [planId],
    );
  /** every task of the plan has its objects and users written once */
  const wholeTasks = async (planId: string) => {
    const rows = await tasksOf(planId);
    for (const r of rows) expect([r.objectCount, r.objects, r.users]).toEqual([3, 3, 2]);
    return rows;
  };

  const plans: { id: string; startDate: string; endDate: string; period: PeriodKind }[] = [];

  it('approving a plan writes the task of the period under way at once, also while both schedulers tick', async () => {
    for (const period of ['daily', 'weekly', 'monthly'] as PeriodKind[])
      plans.push(await submitted(period, `双实例${period}`));
    const now = new Date();
    // the three approvals on the second instance while both instances' schedulers tick
    await Promise.all([
      ...plans.map((p) => b.post(`${B}/partol-plan-audit/update`, { id: p.id, auditStatus: 2 }).then(data)),
      new PatrolScheduler(a.app.ctx).tick(now),
      new PatrolScheduler(b.app.ctx).tick(now),
    ]);
    for (const p of plans) {
      const rows = await wholeTasks(p.id);
      const current = rows.filter(
        (r) => r.periodStart.getTime() <= now.getTime() && now.getTime() < r.periodEnd.getTime(),
      );
      expect(current, `${p.period}: the period under way`).toHaveLength(1);
      expect(current[0].taskStatus).toBe(0);
      const keys = rows.map((r) => r.periodStart.getTime());
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('both instances scheduling at once write each (plan, period) exactly once, with its objects and users', async () => {
    const now = new Date();
    // as if approved when they began (40 days ago), so the passes have five weeks of periods to write
    await sql(`update swp_patrol_plan set audit_time = now() - interval '40 days' where id = any($1::bigint[])`, [
      plans.map((p) => p.id),
    ]);
    const [{ n: before }] = await sql(`select count(*)::int as n from swp_patrol_task`);
    const db = [a.app.ctx.db, b.app.ctx.db];
    // four passes at once (two per instance), each looking back 35 days
    const results = await Promise.all([0, 1, 0, 1].map((i) => schedule(db[i], tz, now, BACK)));
    const [{ n: after }] = await sql(`select count(*)::int as n from swp_patrol_task`);
    // every task a pass reports created is a new row, and no row was created twice
    expect(results.reduce((s, r) => s + r.created, 0)).toBe(after - before);
    // the days of the passes' clock reading, not of a later one
    const from = dayString(localDay(now.getTime(), tz) - BACK * DAY);
    const to = dayString(localDay(now.getTime(), tz));
    for (const p of plans) {
      const expected = expandPeriods(p.period, p.startDate, p.endDate, tz, { fromDay: from, toDay: to });
      const rows = await wholeTasks(p.id);
      expect(
        rows.map((r) => r.periodStart.toISOString()),
        p.period,
      ).toEqual(expected.map((e) => e.start.toISOString()));
    }
    // the unique key holds over the whole table (demo plans included), and a pass that lost a task to the other
    // instance wrote none of its objects or users
    expect(await sql(`select plan_id, period_start from swp_patrol_task group by 1, 2 having count(*) > 1`)).toEqual(
      [],
    );
    const [stray] = await sql(
      `select (select count(*)::int from swp_patrol_task_object o where not exists (select 1 from swp_patrol_task t where t.id = o.task_id)) as objects,
              (select count(*)::int from swp_patrol_task_user u where not exists (select 1 from swp_patrol_task t where t.id = u.task_id)) as users`,
    );
    expect(stray).toEqual({ objects: 0, users: 0 });
    // one more round of ticks on both instances creates nothing
    const again = await Promise.all(db.map((d) => schedule(d, tz, now, BACK)));
    expect(again.map((r) => r.created)).toEqual([0, 0]);
  });

  it('an approval racing both schedulers on a plan starting today still writes its first task once', async () => {
    const p = data(
      await a.post(`${B}/patrol-plan/save`, { ...(await body('weekly', '双实例当日')), startDate: dayString(today()) }),
    );
    data(await a.post(`${B}/patrol-plan/submit`, { id: p.id }));
    const now = new Date();
    const [approved] = await Promise.all([
      a.post(`${B}/partol-plan-audit/update`, { id: p.id, auditStatus: 2 }).then(data),
      schedule(a.app.ctx.db, tz, now),
      schedule(b.app.ctx.db, tz, now),
      new PatrolScheduler(b.app.ctx).tick(now),
    ]);
    expect(approved.auditStatus).toBe(2);
    // the schedulers may have read the plan before the approval committed; one more pass each settles it
    await Promise.all([schedule(a.app.ctx.db, tz, now), schedule(b.app.ctx.db, tz, now)]);
    const rows = await wholeTasks(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].periodStart.getTime()).toBe(expandPeriods('weekly', p.startDate, p.endDate, tz)[0].start.getTime());
  });
});
