/**
 * The seeded organisation's rows by their natural keys (department name, role alias, post code, account), as the API
 * suites look them up for their ids: one query each instead of a select written out in every suite. The demo
 * utility's tenant 000000 unless one is named; `undefined` when there is no such row. The tenant condition comes
 * from the query layer (core/scoped.ts), as in the modules.
 */
import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { inTenant, liveInTenant } from '../src/core/scoped.ts';
import { dept, post, role, user } from '../src/db/schema.ts';
import type { TestApp } from './harness.ts';

const DEMO_TENANT = '000000';

/** The first row of `table` where `where` holds (typed as found, like a destructured select). */
async function first<T extends PgTable>(t: TestApp, table: T, where: SQL) {
  const [row] = await t.app.ctx.db
    .select()
    .from(table as PgTable)
    .where(where);
  return row as T['$inferSelect'];
}

export const seededDept = (t: TestApp, name: string, tenantId = DEMO_TENANT) =>
  first(t, dept, inTenant(dept, tenantId, eq(dept.deptName, name)));

export const seededRole = (t: TestApp, alias: string, tenantId = DEMO_TENANT) =>
  first(t, role, inTenant(role, tenantId, eq(role.roleAlias, alias)));

export const seededPost = (t: TestApp, code: string, tenantId = DEMO_TENANT) =>
  first(t, post, inTenant(post, tenantId, eq(post.postCode, code)));

/** a live (not removed) user */
export const seededUser = (t: TestApp, account: string, tenantId = DEMO_TENANT) =>
  first(t, user, liveInTenant(user, tenantId, eq(user.account, account)));
