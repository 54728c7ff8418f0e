/**
 * Helpers of the administration browser tests (CrudPage screens): open a screen, fill its dialog by label, find a
 * row, and the standard add / edit / view / delete steps with the exact messages of spec 1 §5.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { activePane, signIn } from './fixtures';

export { activePane, signIn };

/** Waits for the active tab's CrudPage to show (a screen's first load may be slow); resolves to the active pane. */
export async function crudPane(page: Page): Promise<Locator> {
  const pane = activePane(page);
  await expect(pane.getByTestId('crud-page').first()).toBeVisible({ timeout: 30_000 });
  return pane;
}

/**
 * Signs in as admin and opens a screen by its path (a fresh load of the path, through the route guard); resolves to
 * the active pane once its CrudPage shows.
 */
export async function openScreen(page: Page, path: string, account = 'admin'): Promise<Locator> {
  await signIn(page, account, account);
  await page.goto(path);
  return crudPane(page);
}

/** The parent and child tables of a dictionary screen (its path opened as in openScreen). */
export async function openDictionary(page: Page, path: string) {
  const pane = await openScreen(page, path);
  return { parent: pane.getByTestId('dict-parent'), child: pane.getByTestId('dict-child') };
}

/**
 * The steps both dictionary screens share: add a dictionary (its required texts first), rename it and view it, then
 * open its entries (字典配置) and add the first one (its required texts first).
 */
export async function dictionaryWithEntry(
  page: Page,
  { parent, child }: { parent: Locator; child: Locator },
  { code, name, renamed, entry, key }: { code: string; name: string; renamed: string; entry: string; key: string },
) {
  await addRow(page, parent, {
    required: ['请输入字典编号', '请输入字典名称'],
    values: { 字典编号: code, 字典名称: name },
  });
  await editRow(page, parent, code, { 字典名称: renamed });
  await expect(row(parent, code)).toContainText(renamed);
  await viewRow(page, parent, code, { 字典编号: code, 字典名称: renamed });

  await rowButton(parent, code, /字典配置/);
  await expect(child).toContainText(code);
  await addRow(page, child, {
    required: ['请输入字典名称', '请输入字典键值'],
    values: { 字典名称: entry, 字典键值: key },
  });
}

/** Opens a scope screen (data or API scopes per menu) at one menu's drawer; resolves to the drawer's table. */
export async function openMenuScopes(page: Page, path: string, menu: string, table: 'scope-data' | 'scope-api') {
  const pane = await openScreen(page, path);
  await search(pane, '菜单名称', menu);
  await rowButton(pane, menu, /权限配置/);
  return page.locator('.ant-drawer:visible').getByTestId(table);
}

export function dialog(page: Page): Locator {
  return page.locator('.ant-modal-wrap:visible .ant-modal').last();
}

/** The toast with this exact text. */
export async function expectMessage(page: Page, text: string) {
  await expect(page.locator('.ant-message').getByText(text, { exact: true }).first()).toBeVisible();
}

/** A validation text under a field of the open dialog. */
export async function expectFieldError(page: Page, text: string) {
  await expect(
    dialog(page).locator('.ant-form-item-explain-error').getByText(text, { exact: true }).first(),
  ).toBeVisible();
}

/** Fills text inputs of the open dialog by label. */
export async function fill(page: Page, values: Record<string, string>) {
  const d = dialog(page);
  for (const [label, value] of Object.entries(values)) {
    const field = d.getByLabel(label, { exact: true });
    await field.fill(value);
  }
}

/**
 * Picks an option of the open select dropdown (the first that holds the text). Every spec's dropdown locator skips
 * one still fading out (`…-leave` motion classes): the previous select's closing list holds the same options, and a
 * click on it lands on nothing (CI once picked varchar(255) for decimal, and waited ten minutes on a hidden option).
 */
export async function pickOption(page: Page, option: string | RegExp) {
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/** Picks a node of the open tree select dropdown (the first that holds the title; one fading out is skipped, as in pickOption). */
export async function pickTreeTitle(page: Page, title: string) {
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-tree-title', { hasText: title })
    .first()
    .click();
}

/** Fills a date input (e.g. of the open dialog) and closes its picker: the input shows the date. */
export async function fillDate(field: Locator, date: string) {
  await field.click();
  await field.fill(date);
  await field.press('Enter');
  await expect(field).toHaveValue(date);
}

/** Picks an option of a select in the open dialog by label. */
export async function choose(page: Page, label: string, option: string) {
  await dialog(page).getByLabel(label, { exact: true }).click();
  await pickOption(page, option);
}

/** A button of the open dialog's footer (确定, 取消, 发送, …). */
export function footerButton(page: Page, name: string | RegExp): Locator {
  return dialog(page).locator('.ant-modal-footer').getByRole('button', { name });
}

export async function save(page: Page) {
  const button = footerButton(page, /保\s*存|修\s*改/);
  // after a refused save antd may still be drawing the loading state: a click on a loading button is swallowed
  // (the save then never happens), and its spinner's label is part of the button's name while it shows
  await expect(button).not.toHaveClass(/ant-btn-loading/);
  await button.click();
}

/** Saves the open dialog: the toast `message` shows and the dialog closes. */
export async function saveAndClose(page: Page, message: string) {
  await save(page);
  await expectMessage(page, message);
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
}

/** Closes the view dialog with its footer button. */
export async function closeDialog(page: Page) {
  await footerButton(page, /关\s*闭|取\s*消/).click();
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
}

/** A button of the CrudPage's toolbar (新增, 删除, …), in the given CrudPage (the first toolbar of the scope). */
export function toolbarButton(scope: Locator, name: string | RegExp): Locator {
  return scope.locator('.crud-toolbar').first().getByRole('button', { name });
}

/** The table row containing the text, in the given CrudPage (default: the first of the active tab). */
export function row(scope: Locator, text: string): Locator {
  return scope.locator('tr.ant-table-row', { hasText: text });
}

/** Searches the CrudPage by a search field label. */
export async function search(scope: Locator, label: string, value: string) {
  const form = scope.getByTestId('crud-search').first();
  await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: /搜\s*索/ }).click();
}

/**
 * Searches the CrudPage by a select of its search form: opens the select by label, picks the option (`pick`: a tree
 * select's is pickTreeTitle), then 搜索.
 */
export async function searchBy(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
  pick: (page: Page, option: string) => Promise<void> = pickOption,
) {
  const form = scope.getByTestId('crud-search').first();
  await form.getByLabel(label, { exact: true }).click();
  await pick(page, option);
  await form.getByRole('button', { name: /搜\s*索/ }).click();
}

/** Deletes the rows containing the texts through the toolbar: warns when none is chosen, confirms, then 删除成功. */
export async function deleteRows(page: Page, scope: Locator, texts: string[]) {
  const toolbarDelete = toolbarButton(scope, /删\s*除/);
  for (const t of texts) await row(scope, t).locator('.ant-checkbox-input').first().check();
  await toolbarDelete.click();
  await confirmRemove(page);
  await expectMessage(page, '删除成功');
  for (const t of texts) await expect(row(scope, t)).toHaveCount(0);
}

/** Answers the delete confirmation '确定将选择数据删除?' with 确定; returns the confirmation box. */
export async function confirmRemove(page: Page): Promise<Locator> {
  const box = page.locator('.ant-modal-confirm', { hasText: '确定将选择数据删除?' });
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: /确\s*定/ }).click();
  return box;
}

/** The toolbar delete with nothing chosen warns 请选择至少一条数据 (or the screen's own text). */
export async function deleteNothing(page: Page, scope: Locator, text = '请选择至少一条数据') {
  await toolbarButton(scope, /删\s*除/).click();
  await expectMessage(page, text);
}

/** A unique suffix for the test's rows. */
export const uid = () => Date.now().toString(36).slice(-5);

/** Deletes one row with its own delete button (confirm, 删除成功, the row is gone). */
export async function rowDelete(page: Page, scope: Locator, text: string) {
  await row(scope, text)
    .first()
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await confirmRemove(page);
  await expectMessage(page, '删除成功');
  await expect(row(scope, text)).toHaveCount(0);
}

/** Opens a row's dialog with one of its buttons (编辑, 查看, …). */
export async function rowButton(scope: Locator, text: string, button: RegExp | string) {
  await row(scope, text).first().getByRole('button', { name: button }).click();
}

/** The standard add: open, check the required texts, fill, save, 新增成功. */
export async function addRow(
  page: Page,
  scope: Locator,
  opts: {
    required?: string[];
    values: Record<string, string>;
    selects?: Record<string, string>;
    extra?: () => Promise<void>;
  },
) {
  await toolbarButton(scope, /新\s*增/).click();
  await expect(dialog(page)).toBeVisible();
  // the form's fields are mounted (a save before that validates nothing)
  await expect(dialog(page).locator('.ant-form-item input, .ant-form-item textarea').first()).toBeVisible();
  if (opts.required?.length) {
    await save(page);
    for (const text of opts.required) await expectFieldError(page, text);
  }
  await fill(page, opts.values);
  for (const [label, option] of Object.entries(opts.selects ?? {})) await choose(page, label, option);
  await opts.extra?.();
  await saveAndClose(page, '新增成功');
}

/** The standard edit: open, change, save, 更新成功. */
export async function editRow(page: Page, scope: Locator, text: string, values: Record<string, string>) {
  await rowButton(scope, text, /编\s*辑/);
  await expect(dialog(page)).toBeVisible();
  // the detail arrives before the fields are filled
  await expect(dialog(page).locator('.ant-spin-spinning')).toHaveCount(0);
  await page.waitForTimeout(200);
  await fill(page, values);
  await saveAndClose(page, '更新成功');
}

/** The standard view: read-only fields showing the values, then close. */
export async function viewRow(page: Page, scope: Locator, text: string, expected: Record<string, string>) {
  await rowButton(scope, text, /查\s*看/);
  await expect(dialog(page)).toBeVisible();
  for (const [label, value] of Object.entries(expected)) {
    const field = dialog(page).getByLabel(label, { exact: true });
    await expect(field).toHaveValue(value);
    await expect(field).toBeDisabled();
  }
  await closeDialog(page);
}

/** Picks a node of a tree select in the open dialog by label (single or multiple). */
export async function chooseTree(page: Page, label: string, title: string) {
  const d = dialog(page);
  await d.getByLabel(label, { exact: true }).click();
  await pickTreeTitle(page, title);
  // a multiple select keeps its list open: a click on the dialog's title closes it (an Escape would close the dialog
  // itself once a single select's list is already gone, which it is at once when motion is reduced)
  await d.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The first node of a tree holding the title. */
export function treeNode(tree: Locator, title: string): Locator {
  return tree.locator('.ant-tree-treenode', { hasText: title }).first();
}

/**
 * Grants a menu in a row's tree dialog (opened with the row's button, the tree by its test id): ticks it, 确定,
 * 操作成功; opened again, the menu is ticked; 取消. `opened` checks the dialog the first time it opens.
 */
export async function grantMenu(
  page: Page,
  scope: Locator,
  opts: { row: string; button: RegExp; tree: string; menu: string; opened?: (tree: Locator) => Promise<void> },
) {
  const tree = () => dialog(page).getByTestId(opts.tree);
  await rowButton(scope, opts.row, opts.button);
  await opts.opened?.(tree());
  await treeNode(tree(), opts.menu).locator('.ant-tree-checkbox').click();
  await footerButton(page, /确\s*定/).click();
  await expectMessage(page, '操作成功');
  await rowButton(scope, opts.row, opts.button);
  await expect(treeNode(tree(), opts.menu).locator('.ant-tree-checkbox-checked')).toBeVisible();
  await footerButton(page, /取\s*消/).click();
}
