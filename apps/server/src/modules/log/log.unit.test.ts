import { describe, expect, it } from 'vitest';
import { describeIssue } from '../../core/errors.ts';
import { clientErrorBatch, frameOf } from './service.ts';
import { LogWriter, maskedJson, shouldLogApi, titleOf } from './writer.ts';

describe('maskedJson', () => {
  it('masks secrets at any depth and keeps the rest', () => {
    const text = maskedJson({
      query: { username: 'admin', password: 'e10adc3949ba59abbe56e057f20f883e', grant_type: 'password' },
      body: { user: { oldPassword: 'a', newPassword1: 'b' }, refresh_token: 'r', clientSecret: 's', note: 'ok' },
    })!;
    expect(text).not.toMatch(/e10adc|"a"|"b"|"r"|"s"/);
    expect(JSON.parse(text)).toMatchObject({
      query: { username: 'admin', password: '******', grant_type: 'password' },
      body: { user: { oldPassword: '******', newPassword1: '******' }, refresh_token: '******', note: 'ok' },
    });
  });

  it('survives circular values, buffers and huge bodies', () => {
    const a: any = { name: 'x' };
    a.self = a;
    expect(maskedJson(a)).toBe('{"name":"x","self":"[circular]"}');
    expect(maskedJson({ file: Buffer.alloc(10) })).toBe('{"file":"[binary 10 bytes]"}');
    expect(maskedJson({ s: 'x'.repeat(50_000) })!.length).toBeLessThanOrEqual(10_001);
    expect(maskedJson(undefined)).toBeNull();
  });
});

describe('what the API log keeps', () => {
  it('every write, and reads only when slow', () => {
    expect(shouldLogApi('POST', 1)).toBe(true);
    expect(shouldLogApi('PUT', 1)).toBe(true);
    expect(shouldLogApi('DELETE', 1)).toBe(true);
    expect(shouldLogApi('GET', 999)).toBe(false);
    expect(shouldLogApi('GET', 1000)).toBe(true);
    expect(shouldLogApi('GET', 10, 5)).toBe(true);
    expect(titleOf('POST', 'submit', 3)).toBe('新增或修改');
    expect(titleOf('POST', 'remove', 3)).toBe('删除');
    expect(titleOf('GET', 'list', 1500)).toBe('慢请求 (1500 ms)');
    expect(titleOf('POST', 'whatever', 3)).toBe('POST whatever');
  });
});

describe('frameOf', () => {
  it('finds our own frame in a Node stack, skipping node_modules', () => {
    const stack = [
      'TypeError: boom',
      '    at Object.parse (/work/node_modules/x/index.js:10:5)',
      '    at handler (file:///work/main/apps/server/src/modules/x/routes.ts:42:11)',
      '    at node:internal/process/task_queues:95:5',
    ].join('\n');
    expect(frameOf(stack)).toEqual({
      fileName: 'file:///work/main/apps/server/src/modules/x/routes.ts',
      lineNumber: 42,
    });
  });

  it('reads Chrome and Firefox browser stacks', () => {
    expect(frameOf('Error: x\n    at onClick (http://localhost:8080/assets/index-abc.js:3:1234)')).toEqual({
      fileName: 'http://localhost:8080/assets/index-abc.js',
      lineNumber: 3,
    });
    expect(frameOf('Error: x\nonClick@http://localhost:8080/assets/index-abc.js:7:99')).toEqual({
      fileName: 'http://localhost:8080/assets/index-abc.js',
      lineNumber: 7,
    });
    expect(frameOf(undefined)).toBeUndefined();
  });
});

describe('client error upload validation', () => {
  const msg = (v: unknown) => {
    const r = clientErrorBatch.safeParse(v);
    return r.success ? 'ok' : describeIssue(r.error.issues[0]);
  };
  it('accepts the entries of the error-log dialog', () => {
    expect(
      msg([
        {
          type: 'error',
          url: '/wel/index',
          message: 'TypeError: x is undefined',
          stack: 'at a',
          time: '2026-01-02 03:04:05',
          info: { a: 1 },
        },
      ]),
    ).toBe('ok');
    expect(msg([{ type: 'bug', url: '/', message: 'm', time: 1767312000000 }])).toBe('ok');
  });
  it('refuses bad input with a message a person can act on', () => {
    expect(msg({ type: 'error' })).toMatch(/^参数校验失败: 请求体必须是日志条目的数组/);
    expect(msg([])).toBe('参数校验失败: 没有要上传的日志');
    expect(msg([{ type: 'warn', url: '/', message: 'm' }])).toBe('参数校验失败: 0.type: 只能是 bug 或 error');
    expect(msg([{ type: 'bug', message: 'm' }])).toBe('缺少必要的请求参数: 0.url');
    expect(msg([{ type: 'bug', url: '/', message: 'm', time: 'yesterday' }])).toBe(
      '参数校验失败: 0.time: 不是有效的时间',
    );
    expect(msg(Array.from({ length: 501 }, () => ({ type: 'bug', url: '/', message: 'm' })))).toMatch(
      /最多上传 500 条/,
    );
  });
});

describe('LogWriter', () => {
  function fakeDb() {
    const inserts: { rows: number }[] = [];
    const db = { insert: () => ({ values: async (rows: unknown[]) => void inserts.push({ rows: rows.length }) }) };
    return { db: db as any, inserts };
  }

  it('batches rows into one insert after a short delay, and at once when a batch fills', async () => {
    const { db, inserts } = fakeDb();
    const w = new LogWriter(db, { delayMs: 20, maxBatch: 5 });
    w.push('api', { title: 'a' } as any);
    w.push('api', { title: 'b' } as any);
    expect(inserts).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(inserts).toEqual([{ rows: 2 }]);
    for (let i = 0; i < 5; i++) w.push('api', { title: String(i) } as any);
    await w.flush();
    expect(inserts).toEqual([{ rows: 2 }, { rows: 5 }]);
  });

  it('drops a batch the database refuses and reports it', async () => {
    const errors: number[] = [];
    const db = { insert: () => ({ values: async () => Promise.reject(new Error('down')) }) };
    const w = new LogWriter(db as any);
    w.onError = (_e, _k, rows) => errors.push(rows);
    w.push('error', { title: 'x' } as any);
    await w.close();
    expect(errors).toEqual([1]);
  });
});
