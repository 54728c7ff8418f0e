/**
 * Billing and charging (营业收费): the water tariffs (水价标准) a utility publishes. One row is one price step of
 * one water category from an execution date on: residential water (居民生活用水) has up to three tiers by annual
 * volume, the other categories one. The comprehensive price (综合水价) is the sum of the base price, the sewage
 * treatment fee and the water resource fee, always computed by the server.
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, remark } from '../../core/columns.ts';

export const waterTariff = businessTable(
  'swp_water_tariff',
  {
    /** 用水类别: business dictionary `water_category` (1 居民生活用水, 2 非居民用水, 3 特种行业用水) */
    category: integer('category').notNull(),
    /** 阶梯 1..3 (residential only; the other categories have tier 1) */
    tier: integer('tier').default(1).notNull(),
    /** 年用水量 lower bound, m³ (inclusive) */
    volumeFrom: integer('volume_from').default(0).notNull(),
    /** 年用水量 upper bound, m³ (inclusive); null: no upper bound */
    volumeTo: integer('volume_to'),
    /** 基本水价, 元/m³ */
    basePrice: numeric('base_price', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    /** 污水处理费, 元/m³ */
    sewageFee: numeric('sewage_fee', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    /** 水资源费, 元/m³ */
    resourceFee: numeric('resource_fee', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    /** 综合水价 = basePrice + sewageFee + resourceFee, 元/m³ (written by the server only) */
    totalPrice: numeric('total_price', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    /** 执行日期 (YYYY-MM-DD) */
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    ...remark(),
    // status: 1 在用, 0 停用
  },
  (t) => [
    uniqueIndex('uk_water_tariff_step').on(t.tenantId, t.category, t.tier, t.effectiveDate).where(sql`is_deleted = 0`),
    index('idx_water_tariff_tenant').on(t.tenantId, t.category),
  ],
);

/**
 * Customer meter reads (抄表): one row per read of a customer's meter, the volume since its previous read. The
 * meter is named by its code (`meterCode`, the GIS service connection `dno`) so the DMA balance can place it; reads
 * whose code has no located meter are listed as not placed. Read intervals do not match calendar days: the DMA
 * balance spreads each read evenly over (prevReadDate, readDate].
 */
export const meterRead = businessTable(
  'swp_billing_meter_read',
  {
    /** customer account (户号) */
    accountNo: varchar('account_no', { length: 32 }).notNull(),
    meterCode: varchar('meter_code', { length: 32 }).notNull(),
    /** households behind the meter */
    households: integer('households').default(1).notNull(),
    prevReadDate: date('prev_read_date', { mode: 'string' }).notNull(),
    readDate: date('read_date', { mode: 'string' }).notNull(),
    /** m³ between the two reads */
    volume: numeric('volume', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('uk_meter_read').on(t.tenantId, t.meterCode, t.readDate),
    index('idx_meter_read_date').on(t.tenantId, t.readDate),
  ],
);
