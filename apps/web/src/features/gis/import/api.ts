/** Calls of the network import and export (`/api/swp-gis/network`). */
import type { NetworkImportRejected, NetworkImportReport, NetworkImportWarning } from '@swp/contract';
import { http, requestEnvelope } from '../../../api/http';

export type ImportWarning = NetworkImportWarning;
export type ImportRejected = NetworkImportRejected;
export type NetworkReport = NetworkImportReport;
export interface NetworkImportParams {
  format: 'inp' | 'geojson' | 'shapefile';
  crs: 'EPSG:4548' | 'EPSG:4490' | 'EPSG:4326' | 'local';
  offsetX?: number;
  offsetY?: number;
  mode: 'replace' | 'merge';
  dryRun: boolean;
  skipRejected?: boolean;
  jobId: string;
}
export interface JobProgress {
  stage: string;
  done: number;
  total: number;
  finished: boolean;
}
export interface NetworkSummary {
  version: number;
  pipes: number;
  nodes: number;
  extent: [number, number, number, number] | null;
}

const B = '/api/swp-gis/network';
/** an import of a large network may take minutes */
const UPLOAD_TIMEOUT = 15 * 60_000;

export const networkImportApi = {
  run: (file: File, p: NetworkImportParams) => {
    const fd = new FormData();
    // the fields go before the file: the server reads them with it
    for (const [k, v] of Object.entries(p)) if (v !== undefined) fd.append(k, String(v));
    fd.append('file', file);
    return requestEnvelope<NetworkReport>('POST', `${B}/import`, { data: fd, timeoutMs: UPLOAD_TIMEOUT });
  },
  progress: (jobId: string) => http.get<JobProgress>(`${B}/import/progress`, { jobId }, { silent: true }),
  summary: () => http.get<NetworkSummary>(`${B}/summary`),
  exportFile: (format: 'geojson' | 'inp') =>
    http.blob('GET', `${B}/export`, { params: { format } }, `network.${format}`),
  lTown: () =>
    requestEnvelope<{ tenantId: string; created: boolean }>('POST', `${B}/l-town`, {
      data: {},
      timeoutMs: UPLOAD_TIMEOUT,
    }),
};
