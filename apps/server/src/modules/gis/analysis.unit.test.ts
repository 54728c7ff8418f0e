import { describe, expect, it } from 'vitest';
import {
  buildGraph,
  cutOff,
  type Graph,
  type NodeInput,
  type PipeInput,
  searchCutOff,
  segmentOf,
  shutdownAnalysis,
} from './analysis.ts';
import { DEMO_NETWORK, generateNetwork, type NetworkOptions, optionsForPipes } from './network.ts';

/**
 * A hand-made run (gids: nodes 1..n, pipes 101..):
 *
 *   S1 -101- V10 -102- J2 -103- V3 -104- J4 -105- J5 -106- V6 -107- J7 -108- V8 -109- J9
 *                                          |
 *                                         110
 *                                          |
 *                                         J11 (dead end)
 */
function run(opts: { v6Operable?: boolean; secondSource?: boolean; v8Closed?: boolean } = {}) {
  const nodes: NodeInput[] = [
    { gid: 1, kind: 'source' },
    { gid: 10, kind: 'valve' },
    { gid: 2, kind: 'junction' },
    { gid: 3, kind: 'valve' },
    { gid: 4, kind: 'junction' },
    { gid: 5, kind: 'junction' },
    { gid: 6, kind: 'valve', operable: opts.v6Operable ?? true },
    { gid: 7, kind: 'junction' },
    { gid: 8, kind: 'valve', closed: opts.v8Closed },
    { gid: 9, kind: 'junction' },
    { gid: 11, kind: 'junction' },
  ];
  const pipes: PipeInput[] = [
    { gid: 101, from: 1, to: 10 },
    { gid: 102, from: 10, to: 2 },
    { gid: 103, from: 2, to: 3 },
    { gid: 104, from: 3, to: 4 },
    { gid: 105, from: 4, to: 5 },
    { gid: 106, from: 5, to: 6 },
    { gid: 107, from: 6, to: 7 },
    { gid: 108, from: 7, to: 8 },
    { gid: 109, from: 8, to: 9 },
    { gid: 110, from: 4, to: 11 },
  ];
  if (opts.secondSource) {
    nodes.push({ gid: 20, kind: 'source' });
    pipes.push({ gid: 120, from: 20, to: 9 });
  }
  return buildGraph(nodes, pipes);
}

const sorted = (a: number[]) => [...a].sort((x, y) => x - y);

describe('valve-shutdown analysis', () => {
  it('finds the segment and the valves that bound it', () => {
    const r = shutdownAnalysis(run(), 105);
    expect(sorted(r.segmentPipes)).toEqual([104, 105, 106, 110]);
    expect(sorted(r.valves)).toEqual([3, 6]);
    expect(r.closedValves).toEqual([]);
    expect(r.sourceInSegment).toBe(false);
  });

  it('passes through an inoperable valve to the next operable one', () => {
    const r = shutdownAnalysis(run({ v6Operable: false }), 105);
    expect(sorted(r.segmentPipes)).toEqual([104, 105, 106, 107, 108, 110]);
    expect(sorted(r.valves)).toEqual([3, 8]);
  });

  it('counts the pipes cut off downstream of the closed valves (unintended isolation)', () => {
    const r = shutdownAnalysis(run(), 105);
    expect(sorted(r.isolatedPipes)).toEqual([107, 108, 109]);
  });

  it('does not count pipes that a second source still feeds', () => {
    const r = shutdownAnalysis(run({ secondSource: true }), 105);
    expect(r.isolatedPipes).toEqual([]);
  });

  it('names backup valves for each valve that may fail to close', () => {
    const r = shutdownAnalysis(run(), 105);
    expect(r.backups[3]).toEqual([10]);
    expect(r.backups[6]).toEqual([8]);
  });

  it('stops at a normally closed valve without asking to close it, and never counts what was unfed before', () => {
    const r = shutdownAnalysis(run({ v8Closed: true, v6Operable: false }), 105);
    expect(sorted(r.valves)).toEqual([3]);
    expect(r.closedValves).toEqual([8]);
    // 109 beyond the normally closed valve had no supply before the burst: not an effect of the shutdown
    expect(r.isolatedPipes).toEqual([]);
  });

  it('reports a source inside the segment', () => {
    const r = shutdownAnalysis(run(), 101);
    expect(r.sourceInSegment).toBe(true);
    expect(r.valves).toEqual([10]);
    // with the only source out, everything beyond loses supply
    expect(r.isolatedPipes.length).toBe(9);
  });

  it('refuses an unknown pipe and a pipe naming an unknown node', () => {
    expect(() => shutdownAnalysis(run(), 999)).toThrow(/unknown pipe/);
    expect(() => buildGraph([{ gid: 1, kind: 'junction' }], [{ gid: 1, from: 1, to: 2 }])).toThrow(/unknown node/);
  });

  it('takes the full search next to a valve that joins three segments', () => {
    // S1 -201- J1 -202- V (a valve at a tee) -203- J3 ; V -204- J4: closing V for a burst on 203 also cuts 204 off
    const g = buildGraph(
      [
        { gid: 1, kind: 'source' },
        { gid: 2, kind: 'junction' },
        { gid: 5, kind: 'valve' },
        { gid: 3, kind: 'junction' },
        { gid: 4, kind: 'junction' },
      ],
      [
        { gid: 201, from: 1, to: 2 },
        { gid: 202, from: 2, to: 5 },
        { gid: 203, from: 5, to: 3 },
        { gid: 204, from: 5, to: 4 },
      ],
    );
    expect(cutOff(g, g.pipeIndex.get(203)!)).toBeUndefined();
    const r = shutdownAnalysis(g, 203);
    expect(r.valves).toEqual([5]);
    expect(r.isolatedPipes).toEqual([204]);
  });
});

describe('cut-off pipes from the segment index', () => {
  const graphOf = (opts: NetworkOptions): Graph => {
    const net = generateNetwork(opts);
    return buildGraph(
      net.nodes
        .filter((n) => n.kind === 'junction' || n.kind === 'valve' || n.kind === 'pump' || n.kind === 'source')
        .map((n) => ({
          gid: n.gid,
          kind: n.kind as NodeInput['kind'],
          operable: n.operable !== 0,
          closed: n.normalState === 'closed',
        })),
      net.pipes.map((p) => ({ gid: p.gid, from: p.from, to: p.to })),
    );
  };

  it.each([
    ['the demo network (DMAs behind normally closed valves)', DEMO_NETWORK],
    ['a benchmark network', optionsForPipes(2000, 3)],
    ['another seed', optionsForPipes(1500, 11)],
  ])('equal the full search for a burst on pipes all over %s', (_name, opts) => {
    const g = graphOf(opts);
    const stride = Math.ceil(g.pipeGid.length / 1500);
    let compared = 0;
    let cut = 0;
    for (let p = 0; p < g.pipeGid.length; p += stride) {
      const fast = cutOff(g, p);
      if (fast === undefined) continue;
      expect(fast, `pipe ${g.pipeGid[p]}`).toEqual(searchCutOff(g, segmentOf(g, p)));
      compared++;
      cut += fast.length;
    }
    expect(compared).toBeGreaterThan((g.pipeGid.length / stride) * 0.9);
    expect(cut).toBeGreaterThan(0);
  });
});
