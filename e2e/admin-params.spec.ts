/** Parameters (spec 1 §2.7, §5): add, edit, view, delete, multi-delete with the exact messages and validation texts. */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { expect } from './fixtures';

// the machine is shared and slow: long flows get room
test.describe.configure({ timeout: 240_000 });

test('parameters: validation, add, edit, view, search, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/param');
  const key = `e2e.param.${ui.uid()}`;

  // add: the dialog shows the schema's texts, and an outside click does not close it
  await pane.getByRole('button', { name: /新\s*增/ }).click();
  // the form's fields are mounted (a save before that validates nothing)
  await expect(ui.dialog(page).getByLabel('参数名称', { exact: true })).toBeEditable();
  await ui.save(page);
  for (const text of ['请输入参数名称', '请输入参数键名', '请输入参数键值']) await ui.expectFieldError(page, text);
  await page.mouse.click(5, 5);
  await expect(ui.dialog(page)).toBeVisible();
  await ui.fill(page, { 参数名称: '测试参数', 参数键名: key, 参数键值: 'v1' });
  await ui.save(page);
  await ui.expectMessage(page, '新增成功');
  await expect(ui.row(pane, key)).toBeVisible();

  // edit
  await ui
    .row(pane, key)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await expect(ui.dialog(page).getByLabel('参数键值', { exact: true })).toHaveValue('v1');
  await ui.fill(page, { 参数键值: 'v2' });
  await ui.save(page);
  await ui.expectMessage(page, '更新成功');
  await expect(ui.row(pane, key)).toContainText('v2');

  // view: read-only
  await ui
    .row(pane, key)
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(ui.dialog(page).getByLabel('参数名称', { exact: true })).toBeDisabled();
  await expect(ui.dialog(page).getByLabel('参数键值', { exact: true })).toHaveValue('v2');
  await ui.closeDialog(page);

  // search by key drops the others
  await ui.search(pane, '参数键名', key);
  await expect(pane.locator('tr.ant-table-row')).toHaveCount(1);

  // delete: nothing chosen warns, then confirm and the row is gone
  await ui.deleteNothing(page, pane);
  await ui.deleteRows(page, pane, [key]);
});

test('parameters: pages of 10 with the sizes 10/30/50/100/200', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/param');
  await pane.locator('.ant-pagination-options .ant-select').click();
  for (const s of [10, 30, 50, 100, 200])
    await expect(page.locator('.ant-select-item-option', { hasText: `${s} 条/页` })).toBeVisible();
});
