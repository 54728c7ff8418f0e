/**
 * The billing area's menu (营业收费 › 收费管理 › 水价标准 with its add / edit / delete / view buttons) and the demo
 * utilities' published tariffs. Idempotent: menus are upserted by code; a tenant's tariffs are written only while
 * the tenant has no tariff row at all (removed ones included), so an administrator's changes survive restarts.
 */
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';
import { waterTariff } from './schema.ts';
import { totalOf } from './tariff.ts';

/** advisory lock serialising the tariff seed of several instances starting together */
const TARIFF_SEED_LOCK = 7_261_040;

type Op = 'add' | 'edit' | 'delete' | 'view';
const BUTTONS: [Op, string, string, number, 0 | 1 | 2][] = [
  ['add', '新增', 'PlusOutlined', 1, 0],
  ['edit', '修改', 'EditOutlined', 2, 2],
  ['delete', '删除', 'DeleteOutlined', 3, 0],
  ['view', '查看', 'EyeOutlined', 4, 1],
];

export const BILLING_MENUS: MenuItem[] = [
  {
    code: 'billing_charge',
    name: '收费管理',
    i18n: 'menu.billing.index',
    path: '/billing',
    source: 'AccountBookOutlined',
    sort: 1,
    topMenuCodes: ['billing'],
    children: [
      {
        code: 'tariff',
        name: '水价标准',
        i18n: 'menu.billing.tariff',
        path: '/billing/tariff',
        source: 'DollarOutlined',
        sort: 1,
        children: BUTTONS.map(([op, name, icon, sort, action]) => ({
          code: `tariff_${op}`,
          name,
          i18n: `button.${op}`,
          alias: op,
          path: `/billing/tariff/${op}`,
          source: icon,
          sort,
          category: 2 as const,
          action,
        })),
      },
    ],
  },
];

interface Fees {
  base: number;
  sewage: number;
  resource: number;
}

interface TariffSeed {
  category: 1 | 2 | 3;
  tier: 1 | 2 | 3;
  volumeFrom: number;
  volumeTo: number | null;
  fees: Fees;
  effectiveDate: string;
  status: 0 | 1;
  remark: string;
}

/** Residential tiers by annual volume (m³), the national 1 : 1.5 : 3 base-price ladder. */
const TIERS: [from: number, to: number | null][] = [
  [0, 180],
  [181, 260],
  [261, null],
];

function published(
  effectiveDate: string,
  status: 0 | 1,
  residentialBase: number,
  sewage: number,
  resource: number,
  nonResidential: Fees,
  special: Fees,
  note: string,
): TariffSeed[] {
  const ladder = [1, 1.5, 3];
  /** A category with one price for any volume. */
  const flat = (category: 2 | 3, fees: Fees, remark: string): TariffSeed => ({
    category,
    tier: 1,
    volumeFrom: 0,
    volumeTo: null,
    fees,
    effectiveDate,
    status,
    remark: `${note}${remark}`,
  });
  return [
    ...TIERS.map(([volumeFrom, volumeTo], i) => ({
      category: 1 as const,
      tier: (i + 1) as 1 | 2 | 3,
      volumeFrom,
      volumeTo,
      fees: { base: Math.round(residentialBase * ladder[i] * 100) / 100, sewage, resource },
      effectiveDate,
      status,
      remark: `${note}居民生活用水第${['一', '二', '三'][i]}阶梯`,
    })),
    flat(2, nonResidential, '工商业、行政事业等非居民用水'),
    flat(3, special, '洗车、洗浴、纯净水生产等特种行业用水'),
  ];
}

/** The published tariffs of the seeded utilities (the 2021 price list of the first is kept as 停用). */
export const TARIFF_SEED: Record<string, TariffSeed[]> = {
  '000000': [
    ...published(
      '2024-01-01',
      1,
      1.9,
      0.95,
      0.2,
      { base: 2.6, sewage: 1.4, resource: 0.2 },
      { base: 10, sewage: 1.4, resource: 0.2 },
      '',
    ),
    ...published(
      '2021-01-01',
      0,
      1.7,
      0.85,
      0.2,
      { base: 2.4, sewage: 1.2, resource: 0.2 },
      { base: 9, sewage: 1.2, resource: 0.2 },
      '2021 年价格，',
    ),
  ],
  '100001': published(
    '2024-03-01',
    1,
    1.8,
    0.9,
    0.2,
    { base: 2.5, sewage: 1.2, resource: 0.2 },
    { base: 8, sewage: 1.2, resource: 0.2 },
    '',
  ),
  '100002': published(
    '2023-07-01',
    1,
    1.7,
    0.85,
    0.2,
    { base: 2.4, sewage: 1.1, resource: 0.2 },
    { base: 7.5, sewage: 1.1, resource: 0.2 },
    '',
  ),
};

export async function seedTariffs(ctx: Pick<AppContext, 'db'>, seed = TARIFF_SEED) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TARIFF_SEED_LOCK})`);
    const tenants = Object.keys(seed);
    const have = new Set(
      (
        await tx
          .selectDistinct({ tenantId: waterTariff.tenantId })
          .from(waterTariff)
          .where(inArray(waterTariff.tenantId, tenants))
      ).map((r) => r.tenantId),
    );
    const rows = tenants
      .filter((t) => !have.has(t))
      .flatMap((tenantId) =>
        seed[tenantId].map((s) => ({
          tenantId,
          category: s.category,
          tier: s.tier,
          volumeFrom: s.volumeFrom,
          volumeTo: s.volumeTo,
          basePrice: s.fees.base,
          sewageFee: s.fees.sewage,
          resourceFee: s.fees.resource,
          totalPrice: totalOf(s.fees.base, s.fees.sewage, s.fees.resource),
          effectiveDate: s.effectiveDate,
          status: s.status,
          remark: s.remark,
        })),
      );
    if (rows.length) await tx.insert(waterTariff).values(rows);
  });
}

export async function seedBilling(ctx: AppContext) {
  await ensureMenus(ctx, BILLING_MENUS);
  await seedTariffs(ctx);
}
