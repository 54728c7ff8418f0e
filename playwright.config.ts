import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real server on a fresh
 * embedded database, serving the built web app (`npm run build -w apps/web` first; `npm test` does it).
 */
const PORT = Number(process.env.E2E_PORT ?? 18081);

/**
 * With E2E_SERVERS=2: two servers, each on its own fresh embedded database, and two projects, one worker each: the long read-only walks
 * (every menu screen for accessibility, in English, per role), the workflow files and a few data-only areas run against the second server
 * while the rest run against the first. Neither sees the other's data, so running side by side changes no outcome;
 * (README, Test).
 */
// (with five data-only files of about two minutes, to even the two sides' lengths)
const SECOND = /[\\/](a11y|english|role-buttons|workflow[-a-z]*|hydraulic|patrol|quality|monitor|dma)\.spec\.ts$/;
/**
 * The default is one server and one worker: measured on 2 cores, the two side by side made each test several times
 * slower (the walks' software-rendered maps and screens and the second server took the CPU the first side needed),
 * so the split is kept only behind E2E_SERVERS=2 for machines with more cores.
 */
const ONE = process.env.E2E_SERVERS !== '2';

function server(port: number) {
  const dataDir = `.tmp/e2e-data-${port}`;
  return {
    command: `rm -rf ${dataDir} && node --import tsx apps/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    // two servers seed their demo utilities at once on two cores
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SWP_CAPTCHA: 'off',
      SWP_MONITOR_BACKFILL_DAYS: '30',
      LOG_LEVEL: 'warn',
      // the browser tests post telemetry over HTTP; 1883 may be another broker's (Mosquitto on CI machines)
      SWP_MQTT_PORT: 'off',
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  // per port, so two runs on one machine do not delete each other's artifacts
  outputDir: `.tmp/test-results-${PORT}`,
  timeout: 60_000,
  // The whole run must end inside CI's 90-minute limit even when something makes every test wait out its timeout:
  // the suites before it take about 28 min there, a clean browser run about 47 min on 2 cores (2026-12-04).
  globalTimeout: 55 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: ONE ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    locale: 'zh-CN',
    // the console follows the visitor's "reduce motion" (no zooming dialogs, no fading lists): a click never lands on
    // a dialog still zooming in or a list still fading out (CI lost a delete and a dropdown pick that way)
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
    // A trace records every action's screenshots and DOM: measured on 2 cores, recording it for every test (to keep
    // the failures') made the browser tests about a quarter slower (30 tests: 287 s → 216 s without). CI keeps no
    // files anyway; a failing test's retry records one. E2E_TRACE=retain-on-failure keeps a first failure's locally.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: ONE
    ? [{ name: 'main', use: { baseURL: `http://127.0.0.1:${PORT}` } }]
    : [
        { name: 'main', testIgnore: SECOND, workers: 1, use: { baseURL: `http://127.0.0.1:${PORT}` } },
        { name: 'second', testMatch: SECOND, workers: 1, use: { baseURL: `http://127.0.0.1:${PORT + 1}` } },
      ],
  webServer: ONE ? [server(PORT)] : [server(PORT), server(PORT + 1)],
});
