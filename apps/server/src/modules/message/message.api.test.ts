import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authHeaders, signedInSuite, type TestApp } from '../../../test/harness.ts';
import { type App, buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/connection.ts';
import { channelOf, RECHECK_MS } from './channel.ts';
import { sendMessage } from './index.ts';

let t: TestApp;
let tokens: Record<string, string> = {};
let ids: Record<string, string> = {};
const base = '/api/blade-message/record';

const as = signedInSuite(['operator', 'patrol', 'admin'], (s) => ({ t, tokens, ids } = s));
const send = (userIds: string[], over: Partial<Parameters<typeof sendMessage>[1]> = {}) =>
  sendMessage(t.app.ctx, {
    tenantId: '000000',
    userIds,
    messageType: 2,
    title: '巡检任务派发',
    content: '测试',
    ...over,
  });

describe('the bell: records of the caller', () => {
  it('pages the seeded messages of the demo user, newest first, with unread counts per type', async () => {
    as('admin');
    const res = await t.get(`${base}/page`, { current: 1, size: 5 });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ current: 1, size: 5, total: 5, pages: 1 });
    const times = page.records.map((r: any) => r.sendTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.records[0]).toMatchObject({ messageType: 3, messageStatus: 'UN_READABLE', sender: '告警中心' });
    expect(page.records[0].title).toContain('水质超标告警');
    expect(page.records[0].sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(page.records.find((r: any) => r.title === '系统升级通知').messageStatus).toBe('READ');

    const counts = (await t.get(`${base}/count`)).json().data;
    expect(counts).toEqual([
      { messageType: 1, count: 0 },
      { messageType: 2, count: 1 },
      { messageType: 3, count: 2 },
      { messageType: 4, count: 1 },
    ]);
    expect((await t.get(`${base}/count-all`)).json()).toMatchObject({ code: 200, data: 4 });
    const read = (await t.get(`${base}/count`, { messageStatus: 'READ' })).json().data;
    expect(read.find((c: any) => c.messageType === 1).count).toBe(1);
  });

  it('filters by type, status and title, pages, and answers the bell list path too', async () => {
    as('patrol');
    await send([ids.patrol], { title: '管网巡检 A' });
    await send([ids.patrol], { title: '管网巡检 B', messageType: 3 });
    await send([ids.patrol], { title: '管网巡检 C' });
    let page = (await t.get(`${base}/page`, { messageType: 2, messageStatus: 'UN_READABLE', title: '管网巡检' })).json()
      .data;
    expect(page.records.map((r: any) => r.title)).toEqual(['管网巡检 C', '管网巡检 A']);
    page = (await t.get(`${base}/list`, { current: 2, size: 1, title: '管网巡检' })).json().data;
    expect(page).toMatchObject({ total: 3, pages: 3, current: 2, size: 1 });
    expect(page.records).toHaveLength(1);
    expect(page.records[0].title).toBe('管网巡检 B');
    // an empty search field means no filter
    page = (await t.get(`${base}/page`, { messageType: '', title: '管网巡检' })).json().data;
    expect(page.total).toBe(3);
  });

  it('refuses bad paging and filters with a message, never a 500', async () => {
    as('admin');
    for (const [q, msg] of [
      [{ size: 'abc' }, 'size'],
      [{ current: '0' }, 'current'],
      [{ messageStatus: 'DONE' }, 'messageStatus'],
      [{ userId: ids.operator }, '未知的查询字段: userId'],
      [{ nope: 'x' }, '未知的查询字段: nope'],
    ] as const) {
      const res = await t.get(`${base}/page`, q);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false });
      expect(res.json().msg).toContain(msg);
    }
    const res = await t.get(`${base}/detail`);
    expect(res.json()).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' });
  });

  it('shows a record only to its owner: detail, read and remove of someone else’s record', async () => {
    const sent = await send([ids.operator], { title: '只给李明' });
    expect(sent.count).toBe(1);
    as('operator');
    const mine = (await t.get(`${base}/page`, { title: '只给李明' })).json().data.records[0];
    expect(mine).toMatchObject({ title: '只给李明', messageStatus: 'UN_READABLE' });
    expect((await t.get(`${base}/detail`, { id: mine.id })).json().data).toMatchObject({
      id: mine.id,
      content: '测试',
    });

    as('admin');
    expect((await t.get(`${base}/detail`, { id: mine.id })).json()).toEqual({
      code: 200,
      success: true,
      data: null,
      msg: '暂无承载数据',
    });
    expect((await t.get(`${base}/page`, { title: '只给李明' })).json().data.total).toBe(0);
    let res = await t.post(`${base}/read`, undefined, { ids: mine.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: '无权访问' });
    // one foreign id refuses the whole call: nothing changes
    const ownAdmin = (await t.get(`${base}/page`, { messageStatus: 'UN_READABLE', size: 1 })).json().data.records[0];
    res = await t.post(`${base}/remove`, undefined, { ids: `${ownAdmin.id},${mine.id}` });
    expect(res.statusCode).toBe(403);
    expect((await t.get(`${base}/detail`, { id: ownAdmin.id })).json().data.messageStatus).toBe('UN_READABLE');

    as('operator');
    expect((await t.get(`${base}/detail`, { id: mine.id })).json().data.messageStatus).toBe('UN_READABLE');
  });

  it('marks read (query or form ids) and removes, with the counts following', async () => {
    as('operator');
    const a = await send([ids.operator], { title: '读我 1', messageType: 4 });
    await send([ids.operator], { title: '读我 2', messageType: 4 });
    expect(a.logId).toMatch(/^\d+$/);
    const before = (await t.get(`${base}/count-all`)).json().data as number;
    const recs = (await t.get(`${base}/page`, { title: '读我', ascs: 'title' })).json().data.records;
    expect(recs.map((r: any) => r.title)).toEqual(['读我 1', '读我 2']);

    let res = await t.post(`${base}/read`, undefined, { ids: recs[0].id });
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    res = await t.call({
      method: 'POST',
      url: `${base}/read`,
      headers: {
        ...authHeaders(t.token),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `ids=${recs[1].id}`,
    });
    expect(res.json().code).toBe(200);
    const d = (await t.get(`${base}/detail`, { id: recs[0].id })).json().data;
    expect(d.messageStatus).toBe('READ');
    expect(d.readTime).toMatch(/^\d{4}-/);
    expect((await t.get(`${base}/count-all`)).json().data).toBe(before - 2);
    // reading again is harmless
    expect((await t.post(`${base}/read`, undefined, { ids: recs[0].id })).json().code).toBe(200);

    res = await t.post(`${base}/remove`, { ids: [recs[0].id, recs[1].id] });
    expect(res.json().code).toBe(200);
    expect((await t.get(`${base}/detail`, { id: recs[0].id })).json().data).toBeNull();
    expect((await t.get(`${base}/page`, { title: '读我' })).json().data.total).toBe(0);

    for (const q of [{}, { ids: '' }, { ids: '1,abc' }]) {
      res = await t.post(`${base}/read`, undefined, q);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/ids/);
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.call({
      method: 'GET',
      url: `${base}/count-all`,
      headers: { authorization: `Basic ${Buffer.from('swp_web:swp_web_secret').toString('base64')}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
  });
});

describe('templates, configs and the message log', () => {
  it('sends from the console through log/submit and lists the send in the log', async () => {
    as('admin');
    let res = await t.post('/api/blade-message/log/submit', {
      messageType: 1,
      title: '停水通知',
      content: '明日 9:00—12:00 蜀山区部分区域停水。',
      receivers: `${ids.operator},${ids.patrol}`,
    });
    expect(res.json()).toMatchObject({ code: 200 });
    const log = (await t.get('/api/blade-message/log/page', { title: '停水通知' })).json().data.records[0];
    expect(log).toMatchObject({ channel: 'site', receiverCount: 2, sendStatus: 1, sender: '管理员', messageType: 1 });
    expect(log.receivers.split(',').sort()).toEqual([ids.operator, ids.patrol].sort());
    expect((await t.get('/api/blade-message/log/detail', { id: log.id })).json().data.title).toBe('停水通知');

    as('patrol');
    expect((await t.get(`${base}/page`, { title: '停水通知' })).json().data.records[0]).toMatchObject({
      sender: '管理员',
      messageType: 1,
    });

    as('admin');
    res = await t.post('/api/blade-message/log/submit', { id: log.id, title: 'x', receivers: ids.patrol });
    expect(res.json()).toMatchObject({ code: 400, msg: '已发送的消息不能修改' });
    res = await t.post('/api/blade-message/log/submit', { title: 'x', receivers: '123456789' });
    expect(res.json()).toMatchObject({ code: 400, msg: '接收人不存在或不属于当前租户' });
    res = await t.post('/api/blade-message/log/submit', { title: 'x' });
    expect(res.json()).toMatchObject({ code: 400, msg: '缺少必要的请求参数: receivers' });
    res = await t.post('/api/blade-message/log/submit', [1, 2]);
    expect(res.statusCode).toBe(400);

    res = await t.post('/api/blade-message/log/remove', undefined, { ids: log.id });
    expect(res.json().code).toBe(200);
    expect((await t.get('/api/blade-message/log/detail', { id: log.id })).json().data).toBeNull();
  });

  it('keeps templates and configs with their rules, and sends through a config', async () => {
    as('admin');
    const seeded = (await t.get('/api/blade-message/template/page', { templateCode: 'alarm.' })).json().data;
    expect(seeded.total).toBe(2);

    let res = await t.post('/api/blade-message/template/submit', {
      templateCode: 'valve.closed',
      templateName: '关阀通知',
      messageType: 2,
      templateTitle: '关阀：${valve}',
      templateContent: '${valve} 已于 ${time} 关闭',
    });
    expect(res.json().code).toBe(200);
    res = await t.post('/api/blade-message/template/submit', {
      templateCode: 'valve.closed',
      templateName: '重复',
      messageType: 2,
      templateTitle: 't',
      templateContent: 'c',
    });
    expect(res.json()).toMatchObject({ code: 400, msg: '模板编号已存在' });
    res = await t.post('/api/blade-message/template/submit', { templateCode: 'bad code!', templateName: 'x' });
    expect(res.statusCode).toBe(400);

    res = await t.post('/api/blade-message/config/submit', {
      configCode: 'valve.closed',
      configName: '关阀通知',
      messageType: 2,
      templateCode: 'no.such',
    });
    expect(res.json()).toMatchObject({ code: 400, msg: '消息模板不存在: no.such' });
    res = await t.post('/api/blade-message/config/submit', {
      configCode: 'valve.closed',
      configName: '关阀通知',
      messageType: 2,
      templateCode: 'valve.closed',
    });
    expect(res.json().code).toBe(200);
    const cfg = (await t.get('/api/blade-message/config/page', { configCode_equal: 'valve.closed' })).json().data
      .records[0];
    expect(cfg).toMatchObject({ status: 1, channel: 'site' });

    const sent = await sendMessage(t.app.ctx, {
      tenantId: '000000',
      userIds: [ids.patrol],
      configCode: 'valve.closed',
      params: { valve: 'F-1024 闸阀', time: '10:30' },
    });
    expect(sent.count).toBe(1);
    as('patrol');
    const rec = (await t.get(`${base}/page`, { title: 'F-1024' })).json().data.records[0];
    expect(rec).toMatchObject({ title: '关阀：F-1024 闸阀', content: 'F-1024 闸阀 已于 10:30 关闭', messageType: 2 });

    // a config that is off sends nothing
    as('admin');
    res = await t.post('/api/blade-message/config/submit', { ...cfg, status: 0 });
    expect(res.json().code).toBe(200);
    const off = await sendMessage(t.app.ctx, { tenantId: '000000', userIds: [ids.patrol], configCode: 'valve.closed' });
    expect(off).toEqual({ count: 0 });
  });
});

/** A socket client that collects frames. */
async function connect(url: string): Promise<{ ws: WebSocket; frames: string[]; next(): Promise<string> }> {
  const ws = new WebSocket(url);
  const frames: string[] = [];
  const waiters: ((s: string) => void)[] = [];
  ws.on('message', (d) => {
    const s = d.toString();
    const w = waiters.shift();
    if (w) w(s);
    else frames.push(s);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const f = frames.shift();
      if (f !== undefined) return resolve(f);
      const timer = setTimeout(() => reject(new Error('no frame within 5 s')), 5000);
      waiters.push((s) => {
        clearTimeout(timer);
        resolve(s);
      });
    });
  return { ws, frames, next };
}

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('live channel', () => {
  let url: string;
  beforeAll(async () => {
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
  });

  it('delivers a new message to every socket of the recipient at once, and answers ping', async () => {
    const a = await connect(`${url}/api/ws?token=${tokens.operator}`);
    const b = await connect(`${url}/ws?token=${encodeURIComponent(`bearer ${tokens.operator}`)}`);
    const other = await connect(`${url}/api/ws?token=${tokens.patrol}`);
    await send([ids.operator], { title: '管网爆管告警', messageType: 3, bizType: 'alarm', bizId: '42' });
    for (const c of [a, b]) {
      const frame = JSON.parse(await c.next());
      expect(frame).toMatchObject({
        type: 'message',
        data: { action: 'new', title: '管网爆管告警', messageType: 3, bizType: 'alarm', bizId: '42' },
      });
      expect(frame.data.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    a.ws.send('ping');
    expect(await a.next()).toBe('pong');

    // reading in one tab tells the others
    t.token = tokens.operator;
    const rec = (await t.get(`${base}/page`, { title: '管网爆管告警', size: 1 })).json().data.records[0];
    await t.post(`${base}/read`, undefined, { ids: rec.id });
    expect(JSON.parse(await b.next())).toEqual({ type: 'message', data: { action: 'read', ids: [rec.id] } });

    await settle();
    expect(other.frames).toEqual([]);
    for (const c of [a, b, other]) c.ws.close();
  });

  it('forwards only the bus events addressed to sockets, to their recipients', async () => {
    const a = await connect(`${url}/api/ws?token=${tokens.operator}`);
    await t.app.ctx.live.publish({ topic: 'internal.only', userIds: [ids.operator], data: { n: 1 } });
    await t.app.ctx.live.publish({
      topic: 'datasync.progress',
      userIds: [ids.operator],
      data: { copied: 4, total: 9 },
      toSockets: true,
    });
    expect(JSON.parse(await a.next())).toEqual({ type: 'datasync.progress', data: { copied: 4, total: 9 } });
    await settle();
    expect(a.frames).toEqual([]);
    a.ws.close();
  });

  it('refuses a socket without a token or with a bad one (HTTP 401)', async () => {
    await expect(connect(`${url}/api/ws`)).rejects.toThrow('HTTP 401');
    await expect(connect(`${url}/api/ws?token=not-a-token`)).rejects.toThrow('HTTP 401');
    await expect(connect(`${url}/ws?token=${tokens.operator}x`)).rejects.toThrow('HTTP 401');
  });

  it('closes an open socket with 4401 once its session is signed out', async () => {
    const auditor = await t.signIn('auditor', 'auditor');
    const c = await connect(`${url}/api/ws?token=${auditor.access_token}`);
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
    channelOf(t.app.ctx).recheckMs = 0;
    try {
      const res = await t.call({
        method: 'GET',
        url: '/api/blade-auth/oauth/logout',
        headers: { 'blade-auth': `bearer ${auditor.access_token}` },
      });
      expect(res.json().code).toBe(200);
      c.ws.send('ping');
      expect(await c.next()).toBe('pong');
      expect(await closed).toBe(4401);
    } finally {
      channelOf(t.app.ctx).recheckMs = RECHECK_MS;
    }
  });

  it('a locked session’s sockets get no events until it is unlocked; other sessions of the user still do', async () => {
    const locked = await t.signIn('operator', 'operator');
    const a = await connect(`${url}/api/ws?token=${locked.access_token}`);
    const other = await connect(`${url}/api/ws?token=${tokens.operator}`);
    t.token = locked.access_token;
    expect((await t.post('/api/blade-auth/session/lock', { password: 'tea-break' })).json().code).toBe(200);
    expect(JSON.parse(await a.next())).toEqual({ type: 'session.lock', data: { locked: true } });
    // a socket opened while locked is muted from the start
    const late = await connect(`${url}/ws?token=${locked.access_token}`);

    await send([ids.operator], { title: '锁屏期间的消息', messageType: 3 });
    await t.app.ctx.live.publish({
      topic: 'datasync.progress',
      userIds: [ids.operator],
      data: { copied: 1, total: 2 },
      toSockets: true,
    });
    await t.app.ctx.live.publish({ topic: 'monitor.points', tenantId: '000000', data: { n: 1 }, toSockets: true });
    expect(JSON.parse(await other.next())).toMatchObject({ type: 'message', data: { title: '锁屏期间的消息' } });
    expect(JSON.parse(await other.next())).toMatchObject({ type: 'datasync.progress' });
    expect(JSON.parse(await other.next())).toMatchObject({ type: 'monitor.points' });
    await settle();
    expect(a.frames).toEqual([]);
    expect(late.frames).toEqual([]);

    t.token = locked.access_token;
    expect((await t.post('/api/blade-auth/session/unlock', { password: 'tea-break' })).json().code).toBe(200);
    for (const c of [a, late])
      expect(JSON.parse(await c.next())).toEqual({ type: 'session.lock', data: { locked: false } });
    await send([ids.operator], { title: '解锁之后的消息', messageType: 3 });
    for (const c of [a, late, other])
      expect(JSON.parse(await c.next())).toMatchObject({ type: 'message', data: { title: '解锁之后的消息' } });
    for (const c of [a, late, other]) c.ws.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'carries a message sent on one instance to a socket on another (PostgreSQL)',
    async () => {
      const database = connectDatabase(t.app.ctx.database.url, 'postgresql');
      let other: App | undefined;
      try {
        other = await buildApp({ config: t.config, database, logger: false });
        await other.server.listen({ port: 0, host: '127.0.0.1' });
        const port = (other.server.server.address() as AddressInfo).port;
        const c = await connect(`ws://127.0.0.1:${port}/api/ws?token=${tokens.patrol}`);
        await send([ids.patrol], { title: '跨实例送达', messageType: 4 });
        expect(JSON.parse(await c.next())).toMatchObject({
          type: 'message',
          data: { action: 'new', title: '跨实例送达' },
        });
        c.ws.close();
      } finally {
        await other?.close();
        await database.close();
      }
    },
  );
});
