import { describe, expect, it } from 'vitest';
import { clientDigest, md5 } from './password.ts';
import { emailProblem, idList, phoneProblem, splitList } from './rules.ts';

describe('user field rules', () => {
  it('checks phones in the spec’s order: empty, length, pattern', () => {
    expect(phoneProblem('')).toBe('手机号码不能为空');
    expect(phoneProblem(null)).toBe('手机号码不能为空');
    expect(phoneProblem('  ')).toBe('手机号码不能为空');
    expect(phoneProblem('1391234567')).toBe('手机号码长度不为11位');
    expect(phoneProblem('139123456789')).toBe('手机号码长度不为11位');
    expect(phoneProblem('0551-628810')).toBe('手机号码格式不正确');
    expect(phoneProblem('12912345678')).toBe('手机号码格式不正确');
    expect(phoneProblem('13912345678')).toBeUndefined();
  });

  it('checks e-mail addresses', () => {
    expect(emailProblem('a@b.cn')).toBeUndefined();
    expect(emailProblem('a@b')).toBe('邮箱格式不正确');
    expect(emailProblem('a b@c.cn')).toBe('邮箱格式不正确');
  });

  it('normalises id lists and refuses junk', () => {
    expect(idList('x').parse(['1', 2, ' 3 '])).toBe('1,2,3');
    expect(idList('x').parse('4,,5')).toBe('4,5');
    expect(idList('x').parse('')).toBe('');
    expect(idList('x').safeParse('1,a').success).toBe(false);
    expect(splitList('a，b, c')).toEqual(['a', 'b', 'c']);
    expect(splitList(undefined)).toEqual([]);
  });

  it('takes a 32-digit hex value as the client’s MD5 and digests anything else', () => {
    const d = md5('admin');
    expect(clientDigest(d)).toBe(d);
    expect(clientDigest(d.toUpperCase())).toBe(d);
    expect(clientDigest('admin')).toBe(d);
  });
});
