/**
 * Shared Playwright helpers. `signIn(page, account, password)` signs in through the real sign-in page (captcha is
 * off in the browser-test server) and waits for the shell; other specs reuse it:
 *
 *   import { expect, signIn, test } from './fixtures';
 *   test('…', async ({ page }) => { await signIn(page, 'admin', 'admin'); … });
 */
import crypto from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export { expect };
export const test = base;

/** The demo accounts of the seed. */
export const ACCOUNTS = {
  admin: { account: 'admin', password: 'admin' },
  operator: { account: 'operator', password: 'operator' },
  patrol: { account: 'patrol', password: 'patrol' },
  auditor: { account: 'auditor', password: 'auditor' },
} as const;

/** Fills the sign-in form and submits it; resolves once the login page is left (or rejects on a shown error). */
export async function submitSignIn(page: Page, account: string, password: string) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in and waits for the shell (side menu, tab bar and the first page's tab). */
export async function signIn(page: Page, account = 'admin', password = account) {
  await page.goto('/login');
  await submitSignIn(page, account, password);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('tab-bar')).toBeVisible();
}

/** The web client's own authorization (client id and secret), sent with every API call. */
export const BASIC = `Basic ${Buffer.from('swp_web:swp_web_secret').toString('base64')}`;

/** Signs in over the API (no page) with the password grant; resolves to the token endpoint's answer as it is. */
export async function passwordGrant(request: APIRequestContext, account: string, password: string) {
  const res = await request.post('/api/blade-auth/oauth/token', {
    headers: { Authorization: BASIC, 'Tenant-Id': '000000' },
    form: {
      tenantId: '000000',
      grant_type: 'password',
      scope: 'all',
      type: 'account',
      username: account,
      password: crypto.createHash('md5').update(password).digest('hex'),
    },
  });
  return res.json();
}

/** Signs in over the API (no page), expecting a token: the token and the user id of the account. */
export async function apiSignIn(request: APIRequestContext, account: string, password: string) {
  const body = await passwordGrant(request, account, password);
  expect(body.access_token, JSON.stringify(body)).toBeTruthy();
  return { token: body.access_token as string, userId: String(body.user_id) };
}

/** The headers of an API call as the page's signed-in user, as the web client sends them. */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'swp-access-token')?.value;
  return {
    authorization: BASIC,
    'blade-auth': `bearer ${token}`,
  };
}

/** The page of the active tab (kept-alive pages of other tabs stay in the DOM, hidden). */
export function activePane(page: Page) {
  return page.locator('.swp-pane:not([hidden])');
}

/** Opens a side-menu entry by its path (expands its parents first). */
export async function openMenu(page: Page, path: string, parents: string[] = []) {
  const target = new RegExp(`${path.replace(/[/]/g, '\\/')}$`);
  // a click that lands while a submenu is still animating can be lost (the submenu stays closed, or the entry
  // does not react): expand what is still closed and click again until the route changes
  await expect(async () => {
    for (const p of parents) {
      const sub = page.locator('.swp-sider .ant-menu-submenu-title', { hasText: p });
      if ((await sub.getAttribute('aria-expanded')) !== 'true') await sub.click();
    }
    await page.locator(`.swp-sider [data-path="${path}"]`).click({ timeout: 3_000 });
    await expect(page).toHaveURL(target, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Switches the top menu to a business area by its name; with `home`, waits for the area's first screen. */
export async function openArea(page: Page, name: string, home?: RegExp) {
  await page.getByTestId('area-switcher').click();
  await page.locator('.swp-area-menu .ant-dropdown-menu-item').filter({ hasText: name }).click();
  if (home) await expect(page).toHaveURL(home);
}

/** Opens a side-menu entry (as openMenu) and waits for its screen, found by test id in the active tab; resolves to it. */
export async function openMenuScreen(page: Page, path: string, parents: string[], testId: string) {
  await openMenu(page, path, parents);
  const screen = activePane(page).getByTestId(testId);
  await expect(screen).toBeVisible({ timeout: 30_000 });
  return screen;
}

/** On the lock screen: a wrong password is refused (the message, still locked), then the right one unlocks. */
export async function unlockAfterAWrongTry(page: Page, wrong: string, right: string) {
  const pw = page.getByPlaceholder('请输入锁屏密码');
  await pw.fill(wrong);
  await page.getByTestId('unlock').click();
  await expect(page.getByText('解锁密码错误,请重新输入')).toBeVisible();
  await expect(page).toHaveURL(/\/lock$/);
  await pw.fill(right);
  await page.getByTestId('unlock').click();
}

/** Opens a published low-code module from the side menu by its name under its group; resolves to its list. */
export async function openModule(page: Page, parent: string, name: string) {
  const entry = page.locator('.swp-sider [data-path^="/dynamic"]', { hasText: name });
  await expect(async () => {
    const group = page.locator('.swp-sider .ant-menu-submenu-title', { hasText: parent });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await entry.click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/dynamic(\/index)?\?id=\d+/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const list = activePane(page).getByTestId('dynamic-page');
  await expect(list).toBeVisible({ timeout: 30_000 });
  return list;
}

/** The tab labels, left to right. */
export async function tabLabels(page: Page): Promise<string[]> {
  return page.getByTestId('tab-bar').locator('.swp-tab-label').allInnerTexts();
}

/** Waits until the tab bar shows exactly these labels, left to right. */
export async function expectTabs(page: Page, labels: string[]) {
  await expect(page.getByTestId('tab-bar').locator('.swp-tab-label')).toHaveText(labels);
}

/**
 * Clicks the OK button (`ok`) of the open confirmation: a confirm dialog (`.ant-modal-confirm`), or the `box` given
 * (`.ant-popconfirm`).
 */
export async function confirmOk(page: Page, ok: RegExp = /确\s*定/, box = '.ant-modal-confirm') {
  await page.locator(box).getByRole('button', { name: ok }).click();
}
