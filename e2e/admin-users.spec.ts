/**
 * Users (spec 1 §7.2, spec 2 §2, §6): the department tree beside the table; add (validation texts), edit, view,
 * grant roles, reset password, unlock, disable/enable, platform settings, export, import with the template, delete.
 */
import { readFileSync } from 'node:fs';
import { test } from '@playwright/test';
import ExcelJS from 'exceljs';
import * as ui from './admin-helpers';
import { confirmOk, expect } from './fixtures';

test.describe.configure({ timeout: 300_000 });

test('users: add, edit, view, grant, reset, unlock, state, platform, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/system/user');
  const account = `e2e${ui.uid()}`;

  // add: the required texts, the password check, then 新增成功
  await pane
    .locator('.crud-toolbar')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  await ui.save(page);
  for (const t of [
    '请输入登录账号',
    '请输入用户姓名',
    '请输入密码',
    '请输入确认密码',
    '请选择所属角色',
    '请选择所属部门',
  ])
    await ui.expectFieldError(page, t);
  await ui.fill(page, { 登录账号: account, 用户姓名: '测试用户', 密码: 'Passw0rd!', 确认密码: 'different' });
  await ui.save(page);
  await ui.expectFieldError(page, '两次密码输入不一致');
  await ui.fill(page, { 确认密码: 'Passw0rd!' });
  await ui.chooseTree(page, '所属角色', '运营人员');
  await ui.chooseTree(page, '所属部门', '调度中心');
  await ui.save(page);
  await ui.expectMessage(page, '新增成功');

  await ui.search(pane, '登录账号', account);
  await expect(ui.row(pane, account)).toBeVisible();
  await expect(ui.row(pane, account)).toContainText('调度中心');

  await ui.editRow(page, pane, account, { 用户姓名: '测试改名' });
  await expect(ui.row(pane, account)).toContainText('测试改名');
  await ui.viewRow(page, pane, account, { 登录账号: account, 用户姓名: '测试改名' });

  const select = () => ui.row(pane, account).locator('.ant-checkbox-input').first().check();
  const confirmDone = async () => {
    await confirmOk(page);
    await ui.expectMessage(page, '操作成功');
  };

  // toolbar actions need a selection
  await pane.getByRole('button', { name: /密码重置/ }).click();
  await ui.expectMessage(page, '请选择至少一条数据');
  await select();
  await pane.getByRole('button', { name: /密码重置/ }).click();
  await confirmDone();
  await select();
  await pane.getByRole('button', { name: /账号解封/ }).click();
  await confirmDone();
  await select();
  await pane.getByRole('button', { name: /stop 停\s*用$/ }).click();
  await confirmDone();
  await expect(ui.row(pane, account)).toContainText('停用');
  await select();
  await pane.getByRole('button', { name: /check-circle 启\s*用$/ }).click();
  await confirmDone();
  await expect(ui.row(pane, account)).toContainText('正常');

  // grant roles
  await select();
  await pane.getByRole('button', { name: /角色配置/ }).click();
  await ui.dialog(page).locator('.ant-select').click();
  await ui.pickTreeTitle(page, '审计员');
  await page.keyboard.press('Escape');
  await ui.footerButton(page, /确\s*定/).click();
  await ui.expectMessage(page, '操作成功');
  await expect(ui.row(pane, account)).toContainText('审计员');

  // platform settings
  await ui
    .row(pane, account)
    .getByRole('button', { name: /平台配置/ })
    .click();
  await ui.dialog(page).getByLabel('用户拓展').fill('{"station":"A01"}');
  await ui.footerButton(page, /确\s*定/).click();
  await ui.expectMessage(page, '操作成功');

  await ui.deleteNothing(page, pane);
  await ui.deleteRows(page, pane, [account]);
});

test('users: the department tree filters; export; import with the template', async ({ page }, info) => {
  const pane = await ui.openScreen(page, '/system/user');
  // the utility has dozens of staff: show 200 a page, as an administrator looking for people would
  await pane.locator('.ant-pagination-options .ant-select').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '200' })
    .click();
  await expect(ui.row(pane, 'admin')).toBeVisible();
  await pane.getByTestId('user-dept-tree').getByText('管网巡检一班', { exact: true }).click();
  await expect(ui.row(pane, 'patrol')).toBeVisible();
  await expect(ui.row(pane, 'auditor')).toHaveCount(0);
  await pane.getByTestId('user-dept-tree').getByText('全部', { exact: true }).click();
  await expect(ui.row(pane, 'auditor')).toBeVisible();

  // the company search (a tree of companies only)
  const form = pane.getByTestId('crud-search');
  await form.getByLabel('所属公司', { exact: true }).click();
  await expect(
    page.locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-tree-title', { hasText: '调度中心' }),
  ).toHaveCount(0);
  await ui.pickTreeTitle(page, '合肥水务集团');
  await form.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(ui.row(pane, 'patrol')).toBeVisible();
  await form.getByRole('button', { name: /清\s*空/ }).click();

  const exported = page.waitForEvent('download');
  await pane.getByRole('button', { name: /用户导出/ }).click();
  expect((await exported).suggestedFilename()).toMatch(/\.xlsx$/);

  await pane.getByRole('button', { name: /用户导入/ }).click();
  const template = page.waitForEvent('download');
  await ui
    .dialog(page)
    .getByRole('button', { name: /下载模板/ })
    .click();
  const file = info.outputPath('template.xlsx');
  await (await template).saveAs(file);
  const input = () => ui.dialog(page).locator('input[type=file]');
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  // the empty template: the server's message as an error
  await input().setInputFiles({ name: 'empty.xlsx', mimeType: xlsx, buffer: readFileSync(file) });
  await expect(page.locator('.ant-message-error').getByText('导入失败: 表格中没有数据')).toBeVisible();

  // one person added to the template: the server's message as a success, and the person is there
  const account = `imp${ui.uid()}`;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(file));
  const sheet = book.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const cell = (h: string) => headers.indexOf(h);
  const values: unknown[] = [];
  values[cell('账户')] = account;
  values[cell('姓名')] = '导入用户';
  values[cell('角色名称')] = '运营人员';
  values[cell('部门名称')] = '调度中心';
  sheet.addRow(values);
  const filled = Buffer.from(await book.xlsx.writeBuffer());
  await input().setInputFiles({ name: 'users.xlsx', mimeType: xlsx, buffer: filled });
  await expect(page.locator('.ant-message-success').getByText(/导入成功/)).toBeVisible();
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
  await pane.getByTestId('user-dept-tree').getByText('全部', { exact: true }).click();
  await ui.search(pane, '登录账号', account);
  await expect(ui.row(pane, account)).toContainText('导入用户');
  await ui.deleteRows(page, pane, [account]);
});
