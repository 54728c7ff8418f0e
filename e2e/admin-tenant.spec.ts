/**
 * Tenants (with settings), tenant packages (spec 1 §2.8, §5: no view button, page size 10, the texts in zh and
 * en), clients, top menus (grant menus) and regions (lazy tree).
 */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { expect, signIn } from './fixtures';

test.describe.configure({ timeout: 240_000 });

test('tenants: add with an address, edit, view, settings, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/tenant');
  const name = `E2E租户${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请输入租户名称'],
    values: { 租户名称: name, 联系人: '张三' },
    extra: async () => {
      await ui.dialog(page).getByLabel('联系地址', { exact: true }).click();
      await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: '安徽省' }).click();
      await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: '合肥市' }).click();
      await page.keyboard.press('Escape');
    },
  });
  await ui.search(pane, '租户名称', name);
  await expect(ui.row(pane, name)).toContainText('安徽省/合肥市');
  await ui.editRow(page, pane, name, { 联系人: '李四' });
  await expect(ui.row(pane, name)).toContainText('李四');
  await ui.viewRow(page, pane, name, { 租户名称: name, 联系人: '李四' });

  await ui.rowButton(pane, name, /授权配置/);
  await ui.dialog(page).getByLabel('账号额度', { exact: true }).fill('5');
  await ui.footerButton(page, /确\s*定/).click();
  await ui.expectMessage(page, '操作成功');
  await expect(ui.row(pane, name)).toContainText('5');

  await ui.deleteRows(page, pane, [name]);
});

test('tenant packages in zh: texts, page size 10, no view button', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/tenantpackage');
  await expect(pane.locator('.ant-pagination-options')).toContainText('10 条/页');
  await expect(pane.getByRole('button', { name: /查\s*看/ })).toHaveCount(0);
  await pane
    .locator('.crud-toolbar')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  await ui.save(page);
  await ui.expectFieldError(page, '请输入产品包名称');
  await ui.expectFieldError(page, '请选择菜单列表');
  await ui.footerButton(page, /取\s*消/).click();
  await ui.deleteNothing(page, pane);
});

test('tenant packages in en: add, edit, delete with the English texts', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('swp-language', 'en'));
  await signIn(page, 'admin', 'admin');
  await page.goto('/system/tenantpackage');
  const pane = ui.activePane(page);
  await expect(pane.getByTestId('crud-page')).toBeVisible({ timeout: 30_000 });
  const name = `E2E package ${ui.uid()}`;
  await expect(pane.getByRole('button', { name: /^eye View$/ })).toHaveCount(0);

  await pane.locator('.crud-toolbar').getByRole('button', { name: /Add/ }).click();
  await ui.footerButton(page, 'Save').click();
  await ui.expectFieldError(page, 'please enter the package name');
  await ui.expectFieldError(page, 'please select a menu');
  await ui.dialog(page).getByLabel('Package name', { exact: true }).fill(name);
  const tree = ui.dialog(page).getByTestId('package-menu-tree');
  await tree.locator('.ant-tree-treenode', { hasText: '参数管理' }).first().locator('.ant-tree-checkbox').click();
  await ui.footerButton(page, 'Save').click();
  await ui.expectMessage(page, 'Added successfully');
  await expect(ui.row(pane, name)).toBeVisible();

  await ui.rowButton(pane, name, /Edit/);
  await expect(
    ui
      .dialog(page)
      .getByTestId('package-menu-tree')
      .locator('.ant-tree-treenode', { hasText: '参数管理' })
      .first()
      .locator('.ant-tree-checkbox-checked'),
  ).toBeVisible();
  await ui.dialog(page).getByLabel('Remark', { exact: true }).fill('changed');
  await ui.footerButton(page, 'Update').click();
  await ui.expectMessage(page, 'Updated successfully');

  const toolbarDelete = pane.locator('.crud-toolbar').getByRole('button', { name: /Delete/ });
  await toolbarDelete.click();
  await ui.expectMessage(page, 'please select at least one data');
  await ui.row(pane, name).locator('.ant-checkbox-input').check();
  await toolbarDelete.click();
  await expect(page.locator('.ant-modal-confirm-content', { hasText: 'Delete the selected data?' })).toBeVisible();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await ui.expectMessage(page, 'Deleted successfully');
  await expect(ui.row(pane, name)).toHaveCount(0);
});

test('clients: add, edit, view, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/client');
  const id = `e2e_${ui.uid()}`;
  await ui.addRow(page, pane, { required: ['请输入客户端id'], values: { 客户端id: id, 客户端密钥: 'secret_123456' } });
  await ui.editRow(page, pane, id, { 令牌秒数: '7200' });
  await expect(ui.row(pane, id)).toContainText('7200');
  await ui.viewRow(page, pane, id, { 客户端id: id, 令牌秒数: '7200' });
  await ui.deleteRows(page, pane, [id]);
});

test('top menus: add, grant menus, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/topmenu');
  const code = `e2e-${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请输入顶部菜单编号', '请输入顶部菜单名称'],
    values: { 菜单编号: code, 菜单名称: `E2E业务${code}` },
  });
  await ui.editRow(page, pane, code, { 路由地址: '/e2e' });
  await ui.viewRow(page, pane, code, { 菜单编号: code, 路由地址: '/e2e' });
  await ui.grantMenu(page, pane, { row: code, button: /菜单配置/, tree: 'topmenu-grant-tree', menu: '参数管理' });
  await ui.deleteRows(page, pane, [code]);
});

test('regions: add a division under a province, edit, view, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/region');
  await ui.rowButton(pane, '安徽省', /新增下级/);
  await expect(ui.dialog(page).getByLabel('上级区划', { exact: true })).toHaveValue('34');
  await ui.save(page);
  await ui.expectFieldError(page, '请输入区划编号');
  await ui.fill(page, { 区划编号: '3499', 区划名称: 'E2E测试市' });
  await ui.save(page);
  await ui.expectMessage(page, '新增成功');
  await ui.row(pane, '安徽省').locator('.ant-table-row-expand-icon').click();
  await expect(ui.row(pane, 'E2E测试市')).toBeVisible();
  await ui.editRow(page, pane, 'E2E测试市', { 区划名称: 'E2E测试市改' });
  await expect(ui.row(pane, 'E2E测试市改')).toBeVisible();
  await ui.viewRow(page, pane, 'E2E测试市改', { 区划编号: '3499', 区划名称: 'E2E测试市改' });
  await ui.rowDelete(page, pane, 'E2E测试市改');
});
