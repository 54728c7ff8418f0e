/**
 * What the demo model's customers draw and when (docs/hydraulics.md "Demands"), decided here and handed to the gis
 * export as a demand plan:
 * - a registered demand source (a customer/meter register with reads) gives a meter's average consumption (L/s);
 * - a meter without one, inside a DMA with inlet data, takes its share of what the reads do not explain of the
 *   DMA's mean net inflow over the last PROFILE_DAYS days, by its customers (a nested zone's meters take the
 *   innermost zone; a parent zone's inflow less its children's is shared by the meters only the parent holds);
 * - every other meter keeps the default 0.01 L/s per customer (gis runnable.ts).
 * A meter inside a DMA with inlet data follows that DMA's pattern (mean inflow by local hour of day, mean 1), every
 * other one the residential DIURNAL pattern. Pump stations drawn as nodes get their design duty from their station's
 * measured mean supply (waterSupply, m³/h) and power.
 */
import type { AppContext } from '../../core/module.ts';
import { inflowProfiles } from '../dma/index.ts';
import { customerMeters, type DemandPlan, type PumpDuty, pumpDuty, pumpStations } from '../gis/index.ts';
import { readRollups, seriesByCode } from '../monitor/index.ts';

/** a tenant's average consumption (L/s) by GIS customer meter code */
export type DemandSource = (ctx: AppContext, tenantId: string) => Promise<Map<string, number>>;

let source: DemandSource | null = null;

/**
 * Lets another module (the customer/meter register) give the model its meters' consumption from reads. The last
 * one registered is used; meters it does not list fall back to DMA shares, then to the default.
 */
export function registerDemandSource(fn: DemandSource | null) {
  source = fn;
}
export const hasDemandSource = () => source !== null;

export const PROFILE_DAYS = 7;

export interface DemandZone {
  code: string;
  name: string;
  meanLps: number;
  /** what the zone's unread meters share (mean net inflow less reads and child zones), L/s */
  sharedLps: number;
  customers: number;
  days: number;
  pattern: string;
}
export interface DemandSummary {
  meters: number;
  fromReads: number;
  fromDma: number;
  byDefault: number;
  zones: DemandZone[];
  pumps: { code: string; flowLps: number; headM: number }[];
}

/** ray casting; ring in the same plane coordinates as the point */
export function inside(ring: [number, number][], x: number, y: number) {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

function area(ring: [number, number][]) {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    a += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1]);
  return Math.abs(a / 2);
}

const patternId = (code: string) => `DMA_${code.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 31);

export async function demandPlan(
  ctx: AppContext,
  tenantId: string,
  now = Date.now(),
): Promise<{ plan: DemandPlan; pumps: Map<string, PumpDuty>; summary: DemandSummary }> {
  const meters = await customerMeters(ctx.db, tenantId);
  const reads = source ? await source(ctx, tenantId) : new Map<string, number>();
  const profiles = (await inflowProfiles(ctx, tenantId, { days: PROFILE_DAYS, now })).filter(
    (p) => p.boundary && p.boundary.length >= 4,
  );
  // innermost zone of each meter (the smallest placed zone holding it)
  const sized = profiles
    .map((p) => ({ p, area: area(p.boundary as [number, number][]) }))
    .sort((a, b) => a.area - b.area);
  const zoneOf = new Map<string, string>();
  for (const m of meters) {
    const z = sized.find((s) => inside(s.p.boundary as [number, number][], m.x, m.y));
    if (z) zoneOf.set(m.dno, z.p.code);
  }
  const plan: DemandPlan = { meters: new Map(), patterns: {} };
  const zones: DemandZone[] = [];
  let fromDma = 0;
  for (const p of profiles) {
    const mine = meters.filter((m) => zoneOf.get(m.dno) === p.code);
    const childMean = profiles.filter((c) => c.parent === p.code).reduce((s, c) => s + c.meanLps, 0);
    const readLps = mine.reduce((s, m) => s + (reads.get(m.dno) ?? 0), 0);
    const unread = mine.filter((m) => !reads.has(m.dno));
    const customers = unread.reduce((s, m) => s + Math.max(1, m.customers), 0);
    const shared = Math.max(0, p.meanLps - childMean - readLps);
    const pattern = patternId(p.code);
    plan.patterns[pattern] = p.pattern;
    fromDma += unread.length;
    for (const m of unread)
      plan.meters.set(m.dno, { lps: (shared * Math.max(1, m.customers)) / (customers || 1), pattern });
    zones.push({
      code: p.code,
      name: p.name,
      meanLps: Math.round(p.meanLps * 1000) / 1000,
      sharedLps: Math.round(shared * 1000) / 1000,
      customers: mine.reduce((s, m) => s + Math.max(1, m.customers), 0),
      days: p.days,
      pattern,
    });
  }
  let fromReads = 0;
  for (const m of meters) {
    const lps = reads.get(m.dno);
    if (lps === undefined || !Number.isFinite(lps) || lps < 0) continue;
    const z = zoneOf.get(m.dno);
    plan.meters.set(m.dno, { lps, pattern: z ? patternId(z) : 'DIURNAL' });
    fromReads++;
  }
  const pumps = new Map<string, PumpDuty>();
  for (const st of await pumpStations(ctx.db, tenantId))
    pumps.set(st.dno, pumpDuty(st.power, st.stcd ? await meanSupplyLps(ctx, tenantId, st.stcd, now) : null));
  return {
    plan,
    pumps,
    summary: {
      meters: meters.length,
      fromReads,
      fromDma,
      byDefault: meters.length - plan.meters.size,
      zones,
      pumps: [...pumps].map(([code, d]) => ({ code, ...d })),
    },
  };
}

/** A station's mean measured supply (waterSupply, m³/h) over the profile days, in L/s; null without data. */
async function meanSupplyLps(ctx: AppContext, tenantId: string, stcd: string, now: number) {
  const s = await seriesByCode(ctx.db, tenantId, stcd, 'waterSupply');
  if (!s) return null;
  const rows = await readRollups(ctx.database.pool, 'daily', s.id, now - PROFILE_DAYS * 86_400_000, now);
  const sum = rows.reduce((a, r) => a + r.sum, 0);
  const count = rows.reduce((a, r) => a + r.count, 0);
  return count ? sum / count / 3.6 : null;
}
