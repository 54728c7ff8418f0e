import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, bootTestApp, signInCall, type TestApp } from '../../../../test/harness.ts';
import { GIS_PROXY } from '../routes.ts';
import { L_TOWN, lTownDir } from './ltown.ts';

// The shared data set lives beside the repository (CI copies it there); without it this suite has nothing to load.
const { dir } = lTownDir();

let t: TestApp;
beforeAll(async () => {
  if (!dir) return;
  t = await bootTestApp();
  await t.signIn();
}, 300_000);
afterAll(() => t?.close());

describe.skipIf(!dir)('L-Town demo tenant in one step', () => {
  it('creates tenant 200001 with its admin, network, inlet stations and 2019 data; a second run adds nothing', async () => {
    const res = await t.post('/api/swp-gis/network/l-town', {});
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ tenantId: L_TOWN.tenantId, created: true, stations: { created: 4 } });
    expect(r.network).toMatchObject({
      junctions: 782,
      pipes: 905,
      reservoirs: 2,
      tanks: 1,
      pumps: 1,
      valves: 3,
      rejectedCount: 0,
    });
    // a year of 5-minute data: 105,120 rows per file
    expect(r.series[0].rows).toBe(105_120);
    expect(r.series[0].series.map((s: { stcd: string }) => s.stcd)).toEqual(['p227', 'p235', 'PUMP_1']);
    expect(r.series[0].inserted).toBeGreaterThan(3 * 100_000);
    expect(r.series[1].series[0]).toMatchObject({ stcd: 'T1', field: 'z' });

    // the tenant's administrator signs in and sees the network and the history
    const login = await signInCall(t, 'admin', '123456', L_TOWN.tenantId, { type: false });
    expect(login.statusCode, login.body).toBe(200);
    const h = authHeaders(login.json().access_token);
    const pipes = await t.call({
      method: 'GET',
      url: `/api${GIS_PROXY}/pipe/query`,
      query: { where: "pipeClass <> 'connector'", returnCountOnly: 'true', f: 'json' },
      headers: h,
    });
    expect(pipes.json().count).toBe(905);
    const his = await t.call({
      method: 'POST',
      url: '/api/swp-computing/monitor/his',
      headers: h,
      payload: {
        stcd: 'p227',
        monitorType: 'FLOW',
        startTime: '2019-01-01 00:00:00',
        endTime: '2019-01-01 01:00:00',
        filterOutliers: false,
      },
    });
    expect(his.statusCode, his.body).toBe(200);
    expect(his.json().data.statistics.flow[0]).toEqual({ time: '2019-01-01 00:00:00', value: 88.14 });
    // a burst on an L-Town pipe: the analysis runs on the imported graph
    const q = await t.call({
      method: 'GET',
      url: `/api${GIS_PROXY}/pipe/query`,
      query: { where: "dno = 'p1'", outFields: 'gid', f: 'json' },
      headers: h,
    });
    const a = await t.call({
      method: 'POST',
      url: '/api/swp-dispatch/wsnc-squibbing-event/analyse',
      headers: h,
      payload: { pipeGid: q.json().features[0].attributes.gid, title: 'L-Town p1' },
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().data.analysis.segmentPipes.length).toBeGreaterThan(0);

    // its DMAs: the whole town on p227 + p235, area C behind PUMP_1; detection runs over a short window of 2019
    expect(r.zones).toBe(2);
    // …and the detector has run over the year: its events are on the DMA screens
    expect(r.leakEvents).toBeGreaterThan(0);
    const events = await t.call({
      method: 'GET',
      url: '/api/swp-dma/leak-event/list',
      query: { dmaCode: 'LTOWN', size: '100' },
      headers: h,
    });
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json().data.total).toBeGreaterThan(0);
    expect(events.json().data.records[0]).toMatchObject({ dmaCode: 'LTOWN', state: 'open' });
    const tree = await t.call({ method: 'GET', url: '/api/swp-dma/dma/tree', headers: h });
    expect(tree.statusCode, tree.body).toBe(200);
    expect(tree.json().data).toMatchObject([
      { code: 'LTOWN', meters: 2, hasBoundary: true, children: [{ code: 'LTOWN-C', meters: 1 }] },
    ]);
    // area C's inlet is the pump's flow less what tank T1 stores: as many points as the pump, the same volume over
    // the year (the tank ends near where it began), and hours where the tank's filling takes a real share
    const c = (
      await t.app.ctx.database.pool.query(
        `select st.stcd, count(*)::int as n, avg(p.value)::float8 as mean
           from swp_monitor_point p join swp_monitor_series s on s.id = p.series_id
           join swp_monitor_station st on st.id = s.station_id
          where st.tenant_id = $1 and st.stcd in ('PUMP_1', 'C_SUPPLY') and s.field = 'flow'
          group by st.stcd order by st.stcd`,
        [L_TOWN.tenantId],
      )
    ).rows as { stcd: string; n: number; mean: number }[];
    expect(c.map((x) => x.stcd)).toEqual(['C_SUPPLY', 'PUMP_1']);
    expect(c[0].n).toBeGreaterThan(0.95 * c[1].n);
    expect(Math.abs(c[0].mean - c[1].mean)).toBeLessThan(1);
    const apart = await t.app.ctx.database.pool.query(
      `select count(*)::int as n from swp_monitor_point a join swp_monitor_point b on b.ts = a.ts
        where a.series_id = (select s.id from swp_monitor_series s join swp_monitor_station st on st.id = s.station_id
                              where st.tenant_id = $1 and st.stcd = 'C_SUPPLY')
          and b.series_id = (select s.id from swp_monitor_series s join swp_monitor_station st on st.id = s.station_id
                              where st.tenant_id = $1 and st.stcd = 'PUMP_1')
          and abs(a.value - b.value) > 10`,
      [L_TOWN.tenantId],
    );
    expect(apart.rows[0].n).toBeGreaterThan(1000);
    const det = await t.call({
      method: 'POST',
      url: '/api/swp-dma/leak/detect',
      headers: h,
      payload: { dmaCode: 'LTOWN', startTime: '2019-03-01 00:00:00', endTime: '2019-03-15 00:00:00' },
    });
    expect(det.statusCode, det.body).toBe(200);
    expect(det.json().data).toMatchObject({ dmaCode: 'LTOWN', nights: 14 });

    const again = (await t.post('/api/swp-gis/network/l-town', {})).json().data;
    expect(again).toMatchObject({ created: false, zones: 0, leakEvents: 0, network: { applied: false, inserted: 0 } });
    expect(again.series.map((s: { inserted: number }) => s.inserted)).toEqual([0, 0]);
  }, 600_000);

  it("is the platform administrator's alone", async () => {
    const login = await signInCall(t, 'admin', '123456', L_TOWN.tenantId, { type: false });
    const res = await t.call({
      method: 'POST',
      url: '/api/swp-gis/network/l-town',
      headers: authHeaders(login.json().access_token),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});
