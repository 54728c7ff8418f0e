import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real server on a fresh
 * embedded database, serving the built web app (`npm run build -w apps/web` first; `npm test` does it).
 */
const PORT = Number(process.env.E2E_PORT ?? 18081);
const DATA_DIR = `.tmp/e2e-data-${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  // per port, so two runs on one machine do not delete each other's artifacts
  outputDir: `.tmp/test-results-${PORT}`,
  timeout: 60_000,
  // The whole run must end well inside CI's limit even when something makes every test wait out its timeout.
  globalTimeout: 50 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
    trace: 'retain-on-failure',
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
  webServer: {
    command: `rm -rf ${DATA_DIR} && node --import tsx apps/server/src/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      SWP_CAPTCHA: 'off',
      SWP_MONITOR_BACKFILL_DAYS: '30',
      LOG_LEVEL: 'warn',
      // the browser tests post telemetry over HTTP; 1883 may be another broker's (Mosquitto on CI machines)
      SWP_MQTT_PORT: 'off',
    },
  },
});
