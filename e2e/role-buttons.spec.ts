/**
 * Buttons follow the role (issue 24): the auditor was offered 审核, 编辑 and 删除 on patrol plans and got 无权访问.
 * Each demo role walks every screen of its menus; every visible button that carries a permission code (`data-perm`:
 * CrudPage's standard buttons and the screens' own) must be one of the role's grants (/api/blade-system/menu/buttons).
 * Patrol plans are checked both ways: the operator is offered edit and delete there, the auditor neither.
 * Screens are opened inside the running app (client-side navigation, as the menu does and as e2e/a11y.spec.ts
 * walks), each tab closed after its check: a full load per screen made the walk take 6–8 minutes.
 */
import type { Page } from '@playwright/test';
import { activePane, apiHeaders, expect, signIn, test } from './fixtures';

test.describe.configure({ timeout: 600_000 });

interface MenuNode {
  path?: string;
  category?: number;
  isOpen?: number;
  children?: MenuNode[];
}

async function grantsAndScreens(page: Page) {
  const headers = await apiHeaders(page);
  const codes = new Set<string>();
  const walkCodes = (xs: { code?: string; children?: unknown[] }[] | undefined) => {
    for (const x of xs ?? []) {
      if (x.code) codes.add(x.code);
      walkCodes(x.children as { code?: string; children?: unknown[] }[]);
    }
  };
  walkCodes((await (await page.request.get('/api/blade-system/menu/buttons', { headers })).json()).data);
  const paths: string[] = [];
  const walkMenus = (xs: MenuNode[] | undefined) => {
    for (const m of xs ?? []) {
      // screens only: no external links, no parameterised routes, no groups without a page of their own, and not the
      // big screens (wall displays outside the shell, without buttons; e2e/dispatch-screen.spec.ts opens them)
      if (
        m.path?.startsWith('/') &&
        !m.path.startsWith('/screen/') &&
        !m.children?.length &&
        m.isOpen !== 2 &&
        !m.path.includes(':')
      )
        paths.push(m.path);
      walkMenus(m.children);
    }
  };
  walkMenus((await (await page.request.get('/api/blade-system/menu/routes', { headers })).json()).data);
  return { codes, paths: [...new Set(paths)] };
}

/** The codes of the buttons the screen shows once it has loaded (opened as the menu opens it, then closed). */
async function shownCodes(page: Page, path: string, keepOpen = false): Promise<string[]> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  const pane = page.locator(`.swp-pane[data-tab="${path}"]`);
  await expect(pane).toBeVisible();
  // the screen has rendered (its lazy chunk loaded) and a list has its rows or its empty state
  await expect(
    pane.locator('.ant-table-row, .ant-table-placeholder, canvas, .ant-card, .ant-result, .ant-empty').first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(pane.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
  if (await pane.locator('.ant-table-wrapper:visible').count())
    await expect(pane.locator('.ant-table-row:visible, .ant-table-placeholder:visible').first()).toBeVisible({
      timeout: 20_000,
    });
  const codes = await pane
    .locator('[data-perm]:visible')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-perm') ?? ''));
  // close its tab, so the document holds one screen at a time
  const close = page.locator(`.ant-tabs-tab[data-node-key="${path}"] .ant-tabs-tab-remove`);
  if (!keepOpen && (await close.count())) await close.click();
  return codes;
}

for (const role of ['auditor', 'patrol', 'operator'] as const) {
  test(`${role}: every shown button is one of the role's grants`, async ({ page }) => {
    await signIn(page, role, role);
    const { codes, paths } = await grantsAndScreens(page);
    expect(paths.length).toBeGreaterThan(3);
    const denied: string[] = [];
    let seen = 0;
    for (const path of paths) {
      const shown = await test.step(path, () => shownCodes(page, path));
      seen += shown.length;
      for (const c of shown) if (!codes.has(c)) denied.push(`${path}: ${c}`);
    }
    expect(denied).toEqual([]);
    // the walk saw buttons (the screens rendered), so the check above had something to check
    expect(seen).toBeGreaterThan(0);
  });
}

test('patrol plans: the operator may add, edit and delete', async ({ page }) => {
  await signIn(page, 'operator', 'operator');
  const shown = await shownCodes(page, '/patrol/plan');
  for (const c of ['patrol_plan_add', 'patrol_plan_edit', 'patrol_plan_delete']) expect(shown).toContain(c);
});

test('patrol plans: the auditor only views', async ({ page }) => {
  await signIn(page, 'auditor', 'auditor');
  const shown = await shownCodes(page, '/patrol/plan', true);
  expect(shown).toContain('patrol_plan_view');
  for (const c of ['patrol_plan_add', 'patrol_plan_edit', 'patrol_plan_delete', 'patrol_plan_audit'])
    expect(shown).not.toContain(c);
  await expect(activePane(page).getByTestId('plan-audit')).toHaveCount(0);
});
