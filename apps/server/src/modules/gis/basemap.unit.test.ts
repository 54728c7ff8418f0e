import { describe, expect, it } from 'vitest';
import { fromEpsg4548, toEpsg4548 } from '../monitor/index.ts';
import { basemapView, bufferLine, clipNearer, distanceToLine, generateBasemap, STREET_HALF_WIDTH } from './basemap.ts';
import { districtOf } from './location.ts';
import { DEMO_NETWORK, generateNetwork, type NetworkOptions } from './network.ts';

const small: NetworkOptions = { ...DEMO_NETWORK, cols: 12, rows: 10 };

describe('basemap generation', () => {
  const net = generateNetwork(DEMO_NETWORK);
  const b = generateBasemap(DEMO_NETWORK, net.roads);

  it('is deterministic', () => {
    expect(JSON.stringify(generateBasemap(small))).toBe(JSON.stringify(generateBasemap(small)));
  });

  it('draws every street of the network with its name, every fifth one as a main', () => {
    const streets = b.features.filter((f) => f.kind === 'street');
    expect(streets.map((s) => s.name).sort()).toEqual(net.roads.map((r) => r.name).sort());
    expect(streets.filter((s) => s.rank === 1).length).toBe(8 + 8);
    expect(streets.find((s) => s.name === '长江西路')).toBeTruthy();
  });

  it('runs the pipes along the streets: every pipe end lies on a street or within a valve offset of it', () => {
    const lines = net.roads.map((r) => r.coords);
    const sample = net.pipes.filter((p) => p.pipeClass !== ('connector' as never)).filter((_, k) => k % 97 === 0);
    for (const p of sample.slice(0, 40)) {
      const [x, y] = p.coords[0];
      const d = Math.min(...lines.map((l) => distanceToLine(x, y, l)));
      // plant outlet mains run from the plant to the grid, off street
      if (p.diameter === 1000) continue;
      expect(d).toBeLessThan(1);
    }
  });

  it('keeps blocks off the streets and out of the water', () => {
    const blocks = b.features.filter((f) => f.kind === 'block' || f.kind === 'park');
    expect(blocks.length).toBeGreaterThan(1000);
    const streets = net.roads.map((r) => r.coords);
    for (const f of blocks.filter((_, k) => k % 50 === 0)) {
      const ring = (f.geometry.coordinates as [number, number][][])[0];
      for (const [x, y] of ring.slice(0, 4)) {
        expect(Math.min(...streets.map((l) => distanceToLine(x, y, l)))).toBeGreaterThan(STREET_HALF_WIDTH * 0.5);
      }
    }
    const lake = b.features.find((f) => f.name === '天鹅湖');
    expect(lake?.kind).toBe('water');
    const c = toEpsg4548(117.228, 31.823);
    const covering = blocks.filter((f) => f.bbox[0] < c.x && f.bbox[2] > c.x && f.bbox[1] < c.y && f.bbox[3] > c.y);
    expect(covering).toEqual([]);
    expect(b.features.some((f) => f.kind === 'river' && f.name === '南淝河')).toBe(true);
  });

  it('draws districts as the areas nearest their seats, as the address says', () => {
    const districts = b.features.filter((f) => f.kind === 'district');
    expect(districts.map((d) => d.name)).toEqual(expect.arrayContaining(['蜀山区', '包河区', '庐阳区', '瑶海区']));
    const shushan = districts.find((d) => d.name === '蜀山区');
    if (!shushan) throw new Error('no 蜀山区');
    const ring = (shushan.geometry.coordinates as [number, number][][])[0];
    const cx = ring.slice(0, -1).reduce((s, p) => s + p[0], 0) / (ring.length - 1);
    const cy = ring.slice(0, -1).reduce((s, p) => s + p[1], 0) / (ring.length - 1);
    // the centre of the drawn district is addressed in that district
    const g = fromEpsg4548(cx, cy);
    expect(districtOf(g.lon, g.lat).district).toBe('蜀山区');
  });

  it('shows less at coarse resolutions and only what meets the box', () => {
    const all = basemapView(b, b.extent, 5);
    const coarse = basemapView(b, b.extent, 80);
    expect(coarse.some((f) => f.kind === 'block')).toBe(false);
    expect(coarse.filter((f) => f.kind === 'street').every((f) => f.rank === 1)).toBe(true);
    expect(all.length).toBeGreaterThan(coarse.length);
    const c = toEpsg4548(117.24, 31.835);
    const box: [number, number, number, number] = [c.x - 500, c.y - 500, c.x + 500, c.y + 500];
    const near = basemapView(b, box, 2);
    expect(near.length).toBeGreaterThan(0);
    expect(near.length).toBeLessThan(all.length / 10);
    expect(basemapView(b, [0, 0, 10, 10], 2)).toEqual([]);
  });
});

describe('geometry helpers', () => {
  it('measures a point to a polyline', () => {
    expect(
      distanceToLine(5, 3, [
        [0, 0],
        [10, 0],
      ]),
    ).toBe(3);
    expect(
      distanceToLine(-4, 3, [
        [0, 0],
        [10, 0],
      ]),
    ).toBe(5);
  });
  it('buffers a line into a closed band', () => {
    const ring = bufferLine(
      [
        [0, 0],
        [100, 0],
      ],
      10,
    );
    expect(ring[0]).toEqual(ring.at(-1));
    expect(ring).toContainEqual([0, 10]);
    expect(ring).toContainEqual([100, -10]);
  });
  it('clips a square to the half nearer a point', () => {
    const sq: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ];
    const left = clipNearer(sq, [2, 5], [8, 5]);
    expect(Math.max(...left.map((p) => p[0]))).toBe(5);
    expect(left[0]).toEqual(left.at(-1));
  });
});
