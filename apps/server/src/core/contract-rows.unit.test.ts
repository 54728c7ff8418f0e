import fs from 'node:fs';
import path from 'node:path';
import { integer, numeric, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import '../modules/index.ts';
import { idType, pk } from './columns.ts';
import { rowTypeName, rowTypesSource } from './contract-rows.ts';
import { resourceDefs } from './resource.ts';

const ROWS_FILE = path.resolve(import.meta.dirname, '../../../../packages/contract/src/rows.ts');

describe('the web row types generated from the tables (packages/contract/src/rows.ts)', () => {
  it('is current: regenerate with `npm run contract:rows` after changing a table of the resource engine', () => {
    const committed = fs.readFileSync(ROWS_FILE, 'utf8');
    expect(
      committed === rowTypesSource(resourceDefs()),
      'packages/contract/src/rows.ts is stale: run npm run contract:rows',
    ).toBe(true);
  });

  it('types each column as the wire carries it, hidden columns left out', () => {
    const t = pgTable('t_demo', {
      id: pk(),
      ownerId: idType('owner_id').notNull(),
      name: varchar('name', { length: 20 }).notNull(),
      note: text('note'),
      sort: integer('sort'),
      price: numeric('price', { precision: 10, scale: 2 }),
      secret: varchar('secret', { length: 64 }),
    });
    const src = rowTypesSource([
      {
        code: 'demo_thing',
        base: '/x/demo',
        table: t,
        input: {},
        hidden: ['secret'],
        grant: { read: 'admin', submit: 'admin', remove: 'admin' },
      },
    ]);
    expect(src).toContain('export interface DemoThingRow {');
    expect(src).toContain('  id: string;');
    expect(src).toContain('  ownerId: string;');
    expect(src).toContain('  name: string;');
    expect(src).toContain('  note?: string | null;');
    expect(src).toContain('  sort?: number | null;');
    expect(src).toContain('  price?: string | null;');
    expect(src).not.toContain('secret');
  });

  it('names a row type after its resource code', () => {
    expect(rowTypeName('wf_model_history')).toBe('WfModelHistoryRow');
    expect(rowTypeName('param')).toBe('ParamRow');
  });
});
