/** Dictionaries (spec 1 §2.9, §5): parent and child tables, both layouts, add/edit/view/delete with the exact texts. */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { expect } from './fixtures';

// the machine is shared and slow: long flows get room
test.describe.configure({ timeout: 240_000 });

test('system dictionary: parent and child add, edit, view, delete', async ({ page }) => {
  const { parent, child } = await ui.openDictionary(page, '/system/dict');
  const code = `e2e_${ui.uid()}`;

  await ui.addRow(page, parent, {
    required: ['请输入字典编号', '请输入字典名称'],
    values: { 字典编号: code, 字典名称: '测试字典' },
  });
  await expect(ui.row(parent, code)).toBeVisible();
  await ui.editRow(page, parent, code, { 字典名称: '测试字典改' });
  await expect(ui.row(parent, code)).toContainText('测试字典改');
  await ui.viewRow(page, parent, code, { 字典编号: code, 字典名称: '测试字典改' });

  // the child table lists the chosen dictionary's entries
  await ui.rowButton(parent, code, /字典配置/);
  await expect(child).toContainText(code);
  await ui.addRow(page, child, {
    required: ['请输入字典名称', '请输入字典键值'],
    values: { 字典名称: '条目一', 字典键值: 'k1' },
  });
  await expect(ui.row(child, '条目一')).toBeVisible();
  await ui.editRow(page, child, '条目一', { 字典名称: '条目一改' });
  await ui.viewRow(page, child, '条目一改', { 字典键值: 'k1', 字典编号: code });
  await ui.rowDelete(page, child, '条目一改');

  await ui.deleteNothing(page, parent);
  await ui.deleteRows(page, parent, [code]);
});

test('dictionary layouts: horizontal side by side, vertical stacked, both families', async ({ page }) => {
  let pane = await ui.openScreen(page, '/dict-horizontal/index');
  const p1 = await pane.getByTestId('dict-parent').boundingBox();
  const c1 = await pane.getByTestId('dict-child').boundingBox();
  expect(c1!.x).toBeGreaterThan(p1!.x + p1!.width - 5);
  await pane.getByText('业务字典', { exact: true }).click();
  await expect(ui.row(pane.getByTestId('dict-parent'), 'station_type')).toBeVisible();

  await page.goto('/dict-vertical/index');
  pane = ui.activePane(page);
  await expect(pane.getByTestId('dict-parent')).toBeVisible({ timeout: 30_000 });
  const p2 = await pane.getByTestId('dict-parent').boundingBox();
  const c2 = await pane.getByTestId('dict-child').boundingBox();
  expect(c2!.y).toBeGreaterThan(p2!.y + p2!.height - 5);
  await ui.rowButton(pane.getByTestId('dict-parent'), 'sex', /字典配置/);
  await expect(ui.row(pane.getByTestId('dict-child'), '男')).toBeVisible();
});
