/**
 * The offline basemap of the demo city (issue 24): streets, blocks, parks, a river, lakes and district boundaries,
 * generated deterministically from the same options as the demo network (`network.ts`), so the pipes run along
 * the streets and the streets carry the names reverse geocoding answers. Nothing is fetched from the internet.
 *
 * - Streets are the generator's roads (each a polyline through its crossings); every fifth one carries a main
 *   (index % 5 = 2, as in the generator) and is drawn wider.
 * - Blocks are the grid cells between four crossings, inset by half a street width; a few are parks. Cells under
 *   the river or a lake are left open.
 * - The river (南淝河) crosses the city north-west to south-east; two lakes sit where Hefei's are.
 * - Districts are the areas nearest each district seat of `location.ts` (the same rule reverse geocoding uses, so a
 *   point's district on the map and in its address agree), clipped to the city's extent.
 *
 * Coordinates are EPSG:4548 metres (x easting, y northing).
 */

import { rng } from '../../core/rng.ts';
import { toEpsg4548 } from '../monitor/index.ts';
import { districtSeats } from './location.ts';
import { type GenRoad, generateNetwork, type NetworkOptions } from './network.ts';

export type BasemapKind = 'district' | 'water' | 'river' | 'park' | 'block' | 'street';
type Ring = [number, number][];

export interface BasemapFeature {
  kind: BasemapKind;
  name: string | null;
  /** streets: 1 main, 2 other */
  rank: number;
  geometry: { type: 'LineString'; coordinates: Ring } | { type: 'Polygon'; coordinates: Ring[] };
  /** [xmin, ymin, xmax, ymax] */
  bbox: [number, number, number, number];
}

export interface Basemap {
  features: BasemapFeature[];
  extent: [number, number, number, number];
  /** a fingerprint of the streets (count and extent) the tenant's stored roads are compared against */
  roadCount: number;
  roadExtent: [number, number, number, number];
}

/** half a street width: blocks stop this far from the street's centre line */
export const STREET_HALF_WIDTH = 15;
const RIVER_HALF_WIDTH = 45;

function bboxOf(points: Ring): [number, number, number, number] {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [x, y] of points) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}

const r1 = (v: number) => Math.round(v * 10) / 10;

/** distance from a point to a polyline */
export function distanceToLine(x: number, y: number, line: Ring): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k + 1 < line.length; k++) {
    const [ax, ay] = line[k];
    const [bx, by] = line[k + 1];
    const dx = bx - ax;
    const dy = by - ay;
    const l2 = dx * dx + dy * dy;
    const t = l2 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2)) : 0;
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}

/** a band of half width `w` around a polyline, as a closed ring (offset both sides along the segment normals) */
export function bufferLine(line: Ring, w: number): Ring {
  const left: Ring = [];
  const right: Ring = [];
  for (let k = 0; k < line.length; k++) {
    const [px, py] = line[Math.max(0, k - 1)];
    const [nx, ny] = line[Math.min(line.length - 1, k + 1)];
    const len = Math.hypot(nx - px, ny - py) || 1;
    const ox = (-(ny - py) / len) * w;
    const oy = ((nx - px) / len) * w;
    left.push([r1(line[k][0] + ox), r1(line[k][1] + oy)]);
    right.push([r1(line[k][0] - ox), r1(line[k][1] - oy)]);
  }
  const ring = [...left, ...right.reverse()];
  ring.push(ring[0]);
  return ring;
}

/** Clips a convex polygon to the half-plane nearer `a` than `b` (Sutherland–Hodgman against the bisector). */
export function clipNearer(poly: Ring, a: [number, number], b: [number, number]): Ring {
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const nx = b[0] - a[0];
  const ny = b[1] - a[1];
  const side = (p: [number, number]) => (p[0] - mx) * nx + (p[1] - my) * ny; // ≤ 0: nearer a
  const out: Ring = [];
  const open = poly[0][0] === poly.at(-1)?.[0] && poly[0][1] === poly.at(-1)?.[1] ? poly.slice(0, -1) : poly;
  for (let k = 0; k < open.length; k++) {
    const p = open[k];
    const q = open[(k + 1) % open.length];
    const sp = side(p);
    const sq = side(q);
    if (sp <= 0) out.push(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const t = sp / (sp - sq);
      out.push([r1(p[0] + t * (q[0] - p[0])), r1(p[1] + t * (q[1] - p[1]))]);
    }
  }
  if (out.length) out.push(out[0]);
  return out;
}

/** a lake: a wobbly ellipse of `n` points */
function lakeRing(cx: number, cy: number, rx: number, ry: number, rand: () => number, n = 28): Ring {
  const ring: Ring = [];
  for (let k = 0; k < n; k++) {
    const a = (k / n) * Math.PI * 2;
    const f = 0.85 + rand() * 0.25;
    ring.push([r1(cx + Math.cos(a) * rx * f), r1(cy + Math.sin(a) * ry * f)]);
  }
  ring.push(ring[0]);
  return ring;
}

const LAKES = [
  { name: '天鹅湖', lon: 117.228, lat: 31.823, rx: 520, ry: 330 },
  { name: '翡翠湖', lon: 117.205, lat: 31.772, rx: 380, ry: 300 },
  { name: '逍遥津', lon: 117.297, lat: 31.871, rx: 260, ry: 200 },
];

/** districts: the area nearest each seat, clipped to the extent */
function districtFeatures(extent: [number, number, number, number]): BasemapFeature[] {
  const features: BasemapFeature[] = [];
  const seats = districtSeats().map((s) => {
    const p = toEpsg4548(s.lon, s.lat);
    return { ...s, at: [p.x, p.y] as [number, number] };
  });
  for (const s of seats) {
    let poly: Ring = [
      [extent[0], extent[1]],
      [extent[2], extent[1]],
      [extent[2], extent[3]],
      [extent[0], extent[3]],
      [extent[0], extent[1]],
    ];
    for (const o of seats) if (o !== s && poly.length) poly = clipNearer(poly, s.at, o.at);
    if (poly.length < 4) continue;
    features.push({
      kind: 'district',
      name: s.name,
      rank: 0,
      geometry: { type: 'Polygon', coordinates: [poly] },
      bbox: bboxOf(poly),
    });
  }
  return features;
}

/** the river (north-west to south-east across the grid, gently meandering) and the lakes */
function waterFeatures(
  features: BasemapFeature[],
  extent: [number, number, number, number],
  spacing: number,
  rand: () => number,
) {
  const river: Ring = [];
  const steps = 48;
  for (let k = 0; k <= steps; k++) {
    const t = k / steps;
    const x = extent[0] + t * (extent[2] - extent[0]);
    const y =
      extent[1] +
      (0.78 - 0.5 * t) * (extent[3] - extent[1]) +
      Math.sin(t * Math.PI * 5) * 0.9 * spacing * (0.6 + rand());
    river.push([r1(x), r1(y)]);
  }
  const riverBand = bufferLine(river, RIVER_HALF_WIDTH);
  features.push({
    kind: 'river',
    name: '南淝河',
    rank: 0,
    geometry: { type: 'Polygon', coordinates: [riverBand] },
    bbox: bboxOf(riverBand),
  });
  const lakes = LAKES.map((l) => {
    const p = toEpsg4548(l.lon, l.lat);
    const ring = lakeRing(p.x, p.y, l.rx, l.ry, rand);
    features.push({
      kind: 'water',
      name: l.name,
      rank: 0,
      geometry: { type: 'Polygon', coordinates: [ring] },
      bbox: bboxOf(ring),
    });
    return { ...l, ...p };
  });
  return { river, lakes };
}

/** blocks between the crossings, left open under water (a few of them parks) */
function blockFeatures(
  features: BasemapFeature[],
  g: {
    cols: number;
    rows: number;
    spacing: number;
    crossing: (i: number, j: number) => [number, number];
    river: Ring;
    lakes: { x: number; y: number; rx: number; ry: number }[];
    rand: () => number;
  },
) {
  const { cols, rows, spacing, crossing, river, lakes, rand } = g;
  const underWater = (x: number, y: number) =>
    distanceToLine(x, y, river) < RIVER_HALF_WIDTH + spacing * 0.3 ||
    lakes.some((l) => ((x - l.x) / (l.rx + spacing * 0.4)) ** 2 + ((y - l.y) / (l.ry + spacing * 0.4)) ** 2 < 1);
  for (let j = 0; j + 1 < rows; j++) {
    for (let i = 0; i + 1 < cols; i++) {
      const corners = [crossing(i, j), crossing(i + 1, j), crossing(i + 1, j + 1), crossing(i, j + 1)];
      const cx = corners.reduce((s, c) => s + c[0], 0) / 4;
      const cy = corners.reduce((s, c) => s + c[1], 0) / 4;
      const park = rand() < 0.05;
      if (underWater(cx, cy)) continue;
      const ring: Ring = corners.map(([x, y]) => {
        const d = Math.hypot(cx - x, cy - y) || 1;
        const k = (STREET_HALF_WIDTH * Math.SQRT2) / d;
        return [r1(x + (cx - x) * k), r1(y + (cy - y) * k)];
      });
      ring.push(ring[0]);
      features.push({
        kind: park ? 'park' : 'block',
        name: null,
        rank: 0,
        geometry: { type: 'Polygon', coordinates: [ring] },
        bbox: bboxOf(ring),
      });
    }
  }
}

/** a street a feature, every fifth (from the third) a main street */
function streetFeatures(roads: GenRoad[]): BasemapFeature[] {
  return roads.map((r, k) => ({
    kind: 'street',
    name: r.name,
    rank: k % 5 === 2 ? 1 : 2,
    geometry: { type: 'LineString', coordinates: r.coords },
    bbox: bboxOf(r.coords),
  }));
}

/** Generates the basemap for a network's options (and its roads, when the caller has generated them already). */
export function generateBasemap(opts: NetworkOptions, roadsIn?: GenRoad[]): Basemap {
  const roads = roadsIn ?? generateNetwork(opts).roads;
  const { cols, rows, spacing } = opts;
  // its own seed: the basemap's choices never shift the network's random stream
  const rand = rng(opts.seed ^ 0x5eed);
  const ew = roads.slice(0, rows);
  const ns = roads.slice(rows, rows + cols);
  const crossing = (i: number, j: number) => ew[j].coords[i];
  const features: BasemapFeature[] = [];
  const roadExtent = bboxOf(roads.flatMap((r) => r.coords));
  const m = spacing;
  const extent: [number, number, number, number] = [
    roadExtent[0] - m,
    roadExtent[1] - m,
    roadExtent[2] + m,
    roadExtent[3] + m,
  ];

  features.push(...districtFeatures(extent));
  const { river, lakes } = waterFeatures(features, extent, spacing, rand);
  blockFeatures(features, { cols, rows, spacing, crossing, river, lakes, rand });
  // streets last: drawn over the blocks
  features.push(...streetFeatures(ew), ...streetFeatures(ns));
  return { features, extent, roadCount: roads.length, roadExtent };
}

/**
 * What a view shows at a resolution (metres per pixel): districts, water and main streets always; every street
 * below 40 m/px; blocks and parks below 20 m/px. Features are those whose box meets the view's.
 */
export function basemapView(b: Basemap, bbox: [number, number, number, number], resolution: number) {
  const [x0, y0, x1, y1] = bbox;
  return b.features.filter((f) => {
    if (f.bbox[0] > x1 || f.bbox[2] < x0 || f.bbox[1] > y1 || f.bbox[3] < y0) return false;
    if (f.kind === 'block' || f.kind === 'park') return resolution <= 20;
    if (f.kind === 'street') return f.rank === 1 || resolution <= 40;
    return true;
  });
}
