/**
 * More screens of the administrator's menu, walked as their users do:
 * - 数据服务 › 数据建模: browse a table of the own database and its fields; new table in a connection (MariaDB on
 *   the machine, database `test`); 数据同步: copy the own database's water tariffs into it and see the report;
 *   报表管理: run the demo report and see its rows.
 * - the demo low-code modules 报修受理 › 用户报修登记 and 档案管理 › 水表档案 (`/dynamic?id=…`): validation,
 *   add, find by search, edit, delete after the confirmation.
 * - 巡检管理 › 作业对象 (add with validation, find, edit, delete) and 考核指标 (the weights must add up to 100, a rule
 *   saved, the scoring pages).
 */
import type { Locator, Page } from '@playwright/test';
import * as ui from './admin-helpers';
import { activePane, expect, openMenu, openMenuScreen, openModule, signIn, test } from './fixtures';

const uid = ui.uid();

/** Deletes a row with its own 删除 button: the confirmation answered (and gone), 删除成功, the row is gone. */
async function removeRow(page: Page, row: Locator) {
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await expect(await ui.confirmRemove(page)).toBeHidden();
  await ui.expectMessage(page, '删除成功');
  await expect(row).toHaveCount(0);
}

/** Finds a record of a low-code list by one of its search fields: the list then holds that record alone. */
async function findRecord(list: Locator, label: string, value: string, record: Locator) {
  const search = list.getByTestId('dynamic-search');
  await search.getByLabel(label, { exact: true }).fill(value);
  await search.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(record).toBeVisible();
}

/** Saves the low-code record form `form`: the toast `message` shows. */
async function saveRecord(page: Page, form: Locator, message: string) {
  await form.getByTestId('record-save').click();
  await ui.expectMessage(page, message);
}

/** Saves the new record of `form` (新增成功), the form closes; the row of `list` that holds `key`. */
async function saveNew(page: Page, form: Locator, list: Locator, key: string) {
  await saveRecord(page, form, '新增成功');
  await expect(form).toBeHidden();
  return list.locator('tr.ant-table-row', { hasText: key });
}

/** Opens `record`'s edit form `form`, which shows `value` in the field `label`. */
async function openEdit(record: Locator, form: Locator, label: string, value: string) {
  await record.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);
}

test.describe
  .serial('数据建模 and 数据同步 into a connection', () => {
    const CONN = `同步目标${uid}`;
    const TABLE = `tariff_${uid}`;

    test('数据建模: browse the own database, create a table in a connection and see its fields', async ({ page }) => {
      await signIn(page);
      // the connection the table goes into: MariaDB on this machine (as CI has it), database test, root without a password
      const sources = await openMenuScreen(page, '/dataservice/datasource', ['数据服务'], 'data-source-page');
      await sources.getByRole('button', { name: /新\s*增/ }).click();
      const d = ui.dialog(page);
      await d.getByLabel('数据库类型', { exact: true }).click();
      await ui.pickOption(page, 'MySQL (MariaDB)');
      await expect(d.getByLabel('端口', { exact: true })).toHaveValue('3306');
      await d.getByLabel('连接名称', { exact: true }).fill(CONN);
      await d.getByLabel('主机地址', { exact: true }).fill('127.0.0.1');
      await d.getByLabel('数据库名', { exact: true }).fill('test');
      await d.getByLabel('用户名', { exact: true }).fill('root');
      await ui.footerButton(page, /保\s*存/).click();
      await ui.expectMessage(page, '新增成功');

      const model = await openMenuScreen(page, '/dataservice/datamodel', ['数据服务'], 'data-model-page');
      // the own database comes first; its tables are the system's, no 新建表 there
      await expect(model.getByLabel('数据连接', { exact: true }).locator('..').locator('..')).toContainText(
        '本系统数据库',
      );
      await expect(model.getByRole('button', { name: /新建表/ })).toBeDisabled();
      const find = model.getByPlaceholder('表名或说明');
      await find.fill('swp_water_tariff');
      await find.press('Enter');
      const tables = model.getByTestId('ds-tables');
      await expect(tables.locator('tr.ant-table-row')).toHaveCount(1);
      await tables.getByText('swp_water_tariff', { exact: true }).click();
      const fields = model.getByTestId('ds-fields');
      await expect(fields.locator('tr.ant-table-row', { hasText: 'total_price' })).toContainText('numeric');

      // the new connection: 新建表 with four columns
      await model.getByLabel('数据连接', { exact: true }).click();
      await ui.pickOption(page, CONN);
      await model.getByRole('button', { name: /新建表/ }).click();
      const create = page.getByRole('dialog', { name: `在 ${CONN} 中新建表` });
      await create.getByRole('button', { name: /保\s*存/ }).click();
      await expect(create.getByText('请输入表名', { exact: true })).toBeVisible();
      await create.getByLabel('表名', { exact: true }).fill(TABLE);
      const cols: [string, string][] = [
        ['category', 'int'],
        ['tier', 'int'],
        ['total_price', 'decimal'],
      ];
      for (const [i, [name, type]] of cols.entries()) {
        await create.getByRole('button', { name: /添加字段/ }).click();
        await create
          .getByLabel('字段名', { exact: true })
          .nth(i + 1)
          .fill(name);
        await create
          .getByLabel('类型', { exact: true })
          .nth(i + 1)
          .click();
        await page
          .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option')
          .getByText(type, { exact: true })
          .click();
      }
      await create.getByRole('button', { name: /保\s*存/ }).click();
      await ui.expectMessage(page, '新建成功');
      await expect(create).toBeHidden();
      await find.fill(TABLE);
      await find.press('Enter');
      await expect(tables.locator('tr.ant-table-row')).toHaveCount(1);
      await tables.getByText(TABLE, { exact: true }).click();
      await expect(fields.locator('tr.ant-table-row')).toHaveCount(4);
      await expect(fields.locator('tr.ant-table-row', { hasText: 'total_price' })).toContainText('decimal');
    });

    test('数据同步: copy the water tariffs into the new table, again after emptying it, see the reports', async ({
      page,
    }) => {
      await signIn(page);
      const sync = await openMenuScreen(page, '/dataservice/datasync', ['数据服务'], 'data-sync-page');
      const start = sync.getByRole('button', { name: /开始同步/ });
      await start.click();
      await expect(sync.getByText('请选择源数据连接', { exact: true })).toBeVisible();
      await expect(sync.getByText('请选择目标数据连接', { exact: true })).toBeVisible();

      await sync.getByLabel('源数据连接', { exact: true }).click();
      await ui.pickOption(page, '本系统数据库');
      await sync.getByLabel('数据表', { exact: true }).fill('swp_water_tar');
      await ui.pickOption(page, /^swp_water_tariff( |$)/);
      await sync.getByLabel('目标数据连接', { exact: true }).click();
      await ui.pickOption(page, CONN);
      await sync.getByLabel('目标表名', { exact: true }).fill(TABLE);
      await ui.pickOption(page, TABLE);
      await start.click();
      const result = sync.getByTestId('sync-result');
      await expect(result.locator('.ant-alert-success')).toBeVisible({ timeout: 30_000 });
      const report = result.getByTestId('sync-report');
      const total = report.locator('.ant-descriptions-item-label', { hasText: '源表行数' }).locator('+ td');
      const copied = report.locator('.ant-descriptions-item-label', { hasText: '已复制行数' }).locator('+ td');
      await expect(total).toHaveText(/^\d+$/);
      const n = await total.innerText();
      expect(Number(n)).toBeGreaterThan(0);
      await expect(copied).toHaveText(n);
      const columns = report.locator('.ant-descriptions-item-label', { hasText: '同步字段' }).locator('+ td');
      for (const c of ['id', 'category', 'tier', 'total_price'])
        await expect(columns.getByText(c, { exact: true })).toBeVisible();
      const skipped = report.locator('.ant-descriptions-item-label', { hasText: '跳过字段' }).locator('+ td');
      await expect(skipped.getByText('tenant_id', { exact: true })).toBeVisible();

      // again, emptying the target first (asked before it runs): the same rows, no duplicate keys
      await sync.getByLabel('先清空目标表', { exact: true }).check();
      await start.click();
      const ask = page.locator('.ant-modal-confirm', { hasText: `同步前将清空目标表 ${TABLE} 的全部数据, 确定继续?` });
      await ask.getByRole('button', { name: /确\s*定/ }).click();
      await expect(result.locator('.ant-alert-success')).toBeVisible({ timeout: 30_000 });
      await expect(copied).toHaveText(n);

      // the table is no longer needed: 数据建模 drops it after asking
      const model = await openMenuScreen(page, '/dataservice/datamodel', ['数据服务'], 'data-model-page');
      await model.getByLabel('数据连接', { exact: true }).click();
      await ui.pickOption(page, CONN);
      const find = model.getByPlaceholder('表名或说明');
      await find.fill(TABLE);
      await find.press('Enter');
      const tables = model.getByTestId('ds-tables');
      await tables.getByText(TABLE, { exact: true }).click();
      await model.getByRole('button', { name: /删除表/ }).click();
      const really = page.locator('.ant-modal-confirm', { hasText: `删除数据表 ${TABLE}?` });
      await really.getByRole('button', { name: /确\s*定/ }).click();
      await ui.expectMessage(page, '删除成功');
      await expect(tables.locator('tr.ant-table-row')).toHaveCount(0);
      await expect(model.getByTestId('ds-table-detail')).toContainText('请在左侧选择数据表');

      // the connection is no longer needed: delete it
      await openMenu(page, '/dataservice/datasource', ['数据服务']);
      const sources = activePane(page).getByTestId('data-source-page');
      const row = sources.locator('tr.ant-table-row', { hasText: CONN });
      await removeRow(page, row);
    });
  });

test('报表管理: run the demo report with its parameter and see its rows', async ({ page }) => {
  await signIn(page);
  const reports = await openMenuScreen(page, '/report/rest', ['数据服务'], 'report-page');
  const row = reports.locator('tr.ant-table-row', { hasText: '居民阶梯水价表' });
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const view = page.getByRole('dialog', { name: '居民阶梯水价表' });
  await expect(view.getByText('填写参数后点击 调用, 查看接口返回的数据')).toBeVisible();
  await view.getByRole('button', { name: /查\s*询/ }).click();
  // residential water (category 1, the default): three tiers of the 2024 price list
  const table = view.locator('.ant-table');
  await expect(table.locator('.ant-table-footer')).toHaveText('共 3 行');
  await expect(table.locator('thead')).toContainText('totalPrice');
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText('2024-01-01');
  // non-residential water: one row
  await view.getByLabel('用水类别 (category)', { exact: true }).fill('2');
  await view.getByRole('button', { name: /查\s*询/ }).click();
  await expect(table.locator('.ant-table-footer')).toHaveText('共 1 行');
});

test('用户报修登记: validation, add, find by search, edit, delete with confirmation', async ({ page }) => {
  const who = `报修人${uid}`;
  await signIn(page);
  const list = await openModule(page, '报修受理', '用户报修登记');
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const form = ui.dialog(page);
  await expect(form.getByLabel('报修人', { exact: true })).toBeVisible();
  await form.getByLabel('报修人', { exact: true }).fill(who);
  await form.getByLabel('联系电话', { exact: true }).fill('1234567');
  await form.getByTestId('record-save').click();
  await expect(form.getByText('手机号码格式不正确', { exact: true }).first()).toBeVisible();
  await form.getByLabel('联系电话', { exact: true }).fill('13912340000');
  await form.getByLabel('报修地址', { exact: true }).fill('合肥市蜀山区黄山路 100 号');
  await form.getByLabel('故障类型', { exact: true }).click();
  await ui.pickOption(page, '管道漏水');
  await ui.fillDate(form.getByLabel('报修日期', { exact: true }), '2026-12-01');
  const record = await saveNew(page, form, list, who);
  await expect(record).toContainText('管道漏水');
  await expect(record).toContainText('待派单');

  // find it by the caller's name
  await findRecord(list, '报修人', who, record);

  // edit: it is being handled now
  await openEdit(record, form, '报修人', who);
  await form.getByLabel('处理状态', { exact: true }).click();
  await ui.pickOption(page, '处理中');
  await saveRecord(page, form, '更新成功');
  await expect(record).toContainText('处理中');

  // delete after the confirmation
  await removeRow(page, record);
  await expect(list.locator('.ant-empty-description')).toHaveText('暂无数据');
});

test('水表档案: validation, add with the usage calculated, find by search, edit, delete with confirmation', async ({
  page,
}) => {
  const meterNo = `SWE2E${uid.toUpperCase()}`;
  await signIn(page);
  const list = await openModule(page, '档案管理', '水表档案');
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const form = ui.dialog(page);
  const no = form.getByLabel('表号', { exact: true });
  await no.fill('sw-1');
  await form.getByTestId('record-save').click();
  await expect(form.getByText('表号为6到20位大写字母或数字', { exact: true }).first()).toBeVisible();
  await no.fill(meterNo);
  await form.getByLabel('用户编号', { exact: true }).fill(`HF${uid}`);
  await form.getByLabel('用户名称', { exact: true }).fill(`用户${uid}`);
  await form.getByLabel('安装地址', { exact: true }).fill('合肥市包河区徽州大道 2000 号');
  await form.getByLabel('口径(mm)', { exact: true }).click();
  await ui.pickOption(page, 'DN20');
  await form.getByRole('radio', { name: '远传表' }).check();
  await ui.fillDate(form.getByLabel('安装日期', { exact: true }), '2026-06-01');
  await form.getByLabel('初始读数(m³)', { exact: true }).fill('10');
  await form.getByLabel('最近读数(m³)', { exact: true }).fill('35.5');
  const record = await saveNew(page, form, list, meterNo);
  await expect(record).toContainText('远传表');
  await expect(record).toContainText('25.5');

  // find it by its number
  await findRecord(list, '表号', meterNo, record);

  // edit: a new reading, the usage follows
  await openEdit(record, form, '表号', meterNo);
  await form.getByLabel('最近读数(m³)', { exact: true }).fill('60');
  await saveRecord(page, form, '更新成功');
  await expect(record).toContainText('50');

  await removeRow(page, record);
});

test('作业对象: validation, add, find, edit, delete with confirmation', async ({ page }) => {
  const code = `E2E${uid}`;
  const name = `望江路阀门${uid}`;
  await signIn(page);
  await openMenu(page, '/patrol/jobObject', ['巡检管理']);
  const pane = activePane(page).getByTestId('patrol-job-object');
  await expect(pane.getByTestId('crud-page')).toBeVisible({ timeout: 30_000 });
  await ui.toolbarButton(pane, /新\s*增/).click();
  const d = ui.dialog(page);
  await expect(d.getByLabel('对象编号', { exact: true })).toBeVisible();
  // the footer's primary button: 保 存 (add) or 修 改 (edit); wait out the loading of a refused save
  const save = async () => {
    const button = d.locator('.ant-modal-footer .ant-btn-primary');
    await expect(button).not.toHaveClass(/ant-btn-loading/);
    await button.click();
  };
  await save();
  for (const text of ['请输入对象编号', '请输入对象名称', '请选择设施类型']) await ui.expectFieldError(page, text);
  await expect(d.locator('.ant-form-item-explain-error', { hasText: '请在地图上选择对象位置' }).first()).toBeVisible();

  // an existing number is refused by the server
  await d.getByLabel('对象编号', { exact: true }).fill('JO1001');
  await d.getByLabel('对象名称', { exact: true }).fill(name);
  await d.getByLabel('设施类型', { exact: true }).click();
  await ui.pickOption(page, '阀门');
  await d.getByLabel('地址', { exact: true }).fill('合肥市望江西路 66 号');
  await d.getByLabel('X 坐标(米)', { exact: true }).fill('512345.67');
  await d.getByLabel('Y 坐标(米)', { exact: true }).fill('3523456.78');
  await save();
  await ui.expectMessage(page, '对象编号已存在');
  await d.getByLabel('对象编号', { exact: true }).fill(code);
  await save();
  await ui.expectMessage(page, '新增成功');
  await expect(d).toBeHidden();

  // find it by number
  const searchForm = pane.getByTestId('crud-search').first();
  await searchForm.getByLabel('编号/名称', { exact: true }).fill(code);
  await searchForm.getByRole('button', { name: /搜\s*索/ }).click();
  const row = pane.locator('tr.ant-table-row', { hasText: code });
  await expect(pane.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText('阀门');
  // the longitude / latitude came from the coordinates
  await expect(row).toContainText(/117\.\d{6}/);
  await expect(row).toContainText(/31\.\d{6}/);

  // edit the name
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(d.getByLabel('对象编号', { exact: true })).toHaveValue(code);
  await d.getByLabel('对象名称', { exact: true }).fill(`${name}改`);
  await save();
  await ui.expectMessage(page, '更新成功');
  await expect(row).toContainText(`${name}改`);

  await removeRow(page, row);
});

test('考核指标: weights must add up to 100, a rule saved, the scoring pages', async ({ page }) => {
  await signIn(page);
  const pane = await openMenuScreen(page, '/patrol/accessRule', ['巡检管理'], 'patrol-access-rule');
  const rules = pane.getByTestId('rule-panel');
  await expect(rules.locator('tr.ant-table-row')).toHaveCount(3);
  await expect(rules.getByTestId('weight-sum')).toHaveText('100');

  // a weight that breaks the total is refused
  const weight = rules.getByLabel('隐患发现率 权重', { exact: true });
  const original = await weight.inputValue();
  await weight.fill(String(Number(original) + 5));
  await expect(rules.getByTestId('weight-sum')).toHaveText('105');
  await expect(rules.locator('.ant-alert')).toContainText('各项指标权重之和应为 100，当前为 105');
  await rules.getByTestId('rule-save').click();
  await ui.expectMessage(page, '各项指标权重之和应为 100，当前为 105');

  // back to the total of 100, a new description saved
  await weight.fill(original);
  await expect(rules.getByTestId('weight-sum')).toHaveText('100');
  const note = `每百个任务上报隐患数 ${uid}`;
  await rules.getByLabel('隐患发现率 说明', { exact: true }).fill(note);
  await rules.getByTestId('rule-save').click();
  await ui.expectMessage(page, '考核指标已保存');
  await expect(rules.getByTestId('rule-save')).toBeDisabled();
  await page.reload();
  await expect(activePane(page).getByLabel('隐患发现率 说明', { exact: true })).toHaveValue(note);

  // the scoring: per task and per person (ranked), over the last 30 days
  const again = activePane(page).getByTestId('patrol-access-rule');
  await again.getByRole('tab', { name: '任务考核' }).click();
  const byTask = again.getByTestId('score-task');
  await expect(byTask.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(byTask.locator('.ant-pagination-total-text')).toHaveText(/共 \d+ 条/);
  await again.getByRole('tab', { name: '人员考核' }).click();
  const byPerson = again.getByTestId('score-person');
  const first = byPerson.locator('tr.ant-table-row').first();
  await expect(first.locator('td').first()).toHaveText('1');
  const person = await first.locator('td').nth(1).innerText();
  await byPerson.getByPlaceholder('姓名').fill(person);
  await byPerson.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(byPerson.locator('tr.ant-table-row', { hasText: person }).first()).toBeVisible();
});
