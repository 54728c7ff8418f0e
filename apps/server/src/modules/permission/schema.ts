/**
 * Tables of the JNPF permission families: the user settings the JNPF calls keep beside blade_user (manager, theme,
 * language). The per-object grants (base_authorize) are the system module's: roles, posts, users and menus live
 * there and their removal drops the grants in the same transaction (system/grant-cleanup.ts).
 */
import { index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idType, tenantCol } from '../../core/columns.ts';

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
