/**
 * The DMA分区 area's menus, and the demo utility's zones: one per GIS DMA (its polygon, its `LL` inlet station's
 * flow as the inlet meter, the closed valves on its edge as boundary valves, design figures from the network),
 * and monthly meter reads for the customers inside them when billing has none (read days spread over the month,
 * volumes sized so that about 80 % of the inflow is billed). Idempotent: nothing is written for a tenant that has
 * zones or reads already.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { tenantColumnSql, tenantHasRows, tenantSql } from '../../core/scoped.ts';
import { meterRead } from '../billing/index.ts';
import { gisDma, gisNode, gisPipe } from '../gis/index.ts';
import { monitorStation, readRollups } from '../monitor/index.ts';
import { areaButtons, ensureMenus, type MenuItem, screenEntry } from '../system/index.ts';
import { dma } from './schema.ts';

const DEMO_TENANT = '000000';
const SEED_LOCK = 7_261_190;

const { button, crud } = areaButtons('/dma', ['operator']);

export const DMA_MENUS: MenuItem[] = [
  {
    ...screenEntry('dma', 'DMA分区', 'menu.dma.index', '/dma', 'ClusterOutlined', 1, [
      screenEntry('dma_zone', '分区管理', 'menu.dma.zone', '/dma/zone', 'PartitionOutlined', 1, crud('dma_zone')),
      screenEntry('dma_balance', '水量平衡', 'menu.dma.balance', '/dma/balance', 'PieChartOutlined', 2, [
        button('dma_balance_export', '导出', 'button.export', 1, 0, ['operator', 'auditor']),
        button('dma_balance_setting', '参数设置', 'button.dmaSetting', 2, 0),
      ]),
      screenEntry(
        'dma_unbilled',
        '免费用水登记',
        'menu.dma.unbilled',
        '/dma/unbilled',
        'FormOutlined',
        3,
        crud('dma_unbilled'),
      ),
      screenEntry('dma_night', '夜间流量', 'menu.dma.night', '/dma/night', 'LineChartOutlined', 4),
      screenEntry('dma_leak', '漏损事件', 'menu.dma.leak', '/dma/leak', 'AlertOutlined', 5, [
        button('dma_leak_detect', '历史检测', 'button.dmaDetect', 1, 0),
        button('dma_leak_dispatch', '派单维修', 'button.dmaDispatch', 2, 1),
        button('dma_leak_add', '登记漏损', 'button.dmaReport', 3, 0),
      ]),
    ]),
    topMenuCodes: ['dma'],
    roles: ['operator', 'auditor'],
  },
];

export async function seedDma(ctx: AppContext) {
  await ensureMenus(ctx, DMA_MENUS);
  await seedZones(ctx, DEMO_TENANT);
  await seedReads(ctx, DEMO_TENANT);
}

export async function seedZones(ctx: AppContext, tenantId: string) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await tenantHasRows(tx, dma, tenantId)) return;
    const gis = await tx.execute<{
      dno: string;
      name: string;
      station_code: string | null;
      ring: string;
      customers: number;
      connections: number;
      main_km: number;
      valves: string[] | null;
    }>(sql`select d.dno, d.name, d.station_code, ST_AsGeoJSON(d.geom) as ring,
              (select coalesce(sum(customer_count), 0)::int from swp_gis_node n where ${tenantSql(gisNode, tenantColumnSql(gisDma, 'd'), 'n')}
                 and n.kind = 'meter' and n.subtype = 'user' and ST_Contains(d.geom, n.geom)) as customers,
              (select count(*)::int from swp_gis_node n where ${tenantSql(gisNode, tenantColumnSql(gisDma, 'd'), 'n')}
                 and n.kind = 'meter' and n.subtype = 'user' and ST_Contains(d.geom, n.geom)) as connections,
              (select coalesce(sum(length), 0)::float8 / 1000 from swp_gis_pipe p where ${tenantSql(gisPipe, tenantColumnSql(gisDma, 'd'), 'p')}
                 and ST_Contains(d.geom, p.geom)) as main_km,
              (select array_agg(n.dno order by n.dno) from swp_gis_node n where ${tenantSql(gisNode, tenantColumnSql(gisDma, 'd'), 'n')}
                 and n.kind = 'valve' and n.normal_state = 'closed' and ST_DWithin(ST_Boundary(d.geom), n.geom, 400)) as valves
             from swp_gis_dma d where ${tenantSql(gisDma, tenantId, 'd')} and d.is_deleted = 0 order by d.dno`);
    for (const [i, g] of gis.rows.entries()) {
      const ring = (JSON.parse(g.ring).coordinates[0] as [number, number][]).map(
        ([x, y]) => [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000] as [number, number],
      );
      const [row] = await tx
        .insert(dma)
        .values({
          tenantId,
          code: g.dno,
          name: g.name,
          sort: i + 1,
          boundary: ring,
          boundaryValves: g.valves ?? [],
          // the inlet station measures flow and pressure: the pressure is the leak detector's second witness
          meters: g.station_code
            ? [
                { stcd: g.station_code, field: 'flow', direction: 'in', accuracy: 1 },
                { stcd: g.station_code, field: 'pressure', direction: 'pressure', accuracy: 1 },
              ]
            : [],
          // households behind the service connections, 2.8 people each (China's 2020 census average household)
          population: Math.round(g.customers * 2.8),
          connections: g.connections,
          mainLength: Math.round(g.main_km * 100) / 100,
          remark: '演示分区（由管网GIS分区生成）',
        })
        .returning({ id: dma.id });
      await tx.execute(
        sql`update swp_dma set geom = ST_SetSRID(ST_GeomFromGeoJSON(json_build_object('type', 'Polygon', 'coordinates', json_build_array(boundary))::text), 4548) where id = ${row.id}`,
      );
    }
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
function hash01(s: string, k: number) {
  let h = 2166136261 ^ k;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return ((h >>> 0) % 100_000) / 100_000;
}

export async function seedReads(ctx: AppContext, tenantId: string, now = Date.now()) {
  if (await tenantHasRows(ctx.db, meterRead, tenantId)) return;
  const zones = await ctx.db.execute<{ id: string; code: string; stcd: string | null }>(
    sql`select id, code, meters->0->>'stcd' as stcd from swp_dma where ${tenantSql(dma, tenantId)} and is_deleted = 0 and geom is not null`,
  );
  const days = ctx.config.monitorBackfillDays;
  for (const z of zones.rows) {
    if (!z.stcd) continue;
    const series = await ctx.db.execute<{ id: number }>(
      sql`select s.id from swp_monitor_series s join swp_monitor_station st on st.id = s.station_id
          where ${tenantSql(monitorStation, tenantId, 'st')} and st.stcd = ${z.stcd} and s.field = 'flow'`,
    );
    if (!series.rows[0]) continue;
    const roll = await readRollups(ctx.database.pool, 'daily', series.rows[0].id, now - days * 86_400_000, now);
    const sum = roll.reduce((a, r) => a + r.sum, 0);
    const cnt = roll.reduce((a, r) => a + r.count, 0);
    if (!cnt) continue;
    const meanFlow = sum / cnt;
    const meters = await ctx.db.execute<{ dno: string; households: number }>(
      sql`select n.dno, coalesce(n.customer_count, 1)::int as households from swp_gis_node n
          where ${tenantSql(gisNode, tenantId, 'n')} and n.kind = 'meter' and n.subtype = 'user' and n.is_deleted = 0
            and ST_Contains((select geom from swp_dma where id = ${z.id}), n.geom)`,
    );
    const households = meters.rows.reduce((a, m) => a + m.households, 0);
    if (!households) continue;
    // about 80 % of the inflow reaches the customers' meters (a 20 % NRW rate, typical of Chinese utilities)
    const perHouseholdDay = (0.8 * meanFlow * 24) / households;
    const rows: (typeof meterRead.$inferInsert)[] = [];
    for (const m of meters.rows) {
      const readDay = 1 + Math.floor(hash01(m.dno, 1) * 28);
      const start = new Date(now - days * 86_400_000);
      let prev = new Date(start.getFullYear(), start.getMonth() - 1, readDay);
      for (let k = 0; ; k++) {
        const read = new Date(prev.getFullYear(), prev.getMonth() + 1, readDay);
        if (read.getTime() > now) break;
        const d = Math.round((read.getTime() - prev.getTime()) / 86_400_000);
        const volume = m.households * perHouseholdDay * d * (0.9 + 0.2 * hash01(m.dno, k + 2));
        rows.push({
          tenantId,
          accountNo: `HH${m.dno.replace(/\D/g, '').padStart(8, '0')}`,
          meterCode: m.dno,
          households: m.households,
          prevReadDate: ymd(prev),
          readDate: ymd(read),
          volume: Math.round(volume * 100) / 100,
        });
        prev = read;
      }
    }
    for (let i = 0; i < rows.length; i += 1000)
      await ctx.db
        .insert(meterRead)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
  }
}
