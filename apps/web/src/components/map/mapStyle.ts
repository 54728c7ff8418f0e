/**
 * The shared map's look and basemap data without OpenLayers: the basemap palettes, the street widths and the level
 * of detail the server applies, the basemap's address and query, the network layers' legend colours and the pipe
 * and valve rules. SwpMap's layers (basemapLayer.ts, networkLayers.ts) build their OpenLayers styles from these.
 * The field app's task map (app-mobile/TaskMap.tsx) cannot carry OpenLayers within its JS budget (docs/app.md), so
 * it draws an SVG from the same values and the same basemap data: this module imports nothing, and stays light.
 */

export interface BasemapPalette {
  background: string;
  block: string;
  park: string;
  water: string;
  district: string;
  street: string;
  casing: string;
  label: string;
  halo: string;
}

export const PALETTE: Record<'light' | 'dark', BasemapPalette> = {
  light: {
    background: '#f2efe9',
    block: '#e4dfd6',
    park: '#cfe6bd',
    water: '#a9d3e4',
    district: '#9a8fb8',
    street: '#ffffff',
    casing: '#cfc6b6',
    label: '#4a4a4a',
    halo: '#ffffff',
  },
  dark: {
    background: '#151a22',
    block: '#222833',
    park: '#1d3328',
    water: '#183452',
    district: '#6d6490',
    street: '#3a4150',
    casing: '#10141a',
    label: '#c9d1dc',
    halo: '#0b0e13',
  },
};

/** the level of detail the server applies, as a key: a basemap layer reloads when it changes */
export const lodKey = (resolution: number) => (resolution <= 20 ? 0 : resolution <= 40 ? 1 : 2);

/** a street is about 30 m wide: its width in pixels at a resolution (metres per pixel) */
export const streetPx = (resolution: number, main: boolean) =>
  Math.min(main ? 16 : 11, Math.max(main ? 2 : 1, ((main ? 34 : 24) / resolution) * 0.9));

/** The offline basemap (server `gis/map-routes.ts`): districts, water, parks, blocks and streets by view box. */
export const BASEMAP_PATH = '/api/swp-gis/basemap';
export const basemapQuery = (bbox: number[], resolution: number) => ({
  bbox: bbox.map((v) => Math.round(v)).join(','),
  resolution: Math.max(0.01, resolution),
});

export type BasemapKind = 'district' | 'water' | 'river' | 'park' | 'block' | 'street';
export interface BasemapFeature {
  type: 'Feature';
  geometry: { type: string; coordinates: unknown } | null;
  properties: { kind: BasemapKind; name: string | null; rank: number };
}

/** Legend colours of the network layers, shared with the legend of the map screen. */
export const LEGEND = {
  dma: '#722ed1',
  pipe: '#1677ff',
  junction: '#8c8c8c',
  valve: '#52c41a',
  hydrant: '#f5222d',
  meter: '#13c2c2',
  pump: '#fa8c16',
  wq: '#2f54eb',
  source: '#003a8c',
} as const;

/** A pipe's stroke by diameter: mains are wider and darker (lighter blues on the dark basemap). */
export function pipeLook(diameter: number, dark = false): { color: string; width: number } {
  const width = diameter >= 800 ? 4 : diameter >= 400 ? 3 : 1.5;
  const color = dark ? (diameter >= 400 ? '#69b1ff' : '#4096ff') : diameter >= 400 ? '#003eb3' : LEGEND.pipe;
  return { color, width };
}

export type ValveState = 'closed' | 'stuck' | 'open';
export const valveState = (a: { normalState?: unknown; operable?: unknown; closed?: unknown }): ValveState =>
  a.normalState === 'closed' || a.closed === true || a.closed === 1
    ? 'closed'
    : Number(a.operable) === 0
      ? 'stuck'
      : 'open';

/** A valve's fill and edge by state (`edge` is the background-coloured fill of a closed valve). */
export function valveLook(state: ValveState, dark = false): { fill: string; stroke: string } {
  const edge = dark ? '#0b0e13' : '#fff';
  return {
    fill: state === 'closed' ? edge : state === 'stuck' ? '#8c8c8c' : LEGEND.valve,
    stroke: state === 'closed' ? '#cf1322' : '#135200',
  };
}
