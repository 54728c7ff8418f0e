/**
 * 站点监测: open a station from the list, switch data type and view, compare periods, download the xlsx.
 * The browser-test server backfills 30 days of simulated history at its first start.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { activePane, expect, openMenu, signIn, test } from './fixtures';

test('station monitoring: open a station, switch type and view, compare periods, export', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openMenu(page, '/monitor/station', ['监测中心']);
  const pane = activePane(page);
  await expect(pane.getByTestId('station-page')).toBeVisible();
  await expect(pane.getByText(/共 \d+ 个站点/)).toBeVisible();
  const total = Number((await pane.getByText(/共 \d+ 个站点/).textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThanOrEqual(20);

  // filter by name
  await pane.getByTestId('station-keyword').fill('水库');
  await pane.getByTestId('station-search-submit').click();
  await expect(pane.getByText('共 2 个站点')).toBeVisible();
  const rows = pane.getByTestId('station-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(/水位 \d+(\.\d+)? m/);

  // open 董铺水库: the 1200 px dialog opens on 历史数据 with rain by default
  const first = page.waitForResponse(
    (r) => r.url().includes('/swp-computing/monitor/his') && r.request().method() === 'POST',
  );
  await pane.getByTestId('station-history-62902100').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('董铺水库（62902100）');
  await expect(dialog.getByRole('tab', { name: '历史数据', selected: true })).toBeVisible();
  // 1200 px wide once the opening animation is over
  await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(1200);
  const rainReply = await (await first).json();
  expect(rainReply.code).toBe(200);
  expect(rainReply.data.monitorType).toBe('RAIN');
  await expect(dialog.getByTestId('monitor-chart').locator('canvas')).toBeVisible();

  // switch the data type to water level: the thresholds come with it
  const level = page.waitForResponse(
    (r) => r.url().includes('/monitor/his') && r.request().postDataJSON()?.monitorType === 'WATER_REGIMEN',
  );
  await dialog.getByTestId('monitor-types').getByText('水位').click();
  const levelReply = await (await level).json();
  expect(levelReply.data.alarmThreshold.map((a: any) => a.code)).toEqual(['LOW_WL', 'ALERT_WL']);
  expect(levelReply.data.statistics.z.length).toBeGreaterThan(24);

  // bar view, then table view: 10 rows a page with a serial column
  await dialog.getByTestId('monitor-views').getByText('柱状').click();
  await expect(dialog.getByTestId('monitor-chart').locator('canvas')).toBeVisible();
  await dialog.getByTestId('monitor-views').getByText('表格').click();
  const table = dialog.getByTestId('monitor-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(10);
  await expect(table.locator('thead')).toContainText('序号');
  await expect(table.locator('tbody tr.ant-table-row').first().locator('td').first()).toHaveText('1');

  // compare periods: yesterday and today, 30-minute windows without thinning
  const compare = page.waitForResponse(
    (r) => r.url().includes('/monitor/his') && !!r.request().postDataJSON()?.contemporaneous,
  );
  await dialog.getByText('周期对比').click();
  const compareReply = await (await compare).json();
  const sent = (await compare).request().postDataJSON();
  expect(sent.contemporaneous).toHaveLength(2);
  expect(sent.querySetting).toEqual({ filterOutliers: true, dataDilute: null });
  expect(Object.keys(compareReply.data.statistics)).toEqual(sent.contemporaneous.map((c: any) => c.date));
  await expect(table.locator('thead')).toContainText('时间(对齐)');
  await expect(table.locator('thead')).toContainText(`${sent.contemporaneous[1].date} 水位(m)`);
  await dialog.getByTestId('monitor-views').getByText('曲线').click();
  await expect(dialog.getByTestId('monitor-chart').locator('canvas')).toBeVisible();

  // export: the file name comes from content-disposition
  const download = page.waitForEvent('download');
  await dialog.getByTestId('monitor-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('董铺水库水位历史数据.xlsx');
  const path = await file.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(path) as any);
  const sheet = wb.getWorksheet('历史数据');
  expect(sheet?.getRow(1).getCell(2).value).toBe('时间(对齐)');
  expect(sheet?.rowCount).toBeGreaterThan(10);
  await dialog
    .getByRole('button', { name: /close|关闭/i })
    .first()
    .click();
  await expect(dialog).toBeHidden();

  // issue 24 item 7: station types read in supply terms (the SL 323 code second), and a river-level station (ZZ)
  // opens its chart on 水位, not 雨量
  await expect(rows.first().getByTestId('station-type')).toContainText(/^水库水源/);
  await pane.getByTestId('station-keyword').fill('亳州路桥');
  await pane.getByTestId('station-search-submit').click();
  await expect(pane.getByText('共 1 个站点')).toBeVisible();
  const riverType = rows.first().getByTestId('station-type');
  await expect(riverType).toContainText(/^原水水位（河道）/);
  await expect(riverType).not.toHaveText(/^ZZ/);
  const riverFirst = page.waitForResponse(
    (r) => r.url().includes('/swp-computing/monitor/his') && r.request().method() === 'POST',
  );
  await pane.getByTestId('station-history-62902010').click();
  expect((await riverFirst).request().postDataJSON().monitorType).toBe('WATER_REGIMEN');
  await expect(dialog.getByTestId('monitor-types').getByRole('radio', { name: '水位' })).toBeChecked();
});
