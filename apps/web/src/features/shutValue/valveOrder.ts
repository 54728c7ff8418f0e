import type { EventValve } from '../../components/map/gisApi';

export interface CrewValve extends EventValve {
  /** the valve's number in the closing order (backups carry the number of the valve they stand in for) */
  n: number;
  /** for a backup valve: the number of the valve it replaces */
  forN?: number;
}

/**
 * The crew's list: the valves to close numbered in the server's order (nearest first within the analysis), then
 * each backup valve placed right after the valve it stands in for, so the crew reads one list top to bottom.
 */
export function crewOrder<V extends EventValve>(valves: V[]): (V & CrewValve)[] {
  const main = valves.filter((v) => v.role === 'close');
  const numberOf = new Map(main.map((v, i) => [v.valveGid, i + 1]));
  const out: (V & CrewValve)[] = [];
  for (const v of main) {
    const n = numberOf.get(v.valveGid) ?? 0;
    out.push({ ...v, n });
    for (const b of valves.filter((b) => b.role === 'backup' && b.forValveGid === v.valveGid)) {
      out.push({ ...b, n, forN: n });
    }
  }
  // backups whose valve is not in the list (should not happen) still show, at the end
  for (const b of valves.filter((b) => b.role === 'backup' && !numberOf.has(b.forValveGid ?? -1))) {
    out.push({ ...b, n: 0 });
  }
  return out;
}

/** Closed and total counts over the valves to close (backups count only when closed in place of their valve). */
export function progressOf(valves: EventValve[]): { done: number; total: number } {
  const main = valves.filter((v) => v.role === 'close');
  const backupClosed = new Set(
    valves.filter((v) => v.role === 'backup' && v.closed === 1).map((v) => v.forValveGid ?? -1),
  );
  const done = main.filter((v) => v.closed === 1 || backupClosed.has(v.valveGid)).length;
  return { done, total: main.length };
}
