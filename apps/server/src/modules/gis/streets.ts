/**
 * The street graph (issue 24): the tenant's street lines (`swp_gis_road`, the lines the basemap draws and reverse
 * geocoding names) as a graph whose nodes are the lines' vertices (vertices within 0.5 m are one node, so two
 * streets meet where they cross at a shared vertex) and whose edges are the line segments. Routing between
 * waypoints snaps each to the nearest point on a street and joins consecutive snaps by the shortest path along the
 * streets (Dijkstra), so a walk drawn through it never cuts across a block. Used by the staff simulator.
 */
import { sql } from 'drizzle-orm';
import { tenantSql } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { gisRoad } from './schema.ts';
import { networkVersion } from './store.ts';

export type Pt = [number, number];

export interface StreetGraph {
  xs: Float64Array;
  ys: Float64Array;
  /** segments as node pairs: a = segA[k], b = segB[k] */
  segA: Int32Array;
  segB: Int32Array;
  /** adjacency: neighbours of node n are adj[start[n] .. start[n+1]) with their lengths */
  start: Int32Array;
  adj: Int32Array;
  len: Float64Array;
}

export function buildStreetGraph(lines: Pt[][]): StreetGraph {
  const key = new Map<string, number>();
  const xs: number[] = [];
  const ys: number[] = [];
  const node = ([x, y]: Pt) => {
    const k = `${Math.round(x * 2)},${Math.round(y * 2)}`;
    let n = key.get(k);
    if (n === undefined) {
      n = xs.length;
      key.set(k, n);
      xs.push(x);
      ys.push(y);
    }
    return n;
  };
  const segA: number[] = [];
  const segB: number[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    for (let i = 1; i < line.length; i++) {
      const a = node(line[i - 1]);
      const b = node(line[i]);
      if (a === b) continue;
      const k = a < b ? `${a}:${b}` : `${b}:${a}`;
      if (seen.has(k)) continue;
      seen.add(k);
      segA.push(a);
      segB.push(b);
    }
  }
  const n = xs.length;
  const deg = new Int32Array(n + 1);
  for (let k = 0; k < segA.length; k++) {
    deg[segA[k]]++;
    deg[segB[k]]++;
  }
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + deg[i];
  const fill = start.slice(0, n);
  const adj = new Int32Array(segA.length * 2);
  const len = new Float64Array(segA.length * 2);
  for (let k = 0; k < segA.length; k++) {
    const a = segA[k];
    const b = segB[k];
    const l = Math.hypot(xs[a] - xs[b], ys[a] - ys[b]);
    adj[fill[a]] = b;
    len[fill[a]++] = l;
    adj[fill[b]] = a;
    len[fill[b]++] = l;
  }
  return {
    xs: Float64Array.from(xs),
    ys: Float64Array.from(ys),
    segA: Int32Array.from(segA),
    segB: Int32Array.from(segB),
    start,
    adj,
    len,
  };
}

export interface Snap {
  seg: number;
  x: number;
  y: number;
  /** distance from the point to the street */
  d: number;
}

const CELL = 250;
/** segments by 250 m cell (built on first use) */
const cells = new WeakMap<StreetGraph, Map<string, number[]>>();
function cellsOf(g: StreetGraph): Map<string, number[]> {
  let m = cells.get(g);
  if (m) return m;
  m = new Map();
  for (let k = 0; k < g.segA.length; k++) {
    const [ax, ay, bx, by] = [g.xs[g.segA[k]], g.ys[g.segA[k]], g.xs[g.segB[k]], g.ys[g.segB[k]]];
    for (let i = Math.floor(Math.min(ax, bx) / CELL); i <= Math.floor(Math.max(ax, bx) / CELL); i++)
      for (let j = Math.floor(Math.min(ay, by) / CELL); j <= Math.floor(Math.max(ay, by) / CELL); j++) {
        const key = `${i},${j}`;
        const list = m.get(key);
        if (list) list.push(k);
        else m.set(key, [k]);
      }
  }
  cells.set(g, m);
  return m;
}

function trySeg(g: StreetGraph, k: number, px: number, py: number, best: Snap | null): Snap | null {
  const ax = g.xs[g.segA[k]];
  const ay = g.ys[g.segA[k]];
  const dx = g.xs[g.segB[k]] - ax;
  const dy = g.ys[g.segB[k]] - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
  const x = ax + t * dx;
  const y = ay + t * dy;
  const d = Math.hypot(px - x, py - y);
  return !best || d < best.d ? { seg: k, x, y, d } : best;
}

/**
 * The nearest point on any street segment (null for a graph without segments): rings of 250 m cells around the
 * point until the nearest found is closer than any unvisited cell, else every segment.
 */
export function snapToStreet(g: StreetGraph, [px, py]: Pt): Snap | null {
  if (!g.segA.length) return null;
  const m = cellsOf(g);
  const ci = Math.floor(px / CELL);
  const cj = Math.floor(py / CELL);
  let best = null as Snap | null;
  for (let r = 0; r <= 8; r++) {
    for (let i = ci - r; i <= ci + r; i++)
      for (let j = cj - r; j <= cj + r; j++) {
        if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== r) continue;
        for (const k of m.get(`${i},${j}`) ?? []) best = trySeg(g, k, px, py, best);
      }
    // every point farther than r cells from the point's own cell is at least r × CELL away
    if (best && best.d <= r * CELL) return best;
  }
  best = null;
  for (let k = 0; k < g.segA.length; k++) best = trySeg(g, k, px, py, best);
  return best;
}

/** distance from a point to the nearest street */
export function distanceToStreets(g: StreetGraph, p: Pt): number {
  return snapToStreet(g, p)?.d ?? Number.POSITIVE_INFINITY;
}

/** a small binary heap of (cost, node) */
class Heap {
  private c: number[] = [];
  private n: number[] = [];
  get size() {
    return this.c.length;
  }
  push(cost: number, node: number) {
    const c = this.c;
    const n = this.n;
    let i = c.length;
    c.push(cost);
    n.push(node);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (c[p] <= cost) break;
      c[i] = c[p];
      n[i] = n[p];
      i = p;
    }
    c[i] = cost;
    n[i] = node;
  }
  pop(): [number, number] {
    const c = this.c;
    const n = this.n;
    const top: [number, number] = [c[0], n[0]];
    const lc = c.pop() as number;
    const ln = n.pop() as number;
    if (c.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= c.length) break;
        const r = l + 1;
        const m = r < c.length && c[r] < c[l] ? r : l;
        if (c[m] >= lc) break;
        c[i] = c[m];
        n[i] = n[m];
        i = m;
      }
      c[i] = lc;
      n[i] = ln;
    }
    return top;
  }
}

/** The shortest path along the streets from one snapped point to another: the points to walk through. */
export function streetPath(g: StreetGraph, from: Snap, to: Snap): Pt[] {
  const p0: Pt = [from.x, from.y];
  const p1: Pt = [to.x, to.y];
  if (from.seg === to.seg) return [p0, p1];
  const n = g.xs.length;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const prev = new Int32Array(n).fill(-1);
  const heap = new Heap();
  for (const a of [g.segA[from.seg], g.segB[from.seg]]) {
    const d = Math.hypot(g.xs[a] - from.x, g.ys[a] - from.y);
    if (d < dist[a]) {
      dist[a] = d;
      heap.push(d, a);
    }
  }
  const ends = [g.segA[to.seg], g.segB[to.seg]];
  const tail = ends.map((e) => Math.hypot(g.xs[e] - to.x, g.ys[e] - to.y));
  let best = Number.POSITIVE_INFINITY;
  let bestEnd = -1;
  while (heap.size) {
    const [d, u] = heap.pop();
    if (d > dist[u]) continue;
    if (d >= best) break;
    const e = ends.indexOf(u);
    if (e >= 0 && d + tail[e] < best) {
      best = d + tail[e];
      bestEnd = u;
    }
    for (let k = g.start[u]; k < g.start[u + 1]; k++) {
      const v = g.adj[k];
      const nd = d + g.len[k];
      if (nd < dist[v]) {
        dist[v] = nd;
        prev[v] = u;
        heap.push(nd, v);
      }
    }
  }
  // not connected: the two snapped points joined directly
  if (bestEnd < 0) return [p0, p1];
  const chain: Pt[] = [];
  for (let u = bestEnd; u >= 0; u = prev[u]) chain.push([g.xs[u], g.ys[u]]);
  chain.reverse();
  return [p0, ...chain, p1];
}

/**
 * A route through the waypoints along the streets: each waypoint snapped to its nearest street, consecutive ones
 * joined by the shortest street path. Repeated points are dropped. A graph without streets answers the waypoints.
 */
export function routeAlongStreets(g: StreetGraph, waypoints: Pt[]): Pt[] {
  const snaps = waypoints.map((p) => snapToStreet(g, p));
  if (snaps.some((s) => !s)) return waypoints;
  const out: Pt[] = [];
  const add = (p: Pt) => {
    const last = out[out.length - 1];
    if (!last || Math.hypot(last[0] - p[0], last[1] - p[1]) > 0.01) out.push(p);
  };
  for (let i = 0; i < snaps.length; i++) {
    if (i === 0) add([(snaps[0] as Snap).x, (snaps[0] as Snap).y]);
    else for (const p of streetPath(g, snaps[i - 1] as Snap, snaps[i] as Snap)) add(p);
  }
  return out.length >= 2 ? out : waypoints;
}

const graphs = new Map<string, { version: number; graph: StreetGraph | null }>();

/**
 * The tenant's street graph, or null when the tenant has no streets; cached per tenant until the network's version
 * moves (one indexed row read per call).
 */
export async function streetGraphOf(db: Db, tenantId: string): Promise<StreetGraph | null> {
  const version = await networkVersion(db, tenantId);
  const hit = graphs.get(tenantId);
  if (hit && hit.version === version) return hit.graph;
  const r = await db.execute<{ g: string }>(
    sql`select ST_AsGeoJSON(geom) as g from swp_gis_road where ${tenantSql(gisRoad, tenantId)}`,
  );
  const lines = r.rows.map((row) => (JSON.parse(row.g) as { coordinates: Pt[] }).coordinates);
  const graph = lines.length ? buildStreetGraph(lines) : null;
  graphs.set(tenantId, { version, graph });
  return graph;
}
