import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { okData, signedInSuite, type TestApp } from '../../../test/harness.ts';
import { newId } from '../../core/ids.ts';
import { ingestReadings, type LivePoints } from '../monitor/index.ts';
import { sharedScreenStats } from './shared-data.ts';
import { verifyToken } from './tokens.ts';

let t: TestApp;
const as = signedInSuite(['operator', 'auditor', 'admin'], (s) => ({ t } = s));

const B = '/api/swp-screen';
// one clock reading for the file
const NOW = Date.now();
const data = okData;
/** A call without any session (a wall display's browser). */
const anon = (url: string, query?: Record<string, string>) =>
  t.call({ method: 'GET', url, query, headers: {} as Record<string, string> });

/** The app on a real port (once for the file: the event streams are read with fetch). */
let address: Promise<string> | undefined;
const listening = () => {
  address ??= t.app.server.listen({ port: 0, host: '127.0.0.1' });
  return address;
};

const widget = (d: any, code: string) => d.widgets.find((w: any) => w.widget === code)?.data;

/** A share link's event stream, read as text: `until(needle)` reads on until the text holds it (false at its end). */
const openStream = async (screen: string, token: string) => {
  const address = await listening();
  const res = await fetch(`${address}${B}/live/${screen}?token=${encodeURIComponent(token)}`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const dec = new TextDecoder();
  const stream = {
    res,
    reader,
    text: '',
    async until(needle: string) {
      while (!stream.text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) return false;
        stream.text += dec.decode(value, { stream: true });
      }
      return true;
    },
  };
  return stream;
};

describe("the mains on a share link's map", () => {
  it("draws the link tenant's mains only, only while the token is valid and only for its screen", async () => {
    const box = { bbox: '490000,3510000,530000,3540000', resolution: '32' };
    const link = data(await as('admin').post(`${B}/token/submit`, { screenCode: 'overview', name: '大厅', hours: 2 }));
    // another tenant: one main inside the same box, and a link of its own (made as an administrator there would)
    const x = 510_000;
    const y = 3_525_000;
    const otherGid = 987_654;
    await t.app.ctx.db.execute(sql`
      insert into swp_gis_pipe (id, tenant_id, gid, dno, from_node, to_node, diameter, material, length, pipe_class, geom)
      values (${newId()}, '999999', ${otherGid}, 'X-1', 1, 2, 600, 'DI', 1000, 'main',
              ST_GeomFromText(${`LINESTRING(${x} ${y}, ${x + 1000} ${y})`}, 4548))`);
    const otherToken = 'z'.repeat(43);
    await t.app.ctx.db.execute(sql`
      insert into swp_screen_token (id, tenant_id, screen_code, name, token_hash, prefix, expires_at)
      values (${newId()}, '999999', 'overview', 'other', ${createHash('sha256').update(otherToken).digest('hex')},
              'zzzzzz', now() + interval '1 hour')`);

    const mine = data(await anon(`${B}/pipes/overview`, { token: link.token, ...box }));
    expect(mine.type).toBe('FeatureCollection');
    expect(mine.features.length).toBeGreaterThan(0);
    // mains only at this scale, each a line in EPSG:4548 metres
    for (const f of mine.features) {
      expect(f.properties.diameter).toBeGreaterThanOrEqual(400);
      expect(f.geometry.type).toBe('LineString');
      expect(f.geometry.coordinates[0][0]).toBeGreaterThan(400_000);
    }
    expect(mine.features.some((f: any) => f.properties.gid === otherGid)).toBe(false);
    // at city scale only the largest
    const city = data(await anon(`${B}/pipes/overview`, { token: link.token, ...box, resolution: '100' }));
    expect(city.features.every((f: any) => f.properties.diameter >= 800)).toBe(true);
    expect(city.features.length).toBeLessThan(mine.features.length);

    // the other tenant's link sees its own main and nothing of this tenant's network
    const theirs = data(await anon(`${B}/pipes/overview`, { token: otherToken, ...box }));
    expect(theirs.features.map((f: any) => f.properties.gid)).toEqual([otherGid]);

    // wrong screen, unknown token, bad box, no token
    expect((await anon(`${B}/pipes/dispatch`, { token: link.token, ...box })).statusCode).toBe(403);
    expect((await anon(`${B}/pipes/overview`, { token: 'q'.repeat(43), ...box })).statusCode).toBe(403);
    const badBox = await anon(`${B}/pipes/overview`, { token: link.token, bbox: '1,2,3' });
    expect(badBox.statusCode).toBe(400);
    expect(badBox.json().msg).toContain('bbox');
    expect((await anon(`${B}/pipes/overview`, box)).statusCode).toBe(400);

    // revoked: refused
    data(await as('admin').post(`${B}/token/revoke`, { id: link.id }));
    const after = await anon(`${B}/pipes/overview`, { token: link.token, ...box });
    expect(after.statusCode).toBe(403);
    expect(after.json().msg).toContain('已撤销');
  });
});

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

describe('one computation for many displays', () => {
  it('reads of one screen at the same moment share one computation; a read after a change computes afresh', async () => {
    const before = sharedScreenStats(t.app.ctx);
    as('auditor');
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.get(`${B}/data/overview`)));
    const bodies = answers.map((r) => JSON.stringify(data(r)));
    expect(new Set(bodies).size).toBe(1);
    const after = sharedScreenStats(t.app.ctx);
    expect(after.computed - before.computed).toBeLessThan(12);
    expect(after.shared - before.shared).toBeGreaterThan(0);
    // sequential reads never share: each starts after the last finished
    await as('auditor').get(`${B}/data/overview`);
    await as('auditor').get(`${B}/data/overview`);
    expect(sharedScreenStats(t.app.ctx).computed - after.computed).toBe(2);
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
    expect(row).not.toHaveProperty('tokenHash');
    // newest first, as the share-link screen lists them
    const times = list.map((r: any) => new Date(r.createTime).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

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
    // the basemap under the screen's network map, for this link; gis's own basemap route stays closed
    const box = { bbox: '490000,3510000,530000,3540000', resolution: '32' };
    const basemap = await anon(`${B}/basemap/overview`, { token: link.token, ...box });
    expect(basemap.statusCode, basemap.body).toBe(200);
    expect(basemap.json().data.type).toBe('FeatureCollection');
    expect(basemap.json().data.features.length).toBeGreaterThan(0);
    expect((await anon(`${B}/basemap/dispatch`, { token: link.token, ...box })).statusCode).toBe(403);
    expect((await anon('/api/swp-gis/basemap', { token: link.token, ...box })).statusCode).toBe(401);
    const badBox = await anon(`${B}/basemap/overview`, { token: link.token, bbox: '1,2,3' });
    expect(badBox.statusCode).toBe(400);
    expect(badBox.json().msg).toContain('bbox');

    data(await as('admin').post(`${B}/token/revoke`, { id: link.id }));
    expect((await anon(`${B}/basemap/overview`, { token: link.token, ...box })).statusCode).toBe(403);
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

  it("a reading's live event carries the new latest value, and the link's stream forwards it", async () => {
    const link = data(await as('admin').post(`${B}/token/submit`, { screenCode: 'dispatch', name: '调度', hours: 2 }));
    const stream = await openStream('dispatch', link.token);
    expect(stream.res.status).toBe(200);
    expect(await stream.until(': connected')).toBe(true);
    const r = await t.app.ctx.db.execute<{ id: number; step: number }>(sql`
      select s.id, s.step_seconds as step from swp_monitor_series s join swp_monitor_station st on st.id = s.station_id
       where st.tenant_id = '000000' and st.stcd = 'YL003' and s.field = 'pressure'`);
    const { id, step } = r.rows[0];
    const onBus: LivePoints[] = [];
    const off = t.app.ctx.live.on('monitor.points', (ev) => {
      if (ev.tenantId === '000000') onBus.push(ev.data as LivePoints);
    });
    const ts = Date.now();
    await ingestReadings(t.app.ctx, { seriesIds: [id], ts: [ts], values: [0.45678] }, { tenants: ['000000'] });
    // the value as the diagram shows it (3 decimals for pressure), its time and step
    const want = ['YL003', 'pressure', 0.457, ts, Number(step)];
    await expect.poll(() => onBus.flatMap((d) => d.values ?? []), { timeout: 5000 }).toContainEqual(want);
    off();
    expect(await stream.until('0.457')).toBe(true);
    const event = stream.text.slice(stream.text.lastIndexOf('event: points'));
    const payload = JSON.parse(event.slice(event.indexOf('data: ') + 6, event.indexOf('\n\n')));
    expect(payload.values).toContainEqual(want);
    expect(payload.points).toBeGreaterThanOrEqual(1);
    await stream.reader.cancel();
  });

  it("the link's live stream: a reading's event for its tenant, closed at once when the link is revoked", async () => {
    const link = data(await as('admin').post(`${B}/token/submit`, { screenCode: 'overview', name: '大厅', hours: 2 }));
    // other screens' links and bad tokens open no stream
    expect((await anon(`${B}/live/dispatch`, { token: link.token })).statusCode).toBe(403);
    expect((await anon(`${B}/live/overview`, { token: 'y'.repeat(43) })).statusCode).toBe(403);

    const stream = await openStream('overview', link.token);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    expect(await stream.until(': connected')).toBe(true);
    // another tenant's readings are not announced; this tenant's are
    await t.app.ctx.live.publish({ topic: 'monitor.points', tenantId: '999999', data: { points: 1 } });
    await t.app.ctx.live.publish({ topic: 'monitor.points', tenantId: '000000', data: { points: 1 } });
    expect(await stream.until('event: points')).toBe(true);
    expect(stream.text.match(/event: points/g)).toHaveLength(1);

    data(await as('admin').post(`${B}/token/revoke`, { id: link.id }));
    expect(await stream.until('event: closed')).toBe(true);
    expect(stream.text).toContain('revoked');
    // the server ended the stream
    for (;;) if ((await stream.reader.read()).done) break;
    const again = await fetch(`${await listening()}${B}/live/overview?token=${encodeURIComponent(link.token)}`);
    expect(again.status).toBe(403);
    expect(((await again.json()) as { msg: string }).msg).toContain('已撤销');
  });
});
