/**
 * The catalogue's object lists (job objects, type objects) save the same way: with an id, the live row of the tenant
 * is updated (a 400 in the list's words when it is gone); without, a new row is inserted. Returns the row's id.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../core/envelope.ts';
import { newId } from '../../core/ids.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant, type TenantTable } from '../../core/scoped.ts';

export async function saveCatalogRow(
  tx: Tx,
  table: TenantTable & { id: PgColumn; isDeleted: PgColumn },
  tenantId: string,
  id: string | undefined,
  values: Record<string, unknown>,
  userId: string,
  missing: string,
): Promise<string> {
  if (id) {
    const r = await tx
      .update(table)
      .set({ ...values, updateTime: new Date(), updateUser: userId } as never)
      .where(inTenant(table, tenantId, eq(table.id, id), eq(table.isDeleted, 0)))
      .returning({ id: table.id });
    if (!r.length) throw badRequest(missing);
    return id;
  }
  const nid = newId();
  await tx.insert(table).values({ id: nid, tenantId, ...values, createUser: userId } as never);
  return nid;
}
