import { describe, expect, it } from 'vitest';
import { definitionOf, reportBody, reportColumns, reportForm } from './reports';

const SEEDED = JSON.stringify({
  title: '居民阶梯水价表',
  columns: ['tier', 'volumeFrom', 'volumeTo', 'totalPrice', 'effectiveDate'],
});

describe('report definitions', () => {
  it('reads ours, strings or { prop, label } columns; not a foreign one', () => {
    expect(definitionOf(SEEDED)?.columns[0]).toEqual({ prop: 'tier', label: 'tier' });
    expect(definitionOf('{"columns":[{"prop":"a","label":"甲"},7]}')).toEqual({
      title: undefined,
      columns: [{ prop: 'a', label: '甲' }],
    });
    expect(definitionOf('<ureport/>')).toBeUndefined();
    expect(definitionOf(null)).toEqual({ columns: [] });
  });

  it('opens the title and columns in the form and writes them back', () => {
    const f = reportForm({ id: '1', name: '水价', interfaceId: 5, content: SEEDED });
    expect(f).toMatchObject({
      interfaceId: '5',
      title: '居民阶梯水价表',
      columns: ['tier', 'volumeFrom', 'volumeTo', 'totalPrice', 'effectiveDate'],
    });
    const b = reportBody({ ...f, title: '', columns: ['tier', ' totalPrice '] }, { content: SEEDED });
    expect(JSON.parse(b.content)).toEqual({ title: '水价', columns: ['tier', 'totalPrice'] });
    expect(b.title).toBeUndefined();
    expect(b.columns).toBeUndefined();
  });

  it('keeps column labels and a foreign definition the form left alone', () => {
    const labelled = '{"title":"t","columns":[{"prop":"a","label":"甲"}]}';
    expect(
      JSON.parse(reportBody({ name: 'n', title: 't', columns: ['a', 'b'] }, { content: labelled }).content),
    ).toEqual({
      title: 't',
      columns: [{ prop: 'a', label: '甲' }, 'b'],
    });
    expect(reportBody({ name: 'n', title: '', columns: [] }, { content: '<ureport/>' }).content).toBe('<ureport/>');
    expect(reportBody({ name: 'n', interfaceId: undefined }).interfaceId).toBe('');
  });

  it('shows the definition’s columns, else every field', () => {
    expect(reportColumns({ columns: [] }, ['x', 'y'])).toEqual([
      { prop: 'x', label: 'x' },
      { prop: 'y', label: 'y' },
    ]);
    expect(reportColumns(definitionOf(SEEDED), ['x'])).toHaveLength(5);
  });
});
