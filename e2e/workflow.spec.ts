/**
 * Workflow, as people walk it: the administrator creates a model, opens it in the designer, imports a BPMN file,
 * is stopped by the validation (a user task without anyone to do it), gives the task its candidate in the
 * properties panel with the user picker, deploys; starts the process from the start list, copying 张伟; 李明
 * (operator) claims the repair task from his claim list, approves it from the task detail and finds the instance
 * in his done list. The administrator, who accepts the work, rolls it back to the repair with a reason; 李明 finds
 * the repair in his to-do again; 张伟 finds the process in his copy list; after the second round it ends, with
 * both tasks marked finished in the diagram.
 */
import type { Page } from '@playwright/test';
import { expectMessage, fill, save, toolbarButton } from './admin-helpers';
import { activePane, confirmOk, expect, signIn, test } from './fixtures';
import { straightProcess } from './workflow-helpers';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const KEY = `e2e_repair_${Date.now().toString(36)}`;
const NAME = `E2E 管道维修 ${KEY.slice(-4)}`;

const XML = straightProcess(KEY, NAME, {
  start: '报修',
  steps: [
    { element: 'bpmn:userTask', id: 'repair', attrs: 'name="现场维修"', x: 250 },
    {
      element: 'bpmn:userTask',
      id: 'accept',
      attrs: 'name="验收" flowable:assignee="${applyUser}" flowable:buttons="wf_pass,wf_rollback"',
      x: 410,
    },
  ],
  endX: 572,
});

async function rowOf(page: Page, text: string) {
  const row = activePane(page).locator('tr.ant-table-row', { hasText: text }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  return row;
}

/** Chooses one person in the open user picker (人员选择) by name and confirms. */
async function pickUser(page: Page, name: string) {
  const picker = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: '人员选择' }).last();
  await picker.getByPlaceholder('请输入姓名').fill(name);
  await picker.getByPlaceholder('请输入姓名').press('Enter');
  await picker.locator('tr.ant-table-row', { hasText: name }).locator('.ant-checkbox-input').check();
  await picker
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

async function confirmDialog(page: Page) {
  await confirmOk(page, /确\s*定|OK/);
}

/** Signs out (the cookies cleared) and in again as `account` (its password is the account). */
async function switchTo(page: Page, account: string) {
  await page.context().clearCookies();
  await signIn(page, account, account);
}

/** Opens the task of this process from the person's to-do list. */
async function openTodo(page: Page) {
  await page.goto('/workflow/process/todo');
  await (await rowOf(page, NAME)).getByRole('button', { name: '办理' }).click();
  const detail = activePane(page).getByTestId('wf-detail');
  const claim = detail.getByTestId('wf-act-claim');
  const comment = detail.getByTestId('wf-comment');
  await expect(claim.or(comment)).toBeVisible();
  // a task back with its candidates is claimed from the detail first
  if (await claim.isVisible()) {
    await claim.click();
    await expectMessage(page, '操作成功');
  }
  await expect(comment).toBeVisible();
  return detail;
}

/** Opens the task of this process from the to-do list and approves it with `comment`; the detail it was done in. */
async function approveTodo(page: Page, comment: string) {
  const detail = await openTodo(page);
  await detail.getByTestId('wf-comment').fill(comment);
  await detail.getByTestId('wf-act-pass').click();
  await expectMessage(page, '操作成功');
  return detail;
}

test('design, deploy, start with a copy, claim and approve as another person, then find it in the done list', async ({
  page,
}) => {
  // the administrator adds a model and opens it in the designer
  await signIn(page, 'admin', 'admin');
  await page.goto('/workflow/design/model');
  const models = activePane(page).getByTestId('wf-models');
  await expect(models).toBeVisible({ timeout: 30_000 });
  await toolbarButton(models, /新\s*增/).click();
  await fill(page, { 模型标识: KEY, 模型名称: NAME });
  await save(page);
  await expectMessage(page, '新增成功');
  await (await rowOf(page, KEY)).getByTestId('wf-model-design').click();
  await expect(page).toHaveURL(/\/workflow\/design\/process\//);
  const designer = activePane(page).getByTestId('wf-designer');
  await expect(designer.locator('.djs-container')).toBeVisible({ timeout: 30_000 });
  // the palette speaks Chinese and the bpmn.io watermark stays
  await expect(designer.locator('.djs-palette [aria-label="创建开始事件"]')).toBeVisible();
  await expect(designer.locator('.bjs-powered-by')).toBeVisible();

  // import the BPMN file; deploying is refused while the repair has nobody to do it
  await designer.getByTestId('wf-import-file').setInputFiles({
    name: `${KEY}.bpmn20.xml`,
    mimeType: 'application/xml',
    buffer: Buffer.from(XML),
  });
  await expect(designer.locator('[data-element-id="repair"]')).toBeVisible();
  await designer.getByTestId('wf-deploy').click();
  await confirmDialog(page);
  const issues = designer.getByTestId('wf-issues');
  await expect(issues).toContainText('用户任务 现场维修：请指定处理人或候选人');

  // the issue selects the task; the panel gives it 李明 as candidate through the user picker
  await issues.getByText('用户任务 现场维修：请指定处理人或候选人').click();
  const panel = designer.getByTestId('wf-panel');
  await expect(panel).toHaveAttribute('data-element', 'repair');
  await panel.getByTestId('wf-prop-candidate-users').getByRole('button').click();
  await pickUser(page, '李明');
  await expect(panel.getByTestId('wf-prop-candidate-users')).toContainText('李明');

  await designer.getByTestId('wf-deploy').click();
  await confirmDialog(page);
  await expectMessage(page, '部署成功');

  // start it from the start list, copying 张伟
  await page.goto('/workflow/process/start');
  await (await rowOf(page, NAME)).getByTestId('wf-start').click();
  const start = activePane(page).getByTestId('wf-start-page');
  await expect(start).toBeVisible();
  await start.getByTestId('wf-start-copy').getByRole('button').click();
  await pickUser(page, '张伟');
  await expect(start.getByTestId('wf-start-copy')).toContainText('张伟');
  await start.getByTestId('wf-start-submit').click();
  await expectMessage(page, '流程发起成功');
  await expect(activePane(page).getByTestId('wf-detail')).toBeVisible();

  // 李明 claims the repair and approves it
  await switchTo(page, 'operator');
  await page.goto('/workflow/process/claim');
  await (await rowOf(page, NAME)).getByTestId('wf-claim').click();
  await confirmDialog(page);
  await expectMessage(page, '签收成功');
  const detail = await approveTodo(page, '已修复，恢复供水');
  await expect(detail.getByTestId('wf-approval')).toHaveCount(0);

  // in his done list, with his comment in the timeline
  await page.goto('/workflow/process/done');
  await (await rowOf(page, NAME)).getByRole('button', { name: '详情' }).click();
  const done = activePane(page).getByTestId('wf-detail');
  await done.getByRole('tab', { name: '流转记录' }).click();
  await expect(done.getByTestId('wf-timeline')).toContainText('已修复，恢复供水');
});

test('roll back to the repair, see it in the copy list, finish with the diagram marked', async ({ page }) => {
  // the starter accepts the work: rolled back to the repair with a reason
  await signIn(page, 'admin', 'admin');
  const accept = await openTodo(page);
  await expect(accept.getByTestId('wf-act-rollback')).toBeVisible();
  await accept.getByTestId('wf-act-rollback').click();
  // a roll back needs a comment
  await expectMessage(page, '请输入审批意见');
  await accept.getByTestId('wf-comment').fill('阀门仍有渗漏，请返工');
  await accept.getByTestId('wf-act-rollback').click();
  const back = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: '退回' }).last();
  await back.getByTestId('wf-back-node').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '现场维修' })
    .click();
  await back
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expectMessage(page, '操作成功');
  await accept.getByRole('tab', { name: '流转记录' }).click();
  await expect(accept.getByTestId('wf-timeline')).toContainText('阀门仍有渗漏，请返工');

  // 张伟 was copied
  await switchTo(page, 'patrol');
  await page.goto('/workflow/process/copy');
  await (await rowOf(page, NAME)).getByRole('button', { name: '详情' }).click();
  await expect(activePane(page).getByTestId('wf-detail')).toContainText(NAME);

  // 李明 repairs again
  await switchTo(page, 'operator');
  await approveTodo(page, '已更换阀门');

  // the starter accepts; the process ends with both tasks marked finished
  await switchTo(page, 'admin');
  const last = await approveTodo(page, '验收合格');
  await expect(last.getByTestId('wf-detail-status')).toHaveText('已结束');
  await last.getByRole('tab', { name: '流程图' }).click();
  await expect(last.getByTestId('wf-diagram')).toHaveAttribute('data-finished', /repair/);
  await expect(last.locator('.djs-element.wf-done[data-element-id="accept"]')).toBeVisible();
});
