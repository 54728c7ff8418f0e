import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, bootTestApp, type TestApp } from '../../../test/harness.ts';
import { adminOnly } from '../../core/gate.ts';
import type { ServerModule } from '../../core/module.ts';
import { modules } from '../index.ts';
import { flushLogs, writeUsualLog } from './index.ts';

/**
 * Routes that fail and dawdle on purpose, added to this suite's app only (each test file runs in its own module
 * context, so the registry change stays here).
 */
const probe: ServerModule = {
  name: 'log-probe',
  routes(app) {
    app.get('/log-probe/fault', adminOnly, async () => {
      throw new TypeError('probe exploded');
    });
    app.get('/log-probe/slow', adminOnly, async () => {
      await new Promise((r) => setTimeout(r, 1050));
      return { code: 200, success: true, data: null, msg: '操作成功' };
    });
  },
};

let t: TestApp;
beforeAll(async () => {
  modules.push(probe);
  t = await bootTestApp();
  await t.signIn();
});
afterAll(async () => {
  modules.splice(modules.indexOf(probe), 1);
  await t?.close();
});

const flush = () => flushLogs(t.app.ctx);

describe('API log', () => {
  it('records writes with the caller, masked parameters and the status, not plain reads', async () => {
    await t.post('/api/blade-message/record/read', undefined, { ids: '1' });
    await t.get('/api/blade-message/record/count-all');
    await flush();
    const page = (await t.get('/api/blade-log/api/list', { current: 1, size: 50 })).json().data;
    const uris = page.records.map((r: any) => r.requestUri);
    expect(uris).toContain('/api/blade-message/record/read');
    expect(uris).not.toContain('/api/blade-message/record/count-all');
    const read = page.records.find((r: any) => r.requestUri === '/api/blade-message/record/read');
    expect(read).toMatchObject({
      method: 'POST',
      type: '200',
      title: '标记已读',
      createBy: 'admin',
      tenantId: '000000',
      serviceId: 'swp-console',
      methodClass: '/blade-message/record',
      methodName: 'read',
    });
    expect(JSON.parse(read.params)).toEqual({ query: { ids: '1' } });
    expect(read.time).toBeGreaterThanOrEqual(0);
    expect(read.serverHost).toBeTruthy();

    // sign-in is a write too: its password never reaches the log
    const signIn = page.records.find((r: any) => r.requestUri === '/api/blade-auth/oauth/token');
    expect(signIn).toMatchObject({ title: '登录', createBy: 'admin', type: '200' });
    expect(signIn.params).toContain('"password":"******"');
    expect(signIn.params).not.toMatch(/[0-9a-f]{32}/);

    const detail = (await t.get('/api/blade-log/api/detail', { id: read.id })).json().data;
    expect(detail).toMatchObject({ id: read.id, requestUri: '/api/blade-message/record/read' });
  });

  it('records slow reads', async () => {
    await t.get('/api/log-probe/slow');
    await flush();
    const rows = (await t.get('/api/blade-log/api/list', { requestUri: 'log-probe/slow' })).json().data.records;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'GET', type: '200' });
    expect(rows[0].time).toBeGreaterThanOrEqual(1000);
    expect(rows[0].title).toMatch(/^慢请求/);
  });

  it('lists newest first, filters with the BladeX suffixes, refuses unknown fields', async () => {
    const page = (await t.get('/api/blade-log/api/list', { size: 100 })).json().data;
    const times = page.records.map((r: any) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    let res = await t.get('/api/blade-log/api/list', { method_equal: 'GET', createTime_datege: '2000-01-01' });
    expect(res.json().data.records.every((r: any) => r.method === 'GET')).toBe(true);
    res = await t.get('/api/blade-log/api/list', { nope: '1' });
    expect(res.json()).toMatchObject({ code: 400, msg: '未知的查询字段: nope' });
    res = await t.get('/api/blade-log/error/detail', { id: '1' });
    expect(res.json()).toMatchObject({ code: 200, data: null, msg: '暂无承载数据' });
  });
});

describe('error log', () => {
  it('writes an unhandled fault with its stack; the reply says only 服务器异常', async () => {
    const res = await t.get('/api/log-probe/fault', { q: 'x' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, success: false, data: null, msg: '服务器异常' });
    expect(res.body).not.toContain('probe exploded');
    await flush();
    const rows = (await t.get('/api/blade-log/error/list', { requestUri: 'log-probe/fault' })).json().data.records;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      serviceId: 'swp-console',
      type: 'server',
      exceptionName: 'TypeError',
      message: 'probe exploded',
      method: 'GET',
      createBy: 'admin',
    });
    expect(rows[0].stackTrace).toContain('probe exploded');
    expect(rows[0].fileName).toContain('log.api.test.ts');
    expect(rows[0].lineNumber).toBeGreaterThan(0);
    expect(JSON.parse(rows[0].params)).toEqual({ query: { q: 'x' } });
  });

  it('stores the web client’s uploaded entries as rows of service web', async () => {
    const entries = [
      {
        type: 'error',
        url: 'http://localhost:8080/#/wel/index',
        message: "TypeError: Cannot read properties of undefined (reading 'map')",
        stack:
          "TypeError: Cannot read properties of undefined (reading 'map')\n    at render (http://localhost:8080/assets/index-abc.js:3:1234)",
        time: '2026-01-02 03:04:05',
        info: { component: 'NoticeBell', token: 'secret-value' },
      },
      { type: 'bug', url: '/system/param', message: '请求超时', time: Date.now() - 60_000 },
    ];
    const res = await t.post('/api/blade-log/error/upload', entries);
    expect(res.json()).toMatchObject({ code: 200, data: { count: 2 } });
    const rows = (await t.get('/api/blade-log/error/list', { serviceId_equal: 'web', ascs: 'createTime' })).json().data
      .records;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      type: 'error',
      requestUri: 'http://localhost:8080/#/wel/index',
      exceptionName: 'TypeError',
      fileName: 'http://localhost:8080/assets/index-abc.js',
      lineNumber: 3,
      createTime: '2026-01-02 03:04:05',
      createBy: 'admin',
    });
    expect(rows[0].params).toContain('"component":"NoticeBell"');
    expect(rows[0].params).not.toContain('secret-value');
    expect(rows[1]).toMatchObject({ type: 'bug', message: '请求超时', title: '请求超时' });
  });

  it('refuses a bad upload with a 400 and a clear message, storing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ type: 'error', url: '/', message: 'x' }, '参数校验失败: body: 请求体必须是日志条目的数组'],
      [[], '参数校验失败: body: 没有要上传的日志'],
      [[{ type: 'warning', url: '/', message: 'x' }], '参数校验失败: 0.type: 只能是 bug 或 error'],
      [
        [
          { type: 'bug', url: '/', message: 'ok' },
          { type: 'bug', url: '/' },
        ],
        '缺少必要的请求参数: 1.message',
      ],
      [[{ type: 'bug', url: '/', message: 'x', time: 'last tuesday' }], '参数校验失败: 0.time: 不是有效的时间'],
      [
        [{ type: 'bug', url: 42, message: 'x' }],
        '参数校验失败: 0.url: Invalid input: expected string, received number',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await t.post('/api/blade-log/error/upload', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false, msg });
    }
    const res = await t.call({
      method: 'POST',
      url: '/api/blade-log/error/upload',
      headers: {
        ...authHeaders(t.token),
        'content-type': 'application/json',
      },
      payload: '[{"type": "bug",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请求体不是合法的 JSON');
    const total = (await t.get('/api/blade-log/error/list', { serviceId_equal: 'web' })).json().data.total;
    expect(total).toBe(2);
  });
});

describe('usual log', () => {
  it('records what other modules write with writeUsualLog', async () => {
    writeUsualLog(t.app.ctx, null, '巡检计划生成', { plans: 3, password: 'x' }, 'info', '000000');
    await flush();
    const rows = (await t.get('/api/blade-log/usual/list', { title: '巡检计划' })).json().data.records;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ logLevel: 'info', serviceId: 'swp-console', tenantId: '000000' });
    expect(JSON.parse(rows[0].params)).toEqual({ plans: 3, password: '******' });
    const d = (await t.get('/api/blade-log/usual/detail', { id: rows[0].id })).json().data;
    expect(d.title).toBe('巡检计划生成');
  });
});
