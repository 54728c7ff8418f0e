import { describe, expect, it } from 'vitest';
import { buildStreetGraph, distanceToStreets, routeAlongStreets } from '../gis/index.ts';
import { DEMO_NETWORK, generateNetwork } from '../gis/network.ts';
import { toEpsg4548 } from '../monitor/index.ts';
import { routeObjects } from '../patrol/seed.ts';
import { reportAt, STEP_MS, streetRoute } from './simulator.ts';

describe('simulated traces follow the streets', () => {
  const net = generateNetwork(DEMO_NETWORK);
  const graph = buildStreetGraph(net.roads.map((r) => r.coords));
  // the seeded patrol routes: five job objects 350 m apart on a straight heading, off the street grid
  const plans = [1, 2].flatMap((team) =>
    Array.from({ length: 8 }, (_, r) =>
      routeObjects(team as 1 | 2, r, '路').map((o) => {
        const p = toEpsg4548(o.lon, o.lat);
        return [p.x, p.y] as [number, number];
      }),
    ),
  );
  // a working day (Asia/Shanghai, 08:00–17:30) on the seed's one-minute grid (every fourth simulator step)
  const day = Date.UTC(2026, 10, 27, 0, 0);
  const times = Array.from({ length: Math.floor((9.5 * 3_600_000) / (4 * STEP_MS)) }, (_, k) => day + k * 4 * STEP_MS);
  const CST = 8 * 3_600_000;

  it('every simulated point of every demo route lies within 5 m of a street line', () => {
    let n = 0;
    let worst = 0;
    for (const [k, plan] of plans.entries()) {
      const w = { userId: `u${k}`, tenantId: '000000', route: streetRoute(graph, plan) };
      for (const t of times) {
        const r = reportAt(w, t, 'Asia/Shanghai', CST);
        if (!r) continue;
        n++;
        worst = Math.max(worst, distanceToStreets(graph, [r.x, r.y]));
      }
    }
    expect(n).toBeGreaterThan(plans.length * 400);
    // the walk is on the centre line, the reported point jittered by up to ±3 m on each axis
    expect(worst).toBeLessThanOrEqual(5);
  });

  it('the straight route between the same points cuts through blocks (what the streets replace)', () => {
    let off = 0;
    for (const [k, plan] of plans.entries()) {
      const w = { userId: `u${k}`, tenantId: '000000', route: plan };
      for (const t of times.filter((_, i) => i % 5 === 0)) {
        const r = reportAt(w, t, 'Asia/Shanghai', CST);
        if (r && distanceToStreets(graph, [r.x, r.y]) > 50) off++;
      }
    }
    expect(off).toBeGreaterThan(100);
  });

  it('the street route is the shortest path: along a grid it is no shorter than the straight line and not much longer', () => {
    const length = (l: [number, number][]) =>
      l.slice(1).reduce((s, p, i) => s + Math.hypot(p[0] - l[i][0], p[1] - l[i][1]), 0);
    for (const plan of plans) {
      const along = routeAlongStreets(graph, plan);
      for (const p of along) expect(distanceToStreets(graph, p)).toBeLessThan(0.01);
      const straight = length(plan);
      // Manhattan distance is at most √2 × the straight one, plus the walks to and from the nearest streets
      expect(length(along)).toBeGreaterThanOrEqual(straight - 2 * 300);
      expect(length(along)).toBeLessThanOrEqual(Math.SQRT2 * straight + 4 * 600 + 2 * 300);
    }
  });

  it('streets that cross at a shared vertex are one node: a path can turn the corner', () => {
    const g = buildStreetGraph([
      [
        [0, 0],
        [100, 0],
        [200, 0],
      ],
      [
        [100, -100],
        [100, 0],
        [100, 100],
      ],
    ]);
    expect(
      routeAlongStreets(g, [
        [10, 5],
        [95, 90],
      ]),
    ).toEqual([
      [10, 0],
      [100, 0],
      [100, 90],
    ]);
    // no streets: the waypoints are kept
    expect(
      streetRoute(null, [
        [0, 0],
        [1, 1],
      ]),
    ).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });
});
