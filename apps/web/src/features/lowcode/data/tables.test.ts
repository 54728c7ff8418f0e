import { describe, expect, it } from 'vitest';
import { cellText, columnsOf, keyColumns, tableRows } from './cells';
import { percentOf, progressOf, sameTable, syncBody } from './syncs';
import { duplicateField, IDENT, sizesFor, tableBody } from './tables';

describe('new tables', () => {
  it('checks names and finds a column named twice', () => {
    expect(IDENT.test('swp_meter')).toBe(true);
    expect(IDENT.test('1meter')).toBe(false);
    expect(IDENT.test('a-b')).toBe(false);
    expect(duplicateField([{ field: 'id' }, { field: 'Name' }, { field: ' name ' }])).toBe('name');
    expect(duplicateField([{ field: 'id' }, { field: '' }, { field: '' }])).toBeUndefined();
  });

  it('starts a column with the sizes of its type', () => {
    expect(sizesFor('varchar')).toEqual({ dataLength: 255, decimalDigits: undefined });
    expect(sizesFor('decimal')).toEqual({ dataLength: 18, decimalDigits: 2 });
    expect(sizesFor('int')).toEqual({ dataLength: undefined, decimalDigits: undefined });
  });

  it('sends sizes only where the type takes them; a key column is never null', () => {
    expect(
      tableBody(' meter ', [
        { field: 'id', dataType: 'bigint', primaryKey: true, allowNull: true, dataLength: 9 },
        { field: 'name', dataType: 'varchar', dataLength: 50, decimalDigits: 2 },
        { field: 'price', dataType: 'decimal', dataLength: 10, decimalDigits: 2, allowNull: false },
      ]),
    ).toEqual({
      tableName: 'meter',
      fields: [
        { field: 'id', dataType: 'bigint', primaryKey: 1, allowNull: 0 },
        { field: 'name', dataType: 'varchar', dataLength: 50, primaryKey: 0, allowNull: 1 },
        { field: 'price', dataType: 'decimal', dataLength: 10, decimalDigits: 2, primaryKey: 0, allowNull: 0 },
      ],
    });
  });
});

describe('cells', () => {
  it('reads values and columns of previews and answers', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(0)).toBe('0');
    expect(cellText(false)).toBe('false');
    expect(cellText({ a: [1] })).toBe('{"a":[1]}');
    expect(columnsOf([{ a: 1 }, { b: 2, a: 3 }, 'x'])).toEqual(['a', 'b']);
    expect(tableRows(['甲', { id: 1 }])).toEqual([{ value: '甲' }, { id: 1 }]);
  });

  it('makes a column per key, a null cell shown as given or empty', () => {
    const [a] = keyColumns([{ a: null }], 'NULL') as { title: string; render(v: unknown): unknown }[];
    expect(a).toMatchObject({ title: 'a', dataIndex: 'a', key: 'a', ellipsis: true });
    expect(a.render(null)).toBe('NULL');
    expect(a.render({ b: 1 })).toBe('{"b":1}');
    const [plain] = keyColumns([{ a: null }]) as { render(v: unknown): unknown }[];
    expect(plain.render(null)).toBe('');
  });
});

describe('sync', () => {
  it('refuses a table copied onto itself', () => {
    expect(sameTable({ dbLinkFrom: '1', dbLinkTo: '1', table: 't' })).toBe(true);
    expect(sameTable({ dbLinkFrom: '1', dbLinkTo: '1', table: 't', toTable: ' t ' })).toBe(true);
    expect(sameTable({ dbLinkFrom: '1', dbLinkTo: '1', table: 't', toTable: 'u' })).toBe(false);
    expect(sameTable({ dbLinkFrom: '0', dbLinkTo: '1', table: 't' })).toBe(false);
    expect(sameTable({ dbLinkFrom: '1', dbLinkTo: '1' })).toBe(false);
  });

  it('builds the body and reads progress events', () => {
    expect(
      syncBody({ dbLinkFrom: 0, dbLinkTo: 5, table: ' t ', toTable: '', batchSize: 100, clearTarget: true }),
    ).toEqual({
      dbLinkFrom: '0',
      dbLinkTo: '5',
      table: 't',
      toTable: null,
      batchSize: 100,
      clearTarget: 1,
    });
    const p = progressOf({ type: 'datasync.progress', data: { table: 't', copied: 50, total: 200, batches: 1 } });
    expect(p).toEqual({ table: 't', copied: 50, total: 200, batches: 1 });
    expect(percentOf(p!)).toBe(25);
    expect(percentOf({ table: 't', copied: 0, total: 0, batches: 0 })).toBe(0);
    expect(progressOf({ type: 'message', data: {} })).toBeUndefined();
    expect(progressOf('pong')).toBeUndefined();
  });
});
