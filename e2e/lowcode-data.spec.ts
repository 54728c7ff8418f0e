/**
 * Data services (spec 2 §7): 数据连接 — add a PostgreSQL connection to the machine's database, test it (the
 * server connects and answers with the version), browse its tables, a table's fields and a preview of its rows,
 * delete it; 数据备份 — make a backup and see it finish; 数据接口 — add static data, call it, delete it.
 */
import { activePane, dialog, expectMessage, footerButton } from './admin-helpers';
import { expect, openMenu, openMenuScreen, signIn, test } from './fixtures';

test.describe.configure({ timeout: 180_000 });

const uid = Date.now().toString(36).slice(-5);
const NAME = `本机库${uid}`;

test('数据连接: add, test, browse tables, delete; 数据备份: make a backup', async ({ page }) => {
  await signIn(page);
  await openMenu(page, '/dataservice/datasource', ['数据服务']);
  const pane = activePane(page);
  const list = pane.getByTestId('data-source-page');
  await expect(list).toBeVisible({ timeout: 30_000 });

  // add: PostgreSQL on 127.0.0.1:5432, database postgres, user postgres, no password; the catalogue schema has tables
  await list.getByRole('button', { name: /新\s*增/ }).click();
  const d = dialog(page);
  await expect(d.getByLabel('端口', { exact: true })).toHaveValue('5432');
  await d.getByLabel('连接名称', { exact: true }).fill(NAME);
  await d.getByLabel('主机地址', { exact: true }).fill('127.0.0.1');
  await d.getByLabel('数据库名', { exact: true }).fill('postgres');
  await d.getByLabel('模式', { exact: true }).fill('pg_catalog');
  await d.getByLabel('用户名', { exact: true }).fill('postgres');
  await d.getByRole('button', { name: /测试连接/ }).click();
  await expect(d.getByTestId('ds-test-result')).toContainText(/连接成功: PostgreSQL \d+/, { timeout: 15_000 });
  await footerButton(page, /保\s*存/).click();
  await expectMessage(page, '新增成功');
  const row = list.locator('tr.ant-table-row', { hasText: NAME });
  await expect(row).toContainText('127.0.0.1');

  // test the saved connection from its row
  await row.getByRole('button', { name: /测试连接/ }).click();
  await expect(
    page
      .locator('.ant-message')
      .getByText(/连接成功: PostgreSQL \d+/)
      .first(),
  ).toBeVisible();

  // its tables, a table's fields and a preview of its rows
  await row.getByRole('button', { name: /数据表/ }).click();
  const drawer = page.getByRole('dialog', { name: `${NAME} 的数据表` });
  const find = drawer.getByPlaceholder('表名或说明');
  await find.fill('pg_database');
  await find.press('Enter');
  await expect(drawer.getByTestId('ds-tables').locator('tr.ant-table-row')).toHaveCount(1);
  await drawer.getByTestId('ds-tables').getByText('pg_database', { exact: true }).click();
  const detail = drawer.getByTestId('ds-table-detail');
  await expect(detail.getByTestId('ds-fields').getByText('datname', { exact: true })).toBeVisible();
  await detail.getByRole('tab', { name: '数据预览' }).click();
  await expect(detail.getByTestId('ds-preview').getByText('postgres', { exact: true }).first()).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // delete after the confirmation
  await row.getByRole('button', { name: /删\s*除/ }).click();
  const confirm = page.locator('.ant-modal-confirm', { hasText: '确定将选择数据删除?' });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expectMessage(page, '删除成功');
  await expect(row).toHaveCount(0);

  // 数据备份: make one and see it finish
  const backups = await openMenuScreen(page, '/dataservice/databackup', ['数据服务'], 'data-backup-page');
  const before = await backups.locator('tr.ant-table-row').count();
  await backups.getByTestId('backup-make').click();
  const ask = dialog(page);
  await ask.getByLabel('说明', { exact: true }).fill(`e2e ${uid}`);
  await ask.getByRole('button', { name: /开始备份/ }).click();
  await expectMessage(page, '备份已开始');
  const made = backups.locator('tr.ant-table-row', { hasText: `e2e ${uid}` });
  await expect(made).toBeVisible();
  await expect(backups.locator('tr.ant-table-row')).toHaveCount(before + 1);
  await expect(made).toContainText('备份中');
  // the embedded database holds every table of the seed: the dump takes a few seconds
  await expect(made).toContainText('已完成', { timeout: 90_000 });
  await expectMessage(page, '备份成功');
  await expect(made.getByRole('button', { name: /下\s*载/ })).toBeEnabled();
});

test('数据接口: add a static-data interface, call it, see the answer, delete it', async ({ page }) => {
  const IFACE = `故障类型${uid}`;
  await signIn(page);
  const list = await openMenuScreen(page, '/dataservice/interface', ['数据服务'], 'data-interface-page');

  await list.getByRole('button', { name: /新\s*增/ }).click();
  const d = dialog(page);
  await d.getByLabel('接口名称', { exact: true }).fill(IFACE);
  await d.getByLabel('接口编码', { exact: true }).fill(`e2e_faults_${uid}`);
  await d.getByText('静态数据', { exact: true }).click();
  await d.getByRole('textbox', { name: '静态数据' }).fill('[{"id": "1", "fullName": "阀门漏水"}]');
  await footerButton(page, /保\s*存/).click();
  await expectMessage(page, '新增成功');
  const row = list.locator('tr.ant-table-row', { hasText: IFACE });
  await expect(row).toContainText('静态数据');

  // call it as its users do and see what it answers
  await row.getByRole('button', { name: /调\s*用/ }).click();
  const call = page.getByRole('dialog', { name: `调用接口: ${IFACE}` });
  await call.getByRole('button', { name: /调\s*用/ }).click();
  await expect(call.getByTestId('di-response')).toContainText('返回 1 行');
  await expect(call.getByTestId('di-response').getByText('阀门漏水', { exact: true })).toBeVisible();
  await call.locator('.ant-modal-close').click();
  await expect(call).toBeHidden();

  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-modal-confirm', { hasText: '确定将选择数据删除?' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expectMessage(page, '删除成功');
  await expect(row).toHaveCount(0);
});
