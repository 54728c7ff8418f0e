/**
 * The administrator's workflow screens, as walked from the side menu: the sent list and my done list find a
 * process the administrator started (and whose first task he finished) and open its detail; deployments are
 * uploaded, suspended, moved to another category and deleted; categories, buttons and expressions are added,
 * edited and deleted (with the validation texts); in operations a task is handed to another person, urged and
 * dispatched to another node, and an instance is suspended, activated and terminated.
 *
 * The processes behind the lists are deployed and started through the API (the designer and the start screen
 * have their own walk in workflow.spec.ts).
 */
import type { Page } from '@playwright/test';
import * as ui from './admin-helpers';
import { activePane, apiHeaders, expect, openMenu, signIn, test } from './fixtures';
import { straightProcess } from './workflow-helpers';

test.describe.configure({ timeout: 90_000 });

const SUFFIX = Date.now().toString(36).slice(-5);

/** A two-step process of the starter: 填报 then 复核, both his. */
function bpmn(key: string, name: string) {
  return straightProcess(key, name, {
    start: '开始',
    steps: [
      { element: 'bpmn:userTask', id: 'fill', attrs: 'name="填报" flowable:assignee="${applyUser}"' },
      { element: 'bpmn:userTask', id: 'check', attrs: 'name="复核" flowable:assignee="${applyUser}"' },
    ],
  });
}

/** A call of the API as the signed-in user of the page; resolves to the reply's data. */
async function api(page: Page, path: string, init: { data?: unknown; multipart?: Record<string, any> } = {}) {
  const res = await page.request.post(path, { ...init, headers: await apiHeaders(page) });
  const body = await res.json();
  expect(body.success, `${path}: ${body.msg}`).toBe(true);
  return body.data;
}

/** Deploys a fresh process through the upload API and starts one instance of it; returns its name. */
async function startedProcess(page: Page, tag: string) {
  const key = `e2e_wfadm_${tag}_${SUFFIX}`;
  const name = `E2E 管网巡查 ${tag} ${SUFFIX}`;
  await api(page, '/api/blade-flow/manager/deploy-upload', {
    multipart: {
      files: { name: `${key}.bpmn20.xml`, mimeType: 'application/xml', buffer: Buffer.from(bpmn(key, name)) },
    },
  });
  const started = await api(page, '/api/blade-workflow/process/startProcess', { data: { processDefKey: key } });
  return { name, instanceId: String(started.processInstanceId), taskId: String(started.tasks[0].taskId) };
}

/** Searches a workflow list by its 流程名称 and returns the row. */
async function findByName(page: Page, name: string) {
  const pane = activePane(page);
  await expect(pane.getByTestId('crud-search').first()).toBeVisible({ timeout: 30_000 });
  await ui.search(pane, '流程名称', name);
  const r = ui.row(pane, name);
  await expect(r).toHaveCount(1);
  return r;
}

/** Signs in, starts a fresh process and finds it in a list of 流程运维; returns its row. */
async function runningIn(page: Page, tag: string, path: string) {
  await signIn(page);
  const p = await startedProcess(page, tag);
  await openMenu(page, path, ['流程管理', '流程运维']);
  return findByName(page, p.name);
}

test('已发事务 and 我的已办: the started process and its finished task, each with its detail', async ({ page }) => {
  await signIn(page);
  const p = await startedProcess(page, 'send');
  await api(page, '/api/blade-workflow/process/completeTask', {
    data: { taskId: p.taskId, pass: true, comment: '巡查记录已填报' },
  });

  // the sent list: now at 复核
  await openMenu(page, '/workflow/process/send', ['流程管理', '流程事务']);
  const sent = await findByName(page, p.name);
  await expect(sent).toContainText('复核');
  await sent.getByRole('button', { name: '详情' }).click();
  const detail = activePane(page).getByTestId('wf-detail');
  await expect(detail).toContainText(p.name);
  await expect(detail.getByTestId('wf-detail-status')).toHaveText('进行中');
  await expect(detail.locator('.ant-descriptions-item', { hasText: '发起人' })).toContainText('管理员');

  // my done list: the finished 填报, with its comment in the timeline
  await openMenu(page, '/workflow/process/mydone', ['流程管理', '流程事务']);
  const done = await findByName(page, p.name);
  await expect(done).toContainText('填报');
  await expect(done).toContainText('管理员');
  await done.getByRole('button', { name: '详情' }).click();
  const mine = activePane(page).getByTestId('wf-detail');
  await expect(mine).toContainText(p.name);
  await mine.getByRole('tab', { name: '流转记录' }).click();
  await expect(mine.getByTestId('wf-timeline')).toContainText('巡查记录已填报');
});

test('部署管理: upload a process file, suspend and activate it, change its category, delete it', async ({ page }) => {
  const key = `e2e_wfdep_${SUFFIX}`;
  const name = `E2E 部署 ${SUFFIX}`;
  await signIn(page);
  await openMenu(page, '/workflow/design/deployment', ['流程管理', '流程设计']);
  const pane = activePane(page);
  await expect(pane.getByTestId('wf-deployments')).toBeVisible({ timeout: 30_000 });

  // the upload asks for a category and a file first
  await pane.getByRole('button', { name: '上传部署文件' }).click();
  const up = ui.dialog(page);
  await up.getByRole('button', { name: /确\s*定|OK/ }).click();
  await ui.expectFieldError(page, '请选择分类');
  await up.locator('.ant-form-item', { hasText: '分类' }).locator('.ant-select').click();
  await ui.pickTreeTitle(page, '管网运维');
  await up.locator('input[type=file]').setInputFiles({
    name: `${key}.bpmn20.xml`,
    mimeType: 'application/xml',
    buffer: Buffer.from(bpmn(key, name)),
  });
  await up.getByRole('button', { name: /确\s*定|OK/ }).click();
  await ui.expectMessage(page, '部署成功');
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);

  await ui.search(pane, '部署名称', name);
  const r = ui.row(pane, name);
  await expect(r).toContainText(key);
  await expect(r).toContainText('v1');
  await expect(r).toContainText('管网运维');
  await expect(r).toContainText('激活');

  // suspend, then activate again
  await r.getByRole('button', { name: '变更状态' }).click();
  await ui.expectMessage(page, '操作成功');
  await expect(r.locator('.ant-tag')).toHaveText('挂起');
  await r.getByRole('button', { name: '变更状态' }).click();
  await expect(r.locator('.ant-tag')).toHaveText('激活');

  // move it to 营业服务
  await r.getByRole('button', { name: '变更分类' }).click();
  const change = ui.dialog(page);
  await change.locator('.ant-select').click();
  await ui.pickTreeTitle(page, '营业服务');
  await change.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(r).toContainText('营业服务');

  // delete it, confirmed; gone after a new search too
  await ui.rowDelete(page, pane, name);
  await ui.search(pane, '部署名称', name);
  await expect(ui.row(pane, name)).toHaveCount(0);
});

test('流程分类: add a category under another, edit it, delete it', async ({ page }) => {
  const name = `E2E分类${SUFFIX}`;
  await signIn(page);
  await openMenu(page, '/workflow/design/category', ['流程管理', '流程设计']);
  const pane = activePane(page);
  await expect(pane.getByTestId('wf-categories')).toBeVisible({ timeout: 30_000 });

  await ui.addRow(page, pane, {
    required: ['请输入名称'],
    values: { 分类名称: name, 排序: '7', 备注: '端到端测试' },
    extra: async () => {
      await ui.dialog(page).locator('.ant-form-item', { hasText: '上级分类' }).locator('.ant-select').click();
      await ui.pickTreeTitle(page, '管网运维');
    },
  });
  // found again by a search (a new query of the server)
  await ui.search(pane, '分类名称', name);
  await expect(ui.row(pane, name)).toContainText('端到端测试');

  await ui.editRow(page, pane, name, { 分类名称: `${name}改`, 备注: '已修改' });
  await expect(ui.row(pane, `${name}改`)).toContainText('已修改');

  await ui.rowDelete(page, pane, `${name}改`);
});

/** Signs in, opens a CrudPage screen of 流程设计 from the side menu and its add dialog (the form's inputs mounted). */
async function addOnDesignScreen(page: Page, path: string) {
  await signIn(page);
  await openMenu(page, path, ['流程管理', '流程设计']);
  const pane = await ui.crudPane(page);
  await ui.toolbarButton(pane, /新\s*增/).click();
  await expect(ui.dialog(page).locator('.ant-form-item input').first()).toBeVisible();
  return pane;
}

test('流程按钮: key and name are required, a button is added, edited and deleted', async ({ page }) => {
  const key = `wf_e2e_${SUFFIX}`;
  const pane = await addOnDesignScreen(page, '/workflow/design/button');
  // both key and name are required
  await ui.save(page);
  await ui.expectFieldError(page, '请输入标识');
  await ui.expectFieldError(page, '请输入名称');
  await ui.fill(page, { 按钮标识: key, 按钮名称: `E2E按钮${SUFFIX}`, 排序: '90' });
  await ui.save(page);
  await ui.expectMessage(page, '新增成功');
  await ui.search(pane, '按钮标识', key);
  await expect(ui.row(pane, key)).toContainText(`E2E按钮${SUFFIX}`);

  await ui.editRow(page, pane, key, { 按钮名称: `E2E按钮改${SUFFIX}` });
  await expect(ui.row(pane, key)).toContainText(`E2E按钮改${SUFFIX}`);
  await ui.rowDelete(page, pane, key);
});

test('流程表达式: a wrong expression is refused, a condition is added, edited and deleted', async ({ page }) => {
  const name = `E2E条件${SUFFIX}`;
  const pane = await addOnDesignScreen(page, '/workflow/design/condition');
  await ui.fill(page, { 条件名称: name, 表达式: '${days >}' });
  await ui.save(page);
  await ui.expectMessage(page, '参数校验失败: expression: 表达式有误');
  await ui.fill(page, { 表达式: '${days > 3}', 备注: '超过3天' });
  await ui.save(page);
  await ui.expectMessage(page, '新增成功');

  await ui.search(pane, '条件名称', name);
  await expect(ui.row(pane, name)).toContainText('${days > 3}');

  await ui.editRow(page, pane, name, { 表达式: '${days >= 5}' });
  await expect(ui.row(pane, name)).toContainText('${days >= 5}');
  await ui.rowDelete(page, pane, name);
});

test('流程任务: hand a task to 李明, urge it, dispatch it to another node', async ({ page }) => {
  const task = await runningIn(page, 'ops', '/workflow/ops/list');
  await expect(task).toContainText('填报');
  await expect(task).toContainText('管理员');

  await task.getByRole('button', { name: '变更处理人' }).click();
  const picker = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: '人员选择' }).last();
  await picker.getByPlaceholder('请输入姓名').fill('李明');
  await picker.getByPlaceholder('请输入姓名').press('Enter');
  // one person only: a radio
  await picker.locator('tr.ant-table-row', { hasText: '李明' }).getByRole('radio').check();
  await picker
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await ui.expectMessage(page, '操作成功');
  await expect(task).toContainText('李明');

  await task.getByRole('button', { name: '催办' }).click();
  await ui.expectMessage(page, '催办成功');

  // dispatch needs a node; sent to 复核
  await task.getByTestId('wf-dispatch').click();
  const d = ui.dialog(page);
  await d.getByRole('button', { name: /确\s*定|OK/ }).click();
  await ui.expectFieldError(page, '请选择退回节点');
  await d.getByLabel('调度到节点').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '复核' })
    .click();
  await d.getByLabel('原因').fill('跳过填报');
  await d.getByRole('button', { name: /确\s*定|OK/ }).click();
  await ui.expectMessage(page, '操作成功');
  await expect(task).toContainText('复核');
  await expect(task).not.toContainText('填报');
});

test('流程实例: suspend, activate and terminate a running instance', async ({ page }) => {
  const inst = await runningIn(page, 'inst', '/workflow/ops/process');
  await expect(inst).toContainText('填报');
  await expect(inst).toContainText('进行中');

  await inst.getByRole('button', { name: '挂起/激活' }).click();
  await ui.expectMessage(page, '操作成功');
  await expect(inst).toContainText('已挂起');
  await inst.getByRole('button', { name: '挂起/激活' }).click();
  await expect(inst).toContainText('进行中');

  await inst.getByRole('button', { name: '终止' }).click();
  const box = page.locator('.ant-modal-confirm', { hasText: '确定终止该流程吗?' });
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect(inst).toContainText('已结束');
  await expect(inst.getByRole('button', { name: '挂起/激活' })).toHaveCount(0);

  // the detail says so too
  await inst.getByRole('button', { name: '详情' }).click();
  await expect(activePane(page).getByTestId('wf-detail-status')).toHaveText('已结束');
});
