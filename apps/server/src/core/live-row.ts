/**
 * A row that a save or an operation names (a parent, a type, a template, a person) must exist, live, in the tenant;
 * otherwise the request is refused with a 400 in the caller's words. Many hooks and services read the row only to
 * refuse when it is missing (or to branch on it); they ask here instead.
 */
import { and, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection.ts';
import { badRequest } from './envelope.ts';
import type { Tx } from './resource.ts';
import { liveInTenant, type SoftDeleteTable } from './scoped.ts';

/** Whether a live row of `table` in `tenantId` meets `cond`. */
export async function hasLiveRow(db: Db | Tx, table: SoftDeleteTable, tenantId: string, cond: SQL): Promise<boolean> {
  const [hit] = await (db as Db)
    .select({ one: sql`1` })
    .from(table)
    .where(liveInTenant(table, tenantId, cond))
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
  if (!ids.length) return;
  const [hit] = await (db as Db)
    .select({ one: sql`1` })
    .from(table)
    .where(and(inArray(column, ids), eq(table.isDeleted, 0), ...also))
    .limit(1);
  if (hit) throw badRequest(message);
}
