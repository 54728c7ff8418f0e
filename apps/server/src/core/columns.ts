/** Column builders shared by every business table: ids, audit fields, tenant. */
import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
  customType,
  doublePrecision,
  integer,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  pgTable,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { newId } from './ids.ts';

/** int8 in the database, a string in JS and JSON (64-bit ids do not fit a JS number). */
export const idType = customType<{ data: string; driverData: string }>({
  dataType: () => 'bigint',
  toDriver: (v) => v,
  fromDriver: (v) => String(v),
});

/** Binary data (a stored file, a packed series, a run's result). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A PostGIS geometry column in EPSG:4548; read it with ST_X/ST_Y/ST_AsGeoJSON in SQL (never as hex here). */
export const geometry = (name: string, kind: 'Point' | 'LineString' | 'Polygon') =>
  customType<{ data: string; driverData: string }>({ dataType: () => `geometry(${kind},4548)` })(name);

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

/** A required `code` and `name`, the usual pair of a catalogue row. */
export const codeName = (codeLength: number, nameLength: number) => ({
  code: varchar('code', { length: codeLength }).notNull(),
  name: varchar('name', { length: nameLength }).notNull(),
});

export const sort = (dflt: number) => ({ sort: integer('sort').default(dflt).notNull() });

export const remark = () => ({ remark: varchar('remark', { length: 255 }) });

/** EPSG:4548 plane coordinates: x easting, y northing (metres). */
export const xy = () => ({ x: doublePrecision('x'), y: doublePrecision('y') });

/** Longitude and latitude (CGCS2000 ≈ WGS84), degrees, by their SL 323 names. */
export const lgtdLttd = () => ({ lgtd: doublePrecision('lgtd'), lttd: doublePrecision('lttd') });

type Business<C> = ReturnType<typeof idAndTenant> & C & ReturnType<typeof audit>;

/** A business table: the id and the tenant, then its own columns, then the audit fields. */
export const businessTable = <N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
  extra?: (t: BuildExtraConfigColumns<N, Business<C>, 'pg'>) => PgTableExtraConfigValue[],
) => pgTable<N, Business<C>>(name, { ...idAndTenant(), ...columns, ...audit() }, extra);
