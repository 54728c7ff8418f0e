/** Shared by the hydraulic API tests: a tenant with an imported .inp, and waiting for a run. */
import FormData from 'form-data';
import { expect } from 'vitest';
import { basic, md5, type TestApp } from '../../../test/harness.ts';

export async function tenantWithInp(t: TestApp, name: string, inp: Buffer | string, file: string) {
  const res = await t.post('/api/blade-system/tenant/submit', { tenantName: name });
  expect(res.statusCode, res.body).toBe(200);
  const list = await t.get('/api/blade-system/tenant/list', { tenantName: name });
  const tenantId: string = list.json().data.records.find((r: { tenantName: string }) => r.tenantName === name).tenantId;
  const login = await t.call({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: { authorization: basic(), 'tenant-id': tenantId },
    query: { tenantId, username: 'admin', password: await md5('123456'), grant_type: 'password', scope: 'all' },
  });
  expect(login.statusCode, login.body).toBe(200);
  const headers = { authorization: basic(), 'blade-auth': `bearer ${login.json().access_token}` };
  const form = new FormData();
  for (const [k, v] of Object.entries({
    format: 'inp',
    crs: 'local',
    offsetX: '505000',
    offsetY: '3515000',
    mode: 'replace',
    dryRun: 'false',
  }))
    form.append(k, v);
  form.append('file', Buffer.from(inp), { filename: file });
  const up = await t.call({
    method: 'POST',
    url: '/api/swp-gis/network/import',
    headers: { ...form.getHeaders(), ...headers },
    payload: form.getBuffer(),
  });
  expect(up.statusCode, up.body).toBe(200);
  expect(up.json().data.rejectedCount).toBe(0);
  const as = {
    get: (url: string, query?: Record<string, string>) => t.call({ method: 'GET', url, query, headers }),
    post: (url: string, body: unknown) => t.call({ method: 'POST', url, payload: body as object, headers }),
  };
  return { tenantId, as };
}

type Caller = { get: (url: string, query?: Record<string, string>) => ReturnType<TestApp['get']> };

/** Polls the run until it is done or failed (the engine runs in a worker; the server answers meanwhile). */
export async function waitRun(c: Caller, id: string, limitMs = 240_000) {
  const until = Date.now() + limitMs;
  for (;;) {
    const res = await c.get(`/api/swp-hydraulic/run/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data;
    if (run.state === 'done' || run.state === 'failed') return run;
    if (Date.now() > until) throw new Error(`run ${id} still ${run.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** |a − b| within 1e-6 of |b| (or 1e-6 absolute around zero). */
export function close6(a: number, b: number, what: string) {
  const tol = 1e-6 * Math.max(Math.abs(b), 1);
  expect(Math.abs(a - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(tol);
}
