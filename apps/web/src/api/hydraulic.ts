/** Typed calls of `/api/swp-hydraulic` (辅助决策): the hydraulic model, runs, results and scenarios. */
import { http } from './http';

const B = '/swp-hydraulic';

export type Scenario =
  | { type: 'base'; minPressure?: number }
  | { type: 'burst'; pipeGid: number; minPressure?: number }
  | { type: 'fireFlow'; hydrant: string; residual?: number; time?: number; minPressure?: number }
  | { type: 'growth'; percent: number; minPressure?: number };

export interface HydraulicModel {
  id: string;
  networkVersion: number;
  hash: string;
  nodes: number;
  links: number;
}

export interface Run {
  id: string;
  modelId: string;
  networkVersion: number;
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  duration: number;
  step: number;
  scenario: (Scenario & { name?: string }) | null;
  summary: Record<string, any> | null;
  error: string | null;
  createTime: string;
}

export interface Snapshot {
  times: number[];
  time: number;
  step: number;
  nodes: { codes: string[]; types: number[]; pressure: number[]; head: number[] };
  links: { codes: string[]; types: number[]; flow: number[]; velocity: number[] };
}

export interface Geometry {
  nodes: { code: string; x: number; y: number }[];
  links: { code: string; path: [number, number][] }[];
}

export const hydraulicApi = {
  model: () => http.get<{ current: HydraulicModel; models: HydraulicModel[] }>(`${B}/model`),
  geometry: (modelId?: string) => http.get<Geometry>(`${B}/model/geometry`, modelId ? { modelId } : {}),
  run: (body: { scenario?: Scenario; duration?: number; step?: number; name?: string }) =>
    http.post<{ id: string; state: string }>(`${B}/run`, body),
  runs: () => http.get<Run[]>(`${B}/run`),
  get: (id: string) => http.get<Run>(`${B}/run/${id}`),
  snapshot: (id: string, time: number) => http.get<Snapshot>(`${B}/run/${id}/snapshot`, { time }),
  node: (id: string, code: string) =>
    http.get<{ code: string; series: { time: number; pressure: number; head: number }[] }>(`${B}/run/${id}/node`, {
      code,
    }),
  link: (id: string, code: string) =>
    http.get<{ code: string; series: { time: number; flow: number; velocity: number }[] }>(`${B}/run/${id}/link`, {
      code,
    }),
};
