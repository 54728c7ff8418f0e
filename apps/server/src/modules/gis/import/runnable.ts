/**
 * Defaults that make a network drawn in the GIS (the demo city: no EPANET data) a model EPANET can run
 * (docs/hydraulics.md "A model from the GIS"). They apply only to features without imported hydraulic data, so an
 * imported `.inp` is written back exactly as it came.
 * - Sources (plants) are reservoirs with a total head of ground elevation + PLANT_HEAD_M (the plant's outlet
 *   pressure, 0.40 MPa ≈ 40 m); ground elevation from the node's z, else the network's highest junction.
 * - Roughness: Hazen-Williams C by material, less 0.4 per year of age, never below 70.
 * - Demands: each customer meter (`meter`, subtype user) takes METER_DEMAND_LPS per customer it serves (its
 *   customer count, at least 1); DMA inlet and bulk meters take none. The demand sits on the nearer end node of the
 *   pipe the meter hangs on. All these demands follow DIURNAL.
 * - Valves drawn as nodes (the shutdown graph's form) that are normally closed close their pipes.
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../store.ts';

export const PLANT_HEAD_M = 40;
/** per customer, ≈ 0.86 m³ a day: a household of three at about 290 L a head */
export const METER_DEMAND_LPS = 0.01;
/** a residential day, hour by hour from midnight (mean 1) */
export const DIURNAL = [
  0.5, 0.4, 0.35, 0.35, 0.45, 0.75, 1.2, 1.5, 1.4, 1.2, 1.1, 1.1, 1.25, 1.15, 1.0, 0.95, 1.0, 1.15, 1.45, 1.55, 1.35,
  1.1, 0.85, 0.65,
];

const C_BY_MATERIAL: [RegExp, number][] = [
  [/PE|PVC|塑料|聚乙烯/i, 145],
  [/球墨|DI|ductile/i, 130],
  [/钢|steel/i, 120],
  [/PCCP|混凝土|concrete/i, 125],
  [/铸铁|cast/i, 100],
];

export function roughnessOf(material: string | null, installYear: number | null, thisYear: number): number {
  const base = C_BY_MATERIAL.find(([re]) => re.test(material ?? ''))?.[1] ?? 130;
  const age = installYear ? Math.max(0, thisYear - installYear) : 0;
  return Math.max(70, Math.round((base - 0.4 * age) * 10) / 10);
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

/** Demand (L/s) per node gid from the customer meters hanging on pipes without imported data. */
export function meterDemands(nodes: RunnableNode[], pipes: RunnablePipe[], nodeXY: Map<number, [number, number]>) {
  const byGid = new Map(pipes.map((p) => [p.gid, p]));
  const out = new Map<number, number>();
  for (const m of nodes) {
    if (m.kind !== 'meter' || m.subtype !== 'user' || !m.pipe_gid) continue;
    const p = byGid.get(m.pipe_gid);
    if (!p || p.hydraulic) continue;
    const a = nodeXY.get(p.from_node);
    const b = nodeXY.get(p.to_node);
    if (!a || !b) continue;
    const near = Math.hypot(a[0] - m.x, a[1] - m.y) <= Math.hypot(b[0] - m.x, b[1] - m.y) ? p.from_node : p.to_node;
    out.set(near, (out.get(near) ?? 0) + METER_DEMAND_LPS * Math.max(1, m.customer_count ?? 1));
  }
  return out;
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
           join swp_gis_node a on a.tenant_id = p.tenant_id and a.gid = p.from_node
           join swp_gis_node b on b.tenant_id = p.tenant_id and b.gid = p.to_node
        where p.tenant_id = f.tenant_id and p.gid = f.pipe_gid and p.is_deleted = 0) as near
    from swp_gis_node f where f.tenant_id = ${tenantId} and f.dno = ${code} and f.is_deleted = 0 limit 1`);
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
      join swp_gis_pipe p on p.tenant_id = m.tenant_id and p.gid = m.pipe_gid and p.is_deleted = 0
      join swp_gis_node a on a.tenant_id = p.tenant_id and a.gid = p.from_node
      join swp_gis_node b on b.tenant_id = p.tenant_id and b.gid = p.to_node
    where m.tenant_id = ${tenantId} and m.kind = 'meter' and m.subtype = 'user' and m.is_deleted = 0
      and (a.dno = any(${sql.param(nodeCodes)}::text[]) or b.dno = any(${sql.param(nodeCodes)}::text[]))`);
  const want = new Set(nodeCodes);
  return r.rows.filter((x) => want.has(x.node));
}
