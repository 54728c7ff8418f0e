/** Typed calls of `/api/swp-dma` (DMA分区): zones, membership, water balance, night flow, leak events. */
import type { Balance, BalanceResult, DmaRow, DmaZoneNode } from '@swp/contract';
import { crudApi, type Row } from './crud';
import { http } from './http';

export interface DmaMeter {
  stcd: string;
  field: string;
  direction: 'in' | 'out' | 'pressure';
  accuracy: number;
}

/** A zone as the server sends it: the table's row (packages/contract/src/rows.ts) with its JSON columns typed. */
export type Zone = Omit<DmaRow, 'boundary' | 'boundaryValves' | 'meters'> &
  Row & {
    /** ring of EPSG:4548 coordinates [x easting, y northing] */
    boundary: [number, number][] | null;
    boundaryValves: string[];
    meters: DmaMeter[];
  };

export type ZoneNode = DmaZoneNode;

export interface Membership {
  code: string;
  placed: boolean;
  pipes: number;
  pipeLengthKm: number;
  hydrants: number;
  customerMeters: number;
  customers: number;
  inletMeters: number;
  meters: { dno: string; name: string | null; customers: number | null; subtype: string }[];
  boundaryValves: { code: string; found: boolean; normalState: string | null; operable: number | null }[];
  unplaced: { accountNo: string; meterCode: string }[];
}

/** The balance's answer is declared once in packages/contract. */
export type { BalanceResult };

export const FIGURES = [
  'siv',
  'authorised',
  'billed',
  'unbilled',
  'apparent',
  'meterUnderReg',
  'theft',
  'real',
  'nrw',
  'nrwRate',
  'lossRate',
] as const satisfies readonly (keyof Balance)[];
export type FigureKey = (typeof FIGURES)[number];

export interface RankRow {
  dmaCode: string;
  dmaName: string;
  parentId: string;
  siv: number;
  billed: number;
  nrw: number;
  nrwRate: number;
  nrwRateUncertainty: number;
  real: number;
  coverage: number;
}

export interface Night {
  date: string;
  mnf: number | null;
  legitimate: number | null;
  excess: number | null;
  baseline: number | null;
  residual: number | null;
  cusum: number | null;
  valid: boolean;
  reason: string | null;
}

export interface LeakEvent {
  id: string;
  code: string;
  dmaCode: string;
  dmaName: string | null;
  kind: 'burst' | 'incipient' | 'reported';
  estimatedStart: string;
  detectedAt: string;
  leakFlow: number;
  state: 'open' | 'dispatched' | 'closed';
  alarmId: string | null;
  processInstanceId: string | null;
  closedAt: string | null;
}

export interface Settings {
  meterUnderReg: number;
  theft: number;
  billedAccuracy: number;
  unbilledAccuracy: number;
  apparentAccuracy: number;
}

export interface Unbilled extends Row {
  id: string;
  dmaCode: string;
  category: 'flushing' | 'fire' | 'own' | 'other';
  useDate: string;
  volume: number;
  remark?: string | null;
}

export const zoneApi = crudApi<Zone>('/api/swp-dma/dma');
export const unbilledApi = crudApi<Unbilled>('/api/swp-dma/unbilled');

const B = '/api/swp-dma';
export const dmaApi = {
  tree: () => http.get<ZoneNode[]>(`${B}/dma/tree`),
  zones: () => http.get<Zone[]>(`${B}/dma/list`),
  membership: (code: string) => http.get<Membership>(`${B}/dma/membership`, { code }),
  balance: (q: { dmaCode?: string; period: 'DAY' | 'MONTH'; date: string }) =>
    http.get<BalanceResult>(`${B}/balance`, q),
  ranking: (q: { period: 'DAY' | 'MONTH'; date: string }) => http.get<RankRow[]>(`${B}/balance/ranking`, q),
  exportBalance: (q: { period: 'DAY' | 'MONTH'; date: string }) =>
    http.blob('GET', `${B}/balance/export`, { params: q }, '水量平衡.xlsx'),
  settings: () => http.get<Settings>(`${B}/setting`),
  saveSettings: (s: Settings) => http.post<Settings>(`${B}/setting`, s),
  nightFlow: (q: { dmaCode: string; startTime: number; endTime: number }) =>
    http.get<{ dmaCode: string; nightStart: number; nightEnd: number; legitimateNightUse: number; nights: Night[] }>(
      `${B}/night-flow`,
      q,
    ),
  leakEvents: (q: Record<string, unknown>) =>
    http.get<{ records: LeakEvent[]; total: number }>(`${B}/leak-event/list`, q),
  detect: (b: { dmaCode: string; startTime: number; endTime: number }) =>
    http.post<{ nights: number; detections: number; created: number }>(`${B}/leak/detect`, b),
  report: (b: { dmaCode: string; estimatedStart: number; leakFlow: number; remark?: string }) =>
    http.post<LeakEvent>(`${B}/leak-event/submit`, b),
  dispatch: (id: string, description?: string) =>
    http.post<{ processInstanceId: string }>(`${B}/leak-event/dispatch`, { id, description }),
};
