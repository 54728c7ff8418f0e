/**
 * The field app (移动应用): per-tenant settings, the phones signed in (one row per device, with the session it
 * holds so a lost phone can be signed out), release notes, and the photos taken in the street (checked, and stripped
 * of GPS metadata when the tenant says so, before they are stored).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, bytea, idAndTenant, idType } from '../../core/columns.ts';

/** One row per tenant; absent = the defaults of settings.ts. */
export const appSetting = pgTable('swp_app_setting', {
  tenantId: varchar('tenant_id', { length: 12 }).primaryKey(),
  positionInterval: integer('position_interval').default(30).notNull(),
  checkinRadius: integer('checkin_radius').default(100).notNull(),
  photoMaxKb: integer('photo_max_kb').default(4096).notNull(),
  stripExifGps: integer('strip_exif_gps').default(1).notNull(),
  /** comma-joined GIS layer refs the app draws (what `mobile-config/getGisLayerId` serves) */
  gisLayers: varchar('gis_layers', { length: 500 }).default('').notNull(),
  updateUser: idType('update_user'),
  updateTime: timestamp('update_time', { withTimezone: true }).defaultNow(),
});

/** A phone: the app's own id for it (kept in its storage), who used it last, and the session it holds. */
export const appDevice = pgTable(
  'swp_app_device',
  {
    ...idAndTenant(),
    deviceId: varchar('device_id', { length: 64 }).notNull(),
    userId: idType('user_id').notNull(),
    sessionId: varchar('session_id', { length: 64 }),
    appVersion: varchar('app_version', { length: 32 }),
    userAgent: varchar('user_agent', { length: 255 }),
    firstSeen: timestamp('first_seen', { withTimezone: true }).defaultNow().notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).defaultNow().notNull(),
    /** 1 = signed out by an administrator (lost phone) until the next sign-in on it */
    revoked: integer('revoked').default(0).notNull(),
    revokeTime: timestamp('revoke_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uk_app_device').on(t.tenantId, t.deviceId),
    index('idx_app_device_seen').on(t.tenantId, t.lastSeen),
  ],
);

/** What changed in a version; the app shows the newest one it has not shown yet after an update. */
export const appReleaseNote = businessTable(
  'swp_app_release_note',
  {
    version: varchar('version', { length: 32 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').default('').notNull(),
    releaseTime: timestamp('release_time', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('uk_app_release_note').on(t.tenantId, t.version).where(sql`is_deleted = 0`)],
);

/** A photo from the street. `client_id` makes an offline upload's resend return the first copy. */
export const appPhoto = pgTable(
  'swp_app_photo',
  {
    ...idAndTenant(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    userId: idType('user_id').notNull(),
    mime: varchar('mime', { length: 32 }).notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('uk_app_photo_client').on(t.tenantId, t.clientId)],
);

/**
 * An action the phone queued offline that has no row of its own to carry its client id (a valve checked off): the
 * first send claims the client id, a resend finds it and answers `duplicate: true` without doing it again.
 */
export const appAction = pgTable(
  'swp_app_action',
  {
    ...idAndTenant(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    userId: idType('user_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** what it was done to (`<taskId>:<valveGid>:<closed>`): the same client id for something else is refused */
    ref: varchar('ref', { length: 100 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('uk_app_action_client').on(t.tenantId, t.clientId)],
);
