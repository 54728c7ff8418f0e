/** The shared map's data: the offline basemap and the business layers (server `gis/map-routes.ts`). */
import type { OverlayItem as ContractOverlayItem, TileConfig, TileLayerSpec, TileProvider } from '@swp/contract';
import { http } from '../../api/http';
import { BASEMAP_PATH, basemapQuery } from './mapStyle';

export const OVERLAYS = ['devices', 'alarms', 'bursts', 'dmas', 'staff'] as const;
export type OverlayKey = (typeof OVERLAYS)[number];

export type BasemapKind = 'district' | 'water' | 'river' | 'park' | 'block' | 'street';
export interface BasemapCollection {
  type: 'FeatureCollection';
  /** demo: the demo city; roads: the tenant's own streets; none: nothing to draw */
  source: 'demo' | 'roads' | 'none';
  features: {
    type: 'Feature';
    geometry: unknown;
    properties: { kind: BasemapKind; name: string | null; rank: number };
  }[];
}

/** props are read field by field by each layer's card (overlayRows.tsx) */
export type OverlayItem = ContractOverlayItem<Record<string, any>>;

export type { TileConfig, TileLayerSpec, TileProvider };

/** the administrator's setting; a Tianditu key comes back empty, with `keySet` and a masked `keyHint` */
export interface TileSetting {
  provider: TileProvider;
  key?: string;
  keySet?: boolean;
  keyHint?: string;
  kind?: 'vec' | 'img';
  matrixSet?: string;
  annotation?: boolean;
  url?: string;
  layer?: string;
  maxZoom?: number;
  attribution?: string;
}

const box = (b: number[]) => b.map((v) => Math.round(v)).join(',');

export const mapApi = {
  basemap: (bbox: number[], resolution: number) =>
    http.get<BasemapCollection>(BASEMAP_PATH, basemapQuery(bbox, resolution)),
  tiles: () => http.get<TileConfig>('/api/swp-gis/tiles', {}, { silent: true }),
  tileSetting: () => http.get<TileSetting>('/api/swp-gis/tile-setting'),
  saveTileSetting: (s: TileSetting) => http.post<TileSetting>('/api/swp-gis/tile-setting', s),
  overlay: (key: OverlayKey, bbox?: number[]) =>
    http.get<OverlayItem[]>(`/api/swp-gis/overlay/${key}`, bbox ? { bbox: box(bbox) } : {}, { silent: true }),
};
