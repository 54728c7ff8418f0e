import { describe, expect, it } from 'vitest';
import { fillTemplate, TIANDITU_C_GRID_RESOLUTIONS } from './onlineLayer';

describe('online basemap templates', () => {
  it('fills z, x, y and the TMS row, and picks a host from a range by the tile', () => {
    expect(fillTemplate('https://tiles.example.com/{z}/{x}/{y}.png', 3, 5, 2)).toBe(
      'https://tiles.example.com/3/5/2.png',
    );
    expect(fillTemplate('https://tiles.example.com/{z}/{x}/{-y}.png', 3, 5, 2)).toBe(
      'https://tiles.example.com/3/5/5.png',
    );
    const t =
      'https://t{0-7}.tianditu.gov.cn/vec_w/wmts?LAYER=vec&TILEMATRIXSET=w&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=K';
    expect(fillTemplate(t, 13, 6830, 3305)).toBe(
      'https://t7.tianditu.gov.cn/vec_w/wmts?LAYER=vec&TILEMATRIXSET=w&TILEMATRIX=13&TILEROW=3305&TILECOL=6830&tk=K',
    );
    expect(fillTemplate('https://{a-c}.tile.example.com/{z}/{x}/{y}.png', 1, 1, 0)).toBe(
      'https://b.tile.example.com/1/1/0.png',
    );
  });

  it("uses Tianditu's EPSG:4326 grid: level 1 is two 256 px tiles across the world", () => {
    expect(360 / TIANDITU_C_GRID_RESOLUTIONS[0] / 256).toBe(2);
    expect(TIANDITU_C_GRID_RESOLUTIONS[17]).toBeCloseTo(0.703125 / 2 ** 17, 12);
  });
});
