/**
 * The JNPF permission screens, opened from the side menu (系统管理): 组织权限 — grant a menu to a position, save,
 * and see it still granted after a reload; add a member to a role; the batch dialog's refusal — and 组织管理 — add a
 * department, edit it, disable it, delete it with the confirmation.
 */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { expect, openMenu } from './fixtures';

// the machine is shared and slow: long flows get room
test.describe.configure({ timeout: 240_000 });

test('组织权限: grant a menu to a position, keep it after a reload, add a role member', async ({ page }) => {
  await ui.signIn(page, 'admin', 'admin');
  await openMenu(page, '/permission/authority', ['系统管理']);
  const pane = ui.activePane(page);
  await expect(pane.getByTestId('authority-page')).toBeVisible();
  await expect(pane.getByText('请在左侧选择授权对象')).toBeVisible();

  const pickPosition = async () => {
    await pane.locator('.ant-segmented-item', { hasText: '岗位' }).click();
    await pane.getByTestId('authority-objects').locator('tr.ant-table-row', { hasText: 'dispatcher' }).click();
    await expect(pane.getByTestId('authority-object')).toHaveText('调度员');
  };
  const paramNode = () =>
    pane.getByTestId('grant-module').locator('.ant-tree-treenode', { hasText: '参数管理' }).first();

  await pickPosition();
  for (const tab of ['菜单', '按钮', '列表', '表单', '数据', '成员']) {
    await expect(pane.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  }
  await expect(paramNode()).toBeVisible();
  await expect(paramNode().locator('.ant-tree-checkbox-checked')).toHaveCount(0);
  await paramNode().locator('.ant-tree-checkbox').click();
  await pane.getByRole('button', { name: /保\s*存/ }).click();
  await ui.expectMessage(page, '操作成功');

  // a fresh load of the page: the grant comes back from the server
  await page.reload();
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  await expect(pane.getByTestId('authority-page')).toBeVisible();
  await pickPosition();
  await expect(paramNode().locator('.ant-tree-checkbox-checked')).toBeVisible();

  // members of a role: 审计员 holds 陈静; add 张伟 through the people picker
  await pane.locator('.ant-segmented-item', { hasText: '角色' }).click();
  await pane.getByTestId('authority-objects').locator('tr.ant-table-row', { hasText: 'auditor' }).click();
  await expect(pane.getByTestId('authority-object')).toHaveText('审计员');
  await pane.getByRole('tab', { name: '成员', exact: true }).click();
  const members = pane.getByTestId('members-panel');
  await expect(members.locator('tr.ant-table-row', { hasText: '陈静' })).toBeVisible();
  await expect(members.locator('tr.ant-table-row', { hasText: '张伟' })).toHaveCount(0);
  await members.getByRole('button', { name: '添加成员' }).click();
  const picker = ui.dialog(page);
  await expect(picker).toContainText('选择成员');
  await picker.getByPlaceholder('请输入姓名').fill('张伟');
  await picker.getByRole('button', { name: /搜\s*索/ }).click();
  await picker.locator('tr.ant-table-row', { hasText: '张伟' }).click();
  await picker
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await ui.expectMessage(page, '操作成功');
  await expect(members.locator('tr.ant-table-row', { hasText: '张伟' })).toBeVisible();
  await expect(members.locator('tr.ant-table-row', { hasText: '陈静' })).toBeVisible();

  // the batch dialog refuses to grant nothing to nobody
  await pane.getByRole('button', { name: '批量授权' }).click();
  await expect(ui.dialog(page).getByTestId('batch-grant')).toBeVisible();
  await ui.footerButton(page, /确\s*定/).click();
  await ui.expectMessage(page, '请选择授权对象');
  await ui.footerButton(page, /取\s*消/).click();
});

test('组织管理: add a department, edit it, disable it, delete it', async ({ page }) => {
  await ui.signIn(page, 'admin', 'admin');
  await openMenu(page, '/permission/organize', ['系统管理']);
  const pane = ui.activePane(page);
  await expect(pane.getByTestId('crud-page')).toBeVisible();
  await expect(ui.row(pane, '合肥水务集团')).toBeVisible();

  const name = `E2E组织${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请输入名称'],
    values: { 组织名称: name },
    extra: () => ui.chooseTree(page, '上级组织', '合肥水务集团'),
  });
  await ui.search(pane, '组织名称', name);
  await expect(ui.row(pane, name)).toHaveCount(1);
  await expect(ui.row(pane, name)).toContainText('部门');

  await ui.editRow(page, pane, name, { 组织全称: `${name}全称` });
  await expect(ui.row(pane, name)).toContainText(`${name}全称`);

  const state = ui.row(pane, name).getByRole('switch');
  await expect(state).toHaveAttribute('aria-checked', 'true');
  await state.click();
  await ui.expectMessage(page, '操作成功');
  await expect(ui.row(pane, name).getByRole('switch')).toHaveAttribute('aria-checked', 'false');

  await ui.rowDelete(page, pane, name);
});
