import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope.ts';
import { boundaryOf, parseFormData } from './form-data.ts';

/** What a browser's fetch sends for a FormData body. */
async function encode(fd: FormData) {
  const req = new Request('http://client.invalid/', { method: 'POST', body: fd });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

describe('parseFormData', () => {
  it('reads the text fields of a browser FormData, UTF-8 and multi-line values included', async () => {
    const fd = new FormData();
    fd.append('ids', '1,2,3');
    fd.append('realName', '管理员');
    fd.append('remark', 'line 1\r\nline 2');
    fd.append('empty', '');
    const { body, type } = await encode(fd);
    expect(parseFormData(body, type)).toEqual({
      ids: '1,2,3',
      realName: '管理员',
      remark: 'line 1\r\nline 2',
      empty: '',
    });
  });

  it('comma-joins a repeated field (Spring binds it to one String that way)', async () => {
    const fd = new FormData();
    fd.append('roleIds', '1');
    fd.append('roleIds', '2');
    const { body, type } = await encode(fd);
    expect(parseFormData(body, type)).toEqual({ roleIds: '1,2' });
  });

  it('takes an empty form', async () => {
    const { body, type } = await encode(new FormData());
    expect(parseFormData(body, type)).toEqual({});
  });

  it('refuses file parts, a missing boundary and a truncated body with a 400', async () => {
    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'a.txt');
    const file = await encode(fd);
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
        return (e as ApiError).message;
      }
      throw new Error('not refused');
    };
    expect(refusal(() => parseFormData(file.body, file.type))).toMatch(/不接收文件/);
    expect(refusal(() => boundaryOf('multipart/form-data'))).toMatch(/boundary/);
    const ok = new FormData();
    ok.append('a', 'b');
    const good = await encode(ok);
    expect(refusal(() => parseFormData(good.body.subarray(0, good.body.length - 20), good.type))).toMatch(/格式不正确/);
  });

  it('accepts a quoted boundary', () => {
    const body = Buffer.from('--"x"\r\n', 'utf8');
    expect(boundaryOf('multipart/form-data; boundary="abc def"')).toBe('abc def');
    expect(() => parseFormData(body, 'multipart/form-data; boundary=zzz')).toThrow();
  });
});
