import { describe, expect, it } from 'vitest';
import { pageIn, rowsIn } from './rows';

describe('rowsIn', () => {
  it('reads a bare array, a JNPF list and a BladeX page', () => {
    expect(rowsIn([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(rowsIn({ list: [{ a: 2 }], pagination: { total: 9 } })).toEqual([{ a: 2 }]);
    expect(rowsIn({ records: [{ a: 3 }], total: 1 })).toEqual([{ a: 3 }]);
  });

  it('answers no rows for anything else', () => {
    for (const v of [null, undefined, 'x', 3, {}, { list: 'no' }, { records: null }]) expect(rowsIn(v)).toEqual([]);
  });
});

describe('pageIn', () => {
  it('takes the total the answer reports, else the row count', () => {
    expect(pageIn({ list: [{}], pagination: { currentPage: 1, pageSize: 1, total: 7 } })).toEqual({
      rows: [{}],
      total: 7,
    });
    expect(pageIn({ records: [{}, {}], total: '12' }).total).toBe(12);
    expect(pageIn([{}, {}, {}]).total).toBe(3);
    expect(pageIn({ list: [{}] }).total).toBe(1);
    expect(pageIn(null)).toEqual({ rows: [], total: 0 });
  });
});
