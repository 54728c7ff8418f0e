/** Notices (通知公告): rich-text announcements of a tenant, shown on the home page and in the notice list. */
import { index, integer, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { businessTable } from '../../core/columns.ts';

export const notice = businessTable(
  'blade_notice',
  {
    title: varchar('title', { length: 255 }).notNull(),
    /** dictKey of the system dictionary `notice` (1 发布通知, 2 批转通知, …) */
    category: integer('category').notNull(),
    /** when the notice is (or was) published */
    releaseTime: timestamp('release_time', { withTimezone: true }).notNull(),
    /** sanitised HTML */
    content: text('content').default('').notNull(),
  },
  (t) => [index('idx_notice_tenant_release').on(t.tenantId, t.releaseTime)],
);
