import { describe, expect, it, vi } from 'vitest';
import {
  evaluateFormula,
  formulaFields,
  isNumberText,
  isValidExpression,
  mergeNumbers,
  tokenize,
  toRPN,
} from './formula';

describe('formula: numbers', () => {
  it('accepts an optional sign, no leading zeros, optional decimals', () => {
    for (const s of ['0', '12', '-3', '+4', '0.5', '10.25', '-0.75']) expect(isNumberText(s)).toBe(true);
    for (const s of ['01', '00', '1.', '.5', '1.2.3', '', '+', '1e5', 'abc']) expect(isNumberText(s)).toBe(false);
  });
});

describe('formula: validity', () => {
  const valid = (f: string) => isValidExpression(mergeNumbers(tokenize(f).map(String)));
  // an odd token count, numbers at both ends and alternation
  it.each([
    ['1 + 2', true],
    ['1 + 2 ×', false],
    ['× 1 + 2', false],
    ['1 2 +', false],
    ['1 × ÷ 2', false],
    ['1 + -2', true],
    ['1 +', false],
    ['', false],
  ])('alternation: %j is valid: %s', (f, ok) => expect(valid(f)).toBe(ok));
  it.each([
    ['(1 + 2) × 3', true],
    ['((1 + 2) × (3 - 1))', true],
    ['(1 + 2 × 3', false],
    ['1 + 2) × 3', false],
    ['1 (2 + 3)', false],
    ['()', false],
  ])('parentheses: %j is valid: %s', (f, ok) => expect(valid(f)).toBe(ok));
  it('joins digits typed one at a time and signs after an operator', () => {
    expect(mergeNumbers(['1', '2', '+', '3'])).toEqual(['12', '+', '3']);
    expect(mergeNumbers(['2', '×', '-', '3'])).toEqual(['2', '×', '-3']);
    expect(mergeNumbers(['-', '3', '+', '1'])).toEqual(['-3', '+', '1']);
    expect(mergeNumbers(['5', '-', '3'])).toEqual(['5', '-', '3']);
  });
});

describe('formula: evaluation', () => {
  it.each([
    ['1 + 2 × 3', 7],
    ['(1 + 2) × 3', 9],
    ['10 - 4 - 3', 3],
    ['12 ÷ 4 ÷ 3', 1],
    ['2 × (3 + 4) ÷ 7 - 1', 1],
    ['0.1 + 0.2', 0.3],
  ])('follows precedence and parentheses: %s = %s', (f, n) => expect(evaluateFormula(f)).toBe(n));
  it('orders the tokens by precedence', () => {
    expect(toRPN(['1', '+', '2', '×', '3'])).toEqual(['1', '2', '3', '×', '+']);
  });
  it('accepts * and / as aliases', () => {
    expect(evaluateFormula('6 * 7 / 2')).toBe(21);
  });
  it('reads field values; missing or non-numeric values are 0', () => {
    expect(evaluateFormula('{price} × {qty}', { price: '2.5', qty: 4 })).toBe(10);
    expect(evaluateFormula('{price} × {qty} + 1', { price: 'abc' })).toBe(1);
    expect(evaluateFormula('{a} - {b}', { a: 1, b: -3 })).toBe(4);
    expect(evaluateFormula([{ field: 'a' }, '+', '1', '0'], { a: 5 })).toBe(15);
    expect(formulaFields('{a} + {b} × {a}')).toEqual(['a', 'b']);
  });
  it('NaN and division by zero become 0; an invalid formula counts as 0 and warns', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(evaluateFormula('0 ÷ 0')).toBe(0);
    expect(evaluateFormula('1 ÷ 0')).toBe(0);
    expect(evaluateFormula('1 + × 2')).toBe(0);
    expect(evaluateFormula('alert(1)')).toBe(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
