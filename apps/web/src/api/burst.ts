/**
 * The burst calls beside the map's own (components/map/gisApi): 预览 (the analysis, stored nowhere), 确认 (store
 * what was previewed) and 作废 (void a mistaken event with a reason).
 */

import type { BurstEvent, EventValve, PipeAnalysis } from '../components/map/gisApi';
import { http } from './http';

const E = '/api/swp-dispatch/wsnc-squibbing-event';

export interface BurstPreviewData {
  pipeGid: number;
  x: number;
  y: number;
  networkVersion: number;
  title: string;
  address: string | null;
  dmaCode: string | null;
  valveCount: number;
  affectedCustomers: number;
  criticalCount: number;
  analysis: PipeAnalysis;
}

/** an event as listed: 3 is 已作废, with its reason and time */
export type ListedEvent = Omit<BurstEvent, 'eventStatus'> & {
  eventStatus: 0 | 1 | 2 | 3;
  voidReason?: string | null;
  voidTime?: string | null;
};

/** a valve of the crew's page: where it is (road, nearest address) and where to navigate (lon, lat) */
export interface CrewValveRow extends EventValve {
  road?: string;
  roadDistance?: number | null;
  address?: string;
  lon?: number;
  lat?: number;
}

export const burstApi = {
  preview: (p: { pipeGid?: number; x?: number; y?: number }) => http.post<BurstPreviewData>(`${E}/preview`, p),
  confirm: (p: { pipeGid: number; x: number; y: number; title?: string; networkVersion: number }) =>
    http.post<ListedEvent>(`${E}/confirm`, p),
  void: (id: string, reason: string) =>
    http.post<{ id: string; code: string; eventStatus: 3 }>(`${E}/void`, { id, reason }),
};
