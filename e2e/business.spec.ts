/**
 * Business forms (docs/lowcode.md "Business forms"), opened from 在线开发 as a user does: 业务分类 (add, a refused
 * delete, delete), 业务模型 (a missing table is refused, add on a real table, delete), and one flow: a category, a form
 * in it designed with one required field, a 业务设计 of it, then 业务办理 fills it in (the required message, a saved
 * record, its detail, its delete). The demo 投诉建议台账 shows the form's own pattern rule in 业务办理.
 */
import { expect, type Page, test } from '@playwright/test';
import * as ui from './admin-helpers';
import { openMenu, signIn } from './fixtures';

const uid = Date.now().toString(36).slice(-5);
const PARENTS = ['在线开发'];

async function open(page: Page, path: string, testId: string) {
  await openMenu(page, path, PARENTS);
  const screen = ui.activePane(page).getByTestId(testId);
  await expect(screen).toBeVisible();
  return screen;
}

/** 业务办理: chooses the business (a design) by name. */
async function chooseBusiness(page: Page, screen: ReturnType<Page['locator']>, name: string) {
  await screen.getByLabel('业务', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: name })
    .click();
}

test('业务分类: add a category, a category with forms is not deleted, delete the new one', async ({ page }) => {
  await signIn(page);
  const screen = await open(page, '/business/category', 'business-category-page');
  await expect(ui.row(screen, '热线服务')).toBeVisible();

  const name = `管网维修${uid}`;
  await ui.addRow(page, screen, {
    required: ['请输入分类名称', '请输入分类编码'],
    values: { 分类名称: name, 分类编码: `pipe_${uid}` },
  });
  await expect(ui.row(screen, name)).toContainText(`pipe_${uid}`);

  // the demo category holds the form 投诉建议登记
  await ui
    .row(screen, '热线服务')
    .first()
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await ui.confirmRemove(page);
  await ui.expectMessage(page, '分类下还有业务表单，不能删除');
  await expect(ui.row(screen, '热线服务')).toBeVisible();

  await ui.rowDelete(page, screen, name);
});

test('业务模型: a missing table is refused, a model on a real table is saved and deleted', async ({ page }) => {
  await signIn(page);
  const screen = await open(page, '/business/datamodel', 'business-model-page');
  const name = `水价模型${uid}`;

  await ui.toolbarButton(screen, /新\s*增/).click();
  await ui.save(page);
  await ui.expectFieldError(page, '请输入模型名称');
  await ui.expectFieldError(page, '请输入表名');
  await ui.fill(page, { 模型名称: name, 模型编码: `tariff_${uid}`, 表名: `no_such_${uid}` });
  await ui.save(page);
  await ui.expectMessage(page, `数据表不存在或没有字段: no_such_${uid}`);
  await ui.closeDialog(page);
  await expect(ui.row(screen, name)).toHaveCount(0);

  await ui.addRow(page, screen, { values: { 模型名称: name, 模型编码: `tariff_${uid}`, 表名: 'swp_water_tariff' } });
  await expect(ui.row(screen, name)).toContainText('swp_water_tariff');

  await ui.rowDelete(page, screen, name);
});

test('a category, a form designed in it, its 业务设计, then 业务办理 fills it in', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const category = `报装服务${uid}`;
  const formName = `报装申请${uid}`;
  const design = `报装台账${uid}`;

  // ---- 业务分类
  const categories = await open(page, '/business/category', 'business-category-page');
  await ui.addRow(page, categories, { values: { 分类名称: category, 分类编码: `install_${uid}` } });

  // ---- 业务表单: the form in that category, then one required input 申请人 in the designer
  const forms = await open(page, '/business/form', 'business-form-page');
  await ui.addRow(page, forms, {
    values: { 表单名称: formName, 表单编码: `install_${uid}` },
    extra: () => ui.chooseTree(page, '分类', category),
  });
  await ui
    .row(forms, formName)
    .getByRole('button', { name: /设\s*计/ })
    .click();
  const designer = ui.dialog(page);
  await designer.getByTestId('palette-input').click();
  const props = page.getByTestId('properties-panel');
  await props.getByLabel('控件标题', { exact: true }).fill('申请人');
  await props.getByRole('switch', { name: '是否必填' }).click();
  await designer.getByRole('button', { name: /保\s*存/ }).click();
  await ui.expectMessage(page, '更新成功');
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);

  // ---- 业务设计: a design of the form in the category's group
  const designs = await open(page, '/business/design', 'business-design-page');
  await ui.addRow(page, designs, {
    required: ['请输入设计名称', '请选择业务表单'],
    values: { 设计名称: design, 分组: category },
    selects: { 业务表单: formName },
  });
  await expect(ui.row(designs, design)).toContainText(category);

  // ---- 业务办理: the required rule, a saved record, its detail, its delete
  const handle = await open(page, '/business/handle', 'business-handle-page');
  await chooseBusiness(page, handle, design);
  await expect(handle.getByRole('columnheader', { name: '申请人' })).toBeVisible();
  await handle.getByRole('button', { name: /新\s*增/ }).click();
  const form = ui.dialog(page);
  await form.getByTestId('record-save').click();
  await ui.expectMessage(page, '请输入申请人');
  const applicant = `张工${uid}`;
  await form.getByLabel('申请人', { exact: true }).fill(applicant);
  await form.getByTestId('record-save').click();
  await ui.expectMessage(page, '新增成功');
  const record = ui.row(handle, applicant);
  await expect(record).toBeVisible();

  await record.getByRole('button', { name: /查\s*看/ }).click();
  await expect(ui.dialog(page).getByLabel('申请人', { exact: true })).toHaveValue(applicant);
  await expect(ui.dialog(page).getByLabel('申请人', { exact: true })).toBeDisabled();
  await ui.closeDialog(page);

  await record.getByRole('button', { name: /删\s*除/ }).click();
  await ui.confirmRemove(page);
  await ui.expectMessage(page, '删除成功');
  await expect(record).toHaveCount(0);
});

test('业务办理 of the demo 投诉建议台账: the phone pattern is enforced, a complaint is recorded', async ({ page }) => {
  await signIn(page);
  const handle = await open(page, '/business/handle', 'business-handle-page');
  await chooseBusiness(page, handle, '投诉建议台账');
  await expect(handle.getByRole('columnheader', { name: '来电号码' })).toBeVisible();

  await handle.getByRole('button', { name: /新\s*增/ }).click();
  const form = ui.dialog(page);
  const caller = `李女士${uid}`;
  await form.getByLabel('来电人', { exact: true }).fill(caller);
  await form.getByLabel('来电号码', { exact: true }).fill('12345');
  await ui.choose(page, '类型', '建议');
  await form.getByLabel('内容', { exact: true }).fill('建议增加夜间抄表通知');
  const date = form.getByLabel('来电日期', { exact: true });
  await date.click();
  await date.fill('2025-03-18');
  await date.press('Enter');
  await form.getByTestId('record-save').click();
  await ui.expectMessage(page, '手机号码格式不正确');

  await form.getByLabel('来电号码', { exact: true }).fill('13800138000');
  await form.getByTestId('record-save').click();
  await ui.expectMessage(page, '新增成功');
  await expect(ui.row(handle, caller)).toContainText('13800138000');
  await expect(ui.row(handle, caller)).toContainText('建议');
  await expect(ui.row(handle, caller)).toContainText('2025-03-18');
});
