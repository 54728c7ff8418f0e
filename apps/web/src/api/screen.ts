/** Typed calls of `/api/swp-screen` (大屏展示): screen data (signed in or by share link) and the share links. */
import { KPI_CODES, type ScreenWidget } from '@swp/contract';
import type { Diagram, Order } from './dispatch';
import { http } from './http';

export type ScreenCode = 'overview' | 'dispatch';
export const SCREEN_CODES: ScreenCode[] = ['overview', 'dispatch'];

export const GRID = { cols: 24, rows: 12 } as const;
export const WIDGET_CODES = [
  'kpis',
  'supply',
  'map',
  'nrw',
  'pressure',
  'quality',
  'alarms',
  'patrol',
  'diagram',
  'orders',
] as const;
export type WidgetCode = (typeof WIDGET_CODES)[number];
export { KPI_CODES };

/** A widget of a screen's arrangement: where on the 24 × 12 grid and what data (options). */
export type Widget = ScreenWidget<WidgetCode>;

export interface ScreenLayout {
  screenCode: ScreenCode;
  saved: boolean;
  updateTime: string | null;
  widgets: Widget[];
}

export interface AlarmPin {
  id: string;
  title: string;
  alarmType: string;
  alarmLevel: number;
  alarmTime: string;
  lgtd: number | null;
  lttd: number | null;
}
export interface MapStation {
  stcd: string;
  stnm: string;
  sttp: string;
  lgtd: number | null;
  lttd: number | null;
}
export interface SupplyWidgetData {
  date: string;
  hours: string[];
  name: string;
  plan: (number | null)[];
  actual: (number | null)[];
  actualSoFar: number;
  planSoFar: number;
  planDay: number;
}
export interface PressureData {
  band: { min: number; max: number };
  readings: number;
  rate: number | null;
  points: { stcd: string; stnm: string; band: { min: number; max: number }; readings: number; rate: number | null }[];
}
export interface QualityData {
  rate: number | null;
  readings: number;
  indicators: { indicatorCode: string; indicatorName: string; total: number; compliant: number; rate: number | null }[];
}

/** The data each widget carries (data.ts on the server). */
export interface WidgetDataMap {
  kpis: Partial<Record<(typeof KPI_CODES)[number], number | null>>;
  supply: SupplyWidgetData;
  map: { stations: MapStation[]; alarms: AlarmPin[] };
  nrw: { dmaCode: string; dmaName: string; nrwRate: number; siv: number; nrw: number }[];
  pressure: PressureData;
  quality: QualityData;
  alarms: { open: number; repairs: number; latest: AlarmPin[] };
  patrol: { tasks: number; finished: number; objects: number; checked: number; rate: number | null };
  diagram: Diagram;
  orders: Order[];
}

export type PlacedWidget = { [K in WidgetCode]: Widget & { widget: K; data: WidgetDataMap[K] } }[WidgetCode];

export interface ScreenData {
  code: ScreenCode;
  time: string;
  widgets: PlacedWidget[];
}

export interface ShareLink {
  id: string;
  screenCode: ScreenCode;
  name: string;
  prefix: string;
  expiresAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createTime: string;
  state: 'active' | 'expired' | 'revoked';
}

const B = '/api/swp-screen';

export const screenApi = {
  /** with a share token: the public view call; without: the signed-in data call */
  data: (code: ScreenCode, token?: string | null) =>
    token
      ? http.get<ScreenData>(`${B}/view/${code}`, { token }, { silent: true })
      : http.get<ScreenData>(`${B}/data/${code}`),
  /** the basemap under the network map, read through a share link (a signed-in map reads gis's own route) */
  basemap: (code: ScreenCode, token: string, bbox: number[], resolution: number) =>
    http.get<unknown>(
      `${B}/basemap/${code}`,
      { token, bbox: bbox.map((v) => Math.round(v)).join(','), resolution: Math.max(0.01, resolution) },
      { silent: true },
    ),
  /** the mains of the screen's network in a view box (GeoJSON, EPSG:4548), read through a share link */
  pipes: (code: ScreenCode, token: string, bbox: number[], resolution: number) =>
    http.get<unknown>(
      `${B}/pipes/${code}`,
      { token, bbox: bbox.map((v) => Math.round(v)).join(','), resolution: Math.max(0.01, resolution) },
      { silent: true },
    ),
  layout: (code: ScreenCode) => http.get<ScreenLayout>(`${B}/layout/${code}`),
  saveLayout: (code: ScreenCode, widgets: Widget[]) => http.post<ScreenLayout>(`${B}/layout/${code}`, { widgets }),
  resetLayout: (code: ScreenCode) => http.post<ScreenLayout>(`${B}/layout/${code}/reset`, {}),
  /** the share link's live stream (server-sent events; the token is its only credential) */
  liveUrl: (code: ScreenCode, token: string) => `${B}/live/${code}?token=${encodeURIComponent(token)}`,
  links: () => http.get<ShareLink[]>(`${B}/token/list`),
  createLink: (b: { screenCode: ScreenCode; name: string; hours: number }) =>
    http.post<ShareLink & { token: string; path: string }>(`${B}/token/submit`, b),
  revoke: (id: string) => http.post<ShareLink>(`${B}/token/revoke`, { id }),
  remove: (id: string) => http.post(`${B}/token/remove`, { id }),
};
