/**
 * The seeded organisation's rows by their natural keys (department name, role alias, post code, account), as the API
 * suites look them up for their ids: one query each instead of a select written out in every suite. The demo
 * utility's tenant 000000 unless one is named; `undefined` when there is no such row.
 */
import { and, eq } from 'drizzle-orm';
import { dept, post, role, user } from '../src/db/schema.ts';
import type { TestApp } from './harness.ts';

const DEMO_TENANT = '000000';

export async function seededDept(t: TestApp, name: string, tenantId = DEMO_TENANT) {
  const [d] = await t.app.ctx.db
    .select()
    .from(dept)
    .where(and(eq(dept.deptName, name), eq(dept.tenantId, tenantId)));
  return d;
}

export async function seededRole(t: TestApp, alias: string, tenantId = DEMO_TENANT) {
  const [r] = await t.app.ctx.db
    .select()
    .from(role)
    .where(and(eq(role.roleAlias, alias), eq(role.tenantId, tenantId)));
  return r;
}

export async function seededPost(t: TestApp, code: string, tenantId = DEMO_TENANT) {
  const [p] = await t.app.ctx.db
    .select()
    .from(post)
    .where(and(eq(post.postCode, code), eq(post.tenantId, tenantId)));
  return p;
}

/** a live (not removed) user */
export async function seededUser(t: TestApp, account: string, tenantId = DEMO_TENANT) {
  const [u] = await t.app.ctx.db
    .select()
    .from(user)
    .where(and(eq(user.account, account), eq(user.tenantId, tenantId), eq(user.isDeleted, 0)));
  return u;
}
