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

const widget = (d: any, code: string) => d.widgets.find((w: any) => w.widget === code)?.data;

describe('screen data', () => {
  it('gives the overview to a signed-in viewer from its arrangement: supply, NRW, compliance, alarms, map', async () => {
    const d = data(await as('auditor').get(`${B}/data/overview`));
    expect(d.widgets.map((w: any) => w.widget)).toEqual([
      'kpis',
      'supply',
      'nrw',
      'map',
      'pressure',
      'quality',
      'alarms',
    ]);
    const supply = widget(d, 'supply');
    expect(supply.hours).toHaveLength(24);
    expect(supply.planDay).toBeGreaterThan(0);
    const pressure = widget(d, 'pressure');
    expect(pressure.readings).toBeGreaterThan(0);
    expect(pressure.rate).toBeGreaterThanOrEqual(0);
    expect(pressure.rate).toBeLessThanOrEqual(100);
    expect(pressure.points[0].band).toEqual({ min: 0.28, max: 0.6 });
    expect(Array.isArray(widget(d, 'nrw'))).toBe(true);
    expect(typeof widget(d, 'alarms').open).toBe('number');
    expect(typeof widget(d, 'alarms').repairs).toBe('number');
    expect(widget(d, 'quality').readings).toBeGreaterThan(0);
    const k = widget(d, 'kpis');
    expect(k.supplyToday).toBe(supply.actualSoFar);
    expect(k.pressureRate).toBe(pressure.rate);
    expect(k.qualityRate).toBe(widget(d, 'quality').rate);
    expect(widget(d, 'map').stations.some((s: any) => s.sttp === 'SC')).toBe(true);
    const disp = data(await as('operator').get(`${B}/data/dispatch`));
    expect(widget(disp, 'diagram').nodes.length).toBeGreaterThan(0);
  });
});

describe('arranging a screen', () => {
  it('an administrator saves an arrangement; the screen and its share link render from it; reset restores', async () => {
    const def = data(await as('operator').get(`${B}/layout/dispatch`));
    expect(def.saved).toBe(false);
    expect(def.widgets.map((w: any) => w.widget)).toEqual(['diagram', 'supply', 'orders']);
    const plan = data(await as('operator').get('/api/swp-dispatch/forecast/plan'));
    const plant = plan.plants[0];
    const widgets = [
      { widget: 'kpis', x: 0, y: 0, w: 12, h: 2, options: { items: ['openAlarms', 'qualityRate'] } },
      { widget: 'supply', x: 12, y: 0, w: 12, h: 6, options: { plant: plant.stcd } },
      { widget: 'patrol', x: 0, y: 2, w: 6, h: 4 },
      { widget: 'nrw', x: 6, y: 2, w: 6, h: 4, options: { period: 'MONTH', top: 3 } },
    ];
    // not for operators; refused when widgets overlap, leave the grid or name no widget
    expect((await as('operator').post(`${B}/layout/dispatch`, { widgets })).statusCode).toBe(403);
    const overlap = await as('admin').post(`${B}/layout/dispatch`, {
      widgets: [...widgets, { widget: 'map', x: 5, y: 5, w: 4, h: 4 }],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().msg).toContain('重叠');
    const outside = await as('admin').post(`${B}/layout/dispatch`, {
      widgets: [{ widget: 'map', x: 20, y: 0, w: 6, h: 4 }],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().msg).toContain('超出画布');
    const unknown = await as('admin').post(`${B}/layout/dispatch`, {
      widgets: [{ widget: 'weather', x: 0, y: 0, w: 1, h: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('组件类型无效');
    const badKpi = await as('admin').post(`${B}/layout/dispatch`, {
      widgets: [{ widget: 'kpis', x: 0, y: 0, w: 4, h: 2, options: { items: ['rainfall'] } }],
    });
    expect(badKpi.statusCode).toBe(400);

    const saved = data(await as('admin').post(`${B}/layout/dispatch`, { widgets }));
    expect(saved.saved).toBe(true);
    expect(data(await as('auditor').get(`${B}/layout/dispatch`)).widgets).toHaveLength(4);

    const d = data(await as('operator').get(`${B}/data/dispatch`));
    expect(d.widgets.map((w: any) => [w.widget, w.x, w.y, w.w, w.h])).toEqual(
      widgets.map((w) => [w.widget, w.x, w.y, w.w, w.h]),
    );
    expect(Object.keys(widget(d, 'kpis')).sort()).toEqual(['openAlarms', 'qualityRate']);
    // what data: the supply widget shows the chosen plant, not the utility
    expect(widget(d, 'supply').name).toBe(plant.stnm);
    expect(widget(d, 'supply').plan).toEqual(plant.plan);
    expect(widget(d, 'nrw').length).toBeLessThanOrEqual(3);
    expect(widget(d, 'patrol')).toHaveProperty('rate');

    const link = data(await as('admin').post(`${B}/token/submit`, { screenCode: 'dispatch', name: '墙', hours: 1 }));
    const viewed = data(await anon(`${B}/view/dispatch`, { token: link.token }));
    expect(viewed.widgets.map((w: any) => w.widget)).toEqual(['kpis', 'supply', 'patrol', 'nrw']);

    const reset = data(await as('admin').post(`${B}/layout/dispatch/reset`, {}));
    expect(reset.saved).toBe(false);
    expect(data(await as('operator').get(`${B}/data/dispatch`)).widgets.map((w: any) => w.widget)).toEqual([
      'diagram',
      'supply',
      'orders',
    ]);
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
    expect(widget(view.json().data, 'supply').hours).toHaveLength(24);
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

  it("the link's live stream: a reading's event for its tenant, closed at once when the link is revoked", async () => {
    const link = data(await as('admin').post(`${B}/token/submit`, { screenCode: 'overview', name: '大厅', hours: 2 }));
    // other screens' links and bad tokens open no stream
    expect((await anon(`${B}/live/dispatch`, { token: link.token })).statusCode).toBe(403);
    expect((await anon(`${B}/live/overview`, { token: 'y'.repeat(43) })).statusCode).toBe(403);

    const address = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}${B}/live/overview?token=${encodeURIComponent(link.token)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const dec = new TextDecoder();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) return false;
        text += dec.decode(value, { stream: true });
      }
      return true;
    };
    expect(await until(': connected')).toBe(true);
    // another tenant's readings are not announced; this tenant's are
    await t.app.ctx.live.publish({ topic: 'monitor.points', tenantId: '999999', data: { points: 1 } });
    await t.app.ctx.live.publish({ topic: 'monitor.points', tenantId: '000000', data: { points: 1 } });
    expect(await until('event: points')).toBe(true);
    expect(text.match(/event: points/g)).toHaveLength(1);

    data(await as('admin').post(`${B}/token/revoke`, { id: link.id }));
    expect(await until('event: closed')).toBe(true);
    expect(text).toContain('revoked');
    // the server ended the stream
    for (;;) if ((await reader.read()).done) break;
    const again = await fetch(`${address}${B}/live/overview?token=${encodeURIComponent(link.token)}`);
    expect(again.status).toBe(403);
    expect(((await again.json()) as { msg: string }).msg).toContain('已撤销');
  });
});
