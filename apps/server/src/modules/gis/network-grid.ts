/** Small pieces the network generator builds with: the inner plants of a big grid, rounding (its random stream: core/rng.ts). */
import type { GenNode, GenPipe } from './network.ts';

/**
 * Crossings one plant serves on a big generated grid: a 25 × 25 cell, ≈ 690 L/s mean demand at the model's default
 * 0.01 L/s per customer (≈ 1.1 L/s per crossing), ≈ 1,070 L/s at the evening peak. On 20,000 pipes the fastest link
 * then runs at 1.8 m/s (a cell of 30 × 30: 3.8 m/s; of 20 × 20: 0.9 m/s, more plants than a city has).
 */
const CROSSINGS_PER_PLANT = 625;

/**
 * The plants inside a big benchmark grid (none up to 25 × 25 crossings, ≈ 2,400 pipes, where the two corner plants
 * suffice; at 4,800 pipes they did not: a fifth of the junctions below 14 m): one in the middle of each cell of a
 * lattice of at most CROSSINGS_PER_PLANT crossings, beside a main crossing. With only
 * the two corner plants a 100,000-pipe grid drew ≈ 30 m³/s through two DN1000 outlets, and 76,158 of its 76,162
 * junctions ended below 14 m (nonsense hydraulics that also make EPANET iterate far more).
 */
export function innerPlants(cols: number, rows: number, xy: (i: number, j: number) => [number, number]) {
  const side = Math.sqrt(CROSSINGS_PER_PLANT);
  const gi = Math.ceil(cols / side);
  const gj = Math.ceil(rows / side);
  if (gi < 2 && gj < 2) return [];
  const out: { code: null; name: string; capacity: number; subtype: string; x: number; y: number }[] = [];
  for (let b = 0; b < Math.max(1, gj); b++)
    for (let a = 0; a < Math.max(1, gi); a++) {
      // the cell's middle, moved to the nearest main crossing (mains run every 5th street, offset 2)
      const main = (c: number, n: number) => Math.min(n - 1, Math.max(2, Math.round((c - 2) / 5) * 5 + 2));
      const i = main(((a + 0.5) * cols) / Math.max(1, gi), cols);
      const j = main(((b + 0.5) * rows) / Math.max(1, gj), rows);
      const [x, y] = xy(i, j);
      out.push({
        code: null,
        name: `${out.length + 3}号水厂`,
        capacity: 50_000,
        subtype: 'plant',
        x: x + 40,
        y: y + 40,
      });
    }
  return out;
}

export const r3 = (v: number) => Math.round(v * 1000) / 1000;
export const pad = (n: number, w = 6) => String(n).padStart(w, '0');

/** A node's measured attributes (elevation, diameter, operable, normal state, subtype) empty, in the rows' order. */
export const noMeasures = () => ({ elevation: null, diameter: null, operable: null, normalState: null, subtype: null });

/** a node with every optional field empty */
export const blank = (): Omit<GenNode, 'gid' | 'kind' | 'dno' | 'x' | 'y'> => ({
  name: null,
  ...noMeasures(),
  customerCount: null,
  criticalType: null,
  pipeGid: null,
  stationCode: null,
  dmaCode: null,
  capacity: null,
  address: null,
});

/** A point along a pipe, `t` of the way from its start and `side` metres off it to the left. */
export function onPipe(pg: GenPipe, t: number, side: number) {
  const [[ax, ay], [bx, by]] = pg.coords;
  const len = Math.max(pg.length, 1);
  return {
    x: r3(ax + (bx - ax) * t - ((by - ay) / len) * side),
    y: r3(ay + (by - ay) * t + ((bx - ax) / len) * side),
  };
}
