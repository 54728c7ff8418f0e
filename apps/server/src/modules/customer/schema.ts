/**
 * The customer and water-meter register (营业收费 › 用户管理, issue 18): customers (户号, name, address, type, water
 * category of the billing tariffs, DMA, status), their water meters (meter no., caliber, type, the GIS meter feature
 * they stand at, last read) and the meter reads (reading in m³ and the consumption since the meter's previous read,
 * computed by the server; a lower reading is refused unless the read is flagged as a meter replacement).
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, idType, remark } from '../../core/columns.ts';

export const customer = businessTable(
  'swp_customer',
  {
    /** 户号 */
    accountNo: varchar('account_no', { length: 32 }).notNull(),
    customerName: varchar('customer_name', { length: 100 }).notNull(),
    address: varchar('address', { length: 255 }),
    phone: varchar('phone', { length: 32 }),
    /** residential, commercial, industrial, public */
    customerType: varchar('customer_type', { length: 16 }).notNull(),
    /** 用水类别 of the billing tariffs (billing's WATER_CATEGORY: 1 居民, 2 非居民, 3 特种行业) */
    waterCategory: integer('water_category').default(1).notNull(),
    dmaCode: varchar('dma_code', { length: 32 }),
    ...remark(),
    // status: 1 正常, 2 暂停, 0 销户
  },
  (t) => [
    uniqueIndex('uk_customer_account').on(t.tenantId, t.accountNo).where(sql`is_deleted = 0`),
    index('idx_customer_dma').on(t.tenantId, t.dmaCode),
  ],
);

export const waterMeter = businessTable(
  'swp_water_meter',
  {
    meterNo: varchar('meter_no', { length: 32 }).notNull(),
    customerId: idType('customer_id').notNull(),
    /** 口径 DN (mm) */
    caliber: integer('caliber').notNull(),
    /** mechanical, smart, ultrasonic */
    meterType: varchar('meter_type', { length: 16 }).notNull(),
    /** the GIS meter feature (swp_gis_node dno) the meter stands at */
    gisCode: varchar('gis_code', { length: 32 }),
    installDate: varchar('install_date', { length: 10 }),
    /** the latest read (by read time), kept by the reads */
    lastReadTime: timestamp('last_read_time', { withTimezone: true }),
    lastReading: numeric('last_reading', { precision: 12, scale: 2, mode: 'number' }),
    ...remark(),
    // status: 1 在用, 2 停用, 0 拆除
  },
  (t) => [
    uniqueIndex('uk_water_meter_no').on(t.tenantId, t.meterNo).where(sql`is_deleted = 0`),
    index('idx_water_meter_customer').on(t.customerId),
    index('idx_water_meter_gis').on(t.tenantId, t.gisCode),
  ],
);

export const meterReading = businessTable(
  'swp_meter_reading',
  {
    meterId: idType('meter_id').notNull(),
    readTime: timestamp('read_time', { withTimezone: true }).notNull(),
    /** 读数 m³ */
    reading: numeric('reading', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** m³ since the previous read (server-computed; null for a meter's first read) */
    consumption: numeric('consumption', { precision: 12, scale: 2, mode: 'number' }),
    /** the previous read's time: the consumption covers (prevReadTime, readTime] */
    prevReadTime: timestamp('prev_read_time', { withTimezone: true }),
    /** 1: a new meter was fitted, the reading starts again (consumption = reading) */
    replacement: integer('replacement').default(0).notNull(),
    ...remark(),
  },
  (t) => [
    uniqueIndex('uk_meter_reading_time').on(t.meterId, t.readTime).where(sql`is_deleted = 0`),
    index('idx_meter_reading_tenant').on(t.tenantId, t.readTime),
  ],
);
