/**
 * The field app's work besides check-ins (issue 22): *Today* with patrol, sampling and repair work of the caller
 * only; a sampling task done on the phone; a repair step with the burst's valves in closing order checked off and
 * completed with photos before and after; start and finish sent twice from the outbox saved once; a check-in client
 * id reused on another object refused with a 409 (also two racing), never a 500; the GIS layers the settings choose.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInSuite, type TestApp } from '../../../test/harness.ts';
import { schedule } from '../patrol/index.ts';
import { completeNodeTask, startProcess } from '../workflow/index.ts';

let t: TestApp;
let patrol: string;
let other: string;
let fx: string;
let patrolId: string;
let adminId: string;
// the app keeps the session of the last one signed in: the administrator's
signedInSuite(['patrol', ['xj102', '123456'], 'admin'], ({ t: app, tokens, ids }) => {
  t = app;
  ({ patrol, xj102: other } = tokens);
  ({ patrol: patrolId, admin: adminId } = ids);
});
beforeAll(async () => {
  await schedule(t.app.ctx.db, 'Asia/Shanghai', new Date());
  fx = await t.tokenOf('admin', 'admin', '100001');
});

const A = '/api/swp-app';
const data = (res: { statusCode: number; body: string; json(): any }) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success, res.body).toBe(true);
  return res.json().data;
};
const refused = async (p: Promise<{ statusCode: number; body: string; json(): any }>, status: number, msg?: string) => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().success).toBe(false);
  if (msg) expect(res.json().msg).toContain(msg);
};
/** a 1×1 PNG */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('Today', () => {
  it('lists my patrol tasks, my sampling tasks and my repair steps, and nobody else’s', async () => {
    data(
      await t.post('/api/swp-quality/plan/submit', {
        code: 'APP-PLAN',
        name: '手机采样',
        pointCodes: ['WQ-N01'],
        indicatorCodes: ['turbidity', 'ph'],
        frequency: 'DAILY',
        assignee: patrolId,
        startDate: '2025-01-01',
      }),
    );
    // the assignee of the new sampling task is told on the live channel (their open app reloads Today)
    const told: any[] = [];
    const off = t.app.ctx.live.on('quality.tasks', (ev) => told.push(ev));
    data(await t.post('/api/swp-quality/plan/generate', { date: today() }));
    await expect.poll(() => told.length).toBeGreaterThan(0);
    off();
    expect(told[0]).toMatchObject({ tenantId: '000000', userIds: [patrolId], toSockets: true });
    const mine = data(await t.as(patrol, () => t.get(`${A}/work/today`)));
    expect(mine.patrol.length).toBeGreaterThan(0);
    const s = mine.sampling.find((x: any) => x.planName === '手机采样');
    expect(s).toMatchObject({ pointCode: 'WQ-N01', state: 'pending', dueDate: today() });
    // the seeded 爆管抢修 orders at 现场抢修 assigned to the patrol person, with their step among the process's steps
    const r = mine.repairs.find((x: any) => x.processKey === 'burst_repair');
    expect(r).toBeTruthy();
    expect(r.steps.map((x: any) => x.key)).toEqual(['dispatch', 'repair', 'restore', 'review']);
    expect(r.stepNo).toBe(2);
    const theirs = data(await t.as(other, () => t.get(`${A}/work/today`)));
    expect(theirs.sampling.some((x: any) => x.id === s.id)).toBe(false);
    const claimed = mine.repairs.filter((x: any) => x.claimed).map((x: any) => x.taskId);
    expect(claimed.length).toBeGreaterThan(0);
    for (const id of claimed) expect(theirs.repairs.some((x: any) => x.taskId === id)).toBe(false);
    // another tenant's administrator sees none of it, and cannot work it
    const fxToday = data(await t.as(fx, () => t.get(`${A}/work/today`)));
    expect(fxToday.sampling.some((x: any) => x.id === s.id)).toBe(false);
    await refused(
      t.as(fx, () => t.get(`${A}/repair/detail`, { taskId: claimed[0] })),
      400,
      '只能办理分派给自己的抢修任务',
    );
    await refused(
      t.as(fx, () => t.post(`${A}/sampling/done`, { id: s.id, clientId: 'smp-fx-000001', sampleCode: 'FX1' })),
      400,
      '采样任务不存在',
    );
  });

  it('a sampling task is done on the phone with results, once; someone else cannot', async () => {
    const s = data(await t.as(patrol, () => t.get(`${A}/work/today`))).sampling.find(
      (x: any) => x.planName === '手机采样',
    );
    await refused(
      t.as(other, () => t.post(`${A}/sampling/done`, { id: s.id, clientId: 'smp-other-0001', sampleCode: 'APP1' })),
      400,
      '只能办理分派给自己的采样任务',
    );
    await refused(
      t.as(patrol, () =>
        t.post(`${A}/sampling/done`, {
          id: s.id,
          clientId: 'smp-bad-00001',
          sampleCode: 'APP1',
          results: [{ indicatorCode: 'cod', value: 1 }],
        }),
      ),
      400,
      '不是该采样任务的检测指标',
    );
    const body = {
      id: s.id,
      clientId: 'smp-0000000001',
      sampleCode: `APP${Date.now() % 100000}`,
      results: [
        { indicatorCode: 'turbidity', value: 0.3 },
        { indicatorCode: 'ph', value: 7.2 },
      ],
    };
    expect(data(await t.as(patrol, () => t.post(`${A}/sampling/done`, body)))).toMatchObject({
      duplicate: false,
      results: 2,
      failed: 0,
    });
    expect(data(await t.as(patrol, () => t.post(`${A}/sampling/done`, body)))).toMatchObject({ duplicate: true });
    await refused(
      t.as(patrol, () => t.post(`${A}/sampling/done`, { ...body, sampleCode: 'OTHER1' })),
      409,
      '采样任务已完成',
    );
    const results = data(await t.get('/api/swp-quality/result/list', { sampleCode: body.sampleCode }));
    expect((results.records ?? results).length).toBe(2);
    const after = data(await t.as(patrol, () => t.get(`${A}/work/today`))).sampling.find((x: any) => x.id === s.id);
    expect(after).toMatchObject({ state: 'done', sampleCode: body.sampleCode });
  });
});

describe('Repairs', () => {
  it('shows the burst’s valves in closing order, checks them off, and completes the step with photos, once', async () => {
    const pipe = await t.app.ctx.db.execute<{ gid: number }>(
      sql`select gid from swp_gis_pipe where tenant_id = '000000' and is_deleted = 0 and pipe_class = 'distribution' order by length desc limit 1`,
    );
    const ev = data(await t.post('/api/swp-dispatch/wsnc-squibbing-event/analyse', { pipeGid: pipe.rows[0].gid }));
    const ctx = t.app.ctx;
    const p = await startProcess(ctx, {
      tenantId: '000000',
      processKey: 'burst_repair',
      starterUserId: adminId,
      title: '手机抢修测试',
      variables: { eventId: ev.id, address: '测试路', level: '一般', description: '测试' },
    });
    await completeNodeTask(
      ctx,
      { userId: adminId, tenantId: '000000', isAdmin: true },
      { processInstanceId: p.processInstanceId, taskDefKey: 'dispatch' },
    );
    const today = data(await t.as(patrol, () => t.get(`${A}/work/today`)));
    const r = today.repairs.find((x: any) => x.instanceId === p.processInstanceId);
    expect(r).toMatchObject({ taskDefKey: 'repair', claimed: false, stepNo: 2 });
    const d = data(await t.as(patrol, () => t.get(`${A}/repair/detail`, { taskId: r.taskId })));
    expect(d.onSite).toBe(true);
    expect(d.event.id).toBe(ev.id);
    const close = d.valves.filter((v: any) => v.role === 'close');
    expect(close.length).toBeGreaterThan(0);
    expect(close.map((v: any) => v.seq)).toEqual(close.map((_: any, i: number) => i + 1));
    // from the outbox (client ids): a resend marks nothing again, so an old tick never undoes a later untick
    const v0 = { taskId: r.taskId, valveGid: close[0].valveGid };
    const tick = { ...v0, closed: true, clientId: 'vlv-tick-0001' };
    const first = data(await t.as(patrol, () => t.post(`${A}/repair/valve`, tick)));
    expect(first).toMatchObject({ duplicate: false, eventStatus: 1 });
    expect(first.valves.find((v: any) => v.valveGid === v0.valveGid && v.role === 'close').closed).toBe(1);
    const closedTime = async () =>
      (
        await ctx.db.execute<{ t: string | null; n: number }>(
          sql`select closed_time::text as t, (select count(*)::int from swp_app_action where client_id = 'vlv-tick-0001') as n
                from swp_dispatch_event_valve where event_id = ${ev.id} and valve_gid = ${v0.valveGid} and role = 'close'`,
        )
      ).rows[0];
    const once = await closedTime();
    expect(once.n).toBe(1);
    expect(data(await t.as(patrol, () => t.post(`${A}/repair/valve`, tick)))).toMatchObject({ duplicate: true });
    expect(await closedTime()).toEqual(once);
    const untick = { ...v0, closed: false, clientId: 'vlv-untick-001' };
    expect(data(await t.as(patrol, () => t.post(`${A}/repair/valve`, untick)))).toMatchObject({ duplicate: false });
    const resent = data(await t.as(patrol, () => t.post(`${A}/repair/valve`, tick)));
    expect(resent.duplicate).toBe(true);
    expect(resent.valves.find((v: any) => v.valveGid === v0.valveGid && v.role === 'close').closed).toBe(0);
    // the same client id for another valve is a conflict, never a second mark
    if (close[1])
      await refused(
        t.as(patrol, () =>
          t.post(`${A}/repair/valve`, {
            taskId: r.taskId,
            valveGid: close[1].valveGid,
            closed: true,
            clientId: 'vlv-tick-0001',
          }),
        ),
        409,
        '客户端编号已用于另一次关阀登记',
      );
    // a refused mark frees its client id; another tenant's administrator cannot mark this event's valves
    await refused(
      t.as(patrol, () =>
        t.post(`${A}/repair/valve`, { taskId: r.taskId, valveGid: -5, closed: true, clientId: 'vlv-bad-00001' }),
      ),
      400,
      '该事件没有阀门',
    );
    expect(
      (await ctx.db.execute(sql`select 1 from swp_app_action where client_id = 'vlv-bad-00001'`)).rows,
    ).toHaveLength(0);
    await refused(
      t.as(fx, () => t.post(`${A}/repair/valve`, { ...tick, clientId: 'vlv-fx-000001' })),
      400,
      '只能办理分派给自己的抢修任务',
    );
    // check off every valve to close: the event is closed off
    let last: any;
    for (const v of close)
      last = data(
        await t.as(patrol, () => t.post(`${A}/repair/valve`, { taskId: r.taskId, valveGid: v.valveGid, closed: true })),
      );
    expect(last.eventStatus).toBe(2);
    expect(last.valves.filter((v: any) => v.role === 'close').every((v: any) => v.closed === 1)).toBe(true);
    await refused(
      t.as(patrol, () => t.post(`${A}/repair/valve`, { taskId: r.taskId, valveGid: -5, closed: true })),
      400,
      '该事件没有阀门',
    );
    // photos before and after are required at 现场抢修
    const before = data(await t.as(patrol, () => t.post(`${A}/photo`, { clientId: 'rp-before-0001', data: PNG })));
    const after = data(await t.as(patrol, () => t.post(`${A}/photo`, { clientId: 'rp-after-00001', data: PNG })));
    const done = { taskId: r.taskId, clientId: 'rep-00000001', note: '已更换管段' };
    await refused(
      t.as(patrol, () => t.post(`${A}/repair/complete`, { ...done, photosBefore: [before.url] })),
      400,
      '抢修前和抢修后',
    );
    const full = { ...done, photosBefore: [before.url], photosAfter: [after.url] };
    // someone who is not a candidate of the step cannot complete it
    await refused(
      t.as(fx, () => t.post(`${A}/repair/complete`, full)),
      400,
      '只能办理分派给自己的抢修任务',
    );
    expect(data(await t.as(patrol, () => t.post(`${A}/repair/complete`, full)))).toMatchObject({ duplicate: false });
    expect(data(await t.as(patrol, () => t.post(`${A}/repair/complete`, full)))).toMatchObject({ duplicate: true });
    // the other candidate gets a conflict, not a second completion
    await refused(
      t.as(other, () => t.post(`${A}/repair/complete`, full)),
      409,
      '任务已被他人处理',
    );
    const vars = await ctx.db.execute<{ vars: any; n: number }>(
      sql`select vars, (select count(*)::int from wf_task where instance_id = ${p.processInstanceId} and task_def_key = 'repair') as n
            from wf_instance where id = ${p.processInstanceId}`,
    );
    expect(vars.rows[0].vars).toMatchObject({
      repairNote: '已更换管段',
      repairPhotosBefore: before.url,
      repairPhotosAfter: after.url,
    });
    expect(vars.rows[0].n).toBe(1);
  });
});

describe('start and finish from the outbox', () => {
  it('a resent start or finish is saved once; finishing someone else’s task is refused', async () => {
    const mine = data(await t.as(patrol, () => t.get(`${A}/work/today`))).patrol;
    const task = mine.find((m: any) => m.taskStatus !== 2 && m.checkedCount === 0 && m.objectCount <= 6);
    expect(task).toBeTruthy();
    const s1 = data(await t.as(patrol, () => t.post(`${A}/task/start`, { id: task.id, clientId: 'st-000000001' })));
    const s2 = data(await t.as(patrol, () => t.post(`${A}/task/start`, { id: task.id, clientId: 'st-000000001' })));
    expect(s2.task.startTime).toBe(s1.task.startTime);
    await refused(
      t.as(patrol, () => t.post(`${A}/task/finish`, { id: task.id, clientId: 'fin-00000001' })),
      400,
      '还有未签到的巡检对象',
    );
    for (const [i, o] of s1.task.objects.entries())
      data(await t.as(patrol, () => t.post(`${A}/check-in`, { id: o.id, clientId: `sf-chk-${i}-0000`, result: 1 })));
    const f1 = data(await t.as(patrol, () => t.post(`${A}/task/finish`, { id: task.id, clientId: 'fin-00000001' })));
    expect(f1).toMatchObject({ duplicate: false });
    expect(f1.task.taskStatus).toBe(2);
    const f2 = data(await t.as(patrol, () => t.post(`${A}/task/finish`, { id: task.id, clientId: 'fin-00000001' })));
    expect(f2).toMatchObject({ duplicate: true });
    expect(f2.task.finishTime).toBe(f1.task.finishTime);
    await refused(
      t.as(other, () => t.post(`${A}/task/finish`, { id: task.id, clientId: 'fin-00000002' })),
      400,
      '只能操作分派给自己的任务',
    );
  });
});

describe('check-in client ids', () => {
  it('a client id reused on another object is a 409 with a clear message, also when two race', async () => {
    const mine = data(await t.as(patrol, () => t.get(`${A}/work/today`))).patrol;
    const task = mine.find((m: any) => m.taskStatus !== 2 && m.checkedCount === 0 && m.objectCount >= 3);
    expect(task).toBeTruthy();
    const d = data(await t.as(patrol, () => t.post(`${A}/task/start`, { id: task.id, clientId: 'st-000000002' }))).task;
    const [o1, o2, o3] = d.objects;
    data(await t.as(patrol, () => t.post(`${A}/check-in`, { id: o1.id, clientId: 'reuse-0000001', result: 1 })));
    await refused(
      t.as(patrol, () => t.post(`${A}/check-in`, { id: o2.id, clientId: 'reuse-0000001', result: 1 })),
      409,
      '客户端编号已用于另一次签到',
    );
    // two at once with one new client id on two objects: one is saved, the other is a 409
    const race = await t.as(patrol, () =>
      Promise.all([
        t.post(`${A}/check-in`, { id: o2.id, clientId: 'race-00000001', result: 1 }),
        t.post(`${A}/check-in`, { id: o3.id, clientId: 'race-00000001', result: 1 }),
      ]),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(race.find((r) => r.statusCode === 409)!.json().msg).toContain('客户端编号已用于另一次签到');
    const after = data(await t.as(patrol, () => t.get(`${A}/task/detail`, { id: task.id })));
    expect(after.checkedCount).toBe(2);
  });
});

describe('GIS layers of the app', () => {
  it('getGisLayerId and the task map serve only the layers chosen in the settings', async () => {
    const all = data(await t.get('/api/blade-system/mobile-config/getGisLayerId'));
    expect(all.layers.map((l: any) => l.layerKey).sort()).toEqual(['hydrant', 'pipe', 'valve']);
    expect(all).toMatchObject({ wkid: 4548, pipeLayerId: 0, valveLayerId: 2 });
    const base = data(await t.get(`${A}/setting/detail`));
    data(await t.post(`${A}/setting/submit`, { ...base, gisLayers: 'pipe' }));
    const only = data(await t.as(patrol, () => t.get('/api/blade-system/mobile-config/getGisLayerId')));
    expect(only.layers.map((l: any) => l.layerKey)).toEqual(['pipe']);
    expect(only.valveLayerId).toBeUndefined();
    const task = data(await t.as(patrol, () => t.get(`${A}/work/today`))).patrol[0];
    const net = data(await t.as(patrol, () => t.get(`${A}/task/network`, { id: task.id })));
    expect(net.valves).toEqual([]);
    // another tenant keeps its own choice (defaults)
    const theirs = data(await t.as(fx, () => t.get('/api/blade-system/mobile-config/getGisLayerId')));
    expect(theirs.layers.length).toBe(3);
    data(await t.post(`${A}/setting/submit`, { ...base, gisLayers: 'valve' }));
    const net2 = data(await t.as(patrol, () => t.get(`${A}/task/network`, { id: task.id })));
    expect(net2.pipes).toEqual([]);
    expect(net2.valves.length).toBeGreaterThan(0);
    data(await t.post(`${A}/setting/submit`, base));
  });
});
