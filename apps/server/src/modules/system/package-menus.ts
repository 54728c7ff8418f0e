/** The menus a tenant's package allows (tenants without a package may use every menu). */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import type { Db } from '../../db/connection.ts';
import { tenant, tenantPackage } from './schema.ts';

/** Menu ids of the tenant's package, or undefined when the tenant has none (nothing is filtered). */
export async function packageMenuIds(db: Db | Tx, tenantId: string): Promise<Set<string> | undefined> {
  const [row] = await (db as Db)
    .select({ menuId: tenantPackage.menuId })
    .from(tenant)
    .innerJoin(tenantPackage, and(eq(tenantPackage.id, tenant.packageId), eq(tenantPackage.isDeleted, 0)))
    .where(liveInTenant(tenant, tenantId))
    .limit(1);
  return row ? new Set(row.menuId.split(',').filter(Boolean)) : undefined;
}
