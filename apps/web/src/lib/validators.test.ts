import { describe, expect, it } from 'vitest';
import { isEmpty, isURL, phoneRule, validatePhone } from './validators';

describe('phone (spec 1 §5)', () => {
  it.each([
    ['', '手机号码不能为空'],
    [undefined, '手机号码不能为空'],
    ['   ', '手机号码不能为空'],
    ['1380013800', '手机号码长度不为11位'],
    ['138001380001', '手机号码长度不为11位'],
    ['12345678901', '手机号码格式不正确'],
    ['1380013800a', '手机号码格式不正确'],
    ['010-1234567', '手机号码格式不正确'],
    ['13800138000', ''],
    [19912345678, ''],
  ])('%j: %j (empty, a length other than 11, the format, valid)', (phone, error) =>
    expect(validatePhone(phone)).toBe(error),
  );
  it('as an antd rule', async () => {
    await expect(phoneRule.validator(null, '13800138000')).resolves.toBeUndefined();
    await expect(phoneRule.validator(null, '')).rejects.toThrow('手机号码不能为空');
  });
});

describe('URL (spec 1 §5)', () => {
  it.each([
    ['http://example.com', true],
    ['https://example.com/a?b=c', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['ftp://example.com', false],
    ['example.com', false],
    ['javascript:alert(1)', false],
    ['/system/param', false],
    ['https://', false],
    [undefined, false],
  ])('needs http or https: %s is a URL: %s', (u, ok) => expect(isURL(u)).toBe(ok));
});

describe('isEmpty', () => {
  it('treats null, undefined, empty strings, arrays and objects as empty', () => {
    for (const v of [null, undefined, '', [], {}]) expect(isEmpty(v)).toBe(true);
    for (const v of [0, 'a', [1], { a: 1 }, false]) expect(isEmpty(v)).toBe(false);
  });
});
