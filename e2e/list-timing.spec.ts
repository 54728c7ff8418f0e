/**
 * Timing report (issue 24 item 10): how long a list takes from the menu click to its rows on screen, and the map's
 * first open. No timing assertions (the machine is shared): the figures are test annotations and a JSON report
 * (`list-timing.json` attached to the test), and docs/web-shell.md keeps the before/after figures.
 *
 * Each screen is opened once, as the side menu opens it (client-side navigation in the signed-in page), so the
 * figure includes loading the screen's code the first time (unless the shell fetched it ahead in idle time; the
 * report waits for that, up to 60 s, as a user reading the home page would), its requests and its first render.
 *
 * Before/after in one run (a shared machine's load changes by the minute): with `LIST_TIMING_BASELINE=<dist folder
 * of another build>` the same server is measured `LIST_TIMING_ROUNDS` times (default 3) with each build, in
 * alternating order; the baseline build's files are served by the browser from that folder (the API is the same).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
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

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Serves the web app's files from another build's folder (the API still goes to the server). */
async function serveBuild(context: BrowserContext, dir: string) {
  await context.route(
    (url) => !url.pathname.startsWith('/api/'),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      let file = join(dir, decodeURIComponent(pathname));
      if (!existsSync(file) || !statSync(file).isFile()) file = join(dir, 'index.html');
      await route.fulfill({
        body: readFileSync(file),
        contentType: TYPES[extname(file)] ?? 'application/octet-stream',
      });
    },
  );
}

/** One pass: signs in, lets the shell settle, opens every list and then the map; times in ms. */
async function measure(page: Page) {
  await signIn(page, 'admin');
  // the home page has settled (its own requests do not count against the first list), and the shell has fetched
  // the menu's code in idle time (a build without that waits the same few seconds)
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => document.documentElement.dataset.swpPrefetch === 'done', undefined, { timeout: 60_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);

  // navigates as the menu does and watches every animation frame for the first content: a data row, or the empty
  // state once the list is no longer loading (the table shows its empty row under the spinner while it loads);
  // also notes the API requests the open made (how many, and when the last one ended) to tell the server's part
  const open = (path: string, ready: string) =>
    page.evaluate(
      ([to, sel]) =>
        new Promise<{ ms: number; api: number; requests: number }>((resolve, reject) => {
          // the browser keeps 250 entries by default: start each open with an empty list
          performance.clearResourceTimings();
          const start = performance.now();
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
          const done = (ms: number) => {
            const calls = performance
              .getEntriesByType('resource')
              .filter((e) => e.startTime >= start && new URL(e.name).pathname.startsWith('/api/'))
              .map((e) => e as PerformanceResourceTiming);
            const ends = calls.map((e) => e.responseEnd - start).filter((t) => t <= ms);
            resolve({ ms, api: Math.round(Math.max(0, ...ends)), requests: ends.length });
          };
          const look = () => {
            const pane = document.querySelector(`.swp-pane[data-tab="${to}"]`);
            const el = pane?.querySelector(sel);
            const loading = el?.closest('.ant-table-wrapper')?.querySelector('.ant-spin-spinning');
            if (el?.getClientRects().length && !loading) done(Math.round(performance.now() - start));
            else if (performance.now() - start > 60_000) reject(new Error(`${to}: no ${sel} after 60 s`));
            else requestAnimationFrame(look);
          };
          look();
        }),
      [path, ready] as const,
    );

  const lists: Record<string, number> = {};
  const api: Record<string, string> = {};
  for (const path of LISTS) {
    const r = await open(path, '.ant-table-row, .ant-table-placeholder');
    lists[path] = r.ms;
    api[path] = `${r.requests} requests, last answered at ${r.api} ms`;
  }
  const map = (await open('/gis/map', 'canvas')).ms;
  return { lists, api, listMedian: median(Object.values(lists)), mapFirstOpen: map };
}

test('time from the menu to a list’s rows, and to the map', async ({ browser }, info) => {
  test.setTimeout(1_800_000);
  const baseline = process.env.LIST_TIMING_BASELINE;
  const rounds = baseline ? Number(process.env.LIST_TIMING_ROUNDS ?? 3) : 1;
  const runs: {
    build: 'baseline' | 'current';
    listMedian: number;
    mapFirstOpen: number;
    lists: Record<string, number>;
    api: Record<string, string>;
  }[] = [];
  for (let r = 0; r < rounds; r++) {
    const order: ('baseline' | 'current')[] = !baseline
      ? ['current']
      : r % 2
        ? ['current', 'baseline']
        : ['baseline', 'current'];
    for (const build of order) {
      const context = await browser.newContext();
      if (build === 'baseline' && baseline) await serveBuild(context, baseline);
      const page = await context.newPage();
      const result = await measure(page);
      await context.close();
      runs.push({ build, ...result });
      info.annotations.push({
        type: build,
        description: `round ${r + 1}: lists median ${result.listMedian} ms, map ${result.mapFirstOpen} ms; ${Object.entries(
          result.lists,
        )
          .map(([p, ms]) => `${p} ${ms} (${result.api[p]})`)
          .join(', ')}`,
      });
      console.log(`${build} ${info.annotations.at(-1)?.description}`);
    }
  }
  const of = (build: string) => runs.filter((x) => x.build === build);
  const summary = (build: string) => {
    const rs = of(build);
    if (!rs.length) return undefined;
    return {
      listMedian: median(rs.flatMap((x) => Object.values(x.lists))),
      mapFirstOpen: median(rs.map((x) => x.mapFirstOpen)),
    };
  };
  const report = { runs, current: summary('current'), baseline: summary('baseline') };
  const cur = report.current!;
  info.annotations.push({
    type: 'median',
    description: `lists: median ${cur.listMedian} ms, map ${cur.mapFirstOpen} ms`,
  });
  if (report.baseline)
    info.annotations.push({
      type: 'ratio',
      description: `current/baseline: lists ${(cur.listMedian / report.baseline.listMedian).toFixed(2)}, map ${(cur.mapFirstOpen / report.baseline.mapFirstOpen).toFixed(2)}`,
    });
  console.log(
    JSON.stringify(
      {
        current: report.current,
        baseline: report.baseline,
        runs: runs.map((x) => [x.build, x.listMedian, x.mapFirstOpen]),
      },
      null,
      2,
    ),
  );
  await info.attach('list-timing.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' });
  for (const x of runs) expect(Object.keys(x.lists)).toHaveLength(LISTS.length);
});
