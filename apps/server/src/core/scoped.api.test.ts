/**
 * The query layer's tenant scope (core/scoped.ts) over every table with a tenant column, on the seeded demo
 * database: under each tenant that owns rows it finds exactly that tenant's rows, and under a wrong tenant its
 * select, count, update and delete find nothing; insert sets the scope's tenant whatever the values say.
 */
import { eq, getTableColumns, isTable, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../test/harness.ts';
import * as schema from '../db/schema.ts';
import { userSetting } from '../modules/permission/schema.ts';
import { scoped, type TenantTable, tenantColumnOf } from './scoped.ts';

const WRONG = '999999';
const tenantTables = (Object.entries(schema) as [string, unknown][])
  .filter(([, v]) => isTable(v) && tenantColumnOf(v as PgTable) !== undefined)
  .map(([k, v]) => [k, v as TenantTable] as const);

let t: TestApp;
beforeAll(async () => {
  t = await bootTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('scoped(db, tenant)', () => {
  it('covers the tenant tables of every module', () => {
    expect(tenantTables.length).toBeGreaterThan(50);
  });

  it('finds under each tenant exactly its own rows, and nothing under a wrong tenant', async () => {
    const db = t.app.ctx.db;
    let rowsSeen = 0;
    for (const [name, table] of tenantTables) {
      const col = tenantColumnOf(table)!;
      const perTenant = await db
        .select({ tenant: col, n: sql<number>`count(*)::int` })
        .from(table as PgTable)
        .groupBy(col);
      for (const { tenant, n } of perTenant) {
        expect(await scoped(db, String(tenant)).count(table), `${name} under ${tenant}`).toBe(n);
        rowsSeen += n;
      }
      const wrong = scoped(db, WRONG);
      expect(await wrong.select(table), name).toEqual([]);
      expect(await wrong.count(table), name).toBe(0);
      expect(await wrong.first(table), name).toBeUndefined();
      // an update that would touch every row of the table if the scope were missing
      const [key, keyCol] = Object.entries(getTableColumns(table) as Record<string, PgColumn>).find(
        ([k]) => k !== 'tenantId',
      )!;
      expect(await wrong.update(table, { [key]: sql`${keyCol}` } as any).returning(), name).toEqual([]);
      expect(await wrong.delete(table).returning(), name).toEqual([]);
    }
    // the demo seed fills the tables: the checks above ran over real rows
    expect(rowsSeen).toBeGreaterThan(1000);
  });

  it('sets the scope tenant on insert and keeps updates from moving a row to another tenant', async () => {
    const db = t.app.ctx.db;
    const s = scoped(db, '100001');
    await s.insert(userSetting, { userId: '987654321012', tenantId: '000000', theme: 'dark' } as any);
    const [row] = await db.select().from(userSetting).where(eq(userSetting.userId, '987654321012'));
    expect(row.tenantId).toBe('100001');
    await s.update(userSetting, { tenantId: '000000', theme: 'light' }, eq(userSetting.userId, '987654321012'));
    expect(await s.first(userSetting, eq(userSetting.userId, '987654321012'))).toMatchObject({
      tenantId: '100001',
      theme: 'light',
    });
    expect(() => scoped(db, '000000').where(schema.param as PgTable)).toThrow(/no tenant column/);
  });
});
