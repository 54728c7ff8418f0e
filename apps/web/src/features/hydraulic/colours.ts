/** Colour scales of the hydraulic map (pressure by service thresholds; flow and velocity by magnitude). */
export const PRESSURE_STOPS: [number, string][] = [
  [0, '#a8071a'],
  [14, '#fa541c'],
  [20, '#fadb14'],
  [28, '#52c41a'],
  [45, '#1677ff'],
];
export const VELOCITY_STOPS: [number, string][] = [
  [0, '#bfbfbf'],
  [0.1, '#91caff'],
  [0.5, '#1677ff'],
  [1, '#fa8c16'],
  [1.5, '#cf1322'],
];
export const FLOW_STOPS: [number, string][] = [
  [0, '#bfbfbf'],
  [1, '#91caff'],
  [10, '#1677ff'],
  [50, '#fa8c16'],
  [200, '#cf1322'],
];

/** water age (h): fresh blue to old red */
export const AGE_STOPS: [number, string][] = [
  [0, '#1677ff'],
  [6, '#13c2c2'],
  [12, '#52c41a'],
  [24, '#fadb14'],
  [48, '#cf1322'],
];
/** share of the traced source's water (%) */
export const TRACE_STOPS: [number, string][] = [
  [0, '#d9d9d9'],
  [1, '#bae0ff'],
  [25, '#69b1ff'],
  [50, '#1677ff'],
  [99, '#002c8c'],
];

/** The colour of the highest stop at or below `v` (below the first: the first). */
export function colourOf(v: number, stops: [number, string][]): string {
  let c = stops[0][1];
  for (const [at, colour] of stops) if (v >= at) c = colour;
  return c;
}

/** the junctions' scale: pressure, or a quality run's water age or source share */
export function nodeStops(m: 'pressure' | 'age' | 'trace'): [number, string][] {
  return m === 'age' ? AGE_STOPS : m === 'trace' ? TRACE_STOPS : PRESSURE_STOPS;
}
