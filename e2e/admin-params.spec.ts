/** Parameters (spec 1 §2.7, §5): add, edit, view, delete, multi-delete with the exact messages and validation texts. */
import { test } from '@playwright/test';
import {
  activePane,
  closeDialog,
  deleteNothing,
  deleteRows,
  dialog,
  expectFieldError,
  expectMessage,
  fill,
  openScreen,
  row,
  save,
  search,
  uid,
} from './admin-helpers';
import { expect } from './fixtures';

// the machine is shared and slow: long flows get room
test.describe.configure({ timeout: 240_000 });

test('parameters: validation, add, edit, view, search, delete', async ({ page }) => {
  await openScreen(page, '/system/param');
  const pane = activePane(page);
  const key = `e2e.param.${uid()}`;

  // add: the dialog shows the schema's texts, and an outside click does not close it
  await pane.getByRole('button', { name: /新\s*增/ }).click();
  // the form's fields are mounted (a save before that validates nothing)
  await expect(dialog(page).getByLabel('参数名称', { exact: true })).toBeEditable();
  await save(page);
  for (const text of ['请输入参数名称', '请输入参数键名', '请输入参数键值']) await expectFieldError(page, text);
  await page.mouse.click(5, 5);
  await expect(dialog(page)).toBeVisible();
  await fill(page, { 参数名称: '测试参数', 参数键名: key, 参数键值: 'v1' });
  await save(page);
  await expectMessage(page, '新增成功');
  await expect(row(pane, key)).toBeVisible();

  // edit
  await row(pane, key)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await expect(dialog(page).getByLabel('参数键值', { exact: true })).toHaveValue('v1');
  await fill(page, { 参数键值: 'v2' });
  await save(page);
  await expectMessage(page, '更新成功');
  await expect(row(pane, key)).toContainText('v2');

  // view: read-only
  await row(pane, key)
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(dialog(page).getByLabel('参数名称', { exact: true })).toBeDisabled();
  await expect(dialog(page).getByLabel('参数键值', { exact: true })).toHaveValue('v2');
  await closeDialog(page);

  // search by key drops the others
  await search(pane, '参数键名', key);
  await expect(pane.locator('tr.ant-table-row')).toHaveCount(1);

  // delete: nothing chosen warns, then confirm and the row is gone
  await deleteNothing(page, pane);
  await deleteRows(page, pane, [key]);
});

test('parameters: pages of 10 with the sizes 10/30/50/100/200', async ({ page }) => {
  await openScreen(page, '/system/param');
  const pane = activePane(page);
  await pane.locator('.ant-pagination-options .ant-select').click();
  for (const s of [10, 30, 50, 100, 200])
    await expect(page.locator('.ant-select-item-option', { hasText: `${s} 条/页` })).toBeVisible();
});
