/**
 * The departments themselves and every live department below them in one tenant, by `ancestors` (the ids from the
 * root down to the parent). The data scope "own departments and below" and the user lists' department filter both
 * read a subtree; written once here so the two cannot disagree about what lies below a department.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { dept } from './schema.ts';

export async function deptIdsBelow(db: Db | Tx, tenantId: string, deptIds: string[]): Promise<string[]> {
  const rows = await (db as Db)
    .select({ id: dept.id })
    .from(dept)
    .where(
      liveInTenant(
        dept,
        tenantId,
        sql`(${dept.id}::text = any(${sql.param(deptIds)}::text[]) or string_to_array(${dept.ancestors}, ',') && ${sql.param(deptIds)}::text[])`,
      ),
    );
  return rows.map((r) => r.id);
}
