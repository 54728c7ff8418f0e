/**
 * Shapes of a model for the scenarios: what its links and nodes are (from the text's sections), whether a point is in
 * a DMA's ring, and the low-pressure area of a burst drawn from its junctions: the junctions are grouped into
 * clusters (a junction within `gap` m of one in the cluster joins it), and each cluster is drawn as the convex hull
 * of circles of `radius` m around its junctions (a buffered hull; one junction is a circle), in EPSG:4548 metres.
 */
import type { ModelGeometry } from './geometry.ts';
import { inpLines } from './inp-lines.ts';

export interface ModelParts {
  /** link code → PIPE, PUMP or the valve type (PRV, PSV, PBV, FCV, TCV, GPV) */
  links: Map<string, string>;
  /** every node code; junctions apart */
  nodes: Set<string>;
  junctions: Set<string>;
}

export function modelLinks(inp: string): ModelParts {
  const links = new Map<string, string>();
  const nodes = new Set<string>();
  const junctions = new Set<string>();
  for (const { section, f } of inpLines(inp)) {
    if (section === '[JUNCTIONS]') {
      nodes.add(f[0]);
      junctions.add(f[0]);
    } else if (section === '[RESERVOIRS]' || section === '[TANKS]') nodes.add(f[0]);
    else if (section === '[PIPES]') links.set(f[0], 'PIPE');
    else if (section === '[PUMPS]') links.set(f[0], 'PUMP');
    else if (section === '[VALVES]') links.set(f[0], (f[4] ?? '').toUpperCase());
  }
  return { links, nodes, junctions };
}

/** Ray casting: is (x, y) inside the ring (closed or not)? */
export function inRing(x: number, y: number, ring: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export interface LowArea {
  /** closed rings, EPSG:4548 */
  polygons: [number, number][][];
  junctions: number;
  /** m² of the polygons */
  areaM2: number;
}

/** Andrew's monotone chain; the ring closed, counter-clockwise. */
export function convexHull(points: [number, number][]): [number, number][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return [...p, p[0]];
  const cross = (o: number[], a: number[], b: number[]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return [...hull, hull[0]];
}

function ringArea(r: [number, number][]) {
  let a = 0;
  for (let i = 0; i + 1 < r.length; i++) a += r[i][0] * r[i + 1][1] - r[i + 1][0] * r[i][1];
  return Math.abs(a) / 2;
}

export function areaOf(geo: ModelGeometry, codes: string[], o: { gap?: number; radius?: number } = {}): LowArea {
  const gap = o.gap ?? 300;
  const radius = o.radius ?? 30;
  const want = new Set(codes);
  const pts = geo.nodes.filter((n) => want.has(n.code)).map((n) => [n.x, n.y] as [number, number]);
  // union-find over a grid of `gap` cells: only neighbouring cells are compared
  const parent = pts.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const grid = new Map<string, number[]>();
  const key = (x: number, y: number) => `${Math.floor(x / gap)},${Math.floor(y / gap)}`;
  for (const [i, [x, y]] of pts.entries()) {
    const cx = Math.floor(x / gap);
    const cy = Math.floor(y / gap);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const j of grid.get(`${cx + dx},${cy + dy}`) ?? [])
          if (Math.hypot(pts[j][0] - x, pts[j][1] - y) <= gap) parent[find(i)] = find(j);
    const k = key(x, y);
    grid.set(k, [...(grid.get(k) ?? []), i]);
  }
  const clusters = new Map<number, [number, number][]>();
  for (const [i, q] of pts.entries()) clusters.set(find(i), [...(clusters.get(find(i)) ?? []), q]);
  const polygons: [number, number][][] = [];
  for (const c of clusters.values()) {
    const around: [number, number][] = [];
    for (const [x, y] of c)
      for (let a = 0; a < 12; a++) {
        const t = (a * Math.PI) / 6;
        around.push([
          Math.round((x + radius * Math.cos(t)) * 100) / 100,
          Math.round((y + radius * Math.sin(t)) * 100) / 100,
        ]);
      }
    polygons.push(convexHull(around));
  }
  return {
    polygons,
    junctions: pts.length,
    areaM2: Math.round(polygons.reduce((s, r) => s + ringArea(r), 0)),
  };
}
