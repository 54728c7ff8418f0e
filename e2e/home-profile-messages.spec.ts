/**
 * The home page, the dashboard, the profile page, the notice bell and the message centre, as a signed-in user
 * walks them: real data from the seeded demo utility, real saves.
 */
import type { Page } from '@playwright/test';
import { activePane, apiHeaders, confirmOk, expect, signIn, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

/** Signs in as admin and opens `path`; its part `testId` of the active pane, shown. */
async function adminScreen(page: Page, path: string, testId: string) {
  await signIn(page, 'admin', 'admin');
  await page.goto(path);
  const screen = activePane(page).getByTestId(testId);
  await expect(screen).toBeVisible();
  return screen;
}

test('home page greets the user and lists notices and unread messages', async ({ page }) => {
  const home = await adminScreen(page, '/wel/index', 'home-page');
  await expect(home.getByText('欢迎使用智慧水务平台')).toBeVisible();
  await expect(home.getByText('最新通知')).toBeVisible();
  await expect(home.locator('.ant-list-item').first()).toBeVisible();
});

test('dashboard shows the platform figures', async ({ page }) => {
  const org = await adminScreen(page, '/wel/dashboard', 'figures-organisation');
  await expect(org.getByText('用户数')).toBeVisible();
  const users = Number(
    await org
      .locator('.ant-statistic')
      .filter({ hasText: '用户数' })
      .locator('.ant-statistic-content-value')
      .innerText(),
  );
  expect(users).toBeGreaterThanOrEqual(4);
});

test('profile: a bad phone is refused with the exact text, a good one is saved', async ({ page }) => {
  await signIn(page, 'operator', 'operator');
  await page.goto('/info/index');
  const form = activePane(page).getByTestId('profile-info-form');
  await expect(form.locator('#realName')).not.toHaveValue('');
  await form.locator('#phone').fill('1380000');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(form.getByText('手机号码长度不为11位')).toBeVisible();
  await form.locator('#phone').fill('13955123456');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('修改信息成功')).toBeVisible();
  await page.reload();
  await expect(activePane(page).getByTestId('profile-info-form').locator('#phone')).toHaveValue('13955123456');
});

test('profile: changing the password needs the old one and then signs in with the new one', async ({ page }) => {
  await signIn(page, 'auditor', 'auditor');
  await page.goto('/info/index');
  await activePane(page).getByRole('tab', { name: '修改密码' }).click();
  const form = activePane(page).getByTestId('profile-password-form');
  await form.locator('#oldPassword').fill('wrong-one');
  await form.locator('#newPassword').fill('auditor2');
  await form.locator('#newPassword1').fill('auditor3');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(form.getByText('两次密码输入不一致')).toBeVisible();
  await form.locator('#newPassword1').fill('auditor2');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.locator('.ant-message')).toContainText(/原密码/);
  await form.locator('#oldPassword').fill('auditor');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('修改密码成功')).toBeVisible();
  // put it back so other tests keep the demo password
  await form.locator('#oldPassword').fill('auditor2');
  await form.locator('#newPassword').fill('auditor');
  await form.locator('#newPassword1').fill('auditor');
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('修改密码成功').last()).toBeVisible();
});

test('bell: an unread message is marked read on click and the badge goes down', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  const bell = page.getByTestId('notice-bell');
  const badge = page.locator('.ant-badge', { has: bell }).locator('.ant-scroll-number');
  await expect(badge).toBeVisible();
  const before = Number(await badge.getAttribute('title'));
  expect(before).toBeGreaterThan(0);
  await bell.click();
  const panel = page.getByTestId('notice-bell-panel');
  await expect(panel).toBeVisible();
  // find a tab with an unread message
  for (const tab of await panel.getByRole('tab').all()) {
    await tab.click();
    if (
      await panel
        .locator('.ant-badge-dot')
        .first()
        .isVisible()
        .catch(() => false)
    )
      break;
  }
  const item = panel
    .getByTestId('notice-bell-item')
    .filter({ has: page.locator('.ant-badge-dot') })
    .first();
  const text = await item.innerText();
  await item.click();
  // the message is read on the server, and the badge says what the server says (the live jobs may add unread
  // messages meanwhile, so the badge is compared with the server's count, not with before - 1)
  const unread = async () => {
    const res = await page.request.get('/api/blade-message/record/count', {
      headers: await apiHeaders(page),
      params: { messageStatus: 'UN_READABLE' },
    });
    const list = (await res.json()).data as { count: number }[];
    return list.reduce((a, c) => a + c.count, 0);
  };
  await expect.poll(async () => Number(await badge.getAttribute('title')) - (await unread())).toBe(0);
  await expect(
    panel
      .getByTestId('notice-bell-item')
      .filter({ hasText: text.split('\n')[0] })
      .first()
      .locator('.ant-badge-dot'),
  ).toHaveCount(0);
});

test('message centre: view marks read, delete asks first and removes the row', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await page.locator('.swp-sider [data-path="/message/index"]').click();
  const centre = activePane(page).getByTestId('message-center');
  await expect(centre.locator('.ant-table-row').first()).toBeVisible();
  const rows = centre.locator('.ant-table-row');
  const unread = rows.filter({ hasText: '未读' }).first();
  const title = await unread.locator('a').first().innerText();
  await unread.locator('a').first().click();
  const dialog = page.getByRole('dialog', { name: '消息详情' });
  await expect(dialog.getByText(title).first()).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(rows.filter({ hasText: title }).first()).toContainText('已读');

  await centre
    .getByRole('button', { name: /删\s*除/ })
    .first()
    .click();
  await expect(page.getByText('请选择至少一条数据')).toBeVisible();
  // counted by its title, not the whole list: the live jobs (alarms, dispatch escalations) may add a message meanwhile
  const same = await rows.filter({ hasText: title }).count();
  await rows.filter({ hasText: title }).first().locator('.ant-checkbox-input').check();
  await centre
    .getByRole('button', { name: /删\s*除/ })
    .first()
    .click();
  await expect(page.getByText('确定将选择数据删除?')).toBeVisible();
  await confirmOk(page);
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(rows.filter({ hasText: title })).toHaveCount(same - 1);
});
