/**
 * A live inbox (issue 24): with 待办 open, a task that another person sends arrives without a reload — the list
 * grows and shows the new row, titled from the leave form (days, starter, dates).
 */
import { apiHeaders, expect, signIn, test } from './fixtures';

test.describe.configure({ timeout: 180_000 });

test('the to-do list updates when another person sends a task', async ({ page, browser }) => {
  await signIn(page, 'admin', 'admin');
  await page.goto('/workflow/process/todo');
  const list = page.locator('.swp-pane:not([hidden])').getByTestId('wf-list-todo');
  await expect(list.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const total = async () =>
    Number(/(\d+)/.exec((await list.locator('.ant-pagination-total-text').innerText()) ?? '')?.[1]);
  const before = await total();

  // the operator (another browser) asks for leave: the task goes to the department head (admin)
  const other = await browser.newPage();
  await signIn(other, 'operator', 'operator');
  const headers = await apiHeaders(other);
  const P = '/api/blade-workflow/process';
  const started = await other.request.post(`${P}/startProcess`, {
    headers,
    data: {
      processDefKey: 'leave',
      days: 2,
      leaveType: '1',
      reason: '收件箱测试',
      startTime: '2026-12-07 09:00:00',
      endTime: '2026-12-08 18:00:00',
    },
  });
  // one submit (flowable:skipFirstNode): the start itself submits 提交请假, the operator has nothing to do
  expect((await started.json()).success).toBe(true);
  await other.close();

  // no reload: the live channel's message reloads the list
  await expect.poll(total, { timeout: 30_000 }).toBe(before + 1);
  await expect(list.locator('.ant-table-row', { hasText: '请假 2 天' }).first()).toContainText('12-07 至 12-08');
});
