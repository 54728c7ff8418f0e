import { describe, expect, it } from 'vitest';
import { menuDialectOf, projectMenus } from './menu-dialect.ts';
import type { menu } from './schema.ts';

type Row = typeof menu.$inferSelect;
const row = (id: string, parentId: string, extra: Partial<Row> = {}): Row =>
  ({
    id,
    parentId,
    code: id,
    name: id,
    alias: null,
    path: `/ours/${id}`,
    source: 'AppstoreOutlined',
    sort: 1,
    category: 1,
    action: 0,
    isOpen: 1,
    i18n: null,
    propertyJson: null,
    remark: null,
    saberPath: null,
    saberSource: null,
    swordPath: null,
    swordSource: null,
    isDeleted: 0,
    ...extra,
  }) as Row;

// ops (no view) > log (view) > usual (view) + button; sys (view) > station (no view); empty (view, directory)
const rows = [
  row('ops', '0'),
  row('log', 'ops', { saberPath: '/monitor/log', saberSource: 'iconfont a' }),
  row('usual', 'log', { saberPath: '/monitor/log/usual' }),
  row('usual_view', 'usual', { category: 2 }),
  row('sys', '0', { saberPath: '/system' }),
  row('station', 'sys'),
  row('station_export', 'station', { category: 2 }),
  row('empty', '0', { saberPath: '/empty' }),
  row('gone', 'empty'),
];
const all = new Map(rows.map((r) => [r.id, r]));

describe('projectMenus', () => {
  it('keeps views with their paths and icons, hangs them under the nearest view, drops the rest', () => {
    const out = projectMenus(rows, all, 'saber');
    expect(out.map((r) => [r.id, r.parentId, r.path, r.source])).toEqual([
      ['log', '0', '/monitor/log', 'iconfont a'],
      ['usual', 'log', '/monitor/log/usual', null],
      ['usual_view', 'usual', '/ours/usual_view', 'AppstoreOutlined'],
    ]);
  });

  it('leaves everything out for a client with no views, and knows only the SpringBlade clients', () => {
    expect(projectMenus(rows, all, 'sword')).toEqual([]);
    expect(menuDialectOf('saber')).toBe('saber');
    expect(menuDialectOf('sword')).toBe('sword');
    expect(menuDialectOf('swp_web')).toBeUndefined();
    expect(menuDialectOf(undefined)).toBeUndefined();
  });

  it('keeps buttons alone when their entry is shown', () => {
    expect(projectMenus([rows[3], rows[6]], all, 'saber').map((r) => r.id)).toEqual(['usual_view']);
  });
});
