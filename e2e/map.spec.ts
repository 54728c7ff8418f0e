/**
 * The shared map (issue 24) on 管网地图, signed in as admin with every host but this server blocked: the offline
 * basemap draws (streets with their names, blocks, districts), the scale bar and the pointer's coordinates follow
 * the view, business layers toggle and a device opens its card (a camera shows its picture) with a link to its
 * screen, the dark theme darkens the map, and the first open of the map is timed (report annotation, no assertion).
 * The online basemap: an administrator sets Tianditu on the map's settings dialog, the map asks the configured
 * template (routed here to a small magenta PNG, as there is no internet) and draws it, switches to the offline
 * basemap and back, and falls back to the offline basemap when the tiles fail.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { activePane, apiHeaders, expect, signIn, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

/** what the map of a test id holds: features per layer key, visibility, resolution */
async function mapState(page: Page, testId = 'network-map') {
  return page.evaluate((id) => {
    const map = (window as any).__swpMaps?.[id];
    if (!map) return null;
    const layers: Record<string, { n: number; visible: boolean }> = {};
    for (const l of map.getLayers().getArray()) {
      const key = l.get('key');
      if (key) layers[key] = { n: l.getSource()?.getFeatures?.().length ?? 0, visible: l.getVisible() };
    }
    return { layers, resolution: map.getView().getResolution() as number };
  }, testId);
}

/** the street names the basemap labels at the current resolution (its style gives them a text) */
async function labelledStreets(page: Page) {
  return page.evaluate(() => {
    const map = (window as any).__swpMaps?.['network-map'];
    const layer = map
      .getLayers()
      .getArray()
      .find((l: any) => l.get('key') === 'basemap');
    const res = map.getView().getResolution();
    const style = layer.getStyleFunction();
    const names: string[] = [];
    for (const f of layer.getSource().getFeatures()) {
      if (f.get('kind') !== 'street') continue;
      const s = style(f, res);
      const text = (Array.isArray(s) ? s : [s]).map((x: any) => x?.getText?.()?.getText?.()).find(Boolean);
      if (text) names.push(text);
    }
    return names;
  });
}

/** centres the map on a plane point at a resolution and answers that point's pixel in the page */
async function centreOn(page: Page, x: number, y: number, resolution: number) {
  await page.evaluate(
    ([cx, cy, r]) => {
      const map = (window as any).__swpMaps['network-map'];
      map.getView().setCenter([cx, cy]);
      map.getView().setResolution(r);
    },
    [x, y, resolution],
  );
  const box = (await activePane(page).getByTestId('network-map').boundingBox())!;
  return { px: box.x + box.width / 2, py: box.y + box.height / 2 };
}

async function openMap(page: Page) {
  const sub = page.locator('.swp-sider .ant-menu-submenu-title', { hasText: '管网GIS' });
  await expect(async () => {
    if ((await sub.getAttribute('aria-expanded')) !== 'true') await sub.click();
    await expect(page.locator('.swp-sider [data-path="/gis/map"]')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const t0 = Date.now();
  await page.locator('.swp-sider [data-path="/gis/map"]').click();
  // open: the basemap and the pipes are drawn
  await expect
    .poll(
      async () => {
        const s = await mapState(page);
        return !!s && s.layers.basemap?.n > 0 && s.layers.pipe?.n > 0;
      },
      { timeout: 30_000, intervals: [50] },
    )
    .toBe(true);
  return Date.now() - t0;
}

test('the map draws its offline basemap, scale, coordinates, layers, cards and the dark theme', async ({
  page,
  context,
}) => {
  // no internet: every host but this server is refused (and counted)
  const external: string[] = [];
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => {
      external.push(route.request().url());
      return route.abort();
    },
  );
  await signIn(page, 'admin', 'admin');
  const cold = await openMap(page);
  test.info().annotations.push({ type: 'map first open (ms, chunk not prefetched)', description: String(cold) });
  const pane = activePane(page);
  const map = pane.getByTestId('network-map');

  // the basemap: districts, blocks and named streets, labelled
  const s = await mapState(page);
  expect(s?.layers.basemap.n).toBeGreaterThan(20);
  const kinds = await page.evaluate(() => {
    const m = (window as any).__swpMaps['network-map'];
    const l = m
      .getLayers()
      .getArray()
      .find((x: any) => x.get('key') === 'basemap');
    return [
      ...new Set(
        l
          .getSource()
          .getFeatures()
          .map((f: any) => f.get('kind')),
      ),
    ];
  });
  expect(kinds).toEqual(expect.arrayContaining(['street', 'block', 'district']));
  const c = (
    await (
      await page.request.get('/api/swp-pipeops-location/map/getAddress?lon=117.24&lat=31.835', {
        headers: await apiHeaders(page),
      })
    ).json()
  ).data;
  await expect.poll(() => labelledStreets(page)).toContain(c.addressComponent.street);

  // the scale bar follows the zoom
  const scale = map.locator('.ol-scale-line-inner');
  await expect(scale).toBeVisible();
  const before = await scale.textContent();
  await map.locator('.ol-zoom-in').click();
  await expect(scale).not.toHaveText(before ?? '');

  // the pointer's coordinates in EPSG:4548 and longitude/latitude
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const coords = map.getByTestId('map-coords');
  await expect(coords).toContainText('EPSG:4548');
  await expect(coords).toContainText('°E');
  const first = await coords.textContent();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60);
  await expect(coords).not.toHaveText(first ?? '');
  const m = /X ([\d.]+)\s+Y ([\d.]+).*?([\d.]+)°E ([\d.]+)°N/.exec((await coords.textContent()) ?? '');
  expect(Number(m?.[1])).toBeGreaterThan(480_000);
  expect(Number(m?.[3])).toBeGreaterThan(117);
  expect(Number(m?.[4])).toBeGreaterThan(31.5);

  // the legend names what is shown
  await map.getByTestId('map-legend-toggle').click();
  const legend = map.getByTestId('map-legend');
  await expect(legend).toContainText('道路');
  await expect(legend).toContainText('给水管线');
  await expect(legend).toContainText('设备');

  // business layers toggle from the panel
  const panel = pane.getByTestId('gis-overlays');
  await expect.poll(async () => (await mapState(page))?.layers['overlay.devices'].visible).toBe(true);
  await panel.getByText('人员位置').click();
  await expect.poll(async () => (await mapState(page))?.layers['overlay.staff'].visible).toBe(true);
  await panel.getByText('设备', { exact: true }).click();
  await expect.poll(async () => (await mapState(page))?.layers['overlay.devices'].visible).toBe(false);
  await expect(legend).not.toContainText('设备 ·');
  await panel.getByText('设备', { exact: true }).click();

  // a device's card: its network feature and a link to its screen
  const devices = (
    await (await page.request.get('/api/swp-gis/overlay/devices', { headers: await apiHeaders(page) })).json()
  ).data;
  // a valve bound to a network feature (an earlier browser test imports a valve that is bound to none)
  const valve = devices.find((d: any) => d.props.type === 'valve' && d.props.featureId);
  let at = await centreOn(page, valve.x, valve.y, 1);
  await expect
    .poll(async () => (await mapState(page))?.layers['overlay.devices'].n, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const card = pane.getByTestId('map-card');
  await expect(async () => {
    await page.mouse.click(at.px, at.py);
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card).toContainText(valve.name);
  await expect(card).toContainText(valve.props.featureId);

  // a camera shows its picture, not a flow reading
  const cam = devices.find((d: any) => d.props.type === 'video');
  await card.getByRole('button', { name: '关闭' }).click();
  at = await centreOn(page, cam.x, cam.y, 0.5);
  await expect(async () => {
    await page.mouse.click(at.px, at.py);
    await expect(card).toContainText(cam.name, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const img = card.getByTestId('map-card-video');
  await expect(img).toBeVisible();
  expect(await img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0)).toBe(true);
  await expect(card).not.toContainText('m³/h');

  // the dark theme darkens the map
  const lightBg = await map.evaluate((e) => getComputedStyle(e).backgroundColor);
  await page.getByTestId('theme-button').click();
  await page.locator('[data-theme="theme-dark"]').click();
  await page.keyboard.press('Escape');
  await expect(map).toHaveAttribute('data-theme', 'dark');
  const darkBg = await map.evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(darkBg).not.toBe(lightBg);
  const lum = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  expect(lum(darkBg)).toBeLessThan(60);
  expect(lum(lightBg)).toBeGreaterThan(180);

  // the card's link opens the device screen
  await card.getByTestId('map-card-link').click();
  await expect(page).toHaveURL(/\/device\/base$/);

  // nothing was fetched from outside: the basemap is the server's own
  expect(external).toEqual([]);
});

test('the map fills its pane and keeps drawing after the network goes offline', async ({ page, context }) => {
  await signIn(page, 'admin', 'admin');
  // the map's chunk was prefetched while the shell was idle
  await page.waitForTimeout(6_000);
  const warm = await openMap(page);
  test.info().annotations.push({ type: 'map first open (ms, chunk prefetched)', description: String(warm) });
  const map = activePane(page).getByTestId('network-map');
  const box = (await map.boundingBox())!;
  const viewport = page.viewportSize()!;
  // no empty band under the map: it reaches the window's bottom edge (within its margin)
  expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(24);

  const before = (await mapState(page))!.layers.basemap.n;
  await context.setOffline(true);
  // panning a little within what was loaded: the basemap stays drawn
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 4 });
  await page.mouse.up();
  await page.waitForTimeout(500);
  const after = (await mapState(page))!.layers.basemap;
  expect(after.visible).toBe(true);
  expect(after.n).toBeGreaterThanOrEqual(before);
  await context.setOffline(false);
});

/** a solid-colour PNG of w × h */
function png(w: number, h: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + 3 * w);
  for (let x = 0; x < w; x++) row.set([r, g, b], 1 + 3 * x);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** the share of the map's drawn (not transparent) canvas pixels that are magenta (the routed tiles) */
async function magentaShare(page: Page) {
  return page.evaluate(() => {
    let hit = 0;
    let all = 0;
    const root = document.querySelector('.swp-pane:not([hidden]) [data-testid="network-map"]');
    for (const c of root?.querySelectorAll('canvas') ?? []) {
      const cv = c as HTMLCanvasElement;
      if (!cv.width || !cv.height) continue;
      const d = cv.getContext('2d')?.getImageData(0, 0, cv.width, cv.height).data;
      if (!d) continue;
      for (let i = 0; i < d.length; i += 4 * 97) {
        if (d[i + 3] === 0) continue;
        all++;
        if (d[i] > 200 && d[i + 1] < 60 && d[i + 2] > 200 && d[i + 3] > 200) hit++;
      }
    }
    return all ? hit / all : 0;
  });
}

test('an administrator sets Tianditu: the map draws the configured tiles, switches to offline and falls back', async ({
  page,
  context,
}) => {
  const KEY = 'e2e0123456789abcdef0123456789abc';
  const tile = png(256, 256, [255, 0, 255]);
  const tiles: string[] = [];
  let tilesUp = true;
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => {
      const url = new URL(route.request().url());
      if (!url.hostname.endsWith('.tianditu.gov.cn') || !tilesUp) return route.abort();
      tiles.push(url.href);
      return route.fulfill({ body: tile, contentType: 'image/png', headers: { 'access-control-allow-origin': '*' } });
    },
  );
  await signIn(page, 'admin', 'admin');
  await openMap(page);
  const map = activePane(page).getByTestId('network-map');
  await expect(map).toHaveAttribute('data-basemap', 'offline');
  try {
    // the settings dialog: Tianditu, vector with annotation, EPSG:3857 (w)
    await map.getByRole('button', { name: '底图设置' }).click();
    const dialog = page.getByRole('dialog', { name: '在线底图设置' });
    await dialog.getByText('天地图', { exact: true }).click();
    // a malformed key is refused by the server with its message
    await dialog.getByLabel('天地图密钥 (tk)').fill('not a key!');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('天地图密钥须为 16–64 位字母或数字')).toBeVisible();
    await dialog.getByLabel('天地图密钥 (tk)').fill(KEY);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();

    // the map asks the configured template on Tianditu's hosts and draws the tiles (magenta) under the network
    await expect(map).toHaveAttribute('data-basemap', 'online');
    await expect.poll(() => tiles.length, { timeout: 20_000 }).toBeGreaterThan(4);
    const re =
      /^https:\/\/t[0-7]\.tianditu\.gov\.cn\/(vec|cva)_w\/wmts\?SERVICE=WMTS&REQUEST=GetTile&VERSION=1\.0\.0&LAYER=(vec|cva)&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX=\d+&TILEROW=\d+&TILECOL=\d+&tk=(\w+)$/;
    for (const u of tiles) expect(u).toMatch(re);
    expect(new Set(tiles.map((u) => re.exec(u)?.[3]))).toEqual(new Set([KEY]));
    expect(new Set(tiles.map((u) => re.exec(u)?.[1]))).toEqual(new Set(['vec', 'cva']));
    // the view's zoom matches the tiles asked: the city at 16 m/px is Tianditu level 13 (≈19 m/px) or so
    const levels = tiles.map((u) => Number(/TILEMATRIX=(\d+)/.exec(u)?.[1]));
    expect(Math.min(...levels)).toBeGreaterThanOrEqual(10);
    await expect.poll(() => magentaShare(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect((await mapState(page))?.layers.basemap.visible).toBe(false);

    // the switch: the offline basemap instead, and back
    const sw = map.getByTestId('map-basemap-switch');
    await sw.getByText('离线底图').click();
    await expect(map).toHaveAttribute('data-basemap', 'offline');
    await expect.poll(async () => (await mapState(page))?.layers.basemap.visible).toBe(true);
    await expect.poll(() => magentaShare(page)).toBeLessThan(0.05);
    await sw.getByText('在线底图').click();
    await expect(map).toHaveAttribute('data-basemap', 'online');

    // the tile host goes away (no internet): new tiles fail, the offline basemap takes over with a notice
    tilesUp = false;
    await map.locator('.ol-zoom-in').click();
    await map.locator('.ol-zoom-in').click();
    await expect(map.getByTestId('map-basemap-fallback')).toBeVisible({ timeout: 20_000 });
    await expect(map).toHaveAttribute('data-basemap', 'offline');
    await expect.poll(async () => (await mapState(page))?.layers.basemap.n ?? 0).toBeGreaterThan(0);
  } finally {
    // back to the offline basemap only, for the other specs
    const res = await page.request.post('/api/swp-gis/tile-setting', {
      headers: await apiHeaders(page),
      data: { provider: 'none' },
    });
    expect(res.ok()).toBe(true);
  }
});
