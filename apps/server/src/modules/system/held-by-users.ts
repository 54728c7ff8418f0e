/**
 * Departments, roles and posts are held by users through comma-separated id columns (user.deptId, roleId, postId):
 * one check, shared by the three remove hooks, refuses to delete any while a live user of the tenant holds one.
 */
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { Tx } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { user } from './schema.ts';

export async function refuseHeldByUsers(
  tx: Tx,
  tenantId: string,
  col: typeof user.deptId | typeof user.roleId | typeof user.postId,
  ids: string[],
  message: string,
): Promise<void> {
  const [used] = await tx
    .select({ id: user.id })
    .from(user)
    .where(liveInTenant(user, tenantId, sql`string_to_array(${col}, ',') && ${sql.param(ids)}::text[]`))
    .limit(1);
  if (used) throw badRequest(message);
}
