import { describe, expect, it } from 'vitest';
import { contentDisposition, rfc5987 } from './attachment.ts';

describe('download headers', () => {
  it('names a non-ASCII file in filename* and, percent-encoded, in the plain filename (BladeX clients decode it)', () => {
    expect(contentDisposition('数据导出.xlsx')).toBe(
      `attachment; filename="%E6%95%B0%E6%8D%AE%E5%AF%BC%E5%87%BA.xlsx"; filename*=UTF-8''%E6%95%B0%E6%8D%AE%E5%AF%BC%E5%87%BA.xlsx`,
    );
    expect(decodeURIComponent(/filename="([^"]+)"/.exec(contentDisposition('水质月报_2026-11.xlsx'))?.[1] ?? '')).toBe(
      '水质月报_2026-11.xlsx',
    );
  });

  it('keeps a printable ASCII name as it is, and encodes what RFC 5987 reserves', () => {
    expect(contentDisposition("rain (1)'s.xlsx")).toBe(
      `attachment; filename="rain (1)'s.xlsx"; filename*=UTF-8''rain%20%281%29%27s.xlsx`,
    );
    expect(rfc5987("a!b*c'(d)")).toBe('a%21b%2Ac%27%28d%29');
  });

  it('never lets a quote, backslash or semicolon of the name out of the quoted string', () => {
    for (const name of ['a".xlsx', 'a\\b.xlsx', 'a; filename=evil.exe', '100%.xlsx']) {
      const plain = /filename="([^"]*)"; filename\*/.exec(contentDisposition(name))?.[1];
      expect(plain).toBe(rfc5987(name));
    }
  });

  it('serves inline, and takes a given plain name', () => {
    expect(contentDisposition('图.png', { inline: true })).toMatch(/^inline; filename="%E5%9B%BE\.png"; /);
    expect(contentDisposition('报警信息.xlsx', { fallback: 'alarms.xlsx' })).toBe(
      `attachment; filename="alarms.xlsx"; filename*=UTF-8''${encodeURIComponent('报警信息.xlsx')}`,
    );
  });
});
