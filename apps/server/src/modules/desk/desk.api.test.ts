import { describe, expect, it } from 'vitest';
import { expectRemoved, submitAndRead, type TestApp, twoAdminsSuite } from '../../../test/harness.ts';

let t: TestApp;
let hq: string;
let fx: string;
const as = twoAdminsSuite((s) => ({ t, hq, fx } = s), { seed: true, logLevel: 'error' });

const N = '/api/blade-desk/notice';

describe('notices', () => {
  it('lists the seeded notices newest first with the category name of dict notice', async () => {
    as(hq);
    const res = await t.get(`${N}/list`, { current: 1, size: 10 });
    expect(res.json().code).toBe(200);
    const page = res.json().data;
    expect(page.total).toBeGreaterThanOrEqual(5);
    const titles = page.records.map((r: any) => r.title);
    expect(titles[0]).toBe('关于蜀山区部分区域临时停水的通知');
    expect(titles).toContain('防汛值班安排');
    expect(page.records[0]).toMatchObject({ category: 6, categoryName: '停水通知' });
    expect(page.records[0].releaseTime).toMatch(/^\d{4}-\d{2}-\d{2} 09:00:00$/);
    const filtered = await t.get(`${N}/list`, { title: '管网改造', category: 1 });
    expect(filtered.json().data.records.map((r: any) => r.title)).toEqual(['长江西路 DN800 供水主管网改造工程公告']);
  });

  it('stores rich text sanitised: scripts, event handlers and javascript: URLs go, formatting stays', async () => {
    as(hq);
    const dirty = [
      '<h2 style="color: #c0392b; position: fixed">停水</h2>',
      '<p onclick="steal()">正文<strong>加粗</strong><script>alert(document.cookie)</script></p>',
      '<img src="x" onerror="alert(1)"><img src="/api/file/Download/1/a.png" alt="图">',
      '<a href="javascript:alert(1)">坏链接</a><a href="https://www.hfwater.example.com" target="_blank">官网</a>',
      '<iframe src="https://evil.example.com"></iframe><style>body{display:none}</style>',
      '<table border="1"><tr><td colspan="2" onmouseover="x()">单元格</td></tr></table>',
    ].join('');
    let res = await t.post(`${N}/submit`, {
      title: '消毒演练',
      category: 1,
      releaseTime: '2025-06-01 08:30:00',
      content: dirty,
    });
    expect(res.json(), res.body).toMatchObject({ code: 200, success: true });
    res = await t.get(`${N}/list`, { title_equal: '消毒演练' });
    const row = res.json().data.records[0];
    const html: string = row.content;
    expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe|<style|alert\(|position/i);
    expect(html).toContain('<h2 style="color:#c0392b">停水</h2>');
    expect(html).toContain('<strong>加粗</strong>');
    expect(html).toContain('<img src="/api/file/Download/1/a.png" alt="图" />');
    expect(html).toContain(
      '<a href="https://www.hfwater.example.com" target="_blank" rel="noopener noreferrer">官网</a>',
    );
    expect(html).toContain('<td colspan="2">单元格</td>');
    expect(row.releaseTime).toBe('2025-06-01 08:30:00');

    // edit keeps sanitising
    const edited = await submitAndRead(t, N, { ...row, content: '<p>改<svg onload="x()"></svg></p>' });
    expect(edited.content).toBe('<p>改</p>');

    await expectRemoved(t, N, row.id);
  });

  it('refuses bad input with a clear 400', async () => {
    as(hq);
    const cases: [any, string][] = [
      [{ category: 1, releaseTime: '2025-01-01 00:00:00' }, 'title'],
      [{ title: ' ', category: 1, releaseTime: '2025-01-01 00:00:00' }, '请输入通知标题'],
      [{ title: 'a', category: 99, releaseTime: '2025-01-01 00:00:00' }, '通知类型不存在: 99'],
      [{ title: 'a', category: 'x', releaseTime: '2025-01-01 00:00:00' }, '请选择通知类型'],
      [{ title: 'a', category: 1, releaseTime: '2025-13-45' }, '请选择发布时间'],
      [{ title: 'a', category: 1 }, 'releaseTime'],
    ];
    for (const [body, msg] of cases) {
      const res = await t.post(`${N}/submit`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    const res = await t.get(`${N}/list`, { bogus: 1 });
    expect(res.statusCode).toBe(400);
  });

  it('keeps tenants apart', async () => {
    as(fx);
    let res = await t.get(`${N}/list`);
    const titles = res.json().data.records.map((r: any) => r.title);
    expect(titles).toEqual(['上派镇部分区域水压偏低的说明']);
    as(hq);
    res = await t.get(`${N}/list`, { title: '停水' });
    const hqRow = res.json().data.records[0];
    as(fx);
    res = await t.get(`${N}/detail`, { id: hqRow.id });
    expect(res.json().data).toBeNull();
    res = await t.post(`${N}/submit`, { ...hqRow, title: '篡改' });
    expect(res.statusCode).toBe(400);
    res = await t.post(`${N}/remove`, undefined, { ids: hqRow.id });
    expect(res.json()).toMatchObject({ code: 400, msg: '数据不存在或无权操作' });
    as(hq);
    res = await t.get(`${N}/detail`, { id: hqRow.id });
    expect(res.json().data.title).toBe('关于蜀山区部分区域临时停水的通知');
  });
});

describe('notice permissions', () => {
  it('lets only the roles granted the API scope change notices; every role reads them', async () => {
    const op = (await t.signIn('operator', 'operator')).access_token;
    const patrol = (await t.signIn('patrol', 'patrol')).access_token;
    as(patrol);
    expect((await t.get(`${N}/list`)).json().code).toBe(200);
    let res = await t.post(`${N}/submit`, { title: '巡检通知', category: 1, releaseTime: '2025-07-01 09:00:00' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: '无权访问' });
    as(op);
    res = await t.post(`${N}/submit`, {
      title: '调度通知',
      category: 1,
      releaseTime: '2025-07-01 09:00:00',
      content: '<p>ok</p>',
    });
    expect(res.json().code).toBe(200);
    const id = (await t.get(`${N}/list`, { title_equal: '调度通知' })).json().data.records[0].id;
    as(patrol);
    expect((await t.post(`${N}/remove`, undefined, { ids: id })).statusCode).toBe(403);
    as(op);
    expect((await t.post(`${N}/remove`, undefined, { ids: id })).json().code).toBe(200);
    as(hq);
  });
});

describe('dashboard figures', () => {
  it('counts what the platform has for the caller’s tenant', async () => {
    as(hq);
    const res = await t.get('/api/blade-desk/dashboard/figures');
    expect(res.json().code).toBe(200);
    const data = res.json().data;
    expect(data.tenantId).toBe('000000');
    const by = Object.fromEntries(data.figures.map((f: any) => [f.key, f]));
    for (const k of [
      'users',
      'tenants',
      'depts',
      'roles',
      'onlineSessions',
      'errorsToday',
      'apiCallsToday',
      'notices',
      'attachments',
    ]) {
      expect(by[k], k).toBeDefined();
      expect(typeof by[k].value).toBe('number');
      expect(by[k].label).toBeTruthy();
    }
    expect(by.users.value).toBeGreaterThanOrEqual(4);
    expect(by.tenants.value).toBeGreaterThanOrEqual(3);
    expect(by.onlineSessions.value).toBeGreaterThanOrEqual(1);
    expect(by.notices.value).toBeGreaterThanOrEqual(5);

    as(fx);
    const other = (await t.get('/blade-desk/dashboard/figures')).json().data;
    const keys = other.figures.map((f: any) => f.key);
    expect(keys).not.toContain('tenants');
    expect(other.figures.find((f: any) => f.key === 'notices').value).toBe(1);
    expect(other.figures.find((f: any) => f.key === 'users').value).toBe(1);
  });

  it('needs a signed-in user', async () => {
    t.token = undefined;
    const res = await t.get('/api/blade-desk/dashboard/figures');
    expect(res.statusCode).toBe(401);
    as(hq);
  });
});
