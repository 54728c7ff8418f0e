/**
 * Timing report (issue 24 item 10): how long a list takes from the menu click to its rows on screen, and the map's
 * first open. No timing assertions (the machine is shared): the figures are test annotations and a JSON report
 * (`list-timing.json` attached to the test), and docs/web-shell.md keeps the before/after figures.
 *
 * Each screen is opened once, as the side menu opens it (client-side navigation in the signed-in page), so the
 * figure includes loading the screen's code the first time, its requests and its first render.
 */
import { expect, signIn, test } from './fixtures';

const LISTS = [
  '/system/user',
  '/system/dict',
  '/system/param',
  '/system/post',
  '/patrol/plan',
  '/patrol/task',
  '/alarm/info',
  '/device/base',
  '/monitor/station',
  '/billing/tariff',
  '/system/client',
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2);
};

test('time from the menu to a list’s rows, and to the map', async ({ page }, info) => {
  test.setTimeout(900_000);
  await signIn(page, 'admin');
  // the home page has settled (its own requests do not count against the first list)
  await page.waitForLoadState('networkidle').catch(() => undefined);

  // navigates as the menu does and watches every animation frame for the first visible row (no polling delay)
  const open = (path: string, ready: string) =>
    page.evaluate(
      ([to, sel]) =>
        new Promise<number>((resolve, reject) => {
          const start = performance.now();
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
          const look = () => {
            const el = document.querySelector(`.swp-pane[data-tab="${to}"]`)?.querySelector(sel);
            if (el?.getClientRects().length) resolve(Math.round(performance.now() - start));
            else if (performance.now() - start > 60_000) reject(new Error(`${to}: no ${sel} after 60 s`));
            else requestAnimationFrame(look);
          };
          look();
        }),
      [path, ready] as const,
    );

  const lists: Record<string, number> = {};
  for (const path of LISTS) {
    lists[path] = await open(path, '.ant-table-row, .ant-table-placeholder');
    info.annotations.push({ type: 'list', description: `${path}: ${lists[path]} ms` });
  }
  const map = await open('/gis/map', 'canvas');
  info.annotations.push({ type: 'map', description: `/gis/map first open: ${map} ms` });
  const report = { lists, listMedian: median(Object.values(lists)), mapFirstOpen: map };
  info.annotations.push({ type: 'median', description: `lists: median ${report.listMedian} ms` });
  console.log(JSON.stringify(report, null, 2));
  await info.attach('list-timing.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' });
  expect(Object.keys(lists)).toHaveLength(LISTS.length);
});
