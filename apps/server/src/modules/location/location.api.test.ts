import { describe, expect, it } from 'vitest';
import { signedInSuite, type TestApp } from '../../../test/harness.ts';
import { schedule } from '../patrol/tasks.ts';
import { LOC_MSG } from './routes.ts';
import { alongRoute, simulate } from './simulator.ts';

let t: TestApp;
let patrolToken: string;
let adminToken: string;
let patrolId: string;
signedInSuite(['patrol', 'admin'], ({ t: app, tokens, ids }) => {
  t = app;
  ({ patrol: patrolToken, admin: adminToken } = tokens);
  patrolId = ids.patrol;
});

const B = '/api/swp-pipeops-location';
const data = (res: { statusCode: number; body: string; json(): any }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const fmt = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:${String(d.getSeconds()).padStart(2, '0')}`;

describe('position ingest', () => {
  it('stores validated reports of the signed-in person and keeps the latest', async () => {
    const now = Date.now();
    const res = await t.as(patrolToken, () =>
      t.post(`${B}/position/report`, {
        positions: [
          { lon: 117.25, lat: 31.85, ts: now - 60_000, speed: 1.1 },
          { lon: 117.2501, lat: 31.8502, ts: now - 30_000 },
          { lon: 117.2501, lat: 31.8502, ts: now - 30_000 },
        ],
      }),
    );
    expect(data(res)).toEqual({ received: 3, inserted: 2 });
    // an older report does not move the latest position back
    data(await t.as(patrolToken, () => t.post(`${B}/position/report`, { lon: 117.1, lat: 31.7, ts: now - 600_000 })));
    const rt = data(await t.get(`${B}/position/realTime`));
    const me = rt.find((r: any) => r.userId === patrolId);
    expect(me).toMatchObject({ online: true, lon: 117.2501, lat: 31.8502, realName: '张伟' });
    expect(me.x).toBeGreaterThan(400_000);
  });

  it('reports sent at the same moment are stored together, each reply counting its own new ones', async () => {
    // three days back: the demo seed walks the patrol staff today (or yesterday), a report a minute, and one of
    // those once fell inside this test's three-second window (6 points for 5)
    const base = Date.now() - 3 * 86_400_000;
    const body = (ms: number[]) => ({ positions: ms.map((m) => ({ lon: 117.3 + m * 1e-5, lat: 31.9, ts: base + m })) });
    // the requests take the token when made (synchronously), so they can all be under way at once
    const post = (token: string, b: unknown) => {
      t.token = token;
      return t.post(`${B}/position/report`, b);
    };
    const replies = await Promise.all([
      post(patrolToken, body([1, 2, 3])),
      post(adminToken, body([1, 2])),
      // the instant 3 was also in the first report: stored once, counted for the first
      post(patrolToken, body([3, 4])),
      post(patrolToken, { lon: 117.31, lat: 31.9, ts: base + 5 }),
    ]);
    t.token = adminToken;
    expect(replies.map((r) => data(r))).toEqual([
      { received: 3, inserted: 3 },
      { received: 2, inserted: 2 },
      { received: 2, inserted: 1 },
      { received: 1, inserted: 1 },
    ]);
    const trace = data(
      await t.get(`${B}/position/trace`, {
        userId: patrolId,
        startTime: fmt(new Date(base - 1000)),
        endTime: fmt(new Date(base + 2000)),
      }),
    );
    expect(trace.raw).toBe(5);
  });

  it('refuses bad reports with a clear message (nothing stored)', async () => {
    const bad = async (body: unknown, msg: string) => {
      const res = await t.as(patrolToken, () => t.post(`${B}/position/report`, body));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(msg);
    };
    await bad({ lat: 31.8 }, LOC_MSG.position);
    await bad({ lon: 200, lat: 31.8 }, LOC_MSG.lon);
    await bad({ lon: 117, lat: 80 }, LOC_MSG.lat);
    await bad({ lon: 117, lat: 31, ts: Date.now() + 3_600_000 }, LOC_MSG.future);
    await bad({ lon: 117, lat: 31, ts: '2020-01-01 00:00:00' }, LOC_MSG.old);
    await bad({ lon: 117, lat: 31, ts: 'soon' }, LOC_MSG.ts);
    await bad({ positions: Array.from({ length: 501 }, () => ({ lon: 117, lat: 31 })) }, LOC_MSG.batch);
    const res = await t.call({ method: 'POST', url: `${B}/position/report`, payload: { lon: 117, lat: 31 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('monitoring', () => {
  it('counts people by department and state, pages them and answers their state', async () => {
    const c = data(await t.get(`${B}/position/personnelMonitorCount`));
    expect(c.total).toBeGreaterThanOrEqual(40);
    expect(c.online + c.offline + c.never).toBe(c.total);
    expect(c.online).toBeGreaterThanOrEqual(1);
    expect(c.byDept.find((d: any) => d.deptName === '管网巡检一班').total).toBeGreaterThanOrEqual(9);
    const page = data(await t.get(`${B}/position/personnelMonitor`, { state: 'online', size: 100 }));
    expect(page.records.map((r: any) => r.userId)).toContain(patrolId);
    expect(page.total).toBe(c.online);
    const st = data(await t.get(`${B}/message-center/queryState`, { userIds: patrolId }));
    expect(st).toEqual([expect.objectContaining({ userId: patrolId, state: 'online', online: true })]);
    const bad = await t.get(`${B}/position/personnelMonitor`, { state: 'asleep' });
    expect(bad.statusCode).toBe(400);
  });

  it('plays back a simulated trace, thinned, and refuses bad ranges', async () => {
    // a working morning of the simulator for everyone on a daily route today; today's tasks first (the seed wrote
    // those of its day, and the run may have passed midnight since), from the same clock reading
    const day = new Date();
    await schedule(t.app.ctx.db, t.app.ctx.config.tz, day);
    day.setHours(8, 0, 0, 0);
    const reports = await simulate(t.app.ctx, day.getTime() - 15_000, day.getTime() + 2 * 3_600_000);
    expect(reports.length).toBeGreaterThan(1000);
    // every simulated point lies on the tenant's streets (within the ±3 m jitter), none cuts through a block
    const pts = reports.filter((_, k) => k % 10 === 0);
    const far = await t.app.ctx.database.pool.query<{ d: number }>(
      `select max((select min(ST_Distance(ST_SetSRID(ST_MakePoint(p.x, p.y), 4548), r.geom))
                     from swp_gis_road r where r.tenant_id = p.t)) as d
         from unnest($1::float8[], $2::float8[], $3::varchar[]) as p(x, y, t)`,
      [pts.map((r) => r.x), pts.map((r) => r.y), pts.map((r) => r.tenantId)],
    );
    expect(Number(far.rows[0].d)).toBeLessThanOrEqual(5);
    const walker = reports[0].userId;
    /** the walker's trace over the two simulated hours, thinned by `thin` */
    const twoHours = async (thin: { tolerance: number } | { maxPoints: number }) =>
      data(
        await t.get(`${B}/position/trace`, {
          userId: walker,
          startTime: fmt(day),
          endTime: fmt(new Date(day.getTime() + 2 * 3_600_000)),
          ...thin,
        }),
      );
    const tr = await twoHours({ tolerance: 5 });
    expect(tr.raw).toBeGreaterThanOrEqual(480);
    expect(tr.points.length).toBeLessThan(tr.raw);
    expect(tr.points.length).toBeGreaterThan(2);
    expect(tr.distance).toBeGreaterThan(5000); // about 1.2 m/s for two hours
    expect(tr.points[0].time).toMatch(/^\d{4}-\d{2}-\d{2} 08:00:00$/);
    const few = await twoHours({ maxPoints: 10 });
    expect(few.points.length).toBeLessThanOrEqual(10);
    const wide = await t.get(`${B}/position/trace`, {
      userId: walker,
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-02-01 00:00:00',
    });
    expect(wide.json().msg).toBe(LOC_MSG.range);
    expect((await t.get(`${B}/position/trace`, {})).json().msg).toBe(LOC_MSG.userId);
  });

  it('walks back and forth along a route', () => {
    const route: [number, number][] = [
      [0, 0],
      [100, 0],
      [100, 50],
    ];
    expect(alongRoute(route, 50)).toEqual([50, 0]);
    expect(alongRoute(route, 125)).toEqual([100, 25]);
    expect(alongRoute(route, 175)).toEqual([100, 25]); // on the way back
    expect(alongRoute(route, 300)).toEqual([0, 0]);
  });

  it('is read by the location screen only: a patrol person may report but not watch', async () => {
    const res = await t.as(patrolToken, () => t.get(`${B}/position/realTime`));
    expect(res.statusCode).toBe(403);
    void adminToken;
  });
});
