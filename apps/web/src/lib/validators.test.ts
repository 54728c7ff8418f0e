import { describe, expect, it } from 'vitest';
import { isEmpty, isURL, phoneRule, validatePhone } from './validators';

describe('phone (spec 1 §5)', () => {
  it('empty', () => {
    expect(validatePhone('')).toBe('手机号码不能为空');
    expect(validatePhone(undefined)).toBe('手机号码不能为空');
    expect(validatePhone('   ')).toBe('手机号码不能为空');
  });
  it('length other than 11', () => {
    expect(validatePhone('1380013800')).toBe('手机号码长度不为11位');
    expect(validatePhone('138001380001')).toBe('手机号码长度不为11位');
  });
  it('format', () => {
    expect(validatePhone('12345678901')).toBe('手机号码格式不正确');
    expect(validatePhone('1380013800a')).toBe('手机号码格式不正确');
    expect(validatePhone('010-1234567')).toBe('手机号码格式不正确');
  });
  it('valid', () => {
    expect(validatePhone('13800138000')).toBe('');
    expect(validatePhone(19912345678)).toBe('');
  });
  it('as an antd rule', async () => {
    await expect(phoneRule.validator(null, '13800138000')).resolves.toBeUndefined();
    await expect(phoneRule.validator(null, '')).rejects.toThrow('手机号码不能为空');
  });
});

describe('URL (spec 1 §5)', () => {
  it('needs http or https', () => {
    expect(isURL('http://example.com')).toBe(true);
    expect(isURL('https://example.com/a?b=c')).toBe(true);
    expect(isURL('HTTPS://EXAMPLE.COM')).toBe(true);
    expect(isURL('ftp://example.com')).toBe(false);
    expect(isURL('example.com')).toBe(false);
    expect(isURL('javascript:alert(1)')).toBe(false);
    expect(isURL('/system/param')).toBe(false);
    expect(isURL('https://')).toBe(false);
    expect(isURL(undefined)).toBe(false);
  });
});

describe('isEmpty', () => {
  it('treats null, undefined, empty strings, arrays and objects as empty', () => {
    for (const v of [null, undefined, '', [], {}]) expect(isEmpty(v)).toBe(true);
    for (const v of [0, 'a', [1], { a: 1 }, false]) expect(isEmpty(v)).toBe(false);
  });
});
