/**
 * 巡检 (patrol) and 人员定位 as the patrol office uses them, signed in as admin: the overview shows a year of
 * figures; a new plan is added (objects, route made from them), submitted and approved, and the scheduler makes its
 * task; a task is reassigned with a reason and the detail shows the hand-over; the location map shows the staff
 * and plays a person's trace.
 */
import { type Page, test } from '@playwright/test';
import { activePane, dialog, expectMessage, fillDate, footerButton, row, signIn, toolbarButton } from './admin-helpers';
import { apiHeaders, confirmOk, expect } from './fixtures';

test.describe.configure({ timeout: 180_000 });

async function open(page: Page, path: string, testId: string) {
  await signIn(page, 'admin', 'admin');
  await page.goto(path);
  await expect(activePane(page).getByTestId(testId)).toBeVisible({ timeout: 30_000 });
  return activePane(page);
}

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000);
  return d.toISOString().slice(0, 10);
};

test('overview: the index figures and charts of the last 30 days', async ({ page }) => {
  const pane = await open(page, '/patrol/overview', 'patrol-overview');
  const total = pane.getByTestId('figure-taskTotal');
  await expect(total).toBeVisible();
  await expect(async () =>
    expect(Number((await total.locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''))).toBeGreaterThan(
      100,
    ),
  ).toPass();
  const orders = Number(
    (await pane.getByTestId('figure-orderTotal').locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''),
  );
  expect(orders).toBeGreaterThan(0);
  // the charts drew (a canvas each), and the report list has a row per day
  await expect(pane.getByTestId('chart-orderTrend').locator('canvas')).toHaveCount(1);
  await expect(pane.getByTestId('chart-patrolAnalysis').locator('canvas')).toHaveCount(1);
  await pane.getByRole('tab', { name: '统计报表' }).click();
  await expect(pane.getByTestId('report-list').locator('tr.ant-table-row').first()).toBeVisible();
  // by month over the last year: fewer, bigger buckets
  await pane.locator('.ant-radio-button-wrapper', { hasText: '按月' }).click();
  await expect(pane.getByTestId('report-list').locator('tr.ant-table-row').first().locator('td').first()).toHaveText(
    /^\d{4}-\d{2}$/,
  );
});

test('plan: add with objects and a route, submit for audit, approve, and its task is made', async ({ page }) => {
  const pane = await open(page, '/patrol/plan', 'patrol-plan');
  const name = `望江路夜间巡检${Date.now().toString(36).slice(-4)}`;
  await toolbarButton(pane, /新\s*增/).click();
  const d = dialog(page);
  await expect(d.getByTestId('plan-map')).toBeVisible();
  await d.getByLabel('计划名称', { exact: true }).fill(name);
  await d.getByLabel('巡检类型', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '日常巡检' })
    .first()
    .click();
  await fillDate(dialog(page).getByLabel('开始日期', { exact: true }), day(0));
  await fillDate(dialog(page).getByLabel('结束日期', { exact: true }), day(30));
  const dept = d.getByLabel('巡检班组', { exact: true });
  await dept.click();
  await dept.fill('管网巡检一班');
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-tree-node-content-wrapper', {
      hasText: '管网巡检一班',
    })
    .first()
    .click();
  // issue 24 item 7: the staff picker lists the chosen team's people only
  const staff = d.getByLabel('巡检人员', { exact: true });
  await staff.click();
  await staff.fill('抢修');
  await expect(
    page.locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-empty'),
  ).toBeVisible();
  await staff.fill('班');
  const people = page.locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option');
  await expect(people.first()).toContainText('（管网巡检一班）');
  await expect(people.filter({ hasNotText: '（管网巡检一班）' })).toHaveCount(0);
  await staff.fill('');
  await staff.press('Escape');
  const objects = d.getByLabel('巡检对象', { exact: true });
  await objects.click();
  for (const code of ['JO1001', 'JO1002', 'JO1003']) {
    await objects.fill(code);
    await page
      .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: code })
      .first()
      .click();
  }
  await objects.press('Escape');
  await d.getByTestId('geometry-from-objects').click();
  await expect(d.getByTestId('geometry-points')).toHaveText('已设置 3 个点');
  await d.getByLabel('检查项', { exact: true }).fill('阀门井盖是否完好\n有无违章施工、占压');
  await footerButton(page, /保\s*存$/).click();
  await expectMessage(page, '新增成功');

  const r = row(pane, name);
  await expect(r).toContainText('草稿');
  await expect(r).toContainText('管网巡检一班');
  await r.getByTestId('plan-submit').click();
  await confirmOk(page);
  await expectMessage(page, '已提交审核');
  await expect(r).toContainText('待审核');

  await r.getByTestId('plan-audit').click();
  await page.getByTestId('audit-opinion').fill('路线合理，同意');
  await page.getByTestId('audit-approve').click();
  await expectMessage(page, '审核通过');
  await expect(r).toContainText('已通过');
  await expect(r).toContainText('路线合理，同意');

  // the scheduler (every minute in the jobs leader) turns the approved plan into today's task
  await page.goto('/patrol/task');
  const tasks = activePane(page);
  await expect(tasks.getByTestId('patrol-task')).toBeVisible({ timeout: 30_000 });
  await expect(async () => {
    await page.reload();
    await expect(tasks.getByTestId('patrol-task')).toBeVisible({ timeout: 30_000 });
    await tasks.getByTestId('crud-search').getByLabel('任务名称', { exact: true }).fill(name);
    await tasks
      .getByTestId('crud-search')
      .getByRole('button', { name: /搜\s*索/ })
      .click();
    await expect(row(tasks, `${name} ${day(0)}`)).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 100_000, intervals: [10_000] });
  await expect(row(tasks, name)).toContainText('0/3');
});

test('task: reassign a pending task with a reason; the detail shows the hand-over', async ({ page }) => {
  const pane = await open(page, '/patrol/task', 'patrol-task');
  await pane.getByTestId('task-state').getByText('待执行').click();
  // a route task: one assignee
  const first = pane.locator('tr.ant-table-row').filter({ hasNotText: ',' }).first();
  await expect(first).toContainText('待执行');
  const before = (await first.locator('td').nth(4).innerText()).trim();
  const taskName = (await first.locator('td').nth(1).innerText()).trim();
  await first.getByRole('button', { name: /任务转派/ }).click();
  const d = dialog(page);
  await d.getByTestId('reassign-ok').click();
  await expect(d.getByText('请选择转派人员')).toBeVisible();
  await expect(d.getByText('请填写转派原因')).toBeVisible();
  await d.getByLabel('转派给').click();
  const option = page.locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option').first();
  const target = (await option.innerText()).split('（')[0].trim();
  await option.click();
  await d.getByTestId('reassign-reason').fill('原执行人病假');
  await d.getByTestId('reassign-ok').click();
  await expectMessage(page, '转派成功');
  const again = row(pane, taskName).first();
  await expect(again).not.toContainText(before);
  await expect(again).toContainText(target);
  expect(target).not.toBe(before);

  await again.getByRole('button', { name: /详\s*情/ }).click();
  const detail = page.getByTestId('task-detail');
  await expect(detail.getByTestId('task-users')).toHaveText(target);
  const assignments = detail.getByTestId('task-assignments');
  await expect(assignments).toContainText('原执行人病假');
  await expect(assignments).toContainText(before);
  await expect(detail.getByTestId('task-objects').locator('tr.ant-table-row').first()).toBeVisible();
});

test('location: the map shows the staff with counts; a trace plays back', async ({ page }) => {
  const pane = await open(page, '/patrol/location', 'patrol-location');
  await expect(pane.getByTestId('location-map').locator('canvas').first()).toBeVisible();
  await expect(async () => {
    const n = Number(/\d+/.exec(await pane.getByTestId('on-map').innerText())?.[0] ?? 0);
    expect(n).toBeGreaterThan(10);
  }).toPass();
  await expect(pane.getByTestId('dept-counts')).toContainText('管网巡检一班');
  await expect(pane.getByTestId('live-state')).toHaveText(/实时推送|每 10 秒刷新/);
  // a patrol person of the first team whom no field-app test signs in as (those report positions of now, so
  // before 08:00 their day holds only those few seconds): their simulated walk of the day
  const res = await page.request.get('/api/blade-user/page', {
    headers: await apiHeaders(page),
    params: { account: 'xj108', size: '1' },
  });
  const walker: string = (await res.json()).data.records[0].realName;
  await pane.getByTestId('dept-counts').locator('tr', { hasText: '管网巡检一班' }).click();
  await pane.getByTestId('location-people').getByPlaceholder('按姓名搜索').fill(walker);
  await pane.getByTestId('location-people').getByPlaceholder('按姓名搜索').press('Enter');
  const person = pane.getByTestId('person-item').filter({ hasText: walker });
  await expect(pane.getByTestId('person-item')).toHaveCount(1);
  await person.click();
  const trace = pane.getByTestId('trace-panel');
  await expect(trace).toBeVisible();
  const info = trace.getByTestId('trace-info');
  await expect(info).toContainText('个点');
  const clock = trace.getByRole('slider');
  const start = Number(await clock.getAttribute('aria-valuenow'));
  const startText = await info.innerText();
  await trace.getByTestId('trace-play').click();
  await expect(trace.getByTestId('trace-play')).toContainText('暂停');
  // the clock runs (60 s of trace per second) and the time shown follows it
  await expect(async () => expect(Number(await clock.getAttribute('aria-valuenow'))).toBeGreaterThan(start)).toPass({
    timeout: 10_000,
  });
  await expect(info).not.toHaveText(startText);
});
