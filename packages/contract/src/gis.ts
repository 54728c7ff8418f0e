/** The pipe network's answers both sides read (apps/server/src/modules/gis, apps/web/src/components/map). */

// ---------------------------------------------------------------- valve-shutdown analysis with its effects

export interface ValveOut {
  gid: number;
  dno: string;
  x: number;
  y: number;
  diameter: number | null;
  /** metres from the burst point */
  distance: number;
}

export interface UserOut {
  gid: number;
  dno: string;
  name: string | null;
  customerCount: number;
  criticalType: string | null;
  pipeGid: number;
  /** segment: on the burst segment; isolated: cut off by the closed valves */
  cause: 'segment' | 'isolated';
}

export interface PipeAnalysis {
  networkVersion: number;
  burst: { pipeGid: number; pipeDno: string; x: number; y: number; roadName: string | null; dmaCode: string | null };
  segmentPipes: number[];
  segmentLength: number;
  isolatedPipes: number[];
  /** valves to close, nearest the burst first */
  valves: ValveOut[];
  closedValves: number[];
  backups: { forValve: number; valves: ValveOut[] }[];
  affectedUsers: UserOut[];
  affectedCustomers: number;
  criticalUsers: UserOut[];
  sourceInSegment: boolean;
  tookMs: number;
}

// ---------------------------------------------------------------- network import (EPANET, GeoJSON, Shapefile)

/** How many of each feature a network file holds (or an import wrote). */
export interface NetworkCounts {
  junctions: number;
  pipes: number;
  valves: number;
  pumps: number;
  tanks: number;
  reservoirs: number;
  hydrants: number;
  meters: number;
}

/** Something an import noticed but took anyway (a dangling pipe end, a duplicate id, a zero-length pipe…). */
export interface NetworkImportWarning {
  type: 'dangling' | 'duplicate' | 'zeroLength' | 'isolated' | 'format';
  id: string | null;
  message: string;
}

/** A row an import refused, with its reason. */
export interface NetworkImportRejected {
  row: number | null;
  id: string | null;
  reason: string;
}

/** What a network import answers: counts, what it noticed and refused, what it wrote (nothing on a dry run). */
export interface NetworkImportReport extends NetworkCounts {
  format: string;
  crs: string;
  mode: 'replace' | 'merge';
  dryRun: boolean;
  applied: boolean;
  warnings: NetworkImportWarning[];
  warningCount: number;
  rejected: NetworkImportRejected[];
  rejectedCount: number;
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
  networkVersion: number | null;
  tookMs: number;
}

// ---------------------------------------------------------------- map overlays and the online basemap

/** One point (or DMA ring) of a map overlay layer: staff, stations, devices, alarms, events, DMAs. */
export interface OverlayItem<P = Record<string, unknown>> {
  id: string;
  /** EPSG:4548 */
  x: number;
  y: number;
  name: string;
  /** a short state for the symbol: online/offline/alarm/unlinked, level 1–3, 0/1/2 event status, online/offline */
  state: string;
  props: P;
  /** DMAs: the boundary ring */
  ring?: [number, number][];
}

export type TileProvider = 'none' | 'tianditu' | 'xyz' | 'wmts';

/** One layer of the tenant's online basemap as the map draws it, in draw order. */
export type TileLayerSpec =
  | {
      type: 'xyz';
      url: string;
      /** EPSG:3857: the usual XYZ grid; tianditu-c: Tianditu's EPSG:4326 grid, its level = grid zoom + 1 */
      grid: 'EPSG:3857' | 'tianditu-c';
      maxZoom: number;
      attribution: string;
      role: 'base' | 'label';
    }
  | { type: 'wmts'; url: string; layer: string; matrixSet: string; attribution: string; role: 'base' };

/** What `/swp-gis/tiles` answers: the provider and its layers (empty for none, or Tianditu without a key). */
export interface TileConfig {
  provider: TileProvider;
  layers: TileLayerSpec[];
}
