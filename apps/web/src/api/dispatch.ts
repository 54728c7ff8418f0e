/** Typed calls of `/api/swp-dispatch` (供水调度): the process diagram and its layout, dispatch orders, the supply plan. */

import type { DiagramNode, Page } from '@swp/contract';
import { http } from './http';

export type { DiagramNode, DiagramPump, DiagramValue } from '@swp/contract';

export interface Diagram {
  columns: { kind: string; name: string; nameEn: string; x: number }[];
  nodes: DiagramNode[];
  links: { from: string; to: string }[];
  layoutSaved: boolean;
  time: string;
}

export type OrderState = 'issued' | 'acknowledged' | 'done' | 'cancelled';

export interface Order {
  id: string;
  code: string;
  stationId: string;
  stcd: string;
  stnm: string;
  action: string;
  actionName: string;
  text: string;
  pumpNo: number | null;
  target: number | null;
  unit: string | null;
  content: string | null;
  state: OrderState;
  issuedAt: string;
  issuedByName: string | null;
  ackMinutes: number;
  ackDeadline: string;
  ackAt: string | null;
  ackByName: string | null;
  doneAt: string | null;
  doneByName: string | null;
  result: string | null;
  escalatedAt: string | null;
  processInstanceId: string | null;
}

export interface OrderLog {
  id: string;
  step: 'issue' | 'acknowledge' | 'complete' | 'escalate' | 'cancel';
  userName: string | null;
  at: string;
  note: string | null;
}

export interface IssueOrder {
  stationId: string;
  action: string;
  pumpNo?: number;
  target?: number;
  content?: string;
  ackMinutes?: number;
}

export interface SupplyPlan {
  date: string;
  hours: string[];
  unit: string;
  utility: { plan: (number | null)[]; actual: (number | null)[] };
  plants: { stationId: string; stcd: string; stnm: string; plan: (number | null)[]; actual: (number | null)[] }[];
}

export interface Accuracy {
  method: string;
  daysRequested: number;
  utility: { hours: number; mape: number | null };
  plants: { stationId: string; stcd: string; stnm: string; days: number; hours: number; mape: number | null }[];
}

const B = '/api/swp-dispatch';

/** Per-station dispatch settings: its operators (orders' acknowledge task) and, for pressure points, the band. */
export interface StationSetting {
  stationId: string;
  stcd: string;
  stnm: string;
  sttp: string;
  operatorIds: string[];
  operatorNames: string[];
  pressureMin: number | null;
  pressureMax: number | null;
  band: { min: number; max: number };
}

export const dispatchApi = {
  diagram: () => http.get<Diagram>(`${B}/diagram`),
  saveLayout: (positions: Record<string, { x: number; y: number }>) => http.post(`${B}/layout`, { positions }),
  stations: () => http.get<StationSetting[]>(`${B}/station/list`),
  saveStation: (b: {
    stationId: string;
    operatorIds: string[];
    pressureMin: number | null;
    pressureMax: number | null;
  }) => http.post<StationSetting>(`${B}/station/submit`, b),
  actions: () => http.get<{ code: string; name: string; nameEn: string; unit: string | null }[]>(`${B}/order/actions`),
  orders: (params: Record<string, unknown>) => http.get<Page<Order>>(`${B}/order/list`, params),
  order: (id: string) => http.get<Order & { log: OrderLog[] }>(`${B}/order/detail`, { id }),
  issue: (o: IssueOrder) => http.post<Order>(`${B}/order/issue`, o),
  acknowledge: (id: string, note?: string) => http.post<Order>(`${B}/order/acknowledge`, { id, note }),
  complete: (id: string, note?: string) => http.post<Order>(`${B}/order/complete`, { id, note }),
  plan: (day = 0) => http.get<SupplyPlan>(`${B}/forecast/plan`, { day }),
  /** the day's report (xlsx) of a local date YYYY-MM-DD */
  dayReport: (date: string) => http.blob('GET', `${B}/report/day`, { params: { date } }, `调度日报_${date}.xlsx`),
  accuracy: (days = 30) => http.get<Accuracy>(`${B}/forecast/accuracy`, { days }),
};
