/**
 * Imports as an administrator does them (issue 18): on 管网地图 a small EPANET network (codes of its own, local
 * coordinates with the proposed offset) is tried, its report read, imported, and then found on the map by code;
 * on 站点监测 a European CSV (`;`, decimal comma) of a station's flow is tried, its report read, and imported, and
 * the history holds the points. The register imports (stations, devices, customers, meters, meter reads) each go
 * through the shared xlsx dialog: dry run, the rejected row's reason, import, the row in the list.
 */
import { expectMessage } from './admin-helpers';
import { activePane, apiHeaders, expect, openArea, openMenu, signIn, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const uid = Date.now().toString(36).slice(-5).toUpperCase();
const code = (s: string) => `E${uid}-${s}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Opens the import dialog titled `title` with the pane's button `opener` and puts `file` into it. */
async function openImport(
  page: import('@playwright/test').Page,
  opener: string,
  title: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await activePane(page).getByTestId(opener).click();
  const dlg = page.locator('.ant-modal').filter({ hasText: title });
  await dlg.locator('input[type=file]').setInputFiles(file);
  return dlg;
}

/** A small network: a reservoir, three junctions, a PRV (with its two connectors) and three pipes. */
function inp() {
  return [
    '[JUNCTIONS]',
    ` ${code('J1')} 10 1`,
    ` ${code('J2')} 11 1`,
    ` ${code('J3')} 12 0`,
    '[RESERVOIRS]',
    ` ${code('R1')} 50`,
    '[PIPES]',
    ` ${code('P1')} ${code('R1')} ${code('J1')} 100 300 130 0 Open`,
    ` ${code('P2')} ${code('J1')} ${code('J2')} 120 200 120 0 Open`,
    ` ${code('P3')} ${code('J2')} ${code('X')} 80 150 110 0 Open`,
    '[VALVES]',
    ` ${code('V1')} ${code('J2')} ${code('J3')} 150 PRV 30 0`,
    '[COORDINATES]',
    ` ${code('R1')} 0 0`,
    ` ${code('J1')} 100 0`,
    ` ${code('J2')} 200 0`,
    ` ${code('J3')} 300 0`,
    '[END]',
  ].join('\n');
}

test('network import: dry run, report with the rejected pipe, import, the pipe on the map', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openMenu(page, '/gis/map', ['管网GIS']);
  const pane = activePane(page);
  await expect(pane.getByTestId('network-map')).toBeVisible();
  const dlg = await openImport(page, 'gis-import', '导入管网', {
    name: 'e2e.inp',
    mimeType: 'text/plain',
    buffer: Buffer.from(inp()),
  });
  // an .inp is in local metres: the dialog proposes the documented offset
  await expect(dlg.getByText('X 偏移 (东, 米)')).toBeVisible();
  await dlg.getByTestId('net-import-dry').click();
  const report = dlg.getByTestId('net-import-report');
  await expect(report).toBeVisible();
  await expect(report.getByTestId('net-count-junctions')).toHaveText('3');
  await expect(report.getByTestId('net-count-pipes')).toHaveText('2');
  await expect(report.getByTestId('net-count-valves')).toHaveText('1');
  // P3 names a node the file does not have: rejected with its line and reason
  const rejected = dlg.getByTestId('net-import-rejected');
  await expect(rejected.getByText(code('P3'))).toBeVisible();
  await expect(rejected.getByText(`节点 ${code('X')} 不存在`, { exact: false })).toBeVisible();
  await expect(dlg.getByTestId('net-import-apply')).toBeDisabled();
  await dlg.getByTestId('net-import-skip').click();
  await dlg.getByTestId('net-import-apply').click();
  await expectMessage(page, '导入完成：新增 9，更新 0，删除 0');
  await expect(dlg).toBeHidden();

  // the imported pipe is on the map: found by its code, its attributes shown
  await pane.getByTestId('gis-search').locator('input').fill(code('P2'));
  await pane.getByTestId('gis-search').locator('input').press('Enter');
  const popup = pane.getByTestId('gis-popup');
  await expect(popup.getByText(code('P2'), { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(popup.getByText('200', { exact: true }).first()).toBeVisible();
});

test('time-series import: European CSV into a station, report, import, history holds it', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openMenu(page, '/monitor/station', ['监测中心']);
  // a day of 5-minute flows of LL001 in 2015 (before the simulator's history), one bad value
  const lines = ['Zeit;LL001'];
  for (let i = 0; i < 288; i++) {
    const h = String(Math.floor(i / 12)).padStart(2, '0');
    const m = String((i % 12) * 5).padStart(2, '0');
    lines.push(`01.03.2015 ${h}:${m};${i === 5 ? 'n/a' : `${100 + (i % 7)},5`}`);
  }
  const dlg = await openImport(page, 'series-import', '导入监测数据', {
    name: 'flows.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  });
  // the column named like a station is mapped to it at once
  await expect(dlg.getByTestId('series-import-mapping').getByText('LL001', { exact: false }).first()).toBeVisible();
  await dlg.getByTestId('series-import-decimal').click();
  await page.locator('.ant-select-dropdown:visible:not([class*="-leave"])').getByText('1,5', { exact: true }).click();
  await dlg.getByLabel('时间格式').fill('DD.MM.YYYY HH:mm');
  await dlg.getByTestId('series-import-dry').click();
  const report = dlg.getByTestId('series-import-report');
  await expect(report).toBeVisible();
  await expect(report.getByText('2015-03-01 00:00:00')).toBeVisible();
  await expect(report.getByText('287', { exact: true })).toBeVisible();
  await expect(dlg.getByTestId('series-import-rejected').getByText('"n/a" 不是数值', { exact: false })).toBeVisible();
  await dlg.getByText('跳过被拒绝的数据').click();
  await dlg.getByTestId('series-import-apply').click();
  await expectMessage(page, '导入完成：新增 287 个数据点');

  const res = await page.request.post('/api/swp-computing/monitor/his', {
    headers: await apiHeaders(page),
    data: {
      stcd: 'LL001',
      monitorType: 'FLOW',
      startTime: '2015-03-01 00:00:00',
      endTime: '2015-03-01 01:00:00',
      filterOutliers: false,
    },
  });
  const flow = (await res.json()).data.statistics.flow;
  expect(flow[0]).toEqual({ time: '2015-03-01 00:00:00', value: 100.5 });
});

test('station import: template columns, dry run per row, import, the station in the list', async ({ page }) => {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('站点');
  ws.addRow(['站点编码', '站点名称', '站点类型', '数据字段', '位置', '地址', 'X(EPSG:4548)', 'Y(EPSG:4548)']);
  ws.addRow([code('S1'), `导入压力点${uid}`, 'YL', 'pressure:300', '城东', null, 520000, 3520000]);
  ws.addRow([code('S2'), '类型错误', 'QQ', 'flow', null, null, null, null]);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  await signIn(page, 'admin', 'admin');
  await openMenu(page, '/monitor/station', ['监测中心']);
  const pane = activePane(page);
  const dlg = await openImport(page, 'station-import', '导入站点', { name: 'stations.xlsx', mimeType: XLSX, buffer });
  await dlg.getByTestId('station-import-dry').click();
  const report = dlg.getByTestId('station-import-report');
  await expect(report.getByText(code('S1'))).toBeVisible();
  await expect(report.getByText('新增', { exact: true }).first()).toBeVisible();
  await expect(
    dlg.getByTestId('station-import-rejected').getByText('站点类型 QQ 无效', { exact: false }),
  ).toBeVisible();
  await dlg.getByText('跳过被拒绝的行').click();
  await dlg.getByTestId('station-import-apply').click();
  await expectMessage(page, '导入完成：新增 1，更新 0');
  await expect(dlg).toBeHidden();
  await pane.getByTestId('station-keyword').fill(code('S1'));
  await pane.getByTestId('station-search-submit').click();
  await expect(pane.getByText(`导入压力点${uid}`)).toBeVisible();
});

type Cell = string | number | null;
async function xlsx(sheet: string, header: string[], rows: Cell[][]) {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The shared import dialog of a register screen: dry run, the rejected row's reason, skip it, import. */
async function importFlow(
  page: import('@playwright/test').Page,
  testId: string,
  title: string,
  buffer: Buffer,
  expectations: { key: string; reason: string; applied: string },
) {
  const dlg = await openImport(page, `${testId}-open`, title, { name: 'import.xlsx', mimeType: XLSX, buffer });
  await dlg.getByTestId(`${testId}-dry`).click();
  const report = dlg.getByTestId(`${testId}-report`);
  await expect(report.getByText(expectations.key, { exact: true })).toBeVisible();
  await expect(dlg.getByTestId(`${testId}-rejected`).getByText(expectations.reason, { exact: false })).toBeVisible();
  await expect(dlg.getByTestId(`${testId}-apply`)).toBeDisabled();
  await dlg.getByText('跳过被拒绝的行').click();
  await dlg.getByTestId(`${testId}-apply`).click();
  await expectMessage(page, expectations.applied);
  await expect(dlg).toBeHidden();
}

async function searchKeyword(page: import('@playwright/test').Page, label: string, value: string) {
  const pane = activePane(page);
  await pane.getByLabel(label, { exact: true }).fill(value);
  await pane.getByRole('button', { name: /搜\s*索/ }).click();
}

test('customer and meter imports: dry run, rejected rows, import, the rows in the lists', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openArea(page, '营业收费');

  await openMenu(page, '/customer/info', ['用户管理']);
  const customers = await xlsx(
    '用户档案',
    ['户号', '用户名称', '用户类型'],
    [
      [code('C1'), `导入用户${uid}`, '居民'],
      [code('C2'), '类型错误', 'farm'],
    ],
  );
  await importFlow(page, 'customer-import', '导入用户档案', customers, {
    key: code('C1'),
    reason: '用户类型无效',
    applied: '导入完成：新增 1，更新 0',
  });
  await searchKeyword(page, '关键字', code('C1'));
  await expect(activePane(page).getByText(`导入用户${uid}`)).toBeVisible();

  await openMenu(page, '/customer/meter', ['用户管理']);
  const meters = await xlsx(
    '水表档案',
    ['表号', '户号', '口径DN', '水表类型'],
    [
      [code('M1'), code('C1'), 20, '智能表'],
      [code('M2'), 'NOPE', 20, 'smart'],
    ],
  );
  await importFlow(page, 'meter-import', '导入水表档案', meters, {
    key: code('M1'),
    reason: '户号 NOPE 不存在',
    applied: '导入完成：新增 1，更新 0',
  });
  await searchKeyword(page, '关键字', code('M1'));
  await expect(activePane(page).getByText(`${code('C1')} 导入用户${uid}`)).toBeVisible();
});

test('device import: dry run, rejected type, import, the device in the list bound to its station', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openMenu(page, '/device/base', ['设备中心']);
  await expect(activePane(page).getByTestId('device-page')).toBeVisible();
  const devices = await xlsx(
    '设备',
    ['设备编号', '设备名称', '设备类型', '站点编码', '数据字段'],
    [
      [code('D1'), `导入设备${uid}`, 'valve', 'YL001', 'pressure'],
      [code('D2'), '类型错误', 'rocket', null, null],
      [code('D3'), '字段错误', 'valve', 'YL001', 'chlorine'],
    ],
  );
  const pane = activePane(page);
  const dlg = await openImport(page, 'device-import-open', '导入设备', {
    name: 'devices.xlsx',
    mimeType: XLSX,
    buffer: devices,
  });
  await dlg.getByTestId('device-import-dry').click();
  await expect(dlg.getByTestId('device-import-report').getByText(code('D1'), { exact: true })).toBeVisible();
  const rejected = dlg.getByTestId('device-import-rejected');
  await expect(rejected.getByText('设备类型 rocket 无效', { exact: false })).toBeVisible();
  await expect(rejected.getByText('站点 YL001 没有数据字段 chlorine', { exact: false })).toBeVisible();
  await expect(dlg.getByTestId('device-import-apply')).toBeDisabled();
  await dlg.getByText('跳过被拒绝的行').click();
  await dlg.getByTestId('device-import-apply').click();
  await expectMessage(page, '导入完成：新增 1，更新 0');
  await expect(dlg).toBeHidden();

  await searchKeyword(page, '关键字', code('D1'));
  const row = pane.locator('tr').filter({ hasText: code('D1') });
  await expect(row.getByText(`导入设备${uid}`)).toBeVisible();
  await expect(row.getByText('YL001', { exact: false })).toBeVisible();
  // only the valid row was written
  await searchKeyword(page, '关键字', code('D3'));
  await expect(pane.getByText('字段错误')).toHaveCount(0);
});

test('meter-read import: dry run, the lower reading rejected, import, the reads with their consumption', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin');
  // a customer and a meter of their own, through the register's import API
  const upload = async (what: string, buffer: Buffer) => {
    const res = await page.request.post(`/api/swp-customer/${what}/import`, {
      headers: await apiHeaders(page),
      multipart: {
        dryRun: 'false',
        skipRejected: 'false',
        jobId: `e2e-${what}-${uid}`,
        file: { name: `${what}.xlsx`, mimeType: 'application/octet-stream', buffer },
      },
    });
    expect(res.status()).toBe(200);
  };
  await upload(
    'customer',
    await xlsx('用户档案', ['户号', '用户名称', '用户类型'], [[code('RC'), `抄表用户${uid}`, '居民']]),
  );
  await upload(
    'meter',
    await xlsx('水表档案', ['表号', '户号', '口径DN', '水表类型'], [[code('RM'), code('RC'), 20, '智能表']]),
  );

  await openArea(page, '营业收费');
  await openMenu(page, '/customer/reading', ['用户管理']);
  const reads = await xlsx(
    '抄表记录',
    ['表号', '抄表时间', '读数(m³)', '换表'],
    [
      [code('RM'), '2026-01-01 08:00:00', 100, 0],
      [code('RM'), '2026-02-01 08:00:00', 150, 0],
      [code('RM'), '2026-03-01 08:00:00', 120, 0],
    ],
  );
  await importFlow(page, 'reading-import', '导入抄表记录', reads, {
    key: `${code('RM')}@2026-02-01 08:00:00`,
    reason: '读数低于上次读数 150',
    applied: '导入完成：新增 2，更新 0',
  });
  await searchKeyword(page, '表号', code('RM'));
  const pane = activePane(page);
  const feb = pane.locator('tr').filter({ hasText: '2026-02-01 08:00:00' });
  await expect(feb).toContainText(code('RM'));
  // the consumption since the previous read, computed by the server
  await expect(feb.getByRole('cell', { name: '50', exact: true })).toBeVisible();
  await expect(pane.locator('tr').filter({ hasText: '2026-03-01 08:00:00' })).toHaveCount(0);
});
