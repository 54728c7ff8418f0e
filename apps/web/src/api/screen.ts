/** Typed calls of `/api/swp-screen` (大屏展示): screen data (signed in or by share link) and the share links. */
import type { Diagram, Order, SupplyPlan } from './dispatch';
import { http } from './http';

export type ScreenCode = 'overview' | 'dispatch';
export const SCREEN_CODES: ScreenCode[] = ['overview', 'dispatch'];

export interface SupplySummary extends SupplyPlan {
  actualSoFar: number;
  planSoFar: number;
  planDay: number;
}

export interface OverviewData {
  code: 'overview';
  time: string;
  supply: SupplySummary;
  nrw: { dmaCode: string; dmaName: string; nrwRate: number; siv: number; nrw: number }[];
  pressure: {
    band: { min: number; max: number };
    readings: number;
    rate: number | null;
    points: { stcd: string; stnm: string; readings: number; rate: number | null }[];
  };
  alarms: {
    open: number;
    latest: {
      id: string;
      title: string;
      alarmType: string;
      alarmLevel: number;
      alarmTime: string;
      lgtd: number | null;
      lttd: number | null;
    }[];
  };
  repairs: number;
  patrol: { tasks: number; finished: number; objects: number; checked: number; rate: number | null };
  stations: { stcd: string; stnm: string; sttp: string; lgtd: number | null; lttd: number | null }[];
}

export interface DispatchScreenData {
  code: 'dispatch';
  time: string;
  diagram: Diagram;
  supply: SupplySummary;
  orders: Order[];
}

export type ScreenData = OverviewData | DispatchScreenData;

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
  links: () => http.get<ShareLink[]>(`${B}/token/list`),
  createLink: (b: { screenCode: ScreenCode; name: string; hours: number }) =>
    http.post<ShareLink & { token: string; path: string }>(`${B}/token/submit`, b),
  revoke: (id: string) => http.post<ShareLink>(`${B}/token/revoke`, { id }),
  remove: (id: string) => http.post(`${B}/token/remove`, { id }),
};
