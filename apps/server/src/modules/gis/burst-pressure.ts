/**
 * What the hydraulic model found for a burst (issue 20): the latest finished burst what-if run on the event's pipe
 * gives the junctions and customers below the minimum service pressure and the low-pressure area. The hydraulic
 * module depends on gis, so it registers the reader here (gis cannot import it); without it, or without a run, the
 * burst event and the crew's page show nothing more than before.
 */
import type { AppContext } from '../../core/module.ts';

export interface BurstPressure {
  runId: string;
  finishTime: string | null;
  networkVersion: number;
  minPressure: number;
  /** junctions below the minimum only with the valves closed */
  junctions: number;
  customers: number;
  customerPoints: number;
  areaM2: number;
  /** rings, EPSG:4548 */
  polygons: [number, number][][];
}

type Reader = (ctx: AppContext, tenantId: string, pipeGid: number) => Promise<BurstPressure | null>;
let reader: Reader | null = null;

export function onBurstPressure(r: Reader) {
  reader = r;
}

export async function burstPressureOf(ctx: AppContext, tenantId: string, pipeGid: number | null | undefined) {
  if (!reader || !pipeGid) return null;
  return reader(ctx, tenantId, pipeGid);
}
