/**
 * Low-code (spec 2 §2): design a form with a sub-table and a calculated field in 功能设计, publish it to the menu,
 * open it from the menu (/dynamic/index?id=), add a record, search, export (a download) and import the exported
 * file again.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { activePane, dialog, expectMessage } from './admin-helpers';
import { openModule, signIn } from './fixtures';

test.describe.configure({ timeout: 240_000 });

const uid = Date.now().toString(36).slice(-5);
const NAME = `巡检费用${uid}`;

async function propsField(page: Page, label: string) {
  return page.getByTestId('properties-panel').getByLabel(label, { exact: true });
}

test('design, publish, open from the menu, add, search, export and import', async ({ page }) => {
  await signIn(page);
  await page.goto('/onlineDev/webDesign');
  const pane = activePane(page);
  await expect(pane.getByTestId('module-page')).toBeVisible({ timeout: 30_000 });

  // ---- design: basics, a text field, a sub-table with an amount column, a formula totalling the column
  await pane.getByRole('button', { name: '新建功能' }).click();
  const editor = dialog(page);
  await editor.getByLabel('名称', { exact: true }).fill(NAME);
  await editor.getByLabel('编码', { exact: true }).fill(`inspect_${uid}`);
  await editor.getByRole('tab', { name: '表单设计' }).click();

  await editor.getByTestId('palette-input').click();
  await (await propsField(page, '控件标题')).fill('项目名称');
  await page.getByTestId('properties-panel').getByRole('switch', { name: '是否必填' }).click();

  await editor.getByTestId('palette-table').click();
  await (await propsField(page, '控件标题')).fill('费用明细');
  await page.getByTestId('properties-panel').getByRole('switch', { name: '合计' }).click();
  await editor.getByTestId('palette-inputNumber').click();
  await (await propsField(page, '控件标题')).fill('金额');

  await editor.getByTestId('drop-root').click({ position: { x: 5, y: 5 } });
  await editor.getByTestId('palette-calculate').click();
  await (await propsField(page, '控件标题')).fill('合计金额');
  const expr = page.getByTestId('expression-editor');
  await expr.getByLabel('插入字段').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', {
      hasText: '费用明细.金额',
    })
    .click();
  await expect(expr.getByLabel('计算公式')).toHaveValue('{费用明细.金额}');

  // the designer's preview renders the form
  await editor.getByRole('button', { name: /预览/ }).click();
  const preview = page.getByTestId('preview-pc');
  await expect(preview.getByText('费用明细')).toBeVisible();
  await page.locator('.ant-modal-wrap:visible .ant-modal-close').last().click();

  await editor.getByRole('tab', { name: '列表设计' }).click();
  await expect(editor.getByTestId('list-designer')).toContainText('合计金额');
  await editor.getByTestId('module-save').click();
  await expectMessage(page, '新增成功');

  // ---- publish to the menu (default parent 在线应用)
  const moduleRow = pane.locator('tr.ant-table-row', { hasText: NAME });
  await moduleRow.getByRole('button', { name: /发\s*布/ }).click();
  await dialog(page)
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expectMessage(page, '发布成功');
  await expect(moduleRow).toContainText('已发布');

  // ---- open it from the menu
  const list = await openModule(page, '在线应用', NAME);

  // ---- add a record: two sub-table rows, the formula totals them
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const form = dialog(page);
  await form.getByLabel('项目名称', { exact: true }).fill(`泵站巡检${uid}`);
  const table = form.getByTestId(/form-table-/);
  await table.getByRole('button', { name: /添\s*加/ }).click();
  await table.getByRole('button', { name: /添\s*加/ }).click();
  const cells = table.getByRole('spinbutton');
  await cells.nth(0).fill('12.5');
  await cells.nth(1).fill('7.5');
  await expect(table.getByTestId('input-table-summary')).toContainText('20');
  await expect(form.getByTestId('calc-field')).toHaveValue('20.00');
  await form.getByTestId('record-save').click();
  await expectMessage(page, '新增成功');
  const record = list.locator('tr.ant-table-row', { hasText: `泵站巡检${uid}` });
  await expect(record).toContainText('20');

  // ---- search
  const searchForm = list.getByTestId('dynamic-search');
  await searchForm.getByLabel('项目名称', { exact: true }).fill('不存在的项目');
  await searchForm.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('tr.ant-table-row')).toHaveCount(0);
  await searchForm.getByLabel('项目名称', { exact: true }).fill(`泵站巡检${uid}`);
  await searchForm.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('tr.ant-table-row')).toHaveCount(1);

  // ---- export: a download of an xlsx
  const downloading = page.waitForEvent('download');
  await list.getByRole('button', { name: /导\s*出/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  expect((await readFile(file)).subarray(0, 2).toString()).toBe('PK');

  // ---- import the exported file again: one more record of that name
  await list.locator('input[type="file"]').setInputFiles({
    name: 'import.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await readFile(file),
  });
  await expect(page.locator('.ant-message')).toContainText(/导入成功|导入完成/);
  await searchForm.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('tr.ant-table-row')).toHaveCount(2);
});
