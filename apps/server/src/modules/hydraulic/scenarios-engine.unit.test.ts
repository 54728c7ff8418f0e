/**
 * The engine's scenario settings and quality modes on EPANET's Example Network 1 (fixtures/Net1.inp), a small PRV
 * network written here, and L-Town when the shared data set is beside the repository: a pump switched off lowers
 * the pressures it fed; a PRV's setting moves the pressure behind it by as much; a closed valve cuts what is behind
 * it; a DMA's junctions grown by a factor draw that much more; water age is zero at the source and grows away from
 * it; a traced source is 100 % at itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lTownDir } from '../gis/import/ltown.ts';
import { type Scenario, type SimResult, simulate } from './engine.ts';

const net1 = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'Net1.inp'), 'utf8');
const run = (inp: string, scenario?: Scenario, duration = 86400) => simulate(inp, { duration, step: 3600, scenario });
const at = (r: SimResult, what: 'pressure' | 'head' | 'nodeQuality', code: string, time: number) => {
  const i = r.nodeCodes.indexOf(code);
  const k = r.times.indexOf(time);
  expect(i, code).toBeGreaterThanOrEqual(0);
  expect(k, String(time)).toBeGreaterThanOrEqual(0);
  return (r[what] as Float32Array)[k * r.nodeCodes.length + i];
};
const linkAt = (r: SimResult, code: string, time: number) =>
  r.flow[r.times.indexOf(time) * r.linkCodes.length + r.linkCodes.indexOf(code)];

/** A reservoir at 100 m feeds J1 (0 m) through a pipe, a PRV set to 30 m feeds J2 (0 m), a pipe J3 (0 m). */
const prvNet = `[TITLE]
PRV test
[JUNCTIONS]
 J1 0 1
 J2 0 1
 J3 0 5
[RESERVOIRS]
 R 100
[PIPES]
 P1 R J1 500 300 130 0 Open
 P2 J2 J3 300 200 130 0 Open
[VALVES]
 V1 J1 J2 200 PRV 30 0
[TIMES]
 Duration 2:00
 Hydraulic Timestep 1:00
[OPTIONS]
 Units LPS
 Headloss H-W
[COORDINATES]
 J1 0 0
 J2 10 0
 J3 20 0
 R -10 0
[END]
`;

describe('pump and valve settings', () => {
  it('a pump switched off (all day, or by the hour) lowers the pressures it fed', async () => {
    const base = await run(net1);
    const off = await run(net1, { pumps: [{ code: 'PUMP9', schedule: Array(24).fill(0) }] });
    // no flow through the pump at any step; the town drains the tank: at the end every junction is lower
    for (const t of off.times) expect(linkAt(off, 'PUMP9', t)).toBe(0);
    expect(linkAt(base, 'PUMP9', 3600)).toBeGreaterThan(100);
    for (const node of ['10', '11', '21', '32'])
      expect(at(off, 'pressure', node, 86400)).toBeLessThan(at(base, 'pressure', node, 86400) - 1);
    // off from 06:00 to 11:00 only: no flow then, flow before and after (the file's tank controls are replaced)
    const schedule = Array.from({ length: 24 }, (_, h) => (h >= 6 && h < 12 ? 0 : 1));
    const partial = await run(net1, { pumps: [{ code: 'PUMP9', schedule }] });
    expect(linkAt(partial, 'PUMP9', 3 * 3600)).toBeGreaterThan(0);
    expect(linkAt(partial, 'PUMP9', 8 * 3600)).toBe(0);
    expect(linkAt(partial, 'PUMP9', 14 * 3600)).toBeGreaterThan(0);
    // a slower pump gives less flow
    const slow = await run(net1, { pumps: [{ code: 'PUMP9', speed: 0.8 }] });
    expect(linkAt(slow, 'PUMP9', 3600)).toBeLessThan(linkAt(base, 'PUMP9', 3600));
    await expect(run(net1, { pumps: [{ code: '10', speed: 1 }] })).rejects.toThrow();
    await expect(run(net1, { pumps: [{ code: '110', speed: 1 }] })).rejects.toThrow(/不是水泵/);
  });

  it("a PRV's setting moves the pressure behind it; closed, the street behind it is cut off", async () => {
    const base = await run(prvNet, undefined, 7200);
    expect(at(base, 'pressure', 'J2', 0)).toBeCloseTo(30, 3);
    const lower = await run(prvNet, { valves: [{ code: 'V1', setting: 20 }] }, 7200);
    expect(at(lower, 'pressure', 'J2', 0)).toBeCloseTo(20, 3);
    expect(at(lower, 'pressure', 'J3', 0)).toBeCloseTo(at(base, 'pressure', 'J3', 0) - 10, 3);
    const open = await run(prvNet, { valves: [{ code: 'V1', status: 'open' }] }, 7200);
    expect(at(open, 'pressure', 'J2', 0)).toBeGreaterThan(90);
    const closed = await run(prvNet, { valves: [{ code: 'V1', status: 'closed' }] }, 7200);
    expect(at(closed, 'pressure', 'J3', 0)).toBeLessThan(0);
    await expect(run(prvNet, { valves: [{ code: 'P1', setting: 10 }] }, 7200)).rejects.toThrow(/不是阀门/);
  });

  it('growth of chosen junctions (a DMA) raises their draw only', async () => {
    const base = await run(prvNet, undefined, 7200);
    const grown = await run(prvNet, { demandFactor: { nodes: ['J3'], factor: 2 } }, 7200);
    expect(linkAt(grown, 'P2', 0)).toBeCloseTo(2 * linkAt(base, 'P2', 0), 4);
    expect(linkAt(grown, 'P1', 0)).toBeCloseTo(linkAt(base, 'P1', 0) + 5, 4);
  });

  const town = lTownDir().dir;
  it.skipIf(!town)(
    'L-Town: PRV-1 set higher or lower moves the pressure behind it; PUMP_1 off drains T1',
    async () => {
      const inp = fs.readFileSync(path.join(town as string, 'L-TOWN.inp'), 'utf8');
      const base = await run(inp);
      // PRV-1 (40 m) holds n300 at 40 m; at 45 m it holds 45; at 30 m the zone falls back on its other inlets
      const up = await run(inp, { valves: [{ code: 'PRV-1', setting: 45 }] });
      const down = await run(inp, { valves: [{ code: 'PRV-1', setting: 30 }] });
      for (const t of [0, 3 * 3600, 8 * 3600]) {
        expect(at(base, 'pressure', 'n300', t)).toBeCloseTo(40, 3);
        expect(at(up, 'pressure', 'n300', t)).toBeCloseTo(45, 3);
        expect(at(down, 'pressure', 'n300', t)).toBeLessThan(39.5);
      }
      const off = await run(inp, { pumps: [{ code: 'PUMP_1', speed: 0 }] });
      expect(at(off, 'head', 'T1', 86400)).toBeLessThan(at(base, 'head', 'T1', 86400) - 0.5);
    },
    60_000,
  );
});

describe('water age and source tracing', () => {
  it('age is zero at the source and grows away from it; a traced source is 100 % at itself', async () => {
    const age = await run(net1, { quality: { mode: 'age' } }, 3 * 86400);
    expect(age.quality).toEqual({ mode: 'age' });
    expect(age.nodeQuality?.length).toBe(age.pressure.length);
    const end = 3 * 86400;
    // (the file's initial chlorine is not an age: every node starts at age 0)
    expect(at(age, 'nodeQuality', '9', end)).toBe(0);
    // along the main from the pump: 10 → 11 → 12 → 13 the water gets older
    const ages = ['10', '11', '12', '13'].map((n) => at(age, 'nodeQuality', n, 36 * 3600));
    expect(ages[3]).toBeGreaterThan(ages[0]);
    for (const n of ['21', '22', '23', '31', '32']) expect(at(age, 'nodeQuality', n, end)).toBeGreaterThan(0);
    const trace = await run(net1, { quality: { mode: 'trace', node: '9' } }, 86400);
    for (const t of trace.times) expect(at(trace, 'nodeQuality', '9', t)).toBeCloseTo(100, 4);
    // the pump's outlet carries source water whenever it runs
    expect(at(trace, 'nodeQuality', '10', 3600)).toBeGreaterThan(99);
    await expect(run(net1, { quality: { mode: 'trace', node: 'NOPE' } })).rejects.toThrow(/NOPE/);
  });
});
