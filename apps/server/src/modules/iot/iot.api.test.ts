/**
 * Telemetry over HTTP (and the shared parts of every door): credentials, every refusal counted per device and
 * nothing of a refused message stored, duplicates skipped, late and out-of-order points fixing the rollups, the
 * readings visible in monitor/his, and the simulator switch per station. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bootTestApp, expectRefused, seriesIdOf, type TestApp } from '../../../test/harness.ts';
import { formatDateTime } from '../../core/time.ts';
import { LiveFeed } from '../monitor/live.ts';
import { rawHistory } from './test-helpers.ts';

let t: TestApp;
const NOW = Date.now();
/** a reading time on no simulator grid point (the demo's steps are whole minutes): :17 past a minute */
const at = (msAgo: number) => Math.floor((NOW - msAgo) / 60_000) * 60_000 + 17_000;
const secrets: Record<string, string> = {};

beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
  for (const code of ['FM-YL001', 'FM-YL002', 'SZ-SC001']) secrets[code] = await issue(code);
});
afterAll(() => t?.close());

async function issue(code: string): Promise<string> {
  const res = await t.post('/api/swp-iot/device/credential', undefined, { deviceCode: code });
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json().data;
  expect(d).toMatchObject({ deviceCode: code, username: `${code}@000000`, topic: `swp/000000/${code}/telemetry` });
  return d.secret;
}

const deviceAuth = (code: string, secret: string, tenant = '000000') =>
  `Basic ${Buffer.from(`${code}@${tenant}:${secret}`).toString('base64')}`;

function send(code: string, body: unknown, secret = secrets[code], tenant = '000000') {
  return t.call({
    method: 'POST',
    url: '/api/swp-iot/telemetry',
    headers: { authorization: deviceAuth(code, secret, tenant), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const seriesId = (stcd: string, field: string) => seriesIdOf(t, stcd, field);

async function pointsAt(stcd: string, field: string, ts: number[]): Promise<number[]> {
  const r = await t.app.ctx.database.pool.query<{ v: number }>(
    'select value as v from swp_monitor_point where series_id = $1 and ts = any($2::timestamptz[]) order by ts',
    [await seriesId(stcd, field), ts.map((x) => new Date(x).toISOString())],
  );
  return r.rows.map((x) => x.v);
}

async function status(code: string) {
  const res = await t.get('/api/swp-iot/device/status', { deviceCodes: code });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0];
}

const refusalCount = async (code: string, reason: string) =>
  (await status(code)).refusals.find((r: any) => r.reason === reason)?.count ?? 0;

describe('device credentials', () => {
  it('issues a secret shown once and stored hashed; the old secret stops at once', async () => {
    const old = await issue('FM-YL004');
    const ok1 = await send('FM-YL004', { ts: at(60_000), values: { pressure: 0.31 } }, old);
    expect(ok1.statusCode, ok1.body).toBe(200);
    const fresh = await issue('FM-YL004');
    expect(fresh).not.toBe(old);
    await expectRefused(
      await send('FM-YL004', { ts: at(120_000), values: { pressure: 0.31 } }, old),
      '设备认证失败',
      401,
    );
    expect((await send('FM-YL004', { ts: at(120_000), values: { pressure: 0.32 } }, fresh)).statusCode).toBe(200);
    const row = await t.app.ctx.database.pool.query<{ h: string }>(
      "select secret_hash as h from swp_iot_credential where device_code = 'FM-YL004'",
    );
    expect(row.rows[0].h.startsWith('$argon2id$')).toBe(true);
    expect(row.rows[0].h).not.toContain(fresh);
    const st = await status('FM-YL004');
    expect(st).toMatchObject({ credentialIssued: true, lastSource: 'http', online: true });
    expect(st.refusals).toEqual([{ reason: 'auth', name: '密钥错误或未签发', count: 1 }]);
  });

  it('refuses unknown devices, bad codes and a missing deviceCode', async () => {
    await expectRefused(
      await t.post('/api/swp-iot/device/credential', undefined, { deviceCode: 'NOPE-1' }),
      'NOPE-1',
      400,
    );
    await expectRefused(await t.post('/api/swp-iot/device/credential'), 'deviceCode', 400);
    await expectRefused(
      await t.post('/api/swp-iot/device/credential', undefined, { deviceCode: 'a b' }),
      '设备编号',
      400,
    );
  });
});

describe('readings over HTTP', () => {
  it('stores a reading into the bound station series and shows it in monitor/his and the device status', async () => {
    const ts = at(5 * 60_000);
    const res = await send('FM-YL001', { ts: formatDateTime(new Date(ts)), values: { pressure: 0.4321 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ points: 1 });
    expect(await rawHistory(t, 'YL001', 'pressure', ts, 60_000)).toContainEqual({
      time: formatDateTime(new Date(ts)),
      value: 0.4321,
    });
    const st = await status('FM-YL001');
    expect(st.lastContact).not.toBeNull();
    expect(st.messages).toBeGreaterThanOrEqual(1);
  });

  it('takes an array of readings with epoch ms, all stored', async () => {
    const a = at(7 * 60_000);
    const b = at(8 * 60_000);
    const res = await send('SZ-SC001', [
      { ts: a, values: { chlorine: 1.1, ph: 7.2 } },
      { ts: b, values: { turbidity: 0.3 } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.points).toBe(3);
    expect(await pointsAt('SZ001', 'chlorine', [a])).toEqual([1.1]);
    expect(await pointsAt('SZ001', 'turbidity', [b])).toEqual([0.3]);
  });

  it('refuses a wrong secret, an unknown device, another tenant and a missing header, counted', async () => {
    const ts = at(9 * 60_000);
    await expectRefused(await send('FM-YL002', { ts, values: { pressure: 0.3 } }, 'wrong'), '设备认证失败', 401);
    expect(await refusalCount('FM-YL002', 'auth')).toBe(1);
    await expectRefused(await send('NO-SUCH', { ts, values: { pressure: 0.3 } }, 'x'), '未知设备', 401);
    await expectRefused(
      await send('FM-YL002', { ts, values: { pressure: 0.3 } }, secrets['FM-YL002'], '999999'),
      '未知设备',
      401,
    );
    const none = await t.call({ method: 'POST', url: '/api/swp-iot/telemetry', payload: '{}' });
    await expectRefused(none, 'Basic', 401);
    // the OAuth client Basic is no device
    const client = await t.call({
      method: 'POST',
      url: '/api/swp-iot/telemetry',
      headers: { authorization: `Basic ${Buffer.from('swp_web:swp_web_secret').toString('base64')}` },
      payload: '{}',
    });
    await expectRefused(client, '设备认证失败', 401);
    expect(await pointsAt('YL002', 'pressure', [ts])).toEqual([]);
    expect(await refusalCount('FM-YL002', 'auth')).toBe(1); // (also writes the counts of the last second)
    const unknown = await t.app.ctx.database.pool.query<{ r: Record<string, number> }>(
      "select refusals as r from swp_iot_device_stat where tenant_id = '*' and device_code = '*'",
    );
    expect(unknown.rows[0].r.device).toBe(2);
  });

  it('refuses another device series, unknown fields, non-numbers, future and bad times — the whole message', async () => {
    const good = at(11 * 60_000);
    const cases: [unknown, string, string][] = [
      // chlorine is SZ-SC001's station's series, not FM-YL001's
      [{ ts: good, values: { pressure: 0.3, chlorine: 1.2 } }, 'field', '没有监测项: chlorine'],
      [{ ts: good, values: { snow: 3 } }, 'field', '没有监测项: snow'],
      [{ ts: good, values: { pressure: '0.3' } }, 'value', '不是数字'],
      [{ ts: good, values: { pressure: null } }, 'value', '不是数字'],
      [{ ts: NOW + 2 * 86_400_000, values: { pressure: 0.3 } }, 'future', '一天以上'],
      [{ ts: '2026/01/01 00:00', values: { pressure: 0.3 } }, 'time', '时间格式不正确'],
      [{ ts: '2026-02-30 00:00:00', values: { pressure: 0.3 } }, 'time', '时间不存在'],
      [
        [
          { ts: good, values: { pressure: 0.3 } },
          { ts: good + 1000, values: { pressure: 'x' } },
        ],
        'value',
        '不是数字',
      ],
      ['{"ts": 1', 'payload', 'JSON'],
      [{ ts: good }, 'payload', 'values'],
      [[], 'payload', '空数组'],
    ];
    const before = await status('FM-YL001');
    for (const [body, reason, text] of cases) {
      const res = await send('FM-YL001', body);
      await expectRefused(res, text, 400);
      expect(res.json().msg).toContain(`（${reason}）`);
    }
    // nothing of any refused message is stored, not even the good reading of the mixed array
    expect(await pointsAt('YL001', 'pressure', [good, good + 1000])).toEqual([]);
    expect(await pointsAt('SZ001', 'chlorine', [good])).toEqual([]);
    const after = await status('FM-YL001');
    const by = Object.fromEntries(after.refusals.map((r: any) => [r.reason, r.count]));
    expect(by).toMatchObject({ field: 2, value: 3, future: 1, time: 2, payload: 3 });
    expect(after.messages).toBe(before.messages);
    expect(after.lastRefusal).toContain('payload');
  });

  it('ignores duplicates of stored points (same series and time)', async () => {
    const ts = at(13 * 60_000);
    const sid = await seriesId('YL002', 'pressure');
    const hourly = async () =>
      (
        await t.app.ctx.database.pool.query<{ count: number; sum: number }>(
          "select count, sum from swp_monitor_hourly where series_id = $1 and ts = date_trunc('hour', $2::timestamptz, 'Asia/Shanghai')",
          [sid, new Date(ts).toISOString()],
        )
      ).rows[0];
    expect((await send('FM-YL002', { ts, values: { pressure: 0.35 } })).statusCode).toBe(200);
    const first = await hourly();
    // the same time again, with another value: the stored point stays, the rollup does not count it twice
    expect((await send('FM-YL002', [{ ts, values: { pressure: 0.9 } }])).statusCode).toBe(200);
    expect(await pointsAt('YL002', 'pressure', [ts])).toEqual([0.35]);
    expect(await hourly()).toEqual(first);
  });

  it('puts late and out-of-order points in place and fixes the hourly and daily rollups', async () => {
    // an hour and a day the demo history does not reach (the test backfill is 7 days)
    const hour = new Date(NOW - 40 * 86_400_000);
    hour.setMinutes(0, 0, 0);
    const h = hour.getTime();
    const sid = await seriesId('YL003', 'pressure');
    const secret = await issue('FM-YL003');
    expect((await send('FM-YL003', { ts: h + 50 * 60_000, values: { pressure: 0.4 } }, secret)).statusCode).toBe(200);
    expect((await send('FM-YL003', { ts: h + 10 * 60_000, values: { pressure: 0.2 } }, secret)).statusCode).toBe(200);
    // a late one in the middle, after the newer ones
    expect((await send('FM-YL003', { ts: h + 30 * 60_000, values: { pressure: 0.6 } }, secret)).statusCode).toBe(200);
    const q = (table: string, unit: string) =>
      t.app.ctx.database.pool.query<{ min: number; max: number; sum: number; count: number; avg: number }>(
        `select min, max, sum, count, avg from ${table} where series_id = $1 and ts = date_trunc('${unit}', $2::timestamptz, 'Asia/Shanghai')`,
        [sid, hour.toISOString()],
      );
    const hr = (await q('swp_monitor_hourly', 'hour')).rows[0];
    expect(hr).toMatchObject({ min: 0.2, max: 0.6, count: 3 });
    expect(hr.sum).toBeCloseTo(1.2, 10);
    expect(hr.avg).toBeCloseTo(0.4, 10);
    const day = (await q('swp_monitor_daily', 'day')).rows[0];
    expect(day).toMatchObject({ min: 0.2, max: 0.6, count: 3 });
    const raw = await t.app.ctx.database.pool.query<{ t: Date }>(
      'select ts as t from swp_monitor_point where series_id = $1 and ts >= $2 and ts < $3 order by ts',
      [sid, hour.toISOString(), new Date(h + 3_600_000).toISOString()],
    );
    expect(raw.rows.map((r) => r.t.getTime() - h)).toEqual([10, 30, 50].map((m) => m * 60_000));
    // the history's 1H window reads the rollup: the mean of the three
    const his = await t.post('/api/swp-computing/monitor/his', {
      stcd: 'YL003',
      dataFields: 'pressure',
      startTime: formatDateTime(hour),
      endTime: formatDateTime(new Date(h + 3_599_000)),
      querySetting: { filterOutliers: false, dataDilute: { action: 'DEFAULT', window: '1H' } },
    });
    expect(his.statusCode, his.body).toBe(200);
    expect(his.json().data.statistics.pressure).toEqual([
      { time: formatDateTime(hour), value: expect.closeTo(0.4, 6), min: 0.2, max: 0.6 },
    ]);
  });
});

describe('live views', () => {
  it('tells the open screens of the device tenant that new points arrived', async () => {
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws?token=${t.token}`);
    const frame = new Promise<any>((resolve) =>
      ws.on('message', (d) => {
        const text = d.toString();
        if (text.includes('monitor.points')) resolve(JSON.parse(text));
      }),
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    try {
      expect((await send('FM-YL001', { ts: at(15 * 60_000), values: { pressure: 0.3 } })).statusCode).toBe(200);
      expect(await frame).toMatchObject({ type: 'monitor.points', data: { points: expect.any(Number) } });
    } finally {
      ws.close();
    }
  });
});

describe('simulation switch', () => {
  it('turns the simulator off for a station so a device takes it over, and on again', async () => {
    const page = (await t.get('/api/swp-computing/monitor/station/page', { stcd: 'YL004', size: 10 })).json().data;
    const st = page.records[0];
    expect(st).toMatchObject({ simulatable: true, simulated: true });
    const off = await t.post('/api/swp-computing/monitor/station/simulation', { id: st.id, simulated: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.simulated).toBe(false);
    const sid = await seriesId('YL004', 'pressure');
    const other = await seriesId('YL001', 'pressure');
    const count = async (id: number) =>
      Number(
        (await t.app.ctx.database.pool.query('select count(*) as n from swp_monitor_point where series_id = $1', [id]))
          .rows[0].n,
      );
    const [a0, b0] = [await count(sid), await count(other)];
    // an hour of live feed: the simulated station gets its points, the switched-off one none
    await new LiveFeed(t.app.ctx).tick(NOW + 3_600_000);
    expect(await count(sid)).toBe(a0);
    expect(await count(other)).toBeGreaterThan(b0);
    const on = await t.post('/api/swp-computing/monitor/station/simulation', { id: st.id, simulated: 'true' });
    expect(on.json().data.simulated).toBe(true);
    await expectRefused(
      await t.post('/api/swp-computing/monitor/station/simulation', { id: st.id, simulated: 'maybe' }),
      'simulated',
      400,
    );
    await expectRefused(
      await t.post('/api/swp-computing/monitor/station/simulation', { id: '1', simulated: false }),
      '站点不存在',
      400,
    );
  });
});
