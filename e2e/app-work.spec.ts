/**
 * The field app's work besides patrol check-ins, on a phone (390×844, touch, emulated GPS):
 * - Today lists a sampling task and a repair order; the sampling task is done on the phone (results reach the
 *   laboratory list);
 * - new work pushed live: a sampling task made in the console while the app is open appears in Today;
 * - a repair order: the burst's valves in closing order checked off (two offline, reaching the console once each
 *   when the network returns), the step completed with photos before and after (the process moves on);
 * - a patrol task never opened online (kept ahead for offline use) opened, started, checked in and finished
 *   offline, then sent once when the network returns;
 * - the task map draws only the GIS layers chosen in the app settings.
 */
import { type APIRequestContext, test } from '@playwright/test';
import { phone, signInApp } from './app-helpers';
import { apiSignIn, BASIC, expect } from './fixtures';

test.describe.configure({ timeout: 180_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: object) {
  const headers = { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` };
  const res =
    method === 'GET'
      ? await request.get(path, { headers, params: data as Record<string, string> })
      : await request.post(path, { headers, data });
  const body = await res.json();
  expect(body.success, `${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.data;
}

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test('Today: a sampling task pushed live and done on the phone, and a repair order with valves checked off (two offline) and photos before and after', async ({
  browser,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin', 'admin');
  const me = await apiSignIn(request, 'xj105', '123456');
  // a burst on a long distribution pipe, dispatched: its 现场抢修 step waits for the patrol crews
  const pipeRes = await request.post('/api/lc-gis/proxyHopeServer/rest/services/gis/pipe/query', {
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${admin.token}` },
    data: { f: 'json', where: "pipeClass = 'distribution' AND length > 400", resultRecordCount: 1, outFields: 'gid' },
  });
  const pipeGid = (await pipeRes.json()).features[0].attributes.gid;
  const ev = await call(request, admin.token, 'POST', '/api/swp-dispatch/wsnc-squibbing-event/analyse', { pipeGid });
  const operator = await apiSignIn(request, 'operator', 'operator');
  const started = await call(request, operator.token, 'POST', '/api/blade-workflow/process/startProcess', {
    processDefKey: 'burst_repair',
    title: 'E2E 手机抢修',
    variables: { eventId: ev.id, address: '测试路 1 号', level: '一般', description: '路面冒水', pipeDiameter: 300 },
  });
  const dispatchTask = started.tasks?.[0]?.id ?? started.tasks?.[0]?.taskId;
  expect(dispatchTask, JSON.stringify(started)).toBeTruthy();
  await call(request, operator.token, 'POST', '/api/blade-workflow/process/completeTask', {
    taskId: dispatchTask,
    comment: '派抢修班',
  });

  const { context, page } = await phone(browser);
  await signInApp(page, 'xj105', 'app-refresh');
  // new work pushed live: with the app open, the console makes a sampling task for me; Today shows it, no reload
  await expect(page.getByTestId('app-offline-ready')).toBeVisible();
  await expect(page.locator('html[data-live="open"]')).toBeAttached({ timeout: 15_000 });
  await expect(page.getByTestId('app-sampling').filter({ hasText: '手机采样E2E' })).toHaveCount(0);
  await page.evaluate(() => {
    (window as any).__sameDocument = true;
  });
  // a sampling plan of mine, due today, and today's tasks made from it
  await call(request, admin.token, 'POST', '/api/swp-quality/plan/submit', {
    code: 'E2E-APP',
    name: '手机采样E2E',
    pointCodes: ['WQ-N01'],
    indicatorCodes: ['turbidity', 'ph'],
    frequency: 'DAILY',
    assignee: me.userId,
    startDate: '2025-01-01',
  });
  await call(request, admin.token, 'POST', '/api/swp-quality/plan/generate', { date: today() });
  // the sampling task, done with results
  const sampling = page.getByTestId('app-sampling').filter({ hasText: '手机采样E2E' });
  await expect(sampling).toContainText('待执行', { timeout: 15_000 });
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
  await expect(sampling).toContainText(today());
  await sampling.click();
  await expect(page.getByTestId('app-sampling-view')).toBeVisible();
  const code = `E2E${Date.now() % 1_000_000}`;
  await page.getByTestId('app-sample-code').fill(code);
  await page.getByTestId('app-result-turbidity').fill('0.4');
  await page.getByTestId('app-result-ph').fill('7.1');
  await page.getByTestId('app-sample-results').click();
  await expect(page.getByTestId('app-sampling').filter({ hasText: '手机采样E2E' })).toContainText('已采样');
  await expect
    .poll(async () => {
      const r = await call(request, admin.token, 'GET', '/api/swp-quality/result/list', { sampleCode: code });
      return (r.records ?? r).length;
    })
    .toBe(2);

  // the repair order: step 2 of 4, valves in closing order
  const repair = page.getByTestId('app-repair').filter({ hasText: 'E2E 手机抢修' });
  await expect(repair).toContainText('现场抢修');
  await expect(repair).toContainText('2/4');
  await repair.click();
  await expect(page.getByTestId('app-repair-view')).toBeVisible();
  await expect(page.getByTestId('app-steps').locator('[aria-current="step"]')).toHaveText('现场抢修');
  const valves = page.locator('.valves').first().getByTestId('app-valve');
  const n = await valves.count();
  expect(n).toBeGreaterThan(1);
  // offline: two valves ticked wait in the outbox, shown ticked and waiting
  await context.setOffline(true);
  await expect(page.getByTestId('app-online')).toHaveText('离线');
  for (const i of [0, 1]) {
    await valves.nth(i).getByRole('checkbox').click();
    await expect(valves.nth(i)).toHaveAttribute('data-pending', 'true');
    await expect(valves.nth(i)).toHaveAttribute('data-closed', 'true');
  }
  const valveGids = async () =>
    (await call(request, admin.token, 'GET', '/api/swp-dispatch/wsnc-squibbing-event/valve-list', { eventId: ev.id }))
      .filter((v: any) => v.role === 'close' && v.closed === 1)
      .map((v: any) => v.valveGid);
  expect(await valveGids()).toEqual([]);
  // back online: both reach the console, once each (a resend of either client id is answered as a duplicate)
  await context.setOffline(false);
  await expect(page.locator('[data-testid="app-valve"][data-pending="true"]')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await valveGids()).length).toBe(2);
  const sent = await page.evaluate(
    () =>
      new Promise<any[]>((resolve) => {
        const r = indexedDB.open('swp-app');
        r.onsuccess = () => {
          const q = r.result.transaction('outbox').objectStore('outbox').getAll();
          q.onsuccess = () => resolve(q.result.filter((i: any) => i.kind === 'valve'));
        };
      }),
  );
  expect(sent.map((i) => i.state)).toEqual(['sent', 'sent']);
  for (const i of sent)
    expect(await call(request, me.token, 'POST', '/api/swp-app/repair/valve', i.body)).toMatchObject({
      duplicate: true,
    });
  // the rest online, each box following the server's answer
  for (let i = 2; i < n; i++) {
    await valves.nth(i).getByRole('checkbox').click();
    await expect(valves.nth(i)).toHaveAttribute('data-closed', 'true');
    await expect(valves.nth(i)).toHaveAttribute('data-pending', 'false', { timeout: 30_000 });
  }
  await expect(page.getByTestId('app-event-status')).toContainText('已关闭');
  // without photos the step is not sent
  await page.getByTestId('app-repair-note').fill('更换 2 米管段，已恢复');
  await page.getByTestId('app-repair-submit').click();
  await expect(page.locator('.error')).toContainText('抢修前和抢修后');
  await page.getByTestId('app-photo-before').setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('app-photo-after').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.thumbs img')).toHaveCount(2);
  await page.getByTestId('app-repair-submit').click();
  await page.getByTestId('app-queue-tab').click();
  await expect(page.locator('[data-testid="app-queue-item"][data-kind="repair"][data-state="sent"]')).toHaveCount(1, {
    timeout: 30_000,
  });
  // the step is done: the order leaves my Today (the process moved on to 恢复供水)
  const after = await call(request, me.token, 'GET', '/api/swp-app/work/today');
  expect(after.repairs.some((r: any) => r.instanceId === started.processInstanceId)).toBe(false);
  const ops = await call(request, operator.token, 'GET', '/api/swp-app/work/today');
  expect(ops.repairs.find((r: any) => r.instanceId === started.processInstanceId)).toMatchObject({
    taskDefKey: 'restore',
  });
  await context.close();
});

test('a patrol task never opened online is started, checked in and finished offline, sent once when the network returns; the map draws only the chosen layers', async ({
  browser,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin', 'admin');
  const base = await call(request, admin.token, 'GET', '/api/swp-app/setting/detail');
  await call(request, admin.token, 'POST', '/api/swp-app/setting/submit', { ...base, gisLayers: 'pipe' });
  const me = await apiSignIn(request, 'xj106', '123456');
  const mine = await call(request, me.token, 'GET', '/api/swp-app/task/mine');
  const task = mine.find((t: any) => t.taskStatus === 0 && t.checkedCount === 0 && t.objectCount === 5);
  expect(task).toBeTruthy();
  const detail = await call(request, me.token, 'GET', '/api/swp-app/task/detail', { id: task.id });
  const objects = detail.objects as { objectName: string; lon: number; lat: number }[];

  const { context, page } = await phone(browser, objects[0]);
  await signInApp(page, 'xj106', 'app-refresh');
  // Today's tasks are kept for offline use: this one is opened for the first time without a connection
  await expect(page.getByTestId('app-offline-ready')).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await expect(page.getByTestId('app-online')).toHaveText('离线');
  // by its id: yesterday's task of the same plan, overdue and half done, may be listed first under the same name
  await page.locator(`[data-testid="app-task"][data-task-id="${task.id}"]`).click();
  await expect(page.getByTestId('task-map')).toBeVisible();
  // only the pipes layer is chosen: pipes drawn over the console map's basemap, no valves
  await expect(page.getByTestId('map-pipe').first()).toBeAttached();
  await expect(page.getByTestId('map-basemap')).toBeAttached();
  await expect(page.getByTestId('map-valve')).toHaveCount(0);
  await page.getByTestId('app-start').click();
  for (const o of objects) {
    await context.setGeolocation({ longitude: o.lon, latitude: o.lat, accuracy: 8 });
    await page.getByTestId('app-object').filter({ hasText: o.objectName }).getByTestId('app-check').click();
    await expect(page.getByTestId('app-sheet-distance')).toContainText('米');
    await page.getByTestId('app-submit').click();
  }
  await page.getByTestId('app-finish').click();
  await expect(page.getByTestId('app-queue-count')).toHaveText('7');
  expect((await call(request, me.token, 'GET', '/api/swp-app/task/detail', { id: task.id })).startTime).toBeNull();

  await context.setOffline(false);
  await page.getByTestId('app-queue-tab').click();
  await expect(page.locator('[data-testid="app-queue-item"][data-state="sent"]')).toHaveCount(7, { timeout: 30_000 });
  await expect(page.locator('[data-testid="app-queue-item"][data-state="conflict"]')).toHaveCount(0);
  const after = await call(request, admin.token, 'GET', '/api/swp-pipeops-patrol/patrol-task/detail', { id: task.id });
  expect(after).toMatchObject({ taskStatus: 2, checkedCount: 5 });
  await call(request, admin.token, 'POST', '/api/swp-app/setting/submit', base);
  await context.close();
});
