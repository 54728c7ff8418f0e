/**
 * The DMA family (`/swp-dma/dma`): CRUD through the resource factory with the zone rules (unique code per tenant,
 * a parent that exists and is neither the zone nor one of its descendants, no removal of a zone with children,
 * meters that are monitoring series of the tenant, a valid boundary ring), the tree, and the membership computed
 * from the GIS network and the billing reads.
 */
import type { DmaZoneNode } from '@swp/contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { buttonGrants, defineResource, type Tx } from '../../core/resource.ts';
import { liveInTenant, tenantColumnSql, tenantSql } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { meterRead } from '../billing/index.ts';
import { gisNode, gisPipe } from '../gis/index.ts';
import { seriesByCode } from '../monitor/index.ts';
import { dma } from './schema.ts';

export const DMA_READ = ['dma_zone', 'dma_balance', 'dma_night', 'dma_leak', 'dma_unbilled'];

const point = z.tuple([z.number().finite(), z.number().finite()]);
const meter = z.object({
  stcd: z.string().trim().min(1, '请填写计量点站码').max(32),
  field: z.string().trim().min(1).max(32).default('flow'),
  direction: z.enum(['in', 'out', 'pressure'], {
    message: '计量方向只能是 in (进水)、out (出水) 或 pressure (压力)',
  }),
  accuracy: z.number().min(0.1, '计量精度应在 0.1–20 % 之间').max(20, '计量精度应在 0.1–20 % 之间').default(1),
});

export const dmaResource = defineResource({
  code: 'dma',
  base: '/swp-dma/dma',
  table: dma,
  hidden: ['geom'],
  routes: ['list', 'page', 'detail', 'submit', 'remove', 'select'],
  listMode: 'all',
  tree: { titleField: 'name', valueField: 'code' },
  grant: buttonGrants('dma_zone', DMA_READ, { pick: 'signed-in' }),
  input: {
    parentId: z.union([z.string(), z.number()]).transform(String).default('0'),
    code: z
      .string()
      .trim()
      .min(1, '请输入分区编码')
      .max(32, '分区编码最长 32 个字符')
      .regex(/^[A-Za-z0-9_-]+$/, '分区编码只能包含字母、数字、下划线和短横线'),
    name: z.string().trim().min(1, '请输入分区名称').max(100),
    sort: z.number().int().min(0).max(9999).default(1),
    boundary: z.array(point).min(3, '边界至少需要 3 个顶点').max(5000).nullable().optional(),
    boundaryValves: z.array(z.string().trim().min(1).max(32)).max(500).default([]),
    meters: z.array(meter).max(50).default([]),
    population: z.number().int().min(0).max(100_000_000).default(0),
    connections: z.number().int().min(0).max(10_000_000).default(0),
    mainLength: z.number().min(0).max(100_000).default(0),
    nightStart: z.number().int().min(0).max(23).default(2),
    nightEnd: z.number().int().min(1).max(24).default(4),
    nightPerCapita: z.number().min(0).max(50).default(1.7),
    nightPerConnection: z.number().min(0).max(100).default(0.6),
    remark: z.string().max(255).nullable().optional(),
  },
  unique: [{ fields: ['code'], message: '分区编码已存在' }],
  order: (c) => [sql`${c.get('sort')} asc`, sql`${c.get('code')} asc`],
  hooks: {
    async beforeSave(data, h) {
      const tenantId = h.req.tenantId;
      const merged = { ...h.existing, ...data };
      if (merged.nightStart >= merged.nightEnd) throw badRequest('夜间时段的开始必须早于结束');
      const parentId = String(merged.parentId ?? '0');
      if (parentId !== '0') {
        if (h.existing && parentId === String(h.existing.id)) throw badRequest('上级分区不能是本分区');
        const [parent] = await h.tx
          .select({ id: dma.id })
          .from(dma)
          .where(liveInTenant(dma, tenantId, eq(dma.id, parentId)));
        if (!parent) throw badRequest('上级分区不存在');
        if (h.existing && (await descendantIds(h.tx, tenantId, String(h.existing.id))).has(parentId))
          throw badRequest('上级分区不能是本分区的下级分区');
      }
      if (Array.isArray(data.meters)) await checkMeters(h.tx, tenantId, data.meters);
      if (Array.isArray(data.boundary)) {
        const ring = closeRing(data.boundary);
        const [{ valid }] = (
          await h.tx.execute<{ valid: boolean }>(
            sql`select ST_IsValid(ST_GeomFromGeoJSON(${JSON.stringify({ type: 'Polygon', coordinates: [ring] })})) as valid`,
          )
        ).rows;
        if (!valid) throw badRequest('分区边界不是有效的多边形（边自相交或顶点重复）');
        data.boundary = ring;
      }
    },
    async afterSave(row, h) {
      await h.tx.execute(sql`update swp_dma set geom = case when boundary is null then null else
        ST_SetSRID(ST_GeomFromGeoJSON(json_build_object('type', 'Polygon', 'coordinates', json_build_array(boundary))::text), 4548) end
        where id = ${row.id}`);
    },
    async beforeRemove(rows, h) {
      for (const r of rows) {
        const [child] = await h.tx
          .select({ code: dma.code })
          .from(dma)
          .where(liveInTenant(dma, r.tenantId, eq(dma.parentId, String(r.id))))
          .limit(1);
        if (child) throw badRequest(`分区 ${r.code} 有下级分区 ${child.code}，请先删除下级分区`);
      }
    },
  },
});

export function closeRing(ring: [number, number][]): [number, number][] {
  const [fx, fy] = ring[0];
  const [lx, ly] = ring[ring.length - 1];
  return fx === lx && fy === ly ? ring : [...ring, [fx, fy]];
}

async function checkMeters(tx: Tx, tenantId: string, meters: { stcd: string; field: string }[]) {
  const seen = new Set<string>();
  for (const m of meters) {
    const key = `${m.stcd}/${m.field}`;
    if (seen.has(key)) throw badRequest(`计量点 ${key} 重复`);
    seen.add(key);
    const hit = await seriesByCode(tx, tenantId, m.stcd, m.field);
    if (!hit) throw badRequest(`监测站 ${m.stcd} 没有 ${m.field} 数据序列`);
  }
}

/** Ids of every zone below `id` (not `id` itself). */
export async function descendantIds(db: Db | Tx, tenantId: string, id: string): Promise<Set<string>> {
  const rows = await db.select({ id: dma.id, parentId: dma.parentId }).from(dma).where(liveInTenant(dma, tenantId));
  const out = new Set<string>();
  let frontier = [id];
  while (frontier.length) {
    const next: string[] = [];
    for (const r of rows) if (frontier.includes(String(r.parentId)) && !out.has(r.id)) next.push(r.id);
    for (const n of next) out.add(n);
    frontier = next;
  }
  return out;
}

export type DmaRow = typeof dma.$inferSelect;

export async function zonesOf(db: Db, tenantId: string): Promise<DmaRow[]> {
  return db.select().from(dma).where(liveInTenant(dma, tenantId)).orderBy(dma.sort, dma.code);
}

export async function zoneByCode(db: Db, tenantId: string, code: string): Promise<DmaRow> {
  const [row] = await db
    .select()
    .from(dma)
    .where(liveInTenant(dma, tenantId, eq(dma.code, code)));
  if (!row) throw badRequest(`分区 ${code} 不存在`);
  return row;
}

export function buildTree(rows: DmaRow[]): DmaZoneNode[] {
  const nodes = new Map<string, DmaZoneNode>();
  for (const r of rows)
    nodes.set(r.id, {
      id: r.id,
      parentId: String(r.parentId),
      code: r.code,
      name: r.name,
      population: r.population,
      connections: r.connections,
      mainLength: r.mainLength,
      meters: r.meters.length,
      hasBoundary: !!r.boundary,
      children: [],
    });
  const roots: DmaZoneNode[] = [];
  for (const n of nodes.values()) {
    const p = nodes.get(n.parentId);
    if (p) p.children.push(n);
    else roots.push(n);
  }
  return roots;
}

/** Codes of a zone and all its descendants. */
export function subtreeCodes(rows: DmaRow[], code: string): string[] {
  const root = rows.find((r) => r.code === code);
  if (!root) return [];
  const out = [root.code];
  let frontier = [root.id];
  while (frontier.length) {
    const kids = rows.filter((r) => frontier.includes(String(r.parentId)));
    out.push(...kids.map((k) => k.code));
    frontier = kids.map((k) => k.id);
  }
  return out;
}

/**
 * What lies inside a zone's boundary: pipes (count, length), hydrants, service-connection meters and their
 * customers, the boundary valves found and their normal state, and the billing accounts that cannot be placed
 * (their meter code has no located meter in the GIS).
 */
export async function membership(db: Db, tenantId: string, zone: DmaRow) {
  const inside = sql`ST_Contains((select geom from swp_dma where id = ${zone.id}), geom)`;
  const pipes = await db.execute<{ n: number; km: number }>(
    sql`select count(*)::int as n, coalesce(sum(length), 0)::float8 / 1000 as km from swp_gis_pipe
        where ${tenantSql(gisPipe, tenantId)} and is_deleted = 0 and ST_Intersects((select geom from swp_dma where id = ${zone.id}), geom)
          and ST_Length(ST_Intersection((select geom from swp_dma where id = ${zone.id}), geom)) > 0.5 * ST_Length(geom)`,
  );
  const nodes = await db.execute<{ kind: string; subtype: string | null; n: number; customers: number }>(
    sql`select kind, subtype, count(*)::int as n, coalesce(sum(customer_count), 0)::int as customers from swp_gis_node
        where ${tenantSql(gisNode, tenantId)} and is_deleted = 0 and kind in ('hydrant', 'meter') and ${inside}
        group by kind, subtype`,
  );
  const meterList = await db.execute<{ dno: string; name: string | null; customers: number | null; subtype: string }>(
    sql`select dno, name, customer_count as customers, subtype from swp_gis_node
        where ${tenantSql(gisNode, tenantId)} and is_deleted = 0 and kind = 'meter' and ${inside} order by dno limit 200`,
  );
  const valves = zone.boundaryValves.length
    ? (
        await db.execute<{ dno: string; normal_state: string | null; operable: number | null }>(
          sql`select dno, normal_state, operable from swp_gis_node where ${tenantSql(gisNode, tenantId)} and is_deleted = 0
              and kind = 'valve' and dno in (${sql.join(
                zone.boundaryValves.map((v) => sql`${v}`),
                sql`, `,
              )})`,
        )
      ).rows
    : [];
  const unplaced = await db.execute<{ account_no: string; meter_code: string }>(
    sql`select distinct r.account_no, r.meter_code from swp_billing_meter_read r
        where ${tenantSql(meterRead, tenantId, 'r')} and r.is_deleted = 0 and not exists (
          select 1 from swp_gis_node n where ${tenantSql(gisNode, tenantColumnSql(meterRead, 'r'), 'n')} and n.dno = r.meter_code and n.kind = 'meter' and n.is_deleted = 0)
        order by r.account_no limit 200`,
  );
  const count = (kind: string, subtype?: string) =>
    nodes.rows.filter((r) => r.kind === kind && (subtype === undefined || r.subtype === subtype));
  const users = count('meter', 'user');
  return {
    code: zone.code,
    placed: !!zone.boundary,
    pipes: pipes.rows[0]?.n ?? 0,
    pipeLengthKm: Math.round((pipes.rows[0]?.km ?? 0) * 100) / 100,
    hydrants: count('hydrant').reduce((s, r) => s + r.n, 0),
    customerMeters: users.reduce((s, r) => s + r.n, 0),
    customers: users.reduce((s, r) => s + r.customers, 0),
    inletMeters: count('meter', 'dma_inlet').reduce((s, r) => s + r.n, 0),
    meters: meterList.rows,
    boundaryValves: zone.boundaryValves.map((code) => {
      const v = valves.find((x) => x.dno === code);
      return { code, found: !!v, normalState: v?.normal_state ?? null, operable: v?.operable ?? null };
    }),
    unplaced: unplaced.rows.map((r) => ({ accountNo: r.account_no, meterCode: r.meter_code })),
  };
}
