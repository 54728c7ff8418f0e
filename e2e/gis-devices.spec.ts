/**
 * 管网地图, 爆管事件, 设备管理 and 报警列表 as the control room uses them, signed in as admin and opened from the side
 * menu: the map identifies a feature and runs a burst analysis; a burst event is added from the map, a valve is
 * recorded closed and the crew's link is shared; a device is added with a rule that is saved, run and stopped; an
 * alarm is closed with a reason and its state changes.
 */
import type { Page } from '@playwright/test';
import { dialog, expectMessage, footerButton, searchBy } from './admin-helpers';
import { activePane, apiHeaders, confirmOk, expect, openMenu, signIn, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

/** A GET of the API as the signed-in user of the page. */
async function apiGet(page: Page, path: string) {
  const res = await page.request.get(path, { headers: await apiHeaders(page) });
  return res.json();
}

/**
 * A point on a pipe near the pickers' start (117.24°E, 31.835°N), as the pixel offset from the map's middle at
 * `resolution` m/px: the demo's streets are 600 m apart, so a blind click often hits no pipe.
 */
async function pipeNearCentre(page: Page, resolution: number, at?: { x: number; y: number }) {
  const c = at ?? (await apiGet(page, '/api/swp-pipeops-location/coordinate/transReverse?x=117.24&y=31.835')).data;
  const env = [c.x - 350, c.y - 150, c.x + 350, c.y + 150].join(',');
  const fs = await apiGet(
    page,
    `/api/lc-gis/proxyHopeServer/rest/services/gis/pipe/query?f=json&where=1%3D1&outFields=gid,dno&returnGeometry=true&geometry=${env}&geometryType=esriGeometryEnvelope&resultRecordCount=200`,
  );
  let best: { dno: string; x: number; y: number; d: number } | undefined;
  for (const f of fs.features) {
    for (const path of f.geometry.paths as number[][][]) {
      for (let i = 1; i < path.length; i++) {
        // the point of the segment nearest the centre
        const [ax, ay] = path[i - 1];
        const [bx, by] = path[i];
        const len2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
        const k = Math.max(0, Math.min(1, ((c.x - ax) * (bx - ax) + (c.y - ay) * (by - ay)) / len2));
        const x = ax + k * (bx - ax);
        const y = ay + k * (by - ay);
        const d = Math.hypot(x - c.x, y - c.y);
        if (Math.abs(x - c.x) < 330 && Math.abs(y - c.y) < 130 && (!best || d < best.d))
          best = { dno: f.attributes.dno, x, y, d };
      }
    }
  }
  if (best) return { dno: best.dno, dx: (best.x - c.x) / resolution, dy: -(best.y - c.y) / resolution };
  throw new Error('no pipe near the centre');
}

/** Clicks the middle of a map (OpenLayers listens to pointer events on its viewport). */
async function clickMapCentre(page: Page, testId: string, dx = 0, dy = 0) {
  const map = page.getByTestId(testId).last();
  await expect(map.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  // a dialog's map moves while the dialog opens: wait until it stands still
  let last = '';
  await expect
    .poll(async () => {
      const b = JSON.stringify(await map.boundingBox());
      const still = b === last;
      last = b;
      return still;
    })
    .toBe(true);
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
}

test('network map: search a pipe, identify it with a click, run the burst analysis', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openMenu(page, '/gis/map', ['管网GIS']);
  const pane = activePane(page);
  await expect(pane.getByTestId('network-map')).toBeVisible();
  // the layer switcher: hiding the valves
  await expect(pane.getByText('水质监测点')).toBeVisible();

  // search by code: the map centres on the pipe and shows its attributes
  await pane.getByTestId('gis-search').locator('input').fill('GX-000010');
  await pane.getByTestId('gis-search').locator('input').press('Enter');
  const popup = pane.getByTestId('gis-popup');
  await expect(popup).toContainText('给水管线 GX-000010');
  await expect(popup).toContainText('管径');
  // 管线类别 through the dictionary, not its code
  await expect(popup).toContainText(/管线类别(输水干管|配水管|连接管)/);
  await expect(popup).not.toContainText(/distribution|main\b/);
  await popup.getByRole('button', { name: '×' }).click();
  await expect(popup).not.toContainText('GX-000010');

  // identify: a click on the pipe
  const identified = page.waitForResponse((r) => r.url().includes('/identify'));
  await clickMapCentre(page, 'network-map');
  const reply = await (await identified).json();
  expect(reply.results.length).toBeGreaterThan(0);
  await expect(popup.locator('.ant-card-head-title')).toHaveText(
    `${reply.results[0].layerName} ${reply.results[0].attributes.dno}`,
  );

  // burst analysis at the same place: a preview with its valves, nothing stored (the popup gives way)
  const total = async () => (await apiGet(page, '/api/swp-dispatch/wsnc-squibbing-event/page?size=1')).data.total;
  const before = await total();
  await pane.getByTestId('gis-analyse').click();
  await expect(popup.locator('.ant-card')).toHaveCount(0);
  const previewed = page.waitForResponse((r) => r.url().includes('/wsnc-squibbing-event/preview'));
  await clickMapCentre(page, 'network-map');
  const pv = (await (await previewed).json()).data;
  const result = pane.getByTestId('gis-analysis');
  await expect(result.getByTestId('burst-preview-tag')).toHaveText('预览', { timeout: 20_000 });
  await expect(result.getByTestId('burst-valve-count')).toHaveText(String(pv.analysis.valves.length));
  await expect(result.getByTestId('burst-customers')).toHaveText(String(pv.affectedCustomers));
  await expect(result.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(result).not.toContainText(/BG\d{12}/);
  expect(await total()).toBe(before);
  // 确认 stores it: the event code appears and the list has one more
  const title = `地图确认爆管${Date.now().toString(36).slice(-4)}`;
  await result.getByTestId('burst-title').fill(title);
  await result.getByTestId('burst-confirm').click();
  await expect(result).toContainText(/BG\d{12}/, { timeout: 20_000 });
  await expect(result).toContainText(title);
  await expect(result.getByTestId('burst-stored')).toBeVisible();
  expect(await total()).toBeGreaterThan(before);
});

test('burst events: a mistaken event is voided with a reason and stays listed as voided', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  const TITLE = `误报爆管${Date.now().toString(36).slice(-4)}`;
  const pipe = (
    await apiGet(
      page,
      '/api/lc-gis/proxyHopeServer/rest/services/gis/pipe/query?f=json&where=length%20%3E%20300&outFields=gid&returnGeometry=false&resultRecordCount=1',
    )
  ).features[0].attributes.gid;
  const made = await page.request.post('/api/swp-dispatch/wsnc-squibbing-event/analyse', {
    headers: await apiHeaders(page),
    data: { pipeGid: pipe, title: TITLE },
  });
  const ev = (await made.json()).data;
  await openMenu(page, '/gis/burst-event', ['管网GIS']);
  const pane = activePane(page);
  const row = pane.locator('tr.ant-table-row', { hasText: TITLE });
  await row.getByTestId(`void-${ev.code}`).click();
  const d = dialog(page);
  await d.getByTestId('void-ok').click();
  await expect(d).toContainText('请输入作废原因');
  await d.getByTestId('void-reason').fill('浏览器测试：重复登记');
  await d.getByTestId('void-ok').click();
  await expectMessage(page, `已作废爆管事件 ${ev.code}`);
  await expect(row.getByTestId('event-row-status')).toHaveText('已作废');
  // no more void, share or valve records for it
  await expect(row.getByTestId(`void-${ev.code}`)).toHaveCount(0);
  await expect(row.getByTestId(`share-${ev.code}`)).toHaveCount(0);
  await row.getByRole('button', { name: '查看' }).click();
  const drawer = page.getByTestId('event-drawer');
  await expect(drawer.getByTestId('event-status')).toHaveText('已作废');
  await expect(drawer.getByTestId('event-void-reason')).toHaveText('浏览器测试：重复登记');
  await drawer.getByRole('tab', { name: /关阀清单/ }).click();
  await expect(drawer.locator('[data-testid^="mark-"]')).toHaveCount(0);
});

test('burst events: add one from the map, record a valve closed, share the link, the crew works it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', 'admin');
  // a name of its own, so that a retry does not meet the first attempt's event
  const TITLE = `浏览器测试爆管${Date.now().toString(36).slice(-4)}`;
  // the picker opens at 1 m/px on the demo's centre
  const pipe = await pipeNearCentre(page, 1);
  await openMenu(page, '/gis/burst-event', ['管网GIS']);
  const pane = activePane(page);
  await expect(pane.getByTestId('burst-event-page')).toBeVisible({ timeout: 30_000 });

  // 新增: the burst pipe is picked on the map
  await pane.getByRole('button', { name: /新\s*增/ }).click();
  const d = dialog(page);
  await d.getByLabel('事件名称', { exact: true }).fill(TITLE);
  await d.getByTestId('equipment-pick').click();
  const picker = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: '设备选择' });
  await expect(picker.getByText('在地图上点击设备位置')).toBeVisible();
  await clickMapCentre(page, 'equipment-map', pipe.dx, pipe.dy);
  // only pipes are offered; the nearest first
  await expect(picker.locator('.ant-tabs-tab')).toHaveCount(1);
  await picker.locator('tbody tr.ant-table-row', { hasText: pipe.dno }).click();
  await picker.getByTestId('equipment-ok').click();
  await expect(d.getByLabel('爆管管线', { exact: true })).toHaveValue(`给水管线 ${pipe.dno}`);
  await footerButton(page, /保\s*存/).click();
  await expectMessage(page, '新增成功');

  // the new event opens on its valve list
  const drawer = page.getByTestId('event-drawer');
  await expect(drawer).toContainText(TITLE);
  await expect(drawer.getByTestId('event-status')).toHaveText('待处置');
  const first = drawer.getByTestId('event-valves').locator('[data-testid^="mark-"]').first();
  const dno = ((await first.getAttribute('data-testid')) ?? '').replace('mark-', '');
  await first.click();
  await expectMessage(page, `已登记阀门 ${dno} 关闭`);
  await expect(drawer.getByTestId('event-status')).not.toHaveText('待处置');
  await drawer.locator('.ant-drawer-close').click();

  // the list shows the new state; the share link opens the valve list without signing in
  const row = pane.locator('tr.ant-table-row', { hasText: TITLE });
  await expect(row.getByTestId('event-row-status')).toHaveText(/关阀中|已关阀/);
  await row.getByRole('button', { name: '分享链接' }).click();
  const url = (await page.getByTestId('share-url').textContent())!;
  expect(url).toContain('/list-operate/shutValue?token=');
  // the same link as a QR code a phone can scan
  const qr = page.getByTestId('share-qr');
  await expect(qr).toHaveAttribute('data-value', url);
  await expect(qr.locator('canvas')).toBeVisible();

  // the crew opens it in a browser that never signed in and works down the list
  const crew = await browser.newContext({ locale: 'zh-CN', viewport: { width: 414, height: 860 } });
  const phone = await crew.newPage();
  await phone.goto(url);
  const list = phone.getByTestId('shut-value-page');
  await expect(list).toContainText(TITLE);
  await expect(phone.getByTestId('shut-value-map')).toBeVisible();
  // a valve may stand in for two others: the first row of it is enough
  await expect(list.getByTestId(`valve-${dno}`).first()).toContainText('已关闭');
  // each valve says its road and nearest address and links to the phone's navigation
  await expect(list.getByTestId(`road-${dno}`).first()).toContainText(/[一-龥]{2,}/);
  await expect(list.getByTestId(`nav-${dno}`).first()).toHaveAttribute('href', /^geo:3\d\.\d{6},11\d\.\d{6}/);
  await expect(list.getByTestId(`nav-${dno}`).first()).toContainText(/°N, 11\d\.\d{6}°E/);
  const open = list.locator('[data-testid^="valve-"]', { hasText: '未关闭' }).first();
  const next = (await open.getAttribute('data-testid'))!;
  await open.getByRole('button', { name: '标记已关闭' }).click();
  await expect(phone.locator('.ant-message').getByText('已标记关闭')).toBeVisible();
  await expect(list.getByTestId(next).first()).toContainText('已关闭');
  await expect(phone).toHaveURL(/shutValue/);
  await crew.close();

  // the dispatcher's list sees the crew's work
  await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();
  await expect(page.getByTestId('share-url')).toBeHidden();
  await row.getByRole('button', { name: '查看' }).click();
  await drawer.getByRole('tab', { name: /关阀清单/ }).click();
  await expect(drawer.getByTestId('event-valves')).toContainText('现场（分享链接）');
});

test('devices: add a valve, give it a rule, run and stop it, delete it', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openMenu(page, '/device/base', ['设备中心']);
  const pane = activePane(page);
  await expect(pane.getByTestId('device-page')).toBeVisible({ timeout: 30_000 });
  await expect(pane.locator('tr.ant-table-row', { hasText: 'FM-YL001' })).toBeVisible();

  // add a valve linked to a monitoring point
  await pane.getByRole('button', { name: /新\s*增/ }).click();
  const d = dialog(page);
  await d.getByLabel('设备编号', { exact: true }).fill('E2E-FM-01');
  await d.getByLabel('设备名称', { exact: true }).fill('浏览器测试闸阀');
  await d.getByLabel('监测点', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option').first().click();
  await footerButton(page, /保\s*存/).click();
  await expectMessage(page, '新增成功');
  const row = pane.locator('tr.ant-table-row', { hasText: 'E2E-FM-01' });
  await expect(row.getByTestId('rule-state')).toHaveText('未配置');

  // its rule: one field's upper limit and an offline timeout
  await row.getByTestId('rule-E2E-FM-01').click();
  const drawer = page.getByTestId('rule-drawer');
  await drawer.getByTestId('rule-add-item').click();
  await drawer.getByTestId('rule-item').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option').first().click();
  // antd puts the test id on the input itself or on its wrapper, depending on the version
  const input = (id: string) => drawer.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`);
  await input('rule-item-upper').fill('9999');
  await input('rule-offline').fill('60');
  await drawer.getByTestId('rule-save').click();
  await expectMessage(page, '保存成功');
  await expect(drawer.getByTestId('rule-state')).toHaveText('已停止');

  await drawer.getByTestId('rule-run').click();
  await expectMessage(page, '规则已运行');
  await expect(drawer.getByTestId('rule-state')).toHaveText('运行中');
  await expect(row.getByTestId('rule-state')).toHaveText('运行中');
  await drawer.getByTestId('rule-stop').click();
  await expectMessage(page, '规则已停止');
  await expect(drawer.getByTestId('rule-state')).toHaveText('已停止');
  await drawer.locator('.ant-drawer-close').click();
  await expect(row.getByTestId('rule-state')).toHaveText('已停止');

  // delete after the confirmation
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await confirmOk(page);
  await expectMessage(page, '删除成功');
  await expect(row).toHaveCount(0);
});

test('burst alarm: dispatch a repair on the pipe picked near the alarm', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  const open = (await apiGet(page, '/api/swp-alarm/alarm-info/tube-explosion?alarmStatus=0&size=1')).data;
  expect(open.total, 'the demo keeps its latest burst alarms open').toBeGreaterThan(0);
  const alarm = open.records[0];
  // the picker opens on the alarm's district at 1 m/px
  const pipe = await pipeNearCentre(page, 1, { x: alarm.x, y: alarm.y });
  await openMenu(page, '/alarm/info', ['报警中心']);
  const pane = activePane(page);
  await pane.getByRole('tab', { name: /爆管报警/ }).click();
  await pane.getByTestId(`alarm-dispatch-${alarm.id}`).click();
  const d = dialog(page);
  await expect(d.getByLabel('事件名称', { exact: true })).toHaveValue(alarm.title);
  await d.getByTestId('equipment-pick').click();
  const picker = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: '设备选择' });
  await expect(picker.getByText('在地图上点击设备位置')).toBeVisible();
  await clickMapCentre(page, 'equipment-map', pipe.dx, pipe.dy);
  await picker.locator('tbody tr.ant-table-row', { hasText: pipe.dno }).click();
  await picker.getByTestId('equipment-ok').click();
  await expect(d.getByLabel('爆管管线', { exact: true })).toHaveValue(`给水管线 ${pipe.dno}`);
  await d.getByTestId('alarm-dispatch-ok').click();
  await expect(page.locator('.ant-message').getByText(/已派单：BG\d{12}，爆管抢修流程已发起/)).toBeVisible();
});

test('alarms: filter the open ones, close one with a reason, export', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openMenu(page, '/alarm/info', ['报警中心']);
  const pane = activePane(page);
  await expect(pane.getByTestId('alarm-page')).toBeVisible({ timeout: 30_000 });

  // only the open alarms
  await searchBy(page, pane, '状态', '未处理');
  const rows = pane.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // each limit says which way it works
  await expect(
    pane
      .getByTestId('alarm-value')
      .filter({ hasText: /上限 ≥|下限 ≤|基准|超时|变化率上限/ })
      .first(),
  ).toBeVisible();
  await expect(rows.getByTestId('alarm-status').filter({ hasText: '已关闭' })).toHaveCount(0);

  // view the first one, close it from the detail with a reason
  const view = rows.first().locator('[data-testid^="alarm-view-"]');
  const id = ((await view.getAttribute('data-testid')) ?? '').replace('alarm-view-', '');
  await view.click();
  const drawer = page.getByTestId('alarm-drawer');
  await expect(drawer.getByTestId('alarm-drawer-status')).toHaveText('未处理');
  await expect(drawer.getByTestId('alarm-evidence')).toBeVisible();
  await drawer.getByTestId('alarm-drawer-close').click();
  const d = dialog(page);
  await d.getByTestId('alarm-close-ok').click();
  await expect(d).toContainText('请输入关闭原因');
  await d.getByTestId('alarm-reason').fill('浏览器测试：现场核查无异常');
  await d.getByTestId('alarm-close-ok').click();
  await expectMessage(page, '关闭成功');
  await expect(drawer.getByTestId('alarm-drawer-status')).toHaveText('已关闭');
  await expect(drawer.getByTestId('alarm-drawer-reason')).toHaveText('浏览器测试：现场核查无异常');
  await expect(drawer.getByTestId('alarm-history')).toContainText('关闭');
  await drawer.locator('.ant-drawer-close').click();
  // the open-only list no longer has it
  await expect(pane.getByTestId(`alarm-view-${id}`)).toHaveCount(0);

  // export the filtered list
  const download = page.waitForEvent('download');
  await pane.getByTestId('alarm-export').click();
  expect((await download).suggestedFilename()).toBe('报警信息.xlsx');
});
