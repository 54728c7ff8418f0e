import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { clearOfMidnight } from '../../../test/clock.ts';
import { appSuite, type TestApp } from '../../../test/harness.ts';
import { dayString, expandPeriods, localDay } from './periods.ts';
import { PLAN_MSG } from './plan.ts';
import { DEMO_PASSWORD, staffList } from './seed.ts';
import { TASK_MSG } from './task.ts';
import { schedule } from './tasks.ts';

let t: TestApp;
appSuite((app) => (t = app));

const B = '/api/swp-pipeops-patrol';
const data = (res: { statusCode: number; body: string; json(): any }) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe(200);
  return res.json().data;
};
const refused = async (p: Promise<any>, msg: string) => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().msg).toContain(msg);
};

async function sql<T = any>(q: string, args: unknown[] = []): Promise<T[]> {
  return (await t.app.ctx.database.pool.query(q, args)).rows as T[];
}

describe('patrol demo data', () => {
  it('grows the demo utility to 40+ staff in real departments, each able to sign in', async () => {
    const [{ n }] = await sql(
      `select count(*)::int as n from blade_user where tenant_id = '000000' and is_deleted = 0`,
    );
    expect(n).toBeGreaterThanOrEqual(40);
    const per = await sql(
      `select d.dept_name as name, count(*)::int as n from blade_user u join blade_dept d on d.id = u.dept_id::bigint
        where u.tenant_id = '000000' and u.account ~ '^(xj|qx|dd|jc|sc|bz)' group by 1`,
    );
    expect(Object.fromEntries(per.map((r) => [r.name, r.n]))).toMatchObject({
      管网巡检一班: 8,
      管网巡检二班: 8,
      管网抢修班: 8,
      调度值班组: 5,
    });
    const other = await bootTestAppLikeSignIn(staffList()[20].account);
    expect(other.user_name || other.account).toBeTruthy();
  });

  it('has a year of history: tasks every day, check-ins, hazards and orders', async () => {
    const [r] = await sql(
      `select count(*)::int as tasks, min(period_start) as first, count(*) filter (where task_status = 3)::int as overdue,
              sum(checked_count)::int as checked, sum(hazard_count)::int as hazards from swp_patrol_task where tenant_id = '000000'`,
    );
    expect(r.tasks).toBeGreaterThan(6000);
    expect(Date.now() - new Date(r.first).getTime()).toBeGreaterThan(360 * 86_400_000);
    expect(r.overdue).toBeGreaterThan(0);
    const [h] = await sql(`select count(*)::int as n from swp_patrol_hazard`);
    expect(h.n).toBe(r.hazards);
    const [o] = await sql(`select count(*)::int as n, count(distinct source)::int as sources from swp_patrol_order`);
    expect(o.sources).toBe(5);
  });
});

async function bootTestAppLikeSignIn(account: string) {
  const keep = t.token;
  const body = await t.signIn(account, DEMO_PASSWORD);
  t.token = keep;
  return body;
}

describe('catalog', () => {
  it('lists types, type objects, job objects and facility types', async () => {
    const types = data(await t.get(`${B}/patrol-type/list`));
    expect(types.map((x: any) => x.typeName)).toEqual(['日常巡检', '专项巡检', '应急巡检']);
    const objs = data(await t.get(`${B}/patrol-type-object/page`, { typeId: types[0].id }));
    expect(objs.records.map((x: any) => x.facilityTypeName)).toEqual(['管道', '阀门', '消火栓', '水表']);
    const jobs = data(await t.get(`${B}/patrol-job-object/list`, { facilityType: 'pump_station' }));
    expect(jobs.total).toBe(4);
    expect(jobs.records[0].x).toBeGreaterThan(400_000);
    const fac = data(await t.get(`${B}/patrol-task-object/facility-type`));
    expect(fac.map((f: any) => f.code)).toContain('construction');
  });

  it('saves type objects and job objects with validation', async () => {
    const [type] = data(await t.get(`${B}/patrol-type/list`));
    await refused(
      t.post(`${B}/patrol-type-object/save`, { typeId: type.id, facilityType: 'ufo', objectName: 'x' }),
      '设施类型不存在',
    );
    const saved = data(
      await t.post(`${B}/patrol-type-object/save`, {
        typeId: type.id,
        facilityType: 'construction',
        objectName: '施工工地',
        checkItems: ['有无开挖'],
      }),
    );
    expect(saved.checkItems).toBe('有无开挖');
    await refused(
      t.post(`${B}/patrol-job-object/save`, { objectCode: 'T1', objectName: '测试阀门', facilityType: 'valve' }),
      '请在地图上选择对象位置',
    );
    const job = data(
      await t.post(`${B}/patrol-job-object/save`, {
        objectCode: 'T1',
        objectName: '测试阀门',
        facilityType: 'valve',
        lon: 117.25,
        lat: 31.85,
      }),
    );
    expect(job.x).toBeGreaterThan(400_000);
    await refused(
      t.post(`${B}/patrol-job-object/save`, {
        objectCode: 'T1',
        objectName: '重复',
        facilityType: 'valve',
        lon: 117.25,
        lat: 31.85,
      }),
      '对象编号已存在',
    );
  });
});

describe('types and their objects', () => {
  it('saves a type (codes unique), lists objects under their type, removes a type with its objects', async () => {
    const saved = data(await t.post(`${B}/patrol-type/save`, { typeCode: 'T-NIGHT', typeName: '夜间巡检', sort: 9 }));
    expect(saved).toMatchObject({ typeCode: 'T-NIGHT', typeName: '夜间巡检', sort: 9 });
    await refused(t.post(`${B}/patrol-type/save`, { typeCode: 'T-NIGHT', typeName: '重复' }), '类型编码已存在');
    await refused(t.post(`${B}/patrol-type/save`, { typeCode: 'bad code', typeName: 'x' }), '类型编码只能是');
    await refused(
      t.post(`${B}/patrol-type/save`, { id: '999999999', typeCode: 'X9', typeName: 'x' }),
      '巡检类型不存在',
    );
    const renamed = data(await t.post(`${B}/patrol-type/save`, { ...saved, typeName: '夜间专项巡检' }));
    expect(renamed).toMatchObject({ id: saved.id, typeName: '夜间专项巡检' });
    expect(data(await t.get(`${B}/patrol-type/list`)).at(-1).typeName).toBe('夜间专项巡检');

    await refused(
      t.post(`${B}/patrol-type-object/save`, { typeId: '999999999', facilityType: 'valve', objectName: 'x' }),
      '巡检类型不存在',
    );
    const obj = data(
      await t.post(`${B}/patrol-type-object/save`, { typeId: saved.id, facilityType: 'valve', objectName: '夜查阀门' }),
    );
    const objs = data(await t.get(`${B}/patrol-type-object/page`, { typeId: saved.id, facilityType: 'valve' }));
    expect(objs.records).toEqual([
      expect.objectContaining({
        id: obj.id,
        typeName: '夜间专项巡检',
        facilityTypeName: '阀门',
        objectName: '夜查阀门',
      }),
    ]);
    // a facility type is matched whole
    expect(data(await t.get(`${B}/patrol-type-object/page`, { typeId: saved.id, facilityType: 'val' })).total).toBe(0);

    // a type a plan uses stays
    const [used] = data(await t.get(`${B}/patrol-type/list`));
    await refused(t.post(`${B}/patrol-type/remove`, { ids: used.id }), '该巡检类型已被计划使用，不能删除');
    expect(data(await t.get(`${B}/patrol-type/list`)).some((x: any) => x.id === used.id)).toBe(true);

    await t.post(`${B}/patrol-type/remove`, { ids: saved.id });
    expect(data(await t.get(`${B}/patrol-type/list`)).some((x: any) => x.id === saved.id)).toBe(false);
    // its objects went with it
    const [left] = await sql(`select is_deleted from swp_patrol_type_object where id = $1`, [obj.id]);
    expect(Number(left.is_deleted)).toBe(1);
    // removing it again passes over it
    expect((await t.post(`${B}/patrol-type/remove`, { ids: saved.id })).statusCode).toBe(200);
  });
});

describe('job objects', () => {
  it('finds by keyword and facility type with department names, clears a field, removes (twice is no fault)', async () => {
    const [dept] = await sql(`select id::text, dept_name from blade_dept where dept_name = '管网巡检二班'`);
    const saved = data(
      await t.post(`${B}/patrol-job-object/save`, {
        objectCode: 'KW-77',
        objectName: '关键字测试井',
        facilityType: 'valve',
        address: '长江路 1 号',
        deptId: dept.id,
        x: 520_000,
        y: 3_524_000,
      }),
    );
    // the other coordinate pair is worked out
    expect(saved.lon).toBeGreaterThan(100);
    const found = data(await t.get(`${B}/patrol-job-object/list`, { keyword: 'kw-7', facilityType: 'valve' }));
    expect(found.records).toEqual([
      expect.objectContaining({
        id: saved.id,
        deptName: dept.dept_name,
        facilityTypeName: '阀门',
        address: '长江路 1 号',
      }),
    ]);
    expect(data(await t.get(`${B}/patrol-job-object/list`, { keyword: 'kw-7', facilityType: 'valv' })).total).toBe(0);
    // a page of the whole catalogue by default (the plan form's picker)
    expect(data(await t.get(`${B}/patrol-job-object/list`)).size).toBe(1000);

    const cleared = data(await t.post(`${B}/patrol-job-object/save`, { ...saved, address: '', deptId: '' }));
    expect(cleared).toMatchObject({ address: null, deptId: null });
    await t.post(`${B}/patrol-job-object/remove`, { ids: saved.id });
    expect(data(await t.get(`${B}/patrol-job-object/list`, { keyword: 'KW-77' })).total).toBe(0);
    expect((await t.post(`${B}/patrol-job-object/remove`, { ids: saved.id })).statusCode).toBe(200);
  });
});

describe('plans: save, update, submit, audit', () => {
  let plan: any;
  const body = async (over: Record<string, unknown> = {}) => {
    const [type] = data(await t.get(`${B}/patrol-type/list`));
    const jobs = data(await t.get(`${B}/patrol-job-object/list`, { facilityType: 'hydrant', size: 3 })).records;
    const [team] = await sql(`select id::text from blade_dept where dept_name = '管网巡检二班'`);
    const [person] = await sql(`select id::text from blade_user where account = 'xj201'`);
    return {
      planName: '测试日常巡检',
      typeId: type.id,
      scopeType: 'route',
      geometry: jobs.map((j: any) => [j.x, j.y]),
      period: 'daily',
      startDate: '2026-01-01',
      // runs past today, so approval writes today's task
      endDate: dayString(localDay(Date.now(), 'Asia/Shanghai') + 365 * 86_400_000),
      deptId: team.id,
      userIds: [person.id],
      objectIds: jobs.map((j: any) => j.id),
      checkItems: ['消火栓有无漏水'],
      ...over,
    };
  };

  it('refuses bad plans with a clear message', async () => {
    await refused(t.post(`${B}/patrol-plan/save`, { ...(await body()), planName: '' }), PLAN_MSG.planName);
    await refused(t.post(`${B}/patrol-plan/save`, { ...(await body()), geometry: [[1, 2]] }), PLAN_MSG.coordinate);
    await refused(
      t.post(`${B}/patrol-plan/save`, {
        ...(await body()),
        scopeType: 'area',
        geometry: (await body()).geometry.slice(0, 2),
      }),
      PLAN_MSG.areaPoints,
    );
    await refused(t.post(`${B}/patrol-plan/save`, { ...(await body()), endDate: '2025-12-31' }), PLAN_MSG.dateOrder);
    await refused(t.post(`${B}/patrol-plan/save`, { ...(await body()), startDate: '2026-02-30' }), PLAN_MSG.dateFormat);
    await refused(t.post(`${B}/patrol-plan/save`, { ...(await body()), period: 'hourly' }), PLAN_MSG.period);
    await refused(t.post(`${B}/patrol-plan/save`, { ...(await body()), objectIds: [] }), PLAN_MSG.objectIds);
    await refused(t.post(`${B}/patrol-plan/save`, { ...(await body()), objectIds: ['123'] }), PLAN_MSG.unknownObject);
    await refused(t.post(`${B}/patrol-plan/save`, { ...(await body()), userIds: ['123'] }), PLAN_MSG.unknownUser);
  });

  it('saves a draft, updates it, submits it, sends it back, resubmits and approves it with who and when', async () => {
    // the approval writes the task of the server's day, compared with the day read here
    await clearOfMidnight();
    plan = data(await t.post(`${B}/patrol-plan/save`, await body()));
    expect(plan).toMatchObject({ auditStatus: 0, auditStatusName: '草稿', planName: '测试日常巡检', period: 'daily' });
    plan = data(
      await t.post(`${B}/patrol-plan/update`, { ...(await body({ planName: '测试日常巡检（改）' })), id: plan.id }),
    );
    expect(plan.planName).toBe('测试日常巡检（改）');
    await refused(t.post(`${B}/partol-plan-audit/update`, { id: plan.id, auditStatus: 2 }), PLAN_MSG.notAuditable);
    plan = data(await t.post(`${B}/patrol-plan/submit`, { id: plan.id }));
    expect(plan.auditStatus).toBe(1);
    await refused(t.post(`${B}/patrol-plan/update`, { ...(await body()), id: plan.id }), PLAN_MSG.notEditable);
    await refused(t.post(`${B}/partol-plan-audit/update`, { id: plan.id, auditStatus: 3 }), PLAN_MSG.opinion);
    plan = data(
      await t.post(`${B}/partol-plan-audit/update`, { id: plan.id, auditStatus: 3, auditOpinion: '路线缺少阀门' }),
    );
    expect(plan).toMatchObject({ auditStatus: 3, auditOpinion: '路线缺少阀门', auditUserName: '管理员' });
    plan = data(await t.post(`${B}/patrol-plan/submit`, { id: plan.id }));
    plan = data(await t.post(`${B}/partol-plan-audit/update`, { id: plan.id, auditStatus: 2 }));
    expect(plan.auditStatus).toBe(2);
    expect(plan.audits.map((a: any) => a.action)).toEqual(['submit', 'reject', 'submit', 'approve']);
    expect(plan.audits[1]).toMatchObject({ opinion: '路线缺少阀门', userName: '管理员' });
    expect(plan.audits[3].time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the approval wrote the task of today's period at once (the scheduler would take up to a minute)
    const today = dayString(localDay(Date.now(), 'Asia/Shanghai'));
    const [current] = expandPeriods('daily', plan.startDate, plan.endDate, 'Asia/Shanghai', {
      fromDay: today,
      toDay: today,
    });
    const written = async () =>
      (
        await sql(
          `select t.period_start as "periodStart", t.task_status as "taskStatus",
                  (select count(*)::int from swp_patrol_task_object o where o.task_id = t.id) as objects,
                  (select count(*)::int from swp_patrol_task_user u where u.task_id = t.id) as users
             from swp_patrol_task t where t.plan_id = $1`,
          [plan.id],
        )
      ).map((r) => ({ ...r, periodStart: new Date(r.periodStart).getTime() }));
    const once = [{ periodStart: current.start.getTime(), taskStatus: 0, objects: 3, users: 1 }];
    expect(await written()).toEqual(once);
    // and the scheduler's pass over today leaves it as it is
    await schedule(t.app.ctx.db, 'Asia/Shanghai', new Date());
    expect(await written()).toEqual(once);
    const page = data(await t.get(`${B}/patrol-plan/page`, { planName: '测试日常', auditStatus: 2 }));
    expect(page.total).toBe(1);
  });

  it('the scheduler makes its tasks once per period, with objects and users, also when run twice at once', async () => {
    const now = new Date('2026-03-10T10:00:00+08:00');
    // as if approved at the start of the year: periods that ended before the approval get no task
    await sql(`update swp_patrol_plan set audit_time = '2026-01-01T00:00:00+08:00' where id = $1`, [plan.id]);
    const [a, b] = await Promise.all([
      schedule(t.app.ctx.db, 'Asia/Shanghai', now, 9),
      schedule(t.app.ctx.db, 'Asia/Shanghai', now, 9),
    ]);
    const [c] = await sql(`select count(*)::int as n from swp_patrol_task where plan_id = $1`, [plan.id]);
    expect(c.n).toBe(11); // 1 to 10 March, and today's written at approval
    expect(a.created + b.created).toBeGreaterThanOrEqual(10);
    const tasks = data(await t.get(`${B}/patrol-task/page`, { planId: plan.id, size: 20 }));
    expect(tasks.total).toBe(11);
    expect(tasks.records[0]).toMatchObject({ objectCount: 3, userNames: expect.any(String) });
    // the periods before 10 March ended: overdue
    expect(tasks.records.filter((r: any) => r.taskStatus === 3)).toHaveLength(9);
    const [dupObjects] = await sql(
      `select count(*)::int as n from swp_patrol_task_object o join swp_patrol_task t on t.id = o.task_id where t.plan_id = $1`,
      [plan.id],
    );
    expect(dupObjects.n).toBe(33);
  });

  it('starts, checks in object by object with a photo and a hazard, finishes; reassigns with a reason', async () => {
    const tasks = data(await t.get(`${B}/patrol-task/page`, { planId: plan.id, taskStatus: 0 }));
    const task = tasks.records[0];
    const detail = data(await t.get(`${B}/patrol-task/detail`, { id: task.id }));
    const [o1, o2, o3] = detail.objects;
    await refused(t.post(`${B}/patrol-task-object/check`, { id: o1.id, result: 1 }), TASK_MSG.notStarted);
    await refused(t.post(`${B}/patrol-task/finish`, { id: task.id }), TASK_MSG.notStarted);
    // hand it to another person first
    const [other] = await sql(`select id::text from blade_user where account = 'xj202'`);
    await refused(
      t.post(`${B}/patrol-task-user/task-reassignment`, { taskId: task.id, userId: other.id }),
      TASK_MSG.reassignReason,
    );
    const moved = data(
      await t.post(`${B}/patrol-task-user/task-reassignment`, {
        taskId: task.id,
        userId: other.id,
        reason: '原执行人请假',
      }),
    );
    expect(moved.users.filter((u: any) => u.active === 1).map((u: any) => u.userId)).toEqual([other.id]);
    expect(moved.users.find((u: any) => u.active === 1)).toMatchObject({
      reason: '原执行人请假',
      assignUserName: '管理员',
    });
    await refused(
      t.post(`${B}/patrol-task-user/task-reassignment`, { taskId: task.id, userId: other.id, reason: 'x' }),
      TASK_MSG.sameUser,
    );

    data(await t.post(`${B}/patrol-task/start`, { id: task.id }));
    data(
      await t.post(`${B}/patrol-task-object/check`, {
        id: o1.id,
        result: 1,
        photos: ['/api/blade-resource/oss/endpoint/file/a.jpg'],
      }),
    );
    await refused(t.post(`${B}/patrol-task-object/check`, { id: o1.id, result: 1 }), TASK_MSG.checked);
    await refused(t.post(`${B}/patrol-task-object/check`, { id: o2.id, result: 2 }), TASK_MSG.hazard);
    data(
      await t.post(`${B}/patrol-task-object/check`, {
        id: o2.id,
        result: 2,
        eventType: 'leak',
        level: 2,
        description: '井口渗水',
      }),
    );
    await refused(t.post(`${B}/patrol-task/finish`, { id: task.id }), TASK_MSG.unchecked);
    data(await t.post(`${B}/patrol-task-object/check`, { id: o3.id }));
    const fin = data(await t.post(`${B}/patrol-task/finish`, { id: task.id }));
    expect(fin).toMatchObject({ taskStatus: 2, checkedCount: 3, hazardCount: 1, coverage: 100 });
    const hz = data(await t.get(`${B}/patrol-hazard/page`, { taskId: task.id }));
    expect(hz.records[0]).toMatchObject({ eventTypeName: '管道漏水', description: '井口渗水' });
    const objs = data(await t.get(`${B}/patrol-task-object/page`, { taskId: task.id }));
    expect(objs.records[0].photos).toContain('a.jpg');
  });

  it('pages plans by name, state, period, scope, type and team; those awaiting audit first, then the newest', async () => {
    const waiting = data(await t.post(`${B}/patrol-plan/save`, await body({ planName: '排序测试-待审' })));
    await t.post(`${B}/patrol-plan/submit`, { id: waiting.id });
    const draft = data(
      await t.post(
        `${B}/patrol-plan/save`,
        await body({ planName: '排序测试-草稿', scopeType: 'area', period: 'weekly' }),
      ),
    );
    const page = async (q: Record<string, unknown>) =>
      data(await t.get(`${B}/patrol-plan/page`, { size: 1000, ...q })).records.map((r: any) => r.id);
    // the newer draft comes after the plan awaiting audit
    expect(await page({ planName: '排序测试' })).toEqual([waiting.id, draft.id]);
    const all = data(await t.get(`${B}/patrol-plan/page`, { size: 1000 })).records;
    const before = (a: any, b: any) =>
      Number(b.auditStatus === 1) - Number(a.auditStatus === 1) ||
      new Date(b.updateTime).getTime() - new Date(a.updateTime).getTime() ||
      (BigInt(b.id) > BigInt(a.id) ? 1 : -1);
    expect(all.map((r: any) => r.id)).toEqual([...all].sort(before).map((r: any) => r.id));
    expect(all.findIndex((r: any) => r.auditStatus !== 1)).toBeGreaterThan(0);
    expect(await page({ planName: '排序测试', auditStatus: 1 })).toEqual([waiting.id]);
    expect(await page({ planName: '排序测试', period: 'weekly' })).toEqual([draft.id]);
    expect(await page({ planName: '排序测试', scopeType: 'route' })).toEqual([waiting.id]);
    expect(await page({ planName: '排序测试', typeId: waiting.typeId, deptId: waiting.deptId })).toEqual([
      waiting.id,
      draft.id,
    ]);
    expect(await page({ planName: '排序测试', typeId: '1' })).toEqual([]);
    expect(await page({ planName: '排序测试', deptId: '1' })).toEqual([]);
    const two = data(await t.get(`${B}/patrol-plan/page`, { planName: '排序测试', size: 1, current: 2 }));
    expect([two.total, two.pages, two.current, two.records[0].id]).toEqual([2, 2, 2, draft.id]);
    await refused(t.get(`${B}/patrol-plan/page`, { auditStatus: 7 }), '审核状态应为 0 到 3');
    await refused(t.get(`${B}/patrol-plan/page`, { period: 'hourly' }), PLAN_MSG.period);
    await refused(t.get(`${B}/patrol-plan/page`, { scopeType: 'circle' }), PLAN_MSG.scopeType);
    await refused(t.get(`${B}/patrol-plan/page`, { typeId: 'x' }), PLAN_MSG.typeId);
    await t.post(`${B}/patrol-plan/remove`, { ids: `${waiting.id},${draft.id}` });
  });

  it('answers a plan with its type, team and people named; the detail adds its objects and audit history', async () => {
    const saved = data(await t.post(`${B}/patrol-plan/save`, await body({ planName: '名称测试' })));
    await t.post(`${B}/patrol-plan/submit`, { id: saved.id });
    const [row] = data(await t.get(`${B}/patrol-plan/page`, { planName: '名称测试' })).records;
    const [type] = data(await t.get(`${B}/patrol-type/list`));
    const [person] = await sql(`select real_name as name from blade_user where account = 'xj201'`);
    expect(row).toMatchObject({
      id: saved.id,
      typeName: type.typeName,
      deptName: '管网巡检二班',
      userNames: person.name,
      objectCount: 3,
      submitUserName: '管理员',
      auditUserName: null,
      auditStatus: 1,
      auditStatusName: '待审核',
      periodName: '每日',
      scopeTypeName: '路线',
    });
    expect(row.geometry).toHaveLength(3);
    const fields = [
      ...['id', 'tenantId', 'planCode', 'planName', 'typeId', 'typeName', 'scopeType', 'scopeTypeName', 'geometry'],
      ...['period', 'periodName', 'startDate', 'endDate', 'deptId', 'deptName', 'userIds', 'userNames', 'objectIds'],
      ...['objectCount', 'checkItems', 'auditStatus', 'auditStatusName', 'submitUser', 'submitUserName'],
      ...['submitTime', 'auditUser', 'auditUserName', 'auditTime', 'auditOpinion', 'remark', 'createUser'],
      ...['createTime', 'updateTime'],
    ];
    expect(Object.keys(row).sort()).toEqual([...fields].sort());
    const detail = data(await t.get(`${B}/patrol-plan/detail`, { id: saved.id }));
    expect(Object.keys(detail).sort()).toEqual([...fields, 'objects', 'audits'].sort());
    expect({ ...detail, objects: undefined, audits: undefined }).toEqual({
      ...row,
      objects: undefined,
      audits: undefined,
    });
    expect(detail.objects.map((o: any) => o.id).sort()).toEqual(saved.objectIds.split(',').sort());
    expect(Object.keys(detail.objects[0]).sort()).toEqual(
      ['id', 'objectCode', 'objectName', 'facilityType', 'x', 'y', 'lon', 'lat', 'address'].sort(),
    );
    expect(detail.audits.map((a: any) => [a.action, a.userName])).toEqual([['submit', '管理员']]);
    await t.post(`${B}/patrol-plan/remove`, { ids: saved.id });
  });

  it('finds no plan for an absent id or another tenant’s, and refuses a detail without an id', async () => {
    const saved = data(await t.post(`${B}/patrol-plan/save`, await body({ planName: '租户测试' })));
    expect(data(await t.get(`${B}/patrol-plan/detail`, { id: '999999999' }))).toBeNull();
    await refused(t.get(`${B}/patrol-plan/detail`, { id: '' }), '缺少必要的请求参数: id');
    await refused(t.get(`${B}/patrol-plan/detail`), '缺少必要的请求参数: id');
    const fx = await t.tokenOf('admin', 'admin', '100001');
    await t.as(fx, async () => {
      expect(data(await t.get(`${B}/patrol-plan/detail`, { id: saved.id }))).toBeNull();
      expect(data(await t.get(`${B}/patrol-plan/page`, { planName: '租户测试' })).total).toBe(0);
    });
    expect(data(await t.get(`${B}/patrol-plan/detail`, { id: saved.id })).id).toBe(saved.id);
    await t.post(`${B}/patrol-plan/remove`, { ids: saved.id });
  });

  it('removes a plan (its tasks stay as the record of work done); ids already gone are passed over', async () => {
    const draft = data(await t.post(`${B}/patrol-plan/save`, await body({ planName: '待删除的计划' })));
    const tasksBefore = await sql(`select count(*)::int as n from swp_patrol_task where plan_id = $1`, [plan.id]);
    expect(data(await t.get(`${B}/patrol-plan/page`, { planName: '待删除的计划' })).total).toBe(1);
    expect((await t.post(`${B}/patrol-plan/remove`, { ids: `${draft.id},${plan.id}` })).statusCode).toBe(200);
    expect(data(await t.get(`${B}/patrol-plan/page`, { planName: '待删除的计划' })).total).toBe(0);
    expect(data(await t.get(`${B}/patrol-plan/page`, { planName: '测试日常' })).total).toBe(0);
    const tasksAfter = await sql(`select count(*)::int as n from swp_patrol_task where plan_id = $1`, [plan.id]);
    expect(tasksAfter[0].n).toBe(tasksBefore[0].n);
    expect(tasksAfter[0].n).toBeGreaterThan(0);
    expect((await t.post(`${B}/patrol-plan/remove`, { ids: draft.id })).statusCode).toBe(200);
    await refused(t.post(`${B}/patrol-plan/remove`, {}), 'ids');
  });
});

describe('access rule index', () => {
  it('lists and updates the rules (weights add up to 100)', async () => {
    const rules = data(await t.get(`${B}/ops-access-rule-index/list`));
    expect(rules.map((r: any) => r.indexCode)).toEqual(['coverage', 'punctuality', 'hazard']);
    await refused(
      t.post(`${B}/ops-access-rule-index/update`, [{ id: rules[0].id, weight: 70, standard: 100 }]),
      '权重之和应为 100',
    );
    const upd = data(
      await t.post(`${B}/ops-access-rule-index/update`, [
        { id: rules[0].id, weight: 70, standard: 95 },
        { id: rules[1].id, weight: 20, standard: 30 },
      ]),
    );
    expect(upd.map((r: any) => r.weight)).toEqual([70, 20, 10]);
  });

  it('scores per task and per person, and exports both as xlsx', async () => {
    const q = { startTime: dayAgo(30), endTime: dayAgo(0) };
    const tasks = data(await t.get(`${B}/ops-access-rule-index/taskJobPage`, { ...q, size: 5 }));
    expect(tasks.total).toBeGreaterThan(300);
    expect(tasks.records[0]).toHaveProperty('score');
    const users = data(await t.get(`${B}/ops-access-rule-index/taskJobUserPage`, { ...q, size: 9999 }));
    expect(users.total).toBeGreaterThanOrEqual(17);
    expect(users.records[0].score).toBeGreaterThanOrEqual(users.records.at(-1).score);
    for (const path of ['taskJobExport', 'taskJobUserExport']) {
      const res = await t.get(`${B}/ops-access-rule-index/${path}`, q);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as any);
      expect(wb.worksheets[0].rowCount).toBeGreaterThan(2);
    }
  });
});

const dayAgo = (d: number) => {
  const x = new Date(Date.now() - d * 86_400_000);
  return `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')} 00:00:00`;
};

describe('overview', () => {
  it('answers every call over a year with a department filter', async () => {
    const q = { startTime: dayAgo(365), endTime: dayAgo(0) };
    const idx = data(await t.get(`${B}/overview/index`, q));
    expect(idx.taskTotal).toBeGreaterThan(6000);
    expect(idx.coverageRate).toBeGreaterThan(80);
    expect(idx.orderTotal).toBeGreaterThan(1000);
    const [team] = await sql(`select id::text from blade_dept where dept_name = '管网巡检一班'`);
    const team1 = data(await t.get(`${B}/overview/index`, { ...q, deptId: team.id }));
    expect(team1.taskTotal).toBeLessThan(idx.taskTotal);
    expect(team1.taskTotal).toBeGreaterThan(0);
    const trend = data(await t.get(`${B}/overview/order-trend-analysis`, { ...q, dimension: 'MONTH' }));
    expect(trend.list.length).toBeGreaterThanOrEqual(12);
    const src = data(await t.get(`${B}/overview/order-source-analysis`, q));
    expect(src.find((s: any) => s.source === 'hotline').value).toBeGreaterThan(0);
    for (const p of [
      'order-av-analysis',
      'patrol-analysis',
      'event-analysis',
      'statistics-report-list',
      'statistics-report-pie',
      'report-pie',
    ])
      expect(data(await t.get(`${B}/overview/${p}`, q)).length).toBeGreaterThan(0);
    const line = data(await t.get(`${B}/overview/statistics-report-line`, { ...q, dimension: 'MONTH' }));
    expect(line.series[0].data.length).toBe(line.xAxis.length);
    const page = data(await t.get(`${B}/overview/statistics-report-page`, { ...q, size: 5 }));
    expect(page.records).toHaveLength(5);
    await refused(t.get(`${B}/overview/index`, { startTime: 'yesterday' }), '开始时间格式');
    await refused(t.get(`${B}/overview/index`, { dimension: 'WEEK' }), '统计维度');
  });
});
