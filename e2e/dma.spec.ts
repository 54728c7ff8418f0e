/**
 * DMA分区: the area opens on the zone tree and the map of zones; a zone's detail; the water balance (IWA table,
 * components chart, ranking); the night-flow chart with the balance beside it; a leak reported by hand in the
 * leak list, then dispatched for repair (the row turns 维修中).
 */
import { test } from '@playwright/test';
import { activePane, choose, dialog, signIn } from './admin-helpers';
import { confirmOk, expect, openArea, openMenu } from './fixtures';

test.describe.configure({ timeout: 240_000 });

test('DMA zones and map, balance, night flow, leak list with a dispatch', async ({ page }) => {
  await signIn(page, 'admin', 'admin');

  // the DMA分区 area opens its first screen: the zone tree and the map coloured by NRW rate
  await openArea(page, 'DMA分区', /\/dma\/zone$/);
  let pane = activePane(page);
  const tree = pane.getByTestId('dma-tree');
  await expect(tree).toContainText('蜀山DMA01', { timeout: 30_000 });
  await expect(tree).toContainText('瑶海DMA02');
  await expect(tree).toContainText('包河DMA03');
  await expect(pane.getByTestId('dma-map').locator('canvas').first()).toBeVisible();
  // this month's NRW rate beside each zone (a percentage tag)
  await expect(tree.locator('.ant-tag').first()).toContainText('%', { timeout: 30_000 });
  await tree.getByText('蜀山DMA01').click();
  const detail = pane.getByTestId('dma-detail');
  await expect(detail).toContainText('DMA01 蜀山DMA01');
  await expect(detail).toContainText('LL001');
  await expect(detail).toContainText('管线(条)', { timeout: 30_000 });
  await expect(detail).toContainText('所有用户均已定位');

  // the water balance: the IWA table, the components chart and the ranking of the three zones
  await openMenu(page, '/dma/balance', ['DMA分区']);
  pane = activePane(page);
  const table = pane.getByTestId('dma-balance-table');
  await expect(table).toContainText('系统供水量', { timeout: 30_000 });
  await expect(table).toContainText('真实漏损');
  await expect(table).toContainText('分区计量表');
  await expect(pane.getByTestId('dma-balance-chart').locator('canvas')).toBeVisible();
  await expect(pane.getByTestId('dma-ranking').locator('tr.ant-table-row')).toHaveCount(3);

  // the night flow of the first zone, with this month's balance beside it
  await openMenu(page, '/dma/night', ['DMA分区']);
  pane = activePane(page);
  await expect(pane.getByTestId('dma-night-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(pane.getByTestId('dma-balance-table')).toContainText('产销差水量');

  // a leak found in the field, reported by hand, then dispatched for repair
  await openMenu(page, '/dma/leak', ['DMA分区']);
  pane = activePane(page);
  await pane.getByRole('button', { name: '登记漏损' }).click();
  await choose(page, '分区', '包河DMA03');
  await dialog(page).getByLabel('漏损流量(m³/h)', { exact: true }).fill('18.5');
  await dialog(page)
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-message')).toContainText('已登记漏损事件');
  const row = pane.getByTestId('dma-leak-table').locator('tr.ant-table-row', { hasText: '包河DMA03' }).first();
  await expect(row).toContainText('人工登记');
  await expect(row).toContainText('18.5');
  await expect(row).toContainText('待处理');
  await row.getByRole('button', { name: '派单维修' }).click();
  await confirmOk(page, /确\s*定|OK/);
  await expect(page.locator('.ant-message')).toContainText('已派单');
  await expect(row).toContainText('维修中');
});
