/**
 * Notices (rich text), SMS configurations (enable exactly one, send a test that the message log records),
 * OSS configurations, attachments (upload, delete), message templates, configs (popup table select) and the
 * message log (compose to people chosen in the user picker).
 */
import { test } from '@playwright/test';
import * as ui from './admin-helpers';
import { confirmOk, expect } from './fixtures';

test.describe.configure({ timeout: 240_000 });

test('notices: validation, add with rich text, edit, view, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/desk/notice');
  const title = `E2E停水通知${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请输入通知标题', '请选择通知类型', '请选择发布时间'],
    values: { 通知标题: title },
    selects: { 通知类型: '停水通知' },
    extra: async () => {
      const time = ui.dialog(page).getByLabel('发布时间', { exact: true });
      await time.click();
      await time.fill('2026-11-20 08:00:00');
      await time.press('Enter');
      const editor = ui.dialog(page).locator('[contenteditable="true"]');
      await editor.click();
      await page.keyboard.type('明日 8:00 至 18:00 停水');
      await page.keyboard.press('Control+A');
      await ui.dialog(page).getByRole('button', { name: '加粗' }).click();
    },
  });
  await ui.search(pane, '通知标题', title);
  await expect(ui.row(pane, title)).toContainText('停水通知');
  // the category search is a dictionary tree select
  await ui.searchBy(page, pane, '通知类型', '发布通知', ui.pickTreeTitle);
  await expect(ui.row(pane, title)).toHaveCount(0);
  await ui.searchBy(page, pane, '通知类型', '停水通知', ui.pickTreeTitle);
  await expect(ui.row(pane, title)).toBeVisible();
  await ui.editRow(page, pane, title, { 通知标题: `${title}改` });
  await ui.viewRow(page, pane, `${title}改`, { 通知标题: `${title}改` });
  await ui.rowButton(pane, `${title}改`, /查\s*看/);
  await expect(ui.dialog(page).locator('[contenteditable] b, [contenteditable] strong')).toContainText('停水');
  await ui.footerButton(page, /关\s*闭/).click();
  await ui.deleteRows(page, pane, [`${title}改`]);
});

test('SMS: add, enable exactly one, send a test recorded in the message log, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/resource/sms');
  const code = `e2e-sms-${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请选择分类', '请输入资源编号', '请输入模板ID'],
    values: { 资源编号: code, 模板ID: 'SMS_0001', 短信签名: '水务' },
    selects: { 分类: '阿里云' },
  });
  await ui.editRow(page, pane, code, { 模板ID: 'SMS_0002' });
  await ui.viewRow(page, pane, code, { 资源编号: code, 模板ID: 'SMS_0002' });

  const enable = async (text: string) => {
    await ui.rowButton(pane, text, /启\s*用/);
    await expect(page.locator('.ant-modal-confirm-content')).toHaveText('是否确定启用这条配置?');
    await confirmOk(page);
    await ui.expectMessage(page, '操作成功');
  };
  // the configuration enabled before (its code is the fourth cell: selection, index, type, code)
  const onRow = pane.locator('tr.ant-table-row', { has: page.locator('.ant-tag', { hasText: /^已启用$/ }) });
  const original = (await onRow.count())
    ? ((await onRow.first().locator('td').nth(3).textContent()) ?? '').trim()
    : undefined;
  await enable(code);
  await expect(ui.row(pane, code)).toContainText('已启用');
  await expect(pane.locator('tr.ant-table-row', { hasText: '已启用' })).toHaveCount(1);

  // send a test with parameters from the input table
  await ui.rowButton(pane, code, /发送测试/);
  await ui.dialog(page).getByLabel('手机号', { exact: true }).fill('13800000000');
  await ui
    .dialog(page)
    .getByRole('button', { name: /添\s*加/ })
    .click();
  await ui.dialog(page).getByLabel('参数名 第 1 行').fill('code');
  await ui.dialog(page).getByLabel('参数值 第 1 行').fill('1234');
  await ui.footerButton(page, /发\s*送/).click();
  await ui.expectMessage(page, '发送成功');

  await page.goto('/message-admin/log');
  const log = ui.activePane(page);
  await expect(log.getByTestId('crud-page')).toBeVisible({ timeout: 30_000 });
  await ui.searchBy(page, log, '发送渠道', '短信');
  await expect(log.locator('tr.ant-table-row').first()).toContainText('短信');

  // the original configuration is enabled again, and the test one removed
  await page.goto('/resource/sms');
  const sms = ui.activePane(page);
  await expect(sms.getByTestId('crud-page')).toBeVisible({ timeout: 30_000 });
  if (original) {
    await enable(original);
    await expect(ui.row(sms, original)).toContainText('已启用');
  }
  await ui.deleteRows(page, sms, [code]);
});

test('OSS: add, edit, view, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/resource/oss');
  const code = `e2e-oss-${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请选择分类', '请输入资源编号'],
    values: { 资源编号: code, 空间名: 'bucket-a' },
    selects: { 分类: '本地' },
  });
  await ui.editRow(page, pane, code, { 空间名: 'bucket-b' });
  await ui.viewRow(page, pane, code, { 资源编号: code, 空间名: 'bucket-b' });
  await ui.deleteRows(page, pane, [code]);
});

test('attachments: upload a file, rename, view, delete', async ({ page }) => {
  const pane = await ui.openScreen(page, '/resource/attach');
  const name = `e2e-${ui.uid()}.txt`;
  await pane.getByRole('button', { name: '上传附件' }).click();
  await expect(ui.dialog(page).getByTestId('upload-tip')).toHaveText('只能上传不超过20MB的文件');
  await ui
    .dialog(page)
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('pipe network') });
  await expect(ui.dialog(page).locator('.ant-upload-list-item', { hasText: name }).first()).toBeVisible();
  await ui.dialog(page).locator('.ant-modal-close').click();
  await expect(ui.row(pane, name)).toBeVisible();
  await ui.editRow(page, pane, name, { 附件原名: `renamed-${name}` });
  await ui.viewRow(page, pane, `renamed-${name}`, { 附件原名: `renamed-${name}` });
  await ui.deleteRows(page, pane, [`renamed-${name}`]);
});

test('message templates and configs (the template chosen in the popup table)', async ({ page }) => {
  let pane = await ui.openScreen(page, '/message-admin/template');
  const code = `e2e.tpl.${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请输入模板编号', '请输入模板名称', '请输入消息标题', '请输入消息内容'],
    values: { 模板编号: code, 模板名称: `E2E模板${code}`, 消息标题: '管网告警：${name}', 消息内容: '${name} 压力异常' },
  });
  await ui.editRow(page, pane, code, { 消息标题: '管网告警 ${name}' });
  await ui.viewRow(page, pane, code, { 模板编号: code, 消息标题: '管网告警 ${name}' });

  await page.goto('/message-admin/config');
  pane = ui.activePane(page);
  await expect(pane.getByTestId('crud-page')).toBeVisible({ timeout: 30_000 });
  const cfg = `e2e.cfg.${ui.uid()}`;
  await ui.addRow(page, pane, {
    required: ['请输入配置编号', '请输入配置名称', '请选择模板'],
    values: { 配置编号: cfg, 配置名称: `E2E配置${cfg}` },
    extra: async () => {
      await ui.dialog(page).getByLabel('模板编号', { exact: true }).click();
      const popup = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: '请选择' }).last();
      await expect(popup.locator('.ant-modal-footer').getByRole('button', { name: /确\s*定/ })).toBeDisabled();
      await popup.getByLabel('请输入关键词').fill(`E2E模板`);
      await popup.getByRole('button', { name: /搜\s*索/ }).click();
      await popup.locator('tr.ant-table-row', { hasText: code }).locator('.ant-radio-input').check();
      await popup
        .locator('.ant-modal-footer')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await expect(ui.dialog(page).getByLabel('模板编号', { exact: true })).toHaveValue(`E2E模板${code}`);
    },
  });
  await expect(ui.row(pane, cfg)).toContainText(code);
  await ui.deleteRows(page, pane, [cfg]);

  await page.goto('/message-admin/template');
  pane = ui.activePane(page);
  await expect(pane.getByTestId('crud-page')).toBeVisible({ timeout: 30_000 });
  await ui.deleteRows(page, pane, [code]);
});

test('message log: compose to people chosen in the user picker', async ({ page }) => {
  const pane = await ui.openScreen(page, '/message-admin/log');
  const title = `E2E消息${ui.uid()}`;
  await pane.getByRole('button', { name: /发送消息/ }).click();
  const compose = ui.dialog(page);
  await compose.getByRole('button', { name: /选择人员/ }).click();
  const picker = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: '人员选择' }).last();
  await expect(picker).toBeVisible();
  for (const h of ['头像', '姓名', '部门', '岗位'])
    await expect(picker.getByRole('columnheader', { name: h })).toBeVisible();
  await picker
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await ui.expectMessage(page, '请选择至少一条数据');
  // the utility has dozens of staff: find the person by name, as one would
  await picker.getByPlaceholder('请输入姓名').fill('李明');
  await picker.getByRole('button', { name: /搜\s*索/ }).click();
  await picker.locator('tr.ant-table-row', { hasText: '李明' }).locator('.ant-checkbox-input').check();
  await picker
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(compose.locator('.ant-tag', { hasText: '李明' })).toBeVisible();
  await compose.getByLabel('标题', { exact: true }).fill(title);
  await compose.getByLabel('内容', { exact: true }).fill('请于今日 17:00 前完成巡检上报');
  await ui.footerButton(page, /发\s*送/).click();
  await ui.expectMessage(page, '发送成功');
  await expect(ui.row(pane, title)).toBeVisible();
  await ui.viewRow(page, pane, title, { 标题: title });
});
