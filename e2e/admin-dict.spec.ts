/** Dictionaries (spec 1 §2.9, §5): parent and child tables, both layouts, add/edit/view/delete with the exact texts. */
import { test } from '@playwright/test';
import {
  activePane,
  addRow,
  deleteNothing,
  deleteRows,
  editRow,
  openScreen,
  row,
  rowButton,
  rowDelete,
  uid,
  viewRow,
} from './admin-helpers';
import { expect } from './fixtures';

// the machine is shared and slow: long flows get room
test.describe.configure({ timeout: 240_000 });

test('system dictionary: parent and child add, edit, view, delete', async ({ page }) => {
  await openScreen(page, '/system/dict');
  const parent = activePane(page).getByTestId('dict-parent');
  const child = activePane(page).getByTestId('dict-child');
  const code = `e2e_${uid()}`;

  await addRow(page, parent, {
    required: ['请输入字典编号', '请输入字典名称'],
    values: { 字典编号: code, 字典名称: '测试字典' },
  });
  await expect(row(parent, code)).toBeVisible();
  await editRow(page, parent, code, { 字典名称: '测试字典改' });
  await expect(row(parent, code)).toContainText('测试字典改');
  await viewRow(page, parent, code, { 字典编号: code, 字典名称: '测试字典改' });

  // the child table lists the chosen dictionary's entries
  await rowButton(parent, code, /字典配置/);
  await expect(child).toContainText(code);
  await addRow(page, child, {
    required: ['请输入字典名称', '请输入字典键值'],
    values: { 字典名称: '条目一', 字典键值: 'k1' },
  });
  await expect(row(child, '条目一')).toBeVisible();
  await editRow(page, child, '条目一', { 字典名称: '条目一改' });
  await viewRow(page, child, '条目一改', { 字典键值: 'k1', 字典编号: code });
  await rowDelete(page, child, '条目一改');

  await deleteNothing(page, parent);
  await deleteRows(page, parent, [code]);
});

test('dictionary layouts: horizontal side by side, vertical stacked, both families', async ({ page }) => {
  await openScreen(page, '/dict-horizontal/index');
  let pane = activePane(page);
  const p1 = await pane.getByTestId('dict-parent').boundingBox();
  const c1 = await pane.getByTestId('dict-child').boundingBox();
  expect(c1!.x).toBeGreaterThan(p1!.x + p1!.width - 5);
  await pane.getByText('业务字典', { exact: true }).click();
  await expect(row(pane.getByTestId('dict-parent'), 'station_type')).toBeVisible();

  await page.goto('/dict-vertical/index');
  pane = activePane(page);
  await expect(pane.getByTestId('dict-parent')).toBeVisible({ timeout: 30_000 });
  const p2 = await pane.getByTestId('dict-parent').boundingBox();
  const c2 = await pane.getByTestId('dict-child').boundingBox();
  expect(c2!.y).toBeGreaterThan(p2!.y + p2!.height - 5);
  await rowButton(pane.getByTestId('dict-parent'), 'sex', /字典配置/);
  await expect(row(pane.getByTestId('dict-child'), '男')).toBeVisible();
});
