/** The low-pressure area: clusters of junctions drawn as buffered hulls; DMA rings; the model's parts. */
import { describe, expect, it } from 'vitest';
import { areaOf, convexHull, inRing, modelLinks } from './area.ts';

describe('low-pressure area', () => {
  it('two groups far apart are two polygons that cover their junctions; one junction is a circle', () => {
    const nodes = [
      { code: 'A', x: 0, y: 0 },
      { code: 'B', x: 100, y: 0 },
      { code: 'C', x: 100, y: 100 },
      { code: 'D', x: 5000, y: 5000 },
      { code: 'E', x: 9000, y: 9000 },
    ];
    const a = areaOf({ nodes, links: [] }, ['A', 'B', 'C', 'D'], { gap: 300, radius: 30 });
    expect(a.junctions).toBe(4);
    expect(a.polygons).toHaveLength(2);
    const [big, small] = [...a.polygons].sort((x, y) => y.length - x.length);
    for (const n of nodes.slice(0, 3)) expect(inRing(n.x, n.y, big)).toBe(true);
    expect(inRing(5000, 5000, small)).toBe(true);
    expect(inRing(9000, 9000, big) || inRing(9000, 9000, small)).toBe(false);
    // the circle of 30 m as a 12-gon: 3 r² = 2700 m²
    expect(a.areaM2).toBeGreaterThan(2700);
    expect(areaOf({ nodes, links: [] }, []).polygons).toEqual([]);
  });

  it('hull and ring test', () => {
    const hull = convexHull([
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
    ]);
    expect(hull).toHaveLength(5);
    expect(hull[0]).toEqual(hull[4]);
    expect(inRing(1, 1, hull)).toBe(true);
    expect(inRing(3, 1, hull)).toBe(false);
  });

  it("reads a model's pumps, valves and junctions", () => {
    const m = modelLinks(
      '[JUNCTIONS]\n J1 0 1\n[RESERVOIRS]\n R 10\n[PIPES]\n P1 R J1 1 1 1 0 Open\n[PUMPS]\n PU R J1 HEAD 1\n[VALVES]\n V1 R J1 100 PRV 30 0\n',
    );
    expect([...m.links]).toEqual([
      ['P1', 'PIPE'],
      ['PU', 'PUMP'],
      ['V1', 'PRV'],
    ]);
    expect([...m.junctions]).toEqual(['J1']);
    expect(m.nodes.has('R')).toBe(true);
  });
});
