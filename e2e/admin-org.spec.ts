/** Organisation and permissions: departments, posts, roles (grants), menus (with data and API scopes). */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { expect } from './fixtures';

// the machine is shared and slow: long flows get room
test.describe.configure({ timeout: 240_000 });

test('departments: add, add a child, edit, view, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/dept');
  const name = `E2E机构${ui.uid()}`;
  await ui.addRow(page, pane, { required: ['请输入机构名称'], values: { 机构名称: name } });
  await expect(ui.row(pane, name)).toBeVisible();

  await ui.rowButton(pane, name, /新增子项/);
  await ui.fill(page, { 机构名称: `${name}子` });
  await ui.save(page);
  await ui.expectMessage(page, '新增成功');
  await ui.row(pane, name).first().locator('.ant-table-row-expand-icon').click();
  await expect(ui.row(pane, `${name}子`)).toBeVisible();

  await ui.editRow(page, pane, `${name}子`, { 机构全称: `${name}子部门全称` });
  await ui.viewRow(page, pane, `${name}子`, { 机构名称: `${name}子`, 机构全称: `${name}子部门全称` });
  await ui.rowDelete(page, pane, `${name}子部门全称`);
  await ui.deleteRows(page, pane, [name]);
});

test('posts: validation, add, edit, view, search, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/post');
  const code = `p${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请选择岗位类型', '请输入岗位编号', '请输入岗位名称'],
    values: { 岗位编号: code, 岗位名称: `E2E岗位${code}` },
    selects: { 岗位类型: '基层' },
  });
  await ui.editRow(page, pane, code, { 岗位名称: `E2E岗位改${code}` });
  await ui.viewRow(page, pane, code, { 岗位编号: code, 岗位名称: `E2E岗位改${code}` });
  await ui.search(pane, '岗位编号', code);
  await expect(pane.locator('tr.ant-table-row')).toHaveCount(1);
  await ui.deleteNothing(page, pane);
  await ui.deleteRows(page, pane, [code]);
});

test('roles: add, edit, view, grant menus, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/authority/role');
  const alias = `e2e_${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请输入角色名称', '请输入角色别名'],
    values: { 角色名称: `E2E角色${alias}`, 角色别名: alias },
  });
  await ui.editRow(page, pane, alias, { 角色名称: `E2E角色改${alias}` });
  await ui.viewRow(page, pane, alias, { 角色别名: alias, 角色名称: `E2E角色改${alias}` });

  // grant: three trees; choose the parameters menu and save; it is checked when the dialog opens again
  await ui.grantMenu(page, pane, {
    row: alias,
    button: /权限设置/,
    tree: 'grant-menu',
    menu: '参数管理',
    opened: async (menuTree) => {
      await expect(menuTree.getByText('参数管理', { exact: true })).toBeVisible();
      await expect(ui.dialog(page).getByRole('tab', { name: '数据权限' })).toBeVisible();
      await expect(ui.dialog(page).getByRole('tab', { name: '接口权限' })).toBeVisible();
    },
  });

  await ui.deleteRows(page, pane, [alias]);
});

test('menus: add, edit, view, data scope per menu, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/menu');
  const code = `e2e_menu_${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请输入菜单名称', '请输入菜单编号'],
    values: { 菜单名称: `E2E菜单${code}`, 菜单编号: code, 路由地址: `/e2e/${code}` },
  });
  await ui.search(pane, '菜单编号', code);
  await expect(ui.row(pane, code)).toBeVisible();
  await ui.editRow(page, pane, code, { 菜单别名: 'e2e' });
  await ui.viewRow(page, pane, code, { 菜单编号: code, 菜单别名: 'e2e' });

  // data scopes of this menu, in a drawer
  await ui.rowButton(pane, code, /数据权限/);
  const drawer = page.locator('.ant-drawer:visible');
  const scopes = drawer.getByTestId('scope-data');
  await ui.addRow(page, scopes, {
    required: ['请输入数据权限名称'],
    values: { 权限名称: '本人创建', 资源编号: 'post' },
    selects: { 规则类型: '本人可见' },
  });
  await expect(ui.row(scopes, '本人创建')).toBeVisible();
  await ui.rowDelete(page, scopes, '本人创建');
  await drawer.locator('.ant-drawer-close').click();

  await ui.deleteRows(page, pane, [code]);
});
