/** Every table of every module, for drizzle (queries) and drizzle-kit (migrations). */

export * from '../modules/auth/schema.ts';
export * from '../modules/billing/schema.ts';
export * from '../modules/dataservice/schema.ts';
export * from '../modules/desk/schema.ts';
export * from '../modules/log/schema.ts';
export * from '../modules/message/schema.ts';
export * from '../modules/monitor/schema.ts';
export * from '../modules/permission/schema.ts';
export * from '../modules/resource/schema.ts';
export * from '../modules/system/schema.ts';
