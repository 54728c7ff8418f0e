import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appSuite, type TestApp } from '../../../test/harness.ts';
import { wfTask } from '../../db/schema.ts';

let t: TestApp;
appSuite((app) => (t = app));

const B = '/api/swp-dma';
// one clock reading for the file
const NOW = new Date();
const p = (n: number) => String(n).padStart(2, '0');
const today = `${NOW.getFullYear()}-${p(NOW.getMonth() + 1)}-${p(NOW.getDate())}`;
const yesterday = (() => {
  const d = new Date(NOW.getTime() - 86_400_000);
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
})();

const refused = async (body: unknown, msg: string) => {
  const res = await t.post(`${B}/dma/submit`, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().msg).toContain(msg);
};

describe('DMA zones', () => {
  it('seeds the demo zones from the GIS DMAs with their LL inlet meters, boundary and design figures', async () => {
    const tree = (await t.get(`${B}/dma/tree`)).json().data;
    expect(tree.map((n: any) => n.code)).toEqual(['DMA01', 'DMA02', 'DMA03']);
    expect(tree[0]).toMatchObject({ name: '蜀山DMA01', meters: 2, hasBoundary: true, children: [] });
    expect(tree[0].connections).toBeGreaterThan(0);
    const m = (await t.get(`${B}/dma/membership`, { code: 'DMA01' })).json().data;
    expect(m.pipes).toBeGreaterThan(10);
    expect(m.customerMeters).toBe(tree[0].connections);
    expect(m.customers).toBeGreaterThan(0);
    expect(m.inletMeters).toBe(1);
    expect(m.boundaryValves.length).toBeGreaterThan(0);
    expect(m.boundaryValves.every((v: any) => v.found && v.normalState === 'closed')).toBe(true);
    expect(m.unplaced).toEqual([]);
  });

  it('creates a sub-zone and keeps the tree rules: unique code, no cycle, no removal with children', async () => {
    const list = (await t.get(`${B}/dma/list`)).json().data;
    const parent = list.find((r: any) => r.code === 'DMA01');
    const [x0, y0] = parent.boundary[0];
    const child = {
      parentId: parent.id,
      code: 'DMA01-A',
      name: '蜀山DMA01甲',
      boundary: [
        [x0 + 100, y0 + 100],
        [x0 + 900, y0 + 100],
        [x0 + 900, y0 + 900],
        [x0 + 100, y0 + 900],
      ],
      meters: [{ stcd: 'LL001', field: 'flow', direction: 'in', accuracy: 1 }],
      population: 1200,
      connections: 40,
    };
    const made = await t.post(`${B}/dma/submit`, child);
    expect(made.statusCode, made.body).toBe(200);
    const tree = (await t.get(`${B}/dma/tree`)).json().data;
    expect(tree[0].children.map((c: any) => c.code)).toEqual(['DMA01-A']);

    await refused({ ...child }, '分区编码已存在');
    await refused({ ...child, code: 'X1', meters: [{ stcd: 'NOPE', field: 'flow', direction: 'in' }] }, 'NOPE');
    await refused(
      { ...child, code: 'X3', meters: [{ stcd: 'LL001', field: 'flow', direction: 'sideways' }] },
      '计量方向只能是 in (进水)、out (出水) 或 pressure (压力)',
    );
    await refused(
      {
        ...child,
        code: 'X2',
        boundary: [
          [0, 0],
          [10, 10],
          [0, 10],
          [10, 0],
        ],
      },
      '有效的多边形',
    );
    await refused({ ...child, code: 'X3', nightStart: 4, nightEnd: 2 }, '夜间时段');
    const childId = (await t.get(`${B}/dma/list`)).json().data.find((r: any) => r.code === 'DMA01-A').id;
    await refused({ id: parent.id, parentId: parent.id, code: 'DMA01', name: parent.name }, '不能是本分区');
    await refused({ id: parent.id, parentId: childId, code: 'DMA01', name: parent.name }, '下级分区');

    const blocked = await t.post(`${B}/dma/remove`, undefined, { ids: parent.id });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().msg).toContain('下级分区');
    const gone = await t.post(`${B}/dma/remove`, undefined, { ids: childId });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await t.get(`${B}/dma/tree`)).json().data[0].children).toEqual([]);
  });
});

describe('water balance', () => {
  it('balances a zone and the utility, with sources and uncertainties', async () => {
    const res = await t.get(`${B}/balance`, { dmaCode: 'DMA01', period: 'DAY', date: yesterday });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data.balance;
    expect(b.siv.value).toBeGreaterThan(1000);
    expect(b.siv.source).toBe('meters');
    expect(b.billed.value).toBeGreaterThan(0);
    expect(b.nrw.value).toBeCloseTo(b.siv.value - b.billed.value, 0);
    expect(b.authorised.value + b.apparent.value + b.real.value).toBeCloseTo(b.siv.value, 0);
    expect(b.real.uncertainty).toBeGreaterThan(0);
    const whole = (await t.get(`${B}/balance`, { period: 'DAY', date: yesterday })).json().data;
    expect(whole.balance.siv.value).toBeGreaterThan(b.siv.value);

    const rank = (await t.get(`${B}/balance/ranking`, { period: 'MONTH', date: today.slice(0, 7) })).json().data;
    expect(rank).toHaveLength(3);
    expect(rank[0].nrwRate).toBeGreaterThanOrEqual(rank[2].nrwRate);
  });

  it('counts declared unbilled use and refuses bad input', async () => {
    const before = (await t.get(`${B}/balance`, { dmaCode: 'DMA02', period: 'DAY', date: yesterday })).json().data;
    const add = await t.post(`${B}/unbilled/submit`, {
      dmaCode: 'DMA02',
      category: 'flushing',
      useDate: yesterday,
      volume: 120,
    });
    expect(add.statusCode, add.body).toBe(200);
    const after = (await t.get(`${B}/balance`, { dmaCode: 'DMA02', period: 'DAY', date: yesterday })).json().data;
    expect(after.balance.unbilled.value - before.balance.unbilled.value).toBeCloseTo(120, 1);
    expect(after.balance.real.value).toBeCloseTo(before.balance.real.value - 120, 0);
    const bad = await t.post(`${B}/unbilled/submit`, {
      dmaCode: 'NOPE',
      category: 'fire',
      useDate: yesterday,
      volume: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.get(`${B}/balance`, { period: 'WEEK', date: yesterday })).statusCode).toBe(400);
    expect((await t.get(`${B}/balance`, { period: 'DAY', date: 'soon' })).statusCode).toBe(400);
    expect((await t.get(`${B}/balance`, { dmaCode: 'NOPE', period: 'DAY', date: yesterday })).statusCode).toBe(400);
  });

  it('exports the balance as xlsx, and refuses a bad query before the first byte', async () => {
    const res = await t.get(`${B}/balance/export`, { period: 'MONTH', date: today.slice(0, 7) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await t.get(`${B}/balance/export`, { period: 'MONTH', date: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  it('changes the apparent-loss shares per tenant', async () => {
    const s = await t.post(`${B}/setting`, {
      meterUnderReg: 0.03,
      theft: 0.01,
      billedAccuracy: 2,
      unbilledAccuracy: 20,
      apparentAccuracy: 50,
    });
    expect(s.statusCode, s.body).toBe(200);
    const b = (await t.get(`${B}/balance`, { dmaCode: 'DMA03', period: 'DAY', date: yesterday })).json().data.balance;
    expect(b.apparent.value).toBeCloseTo(0.04 * b.siv.value, 0);
    expect(
      (
        await t.post(`${B}/setting`, {
          meterUnderReg: 2,
          theft: 0,
          billedAccuracy: 1,
          unbilledAccuracy: 1,
          apparentAccuracy: 1,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('night flow and leaks', () => {
  it('gives each night its minimum flow, legitimate use and excess', async () => {
    const res = await t.get(`${B}/night-flow`, {
      dmaCode: 'DMA01',
      startTime: NOW.getTime() - 6 * 86_400_000,
      endTime: NOW.getTime(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.legitimateNightUse).toBeGreaterThan(0);
    const valid = d.nights.filter((n: any) => n.valid);
    expect(valid.length).toBeGreaterThan(3);
    for (const n of valid) expect(n.excess).toBeCloseTo(n.mnf - d.legitimateNightUse, 1);
    expect((await t.get(`${B}/night-flow`, { dmaCode: 'DMA01', startTime: 5, endTime: 1 })).statusCode).toBe(400);
  });

  it('runs detection over history, lists events and dispatches a repair that closes the event', async () => {
    const run = await t.post(`${B}/leak/detect`, {
      dmaCode: 'DMA01',
      startTime: NOW.getTime() - 6 * 86_400_000,
      endTime: NOW.getTime(),
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.nights).toBeGreaterThan(3);
    // a leak found in the field, reported by hand
    const made = await t.post(`${B}/leak-event/submit`, {
      dmaCode: 'DMA02',
      estimatedStart: NOW.getTime() - 2 * 86_400_000,
      leakFlow: 35,
    });
    expect(made.statusCode, made.body).toBe(200);
    const ev = made.json().data;
    expect(ev).toMatchObject({ dmaCode: 'DMA02', kind: 'reported', state: 'open', leakFlow: 35 });
    const future = await t.post(`${B}/leak-event/submit`, {
      dmaCode: 'DMA02',
      estimatedStart: NOW.getTime() + 3 * 86_400_000,
      leakFlow: 5,
    });
    expect(future.statusCode).toBe(400);
    const list = (await t.get(`${B}/leak-event/list`, { dmaCode: 'DMA02' })).json().data;
    expect(list.records.map((r: any) => r.code)).toContain(ev.code);

    const sent = await t.post(`${B}/leak-event/dispatch`, { id: ev.id });
    expect(sent.statusCode, sent.body).toBe(200);
    const pid = sent.json().data.processInstanceId;
    expect((await t.post(`${B}/leak-event/dispatch`, { id: ev.id })).json().msg).toContain('已派单');
    const row = (await t.get(`${B}/leak-event/list`, { state: 'dispatched' })).json().data.records[0];
    expect(row).toMatchObject({ code: ev.code, state: 'dispatched', processInstanceId: pid });

    // terminating the repair reopens the event; a second dispatch is then allowed
    const stop = await t.post('/api/blade-workflow/process/terminateProcess', {
      processInstanceId: pid,
      comment: '误报',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    const reopened = (await t.get(`${B}/leak-event/list`, { dmaCode: 'DMA02' })).json().data.records;
    expect(reopened.find((r: any) => r.code === ev.code)).toMatchObject({ state: 'open', processInstanceId: null });

    // finishing the repair (every task completed) closes the event
    const again = await t.post(`${B}/leak-event/dispatch`, { id: ev.id });
    expect(again.statusCode, again.body).toBe(200);
    const pid2 = again.json().data.processInstanceId;
    for (let i = 0; i < 10; i++) {
      const open = await t.app.ctx.db
        .select({ id: wfTask.id })
        .from(wfTask)
        .where(and(eq(wfTask.instanceId, pid2), isNull(wfTask.endTime)));
      if (!open.length) break;
      const r = await t.post('/api/blade-workflow/ops/completeTask', { taskId: open[0].id, comment: '完成' });
      expect(r.statusCode, r.body).toBe(200);
    }
    const closed = (await t.get(`${B}/leak-event/list`, { state: 'closed' })).json().data.records;
    expect(closed.map((r: any) => r.code)).toContain(ev.code);
    expect(closed.find((r: any) => r.code === ev.code).closedAt).toBeTruthy();
  });
});
