import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../test/harness.ts';
import { verifyToken } from './tokens.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await bootTestApp();
  for (const a of ['operator', 'auditor', 'admin']) {
    await t.signIn(a, a);
    tokens[a] = t.token as string;
  }
});
afterAll(() => t?.close());

const B = '/api/swp-screen';
// one clock reading for the file
const NOW = Date.now();
const as = (account: string) => {
  t.token = tokens[account];
  return t;
};
const data = (res: { statusCode: number; body: string; json(): any }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** A call without any session (a wall display's browser). */
const anon = (url: string, query?: Record<string, string>) =>
  t.call({ method: 'GET', url, query, headers: {} as Record<string, string> });

describe('screen data', () => {
  it('gives the overview to a signed-in viewer: supply against plan, NRW, pressure compliance, alarms, patrol', async () => {
    const d = data(await as('auditor').get(`${B}/data/overview`));
    expect(d.supply.hours).toHaveLength(24);
    expect(d.supply.planDay).toBeGreaterThan(0);
    expect(d.pressure.readings).toBeGreaterThan(0);
    expect(d.pressure.rate).toBeGreaterThanOrEqual(0);
    expect(d.pressure.rate).toBeLessThanOrEqual(100);
    expect(d.pressure.points.length).toBeGreaterThan(0);
    expect(Array.isArray(d.nrw)).toBe(true);
    expect(typeof d.alarms.open).toBe('number');
    expect(typeof d.repairs).toBe('number');
    expect(d.patrol).toHaveProperty('tasks');
    expect(d.stations.some((s: any) => s.sttp === 'SC')).toBe(true);
    const disp = data(await as('operator').get(`${B}/data/dispatch`));
    expect(disp.diagram.nodes.length).toBeGreaterThan(0);
  });
});

describe('share links', () => {
  it('only administrators manage links', async () => {
    expect((await as('operator').post(`${B}/token/submit`, { screenCode: 'overview', name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await as('auditor').get(`${B}/token/list`)).statusCode).toBe(403);
    const bad = await as('admin').post(`${B}/token/submit`, { screenCode: 'nope', name: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('大屏编码');
  });

  it('opens its own screen without signing in and nothing else; refused after revocation', async () => {
    const link = data(
      await as('admin').post(`${B}/token/submit`, { screenCode: 'overview', name: '调度大厅', hours: 2 }),
    );
    expect(link.token).toBeTruthy();
    expect(link.path).toBe(`/screen/overview?token=${link.token}`);
    // the list never shows the token again
    const list = data(await as('admin').get(`${B}/token/list`));
    const row = list.find((r: any) => r.id === link.id);
    expect(row).toMatchObject({ state: 'active', screenCode: 'overview' });
    expect(JSON.stringify(list)).not.toContain(link.token);

    const view = await anon(`${B}/view/overview`, { token: link.token });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.supply.hours).toHaveLength(24);
    // another screen, the signed-in data call, any other API: refused
    const other = await anon(`${B}/view/dispatch`, { token: link.token });
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toContain('不能打开');
    expect((await anon(`${B}/data/overview`, { token: link.token })).statusCode).toBe(401);
    expect((await anon('/api/swp-dispatch/diagram', { token: link.token })).statusCode).toBe(401);
    expect((await anon(`${B}/view/overview`, { token: 'x'.repeat(43) })).statusCode).toBe(403);

    data(await as('admin').post(`${B}/token/revoke`, { id: link.id }));
    const after = await anon(`${B}/view/overview`, { token: link.token });
    expect(after.statusCode).toBe(403);
    expect(after.json().msg).toContain('已撤销');
    expect(data(await as('admin').get(`${B}/token/list`)).find((r: any) => r.id === link.id).state).toBe('revoked');
  });

  it('stops working when it expires', async () => {
    const link = data(
      await as('admin').post(`${B}/token/submit`, { screenCode: 'dispatch', name: '值班室', hours: 1 }),
    );
    expect(await verifyToken(t.app.ctx, link.token, 'dispatch', new Date(NOW + 30 * 60_000))).toBe('000000');
    await expect(verifyToken(t.app.ctx, link.token, 'dispatch', new Date(NOW + 2 * 3_600_000))).rejects.toThrow(
      '已过期',
    );
  });
});
