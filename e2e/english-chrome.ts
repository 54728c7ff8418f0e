/**
 * Complete English (issue 24 item 8): the check the screen walk (e2e/a11y.spec.ts) runs on every menu screen in
 * English. No menu entry, tab title, heading, table head, form label or button may contain a Han character. Rows of
 * user data (table cells, tree nodes, cards' bodies) are left out: they are what people typed.
 */
import type { Page } from '@playwright/test';

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

/** Collects the Chinese left in the English UI, one line per place; `userName` (what people typed) is ignored. */
export class ChineseFinder {
  readonly found = new Set<string>();
  constructor(private readonly userName: string) {}

  private note(where: string, texts: string[]) {
    for (const t of texts) this.found.add(`${where}: ${t.replace(/\s+/g, ' ').slice(0, 80)}`);
  }

  /** Visible texts of the elements with a Han character; list items' titles are rows of data, as are `skip`'s. */
  private in(page: Page, scope: string, skip = '.ant-list-item-meta-title'): Promise<string[]> {
    return page.locator(scope).evaluateAll(
      (els, [src, without, ignore]) => {
        const han = new RegExp(src, 'u');
        return els
          .filter((e) => e.getClientRects().length > 0 && !e.closest(ignore))
          .map((e) => ((e as HTMLElement).innerText ?? '').replaceAll(without, '').trim())
          .filter((t) => han.test(t));
      },
      [HAN.source, this.userName, skip] as const,
    );
  }

  /** The business areas (top menus): with every area, all groups of the side menu are listed. */
  async areas(page: Page) {
    await page.getByTestId('area-switcher').click();
    this.note('area', await this.in(page, '.ant-dropdown:visible .ant-dropdown-menu-title-content'));
    await page.keyboard.press('Escape');
  }

  /** A big screen (outside the shell): its title and panels. */
  async bigScreen(page: Page, path: string) {
    this.note(path, await this.in(page, `[data-testid="screen-title"], ${CHROME}`));
  }

  /** An open menu screen: its tab, the page title, the side menu and the screen's own chrome. */
  async screen(page: Page, path: string) {
    const pane = `.swp-pane[data-tab="${path}"]`;
    this.note(`${path} tab`, await this.in(page, `.ant-tabs-tab[data-node-key="${path}"]`));
    const title = await page.title();
    this.note(`${path} title`, HAN.test(title) ? [title] : []);
    // the side menu shows the open screen's entry and its groups
    this.note('menu', await this.in(page, '.swp-sider .ant-menu-title-content'));
    const chrome = path.startsWith('/dynamic') ? 'button[data-perm], .ant-pagination' : CHROME;
    const skip = ['.ant-list-item-meta-title', ...DATA_CHROME.filter(([p]) => p.test(path)).map(([, s]) => s)];
    const scoped = chrome
      .split(', ')
      .map((s) => `${pane} ${s}`)
      .join(', ');
    this.note(path, await this.in(page, scoped, skip.join(', ')));
  }
}
