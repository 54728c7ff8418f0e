import { describe, expect, it } from 'vitest';
import { geoUri, latLonText, spreadMarkers } from './geo';

describe('crew navigation and map helpers', () => {
  it('writes a geo: URI latitude first', () => {
    expect(geoUri(31.8123456, 117.2345678)).toBe('geo:31.812346,117.234568?q=31.812346,117.234568');
    expect(geoUri(31.8, 117.2, '阀门 FM-1')).toBe(
      `geo:31.800000,117.200000?q=31.800000,117.200000(${encodeURIComponent('阀门 FM-1')})`,
    );
    expect(latLonText(31.8, 117.2)).toBe('31.800000°N, 117.200000°E');
  });

  it('leaves markers that do not touch where they are', () => {
    expect(
      spreadMarkers(
        [
          { x: 0, y: 0 },
          { x: 100, y: 0 },
        ],
        1,
      ),
    ).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it('sets touching markers apart, at least minPx from each other on screen', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 0, y: 0 },
      { x: 2, y: 1 },
      { x: 500, y: 500 },
    ];
    const res = 0.5;
    const d = spreadMarkers(pts, res, 24);
    const screen = pts.map((p, i) => [p.x / res + d[i][0], p.y / res + d[i][1]]);
    for (let i = 0; i < 3; i++)
      for (let j = i + 1; j < 3; j++)
        expect(Math.hypot(screen[i][0] - screen[j][0], screen[i][1] - screen[j][1])).toBeGreaterThan(23.9);
    expect(d[3]).toEqual([0, 0]);
    // zoomed in far enough, nothing moves
    expect(spreadMarkers(pts.slice(1, 3), 0.01, 24)).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
