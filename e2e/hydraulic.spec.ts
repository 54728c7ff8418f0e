/**
 * 辅助决策: the hydraulic model screen runs the demo network (progress, then done), colours the map (the legend
 * counts the junctions and links per colour) and moves with the time slider; a demand-growth scenario runs and is
 * compared side by side with the run as it is; the roughness table (管材糙率) refuses a bad row and keeps a good one.
 */
import { test } from '@playwright/test';
import { dialog, expectFieldError, expectMessage, fill, row, rowDelete, save, toolbarButton } from './admin-helpers';
import { activePane, expect, openArea, openMenu, openMenuScreen, signIn } from './fixtures';

test.describe.configure({ timeout: 240_000 });

test('hydraulic model: run, colouring and time slider; a scenario compared side by side', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openArea(page, '辅助决策', /\/hydraulic\/model$/);
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
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '现状' })
    .first()
    .click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await pane.getByTestId('compare-1').click();
  await page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: '需水增长 40%' })
    .first()
    .click();
  const table = pane.getByTestId('compare-table');
  await expect(table).toContainText('现状');
  await expect(table).toContainText('需水增长');
  await expect(pane.getByTestId('compare-a-map').locator('canvas').first()).toBeVisible();
  await expect(pane.getByTestId('compare-b-map').locator('canvas').first()).toBeVisible();
});

test('hydraulic model: the demand sources and the calibration table with its 24 h chart', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await openArea(page, '辅助决策', /\/hydraulic\/model$/);
  const pane = activePane(page);
  await expect(pane.getByTestId('hydraulic-demands')).toContainText('分区进水分摊');
  await pane.getByTestId('hydraulic-run').click();
  await expect(pane.getByTestId('hydraulic-state')).toHaveText('完成', { timeout: 120_000 });
  await pane.getByRole('tab', { name: '模型校准' }).click();
  const calib = pane.getByTestId('hydraulic-calibration');
  // a DMA inlet meter's flow against its pipe, with its errors; its row opens the two curves
  const row = calib.getByTestId('calib-row-LL001-flow');
  await expect(row).toContainText('GX-');
  await expect(row.getByTestId('calib-mean')).toContainText('L/s');
  await row.click();
  await expect(calib.getByTestId('calib-curves').locator('canvas').first()).toBeVisible();
});

test('hydraulic scenarios: the minimum service pressure, water age and source tracing on the map', async ({ page }) => {
  // building the demo model takes minutes on a loaded machine
  test.setTimeout(600_000);
  await signIn(page, 'admin', 'admin');
  await openArea(page, '辅助决策', /\/hydraulic\/model$/);
  // the model page builds the demo model first (the scenario's POST would wait on the build)
  await expect(activePane(page).getByTestId('hydraulic-demands')).toContainText('分区进水分摊', { timeout: 300_000 });
  await openMenu(page, '/hydraulic/scenario', ['水力模型']);
  const pane = activePane(page);
  // picks an option of the select just opened, then waits until its list has closed: the next select's click
  // must not land on a list still fading out over it
  const option = (text: string | RegExp) => ({
    click: async () => {
      await page
        .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: text })
        .first()
        .click();
      await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    },
  });

  // water age over one day, service pressure 14 m
  await pane.getByTestId('scenario-type').click();
  await option('水龄与水源追踪').click();
  await pane.getByTestId('scenario-days').fill('1');
  await pane.getByTestId('scenario-min-pressure').fill('14');
  await pane.getByTestId('scenario-submit').click();
  await expect(pane.getByTestId('scenario-state')).toHaveText('完成', { timeout: 180_000 });
  // the share of plant SC001's water, with a service pressure no junction reaches (the plants give 40 m)
  await pane.getByTestId('scenario-quality-mode').click();
  await option(/^水源追踪$/).click();
  await pane.getByTestId('scenario-trace-node').fill('SC001');
  await pane.getByTestId('scenario-min-pressure').fill('60');
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/swp-hydraulic/run') && r.request().method() === 'POST'),
    pane.getByTestId('scenario-submit').click(),
  ]);
  await expect(pane.getByTestId('scenario-state')).toHaveText('完成', { timeout: 120_000 });

  await pane.getByTestId('compare-0').click();
  await option(/水龄与水源追踪 水龄 ·/).click();
  await pane.getByTestId('compare-1').click();
  await option('水源追踪 SC001').click();
  const table = pane.getByTestId('compare-table');
  // the minimum asked for is the one counted: 60 m puts (nearly) every junction below, 14 m few of them
  const below = table.locator('tr', { hasText: '低于服务压力的节点' }).locator('td');
  await expect(below.nth(2)).toHaveText(/^\d+$/);
  const at14 = Number(await below.nth(1).innerText());
  const at60 = Number(await below.nth(2).innerText());
  expect(at60).toBeGreaterThan(at14 * 2);
  const quality = table.locator('tr', { hasText: '水质 平均 / 最大' }).locator('td');
  await expect(quality.nth(1)).toContainText(' h');
  await expect(quality.nth(2)).toContainText(' %');

  // water age on the map: every junction fresh at 00:00, older water by the end of the day
  const age = pane.getByTestId('compare-a');
  const ageLegend = age.getByTestId('legend-quality');
  await expect(ageLegend).toContainText('水龄 (h)');
  await expect(age.getByTestId('compare-a-time')).toHaveText('00:00');
  await expect(ageLegend).toContainText('≥6 (0)');
  await expect(ageLegend).not.toContainText('≥0 (0)');
  const ageHandle = age.getByTestId('compare-a-slider').getByRole('slider');
  await ageHandle.focus();
  await ageHandle.press('End');
  await expect(age.getByTestId('compare-a-time')).toHaveText('24:00');
  await expect(ageLegend).not.toContainText('≥6 (0)', { timeout: 30_000 });

  // source tracing on the map: by the end of the day part of the city drinks mostly SC001's water
  const trace = pane.getByTestId('compare-b');
  const traceLegend = trace.getByTestId('legend-quality');
  await expect(traceLegend).toContainText('来自水源 (%)');
  const traceHandle = trace.getByTestId('compare-b-slider').getByRole('slider');
  await traceHandle.focus();
  await traceHandle.press('End');
  await expect(trace.getByTestId('compare-b-time')).toHaveText('24:00');
  await expect(traceLegend).not.toContainText('≥50 (0)', { timeout: 30_000 });
  await expect(traceLegend).not.toContainText('≥0 (0)');
});

test('管材糙率: the roughness table is validated, a material added and deleted', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  const screen = await openMenuScreen(page, '/hydraulic/material', ['水力模型'], 'hydraulic-material');
  // the common table, with the C a 30-year-old pipe has
  await expect(row(screen, '灰口铸铁管')).toContainText('铸铁,cast');
  await expect(row(screen, '钢管')).toContainText('108');

  const name = `石棉水泥管${Date.now().toString(36).slice(-4)}`;
  await toolbarButton(screen, /新\s*增/).click();
  const d = dialog(page);
  await save(page);
  await expectFieldError(page, '请输入管材名称');
  await expectFieldError(page, '请输入匹配关键字');
  await expectFieldError(page, '请输入新管系数 C');
  await fill(page, { 管材名称: name, 匹配关键字: '石棉, AC', '新管系数 C': '100', 最低系数: '120' });
  await save(page);
  await expectMessage(page, '最低系数不能大于新管系数');
  await d.getByLabel('最低系数', { exact: true }).fill('60');
  await save(page);
  await expectMessage(page, '新增成功');
  // 100 − 0.4 × 30
  await expect(row(screen, name)).toContainText('石棉,AC');
  await expect(row(screen, name)).toContainText('88');
  await rowDelete(page, screen, name);
});
