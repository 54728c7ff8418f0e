/**
 * Tables of the JNPF permission families: per-object authority grants (Authority/Data, Authority/Model) and the
 * user settings the JNPF calls keep beside blade_user (manager, theme, language).
 */
import { index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idType, pk, tenantCol } from '../../core/columns.ts';

/**
 * One row per granted item: an object (Role, Position or User) may use an item — a module (menu), a button, a
 * column, a form or a resource (data scope). Module, button and resource ids are menu and data-scope ids; column
 * and form ids are the keys of low-code columns and forms.
 */
export const authorize = pgTable(
  'base_authorize',
  {
    id: pk(),
    ...tenantCol(),
    /** module, button, column, form, resource */
    itemType: varchar('item_type', { length: 16 }).notNull(),
    itemId: varchar('item_id', { length: 64 }).notNull(),
    /** Role, Position, User */
    objectType: varchar('object_type', { length: 16 }).notNull(),
    objectId: idType('object_id').notNull(),
    createUser: idType('create_user'),
    createTime: timestamp('create_time', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('uk_authorize').on(t.tenantId, t.objectType, t.objectId, t.itemType, t.itemId),
    index('idx_authorize_item').on(t.tenantId, t.itemType, t.itemId),
  ],
);

/** Per-user settings of the JNPF calls: the manager (Subordinate), the theme and the language. */
export const userSetting = pgTable(
  'blade_user_setting',
  {
    userId: idType('user_id').primaryKey(),
    ...tenantCol(),
    managerId: idType('manager_id'),
    theme: varchar('theme', { length: 64 }),
    language: varchar('language', { length: 16 }),
    updateTime: timestamp('update_time', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('idx_user_setting_manager').on(t.tenantId, t.managerId)],
);
