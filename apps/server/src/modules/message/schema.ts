/**
 * Site messages (the notice bell and the message centre): one record per recipient, one log row per send, plus
 * the templates and configs business events send through.
 */
import { sql } from 'drizzle-orm';
import { index, integer, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, idType, remark } from '../../core/columns.ts';

/** One message in one recipient's box. `messageStatus` is UN_READABLE until the recipient opens it, then READ. */
export const messageRecord = businessTable(
  'blade_message_record',
  {
    /** the send (message log row) this record came from */
    logId: idType('log_id'),
    /** the recipient */
    userId: idType('user_id').notNull(),
    /** 1 system notice, 2 work order, 3 alarm, 4 workflow */
    messageType: integer('message_type').default(1).notNull(),
    messageStatus: varchar('message_status', { length: 16 }).default('UN_READABLE').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    content: text('content').default('').notNull(),
    sendTime: timestamp('send_time', { withTimezone: true }).defaultNow().notNull(),
    /** display name of the sender (a person or a subsystem such as 告警中心) */
    sender: varchar('sender', { length: 64 }),
    senderId: idType('sender_id'),
    /** what the message is about, for a link from the bell: e.g. alarm / 1234 */
    bizType: varchar('biz_type', { length: 64 }),
    bizId: varchar('biz_id', { length: 64 }),
    readTime: timestamp('read_time', { withTimezone: true }),
  },
  (t) => [
    index('idx_message_record_box').on(t.tenantId, t.userId, t.messageStatus, t.messageType).where(sql`is_deleted = 0`),
    index('idx_message_record_send_time').on(t.userId, t.sendTime),
    index('idx_message_record_log').on(t.logId),
  ],
);

/** One row per send on any channel (site messages here; SMS and others through their own modules). */
export const messageLog = businessTable(
  'blade_message_log',
  {
    messageType: integer('message_type').default(1).notNull(),
    /** site (in-app), sms, email */
    channel: varchar('channel', { length: 16 }).default('site').notNull(),
    templateCode: varchar('template_code', { length: 64 }),
    title: varchar('title', { length: 255 }),
    content: text('content'),
    sender: varchar('sender', { length: 64 }),
    senderId: idType('sender_id'),
    /** comma-joined user ids (site) or phone numbers / addresses (other channels) */
    receivers: text('receivers').default('').notNull(),
    receiverCount: integer('receiver_count').default(0).notNull(),
    bizType: varchar('biz_type', { length: 64 }),
    bizId: varchar('biz_id', { length: 64 }),
    sendTime: timestamp('send_time', { withTimezone: true }).defaultNow().notNull(),
    /** 1 sent, 0 failed */
    sendStatus: integer('send_status').default(1).notNull(),
    errorMsg: varchar('error_msg', { length: 1000 }),
  },
  (t) => [index('idx_message_log_tenant_time').on(t.tenantId, t.sendTime)],
);

/** Text with `${name}` placeholders, filled from the parameters of a send. */
export const messageTemplate = businessTable(
  'blade_message_template',
  {
    templateCode: varchar('template_code', { length: 64 }).notNull(),
    templateName: varchar('template_name', { length: 100 }).notNull(),
    messageType: integer('message_type').default(1).notNull(),
    channel: varchar('channel', { length: 16 }).default('site').notNull(),
    templateTitle: varchar('template_title', { length: 255 }).notNull(),
    templateContent: text('template_content').notNull(),
    ...remark(),
  },
  (t) => [uniqueIndex('uk_message_template_code').on(t.tenantId, t.templateCode).where(sql`is_deleted = 0`)],
);

/**
 * How a business event is announced: its message type, the template it uses and whether it is on
 * (`status` 1 on, 0 off: a send through a config that is off sends nothing).
 */
export const messageConfig = businessTable(
  'blade_message_config',
  {
    configCode: varchar('config_code', { length: 64 }).notNull(),
    configName: varchar('config_name', { length: 100 }).notNull(),
    messageType: integer('message_type').default(1).notNull(),
    templateCode: varchar('template_code', { length: 64 }).notNull(),
    channel: varchar('channel', { length: 16 }).default('site').notNull(),
    ...remark(),
  },
  (t) => [uniqueIndex('uk_message_config_code').on(t.tenantId, t.configCode).where(sql`is_deleted = 0`)],
);
