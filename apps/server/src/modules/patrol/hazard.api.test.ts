/**
 * A hazard found on patrol starts the 巡检隐患处理 workflow (issue 11): the check-in of the demo account `patrol`
 * starts `patrol_hazard` with the hazard's id as business key and the form filled from the hazard; the hazard and
 * its work order follow the instance (处理中, then 已处理 when the tasks are completed through the HTTP API, or
 * 已终止 when the starter terminates it); a start that fails keeps the check-in. Last, the scheduler's
 * `patrol.tasks` event goes to the assignees' browsers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInSuite, type TestApp } from '../../../test/harness.ts';
import type { LiveEvent } from '../../core/live.ts';
import { type ReportedHazard, startHazardProcess } from './hazard.ts';
import { PatrolScheduler, TASKS_TOPIC } from './scheduler.ts';
import { schedule } from './tasks.ts';

const B = '/api/swp-pipeops-patrol';
const P = '/api/blade-workflow/process';
let t: TestApp;
let ids: Record<string, string> = {};
const as = signedInSuite(['admin', 'operator', 'patrol'], (s) => ({ t, ids } = s));

const data = (res: { statusCode: number; body: string; json(): any }) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(200);
  return res.json().data;
};
/** The demo account `patrol` checks object `id` in with a hazard (result 2); answers the task as the check-in does. */
const reportHazard = async (id: string, hazard: Record<string, unknown>) =>
  data(await as('patrol').post(`${B}/patrol-task-object/check`, { id, result: 2, ...hazard }));
async function sql<T = any>(q: string, args: unknown[] = []): Promise<T[]> {
  return (await t.app.ctx.database.pool.query(q, args)).rows as T[];
}

beforeAll(async () => {
  // today's tasks (the seed writes them too; a run that crosses midnight gets the new day's)
  await schedule(t.app.ctx.db, t.app.ctx.config.tz, new Date());
});

/** The demo account's daily task under way, started, with its objects. */
async function todaysTask() {
  // one clock reading for writing today's tasks and finding one: midnight may have passed since beforeAll
  const now = new Date();
  await schedule(t.app.ctx.db, t.app.ctx.config.tz, now);
  const [task] = await sql(
    `select t.id::text from swp_patrol_task t
       join swp_patrol_task_user tu on tu.task_id = t.id and tu.active = 1
       join blade_user u on u.id = tu.user_id
      where u.account = 'patrol' and t.period = 'daily' and t.period_start <= $1 and t.period_end > $1
        and t.task_status in (0, 1)`,
    [now],
  );
  expect(task, 'the demo account has a daily task today').toBeTruthy();
  const detail = data(await as('patrol').post(`${B}/patrol-task/start`, { id: task.id }));
  return { id: task.id as string, planId: detail.planId as string, objects: detail.objects as any[] };
}

const hazardOf = async (taskObjectId: string) =>
  (
    await sql(
      `select h.id::text, h.hazard_status as "hazardStatus", h.process_instance_id as "processInstanceId",
              h.order_id::text as "orderId", o.order_status as "orderStatus", o.finish_time as "orderFinish"
         from swp_patrol_hazard h join swp_patrol_order o on o.id = h.order_id
        where h.task_object_id = $1`,
      [taskObjectId],
    )
  )[0];
const openTasks = (instanceId: string) =>
  sql(
    `select t.id::text, t.name, t.assignee::text,
            coalesce((select array_agg(c.user_id::text order by c.user_id) from wf_task_candidate c where c.task_id = t.id), '{}') as candidates
       from wf_task t where t.instance_id = $1 and t.end_time is null`,
    [instanceId],
  );
const usersOfRole = async (alias: string) =>
  (
    await sql(
      `select u.id::text from blade_user u join blade_role r on (',' || u.role_id || ',') like ('%,' || r.id::text || ',%')
        where u.tenant_id = '000000' and u.is_deleted = 0 and r.is_deleted = 0 and r.tenant_id = '000000'
          and r.role_alias = $1 order by u.id`,
      [alias],
    )
  ).map((r) => r.id as string);
const sampleHazard: ReportedHazard = {
  id: '0',
  tenantId: '000000',
  reportUser: '0',
  eventType: 'leak',
  level: 2,
  description: '路面持续冒水',
  photos: '',
  taskId: '0',
  planId: '0',
  taskObjectId: '0',
  jobObjectId: '0',
  objectName: '测试管道',
  address: null,
  x: null,
  y: null,
  lon: null,
  lat: null,
  orderId: '0',
  orderNo: 'GD0',
};
const complete = async (who: string, taskId: string, comment: string) =>
  data(await as(who).post(`${P}/completeTask`, { taskId, pass: true, comment }));

describe('a hazard reported at check-in', () => {
  let task: Awaited<ReturnType<typeof todaysTask>>;
  beforeAll(async () => {
    task = await todaysTask();
  });

  it('starts 巡检隐患处理 as the reporter, and the hazard is 处理中 until the process is completed', async () => {
    const o = task.objects[0];
    const [job] = await sql(`select address, lon, lat from swp_patrol_job_object where id = $1`, [o.jobObjectId]);
    const checked = await reportHazard(o.id, {
      eventType: 'valve_damage',
      level: 1,
      description: '阀门井盖破损，井内积水',
      photos: ['/api/blade-resource/oss/endpoint/file/valve.jpg'],
    });
    expect(checked.objects.find((x: any) => x.id === o.id).result).toBe(2);

    const h = await hazardOf(o.id);
    expect(h).toMatchObject({ hazardStatus: 1, orderStatus: 1 });
    expect(h.processInstanceId).toMatch(/^\d+$/);
    const [inst] = await sql(
      `select process_key as "processKey", business_key as "businessKey", starter_id::text as "starterId", state, title, vars
         from wf_instance where id = $1`,
      [h.processInstanceId],
    );
    expect(inst).toMatchObject({
      processKey: 'patrol_hazard',
      businessKey: h.id,
      starterId: ids.patrol,
      state: 'running',
      title: `${o.objectName}阀门损坏（一般隐患）`,
    });
    expect(inst.vars).toMatchObject({
      hazardType: '阀门井损坏',
      address: `${job.address} ${o.objectName}`,
      description: '阀门井盖破损，井内积水',
      level: '一般',
      reporter: ids.patrol,
      hazardId: h.id,
      eventType: 'valve_damage',
      eventTypeName: '阀门损坏',
      taskId: task.id,
      planId: task.planId,
      taskObjectId: o.id,
      jobObjectId: o.jobObjectId,
      orderId: h.orderId,
      x: o.x,
      y: o.y,
      lon: job.lon,
      lat: job.lat,
    });
    expect(inst.vars.photos).toContain('valve.jpg');
    // the first task waits for the operators (candidates, nobody holds it yet)
    const [confirm] = await openTasks(h.processInstanceId);
    expect(confirm).toMatchObject({ name: '隐患确认', assignee: null });
    expect(confirm.candidates).toEqual(await usersOfRole('operator'));
    expect(confirm.candidates).toContain(ids.operator);

    // the hazard list shows the instance and the status; the operator's claim list shows the task
    const page = data(await as('admin').get(`${B}/patrol-hazard/page`, { taskId: task.id }));
    expect(page.records.find((r: any) => r.id === h.id)).toMatchObject({
      processInstanceId: h.processInstanceId,
      hazardStatus: 1,
      hazardStatusName: '处理中',
    });
    const handling = data(await as('admin').get(`${B}/patrol-hazard/page`, { hazardStatus: 1, size: 1000 }));
    expect(handling.records.map((r: any) => r.id)).toContain(h.id);
    const claim = data(await as('operator').get(`${P}/claimList`, { businessKey: h.id }));
    expect(claim.records.map((r: any) => r.taskId)).toEqual([confirm.id]);

    // 隐患确认 (operator) → 整改处理 (the reporter) → 整改复查 (operator) → end
    await complete('operator', confirm.id, '确认隐患，安排整改');
    const [fix] = await openTasks(h.processInstanceId);
    expect(fix).toMatchObject({ name: '整改处理', assignee: ids.patrol });
    expect((await hazardOf(o.id)).hazardStatus).toBe(1);
    await complete('patrol', fix.id, '已更换井盖并抽排积水');
    const [recheck] = await openTasks(h.processInstanceId);
    expect(recheck.name).toBe('整改复查');
    await complete('operator', recheck.id, '复查合格');

    expect(await openTasks(h.processInstanceId)).toEqual([]);
    const [{ state }] = await sql(`select state from wf_instance where id = $1`, [h.processInstanceId]);
    expect(state).toBe('finished');
    const done = await hazardOf(o.id);
    expect(done).toMatchObject({ hazardStatus: 2, orderStatus: 2 });
    expect(done.orderFinish).toBeTruthy();
    const after = data(await as('admin').get(`${B}/patrol-hazard/page`, { taskId: task.id }));
    expect(after.records.find((r: any) => r.id === h.id)).toMatchObject({
      hazardStatus: 2,
      hazardStatusName: '已处理',
    });
  });

  it('an urgent hazard is a major one (领导审批); terminated by its reporter it is 已终止', async () => {
    const o = task.objects[1];
    await reportHazard(o.id, {
      eventType: 'occupation',
      level: 3,
      description: '施工围挡占压 DN600 主管',
    });
    const h = await hazardOf(o.id);
    expect(h.hazardStatus).toBe(1);
    const [inst] = await sql(`select vars from wf_instance where id = $1`, [h.processInstanceId]);
    expect(inst.vars).toMatchObject({ hazardType: '违章占压', level: '重大', hazardLevel: 3, hazardLevelName: '紧急' });
    const [confirm] = await openTasks(h.processInstanceId);
    await complete('operator', confirm.id, '确认为重大隐患');
    const [approve] = await openTasks(h.processInstanceId);
    expect(approve.name).toBe('领导审批');

    data(
      await as('patrol').post(`${P}/terminateProcess`, {
        processInstanceId: h.processInstanceId,
        comment: '已移交城管执法',
      }),
    );
    const [{ state }] = await sql(`select state from wf_instance where id = $1`, [h.processInstanceId]);
    expect(state).toBe('terminated');
    expect(await hazardOf(o.id)).toMatchObject({ hazardStatus: 3, orderStatus: 2 });
    const page = data(await as('admin').get(`${B}/patrol-hazard/page`, { taskId: task.id, hazardStatus: 3 }));
    expect(page.records.map((r: any) => [r.id, r.hazardStatusName])).toEqual([[h.id, '已终止']]);
  });

  it('when the process cannot start, the check-in is still saved and the hazard stays 待处理', async () => {
    const o = task.objects[2];
    const [before] = await sql(`select hazard_count as n, checked_count as c from swp_patrol_task where id = $1`, [
      task.id,
    ]);
    // the process definition suspended: starting it is refused
    await sql(`update wf_definition set status = 2 where tenant_id = '000000' and process_key = 'patrol_hazard'`);
    try {
      const checked = await reportHazard(o.id, {
        eventType: 'leak',
        level: 2,
        description: '路面持续冒水',
      });
      expect(checked).toMatchObject({ hazardCount: before.n + 1, checkedCount: before.c + 1 });
      // what the check-in logged: the hazard and the workflow's reason
      const logged: unknown[] = [];
      const log = { warn: (o: unknown) => logged.push(o), error: (o: unknown) => logged.push(o) };
      const h = await hazardOf(o.id);
      const again = await startHazardProcess(
        t.app.ctx,
        { ...sampleHazard, id: h.id, orderId: h.orderId, reportUser: ids.patrol },
        log as any,
      );
      expect(again).toBeUndefined();
      expect(logged).toEqual([
        expect.objectContaining({ hazardId: h.id, processKey: 'patrol_hazard', reason: '流程定义已挂起，无法发起' }),
      ]);
    } finally {
      await sql(`update wf_definition set status = 1 where tenant_id = '000000' and process_key = 'patrol_hazard'`);
    }
    const h = await hazardOf(o.id);
    expect(h).toMatchObject({ hazardStatus: 0, processInstanceId: null, orderStatus: 0 });
    const [{ n }] = await sql(`select count(*)::int as n from wf_instance where business_key = $1`, [h.id]);
    expect(n).toBe(0);
    const [obj] = await sql(`select result from swp_patrol_task_object where id = $1`, [o.id]);
    expect(obj.result).toBe(2);
    const page = data(await as('admin').get(`${B}/patrol-hazard/page`, { taskId: task.id, hazardStatus: 0 }));
    expect(page.records.map((r: any) => [r.id, r.hazardStatusName, r.processInstanceId])).toEqual([
      [h.id, '待处理', null],
    ]);
  });
});

describe('patrol.tasks on the live bus', () => {
  it("reaches the assignees' browsers when the scheduler creates tasks or marks them overdue", async () => {
    const seen: LiveEvent[] = [];
    const off = t.app.ctx.live.on(TASKS_TOPIC, (ev) => seen.push(ev));
    try {
      // tomorrow morning: tomorrow's tasks are created and today's unfinished ones become overdue
      await new PatrolScheduler(t.app.ctx).tick(new Date(Date.now() + 86_400_000));
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      off();
    }
    const ev = seen.find((e) => e.tenantId === '000000');
    expect(ev).toMatchObject({ toSockets: true, data: { created: expect.any(Number), overdue: expect.any(Number) } });
    const d = ev!.data as { created: number; overdue: number };
    expect(d.created).toBeGreaterThan(0);
    expect(d.overdue).toBeGreaterThan(0);
    const users = seen.filter((e) => e.tenantId === '000000').flatMap((e) => e.userIds ?? []);
    expect(users).toContain(ids.patrol);
  });
});
