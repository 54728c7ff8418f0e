/** The shared map's data: the offline basemap and the business layers (server `gis/map-routes.ts`). */
import { http } from '../../api/http';

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

export interface OverlayItem {
  id: string;
  x: number;
  y: number;
  name: string;
  state: string;
  props: Record<string, any>;
  ring?: [number, number][];
}

const box = (b: number[]) => b.map((v) => Math.round(v)).join(',');

export const mapApi = {
  basemap: (bbox: number[], resolution: number) =>
    http.get<BasemapCollection>('/api/swp-gis/basemap', { bbox: box(bbox), resolution: Math.max(0.01, resolution) }),
  overlay: (key: OverlayKey, bbox?: number[]) =>
    http.get<OverlayItem[]>(`/api/swp-gis/overlay/${key}`, bbox ? { bbox: box(bbox) } : {}, { silent: true }),
};
