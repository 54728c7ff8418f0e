/** Column builders shared by every business table: ids, audit fields, tenant. */
import { customType, integer, timestamp, varchar } from 'drizzle-orm/pg-core';
import { newId } from './ids.ts';

/** int8 in the database, a string in JS and JSON (64-bit ids do not fit a JS number). */
export const idType = customType<{ data: string; driverData: string }>({
  dataType: () => 'bigint',
  toDriver: (v) => v,
  fromDriver: (v) => String(v),
});

export const pk = () =>
  idType('id')
    .primaryKey()
    .$defaultFn(() => newId());

/** createUser, createDept, createTime, updateUser, updateTime, status, isDeleted (contract.md "Writes"). */
export const audit = () => ({
  createUser: idType('create_user'),
  createDept: idType('create_dept'),
  createTime: timestamp('create_time', { withTimezone: true }).defaultNow(),
  updateUser: idType('update_user'),
  updateTime: timestamp('update_time', { withTimezone: true }).defaultNow(),
  status: integer('status').default(1).notNull(),
  isDeleted: integer('is_deleted').default(0).notNull(),
});

export const tenantCol = () => ({ tenantId: varchar('tenant_id', { length: 12 }).default('000000').notNull() });

/** The id and the tenant, first in nearly every business table. */
export const idAndTenant = () => ({ id: pk(), ...tenantCol() });
