import { describe, expect, it } from 'vitest';
import { districtOf, toGeo, toPlane } from './location.ts';
import { DEMO_NETWORK, generateNetwork, optionsForPipes } from './network.ts';

describe('coordinates (EPSG:4548, x = easting)', () => {
  it('matches the reference point of domain.md', () => {
    expect(toPlane(117, 31.8)).toEqual({ x: 500000, y: 3519675.422 });
  });

  it('round-trips lon/lat ⇄ plane to better than a millimetre', () => {
    for (const [lon, lat] of [
      [117, 31.8],
      [117.2, 31.8],
      [116.1, 30.2],
      [118.4, 33.9],
    ]) {
      const p = toPlane(lon, lat, 5);
      const g = toGeo(p.x, p.y, p.h);
      expect(g.x).toBeCloseTo(lon, 7);
      expect(g.y).toBeCloseTo(lat, 7);
      expect(g.h).toBe(5);
    }
  });

  it('refuses points outside the projection zone', () => {
    expect(() => toPlane(120, 31)).toThrow(/115.5°E–118.5°E/);
    expect(() => toPlane(Number.NaN, 31)).toThrow(/数值/);
    expect(() => toGeo(1, 2)).toThrow(/EPSG:4548/);
  });

  it('names the district from the national division data', () => {
    expect(districtOf(117.15, 31.84)).toEqual({
      adcode: '340104',
      province: '安徽省',
      city: '合肥市',
      district: '蜀山区',
    });
    expect(districtOf(117.35, 31.88).district).toBe('瑶海区');
  });
});

describe('network generator', () => {
  it('is deterministic and about the size asked for', () => {
    const a = generateNetwork(DEMO_NETWORK);
    const b = generateNetwork(DEMO_NETWORK);
    expect(a.pipes.length).toBe(b.pipes.length);
    expect(a.pipes[100]).toEqual(b.pipes[100]);
    expect(a.pipes.length).toBeGreaterThan(4500);
    expect(a.pipes.length).toBeLessThan(7000);
    const gids = new Set(a.nodes.map((n) => n.gid));
    expect(gids.size).toBe(a.nodes.length);
    for (const p of a.pipes) expect(gids.has(p.from) && gids.has(p.to)).toBe(true);
    expect(a.nodes.some((n) => n.kind === 'valve' && n.operable === 0)).toBe(true);
    expect(a.nodes.filter((n) => n.kind === 'valve' && n.normalState === 'closed').length).toBeGreaterThan(0);
    const small = generateNetwork(optionsForPipes(2000));
    expect(Math.abs(small.pipes.length - 2000) / 2000).toBeLessThan(0.35);
  });
});
