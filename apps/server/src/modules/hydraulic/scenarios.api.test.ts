/**
 * The scenarios added for pumps, valves, DMAs and water quality, through the API: on EPANET's Example Network 1
 * imported into its own tenant, a pump switched off lowers the pressures and the findings count them; water age is
 * stored with the run, 0 at the source and growing away from it, read per node and on the snapshot; a traced source
 * is 100 % at itself. On the demo city: closing the valves of a burst's shutdown (valves drawn as nodes) lowers the
 * pressure behind them; one DMA grown raises demand inside it only. Bad input is a 400; another tenant gets a 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';
import { modelOf, tenantWithInp, waitRun } from './test-helpers.ts';

let t: TestApp;
let net1: Awaited<ReturnType<typeof tenantWithInp>>;
beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
  const inp = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'Net1.inp'), 'utf8');
  net1 = await tenantWithInp(t, 'Net1 方案', inp, 'Net1.inp');
}, 300_000);
afterAll(() => t?.close());

type Caller = Awaited<ReturnType<typeof tenantWithInp>>['as'];
const admin = {
  get: (url: string, q?: Record<string, string>) => t.get(url, q),
  post: (u: string, b: unknown) => t.post(u, b as object),
} as unknown as Caller;

async function run(as: Caller, body: Record<string, unknown>) {
  const res = await as.post('/api/swp-hydraulic/run', body);
  expect(res.statusCode, res.body).toBe(200);
  const r = await waitRun(as, res.json().data.id);
  expect(r.state, r.error).toBe('done');
  return r;
}
async function snap(as: Caller, id: string, time: number) {
  const res = await as.get(`/api/swp-hydraulic/run/${id}/snapshot`, { time: String(time) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const byCode = (s: { nodes: { codes: string[] } }, field: 'pressure' | 'quality') =>
  new Map(s.nodes.codes.map((c, i) => [c, (s.nodes as unknown as Record<string, number[]>)[field][i]]));

describe('pump and valve settings, water age and tracing (Example Network 1)', () => {
  it('a pump off all day lowers the pressures; the findings compare with the model as it is', async () => {
    const base = await run(net1.as, {});
    const off = await run(net1.as, {
      scenario: { type: 'settings', pumps: [{ code: 'PUMP9', schedule: Array(24).fill(0) }] },
    });
    expect(off.summary).toMatchObject({ type: 'settings', pumps: [{ code: 'PUMP9' }] });
    expect(off.summary.droppedCount).toBeGreaterThan(5);
    expect(off.summary.maxDrop).toBeGreaterThan(1);
    const before = byCode(await snap(net1.as, base.id, 86400), 'pressure');
    const after = byCode(await snap(net1.as, off.id, 86400), 'pressure');
    for (const n of ['10', '11', '22', '32']) expect(after.get(n)).toBeLessThan((before.get(n) ?? 0) - 0.5);
    const flow = await net1.as.get(`/api/swp-hydraulic/run/${off.id}/link`, { code: 'PUMP9', time: '7200' });
    expect(flow.json().data.flow).toBe(0);
    // a base run carries no quality
    expect((await snap(net1.as, base.id, 0)).quality).toBeNull();
  }, 300_000);

  it('water age: stored per step, 0 at the source, older along the main; trace: 100 % at the source', async () => {
    const age = await run(net1.as, { duration: 2 * 86400, scenario: { type: 'quality', mode: 'age' } });
    expect(age.summary).toMatchObject({ type: 'quality', mode: 'age', unit: 'h', time: 2 * 86400 });
    expect(age.summary.max).toBeGreaterThan(age.summary.mean);
    const s = await snap(net1.as, age.id, 36 * 3600);
    expect(s.quality).toEqual({ mode: 'age' });
    const q = byCode(s, 'quality');
    expect(q.get('9')).toBe(0);
    expect(q.get('13')).toBeGreaterThan(q.get('10') ?? Number.POSITIVE_INFINITY);
    const curve = (await net1.as.get(`/api/swp-hydraulic/run/${age.id}/node`, { code: '32' })).json().data.series;
    expect(curve).toHaveLength(49);
    expect(curve[0].quality).toBe(0);
    expect(curve[48].quality).toBeGreaterThan(1);

    const trace = await run(net1.as, { scenario: { type: 'quality', mode: 'trace', node: '9' } });
    expect(trace.summary).toMatchObject({ mode: 'trace', node: '9', unit: '%' });
    for (const time of [0, 3600, 43200, 86400]) {
      const v = (await net1.as.get(`/api/swp-hydraulic/run/${trace.id}/node`, { code: '9', time: String(time) })).json()
        .data;
      expect(v.quality).toBeCloseTo(100, 4);
    }
    expect(trace.summary.servedCount).toBeGreaterThan(0);
  }, 300_000);

  it('refuses what the model does not have, and keeps tenants apart', async () => {
    const bad = async (scenario: unknown, msg: string | RegExp) => {
      const res = await net1.as.post('/api/swp-hydraulic/run', { scenario });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toMatch(msg);
    };
    await bad({ type: 'settings', pumps: [{ code: 'NOPE', speed: 1 }] }, '模型中没有水泵 NOPE');
    await bad({ type: 'settings', pumps: [{ code: 'PUMP9', schedule: [1, 0] }] }, '24');
    await bad({ type: 'settings', pumps: [{ code: 'PUMP9' }] }, 'schedule');
    await bad({ type: 'settings', pumps: [{ code: 'PUMP9', speed: -1 }] }, '不能为负');
    await bad({ type: 'settings' }, '至少');
    await bad({ type: 'settings', valves: [{ code: '110', setting: 20 }] }, '模型中没有阀门 110');
    await bad({ type: 'settings', valves: [{ code: '10', setting: 20 }] }, '节点形式');
    await bad({ type: 'settings', valves: [{ code: '10', status: 'half' }] }, 'status');
    await bad({ type: 'quality', mode: 'trace' }, '水源');
    await bad({ type: 'quality', mode: 'trace', node: 'NOPE' }, '模型中没有节点 NOPE');
    await bad({ type: 'quality', mode: 'colour' }, 'mode');
    await bad({ type: 'growth', percent: 10, dma: 'NOPE' }, 'NOPE');
    // the Net1 tenant's runs are not the demo tenant's
    const mine = (await net1.as.get('/api/swp-hydraulic/run')).json().data[0].id;
    expect((await t.get(`/api/swp-hydraulic/run/${mine}`)).statusCode).toBe(404);
    expect((await t.get(`/api/swp-hydraulic/run/${mine}/snapshot`)).statusCode).toBe(404);
  });
});

describe('the demo city', () => {
  it('closing the valves of a shutdown (drawn as nodes) lowers the pressure behind them', async () => {
    const inp = (await t.get('/api/swp-hydraulic/model/inp')).body;
    const pipes: number[] = [];
    let section = '';
    for (const raw of inp.split('\n')) {
      const line = raw.trim();
      if (line.startsWith('[')) section = line;
      else if (section === '[PIPES]' && line && !line.startsWith(';')) {
        const f = line.split(/\s+/);
        if (Number(f[4]) >= 200 && Number(f[4]) <= 400 && /^GX-\d+$/.test(f[0])) pipes.push(Number(f[0].slice(3)));
      }
    }
    let valves: string[] = [];
    for (const gid of pipes.slice(0, 10)) {
      const p = await t.post('/api/swp-dispatch/wsnc-squibbing-event/preview', { pipeGid: gid });
      if (p.statusCode !== 200) continue;
      valves = p.json().data.analysis.valves.map((v: { dno: string }) => v.dno);
      if (valves.length) break;
    }
    expect(valves.length).toBeGreaterThan(0);
    const r = await run(admin, {
      scenario: { type: 'settings', valves: valves.map((code) => ({ code, status: 'closed' })) },
    });
    expect(r.summary.valves).toHaveLength(valves.length);
    expect(r.summary.droppedCount).toBeGreaterThan(0);
    expect(r.summary.newlyBelowCount).toBeGreaterThan(0);
    expect(r.summary.maxDrop).toBeGreaterThan(14);
  }, 300_000);

  it("one DMA's growth: only its junctions draw more", async () => {
    const tree = (await t.get('/api/swp-dma/dma/tree')).json().data;
    const flat: { code: string; hasBoundary: boolean; children: unknown[] }[] = [];
    const walk = (ns: typeof flat) => {
      for (const n of ns) {
        flat.push(n);
        walk(n.children as typeof flat);
      }
    };
    walk(tree);
    const zone = flat.find((z) => z.hasBoundary && !z.children.length);
    expect(zone).toBeDefined();
    const r = await run(admin, { scenario: { type: 'growth', percent: 200, dma: zone?.code } });
    expect(r.summary).toMatchObject({ type: 'growth', dma: zone?.code });
    expect(r.summary.grownJunctions).toBeGreaterThan(0);
    const all = await run(admin, { scenario: { type: 'growth', percent: 200 } });
    expect(r.summary.grownJunctions).toBeLessThan((await modelOf(admin)).current.nodes - 3);
    // pressures at the evening peak fall at fewer junctions than when the whole city grows, but they do fall
    const base = await run(admin, {});
    const p0 = byCode(await snap(admin, base.id, 19 * 3600), 'pressure');
    const lower = async (id: string) => {
      const p = byCode(await snap(admin, id, 19 * 3600), 'pressure');
      return [...p].filter(([c, v]) => v < (p0.get(c) ?? 0) - 0.01).length;
    };
    const inDma = await lower(r.id);
    expect(inDma).toBeGreaterThan(0);
    expect(inDma).toBeLessThan(await lower(all.id));
    expect(r.summary.belowCount).toBeLessThanOrEqual(all.summary.belowCount);
  }, 300_000);
});
