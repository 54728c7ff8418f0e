/**
 * Resource configurations and files in the BladeX shapes: SMS configurations (`blade_sms`), object-storage
 * configurations (`blade_oss`) and attachments (`blade_attach`). `status` of an SMS or OSS configuration is
 * 1 off, 2 on; at most one configuration of each kind is on per tenant (a partial unique index guards it).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { businessTable, remark } from '../../core/columns.ts';

export const sms = businessTable(
  'blade_sms',
  {
    /** dict `sms`: 1 云片, 2 七牛, 3 阿里云, 4 腾讯云 */
    category: integer('category').notNull(),
    /** 资源编号: what a send names (`code`) */
    smsCode: varchar('sms_code', { length: 32 }).notNull(),
    /** the provider's template id */
    templateId: varchar('template_id', { length: 64 }).notNull(),
    accessKey: varchar('access_key', { length: 255 }),
    secretKey: varchar('secret_key', { length: 255 }),
    regionId: varchar('region_id', { length: 255 }),
    signName: varchar('sign_name', { length: 64 }),
    ...remark(),
  },
  (t) => [
    uniqueIndex('uk_sms_code').on(t.tenantId, t.smsCode).where(sql`is_deleted = 0`),
    uniqueIndex('uk_sms_enabled').on(t.tenantId).where(sql`status = 2 and is_deleted = 0`),
  ],
);

export const oss = businessTable(
  'blade_oss',
  {
    /** dict `oss`: 1 本地, 2 MinIO, 3 七牛云, 4 阿里云, 5 腾讯云 */
    category: integer('category').notNull(),
    ossCode: varchar('oss_code', { length: 32 }).notNull(),
    /** local: unused (files live under DATA_DIR/files); buckets: the service address */
    endpoint: varchar('endpoint', { length: 255 }),
    accessKey: varchar('access_key', { length: 255 }),
    secretKey: varchar('secret_key', { length: 255 }),
    bucketName: varchar('bucket_name', { length: 255 }),
    appId: varchar('app_id', { length: 255 }),
    region: varchar('region', { length: 255 }),
    ...remark(),
  },
  (t) => [
    uniqueIndex('uk_oss_code').on(t.tenantId, t.ossCode).where(sql`is_deleted = 0`),
    uniqueIndex('uk_oss_enabled').on(t.tenantId).where(sql`status = 2 and is_deleted = 0`),
  ],
);

export const attach = businessTable(
  'blade_attach',
  {
    /** where the file is read: `/api/file/Download/{id}/{stored file name}` for local storage */
    link: varchar('link', { length: 1000 }).notNull(),
    domainUrl: varchar('domain_url', { length: 500 }),
    /** object key in the storage, e.g. `3f/a2/3fa2….pdf` (content-addressed) */
    name: varchar('name', { length: 500 }).notNull(),
    originalName: varchar('original_name', { length: 500 }).notNull(),
    extension: varchar('extension', { length: 32 }),
    attachSize: bigint('attach_size', { mode: 'number' }).default(0).notNull(),
    contentType: varchar('content_type', { length: 128 }),
    /** the storage that holds the object: `local`, later `s3` */
    storage: varchar('storage', { length: 16 }).default('local').notNull(),
  },
  (t) => [index('idx_attach_tenant_time').on(t.tenantId, t.createTime), index('idx_attach_name').on(t.name)],
);
