/** Dictionaries (spec 1 §2.9, §5): parent and child tables, both layouts, add/edit/view/delete with the exact texts. */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { expect } from './fixtures';

// the machine is shared and slow: long flows get room
test.describe.configure({ timeout: 240_000 });

test('system dictionary: parent and child add, edit, view, delete', async ({ page }) => {
  const tables = await ui.openDictionary(page, '/system/dict');
  const { parent, child } = tables;
  const code = `e2e_${ui.uid()}`;

  // the child table lists the chosen dictionary's entries
  await ui.dictionaryWithEntry(page, tables, {
    code,
    name: '测试字典',
    renamed: '测试字典改',
    entry: '条目一',
    key: 'k1',
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
