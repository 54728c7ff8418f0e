/**
 * 水质管理: the area opens on the online stations with live values coloured by their limits; a laboratory result
 * out of its limit entered by hand is shown flagged (and a compliant one is not); the compliance chart draws.
 */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { expect, openArea, openMenu } from './fixtures';

test.describe.configure({ timeout: 240_000 });

test('online stations, a lab result out of limits flagged, the compliance chart', async ({ page }) => {
  await ui.signIn(page, 'admin', 'admin');

  // the 水质管理 area opens its first screen: the online stations with their latest values against the limits
  await openArea(page, '水质管理', /\/quality\/online$/);
  let pane = ui.activePane(page);
  const plant = pane.getByTestId('quality-station-SZ001');
  await expect(plant).toContainText('第四水厂出厂水', { timeout: 30_000 });
  await expect(plant).toContainText('浑浊度');
  await expect(plant).toContainText('0.3–2');
  const turbidity = pane.getByTestId('quality-value-SZ001-turbidity');
  await expect(turbidity).toContainText('NTU');
  await expect(turbidity).toHaveAttribute('data-compliant', /true|false/);
  await expect(pane.getByTestId('quality-station-SZ002')).toContainText('≥0.05');

  // a result out of its limit, entered by hand, is flagged 不合格; a compliant one of the same sample is 合格
  await openMenu(page, '/quality/result', ['水质管理']);
  pane = ui.activePane(page);
  for (const [indicator, value] of [
    ['浑浊度 (turbidity)', '2.6'],
    ['pH (ph)', '7.3'],
  ]) {
    await ui.toolbarButton(pane, /新\s*增/).click();
    await expect(ui.dialog(page)).toBeVisible();
    await ui.fill(page, { 样品编号: 'E2E-S1', 检测值: value });
    await ui.choose(page, '采样点位', 'WQ-N01');
    // 43 indicators: the list is virtual, so narrow it by typing
    await ui.dialog(page).getByLabel('指标', { exact: true }).click();
    await page.keyboard.type(indicator.split(' ')[0]);
    await ui.pickOption(page, indicator);
    await ui.fillDate(ui.dialog(page).getByLabel('采样时间', { exact: true }), '2026-11-02 09:30:00');
    await ui.saveAndClose(page, '新增成功');
  }
  // the demo's month of results comes first (newest sampling time first): find the sample
  await ui.search(pane, '样品编号', 'E2E-S1');
  await expect(pane.locator('tr.ant-table-row')).toHaveCount(2);
  const rowOf = (text: string) =>
    pane.locator('tr.ant-table-row', { hasText: 'E2E-S1' }).filter({ hasText: text }).first();
  await expect(rowOf('浑浊度')).toContainText('不合格');
  await expect(rowOf('浑浊度')).toContainText('≤1');
  await expect(rowOf('浑浊度').getByTestId('quality-result-fail')).toBeVisible();
  await expect(rowOf('pH')).toContainText('合格');
  await expect(rowOf('pH').getByTestId('quality-result-fail')).toHaveCount(0);

  // the compliance of the online readings this month: a chart and one row per station and indicator
  await openMenu(page, '/quality/compliance', ['水质管理']);
  pane = ui.activePane(page);
  await expect(pane.getByTestId('quality-compliance-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  const table = pane.getByTestId('quality-compliance-table');
  await expect(table).toContainText('第四水厂出厂水');
  await expect(table.locator('tr.ant-table-row')).toHaveCount(6);
});
