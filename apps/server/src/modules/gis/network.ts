/**
 * The demo utility's pipe network, generated deterministically from a seed (pure: same options, same network).
 *
 * Streets form a grid with irregularity (jittered crossings, bent streets, a few missing blocks); every fifth
 * street carries a main (DN400–DN800), the others distribution pipes (DN100–DN300). Valves sit a few metres from
 * the crossings on part of the street ends (mains more often), a few of them inoperable. Plants and a tank feed
 * the grid through outlet mains; booster pumps, water-quality points and DMA inlet meters sit where the monitoring
 * stations of `modules/monitor` are (same codes, `MONITOR_TIES`). DMAs are rectangles of blocks fed through one
 * inlet meter; their other boundary crossings get a normally closed valve. Service connections (meters with a
 * customer count) hang on distribution pipes, a few of them critical users (hospitals, schools).
 *
 * Coordinates are EPSG:4548 metres (x easting, y northing).
 */
import { NetworkBuilder } from './network-builder.ts';

/** What a network node carries beside its code and kind, generated (`GenNode`) or imported (import/build.ts). */
export interface NodeAttrs {
  name: string | null;
  x: number;
  y: number;
  elevation: number | null;
  diameter: number | null;
  operable: number | null;
  normalState: string | null;
  subtype: string | null;
}

export interface GenNode extends NodeAttrs {
  gid: number;
  kind: 'junction' | 'valve' | 'pump' | 'source' | 'hydrant' | 'meter' | 'wq';
  dno: string;
  customerCount: number | null;
  criticalType: string | null;
  pipeGid: number | null;
  stationCode: string | null;
  dmaCode: string | null;
  capacity: number | null;
  address: string | null;
}

export interface GenPipe {
  gid: number;
  dno: string;
  from: number;
  to: number;
  diameter: number;
  material: string;
  installYear: number;
  length: number;
  pressureZone: string;
  pipeClass: 'main' | 'distribution';
  roadName: string;
  dmaCode: string | null;
  coords: [number, number][];
}

export interface GenDma {
  gid: number;
  dno: string;
  name: string;
  stationCode: string;
  nightUse: number;
  ring: [number, number][];
}

export interface GenRoad {
  name: string;
  coords: [number, number][];
}

export interface GenPlace {
  name: string;
  kind: string;
  x: number;
  y: number;
}

export interface Network {
  nodes: GenNode[];
  pipes: GenPipe[];
  dmas: GenDma[];
  roads: GenRoad[];
  places: GenPlace[];
}

export interface NetworkOptions {
  seed: number;
  cols: number;
  rows: number;
  /** street spacing, metres */
  spacing: number;
  /** lon/lat of the south-west crossing */
  origin: [number, number];
  /** tie plants, pumps, DMAs and water-quality points to the monitoring stations */
  stations: boolean;
}

export { MONITOR_TIES } from './network-ties.ts';

/** The demo network: about 5,000 pipes over the area of the monitoring stations (117.12–117.36°E). */
export const DEMO_NETWORK: NetworkOptions = {
  seed: 20_261_124,
  cols: 40,
  rows: 40,
  spacing: 600,
  origin: [117.118, 31.728],
  stations: true,
};

/** Options for about `pipes` pipes (the benchmark network), same street density as the demo's. */
export function optionsForPipes(pipes: number, seed = 7): NetworkOptions {
  // this grid (no stations, no DMAs) yields ≈ 3.8 pipes per crossing: 162 × 162 crossings ≈ 100,000 pipes
  const side = Math.max(4, Math.round(Math.sqrt(pipes / 3.8)));
  return { seed, cols: side, rows: side, spacing: 150, origin: [116.9, 31.5], stations: false };
}

/** Generates the network (deterministic: the same options give the same network). */
export function generateNetwork(opts: NetworkOptions): Network {
  return new NetworkBuilder(opts).build();
}
