/**
 * Tenant scope in the query layer (issue 23): `scoped(db, tenantId)` gives select, count, update, delete and insert
 * over any table with a tenant column, and adds `tenant_id = $tenant` to every one of them (insert sets it), so a
 * handler cannot read or write another tenant's rows by forgetting a filter. `where(table, …conds)` is the same
 * condition for joins and hand-built queries; `liveInTenant(table, …)` adds `is_deleted = 0` (the live rows of a
 * soft-deleted table). `dataScoped(…)` adds the data scope the user's roles were granted for a resource code (dept or
 * creator columns), as the resource engine does. `tenantSql`, `tenantColumnSql` and `tenantText` are the same
 * condition for statements written as SQL text.
 *
 * A table without a tenant column is refused (a programming mistake, not a request's): such tables are global
 * (dictionaries of the platform, ids unique across tenants) and are read with plain drizzle.
 */
import { and, count, eq, getTableColumns, getTableName, is, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgTable, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connection.ts';
import * as allTables from '../db/schema.ts';
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

function tenantCond(table: PgTable, tenantId: string | PgColumn | SQL): SQL {
  const col = tenantColumnOf(table);
  if (!col) throw new Error(`scoped: table ${(table as any)[Symbol.for('drizzle:Name')]} has no tenant column`);
  return eq(col, tenantId);
}

/**
 * The tenant condition of `table` and'ed with `conds`: the query layer's answer for queries that pick columns, join
 * or lock (where `scoped(…).select` does not fit). The tenant column comes from the table itself, so a query cannot
 * name the wrong one; a table without one is refused.
 */
export function inTenant(table: PgTable, tenantId: string | PgColumn | SQL, ...conds: (SQL | undefined)[]): SQL {
  return and(tenantCond(table, tenantId), ...conds)!;
}

/** A table with the soft-delete column of `audit()` (`is_deleted`). */
export type SoftDeleteTable = PgTable & { isDeleted: PgColumn };

/**
 * `inTenant` over the live rows: the tenant condition, `is_deleted = 0` and `conds`, for the reads and writes of a
 * soft-deleted table that must pass over the rows removed (the condition nearly every such query repeated).
 */
export function liveInTenant(
  table: SoftDeleteTable,
  tenantId: string | PgColumn | SQL,
  ...conds: (SQL | undefined)[]
): SQL {
  return inTenant(table, tenantId, eq(table.isDeleted, 0), ...conds);
}

const ALIAS = /^[a-z_][a-z0-9_]*$/;

/** `alias.tenant_id` (or `tenant_id`) of `table`, checked: the table must have the tenant column, the alias be a plain name. */
function columnText(table: PgTable, alias?: string): string {
  const col = tenantColumnOf(table);
  if (!col) throw new Error(`scoped: table ${(table as any)[Symbol.for('drizzle:Name')]} has no tenant column`);
  if (alias !== undefined && !ALIAS.test(alias)) throw new Error(`scoped: bad table alias ${JSON.stringify(alias)}`);
  return alias ? `${alias}.${col.name}` : col.name;
}

/**
 * The tenant column of `table` as SQL (`alias.tenant_id`), to compare with another table's in a join:
 * `tenantSql(gisNode, tenantColumnSql(gisPipe, 'p'), 'n')` is `n.tenant_id = p.tenant_id`.
 */
export function tenantColumnSql(table: PgTable, alias?: string): SQL {
  return sql.raw(columnText(table, alias));
}

/**
 * `alias.tenant_id = ${tenantId}` for statements written as SQL text with drizzle's `sql` (reports, joins, CTEs the
 * ORM does not express): the query layer's tenant condition for raw SQL. The column is the table's own (a table
 * without one is refused); `tenantId` is bound as a parameter, or is another table's tenant column
 * (`tenantColumnSql`, or the drizzle column of the query's own table, `wfModel.tenantId`, in a correlated
 * subquery). The text is the same as the hand-written condition it replaces.
 */
export function tenantSql(table: PgTable, tenantId: string | SQL | PgColumn, alias?: string): SQL {
  return sql`${sql.raw(`${columnText(table, alias)} = `)}${tenantId}`;
}

/**
 * Whether tenant `tenantId` has any row of `table`, removed ones included: the seeds write a tenant's defaults
 * only into a table where it has none (and never bring back what it removed).
 */
export async function tenantHasRows(db: Pick<Db, 'execute'>, table: PgTable, tenantId: string): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${table} where ${tenantSql(table, tenantId)}`,
  );
  return rows[0].n > 0;
}

/** A table's tenant column as text (`alias.tenant_id`), for `tenantText` to compare with in a plain statement. */
export interface TenantColumnText {
  readonly tenantColumn: string;
}

/** `alias.tenant_id` of `table` for `tenantText`: `tenantText(wfProxy, tenantColumnText(user, 'u'), 'p')`. */
export function tenantColumnText(table: PgTable, alias?: string): TenantColumnText {
  return { tenantColumn: columnText(table, alias) };
}

/**
 * `alias.tenant_id = $n` for statements written as plain text with positional parameters (`pool.query(text, […])`,
 * the workflow engine's `?` statements): the same checks as `tenantSql`; `param` is the placeholder (`$1`, `?`) whose
 * value the caller binds to the tenant, or another table's tenant column (`tenantColumnText`) in a join.
 */
export function tenantText(table: PgTable, param: string | TenantColumnText, alias?: string): string {
  if (typeof param !== 'string') return `${columnText(table, alias)} = ${param.tenantColumn}`;
  if (!/^(\$\d+|\?)$/.test(param)) throw new Error(`scoped: bad tenant parameter ${JSON.stringify(param)}`);
  return `${columnText(table, alias)} = ${param}`;
}

let byName: Map<string, PgTable> | undefined;

/**
 * A table by its SQL name, from the schema of every module (the aggregate drizzle's client is built from): for a
 * statement over a table its caller cannot import, core/ reading a module's table (core never imports a module) or a
 * module reading the table of one that depends on it (the import would close a loop of modules). Looked up when
 * first asked, so no import order matters. An unknown name is refused (a programming mistake, not a request's).
 */
function tableNamed(name: string): PgTable {
  if (!byName) {
    byName = new Map();
    for (const v of Object.values(allTables)) if (is(v, PgTable)) byName.set(getTableName(v), v);
  }
  const table = byName.get(name);
  if (!table) throw new Error(`scoped: no table ${JSON.stringify(name)}`);
  return table;
}

/**
 * `tenantSql` for a table named by its SQL name, where the caller cannot import the table (see `tableNamed`):
 * `tenantSqlNamed('swp_import_job', tenantId)` is `tenant_id = $1`. The same checks: the table must exist and have
 * the tenant column, the alias be a plain name; `tenantId` is bound as a parameter or is another table's tenant column.
 */
export function tenantSqlNamed(tableName: string, tenantId: string | SQL | PgColumn, alias?: string): SQL {
  return tenantSql(tableNamed(tableName), tenantId, alias);
}

/** `tenantColumnSql` for a table named by its SQL name: `tenantColumnSqlNamed('swp_device_base', 'd')` is `d.tenant_id`. */
export function tenantColumnSqlNamed(tableName: string, alias?: string): SQL {
  return tenantColumnSql(tableNamed(tableName), alias);
}

/**
 * `alias.tenant_id = '<tenant>'` for DDL (a partial index's predicate), where PostgreSQL takes no parameters: the
 * tenant is written as a string literal, its quotes doubled (standard conforming strings, PostgreSQL's default), so
 * it cannot end the literal. Only for DDL: a statement that takes parameters binds the tenant (`tenantSql`).
 */
export function tenantDdlText(table: PgTable, tenantId: string, alias?: string): string {
  return `${columnText(table, alias)} = '${tenantId.replaceAll("'", "''")}'`;
}

/**
 * The tenant column of an upsert's target taken from the row proposed for insertion (`tenant_id =
 * excluded.tenant_id` in `ON CONFLICT … DO UPDATE SET`): the row moves with the tenant that wrote it last. An
 * assignment, not a filter, named from the table like the conditions above.
 */
export function tenantFromExcludedText(table: PgTable): string {
  const col = columnText(table);
  return `${col} = ${columnText(table, 'excluded')}`;
}

export function scoped(db: Db | Tx, tenantId: string) {
  const where = (table: PgTable, ...conds: (SQL | undefined)[]): SQL => inTenant(table, tenantId, ...conds);
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
