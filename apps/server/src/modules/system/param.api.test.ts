import { describe, expect, it } from 'vitest';
import { appSuite, expectRemoved, submitAndRead, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
appSuite((app) => (t = app));

const base = '/api/blade-system/param';

describe('parameters through the resource factory', () => {
  it('adds, pages with filters, edits, views and removes a parameter', async () => {
    let res = await t.post(`${base}/submit`, {
      paramName: '管网压力告警阈值',
      paramKey: 'pipe.pressure.alarm',
      paramValue: '0.25',
    });
    expect(res.json()).toMatchObject({ code: 200, success: true });

    res = await t.get(`${base}/list`, { current: 1, size: 10, paramKey: 'pressure' });
    const page = res.json().data;
    expect(page).toMatchObject({ current: 1, size: 10, total: 1, pages: 1 });
    const row = page.records[0];
    expect(row).toMatchObject({ paramName: '管网压力告警阈值', paramValue: '0.25', isDeleted: 0, status: 1 });
    expect(typeof row.id).toBe('string');
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await submitAndRead(t, base, { ...row, paramValue: '0.28' })).paramValue).toBe('0.28');

    await expectRemoved(t, base, row.id);
  });

  it('refuses a duplicate key, missing fields and unknown filters with clear messages', async () => {
    await t.post(`${base}/submit`, { paramName: 'a', paramKey: 'dup.key', paramValue: '1' });
    let res = await t.post(`${base}/submit`, { paramName: 'b', paramKey: 'dup.key', paramValue: '2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: '参数键名已存在' });
    // a detail whose only key is empty names no row: refused, not answered with the first visible row
    res = await t.get(`${base}/detail`, { id: '' });
    expect(res.json()).toMatchObject({ code: 400, msg: '缺少必要的请求参数: id' });
    // remark is not declared by hand: its limit follows from the column (varchar 255)
    res = await t.post(`${base}/submit`, {
      paramName: 'c',
      paramKey: 'long.remark',
      paramValue: '1',
      remark: 'x'.repeat(256),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('255');

    res = await t.post(`${base}/submit`, { paramName: '', paramKey: 'k', paramValue: 'v' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('请输入参数名称');

    res = await t.post(`${base}/submit`, { paramKey: 'k', paramValue: 'v' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('paramName');

    res = await t.get(`${base}/list`, { nope_like: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('未知的查询字段: nope_like');

    res = await t.get(`${base}/list`, { createTime_datege: 'not-a-date' });
    expect(res.statusCode).toBe(400);

    res = await t.post(`${base}/remove`, undefined, { ids: '1,abc' });
    expect(res.statusCode).toBe(400);

    res = await t.post(`${base}/remove`, undefined, { ids: '123456' });
    expect(res.json()).toMatchObject({ code: 400, msg: '数据不存在或无权操作' });
  });

  it('sorts by ascs/descs and filters with suffix operators', async () => {
    for (const k of ['s.b', 's.a', 's.c']) await t.post(`${base}/submit`, { paramName: k, paramKey: k, paramValue: k });
    let res = await t.get(`${base}/list`, { paramKey_likeright: 's.', ascs: 'paramKey' });
    expect(res.json().data.records.map((r: any) => r.paramKey)).toEqual(['s.a', 's.b', 's.c']);
    res = await t.get(`${base}/list`, { paramKey_likeright: 's.', descs: 'param_key', size: 2 });
    expect(res.json().data).toMatchObject({ total: 3, pages: 2 });
    expect(res.json().data.records.map((r: any) => r.paramKey)).toEqual(['s.c', 's.b']);
    res = await t.get(`${base}/list`, { paramKey_equal: 's.a' });
    expect(res.json().data.total).toBe(1);
    res = await t.get(`${base}/list`, { descs: 'drop table' });
    expect(res.statusCode).toBe(400);
  });
});
