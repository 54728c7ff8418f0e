/**
 * Online modules (`/api/visualdev`, JNPF `BASE_VISUAL_DEV`) and their records. A module holds its form design
 * (`formData`, the JNPF form JSON), its list design (`columnData`: columns, search fields, buttons) and, once
 * published, the id of its menu entry (category 3, propertyJson `{ moduleId }`). Records are JSONB rows of one
 * shared table (`lc_record`, shared/lowcode.md "Recommended storage"); publishing adds a partial expression index
 * `((search->>'field'), create_time desc, id desc) INCLUDE (search) WHERE module_id = …` per search field, so a
 * page filtered by equality (or a number or date range) reads an index in order and its count reads the index
 * only; contains filters, arrays and keyword search read `data` (docs/lowcode.md).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, idAndTenant, idType } from '../../core/columns.ts';

export const lcModule = businessTable(
  'lc_module',
  {
    fullName: varchar('full_name', { length: 100 }).notNull(),
    /** English name (the published menu entry's name in English; empty = the Chinese name is shown) */
    enName: varchar('en_name', { length: 100 }),
    enCode: varchar('en_code', { length: 64 }).notNull(),
    /** 功能分类 (free text or a dictionary key) */
    category: varchar('category', { length: 64 }),
    /** 1 表单+列表 (online development), 2 纯表单 */
    type: integer('type').default(1).notNull(),
    description: varchar('description', { length: 500 }),
    sortCode: integer('sort_code').default(0).notNull(),
    /** 0 设计中, 1 已发布 */
    state: integer('state').default(0).notNull(),
    formData: jsonb('form_data').$type<Record<string, unknown>>(),
    columnData: jsonb('column_data').$type<Record<string, unknown>>(),
    appColumnData: jsonb('app_column_data').$type<Record<string, unknown>>(),
    /** the menu entry it is published to */
    menuId: idType('menu_id'),
    /** search fields that have an expression index (kept to drop them when the design changes) */
    indexedFields: jsonb('indexed_fields').$type<string[]>(),
  },
  (t) => [
    uniqueIndex('uk_lc_module_code').on(t.tenantId, t.enCode).where(sql`is_deleted = 0`),
    index('idx_lc_module_tenant').on(t.tenantId, t.category),
  ],
);

export const lcRecord = pgTable(
  'lc_record',
  {
    ...idAndTenant(),
    moduleId: idType('module_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /**
     * The values of the published module's search fields (short scalars only, records.ts `searchValues`), written
     * with the record and refilled when the search fields change. The search indexes carry it, so a filtered count
     * is answered from the index alone (index-only scan) instead of visiting every matching row of `data`.
     */
    search: jsonb('search').$type<Record<string, unknown>>(),
    /** a row's parent (tree lists; unused by flat modules) */
    parentId: idType('parent_id'),
    /** optimistic version, +1 per update */
    version: integer('version').default(1).notNull(),
    createUser: idType('create_user'),
    createDept: idType('create_dept'),
    createTime: timestamp('create_time', { withTimezone: true }).defaultNow(),
    updateUser: idType('update_user'),
    updateTime: timestamp('update_time', { withTimezone: true }).defaultNow(),
    isDeleted: integer('is_deleted').default(0).notNull(),
  },
  (t) => [index('idx_lc_record_module').on(t.moduleId, t.tenantId, t.createTime).where(sql`is_deleted = 0`)],
);
