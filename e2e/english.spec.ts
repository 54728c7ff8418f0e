/**
 * Complete English (issue 24 item 8): 报修受理, 档案管理, 在线开发, 在线应用, 功能设计, the 业务* menus and the low-code tab
 * names stayed Chinese in English mode. The administrator walks every screen of the menu in English, inside one
 * page (client-side navigation, as e2e/a11y.spec.ts does), and no menu entry, tab title, heading, table head,
 * form label or button may contain a Han character. Rows of user data (table cells, tree nodes, cards' bodies)
 * are left out: they are what people typed.
 */
import type { Page } from '@playwright/test';
import { apiHeaders, expect, signIn, test } from './fixtures';

interface MenuNode {
  path?: string;
  name?: string;
  category?: number;
  isOpen?: number;
  children?: MenuNode[];
}

const HAN = /\p{Script=Han}/u;

/**
 * Chrome that holds user data on some screens (what people typed or named, not UI strings): left out there.
 * A published low-code module's column heads, labels and options are its designer's (the tenant's own words);
 * only its standard buttons are the platform's.
 */
const DATA_CHROME: [RegExp, string][] = [
  // one card per monitoring station, titled by the station's name and code
  [/^\/quality\/online$/, '.ant-card-head-title'],
];

const leaves = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) =>
    n.children?.some((c) => c.category !== 2)
      ? leaves(n.children)
      : n.path?.startsWith('/') && n.isOpen !== 2 && !n.path.includes(':')
        ? [n.path]
        : [],
  );

/** The screen's own chrome: headings, table heads, form labels, buttons, inner tab names, card titles. */
const CHROME = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  '.ant-typography h1',
  'thead th',
  '.ant-form-item-label label',
  'button:not(.ant-table-tbody button)',
  '.ant-tabs-tab-btn',
  '.ant-card-head-title',
  '.ant-page-header-heading-title',
  '.ant-descriptions-item-label',
].join(', ');

/** Visible texts of the elements with a Han character; list items' titles are rows of data, as are `skip`'s. */
async function chineseIn(page: Page, scope: string, skip = '.ant-list-item-meta-title'): Promise<string[]> {
  return page.locator(scope).evaluateAll(
    (els, [src, without, ignore]) => {
      const han = new RegExp(src, 'u');
      return els
        .filter((e) => e.getClientRects().length > 0 && !e.closest(ignore))
        .map((e) => ((e as HTMLElement).innerText ?? '').replaceAll(without, '').trim())
        .filter((t) => han.test(t));
    },
    [HAN.source, userName, skip] as const,
  );
}

/** the signed-in user's name (the home page greets them by it) */
let userName = '\u0000';

async function go(page: Page, to: string) {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

test('every menu screen in English: menus, tab titles and the screens’ headings, heads and buttons', async ({
  page,
}) => {
  // about 8 minutes on 2 shared cores (EN_LIMIT=n walks the first n screens)
  test.setTimeout(1_200_000);
  await page.addInitScript(() => localStorage.setItem('swp-language', 'en'));
  await signIn(page, 'admin');
  const headers = await apiHeaders(page);
  const info = await (await page.request.get('/api/blade-auth/oauth/user-info', { headers })).json();
  userName = info.data?.realName || info.data?.real_name || userName;
  const routes = (await (await page.request.get('/api/blade-system/menu/routes', { headers })).json())
    .data as MenuNode[];
  const paths = [...new Set(leaves(routes))];
  expect(paths.length).toBeGreaterThan(30);
  const found = new Set<string>();
  const note = (where: string, texts: string[]) => {
    for (const t of texts) found.add(`${where}: ${t.replace(/\s+/g, ' ').slice(0, 80)}`);
  };
  // the business areas (top menus) and every group of the side menu: with every area, all groups are listed
  await page.getByTestId('area-switcher').click();
  note('area', await chineseIn(page, '.ant-dropdown:visible .ant-dropdown-menu-title-content'));
  await page.keyboard.press('Escape');
  const limit = Number(process.env.EN_LIMIT ?? paths.length);
  for (const path of paths.slice(0, limit)) {
    await go(page, path);
    if (path.startsWith('/screen/')) {
      // the big screens stand outside the shell: their title and panels, then back to the shell
      await expect(page.getByTestId('screen-title')).toBeVisible();
      await page.waitForTimeout(300);
      note(path, await chineseIn(page, `[data-testid="screen-title"], ${CHROME}`));
      await go(page, '/wel/index');
      await expect(page.locator('.swp-pane[data-tab="/wel/index"]')).toBeVisible();
      continue;
    }
    const pane = `.swp-pane[data-tab="${path}"]`;
    await expect(page.locator(pane)).toBeVisible();
    await page.waitForTimeout(300);
    await page
      .locator(`${pane} .ant-spin-spinning`)
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    note(`${path} tab`, await chineseIn(page, `.ant-tabs-tab[data-node-key="${path}"]`));
    note(`${path} title`, HAN.test(await page.title()) ? [await page.title()] : []);
    // the side menu shows the open screen's entry and its groups
    note('menu', await chineseIn(page, '.swp-sider .ant-menu-title-content'));
    const chrome = path.startsWith('/dynamic') ? 'button[data-perm], .ant-pagination' : CHROME;
    const skip = ['.ant-list-item-meta-title', ...DATA_CHROME.filter(([p]) => p.test(path)).map(([, s]) => s)];
    note(
      path,
      await chineseIn(
        page,
        chrome
          .split(', ')
          .map((s) => `${pane} ${s}`)
          .join(', '),
        skip.join(', '),
      ),
    );
    const close = page.locator(`.ant-tabs-tab[data-node-key="${path}"] .ant-tabs-tab-remove`);
    if (await close.count()) await close.click();
  }
  expect([...found]).toEqual([]);
});
