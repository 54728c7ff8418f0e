/**
 * Business forms (`/api/blade-business`): categories (a tree), data models (a table of a data source, with its
 * fields), forms (a JNPF form design with a unique code, optionally bound to a data model), and designs (a list
 * design of a form, grouped). Filled-in forms are records in the low-code record store (`lc_record`, keyed by the
 * form id), so they pass the same field rules as online modules.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, idType, remark, sort } from '../../core/columns.ts';

export const bizCategory = businessTable(
  'biz_category',
  {
    parentId: idType('parent_id').default('0').notNull(),
    categoryName: varchar('category_name', { length: 64 }).notNull(),
    categoryCode: varchar('category_code', { length: 64 }).notNull(),
    ...sort(0),
    ...remark(),
  },
  (t) => [uniqueIndex('uk_biz_category_code').on(t.tenantId, t.categoryCode).where(sql`is_deleted = 0`)],
);

export const bizDataModel = businessTable(
  'biz_data_model',
  {
    /** data source (`DataSource` id); '0' = the console's own database */
    dbLinkId: idType('db_link_id').default('0').notNull(),
    modelName: varchar('model_name', { length: 64 }).notNull(),
    modelCode: varchar('model_code', { length: 64 }).notNull(),
    tableName: varchar('table_name', { length: 128 }).notNull(),
    /** the table's columns as read from the source: [{ name, type, comment, nullable, primaryKey }] */
    fields: jsonb('fields').$type<Record<string, unknown>[]>(),
    ...remark(),
  },
  (t) => [uniqueIndex('uk_biz_data_model_code').on(t.tenantId, t.modelCode).where(sql`is_deleted = 0`)],
);

export const bizForm = businessTable(
  'biz_form',
  {
    categoryId: idType('category_id'),
    formName: varchar('form_name', { length: 64 }).notNull(),
    formCode: varchar('form_code', { length: 64 }).notNull(),
    dataModelId: idType('data_model_id'),
    /** the JNPF form design (checked by the low-code form schema) */
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull(),
    ...remark(),
  },
  (t) => [
    uniqueIndex('uk_biz_form_code').on(t.tenantId, t.formCode).where(sql`is_deleted = 0`),
    index('idx_biz_form_category').on(t.tenantId, t.categoryId),
  ],
);

export const bizDesign = businessTable(
  'biz_design',
  {
    formId: idType('form_id').notNull(),
    designName: varchar('design_name', { length: 64 }).notNull(),
    /** 分组 (bis-group) */
    groupName: varchar('group_name', { length: 64 }).default('默认分组').notNull(),
    /** list design: columns, search fields, buttons (the online-module `columnData` shape) */
    designData: jsonb('design_data').$type<Record<string, unknown>>(),
    ...remark(),
  },
  (t) => [index('idx_biz_design_form').on(t.tenantId, t.formId)],
);
