/**
 * 供水调度 and 大屏展示 (issue 21): the process diagram follows a reading as it arrives over the live channel; a
 * dispatch order's whole life (issued, acknowledged, reported done, its log); the overview screen opened by its share
 * link in a signed-out browser at 1920×1080 (screenshot in the report), and the same link refused once revoked.
 */
import { activePane, apiHeaders, expect, openArea, openMenu, signIn, test } from './fixtures';

test.describe.configure({ timeout: 240_000 });

async function openDispatch(page: import('@playwright/test').Page) {
  await openArea(page, '供水调度', /\/dispatch\/diagram$/);
}

test("the process diagram shows a new reading live, each pump's values, and a stale pump value as stale", async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin');
  const headers = await apiHeaders(page);
  // 政务区压力点 (YL003) is fed by its device from now on, not by the simulator
  const st = await page.request.get('/api/swp-computing/monitor/station/page', {
    headers,
    params: { stcd: 'YL003' },
  });
  const station = (await st.json()).data.records[0];
  expect(
    (
      await page.request.post('/api/swp-computing/monitor/station/simulation', {
        headers,
        data: { id: station.id, simulated: false },
      })
    ).status(),
  ).toBe(200);
  const cred = await page.request.post('/api/swp-iot/device/credential', { headers, data: { deviceCode: 'FM-YL003' } });
  const secret = (await cred.json()).data.secret as string;
  expect(secret.length).toBeGreaterThanOrEqual(32);

  // 滨湖加压泵站 (BZ001) too: its pumps are reported by its SCADA (device BZ-BH001) from now on
  const bz = (
    await (
      await page.request.get('/api/swp-computing/monitor/station/page', { headers, params: { stcd: 'BZ001' } })
    ).json()
  ).data.records[0];
  const off = await page.request.post('/api/swp-computing/monitor/station/simulation', {
    headers,
    data: { id: bz.id, simulated: false },
  });
  expect(off.status()).toBe(200);
  const bzSecret = (
    await (
      await page.request.post('/api/swp-iot/device/credential', { headers, data: { deviceCode: 'BZ-BH001' } })
    ).json()
  ).data.secret as string;
  // a fourth pump of 高新区加压泵站 (BZ002) whose frequency last reported 3¾ hours ago (15-minute steps): stale
  const local = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const old = Date.now() - 4 * 3_600_000;
  const imported = await page.request.post('/api/swp-monitor/import/series', {
    headers,
    multipart: {
      file: {
        name: 'pump4.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`time,f\n${local(old)},44.0\n${local(old + 900_000)},44.5\n`),
      },
      mapping: JSON.stringify({ f: 'BZ002.pump4Freq' }),
      timestampColumn: 'time',
      dryRun: 'false',
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await openDispatch(page);
  const pane = activePane(page);
  const stale = pane.getByTestId('pump-BZ002-4-frequency');
  await expect(stale).toHaveAttribute('data-stale', 'true', { timeout: 30_000 });
  await expect(stale).toHaveText('--');
  await expect(pane.getByTestId('pump-BZ002-4')).toHaveAttribute('data-state', 'stale');
  const freq = pane.getByTestId('pump-BZ001-2-frequency');
  await expect(freq).toBeVisible();
  await expect(freq).not.toHaveText('41.7');
  const value = pane.getByTestId('value-YL003-pressure');
  await expect(value).toBeVisible({ timeout: 30_000 });
  await expect(value).toHaveAttribute('data-stale', 'false');
  await expect(value).not.toContainText('0.432');

  const device = `Basic ${Buffer.from(`FM-YL003@000000:${secret}`).toString('base64')}`;
  const sent = await page.request.post('/api/swp-iot/telemetry', {
    headers: { authorization: device, 'content-type': 'application/json' },
    data: { ts: Date.now(), values: { pressure: 0.432 } },
  });
  expect(sent.status()).toBe(200);
  // no reload: the live channel's new-points event refreshes the diagram
  await expect(value).toContainText('0.432 MPa', { timeout: 20_000 });

  // the station's SCADA reports pump 2 running at 41.7 Hz, 777 m³/h, 0.433 MPa: its row follows
  const scada = await page.request.post('/api/swp-iot/telemetry', {
    headers: {
      authorization: `Basic ${Buffer.from(`BZ-BH001@000000:${bzSecret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    data: { ts: Date.now(), values: { pump2State: 1, pump2Freq: 41.7, pump2Flow: 777, pump2Press: 0.433 } },
  });
  expect(scada.status(), await scada.text()).toBe(200);
  await expect(freq).toHaveText('41.7', { timeout: 20_000 });
  await expect(freq).toHaveAttribute('data-stale', 'false');
  await expect(pane.getByTestId('pump-BZ001-2-flow')).toHaveText('777');
  await expect(pane.getByTestId('pump-BZ001-2-pressure')).toHaveText('0.433');
  await expect(pane.getByTestId('pump-BZ001-2')).toHaveAttribute('data-state', 'running');
});

test("a dispatch order's whole life: issued, acknowledged, reported done, every step in its log", async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openDispatch(page);
  await openMenu(page, '/dispatch/order', ['供水调度']);
  const pane = activePane(page);
  await pane.getByTestId('issue-order').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByTestId('order-station').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '滨湖加压泵站' })
    .click();
  await dialog.getByTestId('order-action').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '调整出厂压力' })
    .click();
  await dialog.getByLabel(/目标值/).fill('0.36');
  await dialog.getByLabel('指令内容').fill('夜间降压运行');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.locator('.ant-message')).toContainText('指令已下达');

  const row = pane.locator('tr.ant-table-row', { hasText: '滨湖加压泵站' }).first();
  await expect(row).toContainText('待确认');
  await expect(row).toContainText('调整出厂压力 → 0.36MPa');
  await row.getByRole('button', { name: '确认' }).click();
  await expect(row).toContainText('执行中');
  await row.getByRole('button', { name: '执行反馈' }).click();
  const fb = page.locator('.ant-modal:visible');
  await fb.getByLabel('执行结果').fill('2#泵降频，出口压力 0.36 MPa');
  await fb.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(row).toContainText('已完成');

  await row.getByRole('button', { name: '日志' }).click();
  const log = page.getByTestId('order-log');
  await expect(log.getByTestId('log-issue')).toContainText('下达');
  await expect(log.getByTestId('log-acknowledge')).toContainText('接收确认');
  await expect(log.getByTestId('log-complete')).toContainText('2#泵降频');
  await expect(log.getByTestId('log-complete')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
});

test('the overview screen by its share link, signed out at 1920×1080, refused after revocation', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, 'admin', 'admin');
  const headers = await apiHeaders(page);
  const made = await page.request.post('/api/swp-screen/token/submit', {
    headers,
    data: { screenCode: 'overview', name: '调度大厅', hours: 24 },
  });
  expect(made.status()).toBe(200);
  const link = (await made.json()).data;

  // a wall display: a fresh browser, never signed in
  const wall = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const screen = await wall.newPage();
  await screen.goto(link.path);
  await expect(screen.getByTestId('screen-title')).toHaveText('智慧水务运营总览');
  await expect(screen.getByTestId('kpi-supply')).toContainText('m³', { timeout: 30_000 });
  await expect(screen.getByTestId('kpi-pressure')).toContainText('%');
  await expect(screen.getByTestId('screen-supply').locator('canvas')).toBeVisible();
  await expect(screen.getByTestId('screen-map')).toBeVisible();
  // the shared map (SwpMap) in the dark theme, its basemap read through the link, stations and open alarms drawn
  const map = screen.getByTestId('screen-network-map');
  await expect(map).toHaveAttribute('data-theme', 'dark');
  const layerCounts = () =>
    screen.evaluate(() => {
      const m = (window as unknown as { __swpMaps?: Record<string, any> }).__swpMaps?.['screen-network-map'];
      return (m?.getLayers().getArray() ?? []).map((l: any) => l.getSource?.()?.getFeatures?.().length ?? 0);
    });
  await expect.poll(async () => (await layerCounts())[0] ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  const counts = await layerCounts();
  // basemap (districts, streets …), stations
  expect(counts[0]).toBeGreaterThan(0);
  expect(Math.max(...counts.slice(1))).toBeGreaterThanOrEqual(10);
  const openAlarms = Number(await screen.getByTestId('screen-map').getAttribute('data-alarms'));
  expect(counts.at(-1)).toBe(openAlarms);
  // the mains, read through the link's own route (the GIS service itself is behind sign-in): a visible layer of
  // lines, as many as the map element reports
  const mains = () =>
    screen.evaluate(() => {
      const m = (window as unknown as { __swpMaps?: Record<string, any> }).__swpMaps?.['screen-network-map'];
      const l = (m?.getLayers().getArray() ?? []).find((x: any) => x.get('key') === 'screen-mains');
      const fs = l?.getSource().getFeatures() ?? [];
      return {
        visible: Boolean(l?.getVisible()),
        n: fs.length,
        lines: fs.filter((f: any) => f.getGeometry()?.getType() === 'LineString').length,
        minDiameter: Math.min(...fs.map((f: any) => Number(f.get('diameter')))),
      };
    });
  await expect.poll(async () => (await mains()).n, { timeout: 30_000 }).toBeGreaterThan(0);
  const drawnMains = await mains();
  expect(drawnMains.visible).toBe(true);
  expect(drawnMains.lines).toBe(drawnMains.n);
  expect(drawnMains.minDiameter).toBeGreaterThanOrEqual(400);
  await expect(screen.getByTestId('screen-map')).toHaveAttribute('data-mains', String(drawnMains.n));
  await expect(screen).not.toHaveURL(/\/login/);
  await expect(screen.getByTestId('screen-stage')).toHaveAttribute('data-scale', '1.0000');
  // no scroll bars
  expect(
    await screen.evaluate(
      () =>
        document.documentElement.scrollHeight <= window.innerHeight &&
        document.documentElement.scrollWidth <= window.innerWidth,
    ),
  ).toBe(true);
  await testInfo.attach('overview-1920x1080', { body: await screen.screenshot(), contentType: 'image/png' });
  // the token opens nothing else
  const other = await screen.request.get(`/api/swp-screen/view/dispatch?token=${encodeURIComponent(link.token)}`);
  expect(other.status()).toBe(403);

  // live by the link's own event stream: open it as the page does, and a new reading is announced on it
  await screen.evaluate(
    (path) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { __events: string[] };
        w.__events = [];
        const es = new EventSource(path);
        es.addEventListener('open', () => resolve());
        es.addEventListener('points', () => w.__events.push('points'));
      }),
    `/api/swp-screen/live/overview?token=${encodeURIComponent(link.token)}`,
  );
  // 政务区压力点 (YL003) fed by its device, not the simulator
  const st = await page.request.get('/api/swp-computing/monitor/station/page', { headers, params: { stcd: 'YL003' } });
  const station = (await st.json()).data.records[0];
  const sim = await page.request.post('/api/swp-computing/monitor/station/simulation', {
    headers,
    data: { id: station.id, simulated: false },
  });
  expect(sim.status()).toBe(200);
  const cred = await page.request.post('/api/swp-iot/device/credential', { headers, data: { deviceCode: 'FM-YL003' } });
  const secret = (await cred.json()).data.secret as string;
  const sent = await page.request.post('/api/swp-iot/telemetry', {
    headers: {
      authorization: `Basic ${Buffer.from(`FM-YL003@000000:${secret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    data: { ts: Date.now(), values: { pressure: 0.41 } },
  });
  expect(sent.status()).toBe(200);
  await expect
    .poll(() => screen.evaluate(() => (window as unknown as { __events: string[] }).__events), { timeout: 20_000 })
    .toContain('points');

  // revoking closes the open stream: the screen turns to the refusal without a reload
  const revoked = await page.request.post('/api/swp-screen/token/revoke', { headers, data: { id: link.id } });
  expect(revoked.status()).toBe(200);
  await expect(screen.getByTestId('screen-error')).toContainText('链接已撤销', { timeout: 30_000 });
  // and the link stays refused: a reload, the stream itself
  await screen.reload();
  await expect(screen.getByTestId('screen-error')).toContainText('链接已撤销', { timeout: 30_000 });
  const stream = await screen.request.get(`/api/swp-screen/live/overview?token=${encodeURIComponent(link.token)}`);
  expect(stream.status()).toBe(403);
  await expect(screen.getByTestId('kpi-supply')).toHaveCount(0);
  await wall.close();
});

test('an administrator arranges the dispatch screen from widgets and the screen shows the arrangement', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin');
  await page.goto('/screen-layout');
  const pane = activePane(page);
  await pane.getByTestId('layout-screen').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '调度大屏' })
    .click();
  await expect(pane.getByTestId('canvas-2')).toContainText('进行中的调度指令');
  // take the orders away, put the patrol progress in their place, and the quality compliance beside the supply
  await pane
    .locator('tr.ant-table-row', { hasText: '进行中的调度指令' })
    .getByRole('button', { name: /移\s*除/ })
    .click();
  await pane.getByTestId('add-widget').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '巡检进度' })
    .click();
  await expect(pane.getByTestId('canvas-2')).toContainText('巡检进度');
  await expect(pane.getByTestId('w2-x')).toHaveValue('14');
  await expect(pane.getByTestId('w2-y')).toHaveValue('7');
  // an overlap cannot be saved
  await pane.getByTestId('w2-x').fill('10');
  await pane.getByTestId('w2-x').blur();
  await expect(pane.getByTestId('save-layout')).toBeDisabled();
  await pane.getByTestId('w2-x').fill('14');
  await pane.getByTestId('w2-x').blur();
  await pane.getByTestId('save-layout').click();
  await expect(page.locator('.ant-message')).toContainText('布局已保存');
  await expect(pane.getByTestId('layout-state')).toHaveText('已保存布局');

  await page.goto('/screen/dispatch');
  await expect(page.getByTestId('widget-patrol')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('patrol-rate')).toBeVisible();
  await expect(page.getByTestId('widget-orders')).toHaveCount(0);
  await expect(page.getByTestId('widget-diagram')).toBeVisible();

  const headers = await apiHeaders(page);
  const reset = await page.request.post('/api/swp-screen/layout/dispatch/reset', { headers, data: {} });
  expect(reset.status()).toBe(200);
});
