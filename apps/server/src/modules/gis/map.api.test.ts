/** The shared map's data: the offline basemap (tenant-aware) and the business layers (issue 24). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, clientOf, signInCall, type TestApp } from '../../../test/harness.ts';
import { toEpsg4548 } from '../monitor/index.ts';

let t: TestApp;
let otherToken: string;
let otherTenant: string;

beforeAll(async () => {
  t = await bootTestApp();
  await t.signIn();
  const name = '底图测试水司';
  const res = await t.post('/api/blade-system/tenant/submit', { tenantName: name });
  expect(res.statusCode, res.body).toBe(200);
  const list = await t.get('/api/blade-system/tenant/list', { tenantName: name });
  otherTenant = list.json().data.records.find((r: { tenantName: string }) => r.tenantName === name).tenantId;
  const tok = await signInCall(t, 'admin', '123456', otherTenant, { type: false });
  expect(tok.statusCode, tok.body).toBe(200);
  otherToken = tok.json().access_token;
});
afterAll(() => t?.close());

const c = toEpsg4548(117.24, 31.835);
const box = (r: number) => [c.x - r, c.y - r, c.x + r, c.y + r].join(',');
const data = (res: { statusCode: number; body: string; json(): any }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const asOther = (url: string, query: Record<string, string>) => clientOf(t, otherToken).get(url, query);

describe('basemap', () => {
  it('draws the demo city around the network: named streets, blocks, water and districts', async () => {
    const fc = data(await t.get('/api/swp-gis/basemap', { bbox: box(3000), resolution: 4 }));
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.source).toBe('demo');
    const kinds = new Set(fc.features.map((f: any) => f.properties.kind));
    for (const k of ['street', 'block', 'district']) expect(kinds).toContain(k);
    const streets = fc.features.filter((f: any) => f.properties.kind === 'street');
    expect(streets.every((s: any) => typeof s.properties.name === 'string' && s.properties.name.length > 1)).toBe(true);
    // the same streets reverse geocoding names
    const addr = data(await t.get('/api/swp-pipeops-location/map/getAddress', { lon: 117.24, lat: 31.835 }));
    expect(streets.map((s: any) => s.properties.name)).toContain(addr.addressComponent.street);
    const whole = data(await t.get('/api/swp-gis/basemap', { bbox: box(30000), resolution: 4 }));
    expect(whole.features.some((f: any) => f.properties.kind === 'water' || f.properties.kind === 'river')).toBe(true);
  });

  it('draws less at city scale and nothing outside the city', async () => {
    const coarse = data(await t.get('/api/swp-gis/basemap', { bbox: box(20000), resolution: 60 }));
    expect(coarse.features.some((f: any) => f.properties.kind === 'block')).toBe(false);
    expect(coarse.features.some((f: any) => f.properties.kind === 'street')).toBe(true);
    const far = data(await t.get('/api/swp-gis/basemap', { bbox: '400000,3000000,401000,3001000', resolution: 2 }));
    expect(far.features).toEqual([]);
  });

  it('refuses a missing or malformed box with a 400', async () => {
    for (const q of [{}, { bbox: '1,2,3' }, { bbox: '5,5,1,1' }, { bbox: '0,0,900000,900000' }]) {
      const res = await t.get('/api/swp-gis/basemap', q as Record<string, string>);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const res = await t.get('/api/swp-gis/basemap', { bbox: box(100), resolution: 'x' });
    expect(res.statusCode).toBe(400);
  });

  it('shows a tenant without the demo network nothing rather than the wrong city', async () => {
    const fc = data(await asOther('/api/swp-gis/basemap', { bbox: box(3000), resolution: '4' }));
    expect(fc.source).toBe('none');
    expect(fc.features).toEqual([]);
  });
});

describe('business layers', () => {
  it('places every demo device on the map, linked to its network feature, with a live state', async () => {
    const devices = data(await t.get('/api/swp-gis/overlay/devices'));
    expect(devices.length).toBeGreaterThanOrEqual(15);
    for (const d of devices) {
      expect(d.props.featureId, d.props.code).toBeTruthy();
      expect(['online', 'offline', 'alarm', 'unlinked']).toContain(d.state);
    }
    // the linked feature exists in the network layer it names
    const valve = devices.find((d: any) => d.props.type === 'valve');
    const q = await t.post(`/api/lc-gis/proxyHopeServer/rest/services/gis/${valve.props.featureLayer}/query`, {
      where: `dno = '${valve.props.featureId}'`,
      returnCountOnly: 'true',
      f: 'json',
    });
    expect(q.json().count).toBe(1);
    // a camera carries its picture, not the readings of the station it watches
    const cam = devices.find((d: any) => d.props.type === 'video');
    expect(cam.props.videoUrl).toMatch(/^\/cctv\//);
    const page = data(await t.get('/api/swp-admin/device-base/page', { deviceType: 'video', current: 1, size: 20 }));
    for (const r of page.records) expect(r.latest).toEqual([]);
  });

  it('filters by the view box', async () => {
    const all = data(await t.get('/api/swp-gis/overlay/devices'));
    const some = data(await t.get('/api/swp-gis/overlay/devices', { bbox: box(3000) }));
    expect(some.length).toBeLessThan(all.length);
    for (const d of some) expect(Math.abs(d.x - c.x)).toBeLessThanOrEqual(3000);
  });

  it('answers alarms, burst events, DMAs and staff as points', async () => {
    const alarms = data(await t.get('/api/swp-gis/overlay/alarms'));
    for (const a of alarms) expect(['1', '2', '3']).toContain(a.state);
    const dmas = data(await t.get('/api/swp-gis/overlay/dmas'));
    expect(dmas.length).toBeGreaterThanOrEqual(3);
    expect(dmas[0].ring.length).toBeGreaterThanOrEqual(4);
    const ev = await t.post('/api/swp-dispatch/wsnc-squibbing-event/analyse', { x: c.x, y: c.y, title: '底图测试' });
    const made = data(ev);
    const bursts = data(await t.get('/api/swp-gis/overlay/bursts'));
    expect(bursts.map((b: any) => b.id)).toContain(String(made.id));
    const staff = data(await t.get('/api/swp-gis/overlay/staff'));
    for (const s of staff) expect(['online', 'offline']).toContain(s.state);
  });

  it('keeps each tenant to its own layers', async () => {
    for (const k of ['devices', 'alarms', 'bursts', 'dmas', 'staff']) {
      const res = await asOther(`/api/swp-gis/overlay/${k}`, {});
      expect(data(res), k).toEqual([]);
    }
  });

  it('refuses a malformed box', async () => {
    const res = await t.get('/api/swp-gis/overlay/alarms', { bbox: 'a,b,c,d' });
    expect(res.statusCode).toBe(400);
  });
});

describe('online basemap setting', () => {
  const KEY = 'abcdef0123456789abcdef0123456789';
  const save = (body: unknown) => t.post('/api/swp-gis/tile-setting', body);

  it('is none until an administrator sets one', async () => {
    expect(data(await t.get('/api/swp-gis/tiles'))).toEqual({ provider: 'none', layers: [] });
  });

  it('refuses bad URLs, templates and keys with a clear message', async () => {
    for (const [body, msg] of [
      [{ provider: 'xyz', url: 'ftp://tiles.example.com/{z}/{x}/{y}.png' }, '地址须为 http(s) 地址'],
      [{ provider: 'xyz', url: 'http://127.0.0.1:8080/{z}/{x}/{y}.png' }, '指向本机'],
      [{ provider: 'xyz', url: 'https://localhost/{z}/{x}/{y}.png' }, '指向本机'],
      [{ provider: 'xyz', url: 'http://169.254.169.254/{z}/{x}/{y}' }, '链路本地'],
      [{ provider: 'xyz', url: 'https://u:p@tiles.example.com/{z}/{x}/{y}.png' }, '账号密码'],
      [{ provider: 'xyz', url: 'https://tiles.example.com/tile.png' }, '{z}'],
      [{ provider: 'tianditu', key: 'bad key!' }, '天地图密钥'],
      [{ provider: 'tianditu' }, '请填写天地图密钥'],
      [{ provider: 'arcgis' }, '参数校验失败'],
    ] as const) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    expect(data(await t.get('/api/swp-gis/tiles')).provider).toBe('none');
  });

  it('stores Tianditu with its key: the map gets vec + cva templates on tianditu.gov.cn only, the screen a masked key', async () => {
    const saved = data(await save({ provider: 'tianditu', key: KEY, kind: 'vec', matrixSet: 'w', annotation: true }));
    expect(saved).toMatchObject({ provider: 'tianditu', key: '', keySet: true, keyHint: 'abcd…6789' });
    const cfg = data(await t.get('/api/swp-gis/tiles'));
    expect(cfg.provider).toBe('tianditu');
    expect(cfg.layers.map((l: any) => [l.role, l.grid])).toEqual([
      ['base', 'EPSG:3857'],
      ['label', 'EPSG:3857'],
    ]);
    expect(cfg.layers[0].url).toBe(
      `https://t{0-7}.tianditu.gov.cn/vec_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=vec&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${KEY}`,
    );
    expect(cfg.layers[1].url).toContain('/cva_w/wmts?');
    for (const l of cfg.layers) expect(new URL(l.url.replace('{0-7}', '0')).hostname).toMatch(/\.tianditu\.gov\.cn$/);
    // imagery in the 4326 matrix set, the key kept when the form leaves it empty
    data(await save({ provider: 'tianditu', key: '', kind: 'img', matrixSet: 'c', annotation: true }));
    const img = data(await t.get('/api/swp-gis/tiles'));
    expect(img.layers.map((l: any) => l.url.split('?')[0])).toEqual([
      'https://t{0-7}.tianditu.gov.cn/img_c/wmts',
      'https://t{0-7}.tianditu.gov.cn/cia_c/wmts',
    ]);
    expect(img.layers[0].grid).toBe('tianditu-c');
    expect(img.layers[0].url).toContain(`tk=${KEY}`);
    const shown = data(await t.get('/api/swp-gis/tile-setting'));
    expect(JSON.stringify(shown)).not.toContain(KEY);
  });

  it('moves to an XYZ template; the Tianditu key is gone from what the map gets', async () => {
    data(await save({ provider: 'xyz', url: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© 示例' }));
    const cfg = data(await t.get('/api/swp-gis/tiles'));
    expect(cfg).toEqual({
      provider: 'xyz',
      layers: [
        {
          type: 'xyz',
          url: 'https://tiles.example.com/{z}/{x}/{y}.png',
          grid: 'EPSG:3857',
          maxZoom: 18,
          attribution: '© 示例',
          role: 'base',
        },
      ],
    });
    expect(JSON.stringify(cfg)).not.toContain(KEY);
    // an intranet tile server is allowed: only the browser calls it
    data(
      await save({
        provider: 'wmts',
        url: 'http://10.2.3.4/geoserver/gwc/service/wmts?REQUEST=GetCapabilities',
        layer: 'city:base',
      }),
    );
    expect(data(await t.get('/api/swp-gis/tiles')).layers[0]).toMatchObject({ type: 'wmts', layer: 'city:base' });
  });

  it('belongs to its tenant and to administrators', async () => {
    // another tenant sees none of it
    expect(data(await asOther('/api/swp-gis/tiles', {}))).toEqual({ provider: 'none', layers: [] });
    expect(data(await asOther('/api/swp-gis/tile-setting', {}))).toEqual({ provider: 'none' });
    // an operator draws it but may not read or change the setting
    const keep = t.token;
    await t.signIn('operator', 'operator');
    expect(data(await t.get('/api/swp-gis/tiles')).provider).toBe('wmts');
    expect((await t.get('/api/swp-gis/tile-setting')).statusCode).toBe(403);
    expect((await t.post('/api/swp-gis/tile-setting', { provider: 'none' })).statusCode).toBe(403);
    t.token = keep;
    data(await save({ provider: 'none' }));
    expect(data(await t.get('/api/swp-gis/tiles'))).toEqual({ provider: 'none', layers: [] });
  });
});
