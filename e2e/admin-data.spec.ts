/**
 * Logs (usual, API, error), the JNPF dictionaries, common fields, bill rules (numbers never repeat), areas, online
 * users (forced sign-out) and API scopes per menu.
 */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { confirmOk, expect, signIn } from './fixtures';

test.describe.configure({ timeout: 240_000 });

test('logs: the API log lists the server calls, 20 per page, searchable, viewable; the others open', async ({
  page,
}) => {
  const pane = await ui.openScreen(page, '/ops/log/api');
  await expect(pane.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(pane.getByTestId('crud-pagination')).toContainText('20 条/页');
  await ui.search(pane, '请求接口', '/oauth/token');
  await expect(pane.locator('tr.ant-table-row').first()).toContainText('/api/blade-auth/oauth/token');
  await pane.getByRole('button', { name: '近1小时' }).click();
  await expect(pane.locator('tr.ant-table-row').first()).toContainText('/oauth/token');
  await pane.getByLabel('最小值').fill('999999999');
  await expect(pane.locator('tr.ant-table-row')).toHaveCount(0);
  await pane.getByLabel('最小值').fill('');
  await expect(pane.locator('tr.ant-table-row').first()).toBeVisible();
  await pane
    .locator('tr.ant-table-row')
    .first()
    .getByRole('button', { name: /查\s*看/ })
    .click();
  await expect(ui.dialog(page).getByLabel('请求方法', { exact: true })).toHaveValue('POST');
  await ui.closeDialog(page);

  for (const path of ['/ops/log/usual', '/ops/log/error']) {
    await page.goto(path);
    await expect(ui.activePane(page).getByTestId('crud-page')).toBeVisible({ timeout: 30_000 });
    await expect(ui.activePane(page).getByTestId('time-range')).toBeVisible();
  }
});

test('JNPF dictionaries: a type and its data: add, edit, view, state, export, delete', async ({ page }) => {
  // a two-table screen, not a CrudPage: signed in and opened by its path, then waited for by its own test id
  await signIn(page, 'admin');
  await page.goto('/dataservice/dictionary');
  const pane = ui.activePane(page);
  const types = pane.getByTestId('jdict-types');
  await expect(types).toBeVisible({ timeout: 30_000 });
  const code = `e2e_${ui.uid()}`;
  await types.getByRole('button', { name: /新\s*增/ }).click();
  await ui.save(page);
  await ui.expectFieldError(page, '请输入名称');
  await ui.fill(page, { 分类名称: `E2E分类${code}`, 分类编码: code });
  await ui.save(page);
  await ui.expectMessage(page, '新增成功');
  await types.getByText(`E2E分类${code} (${code})`).click();

  const data = pane.getByTestId('jdict-data');
  await ui.addRow(page, data, { required: ['请输入名称', '请输入编码'], values: { 名称: '一级', 编码: 'L1' } });
  await ui.editRow(page, data, 'L1', { 名称: '一级改' });
  await ui.viewRow(page, data, 'L1', { 名称: '一级改', 编码: 'L1' });
  await ui.row(data, 'L1').locator('.ant-switch').click();
  await expect(ui.row(data, 'L1').locator('.ant-switch')).not.toHaveClass(/ant-switch-checked/);
  const file = page.waitForEvent('download');
  await data.getByRole('button', { name: /导\s*出/ }).click();
  expect((await file).suggestedFilename()).toContain(code);
  await ui.rowDelete(page, data, 'L1');

  await types.getByRole('button', { name: /删\s*除/ }).click();
  await confirmOk(page);
  await ui.expectMessage(page, '删除成功');
  await expect(types.getByText(`E2E分类${code} (${code})`)).toHaveCount(0);
});

test('common fields: add, edit, view, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/dataservice/commonfields');
  const field = `e2e_${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请输入字段说明', '请输入字段名'],
    values: { 字段说明: '测试字段', 字段名: field, 数据长度: '50' },
  });
  await ui.search(pane, '关键词', field);
  await ui.editRow(page, pane, field, { 字段说明: '测试字段改' });
  await ui.viewRow(page, pane, field, { 字段名: field, 字段说明: '测试字段改' });
  await ui.deleteRows(page, pane, [field]);
});

test('bill rules: add, next numbers never repeat, edit, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/dataservice/billrule');
  const code = `E2E${ui.uid()}`.toUpperCase();
  await ui.addRow(page, pane, {
    required: ['请输入业务名称', '请输入业务编码'],
    values: { 业务名称: `E2E单据${code}`, 业务编码: code, 流水前缀: 'WO' },
  });
  const next = async () => {
    await ui.rowButton(pane, code, /生成单号/);
    const box = page.locator('.ant-modal-confirm');
    const text = ((await box.locator('.ant-modal-confirm-content').textContent()) ?? '').trim();
    await box.getByRole('button').last().click();
    await expect(box).toHaveCount(0);
    return text;
  };
  const a = await next();
  const b = await next();
  expect(a).toMatch(/^WO\d{8}0001$/);
  expect(b).toMatch(/^WO\d{8}0002$/);
  await ui.editRow(page, pane, code, { 业务名称: `E2E单据改${code}` });
  await ui.viewRow(page, pane, code, { 业务编码: code, 业务名称: `E2E单据改${code}` });

  // a rule that has issued numbers stays (its numbers must never be issued again); an unused one goes
  await ui.row(pane, code).locator('.ant-checkbox-input').check();
  await pane
    .locator('.crud-toolbar')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await ui.confirmRemove(page);
  await expect(
    page.locator('.ant-message-error').getByText(`编码规则已被使用，不能删除: E2E单据改${code}`),
  ).toBeVisible();
  await expect(ui.row(pane, code)).toBeVisible();
  await ui.row(pane, code).locator('.ant-checkbox-input').uncheck();
  const unused = `${code}B`;
  await ui.addRow(page, pane, { values: { 业务名称: `E2E未用${unused}`, 业务编码: unused } });
  await ui.deleteRows(page, pane, [unused]);
});

test('areas: add, add below, edit, view, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/dataservice/area');
  const code = `e2e${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请输入区域名称', '请输入区域编码'],
    values: { 区域名称: `E2E片区${code}`, 区域编码: code },
  });
  await ui.rowButton(pane, code, /新增下级/);
  await ui.fill(page, { 区域名称: `E2E小区${code}`, 区域编码: `${code}-1` });
  await ui.save(page);
  await ui.expectMessage(page, '新增成功');
  await ui.row(pane, `E2E片区${code}`).locator('.ant-table-row-expand-icon').click();
  await expect(ui.row(pane, `${code}-1`)).toBeVisible();
  await ui.editRow(page, pane, `${code}-1`, { 区域名称: `E2E小区改${code}` });
  await ui.viewRow(page, pane, `${code}-1`, { 区域名称: `E2E小区改${code}` });
  await ui.rowDelete(page, pane, `${code}-1`);
  await ui.deleteRows(page, pane, [`E2E片区${code}`]);

  // a code taken from a bill rule
  await pane
    .locator('.crud-toolbar')
    .getByRole('button', { name: /新\s*增/ })
    .click();
  await ui.fill(page, { 区域名称: `E2E规则编码${code}` });
  await ui.dialog(page).getByRole('combobox', { name: '请选择单据规则' }).click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: 'WORK_ORDER' })
    .click();
  await expect(ui.dialog(page).getByLabel('区域编码', { exact: true })).toHaveValue(/^GD\d{8}\d{4}$/);
  await ui.save(page);
  await ui.expectMessage(page, '新增成功');
  await expect(ui.row(pane, `E2E规则编码${code}`)).toContainText('GD');
  await ui.deleteRows(page, pane, [`E2E规则编码${code}`]);
});

test('online users: the list, and a forced sign-out', async ({ page, browser }) => {
  const other = await browser.newPage();
  await signIn(other, 'operator', 'operator');
  const pane = await ui.openScreen(page, '/system/onlineUser');
  await expect(ui.row(pane, 'operator').first()).toBeVisible();
  await ui
    .row(pane, 'operator')
    .first()
    .getByRole('button', { name: /强制下线/ })
    .click();
  await confirmOk(page);
  await ui.expectMessage(page, '已强制下线');
  await other.goto('/system/param');
  await expect(other).toHaveURL(/\/login/, { timeout: 30_000 });
  await other.close();
});

test('API scopes per menu: add and delete', async ({ page }) => {
  const scopes = await ui.openMenuScopes(page, '/authority/apiscope', '参数管理', 'scope-api');
  const name = `E2E接口${ui.uid()}`;
  await ui.addRow(page, scopes, {
    required: ['请输入接口权限名称', '请输入接口权限路径'],
    values: { 权限名称: name, 接口路径: '/blade-system/param/**' },
  });
  await expect(ui.row(scopes, name)).toContainText('/blade-system/param/**');
  await ui.rowDelete(page, scopes, name);
});
