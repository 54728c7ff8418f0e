import { describe, expect, it } from 'vitest';
import { AMOUNT_TOO_LARGE, amountToChinese } from './amount';

describe('amount in Chinese capitalised numerals', () => {
  it('negative or non-numeric gives an empty string', () => {
    for (const v of [-1, '-0.5', 'abc', '', null, undefined, Number.NaN, '1,000', {}])
      expect(amountToChinese(v)).toBe('');
  });
  it('more than 12 integer digits is too large', () => {
    expect(amountToChinese('1234567890123')).toBe(AMOUNT_TOO_LARGE);
    expect(AMOUNT_TOO_LARGE).toBe('金额过大无法计算');
    expect(amountToChinese('999999999999')).toBe('玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整');
  });
  it('reads integers with zeros and group units', () => {
    expect(amountToChinese(0)).toBe('零元整');
    expect(amountToChinese(1)).toBe('壹元整');
    expect(amountToChinese(10)).toBe('壹拾元整');
    expect(amountToChinese(105)).toBe('壹佰零伍元整');
    expect(amountToChinese(1001)).toBe('壹仟零壹元整');
    expect(amountToChinese(100000)).toBe('壹拾万元整');
    expect(amountToChinese(10010000)).toBe('壹仟零壹万元整');
    expect(amountToChinese(100000001)).toBe('壹亿零壹元整');
    expect(amountToChinese(100010000)).toBe('壹亿零壹万元整');
    expect(amountToChinese(123456789)).toBe('壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整');
    expect(amountToChinese('0012')).toBe('壹拾贰元整');
  });
  it('reads up to four decimals (角 分 厘 毫)', () => {
    expect(amountToChinese('0.5')).toBe('伍角');
    expect(amountToChinese('0.05')).toBe('伍分');
    expect(amountToChinese(1.5)).toBe('壹元伍角');
    expect(amountToChinese('1.05')).toBe('壹元零伍分');
    expect(amountToChinese('1.2345')).toBe('壹元贰角叁分肆厘伍毫');
    expect(amountToChinese('1.23456')).toBe('壹元贰角叁分肆厘伍毫');
    expect(amountToChinese('3.10')).toBe('叁元壹角');
    expect(amountToChinese('2.00')).toBe('贰元整');
  });
});
