/**
 * The JNPF system families of the data services: dictionary types and their data (a second dictionary, beside
 * BladeX `dict`/`dict-biz`), areas (片区, a tree), common fields, and bill rules. Bill rules are also the BladeX
 * `sequence` family, so their table keeps the BladeX names; the JNPF routes translate (`fullName` ↔
 * `sequenceName`, …). Every table belongs to a tenant.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, idType, sort } from '../../core/columns.ts';

/** JNPF's own bookkeeping columns besides the audit fields (`enabledMark` 1 on, 0 off). */
const jnpf = () => ({
  description: varchar('description', { length: 500 }),
  sortCode: integer('sort_code').default(0).notNull(),
  enabledMark: integer('enabled_mark').default(1).notNull(),
});

export const dictionaryType = businessTable(
  'base_dictionary_type',
  {
    parentId: idType('parent_id').default('0').notNull(),
    fullName: varchar('full_name', { length: 100 }).notNull(),
    enCode: varchar('en_code', { length: 64 }).notNull(),
    /** 1: its data form a tree */
    isTree: integer('is_tree').default(0).notNull(),
    ...jnpf(),
  },
  (t) => [uniqueIndex('uk_dictionary_type_code').on(t.tenantId, t.enCode).where(sql`is_deleted = 0`)],
);

export const dictionaryData = businessTable(
  'base_dictionary_data',
  {
    dictionaryTypeId: idType('dictionary_type_id').notNull(),
    parentId: idType('parent_id').default('0').notNull(),
    fullName: varchar('full_name', { length: 100 }).notNull(),
    enCode: varchar('en_code', { length: 64 }).notNull(),
    /** quick-search letters */
    simpleSpelling: varchar('simple_spelling', { length: 100 }),
    isDefault: integer('is_default').default(0).notNull(),
    ...jnpf(),
  },
  (t) => [
    index('idx_dictionary_data_type').on(t.tenantId, t.dictionaryTypeId),
    uniqueIndex('uk_dictionary_data_code').on(t.dictionaryTypeId, t.enCode).where(sql`is_deleted = 0`),
  ],
);

export const area = businessTable(
  'base_area',
  {
    parentId: idType('parent_id').default('0').notNull(),
    enCode: varchar('en_code', { length: 64 }).notNull(),
    fullName: varchar('full_name', { length: 100 }).notNull(),
    quickQuery: varchar('quick_query', { length: 100 }),
    /** 1 城市, 2 城区, 3 片区 (DMA), 4 小区 */
    type: integer('type').default(3).notNull(),
    ...jnpf(),
  },
  (t) => [
    index('idx_area_parent').on(t.tenantId, t.parentId),
    uniqueIndex('uk_area_code').on(t.tenantId, t.enCode).where(sql`is_deleted = 0`),
  ],
);

export const commonFields = businessTable(
  'base_common_fields',
  {
    /** 说明 (label) */
    fieldName: varchar('field_name', { length: 100 }).notNull(),
    /** column name */
    field: varchar('field', { length: 64 }).notNull(),
    dataType: varchar('data_type', { length: 32 }).notNull(),
    dataLength: varchar('data_length', { length: 16 }),
    /** 1 nullable */
    allowNull: integer('allow_null').default(1).notNull(),
    ...jnpf(),
  },
  (t) => [uniqueIndex('uk_common_fields_field').on(t.tenantId, t.field).where(sql`is_deleted = 0`)],
);

/**
 * Bill rules / sequences: the next number is `prefix + date (format) + sequence padded to digit`. The sequence
 * is kept per period (the formatted date of the last number) and advanced by one atomic UPDATE … RETURNING.
 * `status` 1 on, 0 off.
 */
export const sequence = businessTable(
  'blade_sequence',
  {
    sequenceCode: varchar('sequence_code', { length: 64 }).notNull(),
    sequenceName: varchar('sequence_name', { length: 100 }).notNull(),
    sequencePrefix: varchar('sequence_prefix', { length: 32 }).default('').notNull(),
    /** '' (no date), YYYY, YYYYMM, YYYYMMDD, YYYYMMDDHH, YYYYMMDDHHmm, YYYYMMDDHHmmss */
    sequenceFormat: varchar('sequence_format', { length: 20 }).default('').notNull(),
    sequenceDigit: integer('sequence_digit').default(4).notNull(),
    /** the first number of a period */
    sequenceStart: bigint('sequence_start', { mode: 'number' }).default(1).notNull(),
    /** the last number issued in `sequencePeriod` (0: none yet) */
    sequenceNumber: bigint('sequence_number', { mode: 'number' }).default(0).notNull(),
    sequencePeriod: varchar('sequence_period', { length: 20 }).default('').notNull(),
    /** the last full number issued */
    lastNumber: varchar('last_number', { length: 128 }),
    sequenceRemark: varchar('sequence_remark', { length: 500 }),
    ...sort(0),
  },
  (t) => [uniqueIndex('uk_sequence_code').on(t.tenantId, t.sequenceCode).where(sql`is_deleted = 0`)],
);
