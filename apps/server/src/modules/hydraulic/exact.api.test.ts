/**
 * Exactly EPANET: EPANET's Example Network 1 and BattLeDIM's L-Town go in through the network import, out again as
 * the model, run through the API, and are compared with the toolkit called directly on the original file, at
 * several nodes, links and times, to 1e-6 relative. L-Town needs the shared data set (skipped without it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSuite, type TestApp } from '../../../test/harness.ts';
import { lTownDir } from '../gis/import/ltown.ts';
import { close6, direct, modelOf, tenantWithInp, waitRun } from './test-helpers.ts';

let t: TestApp;
appSuite((app) => (t = app), { timeout: 300_000 });

async function compare(
  name: string,
  inp: string,
  nodes: string[],
  links: string[],
  times: number[],
  si: { flow: number; pressure: number; head: number; velocity: number },
) {
  const { as } = await tenantWithInp(t, name, inp, `${name}.inp`);
  const start = await as.post('/api/swp-hydraulic/run', { duration: 86400, step: 3600 });
  expect(start.statusCode, start.body).toBe(200);
  const run = await waitRun(as, start.json().data.id);
  expect(run.state, run.error).toBe('done');
  const ref = await direct(inp, nodes, links, 3600);
  const model = (await modelOf(as)).current;
  expect(model).toMatchObject({ nodes: ref.counts.nodes, links: ref.counts.links, networkVersion: run.networkVersion });
  for (const time of times) {
    const r = ref.out.get(time);
    expect(r, `direct run reached ${time}`).toBeDefined();
    for (const [k, code] of nodes.entries()) {
      const res = await as.get(`/api/swp-hydraulic/run/${run.id}/node`, { code, time: String(time) });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().data;
      expect(v.time).toBe(time);
      close6(v.pressure, (r?.pressure[k] ?? Number.NaN) * si.pressure, `${name} node ${code} pressure at ${time}`);
      close6(v.head, (r?.head[k] ?? Number.NaN) * si.head, `${name} node ${code} head at ${time}`);
    }
    for (const [k, code] of links.entries()) {
      const res = await as.get(`/api/swp-hydraulic/run/${run.id}/link`, { code, time: String(time) });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().data;
      close6(v.flow, (r?.flow[k] ?? Number.NaN) * si.flow, `${name} link ${code} flow at ${time}`);
      close6(v.velocity, (r?.velocity[k] ?? Number.NaN) * si.velocity, `${name} link ${code} velocity at ${time}`);
    }
  }
  return run;
}

describe('a run through the API is exactly EPANET', () => {
  it("EPANET's Example Network 1 (US units: gpm, psi, ft)", async () => {
    const inp = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'Net1.inp'), 'utf8');
    // 1 gpm = 0.0630901964 L/s; 1 psi = 0.70307 m of water; 1 ft = 0.3048 m
    const run = await compare(
      'Net1',
      inp,
      ['10', '12', '22', '32', '2'],
      ['10', '110', '122', 'PUMP9'],
      [0, 3600, 7 * 3600, 13 * 3600, 24 * 3600],
      { flow: 0.0630901964, pressure: 0.70307, head: 0.3048, velocity: 0.3048 },
    );
    expect(run.summary).toMatchObject({ type: 'base', minPressure: 14 });
  }, 300_000);

  const { dir } = lTownDir();
  it.skipIf(!dir)(
    'L-Town (CMH, m); skipped without the shared data set beside the repository',
    async () => {
      const inp = fs.readFileSync(path.join(dir as string, 'L-TOWN.inp'), 'utf8');
      await compare(
        'L-Town exact',
        inp,
        ['n54', 'n1', 'n332', 'n740', 'T1'],
        ['p227', 'p235', 'PUMP_1', 'p1', 'PRV-1'],
        [0, 3 * 3600, 8 * 3600, 19 * 3600, 24 * 3600],
        { flow: 1 / 3.6, pressure: 1, head: 1, velocity: 1 },
      );
    },
    300_000,
  );
});
