/**
 * Tenant scope in the query layer (issue 23): `scoped(db, tenantId)` gives select, count, update, delete and insert
 * over any table with a tenant column, and adds `tenant_id = $tenant` to every one of them (insert sets it), so a
 * handler cannot read or write another tenant's rows by forgetting a filter. `where(table, …conds)` is the same
 * condition for joins and hand-built queries. `dataScoped(…)` adds the data scope the user's roles were granted for
 * a resource code (dept or creator columns), as the resource engine does.
 *
 * A table without a tenant column is refused (a programming mistake, not a request's): such tables are global
 * (dictionaries of the platform, ids unique across tenants) and are read with plain drizzle.
 */
import { and, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection.ts';
import type { AuthUser } from './gate.ts';
import type { Tx } from './resource.ts';
import { dataScopeFilter } from './scope.ts';

/** A table with the `tenantCol()` column. */
export type TenantTable = PgTable & { tenantId: PgColumn };

/** The tenant column of a table, or undefined when it has none. */
export function tenantColumnOf(table: PgTable): PgColumn | undefined {
  const col = (getTableColumns(table) as Record<string, PgColumn>).tenantId;
  return col?.name === 'tenant_id' ? col : undefined;
}

function tenantCond(table: PgTable, tenantId: string): SQL {
  const col = tenantColumnOf(table);
  if (!col) throw new Error(`scoped: table ${(table as any)[Symbol.for('drizzle:Name')]} has no tenant column`);
  return eq(col, tenantId);
}

export function scoped(db: Db | Tx, tenantId: string) {
  const where = (table: PgTable, ...conds: (SQL | undefined)[]): SQL => and(tenantCond(table, tenantId), ...conds)!;
  return {
    tenantId,
    where,
    /** `SELECT * FROM table WHERE tenant AND cond [ORDER BY …] [LIMIT …] [OFFSET …]`. */
    async select<T extends TenantTable>(
      table: T,
      cond?: SQL,
      opts: { orderBy?: (PgColumn | SQL)[]; limit?: number; offset?: number } = {},
    ): Promise<T['$inferSelect'][]> {
      let q = db
        .select()
        .from(table as any)
        .where(where(table, cond))
        .$dynamic();
      if (opts.orderBy?.length) q = q.orderBy(...opts.orderBy);
      if (opts.limit !== undefined) q = q.limit(opts.limit);
      if (opts.offset !== undefined) q = q.offset(opts.offset);
      return (await q) as T['$inferSelect'][];
    },
    /** The first row matching, or undefined. */
    async first<T extends TenantTable>(
      table: T,
      ...conds: (SQL | undefined)[]
    ): Promise<T['$inferSelect'] | undefined> {
      const [row] = await db
        .select()
        .from(table as any)
        .where(where(table, ...conds))
        .limit(1);
      return row as T['$inferSelect'] | undefined;
    },
    async count(table: TenantTable, ...conds: (SQL | undefined)[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(table as any)
        .where(where(table, ...conds));
      return Number(row?.n ?? 0);
    },
    /** UPDATE within the tenant; the tenant column itself cannot be moved. Chain `.returning()` for the rows. */
    update<T extends TenantTable>(table: T, set: PgUpdateSetSource<T>, ...conds: (SQL | undefined)[]) {
      const { tenantId: _dropped, ...rest } = set as Record<string, unknown>;
      return db
        .update(table)
        .set(rest as PgUpdateSetSource<T>)
        .where(where(table, ...conds));
    },
    /** DELETE within the tenant. Chain `.returning()` for the rows. */
    delete<T extends TenantTable>(table: T, ...conds: (SQL | undefined)[]) {
      return db.delete(table).where(where(table, ...conds));
    },
    /** INSERT with the tenant set on every row, whatever the values said. */
    insert<T extends TenantTable>(
      table: T,
      values: Omit<T['$inferInsert'], 'tenantId'> | Omit<T['$inferInsert'], 'tenantId'>[],
    ) {
      const rows = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, tenantId }));
      return db.insert(table).values(rows as T['$inferInsert'][]);
    },
  };
}

export type Scoped = ReturnType<typeof scoped>;

/** The tenant condition plus the data scope of `user` under `resourceCode` (dept or creator columns). */
export async function dataScoped(
  s: Scoped,
  table: PgTable,
  user: AuthUser | undefined,
  resourceCode: string,
  ...conds: (SQL | undefined)[]
): Promise<SQL> {
  return s.where(table, await dataScopeFilter(user, resourceCode, table), ...conds);
}
