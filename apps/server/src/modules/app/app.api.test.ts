/**
 * The field app's server side, as a patrol person's phone uses it: only their own tasks, check-ins that a resend
 * does not duplicate (also with a hazard, which starts its process once), the distance flag against the tenant's
 * radius, photos checked and stripped of EXIF, a lost device signed out, and the administration's settings and
 * release notes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInSuite, type TestApp } from '../../../test/harness.ts';
import { schedule } from '../patrol/index.ts';
import { hasExif } from './exif.ts';

let t: TestApp;
let admin: string;
let patrol: string;
let other: string;
let patrolId: string;
let otherId: string;
signedInSuite(['admin', 'patrol', ['xj102', '123456']], ({ t: app, tokens, ids }) => {
  t = app;
  ({ admin, patrol, xj102: other } = tokens);
  ({ patrol: patrolId, xj102: otherId } = ids);
});
beforeAll(() => schedule(t.app.ctx.db, 'Asia/Shanghai', new Date()));

const A = '/api/swp-app';
const P = '/api/swp-pipeops-patrol';
const data = (res: { statusCode: number; body: string; json(): any }) => {
  expect(res.statusCode, res.body).toBe(200);
  const b = res.json();
  expect(b.success, res.body).toBe(true);
  return b.data;
};
const refused = async (p: Promise<{ statusCode: number; body: string; json(): any }>, msg?: string) => {
  const res = await p;
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  if (msg) expect(res.json().msg).toBe(msg);
};

/** A tiny JPEG with an EXIF APP1 segment carrying a fake GPS tag, then a JFIF segment, a scan and its end. */
function jpegWithExif(): Buffer {
  const exifBody = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from('MM\0*GPS-31.85,117.25', 'latin1')]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, exifBody.length + 2]), exifBody]);
  const jfif = Buffer.from([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sos = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0x56, 0xff, 0xd9]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, jfif, sos]);
}

describe('my tasks', () => {
  it('a patrol person sees and works only their own tasks, in the app and in the patrol calls', async () => {
    const mine = data(await t.as(patrol, () => t.get(`${A}/task/mine`)));
    expect(mine.length).toBeGreaterThan(0);
    for (const task of mine) expect(task.userIds.split(',')).toContain(patrolId);
    const theirs = data(await t.as(other, () => t.get(`${A}/task/mine`)));
    const foreign = theirs.find((x: any) => !x.userIds.split(',').includes(patrolId));
    expect(foreign).toBeTruthy();
    expect(mine.map((m: any) => m.id)).not.toContain(foreign.id);
    // the app's detail and network, and patrol's own detail, refuse another person's task
    await refused(
      t.as(patrol, () => t.get(`${A}/task/detail`, { id: foreign.id })),
      '只能操作分派给自己的任务',
    );
    await refused(
      t.as(patrol, () => t.get(`${A}/task/network`, { id: foreign.id })),
      '只能操作分派给自己的任务',
    );
    await refused(
      t.as(patrol, () => t.get(`${P}/patrol-task/detail`, { id: foreign.id })),
      '只能操作分派给自己的任务',
    );
    await refused(
      t.as(patrol, () => t.post(`${P}/patrol-task/start`, { id: foreign.id })),
      '只能操作分派给自己的任务',
    );
    // patrol's task page gives a patrol person their own tasks only, whatever the filter says
    const page = data(await t.as(patrol, () => t.get(`${P}/patrol-task/page`, { size: 1000, userId: otherId })));
    for (const r of page.records) expect(r.userIds.split(',')).toContain(patrolId);
    expect(page.records.some((r: any) => r.id === foreign.id)).toBe(false);
    const all = data(await t.as(patrol, () => t.get(`${P}/patrol-task/page`, { size: 1000 })));
    expect(all.records.length).toBeGreaterThan(0);
    expect(all.records.some((r: any) => r.id === foreign.id)).toBe(false);
    // the office sees everyone's
    const office = data(await t.as(admin, () => t.get(`${P}/patrol-task/page`, { size: 1000, userId: otherId })));
    expect(office.records.some((r: any) => r.id === foreign.id)).toBe(true);
    // checking in at another person's object is refused
    const fd = data(await t.as(other, () => t.get(`${A}/task/detail`, { id: foreign.id })));
    await refused(
      t.as(patrol, () => t.post(`${A}/check-in`, { id: fd.objects[0].id, clientId: 'c-foreign-0001', result: 1 })),
      '只能操作分派给自己的任务',
    );
  });
});

describe('check-in from the app', () => {
  it('a resend with the same client id is saved once; distance is flagged beyond the radius; a hazard starts once', async () => {
    const mine = data(await t.as(patrol, () => t.get(`${A}/task/mine`)));
    const task = mine.find((m: any) => m.taskStatus !== 2 && m.checkedCount === 0);
    expect(task).toBeTruthy();
    data(await t.as(patrol, () => t.post(`${P}/patrol-task/start`, { id: task.id })));
    const detail = data(await t.as(patrol, () => t.get(`${A}/task/detail`, { id: task.id })));
    const [o1, o2, o3] = detail.objects;
    expect(o1.lon).toBeGreaterThan(100);
    const net = data(await t.as(patrol, () => t.get(`${A}/task/network`, { id: task.id })));
    expect(Array.isArray(net.pipes)).toBe(true);

    // at the object: near, not flagged
    const near = { id: o1.id, clientId: 'c-near-00000001', result: 1, lon: o1.lon + 0.0001, lat: o1.lat };
    const first = data(await t.as(patrol, () => t.post(`${A}/check-in`, near)));
    expect(first).toMatchObject({ duplicate: false, far: false, radius: 100 });
    expect(first.distance).toBeGreaterThan(5);
    expect(first.distance).toBeLessThan(20);
    const again = data(await t.as(patrol, () => t.post(`${A}/check-in`, near)));
    expect(again).toMatchObject({ duplicate: true, far: false });
    expect(again.task.checkedCount).toBe(1);
    // without a client id the app's call is refused (the console's keeps working without)
    await refused(
      t.as(patrol, () => t.post(`${A}/check-in`, { id: o2.id, result: 1 })),
      '缺少客户端编号 clientId',
    );

    // 1 km away: saved, flagged
    const far = data(
      await t.as(patrol, () =>
        t.post(`${A}/check-in`, {
          id: o2.id,
          clientId: 'c-far-000000002',
          result: 1,
          lon: o2.lon + 0.0106,
          lat: o2.lat,
        }),
      ),
    );
    expect(far).toMatchObject({ duplicate: false, far: true });
    expect(far.distance).toBeGreaterThan(900);
    const o2row = far.task.objects.find((o: any) => o.id === o2.id);
    expect(o2row).toMatchObject({ checkFar: 1 });

    // a hazard with a photo: two sends, one hazard and one process
    const photo = jpegWithExif();
    const up = data(
      await t.as(patrol, () => t.post(`${A}/photo`, { clientId: 'p-hazard-000001', data: photo.toString('base64') })),
    );
    const up2 = data(
      await t.as(patrol, () => t.post(`${A}/photo`, { clientId: 'p-hazard-000001', data: photo.toString('base64') })),
    );
    expect(up2).toMatchObject({ id: up.id, duplicate: true });
    const hz = {
      id: o3.id,
      clientId: 'c-hazard-000003',
      result: 2,
      eventType: 'leak',
      level: 2,
      description: '阀门井渗水',
      photos: [up.url],
      lon: o3.lon,
      lat: o3.lat,
    };
    data(await t.as(patrol, () => t.post(`${A}/check-in`, hz)));
    expect(data(await t.as(patrol, () => t.post(`${A}/check-in`, hz)))).toMatchObject({ duplicate: true });
    const hazards = data(await t.as(admin, () => t.get(`${P}/patrol-hazard/page`, { taskId: task.id })));
    expect(hazards.total).toBe(1);
    expect(hazards.records[0]).toMatchObject({ description: '阀门井渗水', photos: up.url, hazardStatus: 1 });
    expect(hazards.records[0].processInstanceId).toBeTruthy();
    // the stored photo lost its EXIF block, and only the tenant's users can read it
    const stored = await t.as(admin, () => t.get(up.url));
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toContain('image/jpeg');
    expect(hasExif(stored.rawPayload)).toBe(false);
    expect(stored.rawPayload.length).toBe(photo.length - (photo[4] * 256 + photo[5]) - 2);

    // the rest, then finish
    for (const o of detail.objects.slice(3))
      data(await t.as(patrol, () => t.post(`${A}/check-in`, { id: o.id, clientId: `c-rest-${o.id}`, result: 1 })));
    const fin = data(await t.as(patrol, () => t.post(`${P}/patrol-task/finish`, { id: task.id })));
    expect(fin).toMatchObject({ taskStatus: 2, checkedCount: detail.objects.length, hazardCount: 1 });
  });

  it('photos are checked by their bytes and the tenant size limit', async () => {
    await refused(
      t.as(patrol, () =>
        t.post(`${A}/photo`, { clientId: 'p-text-00000001', data: Buffer.from('hello world').toString('base64') }),
      ),
      '照片格式不支持，仅支持 JPEG、PNG、WebP',
    );
    data(
      await t.as(admin, () =>
        t.post(`${A}/setting/submit`, {
          positionInterval: 15,
          checkinRadius: 100,
          photoMaxKb: 100,
          stripExifGps: 1,
          gisLayers: 'pipe,valve',
        }),
      ),
    );
    const big = Buffer.concat([jpegWithExif(), Buffer.alloc(120 * 1024)]);
    await refused(
      t.as(patrol, () => t.post(`${A}/photo`, { clientId: 'p-big-000000001', data: big.toString('base64') })),
      '照片不能超过 100 KB',
    );
    expect(data(await t.as(patrol, () => t.get(`${A}/config`)))).toMatchObject({
      positionInterval: 15,
      photoMaxKb: 100,
    });
    await refused(
      t.as(admin, () => t.post(`${A}/setting/submit`, { positionInterval: 1 })),
      '定位上报间隔应为 5 到 3600 秒',
    );
    // settings are the administrator's
    await refused(
      t.as(patrol, () =>
        t.post(`${A}/setting/submit`, { positionInterval: 15, checkinRadius: 100, photoMaxKb: 100, stripExifGps: 1 }),
      ),
    );
  });
});

describe('devices and release notes', () => {
  it('a lost device is signed out: its session ends and the device shows revoked', async () => {
    const lost = (await t.signIn('xj103', '123456')).access_token as string;
    data(await t.as(lost, () => t.post(`${A}/device/hello`, { deviceId: 'dev-lost-phone-1', appVersion: '1.0.0' })));
    data(await t.as(lost, () => t.get(`${A}/task/mine`)));
    const page = data(await t.as(admin, () => t.get(`${A}/device/page`, { realName: 'xj103' })));
    const row = page.records.find((r: any) => r.deviceId === 'dev-lost-phone-1');
    expect(row).toMatchObject({ appVersion: '1.0.0', revoked: 0, account: 'xj103' });
    // the session it holds stays on the server
    expect(row).not.toHaveProperty('sessionId');
    // newest contact first, a page of 20 unless asked
    expect(data(await t.as(admin, () => t.get(`${A}/device/page`))).size).toBe(20);
    await refused(t.as(patrol, () => t.post(`${A}/device/revoke`, { id: row.id })));
    expect(data(await t.as(admin, () => t.post(`${A}/device/revoke`, { id: row.id })))).toEqual({ sessionsEnded: 1 });
    const after = await t.as(lost, () => t.get(`${A}/task/mine`));
    expect(after.statusCode).toBe(401);
    const again = data(await t.as(admin, () => t.get(`${A}/device/page`, { realName: 'xj103' })));
    expect(again.records.find((r: any) => r.id === row.id)).toMatchObject({ revoked: 1 });
  });

  it('release notes: one per version, the newest is what the app shows', async () => {
    data(
      await t.as(admin, () =>
        t.post(`${A}/release-note/submit`, { version: '1.0.0', title: '首个版本', content: '巡检任务' }),
      ),
    );
    await refused(
      t.as(admin, () => t.post(`${A}/release-note/submit`, { version: '1.0.0', title: 'x' })),
      '版本 1.0.0 的说明已存在',
    );
    const n2 = data(
      await t.as(admin, () => t.post(`${A}/release-note/submit`, { version: '1.1.0', title: '离线签到' })),
    );
    expect(data(await t.as(patrol, () => t.get(`${A}/release-note/latest`)))).toMatchObject({ version: '1.1.0' });
    expect(data(await t.as(admin, () => t.post(`${A}/release-note/remove`, { ids: n2.id })))).toEqual({ removed: 1 });
    // removed already: passed over, nothing left to remove
    expect(data(await t.as(admin, () => t.post(`${A}/release-note/remove`, { ids: n2.id })))).toEqual({ removed: 0 });
    expect(data(await t.as(patrol, () => t.get(`${A}/release-note/latest`)))).toMatchObject({ version: '1.0.0' });
    await refused(t.as(patrol, () => t.post(`${A}/release-note/submit`, { version: '2.0.0', title: 'x' })));
  });

  it("release notes' list and submit: the note's own fields, newest first, the family's own refusals", async () => {
    const saved = data(await t.as(admin, () => t.post(`${A}/release-note/submit`, { version: '3.0.0', title: '三' })));
    expect(Object.keys(saved)).toEqual(['id', 'version', 'title', 'content', 'releaseTime']);
    expect(saved).toMatchObject({ version: '3.0.0', title: '三', content: '' });
    const edited = data(
      await t.as(admin, () =>
        t.post(`${A}/release-note/submit`, { id: saved.id, version: '3.0.1', title: '三点一', content: 'x' }),
      ),
    );
    expect(edited).toMatchObject({ id: saved.id, version: '3.0.1', title: '三点一', content: 'x' });
    // an empty id is a new note
    const n4 = data(
      await t.as(admin, () => t.post(`${A}/release-note/submit`, { id: '', version: '4.0.0', title: '四' })),
    );
    expect(n4.id).not.toBe(saved.id);
    const list = data(await t.as(admin, () => t.get(`${A}/release-note/list`)));
    expect(list[0]).toEqual(n4);
    expect(list.map((n: any) => n.version)).toContain('3.0.1');
    const times = list.map((n: any) => new Date(n.releaseTime).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await refused(
      t.as(admin, () => t.post(`${A}/release-note/submit`, { version: '5.0.0', title: ' ' })),
      '请填写标题',
    );
    await refused(
      t.as(admin, () => t.post(`${A}/release-note/submit`, { title: 'x' })),
      '请填写版本号',
    );
    await refused(
      t.as(admin, () => t.post(`${A}/release-note/submit`, { id: '1', version: '5.0.0', title: 'x' })),
      '版本说明不存在',
    );
    await refused(
      t.as(admin, () => t.post(`${A}/release-note/submit`, { id: saved.id, version: '4.0.0', title: 'x' })),
      '版本 4.0.0 的说明已存在',
    );
    await refused(t.as(patrol, () => t.get(`${A}/release-note/list`)));
  });
});
