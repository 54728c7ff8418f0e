/**
 * 水质管理 seed: the menus; the GB 5749-2022 routine indicators for every utility that has none (then theirs to
 * edit); for the demo utility its quality points (the two online stations of the monitor seed, the other plants'
 * outlets and network taps), two sampling plans and a month of laboratory results so the lists, the compliance
 * and the monthly report have data. Deterministic and idempotent.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant, tenantHasRows, tenantSql } from '../../core/scoped.ts';
import { monitorStation } from '../monitor/index.ts';
import { ensureMenus, tenant } from '../system/index.ts';
import { limitFor, limitText, meets } from './limits.ts';
import { QUALITY_MENUS } from './menus.ts';
import { qualityIndicator, qualityPlan, qualityPoint, qualityResult } from './schema.ts';
import { GB5749_ROUTINE } from './standard.ts';

const DEMO_TENANT = '000000';
const SEED_LOCK = 7_261_210;

export async function seedIndicators(ctx: Pick<AppContext, 'db'>, tenantId: string) {
  if (await tenantHasRows(ctx.db, qualityIndicator, tenantId)) return;
  await ctx.db.insert(qualityIndicator).values(
    GB5749_ROUTINE.map((s, i) => ({
      tenantId,
      ...s,
      monitorField: s.monitorField ?? null,
      remark: s.remark ?? null,
      sort: i + 1,
    })),
  );
}

const DEMO_POINTS = [
  { code: 'SZ001', name: '第四水厂出厂水', pointKind: 'plant', stcd: 'SZ001', address: '合肥市瑶海区第四水厂' },
  { code: 'SZ002', name: '政务区管网水', pointKind: 'network', stcd: 'SZ002', address: '合肥市政务区怀宁路' },
  { code: 'WQ-P06', name: '第六水厂出厂水', pointKind: 'plant', stcd: null, address: '合肥市庐阳区第六水厂' },
  { code: 'WQ-P08', name: '第八水厂出厂水', pointKind: 'plant', stcd: null, address: '合肥市高新区第八水厂' },
  { code: 'WQ-N01', name: '蜀山区末梢水（井岗镇）', pointKind: 'network', stcd: null, address: '合肥市蜀山区井岗镇' },
  { code: 'WQ-N02', name: '包河区末梢水（大圩镇）', pointKind: 'network', stcd: null, address: '合肥市包河区大圩镇' },
];
const DAILY = [
  'turbidity',
  'free_chlorine',
  'ph',
  'colour',
  'odour',
  'visible_matter',
  'colony_count',
  'total_coliform',
  'e_coli',
  'cod_mn',
  'ammonia',
];
const MONTHLY = [
  ...DAILY,
  'iron',
  'manganese',
  'aluminium',
  'chloride',
  'sulfate',
  'tds',
  'hardness',
  'nitrate',
  'fluoride',
];
/** typical values of Hefei's treated water (the mean; samples vary ±20 %) */
const TYPICAL: Record<string, number> = {
  turbidity: 0.2,
  free_chlorine: 0.7,
  ph: 7.4,
  colour: 5,
  cod_mn: 1.6,
  ammonia: 0.05,
  colony_count: 4,
  iron: 0.05,
  manganese: 0.02,
  aluminium: 0.08,
  chloride: 28,
  sulfate: 45,
  tds: 220,
  hardness: 130,
  nitrate: 1.2,
  fluoride: 0.3,
};

export async function seedDemo(ctx: AppContext, now = Date.now()) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await tenantHasRows(tx, qualityPoint, DEMO_TENANT)) return;
    const stations = await tx.execute<{ stcd: string }>(
      sql`select stcd from swp_monitor_station where ${tenantSql(monitorStation, DEMO_TENANT)} and sttp = 'SZ' and is_deleted = 0`,
    );
    const online = new Set(stations.rows.map((r) => r.stcd));
    await tx.insert(qualityPoint).values(
      DEMO_POINTS.map((p, i) => ({
        tenantId: DEMO_TENANT,
        ...p,
        stcd: p.stcd && online.has(p.stcd) ? p.stcd : null,
        sort: i + 1,
      })),
    );
    const start = new Date(now - 31 * 86_400_000);
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await tx.insert(qualityPlan).values([
      {
        tenantId: DEMO_TENANT,
        code: 'PLAN-PLANT-D',
        name: '出厂水日检',
        pointCodes: DEMO_POINTS.filter((p) => p.pointKind === 'plant').map((p) => p.code),
        indicatorCodes: DAILY,
        frequency: 'DAILY',
        startDate: day(start),
      },
      {
        tenantId: DEMO_TENANT,
        code: 'PLAN-NET-M',
        name: '管网水月检',
        pointCodes: DEMO_POINTS.filter((p) => p.pointKind === 'network').map((p) => p.code),
        indicatorCodes: MONTHLY,
        frequency: 'MONTHLY',
        startDate: day(start),
      },
    ]);
    // a month of results: daily samples at the plants, one at each network point on the 1st
    const limits = await tx.select().from(qualityIndicator).where(liveInTenant(qualityIndicator, DEMO_TENANT));
    let seed = 20_230_401;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const values: (typeof qualityResult.$inferInsert)[] = [];
    for (let d = 0; d < 31; d++) {
      const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + d, 9, 0, 0);
      if (date.getTime() > now) break;
      for (const p of DEMO_POINTS) {
        const monthly = p.pointKind === 'network';
        if (monthly && date.getDate() !== 1) continue;
        const sampleCode = `S${day(date).replace(/-/g, '')}-${p.code}`;
        for (const code of monthly ? MONTHLY : DAILY) {
          const l = limitFor(limits, code, p.pointKind);
          if (!l) continue;
          const typical = TYPICAL[code] ?? 0;
          const value =
            code === 'free_chlorine' && monthly
              ? Number((0.3 + rand() * 0.3).toFixed(2))
              : Number((typical * (0.8 + rand() * 0.4)).toFixed(code === 'ph' ? 2 : 3));
          values.push({
            tenantId: DEMO_TENANT,
            sampleCode,
            pointCode: p.code,
            pointName: p.name,
            sampledAt: date,
            indicatorCode: code,
            indicatorName: l.name,
            unit: l.unit,
            value,
            limitText: limitText(l),
            compliant: meets(l, value),
            createTime: date,
          });
        }
      }
    }
    for (let i = 0; i < values.length; i += 500) await tx.insert(qualityResult).values(values.slice(i, i + 500));
  });
}

export async function seedQuality(ctx: AppContext) {
  await ensureMenus(ctx, QUALITY_MENUS);
  const tenants = await ctx.db.select({ id: tenant.tenantId }).from(tenant).where(eq(tenant.isDeleted, 0));
  for (const t of tenants) await seedIndicators(ctx, t.id);
  await seedDemo(ctx);
}
