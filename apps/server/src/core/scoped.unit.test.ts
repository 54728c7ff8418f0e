/** The raw-SQL tenant conditions of the query layer: the same text as the hand-written ones, checked tables only. */
import { sql } from 'drizzle-orm';
import { PgDialect, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { tenantColumnSql, tenantColumnText, tenantSql, tenantText } from './scoped.ts';

const withTenant = pgTable('t_with', { id: text('id'), tenantId: varchar('tenant_id', { length: 12 }) });
const other = pgTable('t_other', { id: text('id'), tenantId: varchar('tenant_id', { length: 12 }) });
const global = pgTable('t_global', { id: text('id'), code: text('code') });
const render = (q: ReturnType<typeof sql>) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(q);
  return { sql: text, params };
};

describe('tenantSql', () => {
  it('binds the tenant as a parameter after the table’s tenant column', () => {
    expect(render(sql`select 1 from t_with where ${tenantSql(withTenant, '000000')} and id = ${'7'}`)).toEqual({
      sql: 'select 1 from t_with where tenant_id = $1 and id = $2',
      params: ['000000', '7'],
    });
    expect(render(sql`select 1 from t_with w where ${tenantSql(withTenant, '100001', 'w')}`)).toEqual({
      sql: 'select 1 from t_with w where w.tenant_id = $1',
      params: ['100001'],
    });
  });

  it('compares with another table’s tenant column in a join', () => {
    const q = sql`select 1 from t_with w join t_other o on ${tenantSql(other, tenantColumnSql(withTenant, 'w'), 'o')}`;
    expect(render(q)).toEqual({
      sql: 'select 1 from t_with w join t_other o on o.tenant_id = w.tenant_id',
      params: [],
    });
  });

  it('compares with the drizzle column of the outer query’s table in a correlated subquery', () => {
    const q = sql`select (select count(*) from t_other o where ${tenantSql(other, withTenant.tenantId, 'o')}) from ${withTenant}`;
    expect(render(q).sql).toBe(
      'select (select count(*) from t_other o where o.tenant_id = "t_with"."tenant_id") from "t_with"',
    );
  });

  it('refuses a table without a tenant column and an alias that is not a plain name', () => {
    expect(() => tenantSql(global, '000000')).toThrow(/t_global has no tenant column/);
    expect(() => tenantColumnSql(global, 'g')).toThrow(/no tenant column/);
    expect(() => tenantSql(withTenant, '000000', 'w; drop table x')).toThrow(/bad table alias/);
    expect(() => tenantSql(withTenant, '000000', 'W')).toThrow(/bad table alias/);
  });
});

describe('tenantText', () => {
  it('names the placeholder the caller binds', () => {
    expect(tenantText(withTenant, '$2', 'w')).toBe('w.tenant_id = $2');
    expect(tenantText(withTenant, '?')).toBe('tenant_id = ?');
  });
  it('compares with another table’s tenant column in a join', () => {
    expect(tenantText(other, tenantColumnText(withTenant, 'w'), 'o')).toBe('o.tenant_id = w.tenant_id');
  });
  it('refuses anything but a placeholder or a checked column, and a table without a tenant column', () => {
    expect(() => tenantText(withTenant, "'000000'")).toThrow(/bad tenant parameter/);
    expect(() => tenantText(withTenant, 'w.tenant_id')).toThrow(/bad tenant parameter/);
    expect(() => tenantText(global, '$1')).toThrow(/no tenant column/);
    expect(() => tenantColumnText(global, 'g')).toThrow(/no tenant column/);
    expect(() => tenantColumnText(withTenant, 'w or 1=1')).toThrow(/bad table alias/);
  });
});
