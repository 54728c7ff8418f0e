import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await bootTestApp();
});
afterAll(() => t?.close());

describe('GET /api/health', () => {
  it('answers the envelope with the database kind and version, without any credentials', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(body.data.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgresql' : 'embedded');
    expect(body.data.database.version).toMatch(/^\d+/);
  });

  it('also answers without the /api prefix, as a gateway forwards it', async () => {
    const res = await t.call({ method: 'GET', url: '/health' });
    expect(res.json().code).toBe(200);
  });

  it('answers 404 in the envelope for a path no route serves', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no-such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false });
  });
});
