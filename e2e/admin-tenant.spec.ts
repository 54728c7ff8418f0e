/**
 * Tenants (with settings), tenant packages (spec 1 §2.8, §5: no view button, page size 10, the texts in zh and
 * en), clients, top menus (grant menus) and regions (lazy tree).
 */
import { test } from '@playwright/test';
import {
  activePane,
  addRow,
  deleteNothing,
  deleteRows,
  dialog,
  editRow,
  expectFieldError,
  expectMessage,
  fill,
  openScreen,
  row,
  rowButton,
  rowDelete,
  save,
  search,
  uid,
  viewRow,
} from './admin-helpers';
import { expect, signIn } from './fixtures';

test.describe.configure({ timeout: 240_000 });

test('tenants: add with an address, edit, view, settings, delete', async ({ page }) => {
  await openScreen(page, '/system/tenant');
  const pane = activePane(page);
  const name = `E2E租户${uid()}`;
  await addRow(page, pane, {
    required: ['请输入租户名称'],
    values: { 租户名称: name, 联系人: '张三' },
    extra: async () => {
      await dialog(page).getByLabel('联系地址', { exact: true }).click();
      await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: '安徽省' }).click();
      await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: '合肥市' }).click();
      await page.keyboard.press('Escape');
    },
  });
  await search(pane, '租户名称', name);
  await expect(row(pane, name)).toContainText('安徽省/合肥市');
  await editRow(page, pane, name, { 联系人: '李四' });
  await expect(row(pane, name)).toContainText('李四');
  await viewRow(page, pane, name, { 租户名称: name, 联系人: '李四' });

  await rowButton(pane, name, /授权配置/);
  await dialog(page).getByLabel('账号额度', { exact: true }).fill('5');
  await dialog(page)
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expectMessage(page, '操作成功');
  await expect(row(pane, name)).toContainText('5');

  await deleteRows(page, pane, [name]);
});

test('tenant packages in zh: texts, page size 10, no view button', async ({ page }) => {
  await openScreen(page, '/system/tenantpackage');
  const pane = activePane(page);
  await expect(pane.locator('.ant-pagination-options')).toContainText('10 条/页');
  await expect(pane.getByRole('button', { name: /查\s*看/ })).toHaveCount(0);
  await pane
    .locator('.crud-toolbar')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  await save(page);
  await expectFieldError(page, '请输入产品包名称');
  await expectFieldError(page, '请选择菜单列表');
  await dialog(page)
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await deleteNothing(page, pane);
});

test('tenant packages in en: add, edit, delete with the English texts', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('swp-language', 'en'));
  await signIn(page, 'admin', 'admin');
  await page.goto('/system/tenantpackage');
  const pane = activePane(page);
  await expect(pane.getByTestId('crud-page')).toBeVisible({ timeout: 30_000 });
  const name = `E2E package ${uid()}`;
  await expect(pane.getByRole('button', { name: /^eye View$/ })).toHaveCount(0);

  await pane.locator('.crud-toolbar').getByRole('button', { name: /Add/ }).click();
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: 'Save' }).click();
  await expectFieldError(page, 'please enter the package name');
  await expectFieldError(page, 'please select a menu');
  await dialog(page).getByLabel('Package name', { exact: true }).fill(name);
  const tree = dialog(page).getByTestId('package-menu-tree');
  await tree.locator('.ant-tree-treenode', { hasText: '参数管理' }).first().locator('.ant-tree-checkbox').click();
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: 'Save' }).click();
  await expectMessage(page, 'Added successfully');
  await expect(row(pane, name)).toBeVisible();

  await rowButton(pane, name, /Edit/);
  await expect(
    dialog(page)
      .getByTestId('package-menu-tree')
      .locator('.ant-tree-treenode', { hasText: '参数管理' })
      .first()
      .locator('.ant-tree-checkbox-checked'),
  ).toBeVisible();
  await dialog(page).getByLabel('Remark', { exact: true }).fill('changed');
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: 'Update' }).click();
  await expectMessage(page, 'Updated successfully');

  const toolbarDelete = pane.locator('.crud-toolbar').getByRole('button', { name: /Delete/ });
  await toolbarDelete.click();
  await expectMessage(page, 'please select at least one data');
  await row(pane, name).locator('.ant-checkbox-input').check();
  await toolbarDelete.click();
  await expect(page.locator('.ant-modal-confirm-content', { hasText: 'Delete the selected data?' })).toBeVisible();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expectMessage(page, 'Deleted successfully');
  await expect(row(pane, name)).toHaveCount(0);
});

test('clients: add, edit, view, delete', async ({ page }) => {
  await openScreen(page, '/system/client');
  const pane = activePane(page);
  const id = `e2e_${uid()}`;
  await addRow(page, pane, { required: ['请输入客户端id'], values: { 客户端id: id, 客户端密钥: 'secret_123456' } });
  await editRow(page, pane, id, { 令牌秒数: '7200' });
  await expect(row(pane, id)).toContainText('7200');
  await viewRow(page, pane, id, { 客户端id: id, 令牌秒数: '7200' });
  await deleteRows(page, pane, [id]);
});

test('top menus: add, grant menus, delete', async ({ page }) => {
  await openScreen(page, '/system/topmenu');
  const pane = activePane(page);
  const code = `e2e-${uid()}`;
  await addRow(page, pane, {
    required: ['请输入顶部菜单编号', '请输入顶部菜单名称'],
    values: { 菜单编号: code, 菜单名称: `E2E业务${code}` },
  });
  await editRow(page, pane, code, { 路由地址: '/e2e' });
  await viewRow(page, pane, code, { 菜单编号: code, 路由地址: '/e2e' });
  await rowButton(pane, code, /菜单配置/);
  const tree = dialog(page).getByTestId('topmenu-grant-tree');
  await tree.locator('.ant-tree-treenode', { hasText: '参数管理' }).first().locator('.ant-tree-checkbox').click();
  await dialog(page)
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expectMessage(page, '操作成功');
  await rowButton(pane, code, /菜单配置/);
  await expect(
    dialog(page)
      .getByTestId('topmenu-grant-tree')
      .locator('.ant-tree-treenode', { hasText: '参数管理' })
      .first()
      .locator('.ant-tree-checkbox-checked'),
  ).toBeVisible();
  await dialog(page)
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await deleteRows(page, pane, [code]);
});

test('regions: add a division under a province, edit, view, delete', async ({ page }) => {
  await openScreen(page, '/system/region');
  const pane = activePane(page);
  await rowButton(pane, '安徽省', /新增下级/);
  await expect(dialog(page).getByLabel('上级区划', { exact: true })).toHaveValue('34');
  await save(page);
  await expectFieldError(page, '请输入区划编号');
  await fill(page, { 区划编号: '3499', 区划名称: 'E2E测试市' });
  await save(page);
  await expectMessage(page, '新增成功');
  await row(pane, '安徽省').locator('.ant-table-row-expand-icon').click();
  await expect(row(pane, 'E2E测试市')).toBeVisible();
  await editRow(page, pane, 'E2E测试市', { 区划名称: 'E2E测试市改' });
  await expect(row(pane, 'E2E测试市改')).toBeVisible();
  await viewRow(page, pane, 'E2E测试市改', { 区划编号: '3499', 区划名称: 'E2E测试市改' });
  await rowDelete(page, pane, 'E2E测试市改');
});
