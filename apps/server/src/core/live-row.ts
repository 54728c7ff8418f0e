/**
 * A row that a save or an operation names (a parent, a type, a template, a person) must exist, live, in the tenant;
 * otherwise the request is refused with a 400 in the caller's words. Many hooks and services read the row only to
 * refuse when it is missing (or to branch on it); they ask here instead. Removals ask the other way round: whether a
 * live row still refers to the rows going (refused in the caller's words, or naming the row in the way).
 */
import { and, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/connection.ts';
import { badRequest } from './envelope.ts';
import type { Tx } from './resource.ts';
import { liveInTenant, type SoftDeleteTable } from './scoped.ts';

/** Whether a live row of `table` in `tenantId` meets every one of `conds` (an undefined one is left out). */
export async function hasLiveRow(
  db: Db | Tx,
  table: SoftDeleteTable,
  tenantId: string,
  ...conds: (SQL | undefined)[]
): Promise<boolean> {
  const [hit] = await (db as Db)
    .select({ one: sql`1` })
    .from(table)
    .where(liveInTenant(table, tenantId, ...conds))
    .limit(1);
  return !!hit;
}

/** Throws `badRequest(message)` unless a live row of `table` in `tenantId` meets `cond`. */
export async function assertLiveRow(
  db: Db | Tx,
  table: SoftDeleteTable,
  tenantId: string,
  cond: SQL,
  message: string,
): Promise<void> {
  if (!(await hasLiveRow(db, table, tenantId, cond))) throw badRequest(message);
}

/** A live row of `table` holding one of `ids` in `column` (and meeting `also`), read as `fields`; undefined if none. */
export async function firstLiveRef<F extends SelectedFields>(
  db: Db | Tx,
  table: SoftDeleteTable,
  column: PgColumn | Column,
  ids: string[],
  fields: F,
  ...also: SQL[]
): Promise<SelectResultFields<F> | undefined> {
  if (!ids.length) return undefined;
  const [hit] = await (db as Db)
    .select(fields as SelectedFields)
    .from(table)
    .where(and(inArray(column, ids), eq(table.isDeleted, 0), ...also))
    .limit(1);
  return hit as SelectResultFields<F> | undefined;
}

/**
 * Throws `badRequest(message)` while a live row of `table` holds one of `ids` in `column` (and meets `also`, e.g. "not
 * itself being removed", a tenant): a child under a parent, a form in a category. Removals ask this before they go
 * (ids are unique across tenants).
 */
export async function assertNoLiveRef(
  db: Db | Tx,
  table: SoftDeleteTable,
  column: PgColumn | Column,
  ids: string[],
  message: string,
  ...also: SQL[]
): Promise<void> {
  if (await firstLiveRef(db, table, column, ids, { one: sql`1` }, ...also)) throw badRequest(message);
}
