/**
 * Water tariffs (`/swp-billing/tariff`: list, page, detail, submit, remove). The server computes 综合水价 as the sum
 * of the three fees (a client's totalPrice is ignored), refuses a second price for the same category, tier and
 * execution date, tiers outside residential water, an upper volume bound not above the lower one, and a volume
 * range overlapping another tier of the same category and execution date.
 */
import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { buttonGrants, defineResource, type Row } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { waterTariff } from './schema.ts';

/** 用水类别 (business dictionary `water_category`). */
export const WATER_CATEGORY: Record<number, string> = { 1: '居民生活用水', 2: '非居民用水', 3: '特种行业用水' };
export const RESIDENTIAL = 1;
export const MAX_TIER = 3;
const MAX_VOLUME = 99_999_999;

export const MSG = {
  category: '请选择用水类别',
  tier: '请选择阶梯',
  tierOnlyResidential: '只有居民生活用水分阶梯，其他用水类别的阶梯应为 1',
  volumeFrom: '请输入年用水量下限',
  volumeTo: '年用水量上限必须是整数',
  volumeOrder: '年用水量上限必须大于下限',
  basePrice: '请输入基本水价',
  sewageFee: '请输入污水处理费',
  resourceFee: '请输入水资源费',
  effectiveDate: '请选择执行日期',
  effectiveDateFormat: '执行日期格式应为 YYYY-MM-DD',
  status: '请选择状态',
  duplicate: '该用水类别在此执行日期已有相同阶梯的水价',
} as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const numberish = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blankToUndefined(v));

/** A required choice among a few integer codes (a numeric string is accepted). */
const code = (msg: string, values: number[]) =>
  z.preprocess(
    numberish,
    z.number({ error: msg }).refine((n) => values.includes(n), msg),
  );

/** 元/m³: a number ≥ 0 and < 1000 with at most two decimals (a numeric string is accepted). */
export const price = (msg: string, name: string) =>
  z.preprocess(
    numberish,
    z
      .number({ error: msg })
      .min(0, `${name}不能小于 0`)
      .lt(1000, `${name}必须小于 1000`)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${name}最多保留两位小数`),
  );

/** Cents of a price, exact for two decimals. */
const cents = (n: unknown) => Math.round(Number(n) * 100);

/** 综合水价 of three fees, to the cent. */
export function totalOf(basePrice: unknown, sewageFee: unknown, resourceFee: unknown): number {
  return (cents(basePrice) + cents(sewageFee) + cents(resourceFee)) / 100;
}

const isoDate = z.preprocess(
  blankToUndefined,
  z
    .string({ error: MSG.effectiveDate })
    .trim()
    .refine((s) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
      if (!m) return false;
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return (
        d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
      );
    }, MSG.effectiveDateFormat),
);

/** Inclusive volume ranges [from, to] (to null: unbounded) overlap. */
export function overlaps(a: { from: number; to: number | null }, b: { from: number; to: number | null }): boolean {
  return a.from <= (b.to ?? Number.POSITIVE_INFINITY) && b.from <= (a.to ?? Number.POSITIVE_INFINITY);
}

const range = (from: number, to: number | null) => (to === null ? `${from} m³ 以上` : `${from}–${to} m³`);

export const tariffResource = defineResource({
  code: 'tariff',
  grant: buttonGrants('tariff'),
  base: '/swp-billing/tariff',
  table: waterTariff,
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  input: {
    category: code(MSG.category, Object.keys(WATER_CATEGORY).map(Number)),
    tier: code(MSG.tier, [1, 2, 3]),
    volumeFrom: z.preprocess(
      numberish,
      z
        .number({ error: MSG.volumeFrom })
        .int(MSG.volumeFrom)
        .min(0, '年用水量下限不能小于 0')
        .max(MAX_VOLUME, `年用水量下限不能大于 ${MAX_VOLUME}`),
    ),
    volumeTo: z.preprocess(
      (v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: MSG.volumeTo })
        .int(MSG.volumeTo)
        .min(1, '年用水量上限必须大于下限')
        .max(MAX_VOLUME, `年用水量上限不能大于 ${MAX_VOLUME}`)
        .nullish(),
    ),
    basePrice: price(MSG.basePrice, '基本水价'),
    sewageFee: price(MSG.sewageFee, '污水处理费'),
    resourceFee: price(MSG.resourceFee, '水资源费'),
    effectiveDate: isoDate,
    status: z.preprocess(
      numberish,
      z
        .number({ error: MSG.status })
        .refine((n) => n === 0 || n === 1, MSG.status)
        .optional(),
    ),
    remark: z.preprocess(
      (v) => (v === '' ? null : v),
      z.string({ error: '备注必须是文本' }).trim().max(255, '备注不能超过 255 个字符').nullish(),
    ),
  },
  unique: [{ fields: ['category', 'tier', 'effectiveDate'], message: MSG.duplicate }],
  order: (cols) => [
    desc(cols.get('effectiveDate')!),
    asc(cols.get('category')!),
    asc(cols.get('tier')!),
    desc(cols.get('id')!),
  ],
  hooks: {
    async beforeSave(data, h) {
      const row: Row = { ...h.existing, ...data };
      if (row.category !== RESIDENTIAL && row.tier !== 1) throw badRequest(MSG.tierOnlyResidential);
      const from = Number(row.volumeFrom);
      const to = row.volumeTo === null || row.volumeTo === undefined ? null : Number(row.volumeTo);
      if (to !== null && to <= from) throw badRequest(MSG.volumeOrder);
      // the client's totalPrice never reaches the row (it is not an input); the server's sum does
      data.totalPrice = totalOf(row.basePrice, row.sewageFee, row.resourceFee);

      // the tiers of one category and execution date do not share annual volumes
      const conds: SQL[] = [
        liveInTenant(waterTariff, h.req.tenantId),
        eq(waterTariff.category, row.category),
        eq(waterTariff.effectiveDate, row.effectiveDate),
        ne(waterTariff.tier, row.tier),
      ];
      if (h.existing) conds.push(ne(waterTariff.id, String(h.existing.id)));
      const siblings = await h.tx
        .select({ tier: waterTariff.tier, from: waterTariff.volumeFrom, to: waterTariff.volumeTo })
        .from(waterTariff)
        .where(and(...conds))
        .orderBy(asc(waterTariff.tier));
      const hit = siblings.find((s) => overlaps({ from, to }, s));
      if (hit) throw badRequest(`年用水量区间与第 ${hit.tier} 阶梯（${range(hit.from, hit.to)}）重叠`);
    },
  },
});
