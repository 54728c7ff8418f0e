import ExcelJS from 'exceljs';
import FormData from 'form-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, basic, bootTestApp, md5, type TestApp } from '../../../test/harness.ts';
import { upsertStations } from './stations-import.ts';

let t: TestApp;
const URL = '/api/swp-monitor/import/series';

async function upload(file: Buffer, filename: string, fields: Record<string, string>, token = t.token) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file, { filename });
  return t.call({
    method: 'POST',
    url: URL,
    headers: { ...form.getHeaders(), ...authHeaders(token) },
    payload: form.getBuffer(),
  });
}
const data = (res: { statusCode: number; body: string; json(): any }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Two days of 5-minute data, European style: `;` separated, decimal comma, one bad cell and one bad time. */
function csv(opts: { bad?: boolean } = {}) {
  const lines = ['Timestamp;Q1;L1;ignored'];
  const start = new Date(2019, 0, 1).getTime();
  for (let i = 0; i < 2 * 288; i++) {
    const d = new Date(start + i * 300_000);
    const p = (n: number) => String(n).padStart(2, '0');
    const ts = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:00`;
    const q = (80 + (i % 12)).toFixed(2).replace('.', ',');
    const l = i === 10 ? '' : (3 + (i % 5) / 10).toFixed(2).replace('.', ',');
    lines.push(`${ts};${q};${l};x`);
  }
  if (opts.bad) lines.push('2019-01-03 00:00:00;abc;3,1;x', '2019-13-01 00:00:00;1;1;x');
  return Buffer.from(lines.join('\n'));
}
const MAPPING = JSON.stringify({ Q1: 'IMP01.flow', L1: 'IMP02.z' });
const FIELDS = { separator: ';', decimal: ',', timestampColumn: 'Timestamp', mapping: MAPPING };

beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
  await upsertStations(t.app.ctx.db, '000000', [
    { stcd: 'IMP01', stnm: '导入流量站', sttp: 'LL', fields: { flow: 300 } },
    // a station without the series yet: the import creates it
    { stcd: 'IMP02', stnm: '导入液位站', sttp: 'RR', fields: {} },
  ]);
});
afterAll(() => t?.close());

describe('time-series import', () => {
  it('dry run: points per series, gaps counted, nothing written', async () => {
    const r = data(await upload(csv(), 'flows.csv', { ...FIELDS, dryRun: 'true' }));
    expect(r).toMatchObject({ dryRun: true, rows: 576, rejectedCount: 0, inserted: 0 });
    expect(r.series).toEqual([
      expect.objectContaining({
        column: 'Q1',
        stcd: 'IMP01',
        field: 'flow',
        points: 576,
        empty: 0,
        first: '2019-01-01 00:00:00',
        last: '2019-01-02 23:55:00',
      }),
      expect.objectContaining({ column: 'L1', stcd: 'IMP02', field: 'z', points: 575, empty: 1, seriesId: null }),
    ]);
    const h = await t.post('/api/swp-computing/monitor/his', {
      stcd: 'IMP01',
      monitorType: 'FLOW',
      startTime: '2019-01-01 00:00:00',
      endTime: '2019-01-03 00:00:00',
    });
    expect(h.json().data.statistics.flow ?? []).toHaveLength(0);
  });

  it('apply writes every point with its rollups; the history panel reads them; a second apply adds nothing', async () => {
    const r = data(await upload(csv(), 'flows.csv', { ...FIELDS, dryRun: 'false' }));
    expect(r.inserted).toBe(576 + 575);
    expect(r.series[1]).toMatchObject({ created: true });
    const h = await t.post('/api/swp-computing/monitor/his', {
      stcd: 'IMP01',
      monitorType: 'FLOW',
      startTime: '2019-01-01 00:00:00',
      endTime: '2019-01-01 01:00:00',
      filterOutliers: false,
    });
    expect(h.statusCode, h.body).toBe(200);
    const pts = h.json().data.statistics.flow;
    expect(pts.length).toBeGreaterThanOrEqual(12);
    expect(pts[0]).toEqual({ time: '2019-01-01 00:00:00', value: 80 });
    // the daily rollup (a long range reads rollups) holds a whole day's 288 points
    const day = await t.app.ctx.database.pool.query(
      `select d.count, d.min, d.max from swp_monitor_daily d join swp_monitor_series s on s.id = d.series_id
        join swp_monitor_station st on st.id = s.station_id where st.stcd = 'IMP01' and st.tenant_id = '000000'
        order by d.ts limit 1`,
    );
    expect(day.rows[0]).toMatchObject({ count: 288, min: 80, max: 91 });
    const again = data(await upload(csv(), 'flows.csv', { ...FIELDS, dryRun: 'false' }));
    expect(again.inserted).toBe(0);
    const day2 = await t.app.ctx.database.pool.query(
      `select d.count from swp_monitor_daily d join swp_monitor_series s on s.id = d.series_id
        join swp_monitor_station st on st.id = s.station_id where st.stcd = 'IMP01' order by d.ts limit 1`,
    );
    expect(day2.rows[0].count).toBe(288);
  });

  it('lists rejected cells and rows, refuses to apply them unless told to skip', async () => {
    const dry = data(await upload(csv({ bad: true }), 'flows.csv', { ...FIELDS, dryRun: 'true' }));
    expect(dry.rejected).toEqual([
      { row: 578, column: 'Q1', reason: expect.stringContaining('abc') },
      { row: 579, column: 'Timestamp', reason: expect.stringContaining('2019-13-01') },
    ]);
    const refused = await upload(csv({ bad: true }), 'flows.csv', { ...FIELDS, dryRun: 'false' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('2 处数据被拒绝');
    const skipped = data(
      await upload(csv({ bad: true }), 'flows.csv', { ...FIELDS, dryRun: 'false', skipRejected: 'true' }),
    );
    // only the good cell of the bad row is new (L1 at 2019-01-03 00:00)
    expect(skipped.inserted).toBe(1);
  });

  it('reads xlsx with real date cells', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('data');
    ws.addRow(['时间', '流量']);
    // exceljs writes dates as UTC wall clock: the cell reads 2019-02-01 08:00 in any zone
    ws.addRow([new Date(Date.UTC(2019, 1, 1, 8, 0)), 55.5]);
    ws.addRow([new Date(Date.UTC(2019, 1, 1, 8, 5)), 56]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const r = data(
      await upload(buf, 'x.xlsx', {
        timestampColumn: '时间',
        mapping: JSON.stringify({ 流量: 'IMP01.flow' }),
        dryRun: 'false',
      }),
    );
    expect(r.series[0]).toMatchObject({ points: 2, first: '2019-02-01 08:00:00' });
    expect(r.inserted).toBe(2);
  });

  it('refuses unknown columns, stations, fields and formats with a 400, and another tenant cannot reach the stations', async () => {
    const bad = async (fields: Record<string, string>, msg: string, token = t.token) => {
      const res = await upload(csv(), 'flows.csv', { ...FIELDS, ...fields }, token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(msg);
    };
    await bad({ mapping: JSON.stringify({ NOPE: 'IMP01.flow' }) }, 'NOPE');
    await bad({ mapping: JSON.stringify({ Q1: 'NOSTATION.flow' }) }, 'NOSTATION');
    await bad({ mapping: JSON.stringify({ Q1: 'IMP01.speed' }) }, 'speed');
    await bad({ mapping: 'not json' }, 'mapping');
    await bad({ timestampFormat: 'HH:mm' }, 'YYYY');
    await bad({ decimal: ';' }, 'decimal');
    // a second tenant's administrator: IMP01 is not theirs
    const created = await t.post('/api/blade-system/tenant/submit', { tenantName: '序列导入B' });
    expect(created.statusCode).toBe(200);
    const list = await t.get('/api/blade-system/tenant/list', { tenantName: '序列导入B' });
    const tenantId = list.json().data.records[0].tenantId;
    const res = await t.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: basic(), 'tenant-id': tenantId },
      query: { tenantId, username: 'admin', password: await md5('123456'), grant_type: 'password', scope: 'all' },
    });
    await bad({}, 'IMP01', res.json().access_token);
  });
});
