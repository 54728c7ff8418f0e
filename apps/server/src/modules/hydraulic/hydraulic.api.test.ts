/**
 * The demo city's network as a hydraulic model (runnable defaults of gis/import/runnable.ts) and the scenarios on
 * it: the API's run equals the toolkit on the model's own .inp; a burst shutdown lowers pressure behind the closed
 * valves and names the customers; fire flow on a big main exceeds fire flow on a small one; demand growth lowers
 * pressures; bad input is a 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';
import { close6, direct, waitRun } from './test-helpers.ts';

let t: TestApp;
let inp: string;
let base: { id: string; networkVersion: number; summary: { belowCount: number } };
beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
}, 300_000);
afterAll(() => t?.close());

const me = { get: (url: string, query?: Record<string, string>) => t.get(url, query) };

async function run(body: Record<string, unknown>) {
  const res = await t.post('/api/swp-hydraulic/run', body);
  expect(res.statusCode, res.body).toBe(200);
  const r = await waitRun(me, res.json().data.id);
  expect(r.state, r.error).toBe('done');
  return r;
}

async function pressures(id: string, time: number): Promise<Map<string, number>> {
  const res = await t.get(`/api/swp-hydraulic/run/${id}/snapshot`, { time });
  expect(res.statusCode, res.body).toBe(200);
  const s = res.json().data;
  expect(s.time).toBe(time);
  return new Map(s.nodes.codes.map((c: string, i: number) => [c, s.nodes.pressure[i]]));
}

/** [PIPES] rows of the model text: id, from, to, diameter (mm), status */
function pipesOf(text: string) {
  const out: { id: string; from: string; to: string; diameter: number; status: string }[] = [];
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) section = line;
    else if (section === '[PIPES]' && line && !line.startsWith(';')) {
      const f = line.split(/\s+/);
      out.push({ id: f[0], from: f[1], to: f[2], diameter: Number(f[4]), status: f[7] });
    }
  }
  return out;
}

describe('the demo network as a hydraulic model', () => {
  it('builds a runnable model and a base run equals EPANET on the model text', async () => {
    const m = await t.get('/api/swp-hydraulic/model');
    expect(m.statusCode, m.body).toBe(200);
    const current = m.json().data.current;
    expect(current.nodes).toBeGreaterThan(100);
    const text = await t.get('/api/swp-hydraulic/model/inp');
    expect(text.statusCode).toBe(200);
    inp = text.body;
    expect(inp).toContain('[RESERVOIRS]');
    const geo = (await t.get('/api/swp-hydraulic/model/geometry')).json().data;
    expect(geo.nodes.length).toBe(current.nodes);
    expect(geo.links.length).toBe(current.links);
    expect(geo.links[0].path.length).toBeGreaterThanOrEqual(2);
    // a second read is the same stored model
    expect((await t.get('/api/swp-hydraulic/model')).json().data.current.id).toBe(current.id);

    base = await run({});
    expect(base.networkVersion).toBe(current.networkVersion);
    const junctions = current.nodes - 3;
    // the plants' head serves the city: most junctions have service pressure all day
    expect(base.summary.belowCount).toBeLessThan(junctions * 0.1);

    const pipes = pipesOf(inp);
    const nodes = [...new Set(pipes.slice(0, 400).flatMap((p) => [p.from, p.to]))].slice(0, 6);
    const links = pipes
      .filter((p) => p.status === 'Open')
      .slice(0, 5)
      .map((p) => p.id);
    const ref = await direct(inp, nodes, links, 3600);
    for (const time of [0, 8 * 3600, 19 * 3600]) {
      for (const [k, code] of nodes.entries()) {
        const v = (await t.get(`/api/swp-hydraulic/run/${base.id}/node`, { code, time })).json().data;
        close6(v.pressure, ref.out.get(time)?.pressure[k] ?? Number.NaN, `node ${code} at ${time}`);
      }
      for (const [k, code] of links.entries()) {
        const v = (await t.get(`/api/swp-hydraulic/run/${base.id}/link`, { code, time })).json().data;
        // the demo model is in LPS: flows are L/s as they come
        close6(v.flow, ref.out.get(time)?.flow[k] ?? Number.NaN, `link ${code} at ${time}`);
      }
    }
    // the 24 h curve of a node: 25 hourly values
    const curve = (await t.get(`/api/swp-hydraulic/run/${base.id}/node`, { code: nodes[0] })).json().data;
    expect(curve.series).toHaveLength(25);
    expect(curve.series[24].time).toBe(86400);
  }, 300_000);

  it('burst shutdown: closing the analysis valves drops pressure behind them and names the customers', async () => {
    // a distribution pipe in the middle of the list: its shutdown has valves
    const pipes = pipesOf(inp);
    let burst: Awaited<ReturnType<typeof run>> | null = null;
    for (const p of pipes.filter((x) => x.diameter >= 200 && x.diameter <= 400).slice(0, 10)) {
      const gid = Number(p.id.replace(/^GX-0*/, ''));
      const res = await t.post('/api/swp-hydraulic/run', { scenario: { type: 'burst', pipeGid: gid } });
      if (res.statusCode !== 200) continue;
      burst = await waitRun(me, res.json().data.id);
      break;
    }
    expect(burst, 'a burst run').not.toBeNull();
    expect(burst?.state, burst?.error).toBe('done');
    const s = burst?.summary;
    expect(s.valves.length).toBeGreaterThan(0);
    expect(s.newlyBelowCount).toBeGreaterThan(0);
    expect(s.customerCount).toBeGreaterThan(0);
    const before = await pressures(base.id, 8 * 3600);
    const after = await pressures(burst?.id as string, 8 * 3600);
    const worst = s.below[0].code;
    expect(after.get(worst)).toBeLessThan((before.get(worst) ?? 0) - 1);
    expect(after.get(worst)).toBeLessThan(14);
  }, 300_000);

  it('fire flow: a junction on a big main gives more than one on a small pipe; a hydrant draws from its pipe', async () => {
    const pipes = pipesOf(inp).filter((p) => p.status === 'Open');
    const sizes = new Map<string, number[]>();
    for (const p of pipes) for (const n of [p.from, p.to]) sizes.set(n, [...(sizes.get(n) ?? []), p.diameter]);
    const junctions = [...sizes].filter(([code]) => !code.startsWith('SC'));
    // the big main: every pipe at the junction DN ≥ 600; the small one: a dead end on the smallest pipe
    const big = junctions.find(([, d]) => d.length >= 2 && Math.min(...d) >= 600)?.[0];
    const small = junctions.filter(([, d]) => d.length === 1).sort((a, b) => a[1][0] - b[1][0])[0]?.[0];
    expect(big && small).toBeTruthy();
    const ff = async (hydrant: string) =>
      (await run({ scenario: { type: 'fireFlow', hydrant, residual: 10, time: 8 * 3600 } })).summary;
    const onBig = await ff(big as string);
    const onSmall = await ff(small as string);
    expect(onSmall.flow).toBeGreaterThan(0);
    expect(onSmall.flow).toBeLessThan(500);
    expect(onBig.flow).toBeGreaterThan(onSmall.flow);
    expect(onSmall.staticPressure).toBeGreaterThan(10);

    const hydrants = await t.get('/api/lc-gis/proxyHopeServer/rest/services/gis/hydrant/query', {
      where: '1=1',
      outFields: 'dno',
      f: 'json',
      resultRecordCount: '1',
    });
    expect(hydrants.statusCode, hydrants.body).toBe(200);
    const code = hydrants.json().features[0].attributes.dno;
    const onHydrant = await ff(code);
    expect(onHydrant).toMatchObject({ hydrant: code });
    expect(sizes.has(onHydrant.node)).toBe(true);
    expect(onHydrant.flow).toBeGreaterThan(0);
  }, 300_000);

  it('demand growth lowers the pressures at the peak', async () => {
    const grown = await run({ scenario: { type: 'growth', percent: 40 } });
    const before = await pressures(base.id, 19 * 3600);
    const after = await pressures(grown.id, 19 * 3600);
    let lower = 0;
    for (const [code, p] of after) if (p < (before.get(code) ?? 0) - 0.01) lower++;
    expect(lower).toBeGreaterThan(after.size / 2);
    expect(grown.summary.belowCount).toBeGreaterThanOrEqual(base.summary.belowCount);
  }, 300_000);

  it('refuses bad input with a 4xx and keeps tenants apart', async () => {
    const bad = await t.post('/api/swp-hydraulic/run', { scenario: { type: 'flood' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('scenario');
    expect((await t.post('/api/swp-hydraulic/run', { duration: -1 })).statusCode).toBe(400);
    expect((await t.post('/api/swp-hydraulic/run', { step: 10 })).statusCode).toBe(400);
    const noPipe = await t.post('/api/swp-hydraulic/run', { scenario: { type: 'burst', pipeGid: 99_999_999 } });
    expect(noPipe.statusCode).toBe(400);
    const noHydrant = await t.post('/api/swp-hydraulic/run', { scenario: { type: 'fireFlow', hydrant: 'NOPE' } });
    expect(noHydrant.statusCode).toBe(400);
    expect((await t.get('/api/swp-hydraulic/run/123')).statusCode).toBe(404);
    expect((await t.get('/api/swp-hydraulic/run/abc')).statusCode).toBe(400);
    const noNode = await t.get(`/api/swp-hydraulic/run/${base.id}/node`, { code: 'NOPE' });
    expect(noNode.statusCode).toBe(400);
    expect((await t.get(`/api/swp-hydraulic/run/${base.id}/node`, {})).statusCode).toBe(400);
    // the list has the runs of this tenant
    const list = await t.get('/api/swp-hydraulic/run');
    expect(list.json().data.map((r: { id: string }) => r.id)).toContain(base.id);
  });
});
