/** Typed calls of `/api/swp-hydraulic` (辅助决策): the hydraulic model, runs, results and scenarios. */
import type { CalibrationStation, HydraulicMaterialRow } from '@swp/contract';
import { crudApi, type Row } from './crud';
import { http } from './http';

const B = '/swp-hydraulic';

export type Scenario =
  | { type: 'base'; minPressure?: number }
  | { type: 'burst'; pipeGid: number; minPressure?: number }
  | { type: 'fireFlow'; hydrant: string; residual?: number; time?: number; minPressure?: number }
  | { type: 'growth'; percent: number; dma?: string; minPressure?: number }
  | {
      type: 'settings';
      /** schedule: 24 hourly relative speeds (0 = off); speed: one for the whole run */
      pumps?: { code: string; schedule?: number[]; speed?: number }[];
      valves?: { code: string; setting?: number; status?: 'open' | 'closed' | 'active' }[];
      minPressure?: number;
    }
  | { type: 'quality'; mode: 'age' | 'trace'; node?: string; minPressure?: number };

/** a run's quality mode: water age (h) or the share (%) of water from `node` */
export type QualityMode = { mode: 'age' } | { mode: 'trace'; node: string };

export interface HydraulicModel {
  id: string;
  networkVersion: number;
  hash: string;
  nodes: number;
  links: number;
}

/** a model build in progress (the first build of a big network takes longer than one request) */
export interface ModelBuild {
  stage: 'rows' | 'text' | 'store';
  /** 0–100 */
  progress: number;
  startTime: string;
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
  nodes: { codes: string[]; types: number[]; pressure: number[]; head: number[]; quality?: number[] };
  links: { codes: string[]; types: number[]; flow: number[]; velocity: number[] };
  /** null for a run without a quality mode */
  quality?: QualityMode | null;
}

export interface Geometry {
  nodes: { code: string; x: number; y: number }[];
  links: { code: string; path: [number, number][] }[];
}

/** where the model's demands came from (meter counts) */
export interface DemandSummary {
  meters: number;
  fromReads: number;
  fromDma: number;
  byDefault: number;
  zones: { code: string; name: string; meanLps: number; sharedLps: number; customers: number; days: number }[];
  pumps: { code: string; flowLps: number; headM: number }[];
}

export type { CalibrationStation };

export const hydraulicApi = {
  /** `current` is null while a first build outlasts the request: `building` says how far it is (poll again) */
  model: () =>
    http.get<{
      current: HydraulicModel | null;
      building?: ModelBuild | null;
      models: HydraulicModel[];
      demands: DemandSummary | null;
    }>(`${B}/model`),
  geometry: (modelId?: string) => http.get<Geometry>(`${B}/model/geometry`, modelId ? { modelId } : {}),
  run: (body: { scenario?: Scenario; duration?: number; step?: number; name?: string }) =>
    http.post<{ id: string; state: string }>(`${B}/run`, body),
  runs: () => http.get<Run[]>(`${B}/run`),
  get: (id: string) => http.get<Run>(`${B}/run/${id}`),
  snapshot: (id: string, time: number) => http.get<Snapshot>(`${B}/run/${id}/snapshot`, { time }),
  node: (id: string, code: string) =>
    http.get<{ code: string; series: { time: number; pressure: number; head: number; quality?: number }[] }>(
      `${B}/run/${id}/node`,
      { code },
    ),
  link: (id: string, code: string) =>
    http.get<{ code: string; series: { time: number; flow: number; velocity: number }[] }>(`${B}/run/${id}/link`, {
      code,
    }),
  calibration: (id: string, date?: string) =>
    http.get<{ runId: string; date: string; stations: CalibrationStation[] }>(
      `${B}/run/${id}/calibration`,
      date ? { date } : {},
    ),
};

/** 管材糙率: a row of the utility's roughness table (Hazen-Williams C by material, with its loss by age); `keywords`
 * are comma-separated words a pipe's material is matched against (`*` matches every material). Generated from the
 * table (packages/contract/src/rows.ts). */
export type PipeMaterial = HydraulicMaterialRow & Row;

export const materialApi = crudApi<PipeMaterial>(`/api${B}/material`);
