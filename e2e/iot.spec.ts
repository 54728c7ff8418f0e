/**
 * Device telemetry (issue 18): the administrator switches a station's simulator off on 站点监测, issues the device's
 * secret on 设备管理 › 接入 (shown once), a reading is posted over HTTP with it (as a device would with curl), and the
 * drawer shows the last contact and the value (live, as the points arrive); a bad reading is refused and counted.
 */
import { activePane, confirmOk, expect, openMenu, signIn, test } from './fixtures';

test('telemetry: switch simulation off, issue a device secret, post a reading, see it on the device', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin');

  // 站点监测: 新站区压力点 (YL004) stops being simulated — its device reports from now on
  await openMenu(page, '/monitor/station', ['监测中心']);
  const stations = activePane(page);
  await stations.getByTestId('station-keyword').fill('YL004');
  await stations.getByTestId('station-search-submit').click();
  const sw = stations.getByTestId('station-simulated-YL004');
  await expect(sw).toHaveAttribute('aria-checked', 'true');
  await sw.click();
  await expect(page.getByText('已关闭模拟，由设备上报数据')).toBeVisible();
  await expect(sw).toHaveAttribute('aria-checked', 'false');

  // 设备管理: the valve FM-YL004 on that station; 接入 → 签发新密钥, shown once
  await openMenu(page, '/device/base', ['设备中心']);
  const devices = activePane(page);
  await expect(devices.getByTestId('device-page')).toBeVisible();
  await devices.getByTestId('telemetry-FM-YL004').click();
  const drawer = page.getByTestId('telemetry-drawer');
  await expect(drawer).toContainText('FM-YL004@000000');
  await expect(drawer).toContainText('swp/000000/FM-YL004/telemetry');
  await expect(drawer.getByTestId('telemetry-credential')).toHaveText('尚未签发');
  await drawer.getByTestId('telemetry-issue').click();
  await confirmOk(page, /确\s*定|OK/, '.ant-popconfirm');
  const secret = (await drawer.getByTestId('telemetry-secret-value').textContent())?.trim() ?? '';
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await expect(drawer.getByTestId('telemetry-credential')).toContainText('已签发');
  await expect(drawer.getByTestId('telemetry-last-contact')).toHaveText('—');

  // the device posts a reading (what `curl -u FM-YL004@000000:<secret>` sends)
  const device = `Basic ${Buffer.from(`FM-YL004@000000:${secret}`).toString('base64')}`;
  const sent = await page.request.post('/api/swp-iot/telemetry', {
    headers: { authorization: device, 'content-type': 'application/json' },
    data: { ts: Date.now(), values: { pressure: 0.4567 } },
  });
  expect(sent.status()).toBe(200);
  expect((await sent.json()).data).toEqual({ points: 1 });

  // the open drawer follows the live channel: last contact, online, the value
  await expect(drawer.getByTestId('telemetry-last-contact')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, {
    timeout: 15_000,
  });
  await expect(drawer.getByTestId('telemetry-online')).toHaveText('在线');
  await expect(drawer.getByTestId('telemetry-last-values')).toContainText('0.4567');

  // a reading of a field the station does not have is refused, counted by reason
  const bad = await page.request.post('/api/swp-iot/telemetry', {
    headers: { authorization: device, 'content-type': 'application/json' },
    data: { ts: Date.now(), values: { chlorine: 1.2 } },
  });
  expect(bad.status()).toBe(400);
  const wrong = await page.request.post('/api/swp-iot/telemetry', {
    headers: { authorization: `Basic ${Buffer.from('FM-YL004@000000:wrong').toString('base64')}` },
    data: { values: { pressure: 0.5 } },
  });
  expect(wrong.status()).toBe(401);

  // closed and opened again: the secret is not shown any more; the refusals are listed
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(devices.getByTestId('last-contact-FM-YL004')).toContainText('在线');
  await devices.getByTestId('telemetry-FM-YL004').click();
  await expect(drawer.getByTestId('telemetry-secret')).toHaveCount(0);
  const refusals = drawer.getByTestId('telemetry-refusals');
  await expect(refusals).toContainText('未知的监测项');
  await expect(refusals).toContainText('密钥错误或未签发');
  await expect(drawer.getByTestId('telemetry-last-values')).toContainText('0.4567');
});
