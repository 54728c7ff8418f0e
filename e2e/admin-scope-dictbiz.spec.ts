/**
 * The business dictionary screen (dict-biz: parent and child tables) and the data-scope screen (rules per menu:
 * add with the required texts, a custom rule refused by the server's checker, edit, view, delete).
 */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { expect } from './fixtures';

test.describe.configure({ timeout: 240_000 });

test('business dictionary: parent and child add, edit, view, delete', async ({ page }) => {
  const tables = await ui.openDictionary(page, '/system/dictbiz');
  const { parent, child } = tables;
  // the seeded business dictionaries of a water utility are there
  await expect(ui.row(parent, 'station_type')).toBeVisible();
  const code = `e2e_biz_${ui.uid()}`;

  await ui.dictionaryWithEntry(page, tables, {
    code,
    name: '管材',
    renamed: '管道材质',
    entry: '球墨铸铁管',
    key: 'DIP',
  });
  await ui.addRow(page, child, { values: { 字典名称: '聚乙烯管', 字典键值: 'PE' } });
  await ui.editRow(page, child, '聚乙烯管', { 字典名称: 'PE 管' });
  await ui.viewRow(page, child, 'PE 管', { 字典键值: 'PE', 字典编号: code });
  await ui.rowDelete(page, child, 'PE 管');
  await expect(ui.row(child, '球墨铸铁管')).toBeVisible();

  // a dictionary with entries cannot go: the server says why and the row stays
  await ui
    .row(parent, code)
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await ui.confirmRemove(page);
  await ui.expectMessage(page, '请先删除子节点');
  await expect(ui.row(parent, code)).toBeVisible();

  await ui.rowDelete(page, child, '球墨铸铁管');
  await ui.deleteNothing(page, parent);
  await ui.deleteRows(page, parent, [code]);
});

test('data scopes per menu: add, edit to a custom rule, view, delete', async ({ page }) => {
  const scopes = await ui.openMenuScopes(page, '/authority/datascope', '用户管理', 'scope-data');
  const name = `E2E数据${ui.uid()}`;

  await ui.addRow(page, scopes, {
    // the resource code starts as the menu's code
    required: ['请输入数据权限名称'],
    values: { 权限名称: name, 资源编号: 'user' },
    selects: { 规则类型: '本人可见' },
  });
  await expect(ui.row(scopes, name)).toContainText('本人可见');

  // a custom rule is an expression the server checks, never SQL (its refusals are covered by the API tests)
  await ui.rowButton(scopes, name, /编\s*辑/);
  await ui.choose(page, '规则类型', '自定义');
  await ui.fill(page, { 自定义规则: 'createDept in $deptIds || createUser == $userId' });
  await ui.save(page);
  await ui.expectMessage(page, '更新成功');
  await expect(ui.row(scopes, name)).toContainText('自定义');

  await ui.viewRow(page, scopes, name, { 权限名称: name, 资源编号: 'user' });
  await expect(ui.dialog(page)).toHaveCount(0);
  await ui.rowDelete(page, scopes, name);
  await expect(ui.row(scopes, name)).toHaveCount(0);
});
