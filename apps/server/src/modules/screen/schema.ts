/** 大屏展示 (docs/screen.md): read-only share links of one screen, limited in time and revocable. */
import { index, jsonb, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable } from '../../core/columns.ts';

export const screenToken = businessTable(
  'swp_screen_token',
  {
    /** the screen it opens: overview, dispatch (catalog.ts) */
    screenCode: varchar('screen_code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** sha-256 of the token (hex): the token itself is shown once, when created */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** first characters of the token, to tell links apart in the list */
    prefix: varchar('prefix', { length: 8 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('uk_screen_token_hash').on(t.tokenHash), index('idx_screen_token_tenant').on(t.tenantId)],
);

/** A screen's arrangement an administrator saved: widgets on the 24 × 12 grid of the 1920×1080 stage (layout.ts). */
export const screenLayout = businessTable(
  'swp_screen_layout',
  {
    screenCode: varchar('screen_code', { length: 32 }).notNull(),
    widgets: jsonb('widgets')
      .$type<{ widget: string; x: number; y: number; w: number; h: number; options?: Record<string, unknown> }[]>()
      .notNull(),
  },
  (t) => [uniqueIndex('uk_screen_layout').on(t.tenantId, t.screenCode)],
);
