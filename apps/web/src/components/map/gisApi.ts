/**
 * Calls of the GIS service (ArcGIS REST subset under the proxy path), coordinates and address
 * (`/api/swp-pipeops-location`), and the dispatch calls of the burst analysis. Coordinates: x = easting,
 * y = northing (EPSG:4548); geographic ones x = longitude, y = latitude.
 */
import type { PipeAnalysis } from '@swp/contract';
import { http, requestEnvelope } from '../../api/http';

export const GIS_PROXY = '/api/lc-gis/proxyHopeServer/rest/services/gis';
export const WKID = 4548;
/** identify tolerance in screen pixels (spec 2 §9) */
export const IDENTIFY_TOLERANCE = 50;

export interface LayerMeta {
  id: number;
  key: string;
  name: string;
  nameEn: string;
  geometryType: 'esriGeometryPolyline' | 'esriGeometryPoint' | 'esriGeometryPolygon';
  displayField: string;
  fields: { name: string; alias: string; type: string }[];
  fieldAliases: Record<string, string>;
}

export interface IdentifyResult {
  layerId: number;
  layerid: number;
  layerKey: string;
  layerName: string;
  dname: string;
  value: string;
  distance: number;
  attributes: Record<string, unknown>;
  geometry?: { x?: number; y?: number; paths?: number[][][]; rings?: number[][][] };
}

export interface FeatureSet {
  features: { attributes: Record<string, unknown>; geometry?: IdentifyResult['geometry'] }[];
  exceededTransferLimit?: boolean;
  count?: number;
}

/** ArcGIS replies are bare JSON (no envelope); errors still come as the envelope and toast. */
async function arcgis<T>(path: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  const data = Object.fromEntries(
    Object.entries({ f: 'json', ...params })
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
  return (await requestEnvelope<unknown>('POST', `${GIS_PROXY}${path}`, { data, form: true, signal })) as unknown as T;
}

export const gisApi = {
  metas: async () => (await arcgis<{ layers: LayerMeta[] }>('/metas', {})).layers,
  identify: (p: {
    x: number;
    y: number;
    mapExtent: [number, number, number, number];
    width: number;
    height: number;
    layers?: string;
    tolerance?: number;
  }) =>
    arcgis<{ results: IdentifyResult[] }>('/identify', {
      geometry: { x: p.x, y: p.y },
      geometryType: 'esriGeometryPoint',
      sr: WKID,
      tolerance: p.tolerance ?? IDENTIFY_TOLERANCE,
      mapExtent: p.mapExtent.join(','),
      imageDisplay: `${Math.round(p.width)},${Math.round(p.height)},96`,
      layers: p.layers ?? 'all',
      returnGeometry: true,
    }).then((r) => r.results),
  query: (layer: string | number, params: Record<string, unknown>, signal?: AbortSignal) =>
    arcgis<FeatureSet>(`/${layer}/query`, { returnGeometry: true, outFields: '*', ...params }, signal),
  /** geographic → plane */
  transReverse: (lon: number, lat: number) =>
    http.get<{ x: number; y: number }>('/api/swp-pipeops-location/coordinate/transReverse', { x: lon, y: lat }),
  /** plane → geographic (x lon, y lat) */
  toGeo: (points: { x: number; y: number }[]) =>
    http.post<{ x: number; y: number }[]>('/api/swp-pipeops-location/coordinate/transBatch', points),
  getAddress: (lon: number, lat: number) =>
    http.get<{ formattedAddress: string }>('/api/swp-pipeops-location/map/getAddress', { lon, lat }),
};

export type { PipeAnalysis, UserOut, ValveOut } from '@swp/contract';

export interface BurstEvent {
  id: string;
  code: string;
  title: string;
  pipeGid: number;
  pipeDno: string;
  x: number;
  y: number;
  address: string | null;
  dmaCode: string | null;
  source: string;
  occurTime: string;
  eventStatus: 0 | 1 | 2;
  valveCount: number;
  affectedCustomers: number;
  criticalCount: number;
  analysis?: PipeAnalysis;
  /** the hydraulic burst what-if of this pipe, when one was run: junctions and customers below the minimum */
  lowPressure?: { runId?: string; minPressure: number; junctions: number; customers: number; areaM2?: number } | null;
}

export interface EventValve {
  valveGid: number;
  valveDno: string;
  seq: number;
  role: 'close' | 'backup';
  forValveGid: number | null;
  x: number;
  y: number;
  diameter: number | null;
  distance: number;
  closed: 0 | 1;
  closedTime: string | null;
  /** user id, or `link` when marked through the shared page */
  closedBy?: string | null;
}

const E = '/api/swp-dispatch/wsnc-squibbing-event';
export const dispatchApi = {
  analyse: (p: { pipeGid?: number; x?: number; y?: number; title?: string }) =>
    http.post<BurstEvent>(`${E}/analyse`, p),
  page: (params: Record<string, unknown>) => http.get<{ records: BurstEvent[]; total: number }>(`${E}/page`, params),
  detail: (id: string) => http.get<BurstEvent | null>(`${E}/detail`, { id }),
  valves: (eventId: string) => http.get<EventValve[]>(`${E}/valve-list`, { eventId }),
  closeValve: (eventId: string, valveGid: number, closed = true) =>
    http.post<{ eventStatus: number }>(`${E}/close-valve`, { eventId, valveGid, closed }),
  /** a signed link to the event's valve list; `renew` first revokes every link given out before */
  share: (eventId: string, renew = false) =>
    http.post<{ token: string; expires: number; path: string }>(`${E}/share`, { eventId, renew }),
  publicView: (token: string) =>
    http.get<{ event: BurstEvent; valves: EventValve[] }>(
      '/api/swp-dispatch/shut-value/view',
      { token },
      // the public page shows its own explanation instead of a toast
      { silent: true },
    ),
  publicClose: (token: string, valveGid: number, closed: boolean) =>
    http.post<{ eventStatus: number }>('/api/swp-dispatch/shut-value/close', { token, valveGid, closed }),
};
