/**
 * 水价标准 (营业收费): open the screen from the billing area, search, add a tariff while the calculated 综合水价 and
 * its capitals follow the fees, the validation texts (the form's and the server's), edit, view and delete.
 */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { expect, openArea } from './fixtures';

// the machine is shared and slow: long flows get room
test.describe.configure({ timeout: 240_000 });

test('water tariffs: area, search, add with the calculated total, validation, edit, view, delete', async ({ page }) => {
  await ui.signIn(page, 'admin', 'admin');

  // the billing area opens its first screen, 水价标准
  await openArea(page, '营业收费', /\/billing\/tariff$/);
  await expect(page.locator('.swp-sider')).toContainText('水价标准');
  const pane = ui.activePane(page);
  await expect(pane.getByTestId('crud-page')).toBeVisible({ timeout: 30_000 });

  // the seeded price list: residential first tier 1.90 + 0.95 + 0.20 = 3.05, and the 2021 list stopped
  const residential = ui.row(pane, '第一阶梯').filter({ hasText: '2024-01-01' }).filter({ hasText: '居民生活用水' });
  await expect(residential).toContainText('1.90');
  await expect(residential).toContainText('3.05');
  await ui.searchBy(page, pane, '状态', '停用');
  await expect(pane.locator('tr.ant-table-row')).toHaveCount(5);
  await expect(pane.locator('tr.ant-table-row').first()).toContainText('2021-01-01');
  await ui.searchBy(page, pane, '用水类别', '特种行业用水');
  await expect(pane.locator('tr.ant-table-row')).toHaveCount(1);
  // 9.00 + 1.20 + 0.20
  await expect(pane.locator('tr.ant-table-row')).toContainText('10.40');
  await pane
    .getByTestId('crud-search')
    .getByRole('button', { name: /清\s*空/ })
    .click();
  await expect(pane.locator('tr.ant-table-row')).toHaveCount(10);

  // add: the required texts first
  await ui.toolbarButton(pane, /新\s*增/).click();
  await expect(ui.dialog(page)).toBeVisible();
  await ui.save(page);
  for (const text of ['请选择用水类别', '请输入基本水价', '请输入污水处理费', '请输入水资源费', '请选择执行日期'])
    await ui.expectFieldError(page, text);

  // the total follows the fees (500 ms after the last change), with its capitals
  const total = ui.dialog(page).getByLabel('综合水价(元/m³)', { exact: true });
  await expect(total).toHaveAttribute('readonly', '');
  await ui.choose(page, '用水类别', '非居民用水');
  await ui.fill(page, { '基本水价(元/m³)': '2.3', '污水处理费(元/m³)': '0.95', '水资源费(元/m³)': '0.2' });
  await expect(total).toHaveValue('3.45');
  await expect(ui.dialog(page).getByTestId('calc-field-chinese')).toHaveText('叁元肆角伍分');
  await expect(ui.dialog(page).getByTestId('amount-chinese').first()).toHaveText('贰元叁角');
  await ui.fillDate(ui.dialog(page).getByLabel('执行日期', { exact: true }), '2030-05-01');

  // the form's own rules: tiers are for residential water only; the upper volume is above the lower one
  await ui.choose(page, '阶梯', '第二阶梯');
  await ui.expectFieldError(page, '只有居民生活用水分阶梯，其他用水类别的阶梯应为 1');
  await ui.choose(page, '阶梯', '第一阶梯');
  await ui.fill(page, { '年用水量下限(m³)': '100', '年用水量上限(m³)': '50' });
  await ui.save(page);
  await ui.expectFieldError(page, '年用水量上限必须大于下限');
  await ui.fill(page, { '年用水量下限(m³)': '0', '年用水量上限(m³)': '' });
  await ui.saveAndClose(page, '新增成功');
  const mine = ui.row(pane, '2030-05-01');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('非居民用水');
  await expect(mine).toContainText('不限');
  await expect(mine).toContainText('3.45');

  // the server refuses a second price for the same category, tier and date
  await ui.toolbarButton(pane, /新\s*增/).click();
  await ui.choose(page, '用水类别', '非居民用水');
  await ui.fill(page, { '基本水价(元/m³)': '9', '污水处理费(元/m³)': '1', '水资源费(元/m³)': '0.2' });
  await ui.fillDate(ui.dialog(page).getByLabel('执行日期', { exact: true }), '2030-05-01');
  await ui.save(page);
  await ui.expectMessage(page, '该用水类别在此执行日期已有相同阶梯的水价');
  await ui.closeDialog(page);
  await expect(ui.row(pane, '2030-05-01')).toHaveCount(1);

  // edit: the total follows, and the row shows the server's sum
  await mine.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(ui.dialog(page).getByLabel('基本水价(元/m³)', { exact: true })).toHaveValue('2.30');
  await expect(total).toHaveValue('3.45');
  await ui.fill(page, { '基本水价(元/m³)': '3.1' });
  await expect(total).toHaveValue('4.25');
  await expect(ui.dialog(page).getByTestId('calc-field-chinese')).toHaveText('肆元贰角伍分');
  const saved = page.waitForResponse((r) => r.url().includes('/swp-billing/tariff/submit'));
  await ui.save(page);
  expect((await (await saved).json()).code).toBe(200);
  await ui.expectMessage(page, '更新成功');
  await expect(mine).toContainText('3.10');
  await expect(mine).toContainText('4.25');

  // view: read-only, with the stored values
  await mine.getByRole('button', { name: /查\s*看/ }).click();
  await expect(ui.dialog(page).getByLabel('基本水价(元/m³)', { exact: true })).toBeDisabled();
  await expect(ui.dialog(page).getByLabel('基本水价(元/m³)', { exact: true })).toHaveValue('3.10');
  await expect(ui.dialog(page).getByLabel('执行日期', { exact: true })).toHaveValue('2030-05-01');
  await expect(total).toHaveValue('4.25');
  await ui.closeDialog(page);

  // delete with its confirmation: the row is gone
  await ui.rowDelete(page, pane, '2030-05-01');
});
