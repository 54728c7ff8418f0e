/**
 * Data scope: which rows of a resource a user may see. The permission module provides the rules a user's roles
 * were granted for a resource code; the query layer turns them into SQL on the table's audit columns, so a handler
 * never re-types a data-scope filter. Several rules (several roles) widen each other (OR).
 */
import { type Column, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AuthUser } from './gate.ts';
import { columnsOf } from './query.ts';
import { compileScopeExpression } from './scope-expr.ts';

export type ScopeRule =
  | { kind: 'all' }
  | { kind: 'own'; column?: string }
  | { kind: 'depts'; deptIds: string[]; column?: string }
  | { kind: 'custom'; expression: string };

export interface DataScopeProvider {
  /** undefined = no data scope granted for this resource: the user sees every row of the tenant */
  rulesFor(user: AuthUser, resourceCode: string): Promise<ScopeRule[] | undefined>;
}

let provider: DataScopeProvider | undefined;
export function setDataScopeProvider(p: DataScopeProvider) {
  provider = p;
}

/** SQL that limits `table` to the rows `user` may see under `resourceCode`; undefined = no limit. */
export async function dataScopeFilter(
  user: AuthUser | undefined,
  resourceCode: string,
  table: PgTable,
): Promise<SQL | undefined> {
  if (!user || user.isAdmin || !provider) return undefined;
  const rules = await provider.rulesFor(user, resourceCode);
  if (!rules || rules.length === 0) return undefined;
  if (rules.some((r) => r.kind === 'all')) return undefined;
  const cols = columnsOf(table);
  const parts: SQL[] = [];
  for (const r of rules) {
    if (r.kind === 'own') {
      const col = cols.get(r.column ?? 'createUser');
      parts.push(col ? sql`${col} = ${user.userId}` : sql`false`);
    } else if (r.kind === 'depts') {
      const col = cols.get(r.column ?? 'createDept') as Column | undefined;
      parts.push(col && r.deptIds.length ? inArray(col, r.deptIds) : sql`false`);
    } else if (r.kind === 'custom') {
      parts.push(compileScopeExpression(r.expression, cols, user));
    }
  }
  return parts.length === 1 ? parts[0] : or(...parts);
}
