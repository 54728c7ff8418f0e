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

/** The colour of the highest stop at or below `v` (below the first: the first). */
export function colourOf(v: number, stops: [number, string][]): string {
  let c = stops[0][1];
  for (const [at, colour] of stops) if (v >= at) c = colour;
  return c;
}
