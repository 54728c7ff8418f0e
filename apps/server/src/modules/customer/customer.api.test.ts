import { describe, expect, it } from 'vitest';
import { appSuite, bootSecondInstance, type TestApp } from '../../../test/harness.ts';
import { type Cell, filledTemplate, uploadXlsx } from '../../../test/xlsx.ts';
import { progress } from '../../core/progress.ts';
import { meterConsumption } from './index.ts';

let t: TestApp;
appSuite((app) => (t = app));

const sheet = (base: string, rows: Cell[][]) => filledTemplate(t, `${base}/template`, rows);

const upload = (app: TestApp, base: string, buf: Buffer, fields: Record<string, string>) =>
  uploadXlsx(app, `/api${base}`, buf, fields, 'import.xlsx');

const C = '/swp-customer/customer/import';
const M = '/swp-customer/meter/import';
const R = '/swp-customer/reading/import';
const reasons = (d: { rejected: { row: number; reason: string }[] }) => d.rejected.map((r) => [r.row, r.reason]);

describe('customer register', () => {
  it('seeds a few thousand customers with a meter each on the GIS meters and a year of monthly reads', async () => {
    const c = (await t.get('/api/swp-customer/customer/page', { size: 1 })).json().data;
    expect(c.total).toBeGreaterThan(1500);
    const m = (await t.get('/api/swp-customer/meter/page', { size: 5 })).json().data;
    expect(m.total).toBe(c.total);
    expect(m.records[0]).toMatchObject({ gisCode: expect.stringMatching(/^SB-/), accountNo: expect.any(String) });
    const r = (await t.get('/api/swp-customer/reading/page', { meterNo: m.records[0].meterNo, size: 20 })).json().data;
    expect(r.total).toBeGreaterThanOrEqual(12);
    // consumption is the difference of consecutive readings
    const [last, prev] = r.records;
    expect(last.consumption).toBeCloseTo(last.reading - prev.reading, 2);
    const gis = await t.app.ctx.db.execute<{ n: number }>(
      `select count(*)::int as n from swp_water_meter m where m.tenant_id = '000000' and not exists (select 1 from swp_gis_node g where g.tenant_id = m.tenant_id and g.dno = m.gis_code and g.kind = 'meter')` as never,
    );
    expect(gis.rows[0].n).toBe(0);
  });

  it('meterConsumption gives every GIS meter feature its demand in L/s over the last three months', async () => {
    const map = await meterConsumption(t.app.ctx.db, '000000');
    expect(map.size).toBeGreaterThan(500);
    const values = [...map.values()];
    expect(values.every((v) => v > 0 && Number.isFinite(v))).toBe(true);
    // a community of ~150 households at 350 L/day is about 0.6 L/s
    const median = values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    expect(median).toBeGreaterThan(0.05);
    expect(median).toBeLessThan(5);
    expect((await meterConsumption(t.app.ctx.db, '100001')).size).toBe(0);
  });

  it('computes consumption on save and refuses a lower reading unless it is a meter replacement', async () => {
    const cu = await t.post('/api/swp-customer/customer/submit', {
      accountNo: 'T-READ-1',
      customerName: '测试用户',
      customerType: 'residential',
    });
    expect(cu.json().success).toBe(true);
    const c = (await t.get('/api/swp-customer/customer/page', { keyword: 'T-READ-1' })).json().data.records[0];
    expect(c.waterCategory).toBe(1);
    const me = await t.post('/api/swp-customer/meter/submit', {
      meterNo: 'T-M-1',
      customerId: c.id,
      caliber: 20,
      meterType: 'smart',
    });
    expect(me.json().success).toBe(true);
    const meterId = (await t.get('/api/swp-customer/meter/page', { keyword: 'T-M-1' })).json().data.records[0].id;
    const read = (readTime: string, reading: number, replacement = 0) =>
      t.post('/api/swp-customer/reading/submit', { meterId, readTime, reading, replacement });
    const reads = async () =>
      (await t.get('/api/swp-customer/reading/page', { meterNo: 'T-M-1' })).json().data.records as {
        consumption: number | null;
        replacement: number;
      }[];
    expect((await read('2026-01-01 09:00:00', 100)).json().success).toBe(true);
    expect((await read('2026-02-01 09:00:00', 112.5)).json().success).toBe(true);
    expect((await reads()).map((r) => r.consumption)).toEqual([12.5, null]);
    const lower = await read('2026-03-01 09:00:00', 110);
    expect(lower.statusCode).toBe(400);
    expect(lower.json().msg).toContain('低于上次读数 112.5');
    // inserted between two reads: higher than the next one is refused too
    expect((await read('2026-01-15 09:00:00', 120)).statusCode).toBe(400);
    expect((await read('2026-03-01 09:00:00', 3, 1)).json().success).toBe(true);
    expect((await reads())[0]).toMatchObject({ consumption: 3, replacement: 1 });
    const meter = (await t.get('/api/swp-customer/meter/detail', { id: meterId })).json().data;
    expect(meter).toMatchObject({ lastReading: 3, lastReadTime: '2026-03-01 09:00:00' });
    const bad = await t.post('/api/swp-customer/meter/submit', {
      meterNo: 'T-M-2',
      customerId: c.id,
      caliber: 17,
      meterType: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('register imports from xlsx', () => {
  it('customers, meters and reads: dry run report, refused apply, apply, idempotent re-apply', async () => {
    const customers: Cell[][] = [
      ['IMP-C1', '导入用户一', 'residential', null, '和平路 1 号', '13800000001', null, null],
      ['IMP-C2', '导入商户二', '商业', 2, '和平路 2 号', null, null, null],
    ];
    const badCustomers: Cell[][] = [
      ['IMP C3', '空格户号', 'residential', null, null, null, null, null],
      ['IMP-C4', '类型错', 'farm', null, null, null, null, null],
      ['IMP-C1', '重复', 'residential', null, null, null, null, null],
    ];
    const dry = (
      await upload(t, C, await sheet(C, [...customers, ...badCustomers]), { dryRun: 'true', jobId: 'cust-dry' })
    ).json().data;
    expect(dry.rows.map((r: { key: string; action: string }) => `${r.key}:${r.action}`)).toEqual([
      'IMP-C1:insert',
      'IMP-C2:insert',
    ]);
    expect(reasons(dry)).toEqual([
      [4, expect.stringContaining('户号')],
      [5, expect.stringContaining('用户类型无效')],
      [6, expect.stringContaining('重复')],
    ]);
    const refused = await upload(t, C, await sheet(C, [...customers, ...badCustomers]), { dryRun: 'false' });
    expect(refused.statusCode).toBe(400);
    expect((await t.get('/api/swp-customer/customer/page', { keyword: 'IMP-C' })).json().data.total).toBe(0);
    const applied = (await upload(t, C, await sheet(C, customers), { dryRun: 'false', jobId: 'cust-apply' })).json()
      .data;
    expect(applied).toMatchObject({ applied: true, inserted: 2, updated: 0, unchanged: 0 });
    const again = (await upload(t, C, await sheet(C, customers), { dryRun: 'false' })).json().data;
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    const page = (await t.get('/api/swp-customer/customer/page', { keyword: 'IMP-C' })).json().data;
    expect(
      page.records.map((r: { accountNo: string; waterCategory: number }) => [r.accountNo, r.waterCategory]),
    ).toEqual([
      ['IMP-C1', 1],
      ['IMP-C2', 2],
    ]);

    const meters: Cell[][] = [
      ['IMP-M1', 'IMP-C1', 20, 'smart', 'SB-000001', '2024-05-01', null],
      ['IMP-M2', 'IMP-C2', 'DN50', '超声波表', null, null, null],
    ];
    const md = (
      await upload(
        t,
        M,
        await sheet(M, [...meters, ['IMP-M3', 'NOPE', 20, 'smart'], ['IMP-M4', 'IMP-C1', 17, 'smart']]),
        {
          dryRun: 'true',
        },
      )
    ).json().data;
    expect(reasons(md)).toEqual([
      [4, expect.stringContaining('户号 NOPE 不存在')],
      [5, expect.stringContaining('口径无效')],
    ]);
    expect((await upload(t, M, await sheet(M, meters), { dryRun: 'false' })).json().data).toMatchObject({
      inserted: 2,
    });
    expect((await upload(t, M, await sheet(M, meters), { dryRun: 'false' })).json().data).toMatchObject({
      unchanged: 2,
    });

    const reads: Cell[][] = [
      ['IMP-M1', '2026-01-05 09:00', 10, null, null],
      ['IMP-M1', '2026-02-05 09:00', 22.5, null, null],
      ['IMP-M2', '2026-01-05', 500, null, null],
      ['IMP-M2', '2026-02-05', 3, 1, '换表'],
    ];
    const rd = (
      await upload(
        t,
        R,
        await sheet(R, [...reads, ['IMP-M1', '2026-03-05 09:00', 20, null, null], ['IMP-M9', '2026-01-01', 1]]),
        {
          dryRun: 'true',
        },
      )
    ).json().data;
    expect(rd.inserted).toBe(4);
    expect(reasons(rd)).toEqual([
      [6, expect.stringContaining('低于上次读数 22.5')],
      [7, expect.stringContaining('表号 IMP-M9 不存在')],
    ]);
    expect((await upload(t, R, await sheet(R, reads), { dryRun: 'false' })).json().data).toMatchObject({ inserted: 4 });
    expect((await upload(t, R, await sheet(R, reads), { dryRun: 'false' })).json().data).toMatchObject({
      inserted: 0,
      unchanged: 4,
    });
    const m1 = (await t.get('/api/swp-customer/reading/page', { meterNo: 'IMP-M1' })).json().data.records;
    expect(m1.map((r: { consumption: number | null }) => r.consumption)).toEqual([12.5, null]);
    const m2 = (await t.get('/api/swp-customer/reading/page', { meterNo: 'IMP-M2' })).json().data.records;
    expect(m2[0]).toMatchObject({ consumption: 3, replacement: 1 });
  });

  it('keeps the job state in the database: a poll that does not reach the importing instance sees it', async () => {
    await upload(t, C, await sheet(C, [['IMP-P1', '进度', 'public']]), { dryRun: 'true', jobId: 'job-db-1' });
    await progress.flush();
    progress.forgetLocal('000000', 'job-db-1');
    const p = (await t.get(`/api${C}/progress`, { jobId: 'job-db-1' })).json().data;
    expect(p).toMatchObject({ stage: 'done', finished: true, report: { dryRun: true, inserted: 1 } });
    if (t.app.ctx.database.kind === 'postgresql') {
      const second = await bootSecondInstance(t);
      try {
        await second.signIn();
        const q = (await second.get(`/api${C}/progress`, { jobId: 'job-db-1' })).json().data;
        expect(q).toMatchObject({ stage: 'done', finished: true });
      } finally {
        await second.close();
      }
    }
    expect((await t.get(`/api${C}/progress`, { jobId: 'nope' })).json().data.stage).toBe('unknown');
  });

  it('keeps tenants apart: another tenant sees none of these rows, its imports cannot name them', async () => {
    const mine = (await t.get('/api/swp-customer/customer/page', { keyword: 'IMP-C1' })).json().data.records[0];
    // the same app, signed in as the other tenant's administrator
    const token = t.token;
    try {
      await t.signIn('admin', 'admin', '100001');
      expect((await t.get('/api/swp-customer/customer/page', { keyword: 'IMP-C' })).json().data.total).toBe(0);
      const d = await t.get('/api/swp-customer/customer/detail', { id: mine.id });
      expect(d.json().data ?? null).toBeNull();
      const probe = (await upload(t, M, await sheet(M, [['IMP-M7', 'IMP-C1', 20, 'smart']]), { dryRun: 'true' })).json()
        .data;
      expect(reasons(probe)).toEqual([[2, expect.stringContaining('户号 IMP-C1 不存在')]]);
      const p = (await t.get(`/api${C}/progress`, { jobId: 'job-db-1' })).json().data;
      expect(p.stage).toBe('unknown');
    } finally {
      t.token = token;
    }
  });
});
