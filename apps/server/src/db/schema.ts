/** Every table of every module, for drizzle (queries) and drizzle-kit (migrations). */

export * from '../modules/alarm/schema.ts';
export * from '../modules/app/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/billing/schema.ts';
export * from '../modules/business/schema.ts';
export * from '../modules/dataservice/schema.ts';
export * from '../modules/datasource/schema.ts';
export * from '../modules/desk/schema.ts';
export * from '../modules/develop/schema.ts';
export * from '../modules/device/schema.ts';
export * from '../modules/dma/schema.ts';
export * from '../modules/gis/schema.ts';
export * from '../modules/iot/schema.ts';
export * from '../modules/location/schema.ts';
export * from '../modules/log/schema.ts';
export * from '../modules/lowcode/schema.ts';
export * from '../modules/message/schema.ts';
export * from '../modules/monitor/schema.ts';
export * from '../modules/patrol/schema.ts';
export * from '../modules/permission/schema.ts';
export * from '../modules/resource/schema.ts';
export * from '../modules/system/schema.ts';
export * from '../modules/workflow/schema.ts';
