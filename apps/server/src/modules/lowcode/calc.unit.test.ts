import { describe, expect, it } from 'vitest';
import { calculate } from './calc.ts';

const f = (name: string) => ({ __vModel__: name });

describe('calculated fields', () => {
  it('computes with precedence, parentheses and the field precision', () => {
    expect(calculate([f('a'), '+', f('b'), '*', '2'], { a: 1, b: 2.5 })).toBe(6);
    expect(calculate(['(', f('a'), '+', f('b'), ')', '×', '2'], { a: 1, b: 2.5 })).toBe(7);
    expect(calculate([f('a'), '÷', '3'], { a: 10 }, 3)).toBe(3.333);
  });
  it('sums a sub-table column in the main form', () => {
    const record = { items: [{ amount: 2 }, { amount: 3.5 }], fee: 1 };
    expect(calculate([f('items.amount'), '+', f('fee')], record)).toBe(6.5);
  });
  it('gives 0 where the form shows 0 (division by zero, a malformed formula), null without a formula', () => {
    expect(calculate([f('a'), '/', f('b')], { a: 1, b: 0 })).toBe(0);
    expect(calculate([f('a'), '+'], { a: 1 })).toBe(0);
    expect(calculate([], { a: 1 })).toBeNull();
    expect(calculate(undefined, { a: 1 })).toBeNull();
  });
});
