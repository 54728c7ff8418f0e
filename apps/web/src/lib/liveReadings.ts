/**
 * The new latest values a live `monitor.points` event carries (server: monitor/ingest.ts `LiveReading`), applied to
 * a process diagram without re-reading it: each reading replaces the value of its station's series when it is newer
 * than the one shown, and is shown as stale (no number) when its point is older than three reporting intervals —
 * the same rule as the server's diagram. A pump's run state and a station's out-of-contact flag follow.
 */
import type { Diagram, DiagramNode, DiagramPump, DiagramValue } from '../api/dispatch';

/** station code, field, value, point time (epoch ms), reporting step (s) */
export type LiveReading = [stcd: string, field: string, value: number, ts: number, step: number];

export interface LivePoints {
  points?: number;
  values?: LiveReading[];
}

export const STALE_INTERVALS = 3;

/** The readings of a live event's data, or null when it carries none (a bulk load: re-read instead). */
export function readingsOf(data: unknown): LiveReading[] | null {
  const v = (data as LivePoints | null | undefined)?.values;
  if (!Array.isArray(v)) return null;
  return v.filter(
    (r): r is LiveReading =>
      Array.isArray(r) &&
      typeof r[0] === 'string' &&
      typeof r[1] === 'string' &&
      typeof r[2] === 'number' &&
      typeof r[3] === 'number' &&
      typeof r[4] === 'number',
  );
}

function applyValue(v: DiagramValue, r: LiveReading, now: number): DiagramValue {
  const [, , value, ts, step] = r;
  if (v.time && Date.parse(v.time) > ts) return v;
  const stale = now - ts > STALE_INTERVALS * step * 1000;
  return { ...v, value: stale ? null : value, time: new Date(ts).toISOString(), stale, step };
}

const PUMP_KEYS = ['state', 'frequency', 'flow', 'pressure'] as const;

/** The diagram with the readings applied (its time: `now`); the same object when none of them concerns it. */
export function applyReadings(d: Diagram, readings: LiveReading[], now = Date.now()): Diagram {
  if (!readings.length) return d;
  const byStation = new Map<string, Map<string, LiveReading>>();
  for (const r of readings) {
    const m = byStation.get(r[0]) ?? new Map<string, LiveReading>();
    const prev = m.get(r[1]);
    if (!prev || prev[3] <= r[3]) m.set(r[1], r);
    byStation.set(r[0], m);
  }
  let changed = false;
  const nodes = d.nodes.map((n): DiagramNode => {
    const mine = byStation.get(n.stcd);
    if (!mine) return n;
    let touched = false;
    const upd = (v: DiagramValue | null) => {
      const r = v && mine.get(v.field);
      if (!v || !r) return v;
      const next = applyValue(v, r, now);
      if (next !== v) touched = true;
      return next;
    };
    const values = n.values.map((v) => upd(v) as DiagramValue);
    const pumps = n.pumps.map((p): DiagramPump => {
      const next = { ...p };
      for (const k of PUMP_KEYS) next[k] = upd(p[k]);
      next.running = !next.state || next.state.value === null ? null : next.state.value >= 0.5;
      return next;
    });
    if (!touched) return n;
    changed = true;
    const all = [...values, ...pumps.flatMap((p) => PUMP_KEYS.map((k) => p[k]).filter((v) => v !== null))];
    return { ...n, values, pumps, stale: all.every((v) => v.stale) };
  });
  return changed ? { ...d, nodes, time: new Date(now).toISOString() } : d;
}
