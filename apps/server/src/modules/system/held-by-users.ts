/**
 * Departments, roles and posts are held by users through comma-separated id columns (user.deptId, roleId, postId):
 * one check, shared by the three remove hooks, refuses to delete any while a live user of the tenant holds one.
 */
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import { hasLiveRow } from '../../core/live-row.ts';
import type { Tx } from '../../core/resource.ts';
import { user } from './schema.ts';

export async function refuseHeldByUsers(
  tx: Tx,
  tenantId: string,
  col: typeof user.deptId | typeof user.roleId | typeof user.postId,
  ids: string[],
  message: string,
): Promise<void> {
  if (await hasLiveRow(tx, user, tenantId, sql`string_to_array(${col}, ',') && ${sql.param(ids)}::text[]`))
    throw badRequest(message);
}
