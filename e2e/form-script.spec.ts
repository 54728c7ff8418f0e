/**
 * Form scripts (spec 1 §2.12 custom-script editor): an administrator writes a script for the parameters screen in
 * the menu screen's script editor; the parameters' add dialog then runs it: beforeMount prefills a value and
 * beforeSubmit stops a save with the script's message. The script is cleared again at the end.
 */
import { type Locator, type Page, test } from '@playwright/test';
import { crudPane, dialog, expectMessage, fill, openScreen, row, save, search, uid } from './admin-helpers';
import { expect } from './fixtures';

test.describe.configure({ timeout: 240_000 });

const SCRIPT = `({
  beforeMount(data, ctx) {
    if (ctx.mode === 'add') data.paramValue = 'from-script';
  },
  beforeSubmit(data) {
    if (String(data.paramKey).startsWith('tmp.')) return '参数键名不能以 tmp. 开头';
    return true;
  },
})`;

async function editParamMenuScript(page: Page, write: (editor: Locator, scriptDialog: Locator) => Promise<void>) {
  await page.goto('/system/menu');
  const pane = await crudPane(page);
  await search(pane, '菜单编号', 'param');
  await row(pane, '/system/param')
    .getByRole('button', { name: /编\s*辑/ })
    .first()
    .click();
  const field = dialog(page).getByTestId('form-script-field');
  await field.getByRole('button', { name: /编辑脚本/ }).click();
  const scriptDialog = page.locator('.ant-modal-wrap:visible .ant-modal').last();
  await expect(scriptDialog).toContainText('beforeMount');
  const editor = scriptDialog.getByLabel('脚本编辑');
  await write(editor, scriptDialog);
  await scriptDialog.getByRole('button', { name: /确\s*定/ }).click();
  return field;
}

test('form scripts: written in the menu screen, run by the screen’s add dialog', async ({ page }) => {
  await openScreen(page, '/system/param');

  // write the script: the editor inserts the default template, then our hooks replace it
  let field = await editParamMenuScript(page, async (editor, scriptDialog) => {
    await scriptDialog.getByRole('button', { name: /插入默认脚本/ }).click();
    await expect(editor).toHaveValue(/afterSubmit/);
    await editor.fill(SCRIPT);
  });
  await expect(field).toContainText('beforeMount');
  await expect(field).toContainText('beforeSubmit');
  await save(page);
  await expectMessage(page, '更新成功');

  // the menus are read at sign-in and on a reload
  await page.goto('/system/param');
  const pane = await crudPane(page);
  await pane.getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page).getByLabel('参数键值', { exact: true })).toHaveValue('from-script');

  const key = `e2e.script.${uid()}`;
  await fill(page, { 参数名称: '脚本参数', 参数键名: `tmp.${key}` });
  await save(page);
  await expectMessage(page, '参数键名不能以 tmp. 开头');
  await expect(dialog(page)).toBeVisible();
  await fill(page, { 参数键名: key });
  await save(page);
  await expectMessage(page, '新增成功');
  await expect(row(pane, key)).toContainText('from-script');

  // clear it again: the field says so, and the add dialog is plain once more
  field = await editParamMenuScript(page, async (editor, scriptDialog) => {
    await scriptDialog.getByRole('button', { name: /清\s*空/ }).click();
    await expect(editor).toHaveValue('');
  });
  await expect(field).toContainText('未设置');
  await save(page);
  await expectMessage(page, '更新成功');
  await page.goto('/system/param');
  await (await crudPane(page)).getByRole('button', { name: /新\s*增/ }).click();
  await expect(dialog(page).getByLabel('参数键值', { exact: true })).toHaveValue('');
});
