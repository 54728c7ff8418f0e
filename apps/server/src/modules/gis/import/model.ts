/**
 * The format-neutral network an import file is parsed into (EPANET .inp, GeoJSON, zipped Shapefile), before its
 * coordinates are transformed and it is written into the spatial store. Ids are the file's own ids; they become
 * the features' codes (`dno`), which is what makes a second import of the same file change nothing.
 */
import type { NetworkImportRejected } from '@swp/contract';

export type NodeKind = 'junction' | 'reservoir' | 'tank' | 'valve' | 'pump' | 'hydrant' | 'meter';
export type LinkKind = 'pipe' | 'valve' | 'pump';

export interface ImpNode {
  id: string;
  kind: NodeKind;
  /** file coordinates (before the CRS transform); undefined = none given */
  x?: number;
  y?: number;
  elevation?: number | null;
  diameter?: number | null;
  name?: string | null;
  /** valves: operable (default 1) and normal state (open/closed) */
  operable?: number | null;
  normalState?: string | null;
  subtype?: string | null;
  /** EPANET attributes kept for writing an .inp back and for the hydraulic model */
  hydraulic?: Record<string, unknown>;
  /** where it came from: line number (.inp), feature index (GeoJSON, Shapefile record) */
  row: number;
}

export interface ImpLink {
  id: string;
  kind: LinkKind;
  from: string;
  to: string;
  /** metres; undefined = computed from the geometry */
  length?: number;
  /** millimetres */
  diameter?: number;
  material?: string | null;
  installYear?: number | null;
  /** intermediate points (file coordinates), .inp [VERTICES] */
  vertices?: [number, number][];
  /** the full line (file coordinates) when the format carries it (GeoJSON, Shapefile) */
  coords?: [number, number][];
  hydraulic?: Record<string, unknown>;
  row: number;
}

export type Rejected = NetworkImportRejected;

/** Model-wide EPANET data: patterns, curves and the raw text of the sections not tied to one feature. */
export interface HydraulicModel {
  title: string[];
  patterns: Record<string, number[]>;
  curves: Record<string, { type: string | null; points: [number, number][] }>;
  /** section name → its lines (comments dropped), written back verbatim: OPTIONS, TIMES, CONTROLS, … */
  sections: Record<string, string[]>;
}

export interface ParsedNetwork {
  format: 'inp' | 'geojson' | 'shapefile';
  nodes: ImpNode[];
  links: ImpLink[];
  model: HydraulicModel | null;
  warnings: string[];
  rejected: Rejected[];
}

export const emptyModel = (): HydraulicModel => ({ title: [], patterns: {}, curves: {}, sections: {} });

/** Features per slice of work between yields to the event loop (a big import never blocks other requests long). */
export const SLICE = 10_000;
export const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));
