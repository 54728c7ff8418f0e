/**
 * 辅助决策: the hydraulic model screen runs the demo network (progress, then done), colours the map (the legend
 * counts the junctions and links per colour) and moves with the time slider; a demand-growth scenario runs and is
 * compared side by side with the run as it is.
 */
import { test } from '@playwright/test';
import { activePane, expect, openMenu, signIn } from './fixtures';

test.describe.configure({ timeout: 240_000 });

test('hydraulic model: run, colouring and time slider; a scenario compared side by side', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await page.getByTestId('area-switcher').click();
  await page.locator('.swp-area-menu .ant-dropdown-menu-item').filter({ hasText: '辅助决策' }).click();
  await expect(page).toHaveURL(/\/hydraulic\/model$/);
  let pane = activePane(page);

  await pane.getByTestId('hydraulic-run').click();
  await expect(pane.getByTestId('hydraulic-state')).toHaveText('完成', { timeout: 120_000 });
  await expect(pane.getByTestId('model-result-map').locator('canvas').first()).toBeVisible();
  const time = pane.getByTestId('model-result-time');
  await expect(time).toHaveText('00:00');
  // every junction is painted: the legend's counts add up to more than zero in the service band
  const pressure = pane.getByTestId('legend-pressure');
  await expect(pressure).toContainText('≥28 (');
  await expect(pressure).not.toContainText('≥28 (0)', { timeout: 30_000 });
  const atMidnight = await pressure.innerText();

  // the slider to the evening peak: the time and the colours move with it
  const handle = pane.getByTestId('model-result-slider').getByRole('slider');
  await handle.focus();
  for (let i = 0; i < 19; i++) await handle.press('ArrowRight');
  await expect(time).toHaveText('19:00');
  await expect(pressure).not.toHaveText(atMidnight);

  // velocity ↔ flow switches the pipe legend
  await pane.getByText('流量 (L/s)', { exact: true }).first().click();
  await expect(pane.getByTestId('legend-links')).toContainText('≥200');

  // a scenario: demand +40 %, then compared with the base run
  await openMenu(page, '/hydraulic/scenario', ['水力模型']);
  pane = activePane(page);
  await pane.getByTestId('scenario-type').click();
  await page.locator('.ant-select-item-option', { hasText: '需水增长' }).click();
  await pane.getByTestId('scenario-percent').fill('40');
  await pane.getByTestId('scenario-submit').click();
  await expect(pane.getByTestId('scenario-state')).toHaveText('完成', { timeout: 120_000 });

  await pane.getByTestId('compare-0').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '现状' }).first().click();
  await pane.getByTestId('compare-1').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '需水增长 40%' })
    .first()
    .click();
  const table = pane.getByTestId('compare-table');
  await expect(table).toContainText('现状');
  await expect(table).toContainText('需水增长');
  await expect(pane.getByTestId('compare-a-map').locator('canvas').first()).toBeVisible();
  await expect(pane.getByTestId('compare-b-map').locator('canvas').first()).toBeVisible();
});
