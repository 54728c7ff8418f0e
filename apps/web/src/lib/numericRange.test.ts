import { describe, expect, it } from 'vitest';
import { fromNumericRange, toNumericRange } from './numericRange';

describe('numeric range', () => {
  it('is an empty list when both ends are empty', () => {
    expect(toNumericRange(null, undefined)).toEqual([]);
    expect(toNumericRange('', '')).toEqual([]);
  });
  it('is [min, max] otherwise', () => {
    expect(toNumericRange(1, 5)).toEqual([1, 5]);
    expect(toNumericRange(0, null)).toEqual([0, null]);
    expect(toNumericRange(undefined, 3)).toEqual([null, 3]);
  });
  it('reads a stored value back', () => {
    expect(fromNumericRange([2, 4])).toEqual([2, 4]);
    expect(fromNumericRange([])).toEqual([null, null]);
    expect(fromNumericRange('x')).toEqual([null, null]);
  });
});
