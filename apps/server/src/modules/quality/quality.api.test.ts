import ExcelJS from 'exceljs';
import FormData from 'form-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, bootTestApp, type TestApp } from '../../../test/harness.ts';
import { monitorSeries, monitorStation } from '../../db/schema.ts';
import { ingestReadings } from '../monitor/index.ts';
import { watchTenant } from './online.ts';

let t: TestApp;
let me: string;
beforeAll(async () => {
  t = await bootTestApp();
  const tok = await t.signIn();
  me = String(tok.user_id);
});
afterAll(() => t?.close());

const B = '/api/swp-quality';
const TENANT = '000000';
// a fixed past month keeps the test away from the demo's recent data and from midnight
const MONTH = '2025-03';
const at = (day: number, h: number, m = 0) => new Date(2025, 2, day, h, m).getTime();

const refused = async (url: string, body: unknown, msg: string) => {
  const res = await t.post(`${B}${url}`, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().msg).toContain(msg);
};
const resultOf = async (sampleCode: string, indicatorCode: string) =>
  (await t.get(`${B}/result/page`, { sampleCode, indicatorCode, size: 10 })).json().data.records[0];
const submitResult = async (body: Record<string, unknown>) => {
  const res = await t.post(`${B}/result/submit`, body);
  expect(res.statusCode, res.body).toBe(200);
  return resultOf(String(body.sampleCode), String(body.indicatorCode));
};
const alarmsOf = async (prefix: string) =>
  (
    await t.app.ctx.db.execute<{ source_key: string; alarm_time: Date; alarm_value: number; occurrences: number }>(
      `select source_key, alarm_time, alarm_value, occurrences from swp_alarm_info where tenant_id = '${TENANT}' and source_key like '${prefix}%' order by alarm_time`,
    )
  ).rows;

describe('indicators and limits', () => {
  it('seeds the GB 5749-2022 routine indicators with limits by point kind', async () => {
    const list = (await t.get(`${B}/indicator/list`)).json().data;
    const one = (code: string, kind = 'all') => list.find((r: any) => r.code === code && r.pointKind === kind);
    expect(one('turbidity')).toMatchObject({ kind: 'max', maxValue: 1, unit: 'NTU', monitorField: 'turbidity' });
    expect(one('ph')).toMatchObject({ kind: 'range', minValue: 6.5, maxValue: 8.5 });
    expect(one('free_chlorine', 'plant')).toMatchObject({ kind: 'range', minValue: 0.3, maxValue: 2 });
    expect(one('free_chlorine', 'network')).toMatchObject({ kind: 'min', minValue: 0.05 });
    expect(one('e_coli')).toMatchObject({ kind: 'absent' });
    expect(one('cod_mn')).toMatchObject({ maxValue: 3 });
    expect(list.length).toBeGreaterThanOrEqual(43);
  });

  it('validates edits: bounds the kind needs, min below max, unique per point kind, online fields', async () => {
    const base = {
      code: 'x_test',
      name: '测试指标',
      category: 'other',
      unit: 'mg/L',
      kind: 'range',
      minValue: 1,
      maxValue: 2,
    };
    await refused('/indicator/submit', { ...base, minValue: 3 }, '下限不能大于上限');
    await refused('/indicator/submit', { ...base, kind: 'max', maxValue: null }, '上限');
    await refused('/indicator/submit', { ...base, kind: 'nope' }, '限值类型');
    await refused('/indicator/submit', { ...base, monitorField: 'pressure' }, '水质监测字段');
    await refused('/indicator/submit', { ...base, code: 'turbidity' }, '已有限值');
    const ok = await t.post(`${B}/indicator/submit`, base);
    expect(ok.statusCode, ok.body).toBe(200);
    const find = async () => (await t.get(`${B}/indicator/list`)).json().data.find((r: any) => r.code === 'x_test');
    const id = (await find()).id;
    expect((await t.post(`${B}/indicator/submit`, { id, ...base, maxValue: 5 })).statusCode).toBe(200);
    expect((await find()).maxValue).toBe(5);
    expect((await t.post(`${B}/indicator/remove`, undefined, { ids: id })).statusCode).toBe(200);
  });

  it('gives a utility created after start-up its routine indicators, with the tenant', async () => {
    const made = await t.post('/api/blade-system/tenant/submit', { tenantName: '长丰县供水公司' });
    expect(made.statusCode, made.body).toBe(200);
    const { rows } = await t.app.ctx.db.execute<{ tenant_id: string }>(
      `select tenant_id from blade_tenant where tenant_name = '长丰县供水公司' and is_deleted = 0`,
    );
    const tenantId = rows[0].tenant_id;
    const indicators = await t.app.ctx.db.execute<{ code: string; kind: string; max_value: number | null }>(
      `select code, kind, max_value from swp_quality_indicator where tenant_id = '${tenantId}' and is_deleted = 0`,
    );
    expect(indicators.rows.length).toBeGreaterThanOrEqual(43);
    expect(indicators.rows.find((r) => r.code === 'turbidity')).toMatchObject({ kind: 'max', max_value: 1 });
  });
});

describe('lab results', () => {
  it('flags an out-of-limit result and raises one alarm; a compliant one raises none; units convert', async () => {
    const sample = { sampleCode: 'T-LAB-1', pointCode: 'WQ-N01', sampledAt: '2025-03-05 09:00:00' };
    const bad = await submitResult({ ...sample, indicatorCode: 'turbidity', value: 1.8 });
    expect(bad).toMatchObject({
      compliant: false,
      limitText: '≤1',
      unit: 'NTU',
      pointName: expect.any(String),
    });
    const good = await submitResult({ ...sample, indicatorCode: 'ph', value: 7.2 });
    expect(good.compliant).toBe(true);
    const lead = await submitResult({ ...sample, indicatorCode: 'lead', value: 12, unit: 'µg/L' });
    expect(lead).toMatchObject({ value: 0.012, unit: 'mg/L', compliant: false });
    // chlorine 0.2 mg/L is fine in the network, not leaving a plant
    const net = await submitResult({ ...sample, indicatorCode: 'free_chlorine', value: 0.2 });
    expect(net.compliant).toBe(true);
    const plant = await submitResult({
      sampleCode: 'T-LAB-2',
      pointCode: 'WQ-P06',
      sampledAt: '2025-03-05 09:00:00',
      indicatorCode: 'free_chlorine',
      value: 0.2,
    });
    expect(plant.compliant).toBe(false);

    const alarms = await alarmsOf('quality-lab:T-LAB-');
    expect(alarms.map((a) => a.source_key).sort()).toEqual([
      'quality-lab:T-LAB-1:lead',
      'quality-lab:T-LAB-1:turbidity',
      'quality-lab:T-LAB-2:free_chlorine',
    ]);
    const page = (await t.get(`${B}/result/page`, { sampleCode: 'T-LAB-1', size: 50 })).json().data;
    expect(page.records.find((r: any) => r.indicatorCode === 'turbidity').alarmId).toBeTruthy();

    await refused('/result/submit', { ...sample, indicatorCode: 'ph', value: 7 }, '已有结果');
    await refused(
      '/result/submit',
      { ...sample, sampleCode: 'T-LAB-3', pointCode: 'NOPE', indicatorCode: 'ph', value: 7 },
      '点位 NOPE 不存在',
    );
    await refused(
      '/result/submit',
      { ...sample, sampleCode: 'T-LAB-3', indicatorCode: 'lead', value: 7, unit: 'NTU' },
      '无法换算',
    );
    await refused('/result/submit', { ...sample, sampleCode: 'T-LAB-3', indicatorCode: 'ph', value: -1 }, '不能为负');
  });

  it('imports results from xlsx (all or nothing), flags failures and alarms them', async () => {
    const sheet = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('结果');
      ws.addRow(['样品编号', '点位编码', '采样时间', '浑浊度', 'pH', '铅(µg/L)', '大肠埃希氏菌']);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const upload = async (buf: Buffer) => {
      const form = new FormData();
      form.append('file', buf, { filename: 'results.xlsx' });
      return t.call({
        method: 'POST',
        url: `${B}/result/import`,
        headers: { ...form.getHeaders(), ...authHeaders(t.token) },
        payload: form.getBuffer(),
      });
    };
    const bad = await upload(await sheet([['T-IMP-1', 'WQ-N02', '2025-03-06 09:00', 0.3, 'abc', 3, '未检出']]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('abc');
    expect(await alarmsOf('quality-lab:T-IMP-')).toEqual([]);

    const res = await upload(
      await sheet([
        ['T-IMP-1', 'WQ-N02', '2025-03-06 09:00', 0.3, 7.1, 3, '未检出'],
        ['T-IMP-2', 'WQ-N02', '2025-03-07 09:00', 0.4, 7.3, 2, 1],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ samples: 2, results: 8, failed: 1 });
    expect((await alarmsOf('quality-lab:T-IMP-')).map((a) => a.source_key)).toEqual(['quality-lab:T-IMP-2:e_coli']);
    const again = await upload(await sheet([['T-IMP-1', 'WQ-N02', '2025-03-06 09:00', 0.3]]));
    expect(again.statusCode).toBe(400);
  });

  it('writes the monthly report as xlsx with compliance by indicator; a bad month is refused before any byte', async () => {
    const rep = (await t.get(`${B}/report`, { month: MONTH })).json().data;
    const turb = rep.indicators.find((r: any) => r.indicatorCode === 'turbidity');
    // T-LAB-1 1.8 (fail), T-IMP-1 0.3, T-IMP-2 0.4
    expect(turb).toMatchObject({ total: 3, compliant: 2, rate: 66.67 });
    expect(rep.summary.samples).toBe(4);

    const res = await t.get(`${B}/report/export`, { month: MONTH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ind = wb.getWorksheet('指标合格率')!;
    const rows: unknown[][] = [];
    ind.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['指标', '单位', '限值', '检测次数', '合格次数', '合格率(%)', '最大值']);
    expect(rows.find((r) => r[0] === '浑浊度')).toEqual(['浑浊度', 'NTU', '≤1', 3, 2, 66.67, 1.8]);
    const sum = wb.getWorksheet('概况')!;
    expect(sum.getRow(5).values).toEqual([undefined, '水样数', 4]);
    const fails = wb.getWorksheet('不合格项')!;
    expect(fails.rowCount).toBe(1 + 4);

    for (const month of ['2025-13', '2025-3', undefined]) {
      const r = await t.get(`${B}/report/export`, month ? { month } : {});
      expect(r.statusCode).toBe(400);
      expect(r.json().success).toBe(false);
    }
  });
});

describe('sampling plans and tasks', () => {
  it('validates plans, generates the tasks due on a day once, lists mine, completes a task by its results', async () => {
    const plan = {
      code: 'T-PLAN',
      name: '测试周检',
      pointCodes: ['WQ-N01', 'WQ-N02'],
      indicatorCodes: ['turbidity', 'ph'],
      frequency: 'WEEKLY',
      assignee: me,
      startDate: '2025-03-01',
    };
    await refused('/plan/submit', { ...plan, pointCodes: ['NOPE'] }, 'NOPE');
    await refused('/plan/submit', { ...plan, indicatorCodes: [] }, '请选择检测指标');
    await refused('/plan/submit', { ...plan, endDate: '2025-02-01' }, '结束日期');
    expect((await t.post(`${B}/plan/submit`, plan)).statusCode).toBe(200);
    // 2025-03-10 is a Monday, 2025-03-11 is not
    expect((await t.post(`${B}/plan/generate`, { date: '2025-03-11' })).json().data.created).toBe(0);
    expect((await t.post(`${B}/plan/generate`, { date: '2025-03-10' })).json().data.created).toBe(2);
    expect((await t.post(`${B}/plan/generate`, { date: '2025-03-10' })).json().data.created).toBe(0);
    await refused('/plan/generate', { date: '2025-02-30' }, '有效日期');
    const mine = (await t.get(`${B}/sampling-task/my`)).json().data;
    const task = mine.find((x: any) => x.pointCode === 'WQ-N01' && x.dueDate === '2025-03-10');
    expect(task).toMatchObject({ state: 'pending', planName: '测试周检', indicatorCodes: ['turbidity', 'ph'] });
    const done = await t.post(`${B}/result/submit`, {
      sampleCode: 'T-TASK-1',
      pointCode: 'WQ-N01',
      sampledAt: '2025-03-10 10:00',
      indicatorCode: 'ph',
      value: 7.4,
      taskId: task.id,
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = (await t.get(`${B}/sampling-task/detail`, { id: task.id })).json().data;
    expect(after).toMatchObject({ state: 'done', sampleCode: 'T-TASK-1' });
  });
});

describe('online stations', () => {
  let seriesId: number;
  beforeAll(async () => {
    const db = t.app.ctx.db;
    const [st] = await db
      .insert(monitorStation)
      .values({
        tenantId: TENANT,
        stcd: 'TSZ01',
        stnm: '测试水质站',
        sttp: 'SZ',
        category: 'NETWORK',
        simulated: false,
      })
      .returning();
    const [s] = await db
      .insert(monitorSeries)
      .values({ stationId: st.id, field: 'turbidity', stepSeconds: 300 })
      .returning();
    seriesId = s.id;
    const p = await t.post(`${B}/point/submit`, {
      code: 'TSZ01',
      name: '测试水质站',
      pointKind: 'network',
      stcd: 'TSZ01',
    });
    expect(p.statusCode, p.body).toBe(200);
    await refused('/point/submit', { code: 'TSZ02', name: 'x', pointKind: 'network', stcd: 'NOPE' }, 'NOPE');
  });
  const put = (mins: number[], values: number[]) =>
    ingestReadings(t.app.ctx, {
      seriesIds: mins.map(() => seriesId),
      ts: mins.map((m) => at(12, 8, m)),
      values,
    });

  it('raises an exceedance alarm only once it lasted the minimum duration (15 min)', async () => {
    // a spike at 08:10 and a 10-minute run from 08:30: no alarm
    await put([0, 5, 10, 15, 20, 25, 30, 35, 40], [0.2, 0.2, 3, 0.2, 0.2, 0.2, 1.4, 1.6, 1.5]);
    expect(await watchTenant(t.app.ctx, TENANT, at(12, 8, 41), false)).toBe(0);
    expect(await alarmsOf('quality-online:TSZ01')).toEqual([]);
    // the run reaches 15 minutes at 08:45
    await put([45, 50], [1.9, 0.3]);
    await watchTenant(t.app.ctx, TENANT, at(12, 8, 51), false);
    const alarms = await alarmsOf('quality-online:TSZ01');
    expect(alarms).toHaveLength(1);
    expect(new Date(alarms[0].alarm_time).getTime()).toBe(at(12, 8, 45));
    expect(alarms[0].alarm_value).toBe(1.9);
    // a second pass over the same run does not raise it again
    await watchTenant(t.app.ctx, TENANT, at(12, 9, 0), false);
    expect(await alarmsOf('quality-online:TSZ01')).toHaveLength(1);
  });

  it('shows the latest value against its limit and the compliance by day and month', async () => {
    const online = (await t.get(`${B}/online`)).json().data;
    const st = online.find((s: any) => s.stcd === 'TSZ01');
    expect(st.values).toEqual([
      expect.objectContaining({ indicatorCode: 'turbidity', value: 0.3, limit: '≤1', compliant: true }),
    ]);
    const day = (await t.get(`${B}/compliance`, { stationCode: 'TSZ01', period: 'DAY', date: '2025-03-12' })).json()
      .data;
    // 11 readings, 5 outside (08:10, 08:30, 08:35, 08:40, 08:45)
    expect(day.stations[0]).toMatchObject({ indicatorCode: 'turbidity', total: 11, compliant: 6, rate: 54.55 });
    expect(day.stations[0].buckets).toEqual([{ bucket: '2025-03-12 08:00', total: 11, compliant: 6, rate: 54.55 }]);
    const month = (await t.get(`${B}/compliance`, { stationCode: 'TSZ01', period: 'MONTH', date: MONTH })).json().data;
    expect(month.stations[0].buckets).toEqual([{ bucket: '2025-03-12', total: 11, compliant: 6, rate: 54.55 }]);
    expect(month.indicators).toEqual([
      { indicatorCode: 'turbidity', indicatorName: '浑浊度', total: 11, compliant: 6, rate: 54.55 },
    ]);
    for (const q of [{ period: 'DAY', date: '2025-03' }, { period: 'WEEK', date: '2025-03-01' }, { period: 'MONTH' }]) {
      const r = await t.get(`${B}/compliance`, q);
      expect(r.statusCode).toBe(400);
    }
  });
});
