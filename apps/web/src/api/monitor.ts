/** Typed calls of `/api/swp-computing/monitor` (spec 1 §7.3 and the station list of the monitoring screen). */
import type { Page } from '@swp/contract';
import type { HistoryData, HistoryQuery } from '../lib/monitorHistory';
import { http } from './http';

export interface StationLatest {
  field: string;
  name: string;
  unit: string;
  value: number;
  time: string;
}

export interface StationField {
  field: string;
  name: string;
  unit: string;
  monitorType: string;
  step: number;
}

export type StationState = 'NORMAL' | 'ALERT' | 'DANGER' | 'FAULT' | 'OFFLINE';

export interface Station {
  id: string;
  stcd: string;
  stnm: string;
  sttp: string;
  sttpName: string;
  category: 'HYDRO' | 'NETWORK';
  deviceCode: string | null;
  deviceType: string | null;
  location: string | null;
  address: string | null;
  x: number | null;
  y: number | null;
  lgtd: number | null;
  lttd: number | null;
  alertWl: number | null;
  lowWl: number | null;
  /** the simulator can feed the station, and does (off when a real device takes it over) */
  simulatable: boolean;
  simulated: boolean;
  monitorTypes: string[];
  fields: StationField[];
  latest: StationLatest[];
  latestTime: string | null;
  state: StationState;
  stateName: string;
}

export interface MonitorDict {
  monitorTypes: { code: string; name: string; nameEn: string; timeField: string; dataFields: string[] }[];
  fields: {
    field: string;
    name: string;
    nameEn: string;
    unit: string;
    monitorType: string;
    agg: string;
    decimals: number;
  }[];
  stationTypes: { code: string; name: string; nameEn: string; category: string }[];
  windows: string[];
  states: { code: StationState; name: string }[];
}

const BASE = '/api/swp-computing/monitor';
/** the live-channel event that tells a tenant's screens new monitoring points arrived (any source) */
export const LIVE_POINTS = 'monitor.points';

export const monitorApi = {
  stationPage: (params: Record<string, unknown>) => http.get<Page<Station>>(`${BASE}/station/page`, params),
  stationDetail: (id: string) => http.get<Station | null>(`${BASE}/station/detail`, { id }),
  dict: () => http.get<MonitorDict>(`${BASE}/dict`),
  setSimulated: (id: string, simulated: boolean) => http.post<Station>(`${BASE}/station/simulation`, { id, simulated }),
  /** POST his: the query as a JSON body (the server also reads the same params from the query string) */
  history: (q: HistoryQuery, signal?: AbortSignal) => http.post<HistoryData>(`${BASE}/his`, q, { signal }),
  /** POST export-his: an xlsx; the file name comes from content-disposition, default 数据导出.xlsx */
  exportHistory: (q: HistoryQuery & { fileName?: string }) => http.blob('POST', `${BASE}/export-his`, { data: q }),
};
