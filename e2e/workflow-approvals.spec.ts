/**
 * Approvals as Flowable users know them (issue 24): the leave starts with one submit (the starter has no task of
 * their own), 催办 from 已发事务 (once per 10 minutes), a leave sent back to the starter opens the form editable
 * and the corrected value reaches the approver; a delegated task handed back in the browser returns to the one who
 * delegated it (after a transfer); a timer designed in the designer fires in the engine; the model list names
 * categories.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { activePane, apiHeaders, BASIC, confirmOk, expect, passwordGrant, signIn, test } from './fixtures';
import { straightProcess } from './workflow-helpers';

test.describe.configure({ timeout: 180_000 });

const P = '/api/blade-workflow/process';
const SUFFIX = Date.now().toString(36).slice(-5);

async function api(page: Page, path: string, data?: unknown, method: 'get' | 'post' = 'post') {
  const headers = await apiHeaders(page);
  const res =
    method === 'get'
      ? await page.request.get(path, { headers, params: data as Record<string, string> })
      : await page.request.post(path, { headers, data });
  const body = await res.json();
  expect(body.success, `${path}: ${body.msg}`).toBe(true);
  return body.data;
}

test('one-submit leave, 催办 from 已发事务, and an editable resubmission after 驳回', async ({ page, browser }) => {
  await signIn(page, 'operator', 'operator');
  const reason = `E2E 请假 ${SUFFIX}`;
  const started = await api(page, `${P}/startProcess`, {
    processDefKey: 'leave',
    days: 4,
    leaveType: '1',
    reason,
    startTime: '2026-12-14 09:00:00',
    endTime: '2026-12-17 18:00:00',
  });
  const pid = String(started.processInstanceId);
  // one submit: nothing of this leave is in the starter's own to-do list
  const todo = await api(page, `${P}/todoList`, { size: '100' }, 'get');
  expect(todo.records.some((r: any) => r.processInstanceId === pid)).toBe(false);

  // 已发事务: the leave waits at 部门负责人审批; 催办 once, the second time is refused
  await page.goto('/workflow/process/send');
  const sent = activePane(page).locator('tr.ant-table-row', { hasText: '请假 4 天' }).first();
  await expect(sent).toContainText('部门负责人审批', { timeout: 30_000 });
  await expect(sent.getByTestId('wf-withdraw')).toBeVisible();
  await sent.getByTestId('wf-urge').click();
  await expect(page.locator('.ant-message')).toContainText('催办成功');
  await sent.getByTestId('wf-urge').click();
  await expect(page.locator('.ant-message')).toContainText('10 分钟内只能催办一次');

  // the department head (admin) was urged and sends the leave back
  const admin = await browser.newPage();
  await signIn(admin, 'admin', 'admin');
  const bell = await api(admin, '/api/blade-message/record/page', { size: '50' }, 'get');
  expect(bell.records.some((m: any) => String(m.title).startsWith('催办：请假 4 天'))).toBe(true);
  const adminTodo = await api(admin, `${P}/todoList`, { size: '100' }, 'get');
  const leader = adminTodo.records.find((r: any) => r.processInstanceId === pid);
  await api(admin, `${P}/completeTask`, { taskId: leader.taskId, pass: false, comment: '请写明事由' });

  // the starter's 提交请假 opens with the form editable; the corrected reason goes with 同意
  await page.goto('/workflow/process/todo');
  const row = activePane(page).locator('tr.ant-table-row', { hasText: '请假 4 天' }).first();
  await expect(row).toContainText('提交请假', { timeout: 30_000 });
  await row.getByRole('button', { name: '办理' }).click();
  const detail = activePane(page).getByTestId('wf-detail');
  const reasonBox = detail.getByTestId('wf-form').locator('textarea').first();
  await expect(reasonBox).toBeEditable();
  await reasonBox.fill(`${reason}（已补充：回老家）`);
  await detail.getByTestId('wf-comment').fill('已补充事由');
  await detail.getByTestId('wf-act-pass').click();
  await expect(detail.getByTestId('wf-approval')).toHaveCount(0);
  // one tab per task: the detail is open once
  await expect(page.locator('.ant-tabs-tab', { hasText: '流程详情' })).toHaveCount(1);

  // the approver sees the corrected value
  const again = await api(admin, `${P}/todoList`, { size: '100' }, 'get');
  const next = again.records.find((r: any) => r.processInstanceId === pid);
  expect(next.taskName).toBe('部门负责人审批');
  const seen = await api(admin, `${P}/detail`, { taskId: next.taskId }, 'get');
  expect(seen.process.variables.reason).toBe(`${reason}（已补充：回老家）`);
  await admin.close();
});

/** Signs in over the API (no page): the token and user id of an account. */
async function tokenOf(request: APIRequestContext, account: string) {
  const body = await passwordGrant(request, account, account);
  const headers = { Authorization: BASIC, 'Blade-Auth': `bearer ${body.access_token}` };
  const call = async (path: string, data?: Record<string, unknown>, method: 'get' | 'post' = 'post') => {
    const r =
      method === 'get'
        ? await request.get(path, { headers, params: data as Record<string, string> })
        : await request.post(path, { headers, data });
    const b = await r.json();
    expect(b.success, `${path}: ${b.msg}`).toBe(true);
    return b.data;
  };
  return { userId: String(body.user_id), call };
}

test('delegation after a transfer: the delegate’s hand-back in the browser returns the task to the delegator', async ({
  page,
  request,
}) => {
  const operator = await tokenOf(request, 'operator');
  const admin = await tokenOf(request, 'admin');
  const auditor = await tokenOf(request, 'auditor');
  const patrol = await tokenOf(request, 'patrol');
  const started = await operator.call(`${P}/startProcess`, {
    processDefKey: 'leave',
    days: 6,
    leaveType: '1',
    reason: `E2E 委托 ${SUFFIX}`,
    startTime: '2026-12-21 09:00:00',
    endTime: '2026-12-26 18:00:00',
  });
  const pid = String(started.processInstanceId);
  const taskOf = async (who: typeof admin) =>
    ((await who.call(`${P}/todoList`, { size: '100' }, 'get')).records as any[]).find(
      (r) => r.processInstanceId === pid,
    );
  // the department head (admin) transfers it to the auditor, who delegates it to the patrol officer
  const head = await taskOf(admin);
  await admin.call(`${P}/transferTask`, { taskId: head.taskId, assignee: auditor.userId, comment: '请代为审批' });
  await auditor.call(`${P}/delegateTask`, { taskId: head.taskId, assignee: patrol.userId, comment: '请先核实' });
  expect(await taskOf(auditor)).toBeUndefined();

  // the delegate hands it back from the detail page
  await signIn(page, 'patrol', 'patrol');
  await page.goto('/workflow/process/todo');
  const row = activePane(page).locator('tr.ant-table-row', { hasText: '请假 6 天' }).first();
  await expect(row).toContainText('部门负责人审批', { timeout: 30_000 });
  await row.getByRole('button', { name: '办理' }).click();
  const detail = activePane(page).getByTestId('wf-detail');
  await detail.getByTestId('wf-comment').fill('已核实');
  await detail.getByTestId('wf-act-pass').click();
  await expect(page.locator('.ant-message')).toContainText('操作成功');

  // back with the auditor who delegated it (not the first holder), at the same node
  await expect.poll(async () => (await taskOf(auditor))?.taskName, { timeout: 15_000 }).toBe('部门负责人审批');
  expect(await taskOf(admin)).toBeUndefined();
  expect(await taskOf(patrol)).toBeUndefined();
});

const timerXml = (key: string, name: string) =>
  straightProcess(key, name, {
    start: '开始',
    steps: [
      {
        element: 'bpmn:intermediateCatchEvent',
        id: 'wait',
        attrs: 'name="等待两秒"',
        inner: '<bpmn:timerEventDefinition><bpmn:timeDuration>PT2S</bpmn:timeDuration></bpmn:timerEventDefinition>',
        x: 252,
      },
      { element: 'bpmn:userTask', id: 'next', attrs: 'name="定时后办理" flowable:assignee="${applyUser}"', x: 350 },
    ],
    endX: 512,
  });

test('a timer designed in the designer fires in the engine; the palette offers the engine’s elements', async ({
  page,
}) => {
  const key = `e2e_timer_${SUFFIX}`;
  const name = `E2E 定时 ${SUFFIX}`;
  await signIn(page, 'admin', 'admin');
  await api(page, '/api/blade-workflow/design/model/submit', { modelKey: key, name });
  const models = await api(page, '/api/blade-workflow/design/model/list', { modelKey: key }, 'get');
  const model = models.records.find((m: any) => m.modelKey === key);
  await page.goto(`/workflow/design/process/${model.id}`);
  const designer = activePane(page).getByTestId('wf-designer');
  await expect(designer.locator('.djs-container')).toBeVisible({ timeout: 30_000 });
  for (const label of ['创建服务任务', '创建定时事件（拖到用户任务边上即为边界定时器）', '创建消息事件', '创建子流程'])
    await expect(designer.locator(`.djs-palette [aria-label="${label}"]`)).toBeVisible();

  await designer.getByTestId('wf-import-file').setInputFiles({
    name: `${key}.bpmn20.xml`,
    mimeType: 'application/xml',
    buffer: Buffer.from(timerXml(key, name)),
  });
  await designer.locator('[data-element-id="wait"]').click();
  const panel = designer.getByTestId('wf-panel');
  await expect(panel).toHaveAttribute('data-element', 'wait');
  await expect(panel.getByTestId('wf-prop-duration')).toHaveValue('PT2S');
  await designer.getByTestId('wf-deploy').click();
  await confirmOk(page, /确\s*定|OK/);
  await expect(page.locator('.ant-message')).toContainText('部署成功');

  const started = await api(page, `${P}/startProcess`, { processDefKey: key });
  const pid = String(started.processInstanceId);
  const openNames = async () => {
    const d = await api(page, `${P}/detail`, { processInsId: pid }, 'get');
    return d.process.taskName ?? '';
  };
  expect(await openNames()).not.toContain('定时后办理');
  // the jobs leader's timer poll moves the token once the two seconds are over
  await expect.poll(openNames, { timeout: 60_000, intervals: [1000] }).toContain('定时后办理');
  await page.goto('/workflow/process/todo');
  await expect(activePane(page).locator('tr.ant-table-row', { hasText: name }).first()).toContainText('定时后办理', {
    timeout: 30_000,
  });
});

test('the model list names the categories', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await page.goto('/workflow/design/model');
  const models = activePane(page).getByTestId('wf-models');
  const leave = models.locator('tr.ant-table-row', { hasText: 'leave' }).first();
  await expect(leave).toContainText('行政办公', { timeout: 30_000 });
  await expect(leave).not.toContainText(/\d{15,}/);
});
