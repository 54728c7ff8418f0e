/**
 * A DMA's day from its inlet data, for the hydraulic model's demands (docs/hydraulics.md "Demands"): the net inflow
 * (Σ inlets − Σ outlets, hourly means of the meters' hourly rollups) averaged by local hour of day over the last
 * `days` whole days gives the zone's mean demand and a 24-hour pattern (multipliers, mean 1). Hours without a
 * reading of every flow meter are left out; an hour of day with no usable hour at all takes the day's mean (1).
 */
import type { AppContext } from '../../core/module.ts';
import { meterHours, zoneSeries } from './data.ts';
import { DAY_MS } from './nightflow.ts';
import { type DmaRow, zonesOf } from './zones.ts';

export interface InflowProfile {
  code: string;
  name: string;
  /** the zone's parent zone code, null at the top */
  parent: string | null;
  /** ring in EPSG:4548 (closed), null when the zone is not placed */
  boundary: [number, number][] | null;
  /** mean net inflow, L/s */
  meanLps: number;
  /** 24 multipliers from local midnight, mean 1 */
  pattern: number[];
  /** whole days that had at least one usable hour */
  days: number;
}

/** Local midnight at or before t. */
function midnight(t: number) {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

export function profileOf(meters: { direction: 'in' | 'out'; hours: { t: number; sum: number; count: number }[] }[]) {
  if (!meters.some((m) => m.direction === 'in')) return null;
  const byHour = new Map<number, number>();
  const seen = new Map<number, number>();
  for (const m of meters)
    for (const h of m.hours) {
      if (!h.count) continue;
      const mean = h.sum / h.count;
      byHour.set(h.t, (byHour.get(h.t) ?? 0) + (m.direction === 'in' ? mean : -mean));
      seen.set(h.t, (seen.get(h.t) ?? 0) + 1);
    }
  const sums = new Array<number>(24).fill(0);
  const counts = new Array<number>(24).fill(0);
  const dayKeys = new Set<number>();
  for (const [t, net] of byHour) {
    if (seen.get(t) !== meters.length) continue;
    const h = new Date(t).getHours();
    sums[h] += Math.max(0, net);
    counts[h]++;
    dayKeys.add(midnight(t));
  }
  const hourly = sums.map((s, h) => (counts[h] ? s / counts[h] : Number.NaN));
  const known = hourly.filter((x) => Number.isFinite(x));
  if (!known.length) return null;
  const mean = known.reduce((a, b) => a + b, 0) / known.length;
  if (!(mean > 0)) return null;
  const pattern = hourly.map((x) => (Number.isFinite(x) ? Math.round((x / mean) * 1e4) / 1e4 : 1));
  // m³/h → L/s
  return { meanLps: mean / 3.6, pattern, days: dayKeys.size };
}

/** Every placed or unplaced zone of the tenant that has inlet data over the last `days` whole local days. */
export async function inflowProfiles(
  ctx: AppContext,
  tenantId: string,
  opts: { days?: number; now?: number } = {},
): Promise<InflowProfile[]> {
  const to = midnight(opts.now ?? Date.now());
  const from = to - (opts.days ?? 7) * DAY_MS;
  const zones: DmaRow[] = await zonesOf(ctx.db, tenantId);
  const codeOf = new Map(zones.map((z) => [z.id, z.code]));
  const out: InflowProfile[] = [];
  for (const z of zones) {
    const p = profileOf(await meterHours(ctx, await zoneSeries(ctx, z), from, to));
    if (!p) continue;
    out.push({
      code: z.code,
      name: z.name,
      parent: codeOf.get(String(z.parentId)) ?? null,
      boundary: z.boundary ?? null,
      ...p,
    });
  }
  return out;
}
