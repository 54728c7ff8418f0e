/**
 * Helpers of the field app's browser tests (移动应用 at /app/): a phone with emulated GPS, and the app's own
 * sign-in as a patrol person of the demo seed.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** A phone (390×844, touch, zh-CN, Shanghai time) at a position, the GPS allowed: its context and a page. */
export async function phone(
  browser: Browser,
  at: { lon: number; lat: number } = { lon: 117.25, lat: 31.85 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    geolocation: { longitude: at.lon, latitude: at.lat, accuracy: 8 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in to the field app (the seed's patrol password 123456); resolves once the element `shown` (a test id) shows. */
export async function signInApp(page: Page, account: string, shown: string) {
  await page.goto('/app/');
  await page.getByTestId('app-account').fill(account);
  await page.getByTestId('app-password').fill('123456');
  await page.getByTestId('app-sign-in').click();
  await expect(page.getByTestId(shown)).toBeVisible();
}
