/**
 * 供水调度 and 大屏展示 (issue 21): the process diagram follows a reading as it arrives over the live channel; a
 * dispatch order's whole life (issued, acknowledged, reported done, its log); the overview screen opened by its share
 * link in a signed-out browser at 1920×1080 (screenshot in the report), and the same link refused once revoked.
 */
import { activePane, apiHeaders, expect, openMenu, signIn, test } from './fixtures';

test.describe.configure({ timeout: 240_000 });

async function openDispatch(page: import('@playwright/test').Page) {
  await page.getByTestId('area-switcher').click();
  await page.locator('.swp-area-menu .ant-dropdown-menu-item').filter({ hasText: '供水调度' }).click();
  await expect(page).toHaveURL(/\/dispatch\/diagram$/);
}

test('the process diagram shows a new reading live', async ({ page }) => {
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

  await openDispatch(page);
  const pane = activePane(page);
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
});

test("a dispatch order's whole life: issued, acknowledged, reported done, every step in its log", async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openDispatch(page);
  await openMenu(page, '/dispatch/order', ['供水调度']);
  const pane = activePane(page);
  await pane.getByTestId('issue-order').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByTestId('order-station').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '滨湖加压泵站' }).click();
  await dialog.getByTestId('order-action').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '调整出厂压力' }).click();
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
  await expect(screen).not.toHaveURL(/\/login/);
  await expect(screen.getByTestId('screen-stage')).toHaveAttribute('data-scale', '1.0000');
  // no scroll bars
  expect(await screen.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
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
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '调度大屏' }).click();
  await expect(pane.getByTestId('canvas-2')).toContainText('进行中的调度指令');
  // take the orders away, put the patrol progress in their place, and the quality compliance beside the supply
  await pane
    .locator('tr.ant-table-row', { hasText: '进行中的调度指令' })
    .getByRole('button', { name: /移\s*除/ })
    .click();
  await pane.getByTestId('add-widget').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '巡检进度' }).click();
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
