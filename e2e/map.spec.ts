/**
 * The shared map (issue 24) on 管网地图, signed in as admin with every host but this server blocked: the offline
 * basemap draws (streets with their names, blocks, districts), the scale bar and the pointer's coordinates follow
 * the view, business layers toggle and a device opens its card (a camera shows its picture) with a link to its
 * screen, the dark theme darkens the map, and the first open of the map is timed (report annotation, no assertion).
 */
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
  const valve = devices.find((d: any) => d.props.type === 'valve');
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
