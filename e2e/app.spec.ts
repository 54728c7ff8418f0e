/**
 * The field app (移动应用) at /app/ on a phone (390×844, touch, emulated GPS), signed in as patrol staff of the
 * demo seed, each test with its own person and daily task:
 * - a task from start to finish: a check-in 1 km away is flagged, a hazard with a photo reaches the console (its
 *   hazard, process and stored photo checked through the API), the task is finished;
 * - offline (the browser's network off): three check-ins and a hazard wait in the outbox, then all reach the
 *   server exactly once when the network returns;
 * - a device signed out from the console (设备管理) loses its session and the app returns to sign-in.
 */
import { type APIRequestContext, type Page, test } from '@playwright/test';
import { activePane, signIn as consoleSignIn } from './admin-helpers';
import { phone, signInApp } from './app-helpers';
import { apiSignIn, BASIC, confirmOk, expect } from './fixtures';

test.describe.configure({ timeout: 180_000 });

async function tokenOf(request: APIRequestContext, account: string, password: string): Promise<string> {
  return (await apiSignIn(request, account, password)).token;
}

async function api(request: APIRequestContext, token: string, path: string, params?: Record<string, string>) {
  const res = await request.get(path, { headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` }, params });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data;
}

/** The person's daily task of today (five objects along a street) with its objects' positions. */
async function todaysTask(request: APIRequestContext, account: string) {
  const token = await tokenOf(request, account, '123456');
  const mine = await api(request, token, '/api/swp-app/task/mine');
  const task = mine.find((t: any) => t.taskStatus === 0 && t.checkedCount === 0 && t.objectCount === 5);
  expect(task, `a fresh daily task for ${account}`).toBeTruthy();
  const detail = await api(request, token, '/api/swp-app/task/detail', { id: task.id });
  return { token, task, objects: detail.objects as { id: string; objectName: string; lon: number; lat: number }[] };
}

/** Opens the task by its id: an earlier, overdue task of the same plan may be listed under the same name. */
async function openTask(page: Page, task: { id: string }) {
  await page.locator(`[data-testid="app-task"][data-task-id="${task.id}"]`).click();
  await expect(page.getByTestId('app-task-view')).toBeVisible();
  await expect(page.getByTestId('task-map')).toBeVisible();
}

const objectRow = (page: Page, name: string) => page.getByTestId('app-object').filter({ hasText: name });

async function checkIn(page: Page, name: string) {
  await objectRow(page, name).getByTestId('app-check').click();
  await expect(page.getByTestId('app-sheet-distance')).toContainText('米');
  await page.getByTestId('app-submit').click();
}

/** A small JPEG whose EXIF block carries a GPS note (the server strips it). */
function photo(): Buffer {
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from('MM\0*GPS-31.85,117.25', 'latin1')]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, exif.length + 2]), exif]);
  const jfif = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sos = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0x56, 0xff, 0xd9]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, jfif, sos]);
}

async function reportHazard(page: Page, name: string, note: string, withPhoto: boolean) {
  await objectRow(page, name).getByTestId('app-hazard').click();
  await page.getByTestId('app-event-type').selectOption('leak');
  await page.getByTestId('app-note').fill(note);
  if (withPhoto) {
    await page.getByTestId('app-photo').setInputFiles({ name: 'leak.jpg', mimeType: 'image/jpeg', buffer: photo() });
    await expect(page.locator('.thumbs img')).toHaveCount(1);
  }
  await page.getByTestId('app-submit').click();
}

test('a patrol task from start to finish: a far check-in is flagged, a hazard with a photo reaches the console', async ({
  browser,
  request,
}) => {
  const { task, objects } = await todaysTask(request, 'xj101');
  const [o1, o2, o3, o4, o5] = objects;
  const { context, page } = await phone(browser, o1);
  await signInApp(page, 'xj101', 'app-tasks');
  await openTask(page, task);
  await expect(page.getByTestId('map-me')).toBeVisible();
  await page.getByTestId('app-start').click();
  await expect(page.getByTestId('app-check')).toHaveCount(5);

  // 1 km east of the second object: the sheet warns, the check-in is saved flagged
  await context.setGeolocation({ longitude: o2.lon + 0.0106, latitude: o2.lat, accuracy: 8 });
  await objectRow(page, o2.objectName).getByTestId('app-check').click();
  await expect(page.getByTestId('app-far-warning')).toBeVisible();
  await page.getByTestId('app-submit').click();
  await expect(objectRow(page, o2.objectName).getByTestId('app-far')).toBeVisible();
  await expect(objectRow(page, o2.objectName).getByTestId('app-object-state')).toHaveText('已签到');

  // at the objects: normal check-ins, and a hazard with a photo at the third
  await context.setGeolocation({ longitude: o1.lon, latitude: o1.lat, accuracy: 8 });
  await checkIn(page, o1.objectName);
  await context.setGeolocation({ longitude: o3.lon, latitude: o3.lat, accuracy: 8 });
  await reportHazard(page, o3.objectName, '阀门井内积水渗漏', true);
  await expect(objectRow(page, o3.objectName).getByTestId('app-object-state')).toHaveText('上报隐患');
  for (const o of [o4, o5]) {
    await context.setGeolocation({ longitude: o.lon, latitude: o.lat, accuracy: 8 });
    await checkIn(page, o.objectName);
  }
  await expect(page.getByTestId('app-progress')).toHaveText('5/5');
  await expect(objectRow(page, o5.objectName).getByTestId('app-object-state')).toHaveText('已签到');
  await page.getByTestId('app-finish').click();
  await expect(page.getByRole('status')).toHaveText('任务已完成');

  // the console's view (as the office): the task finished, one far check-in, the hazard with its process and photo
  const admin = await tokenOf(request, 'admin', 'admin');
  // finishing goes through the outbox like every action (sent in order, right after the check-ins): wait for it
  const detail = () => api(request, admin, '/api/swp-pipeops-patrol/patrol-task/detail', { id: task.id });
  await expect.poll(async () => (await detail()).taskStatus, { timeout: 20_000 }).toBe(2);
  const done = await detail();
  expect(done).toMatchObject({ taskStatus: 2, checkedCount: 5, hazardCount: 1 });
  expect(done.objects.filter((o: any) => o.checkFar === 1).map((o: any) => o.id)).toEqual([o2.id]);
  const hazards = await api(request, admin, '/api/swp-pipeops-patrol/patrol-hazard/page', { taskId: task.id });
  expect(hazards.total).toBe(1);
  expect(hazards.records[0]).toMatchObject({ description: '阀门井内积水渗漏', eventType: 'leak', hazardStatus: 1 });
  expect(hazards.records[0].processInstanceId).toBeTruthy();
  const url = hazards.records[0].photos;
  expect(url).toMatch(/^\/api\/swp-app\/photo\/\d+$/);
  const img = await request.get(url, { headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${admin}` } });
  expect(img.headers()['content-type']).toContain('image/jpeg');
  expect((await img.body()).includes(Buffer.from('Exif'))).toBe(false);
  await context.close();
});

test('offline: three check-ins and a hazard wait in the outbox and reach the server exactly once', async ({
  browser,
  request,
}) => {
  const { task, objects } = await todaysTask(request, 'xj102');
  const [o1, o2, o3, o4] = objects;
  const { context, page } = await phone(browser, o1);
  await signInApp(page, 'xj102', 'app-tasks');
  await openTask(page, task);
  await page.getByTestId('app-start').click();
  await expect(page.getByTestId('app-check')).toHaveCount(5);
  // the start goes through the outbox too: wait until the server has it, so only the check-ins wait below
  await expect(page.getByTestId('app-task-view').locator('.bar .tag')).toHaveText('执行中');

  await context.setOffline(true);
  await expect(page.getByTestId('app-online')).toHaveText('离线');
  for (const o of [o1, o2, o3]) {
    await context.setGeolocation({ longitude: o.lon, latitude: o.lat, accuracy: 8 });
    await checkIn(page, o.objectName);
    await expect(objectRow(page, o.objectName).getByTestId('app-object-state')).toHaveText('待发送');
  }
  await context.setGeolocation({ longitude: o4.lon, latitude: o4.lat, accuracy: 8 });
  await reportHazard(page, o4.objectName, '离线上报：井盖破损', true);
  await expect(page.getByTestId('app-queue-count')).toHaveText('4');
  await page.getByTestId('app-queue-tab').click();
  await expect(page.locator('[data-testid="app-queue-item"][data-state="queued"]')).toHaveCount(4);
  // nothing reached the server meanwhile
  const admin = await tokenOf(request, 'admin', 'admin');
  expect(await api(request, admin, '/api/swp-pipeops-patrol/patrol-task/detail', { id: task.id })).toMatchObject({
    checkedCount: 0,
  });

  await context.setOffline(false);
  // the four check-ins (the task's start, sent before going offline, is in the list too)
  await expect(page.locator('[data-testid="app-queue-item"][data-kind="check"][data-state="sent"]')).toHaveCount(4, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('app-queue-count')).toHaveCount(0);
  const after = await api(request, admin, '/api/swp-pipeops-patrol/patrol-task/detail', { id: task.id });
  expect(after).toMatchObject({ checkedCount: 4, hazardCount: 1 });
  expect(
    after.objects
      .filter((o: any) => o.result !== 0)
      .map((o: any) => o.id)
      .sort(),
  ).toEqual([o1.id, o2.id, o3.id, o4.id].sort());
  const hazards = await api(request, admin, '/api/swp-pipeops-patrol/patrol-hazard/page', { taskId: task.id });
  expect(hazards.total).toBe(1);
  expect(hazards.records[0]).toMatchObject({ description: '离线上报：井盖破损' });
  await context.close();
});

test('a device signed out from the console loses its session', async ({ browser, request, page: consolePage }) => {
  const { task, objects } = await todaysTask(request, 'xj103');
  const { context, page } = await phone(browser, objects[0]);
  await signInApp(page, 'xj103', 'app-tasks');
  await expect(page.getByTestId('app-task').filter({ hasText: task.planName }).first()).toBeVisible();

  await consoleSignIn(consolePage, 'admin', 'admin');
  await consolePage.goto('/app-admin/device');
  const pane = activePane(consolePage).getByTestId('app-devices');
  await expect(pane).toBeVisible({ timeout: 30_000 });
  await pane.getByPlaceholder('姓名或账号').fill('xj103');
  await pane.getByPlaceholder('姓名或账号').press('Enter');
  const row = pane.locator('tr.ant-table-row').first();
  await expect(row).toContainText('xj103');
  await row.getByTestId('app-device-revoke').click();
  await confirmOk(consolePage, /确\s*定|OK/, '.ant-popconfirm');
  await expect(row).toContainText('已下线');

  // the phone's next call is refused and the app returns to sign-in
  await page.getByTestId('app-refresh').click();
  await expect(page.getByTestId('app-sign-in')).toBeVisible();
  await context.close();
});

test('administration: the settings reach the app, and a new release note is shown once', async ({
  browser,
  request,
  page: consolePage,
}) => {
  await consoleSignIn(consolePage, 'admin', 'admin');
  await consolePage.goto('/app-admin/setting');
  const settings = activePane(consolePage).getByTestId('app-settings');
  await expect(settings).toBeVisible({ timeout: 30_000 });
  const radius = settings.getByLabel('签到半径（米）');
  await expect(radius).not.toHaveValue('');
  await radius.fill('250');
  await settings.getByTestId('app-settings-save').click();
  await expect(consolePage.locator('.ant-message')).toContainText('已保存');

  await consolePage.goto('/app-admin/release');
  const notes = activePane(consolePage).getByTestId('app-release');
  await expect(notes).toBeVisible({ timeout: 30_000 });
  await notes.getByRole('button', { name: /新\s*增/ }).click();
  const modal = consolePage.locator('.ant-modal');
  await modal.getByLabel('版本号').fill('1.0.0');
  await modal.getByLabel('标题').fill('离线签到上线');
  await modal.getByLabel('内容').fill('无网络时签到自动排队，恢复后按顺序发送。');
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(notes.locator('tr.ant-table-row')).toContainText(['离线签到上线']);

  const token = await tokenOf(request, 'xj104', '123456');
  expect(await api(request, token, '/api/swp-app/config')).toMatchObject({ checkinRadius: 250 });
  const { context, page } = await phone(browser, { lon: 117.25, lat: 31.85 });
  await signInApp(page, 'xj104', 'app-tasks');
  const dialog = page.getByRole('dialog', { name: '新版本说明' });
  await expect(dialog).toContainText('离线签到上线');
  await dialog.getByRole('button', { name: '知道了' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('app-tasks')).toBeVisible();
  await expect(page.getByTestId('app-task').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: '新版本说明' })).toHaveCount(0);
  await context.close();
});
