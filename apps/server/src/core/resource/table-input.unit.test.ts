import { boolean, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { audit, idType, pk, tenantCol } from '../columns.ts';
import { tableInput } from './table-input.ts';

const thing = pgTable('t_thing', {
  id: pk(),
  ...tenantCol(),
  name: varchar('name', { length: 10 }).notNull(),
  note: text('note'),
  sort: integer('sort').default(0).notNull(),
  active: boolean('active'),
  deptId: idType('dept_id'),
  due: timestamp('due', { withTimezone: true }),
  internal: varchar('internal', { length: 20 }),
  ...audit(),
});

describe('tableInput: the writable fields of a family from its drizzle table', () => {
  const shape = tableInput(thing, { name: z.string().trim().min(1, '请输入名称').max(10) }, { omit: ['internal'] });
  const schema = z.object(shape);

  it('leaves the server-owned columns (id, tenant, audit, soft delete) and the omitted ones out', () => {
    expect(Object.keys(shape).sort()).toEqual(['active', 'deptId', 'due', 'name', 'note', 'sort']);
  });

  it('uses the rule given for a field (its message) and derives the others from their columns', () => {
    expect(schema.safeParse({ name: ' ' }).error?.issues[0].message).toBe('请输入名称');
    const ok = schema.parse({
      name: 'Pump',
      note: null,
      sort: '3',
      active: true,
      deptId: '12',
      due: '2026-01-02T03:04:05Z',
    });
    expect(ok).toMatchObject({ name: 'Pump', note: null, sort: 3, active: true, deptId: '12' });
    expect(ok.due).toBeInstanceOf(Date);
    expect(schema.safeParse({ name: 'ok', deptId: 'abc' }).success).toBe(false);
    expect(schema.safeParse({ name: 'ok', sort: 1.5 }).success).toBe(false);
  });

  it('keeps a varchar to its length and a not-null column without a default required', () => {
    const derived = z.object(tableInput(thing));
    expect(derived.safeParse({}).success).toBe(false);
    expect(derived.safeParse({ name: 'x'.repeat(11) }).error?.issues[0].message).toBe('不能超过 10 个字符');
    expect(derived.safeParse({ name: 'x'.repeat(10) }).success).toBe(true);
  });

  it('refuses at definition time a column it cannot type, unless a rule or omit names it', () => {
    const withJson = pgTable('t_json', { id: pk(), conf: jsonb('conf') });
    expect(() => tableInput(withJson)).toThrow(/conf/);
    expect(Object.keys(tableInput(withJson, { conf: z.record(z.string(), z.unknown()) }))).toEqual(['conf']);
    expect(tableInput(withJson, {}, { omit: ['conf'] })).toEqual({});
  });
});
