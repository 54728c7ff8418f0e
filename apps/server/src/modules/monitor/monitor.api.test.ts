import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootTestApp, expectRefused, type TestApp } from '../../../test/harness.ts';
import { formatDateTime } from '../../core/time.ts';
import { DEMO_STATIONS, MONITOR_SEED } from './catalog.ts';
import { keyOf } from './hash.ts';
import { LiveFeed } from './live.ts';
import { removeOutliers } from './outliers.ts';
import { simulate } from './simulator.ts';
import { ingest } from './store.ts';
import { bucketPoints } from './thinning.ts';

let t: TestApp;
const HIS = '/api/swp-computing/monitor/his';
const EXPORT = '/api/swp-computing/monitor/export-his';
const HOUR = 3_600_000;
const fmt = (ms: number) => formatDateTime(new Date(ms));
const startOfDay = (ms: number) => {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
};
let dataEnd: number;

const spec = (stcd: string, field: string) => {
  const s = DEMO_STATIONS.find((x) => x.stcd === stcd);
  if (!s) throw new Error(stcd);
  return { key: keyOf(stcd), field, step: s.steps[field], sim: s.sim };
};

beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();

  const r = await t.app.ctx.database.pool.query<{ t: Date }>('select max(last_ts) as t from swp_monitor_series');
  dataEnd = r.rows[0].t.getTime();
});
afterAll(() => t?.close());

async function his(body: Record<string, unknown>, query?: Record<string, unknown>) {
  const res = await t.post(HIS, body, query);
  return { status: res.statusCode, body: res.json() };
}

/** The history of `stcd` over two periods of one `dimension` (`dates`), compared in `window` windows, outliers filtered. */
const comparePeriods = (
  stcd: string,
  dimension: 'DAY' | 'MONTH' | 'YEAR',
  dates: [string, string],
  window: string,
  more: Record<string, unknown> = {},
) =>
  his({
    stcd,
    ...more,
    contemporaneous: dates.map((date) => ({ date, dimension })),
    querySetting: { filterOutliers: true, dataDilute: { action: 'DEFAULT', window } },
  });

describe('stations', () => {
  it('lists at least 20 stations of the demo utility with latest values and state (BladeX page)', async () => {
    const res = await t.get('/api/swp-computing/monitor/station/page', { current: 1, size: 100 });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.total).toBeGreaterThanOrEqual(20);
    expect(data).toMatchObject({ current: 1, size: 100, pages: 1 });
    const dongpu = data.records.find((r: any) => r.stcd === '62902100');
    expect(dongpu).toMatchObject({ stnm: '董铺水库', sttp: 'RR', sttpName: '水库水文站', category: 'HYDRO' });
    expect(dongpu.lowWl).toBeGreaterThan(dongpu.alertWl);
    expect(dongpu.x).toBeGreaterThan(500000);
    expect(dongpu.y).toBeGreaterThan(3500000);
    expect(dongpu.monitorTypes).toEqual(['RAIN', 'WATER_REGIMEN']);
    expect(dongpu.latest.map((l: any) => l.field).sort()).toEqual(['hourW', 'z']);
    // OFFLINE too: the simulated sensors have gaps of up to 8 hours, so at some times of day a station is silent
    expect(['NORMAL', 'ALERT', 'DANGER', 'FAULT', 'OFFLINE']).toContain(dongpu.state);
    expect(dongpu.stateName).toBeTruthy();
    expect(dongpu.sim).toBeUndefined();
  });

  it('filters by type, name, monitor type and state, and refuses unknown filters', async () => {
    const pp = (await t.get('/api/swp-computing/monitor/station/page', { sttp_equal: 'PP' })).json().data;
    expect(pp.total).toBe(5);
    expect(pp.records.every((r: any) => r.sttp === 'PP')).toBe(true);
    const byName = (await t.get('/api/swp-computing/monitor/station/page', { stnm: '水库' })).json().data;
    expect(byName.records.map((r: any) => r.stnm).sort()).toEqual(['大房郢水库', '董铺水库']);
    const pressure = (
      await t.get('/api/swp-computing/monitor/station/page', { monitorType: 'PRESSURE', size: 50 })
    ).json().data;
    expect(pressure.total).toBe(9); // 2 booster stations, 4 pressure points, 3 district inlets
    // which stations are offline depends on the time (the simulated sensors have gaps of up to 8 hours, and no data
    // comes in after the seed): the filter answers those the full list shows offline. A station only goes offline as
    // time passes, so the filtered answer lies between a full listing before it and one after it.
    const offlineIn = async () =>
      ((await t.get('/api/swp-computing/monitor/station/page', { size: 100 })).json().data.records as any[])
        .filter((r) => r.state === 'OFFLINE')
        .map((r) => r.stcd as string);
    const before = await offlineIn();
    const offline = (await t.get('/api/swp-computing/monitor/station/page', { state: 'OFFLINE', size: 100 })).json()
      .data;
    const after = await offlineIn();
    expect(offline.records.every((r: any) => r.state === 'OFFLINE')).toBe(true);
    const filtered = offline.records.map((r: any) => r.stcd as string);
    expect(filtered).toEqual(expect.arrayContaining(before));
    expect(after).toEqual(expect.arrayContaining(filtered));
    expect(offline.total).toBe(filtered.length);
    const bad = await t.get('/api/swp-computing/monitor/station/page', { colour: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('未知的查询字段: colour');
    const badState = await t.get('/api/swp-computing/monitor/station/page', { state: 'ASLEEP' });
    expect(badState.json().msg).toMatch(/^未知的站点状态: ASLEEP/);
  });

  it('answers a station detail and the dictionary', async () => {
    const page = (await t.get('/api/swp-computing/monitor/station/page', { stcd: 'LL001' })).json().data;
    const id = page.records[0].id;
    const detail = (await t.get('/api/swp-computing/monitor/station/detail', { id })).json();
    expect(detail.data).toMatchObject({ stcd: 'LL001', stnm: '蜀山DMA01进水口' });
    expect(detail.data.fields.map((f: any) => f.field)).toEqual(['flow', 'pressure']);
    // the station as the page lists it: latest values and state, the simulator profile kept on the server
    expect(Object.keys(detail.data).sort()).toEqual(Object.keys(page.records[0]).sort());
    expect(detail.data).toMatchObject({ id, stateName: expect.any(String), latestTime: expect.any(String) });
    expect(detail.data.latest.map((l: any) => l.field).sort()).toEqual(['flow', 'pressure']);
    expect(detail.data).not.toHaveProperty('sim');
    const none = (await t.get('/api/swp-computing/monitor/station/detail', { id: '1' })).json();
    expect(none).toMatchObject({ code: 200, data: null, msg: '暂无承载数据' });
    // another tenant's administrator finds nothing under the utility's id
    const fx = await t.tokenOf('admin', 'admin', '100001');
    const theirs = await t.as(fx, () => t.get('/api/swp-computing/monitor/station/detail', { id }));
    expect(theirs.json()).toMatchObject({ code: 200, data: null });
    for (const query of [{}, { id: '' }]) {
      await expectRefused(await t.get('/api/swp-computing/monitor/station/detail', query), '缺少必要的请求参数: id');
    }
    await expectRefused(
      await t.get('/api/swp-computing/monitor/station/detail', { id: 'abc' }),
      '参数校验失败: id 必须是数字编号',
    );
    const dict = (await t.get('/api/swp-computing/monitor/dict')).json().data;
    expect(dict.windows).toEqual(['30M', '1H', '3H', '6H', '12H', '24H']);
    expect(dict.monitorTypes.find((m: any) => m.code === 'RAIN')).toMatchObject({
      timeField: 'hour',
      dataFields: ['hourW'],
    });
  });

  it('the 站点监测 screen is in the supply-monitoring area (供水监测) of the administrator menu', async () => {
    const top = (await t.get('/api/blade-system/menu/top-menu')).json().data;
    const supply = top.find((m: any) => m.code === 'supply-monitoring');
    expect(supply).toBeDefined();
    const routes = (await t.get('/api/blade-system/menu/routes', { topMenuId: supply.id })).json().data;
    const flat = (items: any[]): any[] => items.flatMap((i) => [i, ...flat(i.children ?? [])]);
    const screen = flat(routes).find((m) => m.code === 'monitor_station');
    expect(screen).toMatchObject({ name: '站点监测', path: '/monitor/station' });
    const buttons = (await t.get('/api/blade-system/menu/buttons')).json().data;
    expect(JSON.stringify(buttons)).toContain('monitor_station_export');
  });

  it('requires a signed-in user', async () => {
    const res = await t.call({ method: 'POST', url: HIS, payload: { stcd: '62912001' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('history: time range', () => {
  it('RAIN: raw hourly totals exactly as the gauge reported them (filter off), keyed by field', async () => {
    const from = startOfDay(dataEnd) - 2 * 86_400_000;
    const to = dataEnd;
    // an hour's total exists once the hour is over: the gauge's last point may be before dataEnd
    const last = (
      await t.app.ctx.database.pool.query<{ t: Date }>(
        `select s.last_ts as t from swp_monitor_series s join swp_monitor_station st on st.id = s.station_id where st.stcd = '62912001'`,
      )
    ).rows[0].t.getTime();
    const r = await his({
      stcd: '62912001',
      monitorType: 'RAIN',
      dataFields: 'hourW',
      timeField: 'hour',
      startTime: fmt(from),
      endTime: fmt(to),
      querySetting: { filterOutliers: false, dataDilute: null },
    });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      stcd: '62912001',
      stnm: '蜀山雨量站',
      monitorType: 'RAIN',
      timeField: 'hour',
      dataFields: ['hourW'],
    });
    expect(d.alarmThreshold).toEqual([]);
    const sim = simulate(MONITOR_SEED, spec('62912001', 'hourW'), from, Math.min(to, last));
    expect(d.statistics.hourW.map((p: any) => p.time)).toEqual(Array.from(sim.ts, fmt));
    expect(d.statistics.hourW.map((p: any) => p.value)).toEqual(Array.from(sim.values));
    expect(d.series[0]).toMatchObject({
      key: 'hourW',
      field: 'hourW',
      unit: 'mm',
      window: null,
      step: 3600,
      source: 'raw',
    });
  });

  it('params also arrive in the query string (bracket keys), as the spec says "as params"', async () => {
    const from = dataEnd - 6 * HOUR;
    const res = await t.post(HIS, undefined, {
      stcd: '62902010',
      monitorType: 'WATER_REGIMEN',
      startTime: fmt(from),
      endTime: fmt(dataEnd),
      'querySetting[filterOutliers]': 'false',
      'querySetting[dataDilute][action]': 'DEFAULT',
      'querySetting[dataDilute][window]': '1H',
    });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.querySetting).toEqual({ filterOutliers: false, dataDilute: { action: 'DEFAULT', window: '1H' } });
    expect(d.statistics.z.length).toBeGreaterThanOrEqual(5);
  });

  it('WATER_REGIMEN: level with both thresholds, 保证水位 LOW_WL above 警戒水位 ALERT_WL', async () => {
    const r = await his({
      stcd: '62902010',
      monitorType: 'WATER_REGIMEN',
      startTime: fmt(dataEnd - 86_400_000),
      endTime: fmt(dataEnd),
    });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.timeField).toBe('mot');
    expect(d.dataFields).toEqual(['z']);
    expect(d.alarmThreshold.map((a: any) => a.code)).toEqual(['LOW_WL', 'ALERT_WL']);
    const [low, alert] = d.alarmThreshold;
    expect(low).toMatchObject({ name: '保证水位' });
    expect(alert).toMatchObject({ name: '警戒水位' });
    expect(low.value).toBeGreaterThan(alert.value);
    expect(d.statistics.z.length).toBeGreaterThan(80);
    expect(d.querySetting.filterOutliers).toBe(true);
  });

  it('thinning 1H and 3H: the mean of the raw points per window, with min and max', async () => {
    const from = startOfDay(dataEnd) - 86_400_000;
    const to = startOfDay(dataEnd) - 1000;
    for (const window of ['1H', '3H']) {
      const r = await his({
        stcd: 'YL001',
        dataFields: ['pressure'],
        startTime: fmt(from),
        endTime: fmt(to),
        querySetting: { filterOutliers: false, dataDilute: { action: 'DEFAULT', window } },
      });
      expect(r.status).toBe(200);
      const pts = r.body.data.statistics.pressure;
      const sim = simulate(MONITOR_SEED, spec('YL001', 'pressure'), from, to);
      const buckets = bucketPoints(sim.ts, sim.values, window === '1H' ? 60 : 180);
      expect(pts.length).toBe(buckets.length);
      for (let i = 0; i < pts.length; i++) {
        expect(pts[i].time).toBe(fmt(buckets[i].t));
        expect(pts[i].value).toBeCloseTo(buckets[i].sum / buckets[i].count, 4);
        expect(pts[i].min).toBe(buckets[i].min);
        expect(pts[i].max).toBe(buckets[i].max);
      }
      expect(r.body.data.series[0]).toMatchObject({ window, source: 'hourly', step: window === '1H' ? 3600 : 10800 });
    }
  });

  it('thinning 30M reads raw points; 24H reads the daily rollups; rain sums, levels average', async () => {
    const from = startOfDay(dataEnd) - 3 * 86_400_000;
    const to = startOfDay(dataEnd) - 1000;
    const rain = await his({
      stcd: '62912004',
      startTime: fmt(from),
      endTime: fmt(to),
      querySetting: { filterOutliers: false, dataDilute: { action: 'DEFAULT', window: '24H' } },
    });
    expect(rain.body.data.monitorType).toBe('RAIN'); // the default category
    const sim = simulate(MONITOR_SEED, spec('62912004', 'hourW'), from, to);
    const daily = bucketPoints(sim.ts, sim.values, 1440);
    expect(rain.body.data.statistics.hourW.map((p: any) => p.value)).toEqual(
      daily.map((b) => Math.round(b.sum * 1000) / 1000),
    );
    expect(rain.body.data.series[0].source).toBe('daily');

    const level = await his({
      stcd: '62902030',
      monitorType: 'WATER_REGIMEN',
      startTime: fmt(from),
      endTime: fmt(to),
      querySetting: { filterOutliers: false, dataDilute: { action: 'DEFAULT', window: '30M' } },
    });
    const z = level.body.data.statistics.z;
    expect(z.length).toBe(3 * 48 - gapWindows(simulate(MONITOR_SEED, spec('62902030', 'z'), from, to).ts, 30));
    expect(level.body.data.series[0].source).toBe('raw');
  });

  it('a year of thinning at 1H is widened to the narrowest window within 4,000 points and says so', async () => {
    const r = await his({
      stcd: 'LL001',
      dataFields: 'flow',
      startTime: fmt(dataEnd - 365 * 86_400_000),
      endTime: fmt(dataEnd),
      querySetting: { filterOutliers: true, dataDilute: { action: 'DEFAULT', window: '1H' } },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.querySetting.dataDilute).toEqual({ action: 'DEFAULT', window: '3H' });
    expect(r.body.data.statistics.flow.length).toBeLessThanOrEqual(4000);
  });

  it('several fields of one type at once (plant meters), keyed by field', async () => {
    const r = await his({
      stcd: 'SC001',
      monitorType: 'WATER_SUPPLY',
      startTime: fmt(dataEnd - 86_400_000),
      endTime: fmt(dataEnd),
      querySetting: { filterOutliers: true, dataDilute: { action: 'DEFAULT', window: '1H' } },
    });
    expect(Object.keys(r.body.data.statistics)).toEqual(['waterSupply', 'electricityConsumption', 'waterAmount']);
    // energy and water amount per hour are sums of 15-minute totals; supply is a mean rate
    const s = r.body.data.statistics;
    const i = Math.floor(s.waterSupply.length / 2);
    expect(s.waterAmount[i].value / s.waterSupply[i].value).toBeGreaterThan(0.9);
    expect(s.waterAmount[i].value / s.waterSupply[i].value).toBeLessThan(1.1);
  });
});

function gapWindows(ts: Float64Array, minutes: number) {
  const have = new Set(Array.from(ts, (x) => Math.floor(x / (minutes * 60_000))));
  const first = Math.floor(ts[0] / (minutes * 60_000));
  const last = Math.floor(ts[ts.length - 1] / (minutes * 60_000));
  let missing = 0;
  for (let w = first; w <= last; w++) if (!have.has(w)) missing++;
  return (
    missing +
    (first - Math.floor(startOfDay(ts[0]) / (minutes * 60_000))) +
    (Math.floor((startOfDay(ts[0]) + 3 * 86_400_000 - 1) / (minutes * 60_000)) - last)
  );
}

describe('history: outliers', () => {
  it('filterOutliers removes injected spikes from raw and thinned answers, and only with the filter on', async () => {
    const pool = t.app.ctx.database.pool;
    const sid = (
      await pool.query<{ id: number }>(
        `select s.id from swp_monitor_series s join swp_monitor_station st on st.id = s.station_id where st.stcd = 'YL002' and s.field = 'pressure'`,
      )
    ).rows[0].id;
    // a quiet day far from the backfill, with two spikes and an error code
    const day = startOfDay(dataEnd) - 30 * 86_400_000;
    const ts: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < 288; i++) {
      ts.push(day + i * 300_000);
      values.push(0.36 + 0.004 * Math.sin(i / 10));
    }
    values[100] = 0.95;
    values[101] = 0; // dropout below the physical minimum
    values[200] = 0.7;
    await ingest(pool, t.app.ctx.database.url, t.app.ctx.config.tz, { seriesIds: ts.map(() => sid), ts, values });
    const q = (filterOutliers: boolean, window: string | null) =>
      his({
        stcd: 'YL002',
        dataFields: 'pressure',
        startTime: fmt(day),
        endTime: fmt(day + 86_400_000 - 1000),
        querySetting: { filterOutliers, dataDilute: window ? { action: 'DEFAULT', window } : null },
      });
    const rawOff = (await q(false, null)).body.data;
    const rawOn = (await q(true, null)).body.data;
    expect(rawOff.statistics.pressure.length).toBe(288);
    expect(rawOn.statistics.pressure.length).toBe(285);
    expect(rawOn.series[0].removed).toBe(3);
    expect(Math.max(...rawOn.statistics.pressure.map((p: any) => p.value))).toBeLessThan(0.4);

    const hOff = (await q(false, '1H')).body.data.statistics.pressure;
    const hOn = (await q(true, '1H')).body.data;
    expect(Math.max(...hOff.map((p: any) => p.max))).toBe(0.95);
    expect(Math.max(...hOn.statistics.pressure.map((p: any) => p.max))).toBeLessThan(0.4);
    expect(Math.min(...hOn.statistics.pressure.map((p: any) => p.min))).toBeGreaterThan(0.3);
    expect(hOn.series[0].removed).toBe(3);
    // the repaired hours equal the filtered raw points bucketed by hour
    const filtered = removeOutliers(new Float64Array(ts), new Float64Array(values), {
      physMin: 0.01,
      physMax: 1,
      hampelFloor: 0.05,
      maxRatePerHour: 0.6,
    });
    const expected = bucketPoints(filtered.ts, filtered.values, 60);
    expect(hOn.statistics.pressure.map((p: any) => p.value)).toEqual(
      expected.map((b) => Math.round((b.sum / b.count) * 1e5) / 1e5),
    );

    const dOn = (await q(true, '24H')).body.data.statistics.pressure;
    expect(dOn).toHaveLength(1);
    expect(dOn[0].max).toBeLessThan(0.4);
  });
});

describe('history: period comparison', () => {
  it('DAY: two days aligned by hour of day, keyed by date, 30M windows', async () => {
    const today = startOfDay(dataEnd);
    const yesterday = today - 86_400_000;
    const d0 = fmt(yesterday).slice(0, 10);
    const d1 = fmt(today).slice(0, 10);
    const r = await comparePeriods('62902100', 'DAY', [d0, d1], '30M', { monitorType: 'WATER_REGIMEN' });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(Object.keys(d.statistics)).toEqual([d0, d1]);
    expect(d.contemporaneous.map((c: any) => c.key)).toEqual([d0, d1]);
    expect(d.contemporaneous[0]).toMatchObject({
      dimension: 'DAY',
      startTime: `${d0} 00:00:00`,
      endTime: `${d0} 23:59:59`,
    });
    const first = d.statistics[d0];
    expect(first.length).toBeGreaterThan(40);
    expect(first.length).toBeLessThanOrEqual(48);
    expect(first[0].axis).toMatch(/^\d\d:\d\d$/);
    // same axis labels line up across days
    const axes0 = new Set(first.map((p: any) => p.axis));
    expect(d.statistics[d1].every((p: any) => axes0.has(p.axis) || p.axis >= '00:00')).toBe(true);
    expect(d.alarmThreshold).toHaveLength(2);
  });

  it('MONTH and YEAR: aligned by day of month and month of year, 12H windows', async () => {
    const end = new Date(dataEnd);
    const thisMonth = `${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, '0')}`;
    const prev = new Date(end.getFullYear(), end.getMonth() - 1, 1);
    const lastMonth = `${prev.getFullYear()}-${String(prev.getMonth() + 1).padStart(2, '0')}`;
    const m = await comparePeriods('62912003', 'MONTH', [lastMonth, thisMonth], '12H');
    expect(m.status).toBe(200);
    expect(Object.keys(m.body.data.statistics)).toEqual([lastMonth, thisMonth]);
    const pts = [...m.body.data.statistics[lastMonth], ...m.body.data.statistics[thisMonth]];
    expect(pts.length).toBeGreaterThan(0);
    for (const p of pts) expect(p.axis).toMatch(/^\d\d (00|12):00$/);

    const y = await comparePeriods(
      '62912003',
      'YEAR',
      [String(end.getFullYear() - 1), String(end.getFullYear())],
      '12H',
    );
    expect(y.status).toBe(200);
    const yp = y.body.data.statistics[String(end.getFullYear())];
    expect(yp.length).toBeGreaterThan(0);
    expect(yp[0].axis).toMatch(/^\d\d-\d\d (00|12):00$/);
    expect(y.body.data.statistics[String(end.getFullYear() - 1)]).toBeDefined();
  });

  it('several fields with periods are keyed field@date', async () => {
    const d1 = fmt(startOfDay(dataEnd)).slice(0, 10);
    const d0 = fmt(startOfDay(dataEnd) - 86_400_000).slice(0, 10);
    const r = await his({
      stcd: 'LL003',
      monitorType: 'FLOW',
      dataFields: ['flow'],
      contemporaneous: JSON.stringify([
        { date: d0, dimension: 'DAY' },
        { date: d1, dimension: 'DAY' },
      ]),
    });
    expect(Object.keys(r.body.data.statistics)).toEqual([d0, d1]);
  });
});

describe('history: bad queries', () => {
  const range = () => ({ startTime: fmt(dataEnd - 86_400_000), endTime: fmt(dataEnd) });
  const cases: [string, () => Record<string, unknown>, RegExp | string][] = [
    ['unknown station', () => ({ stcd: 'NOPE', ...range() }), '站点不存在: stcd=NOPE'],
    ['no station', () => ({ ...range() }), '缺少必要的请求参数: stcd（或 stId、deviceCode）'],
    ['unknown field', () => ({ stcd: '62912001', dataFields: 'snow', ...range() }), '未知的监测项: snow'],
    [
      'field the station lacks',
      () => ({ stcd: '62912001', dataFields: 'z', ...range() }),
      '站点 蜀山雨量站(62912001) 没有监测项: z',
    ],
    [
      'type the station lacks',
      () => ({ stcd: 'YL001', monitorType: 'RAIN', ...range() }),
      /^站点 长江西路压力点\(YL001\) 没有雨情监测数据/,
    ],
    [
      'reversed range',
      () => ({ stcd: '62912001', startTime: fmt(dataEnd), endTime: fmt(dataEnd - HOUR) }),
      '开始时间不能晚于结束时间',
    ],
    [
      'range too large for raw points',
      () => ({ stcd: 'YL001', startTime: fmt(dataEnd - 30 * 86_400_000), endTime: fmt(dataEnd) }),
      /^时间范围过大：压力原始数据约 8\d\d\d 点，超过每条曲线 4000 点的上限，请开启数据抽稀或缩短时间范围$/,
    ],
    [
      'unknown window',
      () => ({ stcd: 'YL001', ...range(), querySetting: { dataDilute: { action: 'DEFAULT', window: '5M' } } }),
      /^不支持的抽稀窗口: 5M/,
    ],
    [
      'bad time',
      () => ({ stcd: 'YL001', startTime: 'yesterday', endTime: fmt(dataEnd) }),
      /^时间格式不正确: startTime=yesterday/,
    ],
  ];
  for (const [name, body, msg] of cases) {
    it(`${name} → 400 with a clear message`, async () => {
      const r = await his(body());
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 400, success: false });
      if (typeof msg === 'string') expect(r.body.msg).toBe(msg);
      else expect(r.body.msg).toMatch(msg);
    });
  }

  it('export refuses the same bad queries with the envelope, not a file', async () => {
    const res = await t.post(EXPORT, { stcd: 'NOPE', ...range() });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().msg).toBe('站点不存在: stcd=NOPE');
  });
});

describe('export', () => {
  it('streams an xlsx named 数据导出.xlsx by default (RFC 5987), with the series and a summary sheet', async () => {
    const from = startOfDay(dataEnd) - 86_400_000;
    const to = startOfDay(dataEnd) - 1000;
    const res = await t.post(EXPORT, {
      stcd: '62902010',
      monitorType: 'WATER_REGIMEN',
      startTime: fmt(from),
      endTime: fmt(to),
      querySetting: { filterOutliers: true, dataDilute: { action: 'DEFAULT', window: '1H' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${encodeURIComponent('数据导出.xlsx')}"; filename*=UTF-8''${encodeURIComponent('数据导出.xlsx')}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const sheet = wb.getWorksheet('历史数据');
    expect(sheet).toBeDefined();
    expect(sheet?.getRow(1).values).toEqual([undefined, '序号', '时间', '水位(m)', '水位(m) 最小值', '水位(m) 最大值']);
    expect(sheet?.rowCount).toBe(1 + 24);
    expect(sheet?.getRow(2).getCell(2).value).toBe(fmt(from));
    const stats = wb.getWorksheet('统计');
    expect(stats?.getRow(2).getCell(1).value).toBe('z');
    const text = JSON.stringify(stats?.getSheetValues());
    expect(text).toContain('保证水位(m)');
    expect(text).toContain('警戒水位(m)');
  });

  it('takes a file name, and exports period comparisons aligned by position', async () => {
    const d1 = fmt(startOfDay(dataEnd)).slice(0, 10);
    const d0 = fmt(startOfDay(dataEnd) - 86_400_000).slice(0, 10);
    const res = await t.post(EXPORT, undefined, {
      stcd: '62912002',
      fileName: '北城雨量站-雨情',
      contemporaneous: JSON.stringify([
        { date: d0, dimension: 'DAY' },
        { date: d1, dimension: 'DAY' },
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('北城雨量站-雨情.xlsx')}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const sheet = wb.getWorksheet('历史数据');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      '序号',
      '时间(对齐)',
      `${d0} 时段雨量(mm)`,
      `${d1} 时段雨量(mm)`,
    ]);
    expect(String(sheet?.getRow(2).getCell(2).value)).toBe('00:00');
  });
});

describe('store', () => {
  it('keeps raw points, hourly and daily rollups consistent, partitioned by month; re-ingesting changes nothing', async () => {
    const pool = t.app.ctx.database.pool;
    const check = await pool.query(`
      select (select count(*) from swp_monitor_point)::int as raw,
             (select sum(count) from swp_monitor_hourly)::int as hourly,
             (select sum(count) from swp_monitor_daily)::int as daily`);
    const { raw, hourly, daily } = check.rows[0];
    expect(raw).toBeGreaterThan(20_000); // 7 days in tests (monitorBackfillDays)
    expect(hourly).toBe(raw);
    expect(daily).toBe(raw);
    const parts = await pool.query(
      `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'swp_monitor_point'::regclass`,
    );
    expect(parts.rows.length).toBeGreaterThanOrEqual(1);
    expect(parts.rows.every((r: any) => /^swp_monitor_point_y\d{4}m\d\d$/.test(r.relname))).toBe(true);
    const kind = await pool.query(`select relkind from pg_class where relname = 'swp_monitor_point'`);
    expect(kind.rows[0].relkind).toBe('p');

    // a per-hour check against the raw rows
    const mismatch = await pool.query(`
      select count(*)::int as n from (
        select series_id, date_trunc('hour', ts, '${t.app.ctx.config.tz}') as h, count(*) c, sum(value) s, min(value) mn, max(value) mx
          from swp_monitor_point group by 1, 2) r
      full join swp_monitor_hourly h on h.series_id = r.series_id and h.ts = r.h
      where r.c is distinct from h.count or abs(r.s - h.sum) > 1e-6 or r.mn is distinct from h.min or r.mx is distinct from h.max`);
    expect(mismatch.rows[0].n).toBe(0);

    // re-ingesting yesterday's points of one series is a no-op
    const sid = (await pool.query<{ id: number }>(`select id from swp_monitor_series order by id limit 1`)).rows[0].id;
    const rows = await pool.query(
      `select (extract(epoch from ts) * 1000)::float8 as t, value from swp_monitor_point where series_id = $1 order by ts limit 50`,
      [sid],
    );
    const n = await ingest(pool, t.app.ctx.database.url, t.app.ctx.config.tz, {
      seriesIds: rows.rows.map(() => sid),
      ts: rows.rows.map((r: any) => r.t),
      values: rows.rows.map((r: any) => r.value),
    });
    expect(n).toBe(0);
    const again = await pool.query(`select (select sum(count) from swp_monitor_hourly)::int as hourly`);
    expect(again.rows[0].hourly).toBe(raw);
  });

  it('the live feed appends the points that became due, once', async () => {
    const feed = new LiveFeed(t.app.ctx);
    const events: unknown[] = [];
    const off = t.app.ctx.live.on('monitor.points', (e) => events.push(e));
    // one clock for both ticks: a reading falling due between them would make the second tick's answer right but
    // not 0
    const now = Date.now();
    const added = await feed.tick(now);
    const second = await feed.tick(now);
    expect(added).toBeGreaterThanOrEqual(0);
    expect(second).toBe(0);
    // on PostgreSQL the event comes back through NOTIFY on the listening connection: wait for it, then a moment
    // more to see that no second one follows
    if (added > 0) await vi.waitFor(() => expect(events.length).toBeGreaterThan(0), { timeout: 5000 });
    await new Promise((res) => setTimeout(res, 200));
    off();
    const r = await t.app.ctx.database.pool.query<{ t: Date }>(
      `select max(last_ts) as t from swp_monitor_series s join swp_monitor_station st on st.id = s.station_id where st.stcd = 'YL001'`,
    );
    expect(now - r.rows[0].t.getTime()).toBeLessThan(5 * 60_000 + 1000);
    // one announcement (the count rides on the first event; the new values follow in slices of at most 100, so a
    // payload stays under NOTIFY's 8000 bytes), each slice the tenant's latest values of the series written
    const announced = events.filter((e: any) => e.data?.points > 0);
    expect(announced.length).toBe(added > 0 ? 1 : 0);
    const values = events.flatMap((e: any) => e.data?.values ?? []);
    for (const e of events as any[]) expect((e.data?.values ?? []).length).toBeLessThanOrEqual(100);
    if (added > 0) {
      expect(values.length).toBeGreaterThan(0);
      expect(values.some((v: any[]) => v[0] === 'YL001')).toBe(true);
    }
  });
});
