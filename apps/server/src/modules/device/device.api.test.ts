import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appSuite, clientAs, expectRefused, seriesIdOf, type TestApp } from '../../../test/harness.ts';
import { alarmInfo } from '../../db/schema.ts';
import { ingest } from '../monitor/index.ts';
import { evaluateRunningRules } from './engine.ts';
import { MSG } from './service.ts';

let t: TestApp;
appSuite((app) => {
  t = app;
});

const base = '/api/swp-admin/device-base';
const body = (res: { json(): any }) => res.json();

async function stationId(stcd: string): Promise<string> {
  const r = await t.app.ctx.database.pool.query<{ id: string }>(
    "select id::text from swp_monitor_station where stcd = $1 and tenant_id = '000000'",
    [stcd],
  );
  return r.rows[0].id;
}

const seriesId = (stcd: string, field: string) => seriesIdOf(t, stcd, field);

describe('devices', () => {
  it('lists the seeded devices by type with their rule state and live values', async () => {
    const valves = body(await t.get(`${base}/page`, { deviceType: 'valve', current: 1, size: 10 })).data;
    expect(valves.total).toBe(8);
    expect(valves.records.every((d: any) => d.deviceType === 'valve' && d.deviceTypeName === '阀门')).toBe(true);
    const yl1 = valves.records.find((d: any) => d.deviceCode === 'FM-YL001');
    expect(yl1).toMatchObject({ stcd: 'YL001', runStatus: 1, runStatusName: '运行中', reportNum: 3 });
    expect(yl1.latest.map((l: any) => l.field)).toEqual(['pressure']);
    expect(typeof yl1.latest[0].value).toBe('number');
    expect(yl1.x).toBeGreaterThan(400_000);
    const manual = valves.records.find((d: any) => d.deviceCode === 'FM-HS001');
    expect(manual).toMatchObject({ stationId: null, ruleId: null, runStatusName: '未配置', latest: [] });
    for (const type of ['waterQuality', 'pump', 'video']) {
      const page = body(await t.get(`${base}/page`, { deviceType: type })).data;
      expect(page.total, type).toBeGreaterThan(1);
    }
    const running = body(await t.get(`${base}/page`, { runStatus: 1, size: 100 })).data;
    expect(running.records.every((d: any) => d.runStatus === 1)).toBe(true);
    const kw = body(await t.get(`${base}/page`, { keyword: 'DMA02' })).data;
    expect(kw.records.map((d: any) => d.deviceCode).sort()).toEqual(['FM-DMA02', 'SP-DMA02']);
    // a keyword is text, not a pattern
    expect(body(await t.get(`${base}/page`, { keyword: '%' })).data.total).toBe(0);
    // in sort order unless ascs/descs say otherwise; the paging shape of every BladeX page
    const all = body(await t.get(`${base}/page`, { size: 1000 })).data;
    expect(Object.keys(all).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    const sorts = all.records.map((d: any) => d.sort);
    expect(sorts).toEqual([...sorts].sort((a: number, b: number) => a - b));
    const byCode = body(await t.get(`${base}/page`, { descs: 'deviceCode', size: 5 })).data.records;
    expect(byCode.map((d: any) => d.deviceCode)).toEqual(
      byCode
        .map((d: any) => d.deviceCode)
        .sort()
        .reverse(),
    );
  });

  it('refuses unknown types, filters and sizes with a clear message', async () => {
    await expectRefused(await t.get(`${base}/page`, { deviceType: 'hydrant' }), '未知的设备类型: hydrant');
    await expectRefused(await t.get(`${base}/page`, { colour: 'red' }), 'colour');
    await expectRefused(await t.get(`${base}/page`, { runStatus: 'x' }), 'runStatus');
  });

  it('answers one device with its rule and live values; an id is required, an unknown one finds nothing', async () => {
    const yl1 = body(await t.get(`${base}/page`, { deviceCode: 'FM-YL001' })).data.records[0];
    const detail = body(await t.get(`${base}/detail`, { id: yl1.id }));
    expect(detail.data).toMatchObject({
      id: yl1.id,
      deviceCode: 'FM-YL001',
      deviceTypeName: '阀门',
      stcd: 'YL001',
      runStatus: 1,
      runStatusName: '运行中',
    });
    expect(detail.data.latest.map((l: any) => l.field)).toEqual(['pressure']);
    expect(detail.data.rule).toMatchObject({ deviceId: yl1.id, runStatus: 1, runStatusName: '运行中' });
    expect(detail.data.rule.items[0]).toMatchObject({ field: 'pressure', fieldName: '压力' });
    // the list carries the same device, rule included
    expect(yl1.rule).toEqual(detail.data.rule);
    // a device without a rule or station
    const manual = body(await t.get(`${base}/page`, { deviceCode: 'FM-HS001' })).data.records[0];
    expect(body(await t.get(`${base}/detail`, { id: manual.id })).data).toMatchObject({
      rule: null,
      runStatusName: '未配置',
      latest: [],
    });
    expect(body(await t.get(`${base}/detail`, { id: '1' }))).toMatchObject({
      code: 200,
      data: null,
      msg: '暂无承载数据',
    });
    await expectRefused(await t.get(`${base}/detail`), '缺少必要的请求参数: id');
    await expectRefused(await t.get(`${base}/detail`, { id: '' }), '缺少必要的请求参数: id');
    await expectRefused(await t.get(`${base}/detail`, { id: 'abc' }), '参数校验失败: id 必须是数字编号');
  });

  it('shows a rule by device code and type, with the fields it may watch', async () => {
    const r = body(await t.get(`${base}/rule-by-code-type`, { deviceCode: 'SZ-SC001', deviceType: 'waterQuality' }));
    expect(r.data.fields.map((f: any) => f.field).sort()).toEqual(['chlorine', 'ph', 'turbidity']);
    expect(r.data.rule).toMatchObject({ runStatus: 1, offlineMinutes: 60 });
    expect(r.data.rule.items.find((i: any) => i.field === 'chlorine')).toMatchObject({
      lower: 0.5,
      upper: 2,
      fieldName: '余氯',
      unit: 'mg/L',
    });
    await expectRefused(
      await t.get(`${base}/rule-by-code-type`, { deviceCode: 'SZ-SC001', deviceType: 'valve' }),
      MSG.notFound,
    );
    await expectRefused(await t.get(`${base}/rule-by-code-type`, {}), '缺少必要的请求参数: deviceCode');
  });

  it('saves a device with its rule, refuses duplicates and impossible rules, saves a rule alone', async () => {
    const st = await stationId('BZ002');
    const device = {
      deviceCode: 'BZ-GX002',
      deviceName: '高新区加压泵站2#机组',
      deviceType: 'pump',
      stationId: st,
      model: 'KQSN250-M9',
      rule: { items: [{ field: 'pressure', lower: 0.3, upper: 0.6 }], offlineMinutes: 45, alarmLevel: 2 },
    };
    const saved = body(await t.post(`${base}/save-or-update`, device));
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    expect(saved.data).toMatchObject({ deviceCode: 'BZ-GX002', stcd: 'BZ002', reportNum: 1 });
    // a device without a position of its own stands at its station, in both coordinate systems
    expect(saved.data.lgtd).toBeCloseTo(117.13, 1);
    expect(saved.data.x).toBeGreaterThan(480_000);
    expect(saved.data.rule).toMatchObject({
      runStatus: 0,
      offlineMinutes: 45,
      ruleName: '高新区加压泵站2#机组监测规则',
    });

    await expectRefused(await t.post(`${base}/save-or-update`, device), MSG.duplicate);
    await expectRefused(
      await t.post(`${base}/save-or-update`, {
        ...device,
        deviceCode: 'X1',
        rule: { items: [{ field: 'pressure', lower: 0.6, upper: 0.3 }] },
      }),
      '上限必须大于下限',
    );
    await expectRefused(
      await t.post(`${base}/save-or-update`, {
        ...device,
        deviceCode: 'X2',
        rule: { items: [{ field: 'chlorine', upper: 2 }] },
      }),
      '监测点没有监测项 余氯',
    );
    await expectRefused(
      await t.post(`${base}/save-or-update`, { ...device, deviceCode: 'X3', rule: { items: [] } }),
      MSG.ruleEmpty,
    );
    await expectRefused(
      await t.post(`${base}/save-or-update`, { ...device, deviceCode: 'bad code' }),
      MSG.deviceCodeFormat,
    );
    await expectRefused(
      await t.post(`${base}/save-or-update`, { ...device, deviceCode: 'X4', deviceType: 'tank' }),
      MSG.deviceType,
    );
    await expectRefused(
      await t.post(`${base}/save-or-update`, { ...device, deviceCode: 'X5', stationId: '1' }),
      '站点不存在',
    );
    await expectRefused(
      await t.post(`${base}/save-or-update`, { ...device, deviceCode: 'X6', lgtd: 200, lttd: 31 }),
      '经度超出范围',
    );

    // the rule alone (保存规则)
    const rule = body(
      await t.post(`${base}/save-or-update`, {
        deviceCode: 'BZ-GX002',
        deviceType: 'pump',
        rule: {
          items: [
            { field: 'pressure', lower: 0.32, ratePerHour: 0.5 },
            { field: 'waterSupply', upper: 3000 },
          ],
        },
      }),
    );
    expect(rule.code, JSON.stringify(rule)).toBe(200);
    expect(rule.data.rule.items).toHaveLength(2);
    expect(rule.data.rule.offlineMinutes).toBeNull();

    // edit: the type stays; a position given as plane coordinates gains its longitude and latitude
    const edited = body(
      await t.post(`${base}/save-or-update`, {
        ...device,
        id: saved.data.id,
        deviceName: '高新区加压泵站2#泵',
        rule: undefined,
        x: 500000,
        y: 3519675.422,
      }),
    );
    expect(edited.data).toMatchObject({ deviceName: '高新区加压泵站2#泵', x: 500000 });
    expect(edited.data.lgtd).toBeCloseTo(117, 6);
    expect(edited.data.lttd).toBeCloseTo(31.8, 6);
    await expectRefused(
      await t.post(`${base}/save-or-update`, { ...device, id: saved.data.id, deviceType: 'valve' }),
      '设备类型不能修改',
    );
  });

  it('runs and stops a rule; a running rule judges new readings once and raises alarms', async () => {
    const st = await stationId('YL004');
    const saved = body(
      await t.post(`${base}/save-or-update`, {
        deviceCode: 'FM-TEST01',
        deviceName: '测试阀门',
        deviceType: 'valve',
        stationId: st,
        rule: { items: [{ field: 'pressure', lower: 0.2, upper: 0.9 }] },
      }),
    ).data;
    await expectRefused(await t.post(`${base}/stop-rule`, { deviceCode: 'FM-TEST01' }), MSG.stopped);
    const run = body(await t.post(`${base}/run-rule`, { id: saved.rule.id }));
    expect(run.data).toMatchObject({ runStatus: 1, runStatusName: '运行中' });
    expect(run.data.lastEvalTs).toBeTruthy();
    await expectRefused(
      await t.post(`${base}/run-rule`, { deviceCode: 'FM-TEST01', deviceType: 'valve' }),
      MSG.running,
    );

    // the valve reports three readings above the upper limit after the rule started (report count 3)
    const now = Date.now();
    const sid = await seriesId('YL004', 'pressure');
    const ts = [now + 60_000, now + 120_000, now + 180_000];
    const ctx = t.app.ctx;
    await ingest(ctx.database.pool, ctx.database.url, ctx.config.tz, {
      seriesIds: [sid, sid, sid],
      ts,
      values: [0.95, 0.96, 0.97],
    });
    await evaluateRunningRules(ctx, now + 240_000);
    const alarms = await ctx.db
      .select()
      .from(alarmInfo)
      .where(and(eq(alarmInfo.deviceCode, 'FM-TEST01'), eq(alarmInfo.tenantId, '000000')));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      alarmType: 'threshold',
      alarmValue: 0.97,
      limitValue: 0.9,
      alarmStatus: 0,
      title: '测试阀门压力超上限',
      deviceType: 'valve',
    });
    // a second pass over the same readings raises nothing
    await evaluateRunningRules(ctx, now + 300_000);
    const again = await ctx.db.select().from(alarmInfo).where(eq(alarmInfo.deviceCode, 'FM-TEST01'));
    expect(again).toHaveLength(1);
    expect(again[0].occurrences).toBe(1);

    const stopped = body(await t.post(`${base}/stop-rule`, {}, { deviceCode: 'FM-TEST01' }));
    expect(stopped.data).toMatchObject({ runStatus: 0, runStatusName: '已停止' });
    await expectRefused(await t.post(`${base}/run-rule`, { deviceCode: 'FM-HS001' }), MSG.ruleNotFound);
  });

  it('reads and saves a valve report count; other types and bad counts are refused', async () => {
    expect(body(await t.get(`${base}/select-device-report-num`, { deviceCode: 'FM-YL002' })).data.reportNum).toBe(3);
    const saved = body(await t.get(`${base}/save-device-report-num`, { deviceCode: 'FM-YL002', reportNum: 5 }));
    expect(saved.data.reportNum).toBe(5);
    expect(
      body(await t.post(`${base}/save-device-report-num`, { deviceCode: 'FM-YL002', reportNum: '4' })).data.reportNum,
    ).toBe(4);
    expect(body(await t.get(`${base}/select-device-report-num`, { deviceCode: 'FM-YL002' })).data.reportNum).toBe(4);
    await expectRefused(await t.get(`${base}/select-device-report-num`, { deviceCode: 'BZ-BH001' }), MSG.valveOnly);
    await expectRefused(
      await t.get(`${base}/save-device-report-num`, { deviceCode: 'FM-YL002', reportNum: 0 }),
      MSG.reportNum,
    );
    await expectRefused(await t.get(`${base}/save-device-report-num`, { deviceCode: 'FM-YL002' }), 'reportNum');
  });

  it('removes a device with its rule', async () => {
    // a video device whose (running) rule must stop and go with it
    const d = body(await t.get(`${base}/page`, { deviceCode: 'SP-BZ001' })).data.records[0];
    expect(d.runStatus).toBe(1);
    const removed = body(await t.post(`${base}/remove`, undefined, { ids: d.id }));
    expect(removed).toMatchObject({ code: 200, msg: '删除成功（1 台设备）' });
    expect(body(await t.get(`${base}/page`, { deviceCode: 'SP-BZ001' })).data.total).toBe(0);
    // its rule went with it, stopped
    const rules = await t.app.ctx.database.pool.query<{ is_deleted: number; run_status: number }>(
      'select is_deleted, run_status from swp_device_rule where device_id = $1',
      [d.id],
    );
    expect(rules.rows.length).toBeGreaterThan(0);
    expect(rules.rows.every((r) => r.is_deleted === 1 && r.run_status === 0)).toBe(true);
    await expectRefused(await t.post(`${base}/remove`, undefined, { ids: d.id }), MSG.notFound);
  });

  it('lists the stations a device may be linked to, and the dictionary', async () => {
    const st = body(await t.get(`${base}/stations`)).data;
    expect(st.some((s: any) => s.stcd === 'LL001' && s.fields.some((f: any) => f.field === 'flow'))).toBe(true);
    expect(st.every((s: any) => !['PP', 'ZZ'].includes(s.sttp))).toBe(true);
    const dict = body(await t.get(`${base}/dict`)).data;
    expect(dict.deviceTypes.map((d: any) => d.code)).toEqual(['valve', 'waterQuality', 'pump', 'video']);
  });
});

describe('who may do what', () => {
  it('operators run rules; auditors read only; patrol staff cannot run rules', async () => {
    const op = await clientAs(t, 'operator');
    expect((await op.get(`${base}/page`, { deviceType: 'pump' })).statusCode).toBe(200);
    expect(body(await op.post(`${base}/stop-rule`, { deviceCode: 'BZ-BH001' })).code).toBe(200);
    expect(body(await op.post(`${base}/run-rule`, { deviceCode: 'BZ-BH001' })).code).toBe(200);
    // operators save rules but do not add devices
    await expectRefused(
      await op.post(`${base}/save-or-update`, { deviceCode: 'N1', deviceName: 'n', deviceType: 'video' }),
      '无权访问',
      403,
    );
    const auditor = await clientAs(t, 'auditor');
    expect((await auditor.get(`${base}/page`)).statusCode).toBe(200);
    await expectRefused(await auditor.post(`${base}/run-rule`, { deviceCode: 'BZ-BH001' }), '无权访问', 403);
    const patrol = await clientAs(t, 'patrol');
    await expectRefused(await patrol.post(`${base}/stop-rule`, { deviceCode: 'BZ-BH001' }), '无权访问', 403);
  });

  it("another tenant sees none of the utility's devices and cannot touch them", async () => {
    const other = await clientAs(t, 'admin', '100001');
    expect(body(await other.get(`${base}/page`)).data.total).toBe(0);
    const mine = body(await t.get(`${base}/page`, { deviceCode: 'BZ-BH001' })).data.records[0];
    expect(body(await other.get(`${base}/detail`, { id: mine.id }))).toMatchObject({ code: 200, data: null });
    await expectRefused(await other.post(`${base}/stop-rule`, { deviceCode: 'BZ-BH001' }), MSG.notFound);
  });
});
