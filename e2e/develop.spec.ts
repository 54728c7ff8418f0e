/**
 * 在线开发 (BladeX tool/code and tool/datasource): as admin, open 代码生成 from the menu, add a setting on the
 * console's own database for the table swp_water_tariff, generate it and see the files in the preview, download the
 * zip; then open 数据源管理 and see its list.
 */
import { dialog, expectMessage, footerButton } from './admin-helpers';
import { expect, openMenuScreen, signIn, test } from './fixtures';

const uid = Date.now().toString(36).slice(-5);
const CODE = `tariff_${uid}`;

test('代码生成: add a setting on 本系统数据库, generate, preview and download; 数据源管理 lists', async ({ page }) => {
  await signIn(page);
  const list = await openMenuScreen(page, '/develop/code', ['在线开发'], 'develop-code-page');

  await list.getByRole('button', { name: /新\s*增/ }).click();
  const d = dialog(page);
  await d.getByLabel('数据源', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '本系统数据库' })
    .click();
  const table = d.getByLabel('数据表', { exact: true });
  await table.click();
  await table.fill('swp_water_tariff');
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', {
      hasText: /^swp_water_tariff(\s|$)/,
    })
    .click();
  await d.getByLabel('模块名', { exact: true }).fill(CODE);
  await d.getByLabel('标题', { exact: true }).fill('水价标准');
  await d.getByLabel('表前缀', { exact: true }).fill('swp_');
  await footerButton(page, /保\s*存/).click();
  await expectMessage(page, '新增成功');
  const row = list.locator('tr.ant-table-row', { hasText: CODE });
  await expect(row).toContainText('本系统数据库');
  await expect(row).toContainText('swp_water_tariff');

  // generate the chosen setting: its files in the preview, then the zip
  await row.getByRole('checkbox').check();
  await list.getByTestId('code-generate').click();
  const preview = page.getByRole('dialog', { name: '代码预览: 水价标准' });
  await expect(preview.getByRole('menuitem').first()).toBeVisible({ timeout: 20_000 });
  await preview.getByRole('menuitem', { name: new RegExp(`modules/${CODE}/routes\\.ts$`) }).click();
  await expect(preview.getByTestId('code-content')).toContainText('defineResource');
  const download = page.waitForEvent('download');
  await preview.getByRole('button', { name: /下载代码/ }).click();
  expect((await download).suggestedFilename()).toBe(`${CODE}.zip`);
  await preview.locator('.ant-modal-close').click();
  await expect(preview).toBeHidden();

  // 数据源管理: its list
  const sources = await openMenuScreen(page, '/develop/datasource', ['在线开发'], 'develop-datasource-page');
  await expect(sources.locator('thead')).toContainText('驱动类');
  await expect(sources.locator('thead')).toContainText('连接地址');
  await expect(sources.getByRole('button', { name: /新\s*增/ })).toBeVisible();
});
