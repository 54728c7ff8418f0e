import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authHeaders, type TestApp, twoAdminsSuite } from '../../../test/harness.ts';
import { KEY_PATTERN } from './storage.ts';

const MAX = 64 * 1024;
let t: TestApp;
let hq: string;
let fx: string;
const as = twoAdminsSuite((s) => ({ t, hq, fx } = s), { uploadMaxBytes: MAX });

const S = '/api/blade-resource/sms';
const O = '/api/blade-resource/oss';
const A = '/api/blade-resource/attach';
const PUT = '/api/blade-resource/oss/endpoint/put-file';

function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = `----swp${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(filename: string, content: Buffer, field = 'file', token = t.token) {
  const m = multipart(filename, content, field);
  return t.call({
    method: 'POST',
    url: PUT,
    payload: m.payload,
    headers: { ...m.headers, ...authHeaders(token) },
  });
}

/** every stored object and every temp file under DATA_DIR/files */
function filesOnDisk(): string[] {
  const root = path.join(t.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((f) => String(f))
    .filter((f) => fs.statSync(path.join(root, f)).isFile());
}

const enabledIds = async (base: string) =>
  (await t.get(`${base}/list`, { size: 100 }))
    .json()
    .data.records.filter((r: any) => r.status === 2)
    .map((r: any) => r.id);

describe('SMS configurations', () => {
  it('lists the seeded configurations with the category name and a masked secret; one is on', async () => {
    as(hq);
    const res = await t.get(`${S}/list`);
    const rows = res.json().data.records;
    expect(rows.map((r: any) => r.smsCode).sort()).toEqual(['alarm-notice', 'outage-notice']);
    expect(rows.find((r: any) => r.smsCode === 'outage-notice')).toMatchObject({ categoryName: '阿里云', status: 2 });
    expect(await enabledIds(S)).toHaveLength(1);
  });

  it('adds, edits (a masked secret keeps the stored one), validates and removes', async () => {
    as(hq);
    let res = await t.post(`${S}/submit`, {
      category: 4,
      smsCode: 'meter-bill',
      templateId: 'SMS_BILL',
      secretKey: 'real-secret',
      signName: '合肥水务',
    });
    expect(res.json().code).toBe(200);
    res = await t.get(`${S}/list`, { smsCode_equal: 'meter-bill' });
    const row = res.json().data.records[0];
    expect(row).toMatchObject({ secretKey: '******', status: 1, categoryName: '腾讯云' });
    res = await t.post(`${S}/submit`, { ...row, remark: '水费账单' });
    expect(res.json().code).toBe(200);
    const { sms } = await import('./schema.ts');
    const { eq } = await import('drizzle-orm');
    const [stored] = await t.app.ctx.db.select().from(sms).where(eq(sms.id, row.id));
    expect(stored).toMatchObject({ secretKey: 'real-secret', remark: '水费账单' });

    for (const [body, msg] of [
      [{ category: 4, templateId: 'x' }, 'smsCode'],
      [{ category: 99, smsCode: 'x1', templateId: 'x' }, '短信服务类型不存在: 99'],
      [{ category: 1, smsCode: 'bad code!', templateId: 'x' }, '资源编号只能包含'],
      [{ category: 1, smsCode: 'meter-bill', templateId: 'x' }, '资源编号已存在'],
    ] as const) {
      res = await t.post(`${S}/submit`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    res = await t.post(`${S}/remove`, undefined, { ids: row.id });
    expect(res.json().code).toBe(200);
  });

  it('enables exactly one per tenant, also under concurrent enables', async () => {
    as(hq);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      await t.post(`${S}/submit`, { category: 3, smsCode: `race-${i}`, templateId: `T${i}` });
      ids.push((await t.get(`${S}/list`, { smsCode_equal: `race-${i}` })).json().data.records[0].id);
    }
    let res = await t.post(`${S}/enable`, undefined, { id: ids[0] });
    expect(res.json()).toMatchObject({ code: 200, msg: '操作成功' });
    expect(await enabledIds(S)).toEqual([ids[0]]);
    const replies = await Promise.all(ids.map((id) => t.post(`${S}/enable`, { id })));
    for (const r of replies) expect(r.json().code).toBe(200);
    const on = await enabledIds(S);
    expect(on).toHaveLength(1);
    expect(ids).toContain(on[0]);

    res = await t.post(`${S}/enable`, undefined, { id: 'abc' });
    expect(res.statusCode).toBe(400);
    res = await t.post(`${S}/enable`);
    expect(res.json().msg).toBe('缺少必要的请求参数: id');
    res = await t.post(`${S}/enable`, undefined, { id: '123' });
    expect(res.json().msg).toBe('数据不存在或无权操作');
    // back to the seeded one for the send tests
    const outage = (await t.get(`${S}/list`, { smsCode_equal: 'outage-notice' })).json().data.records[0].id;
    await t.post(`${S}/enable`, undefined, { id: outage });
    await t.post(`${S}/remove`, undefined, { ids: ids.join(',') });
  });

  it('sends through the log provider, which records each message in the message log', async () => {
    as(hq);
    let res = await t.post(`${S}/endpoint/send-message`, undefined, {
      code: 'alarm-notice',
      phones: '13855100001,13855100002',
      params: JSON.stringify({ station: '西园加压站', value: '0.18MPa' }),
    });
    expect(res.json(), res.body).toMatchObject({ code: 200, data: { success: true, provider: 'log', count: 2 } });
    const logId = res.json().data.messageId;
    // the enabled configuration when no code is given; a form body works too
    res = await t.call({
      method: 'POST',
      url: `${S}/endpoint/send-message`,
      headers: {
        ...authHeaders(hq),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'phones=13855100003&params=%7B%22area%22%3A%22%E8%A5%BF%E5%9B%AD%E6%96%B0%E6%9D%91%22%7D',
    });
    expect(res.json(), res.body).toMatchObject({ code: 200, data: { provider: 'log', count: 1 } });

    const { messageLog } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const rows = await t.app.ctx.db.select().from(messageLog).where(eq(messageLog.channel, 'sms'));
    expect(rows).toHaveLength(2);
    const first = rows.find((r) => r.id === logId)!;
    expect(first).toMatchObject({
      tenantId: '000000',
      templateCode: 'SMS_PIPE_ALARM',
      receivers: '13855100001,13855100002',
      receiverCount: 2,
      sendStatus: 1,
      sender: '管理员',
    });
    expect(first.content).toBe('【合肥水务】station: 西园加压站，value: 0.18MPa');
    const second = rows.find((r) => r.id !== logId)!;
    expect(second).toMatchObject({ templateCode: 'SMS_WATER_OUTAGE', receivers: '13855100003' });
    expect(second.content).toContain('西园新村');
  });

  it('refuses bad sends with the console’s texts', async () => {
    as(hq);
    const cases: [Record<string, string>, string][] = [
      [{ code: 'alarm-notice', phones: '' }, '手机号码不能为空'],
      [{ code: 'alarm-notice', phones: '1385510000' }, '手机号码长度不为11位: 1385510000'],
      [{ code: 'alarm-notice', phones: '23855100001' }, '手机号码格式不正确: 23855100001'],
      [{ code: 'alarm-notice', phones: '13855100001', params: 'not json' }, '参数校验失败: params 必须是 JSON 对象'],
      [{ code: 'alarm-notice', phones: '13855100001', params: '[1,2]' }, '参数校验失败: params 必须是 JSON 对象'],
      [{ code: 'no-such', phones: '13855100001' }, '短信配置不存在: no-such'],
    ];
    for (const [q, msg] of cases) {
      const res = await t.post(`${S}/endpoint/send-message`, undefined, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('keeps tenants apart', async () => {
    as(hq);
    const hqId = (await t.get(`${S}/list`, { smsCode_equal: 'outage-notice' })).json().data.records[0].id;
    as(fx);
    expect((await t.get(`${S}/list`)).json().data.total).toBe(0);
    expect((await t.get(`${S}/detail`, { id: hqId })).json().data).toBeNull();
    let res = await t.post(`${S}/enable`, undefined, { id: hqId });
    expect(res.json().msg).toBe('数据不存在或无权操作');
    res = await t.post(`${S}/endpoint/send-message`, undefined, { code: 'outage-notice', phones: '13966100001' });
    expect(res.json().msg).toBe('短信配置不存在: outage-notice');
    res = await t.post(`${S}/endpoint/send-message`, undefined, { phones: '13966100001' });
    expect(res.json().msg).toBe('未启用短信配置，请先启用一个短信配置');
    // the same code in another tenant is no conflict, and its enable does not touch tenant 000000
    res = await t.post(`${S}/submit`, { category: 3, smsCode: 'outage-notice', templateId: 'FX_OUTAGE' });
    expect(res.json().code).toBe(200);
    const fxId = (await t.get(`${S}/list`)).json().data.records[0].id;
    expect((await t.post(`${S}/enable`, undefined, { id: fxId })).json().code).toBe(200);
    expect(await enabledIds(S)).toEqual([fxId]);
    as(hq);
    expect(await enabledIds(S)).toEqual([hqId]);
  });
});

describe('OSS configurations', () => {
  it('has the local disk enabled; bucket configurations need their settings and cannot be enabled yet', async () => {
    as(hq);
    let res = await t.get(`${O}/list`);
    expect(res.json().data.records).toEqual([
      expect.objectContaining({ ossCode: 'local', category: 1, categoryName: '本地', status: 2 }),
    ]);
    res = await t.post(`${O}/submit`, { category: 2, ossCode: 'minio' });
    expect(res.json()).toMatchObject({ code: 400, msg: '请输入资源地址' });
    res = await t.post(`${O}/submit`, { category: 2, ossCode: 'minio', endpoint: 'ftp://x' });
    expect(res.json().msg).toBe('资源地址须以 http:// 或 https:// 开头');
    res = await t.post(`${O}/submit`, {
      category: 2,
      ossCode: 'minio',
      endpoint: 'http://minio.hfwater.example.com:9000',
      accessKey: 'swp',
      secretKey: 'swp-secret',
      bucketName: 'swp-files',
    });
    expect(res.json().code).toBe(200);
    const minio = (await t.get(`${O}/list`, { ossCode_equal: 'minio' })).json().data.records[0];
    expect(minio.secretKey).toBe('******');
    res = await t.post(`${O}/enable`, undefined, { id: minio.id });
    expect(res.json()).toMatchObject({ code: 400, msg: '暂不支持该对象存储类型: MinIO，当前可用: 本地' });
    const local = (await t.get(`${O}/list`, { ossCode_equal: 'local' })).json().data.records[0];
    expect(await enabledIds(O)).toEqual([local.id]);

    await t.post(`${O}/submit`, { category: 1, ossCode: 'local-2' });
    const local2 = (await t.get(`${O}/list`, { ossCode_equal: 'local-2' })).json().data.records[0];
    expect((await t.post(`${O}/enable`, { id: local2.id })).json().code).toBe(200);
    expect(await enabledIds(O)).toEqual([local2.id]);
    expect((await t.post(`${O}/enable`, undefined, { id: local.id })).json().code).toBe(200);
    expect(await enabledIds(O)).toEqual([local.id]);
  });
});

describe('files', () => {
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2000, 7)]);
  let uploaded: any;

  it('uploads a file into content-addressed storage and records an attachment', async () => {
    as(hq);
    const res = await upload('管网 布置图(1).png', png);
    expect(res.json(), res.body).toMatchObject({ code: 200, success: true });
    uploaded = res.json().data;
    const sha = createHash('sha256').update(png).digest('hex');
    expect(uploaded).toMatchObject({
      name: `${sha.slice(0, 2)}/${sha.slice(2, 4)}/${sha}.png`,
      originalName: '管网 布置图(1).png',
      domain: '/api/file/Download',
      link: `/api/file/Download/${uploaded.attachId}/${sha}.png`,
      url: `/api/file/Download/${uploaded.attachId}/${sha}.png`,
    });
    expect(uploaded.name).toMatch(KEY_PATTERN);
    expect(fs.readFileSync(path.join(t.config.dataDir, 'files', uploaded.name)).equals(png)).toBe(true);
    const att = (await t.get(`${A}/detail`, { id: uploaded.attachId })).json().data;
    expect(att).toMatchObject({
      originalName: '管网 布置图(1).png',
      extension: 'png',
      attachSize: png.length,
      storage: 'local',
      link: uploaded.link,
    });
  });

  it('downloads it back with an RFC 5987 file name, by header or query token, for its tenant only', async () => {
    let res = await t.call({ method: 'GET', url: uploaded.link, headers: { 'blade-auth': `bearer ${hq}` } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="${encodeURIComponent('管网 布置图')}%281%29.png"; filename*=UTF-8''${encodeURIComponent('管网 布置图')}%281%29.png`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    res = await t.call({
      method: 'GET',
      url: `${uploaded.link}?download=1&blade-auth=${encodeURIComponent(`bearer ${hq}`)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    // bare path (gateway form) and the original name as the second segment
    res = await t.call({
      method: 'GET',
      url: `/file/Download/${uploaded.attachId}/${encodeURIComponent('管网 布置图(1).png')}`,
      headers: { 'blade-auth': `bearer ${hq}` },
    });
    expect(res.statusCode).toBe(200);

    res = await t.call({ method: 'GET', url: uploaded.link });
    expect(res.json()).toMatchObject({ code: 401 });
    res = await t.call({ method: 'GET', url: uploaded.link, headers: { 'blade-auth': `bearer ${fx}` } });
    expect(res.json()).toMatchObject({ code: 404, msg: '文件不存在' });
    res = await t.call({
      method: 'GET',
      url: `/api/file/Download/${uploaded.attachId}/other.png`,
      headers: { 'blade-auth': `bearer ${hq}` },
    });
    expect(res.statusCode).toBe(404);
    res = await t.call({
      method: 'GET',
      url: '/api/file/Download/abc/x.png',
      headers: { 'blade-auth': `bearer ${hq}` },
    });
    expect(res.statusCode).toBe(400);
    as(fx);
    expect((await t.get(`${A}/detail`, { id: uploaded.attachId })).json().data).toBeNull();
    expect((await t.get(`${A}/list`)).json().data.total).toBe(0);
  });

  it('refuses an oversized or disallowed file with a clear 400 and keeps nothing', async () => {
    as(hq);
    const before = filesOnDisk().sort();
    let res = await upload('big.pdf', Buffer.alloc(MAX + 1, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '文件大小超过64KB' });
    res = await upload('tool.exe', Buffer.from('MZ....'));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^不支持的文件类型: \.exe，允许的类型: jpg, jpeg, png/);
    res = await upload('logo.svg', Buffer.from('<svg onload="alert(1)"/>'));
    expect(res.json().msg).toMatch(/^不支持的文件类型: \.svg/);
    res = await upload('README', Buffer.from('x'));
    expect(res.json().msg).toMatch(/^不支持的文件类型: 无扩展名/);
    res = await upload('empty.txt', Buffer.alloc(0));
    expect(res.json().msg).toBe('参数校验失败: 文件内容为空');
    res = await upload('a.txt', Buffer.from('hello'), 'document');
    expect(res.json()).toMatchObject({ code: 400, msg: '缺少必要的请求参数: file' });
    res = await t.call({
      method: 'POST',
      url: PUT,
      payload: 'not multipart at all',
      headers: { 'content-type': 'multipart/form-data', ...authHeaders(hq) },
    });
    expect(res.json()).toMatchObject({ code: 400, msg: '上传内容不是有效的 multipart/form-data' });
    res = await t.post(PUT, { file: 'x' });
    expect(res.json()).toMatchObject({ code: 400, msg: '请以 multipart/form-data 上传，文件字段名为 file' });
    expect(filesOnDisk().sort()).toEqual(before);
    const total = (await t.get(`${A}/list`)).json().data.total;
    expect(total).toBe(1);
  });

  it('never takes a path from the client and stores one object per content', async () => {
    as(hq);
    let res = await upload('..\\..\\..\\etc/passwd.txt', Buffer.from('root:x:0:0'));
    expect(res.json().data.originalName).toBe('passwd.txt');
    expect(res.json().data.name).toMatch(KEY_PATTERN);
    res = await upload('副本.png', png);
    expect(res.json().data.name).toBe(uploaded.name);
    expect(res.json().data.attachId).not.toBe(uploaded.attachId);
    expect(filesOnDisk().filter((f) => f.endsWith('.png'))).toHaveLength(1);
  });

  it('edits the original name only, removes, and a removed attachment is no longer served', async () => {
    as(hq);
    let res = await t.post(`${A}/submit`, { originalName: 'x.png', link: '/etc/passwd', name: '../../x' });
    expect(res.json().msg).toContain('附件只能通过上传新增');
    res = await t.post(`${A}/submit`, { id: uploaded.attachId, originalName: 'a/b.png' });
    expect(res.json().msg).toContain('附件原名不能包含路径或控制字符');
    res = await t.post(`${A}/submit`, {
      id: uploaded.attachId,
      originalName: '西园片区管网图.png',
      name: 'zz/zz/evil',
    });
    expect(res.json().code).toBe(200);
    const att = (await t.get(`${A}/detail`, { id: uploaded.attachId })).json().data;
    expect(att).toMatchObject({ originalName: '西园片区管网图.png', name: uploaded.name });
    res = await t.post(`${A}/remove`, undefined, { ids: uploaded.attachId });
    expect(res.json().code).toBe(200);
    res = await t.call({ method: 'GET', url: uploaded.link, headers: { 'blade-auth': `bearer ${hq}` } });
    expect(res.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('keeps configuration writes and sending to granted roles, uploads open to everyone', async () => {
    const op = (await t.signIn('operator', 'operator')).access_token;
    const patrol = (await t.signIn('patrol', 'patrol')).access_token;
    as(patrol);
    // the configurations are the SMS screen's (deny by default)
    expect((await t.get(`${S}/list`)).statusCode).toBe(403);
    for (const [url, q] of [
      [`${S}/submit`, undefined],
      [`${S}/enable`, { id: '1' }],
      [`${S}/endpoint/send-message`, { phones: '13855100003' }],
      [`${O}/submit`, undefined],
      [`${A}/remove`, { ids: '1' }],
    ] as const) {
      const res = await t.post(url, {}, q);
      expect(res.statusCode, url).toBe(403);
    }
    const up = await upload('巡检照片.jpg', Buffer.from('ffd8ffe000104a464946', 'hex'), 'file', patrol);
    expect(up.json().code).toBe(200);
    as(op);
    expect((await t.post(`${S}/endpoint/send-message`, undefined, { phones: '13855100003' })).json().code).toBe(200);
    expect((await t.post(`${S}/enable`, undefined, { id: '1' })).statusCode).toBe(403);
    as(hq);
  });
});
