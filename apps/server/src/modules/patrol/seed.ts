/**
 * The patrol area's menus (运维管理 › 巡检管理 and 人员定位), the catalog every tenant starts with (patrol types
 * and what they inspect, the access rule index), and the demo utility's patrol office: 40+ staff in its real
 * departments (all signing in with 123456), job objects along 17 patrol routes, area and pump-station plans, and a
 * year of deterministic history (tasks, check-ins, hazards, work orders) so every list and chart has data.
 *
 * Idempotent and fast: staff by account, the catalog while a tenant has no patrol type, the history once (while
 * the demo plans do not exist); bulk rows go in a few multi-row statements inside one transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { ensureMenus } from '../system/index.ts';
import { patrolPlan } from './schema.ts';
import { seedCatalog } from './seed-catalog.ts';
import { DEMO_TENANT } from './seed-common.ts';
import { seedDemoHistory } from './seed-demo-history.ts';
import { loadDemoRefs, seedDemoPlans } from './seed-demo-plans.ts';
import { PATROL_MENUS } from './seed-menus.ts';
import { seedStaff } from './seed-staff.ts';
import { schedule } from './tasks.ts';

export { RULES } from './seed-catalog.ts';
export { DEMO_PASSWORD, DEMO_TENANT, draw } from './seed-common.ts';
export { routeObjects } from './seed-demo-objects.ts';
export { PATROL_MENUS } from './seed-menus.ts';
export { STAFF, staffList } from './seed-staff.ts';

const PATROL_SEED_LOCK = 7_261_110;

/** The demo plans and their history, once: while the demo tenant has no plan XJ-R101. */
async function seedDemo(tx: Tx, tz: string, now: Date): Promise<void> {
  const [existing] = await tx
    .select({ id: patrolPlan.id })
    .from(patrolPlan)
    .where(inTenant(patrolPlan, DEMO_TENANT, eq(patrolPlan.planCode, 'XJ-R101')))
    .limit(1);
  if (existing) return;
  const refs = await loadDemoRefs(tx);
  const startDate = await seedDemoPlans(tx, refs, tz, now);
  await seedDemoHistory(tx, refs, tz, now, startDate);
}

export async function seedPatrol(ctx: AppContext, now = new Date()): Promise<void> {
  await ensureMenus(ctx, PATROL_MENUS);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PATROL_SEED_LOCK})`);
    await seedStaff(tx as Tx);
    await seedCatalog(tx as Tx);
    await seedDemo(tx as Tx, ctx.config.tz, now);
  });
  await schedule(ctx.db, ctx.config.tz, now);
}
