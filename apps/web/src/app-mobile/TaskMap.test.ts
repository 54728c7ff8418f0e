import { describe, expect, it } from 'vitest';
import { basemapRequest, showsLayer } from './TaskMap';

describe('showsLayer', () => {
  it('draws a layer chosen by key or id, and every layer when none is chosen', () => {
    expect(showsLayer('pipe', 'pipe')).toBe(true);
    expect(showsLayer('pipe', 'valve')).toBe(false);
    expect(showsLayer('0,2', 'valve')).toBe(true);
    expect(showsLayer('hydrant', 'pipe')).toBe(false);
    expect(showsLayer('', 'valve')).toBe(true);
  });
});

describe('basemapRequest', () => {
  const objects = [
    { id: '1', x: 1000, y: 2000 },
    { id: '2', x: 1400, y: 2100 },
    { id: '3', x: null, y: null },
  ] as any[];

  it('asks for the basemap of the objects’ padded box, the same address every time (kept for offline use)', () => {
    const r = basemapRequest(objects)!;
    expect(r.path).toBe('/api/swp-gis/basemap');
    expect(r.query.bbox).toBe('920,1920,1480,2180');
    // 560 m across a 360 px phone map
    expect(r.query.resolution).toBe('1.56');
    expect(basemapRequest([...objects].reverse())).toEqual(r);
  });

  it('asks for nothing without placed objects', () => {
    expect(basemapRequest([{ id: '3', x: null, y: null }] as any[])).toBeNull();
  });
});
