/**
 * Defaults that make a network drawn in the GIS (the demo city: no EPANET data) a model EPANET can run
 * (docs/hydraulics.md "A model from the GIS"). They apply only to features without imported hydraulic data, so an
 * imported `.inp` is written back exactly as it came.
 * - Sources (plants) are reservoirs with a total head of ground elevation + PLANT_HEAD_M (the plant's outlet
 *   pressure, 0.40 MPa ≈ 40 m); ground elevation from the node's z, else the network's highest junction.
 * - Roughness: Hazen-Williams C by material, less 0.4 per year of age, never below 70.
 * - Demands: each customer meter (`meter`, subtype user) takes what the demand plan gives it (meter reads or its
 *   DMA's inflow share, decided by the hydraulic module), else METER_DEMAND_LPS per customer it serves (its customer
 *   count, at least 1) on DIURNAL; DMA inlet and bulk meters take none. The demand sits on the nearer end node of
 *   the pipe the meter hangs on.
 * - Pump stations drawn as nodes become EPANET pumps with a head curve from their design duty (pumpDuty) between a
 *   suction node `<code>_S` (the pipes towards the sources) and the station's node (the discharge).
 * - Valves drawn as nodes (the shutdown graph's form) that are normally closed close their pipes.
 */
import { sql } from 'drizzle-orm';
import { tenantColumnSql, tenantSql } from '../../../core/scoped.ts';
import { gisNode, gisPipe } from '../schema.ts';
import type { Exec } from '../store.ts';

export const PLANT_HEAD_M = 40;
/** per customer, ≈ 0.86 m³ a day: a household of three at about 290 L a head */
export const METER_DEMAND_LPS = 0.01;
/** a residential day, hour by hour from midnight (mean 1) */
export const DIURNAL = [
  0.5, 0.4, 0.35, 0.35, 0.45, 0.75, 1.2, 1.5, 1.4, 1.2, 1.1, 1.1, 1.25, 1.15, 1.0, 0.95, 1.0, 1.15, 1.45, 1.55, 1.35,
  1.1, 0.85, 0.65,
];

/**
 * A roughness rule of the utility's table (hydraulic module, 管材糙率): a pipe whose material names one of the
 * keywords (case-insensitive; `*` names every material) starts at Hazen-Williams `c` and loses `aging` a year down to
 * `minC`. The first rule that matches wins.
 */
export type RoughnessRule = { keywords: string[]; c: number; aging: number; minC: number };

/** the table a tenant starts with (and the export without a tenant's table): common values for Chinese networks */
export const DEFAULT_ROUGHNESS: RoughnessRule[] = [
  { keywords: ['PE', 'PVC', '塑料', '聚乙烯'], c: 145, aging: 0.4, minC: 70 },
  { keywords: ['球墨', 'DI', 'ductile'], c: 130, aging: 0.4, minC: 70 },
  { keywords: ['钢', 'steel'], c: 120, aging: 0.4, minC: 70 },
  { keywords: ['PCCP', '混凝土', 'concrete'], c: 125, aging: 0.4, minC: 70 },
  { keywords: ['铸铁', 'cast'], c: 100, aging: 0.4, minC: 70 },
  { keywords: ['*'], c: 130, aging: 0.4, minC: 70 },
];

function matches(rule: RoughnessRule, material: string) {
  const m = material.toLowerCase();
  return rule.keywords.some((k) => k === '*' || (k !== '' && m.includes(k.toLowerCase())));
}

export function roughnessOf(
  material: string | null,
  installYear: number | null,
  thisYear: number,
  rules: RoughnessRule[] = DEFAULT_ROUGHNESS,
): number {
  const rule = rules.find((r) => matches(r, material ?? ''));
  if (!rule) return 130;
  const age = installYear ? Math.max(0, thisYear - installYear) : 0;
  return Math.max(Math.min(rule.minC, rule.c), Math.round((rule.c - rule.aging * age) * 10) / 10);
}

export interface RunnableNode {
  gid: number;
  kind: string;
  subtype: string | null;
  elevation: number | null;
  normal_state: string | null;
  hydraulic: Record<string, unknown> | null;
  pipe_gid?: number | null;
  customer_count?: number | null;
  x: number;
  y: number;
}
export interface RunnablePipe {
  gid: number;
  from_node: number;
  to_node: number;
  hydraulic: Record<string, unknown> | null;
  coords: string;
}

/**
 * Demands decided outside the GIS (the hydraulic module, docs/hydraulics.md "Demands"): per customer meter code its
 * average consumption (L/s) and the pattern it follows; the patterns' multipliers by id. Meters not listed take
 * METER_DEMAND_LPS per customer on DIURNAL.
 */
export interface DemandPlan {
  meters: Map<string, { lps: number; pattern: string }>;
  patterns: Record<string, number[]>;
}

/**
 * Demand (L/s) per node gid and pattern from the customer meters hanging on pipes without imported data: the nearer
 * end node of the meter's pipe takes it.
 */
export function meterDemands(
  nodes: (RunnableNode & { dno?: string })[],
  pipes: RunnablePipe[],
  nodeXY: Map<number, [number, number]>,
  plan?: DemandPlan,
) {
  const byGid = new Map(pipes.map((p) => [p.gid, p]));
  const out = new Map<number, Map<string, number>>();
  for (const m of nodes) {
    if (m.kind !== 'meter' || m.subtype !== 'user' || !m.pipe_gid) continue;
    const p = byGid.get(m.pipe_gid);
    if (!p || p.hydraulic) continue;
    const a = nodeXY.get(p.from_node);
    const b = nodeXY.get(p.to_node);
    if (!a || !b) continue;
    const near = Math.hypot(a[0] - m.x, a[1] - m.y) <= Math.hypot(b[0] - m.x, b[1] - m.y) ? p.from_node : p.to_node;
    const planned = m.dno ? plan?.meters.get(m.dno) : undefined;
    const pattern = planned?.pattern ?? DIURNAL_ID;
    const lps = planned ? planned.lps : METER_DEMAND_LPS * Math.max(1, m.customer_count ?? 1);
    const at = out.get(near) ?? new Map<string, number>();
    at.set(pattern, (at.get(pattern) ?? 0) + lps);
    out.set(near, at);
  }
  return out;
}

export const DIURNAL_ID = 'DIURNAL';

/** The customer meters of the tenant (code, customers, place), for the demand allocation. */
export async function customerMeters(db: Exec, tenantId: string) {
  const r = await db.execute<{ dno: string; customers: number; x: number; y: number }>(sql`
    select dno, coalesce(customer_count, 1)::int as customers, ST_X(geom) as x, ST_Y(geom) as y
    from swp_gis_node where ${tenantSql(gisNode, tenantId)} and kind = 'meter' and subtype = 'user' and is_deleted = 0
      and pipe_gid is not null order by gid`);
  return r.rows;
}

/** A booster station drawn as a node: its code, power (kW) and monitoring station. */
export async function pumpStations(db: Exec, tenantId: string) {
  const r = await db.execute<{ dno: string; power: number | null; stcd: string | null }>(sql`
    select dno, capacity as power, station_code as stcd from swp_gis_node
    where ${tenantSql(gisNode, tenantId)} and kind = 'pump' and is_deleted = 0 and hydraulic is null order by gid`);
  return r.rows;
}

/**
 * A pump's head curve from its design duty (flow L/s, head m): EPANET's three-point form, shut-off head 4/3 of the
 * design head at no flow, the design point, and no head at twice the design flow.
 */
export function pumpCurve(flowLps: number, headM: number): [number, number][] {
  const r = (x: number) => Math.round(x * 100) / 100;
  return [
    [0, r((headM * 4) / 3)],
    [r(flowLps), r(headM)],
    [r(flowLps * 2), 0],
  ];
}

/** design duty of a station drawn as a node */
export interface PumpDuty {
  flowLps: number;
  headM: number;
}
/** the efficiency the design head is derived with from the station's power and flow */
export const PUMP_EFFICIENCY = 0.75;
/** design head of a station without data enough to derive one */
export const PUMP_DEFAULT_HEAD_M = 25;

/**
 * A station's design duty: the design flow (its measured mean, else what its power gives at the default head), and
 * the head its power gives at that flow (η PUMP_EFFICIENCY), kept within 10–60 m.
 */
export function pumpDuty(powerKw: number | null, flowLps: number | null): PumpDuty {
  const kw = powerKw && powerKw > 0 ? powerKw : 100;
  const flow = flowLps && flowLps > 0 ? flowLps : ((kw * PUMP_EFFICIENCY) / (9.81 * PUMP_DEFAULT_HEAD_M)) * 1000;
  const head = Math.min(60, Math.max(10, (kw * PUMP_EFFICIENCY) / (9.81 * (flow / 1000))));
  return { flowLps: Math.round(flow * 100) / 100, headM: Math.round(head * 100) / 100 };
}

/**
 * The model node a hydrant or meter draws from: the nearer end of the pipe it hangs on (features on pipes are not
 * model nodes); a graph node (junction, valve, pump) is its own. Null when the code is unknown.
 */
export async function modelNodeOf(db: Exec, tenantId: string, code: string): Promise<string | null> {
  const r = await db.execute<{ kind: string; dno: string; near: string | null }>(sql`
    select f.kind, f.dno,
      (select case when ST_Distance(f.geom, a.geom) <= ST_Distance(f.geom, b.geom) then a.dno else b.dno end
         from swp_gis_pipe p
           join swp_gis_node a on ${tenantSql(gisNode, tenantColumnSql(gisPipe, 'p'), 'a')} and a.gid = p.from_node
           join swp_gis_node b on ${tenantSql(gisNode, tenantColumnSql(gisPipe, 'p'), 'b')} and b.gid = p.to_node
        where ${tenantSql(gisPipe, tenantColumnSql(gisNode, 'f'), 'p')} and p.gid = f.pipe_gid and p.is_deleted = 0) as near
    from swp_gis_node f where ${tenantSql(gisNode, tenantId, 'f')} and f.dno = ${code} and f.is_deleted = 0 limit 1`);
  const f = r.rows[0];
  if (!f) return null;
  return f.kind === 'hydrant' || f.kind === 'meter' || f.kind === 'wq' ? f.near : f.dno;
}

/** Customer meters drawing from the given model nodes (as modelNodeOf maps them), with their customer counts. */
export async function customersAt(db: Exec, tenantId: string, nodeCodes: string[]) {
  if (!nodeCodes.length) return [];
  const r = await db.execute<{ dno: string; name: string | null; customers: number; node: string }>(sql`
    select m.dno, m.name, coalesce(m.customer_count, 1)::int as customers,
      case when ST_Distance(m.geom, a.geom) <= ST_Distance(m.geom, b.geom) then a.dno else b.dno end as node
    from swp_gis_node m
      join swp_gis_pipe p on ${tenantSql(gisPipe, tenantColumnSql(gisNode, 'm'), 'p')} and p.gid = m.pipe_gid and p.is_deleted = 0
      join swp_gis_node a on ${tenantSql(gisNode, tenantColumnSql(gisPipe, 'p'), 'a')} and a.gid = p.from_node
      join swp_gis_node b on ${tenantSql(gisNode, tenantColumnSql(gisPipe, 'p'), 'b')} and b.gid = p.to_node
    where ${tenantSql(gisNode, tenantId, 'm')} and m.kind = 'meter' and m.subtype = 'user' and m.is_deleted = 0
      and (a.dno = any(${sql.param(nodeCodes)}::text[]) or b.dno = any(${sql.param(nodeCodes)}::text[]))`);
  const want = new Set(nodeCodes);
  return r.rows.filter((x) => want.has(x.node));
}

/**
 * GIS features tied to monitoring stations (`station_code`), with where the model reads them: a graph node is
 * its own model node; a feature on a pipe (DMA inlet meter) reads the pipe's flow and the pressure of the pipe's
 * nearer end.
 */
export async function stationFeatures(db: Exec, tenantId: string) {
  const r = await db.execute<{ stcd: string; dno: string; kind: string; pipe: string | null; near: string | null }>(sql`
    select f.station_code as stcd, f.dno, f.kind, p.dno as pipe,
      case when p.gid is null then null
           when ST_Distance(f.geom, a.geom) <= ST_Distance(f.geom, b.geom) then a.dno else b.dno end as near
    from swp_gis_node f
      left join swp_gis_pipe p on ${tenantSql(gisPipe, tenantColumnSql(gisNode, 'f'), 'p')} and p.gid = f.pipe_gid and p.is_deleted = 0
      left join swp_gis_node a on ${tenantSql(gisNode, tenantColumnSql(gisPipe, 'p'), 'a')} and a.gid = p.from_node
      left join swp_gis_node b on ${tenantSql(gisNode, tenantColumnSql(gisPipe, 'p'), 'b')} and b.gid = p.to_node
    where ${tenantSql(gisNode, tenantId, 'f')} and f.is_deleted = 0 and f.station_code is not null
    order by f.station_code`);
  return r.rows;
}
