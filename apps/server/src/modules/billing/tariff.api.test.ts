import { describe, expect, it } from 'vitest';
import { appSuite, expectRefused, expectRemoved, type TestApp } from '../../../test/harness.ts';
import { MSG, totalOf } from './tariff.ts';

let t: TestApp;
appSuite((app) => {
  t = app;
});

const base = '/api/swp-billing/tariff';

/** A valid non-residential tariff on a date the seed does not use. */
const valid = (over: Record<string, unknown> = {}) => ({
  category: 2,
  tier: 1,
  volumeFrom: 0,
  volumeTo: null,
  basePrice: 2.3,
  sewageFee: 0.95,
  resourceFee: 0.2,
  effectiveDate: '2026-01-01',
  status: 1,
  remark: '测试水价',
  ...over,
});

const refused = async (body: unknown, msg: string) => expectRefused(await t.post(`${base}/submit`, body), msg);

const find = async (q: Record<string, unknown>) => (await t.get(`${base}/list`, { size: 100, ...q })).json().data;

describe('water tariffs', () => {
  it('seeds the published tariffs, the dictionary and the menu with its buttons', async () => {
    const page = await find({ status: 1 });
    expect(page.total).toBe(5);
    const residential = page.records.filter((r: any) => r.category === 1).sort((a: any, b: any) => a.tier - b.tier);
    expect(residential.map((r: any) => [r.volumeFrom, r.volumeTo])).toEqual([
      [0, 180],
      [181, 260],
      [261, null],
    ]);
    // the 1 : 1.5 : 3 base-price ladder, and every total is the sum of the fees
    expect(residential.map((r: any) => r.basePrice)).toEqual([1.9, 2.85, 5.7]);
    for (const r of page.records) {
      expect(r.totalPrice).toBe(totalOf(r.basePrice, r.sewageFee, r.resourceFee));
      expect(r.effectiveDate).toBe('2024-01-01');
    }
    expect((await find({ status: 0 })).total).toBe(5);

    const dict = (await t.get('/api/blade-system/dict-biz/dictionary', { code: 'water_category' })).json().data;
    expect(dict.map((d: any) => [d.dictKey, d.dictValue])).toEqual([
      ['1', '居民生活用水'],
      ['2', '非居民用水'],
      ['3', '特种行业用水'],
    ]);

    const top = (await t.get('/api/blade-system/menu/top-menu')).json().data;
    const billing = top.find((x: any) => x.code === 'billing');
    const routes = (await t.get('/api/blade-system/menu/routes', { topMenuId: billing.id })).json().data;
    const group = routes.find((r: any) => r.code === 'billing_charge');
    expect(group.children.map((c: any) => [c.code, c.path])).toEqual([['tariff', '/billing/tariff']]);
    const buttons = (await t.get('/api/blade-system/menu/buttons')).json().data;
    expect(buttons.find((b: any) => b.code === 'tariff').children.map((c: any) => c.code)).toEqual([
      'tariff_add',
      'tariff_edit',
      'tariff_delete',
      'tariff_view',
    ]);
  });

  it('adds, pages with filters, edits, views and removes a tariff; the total is the server’s sum', async () => {
    // a client's totalPrice is ignored
    let res = await t.post(`${base}/submit`, valid({ totalPrice: 999 }));
    expect(res.json()).toMatchObject({ code: 200, success: true });

    const page = await find({ effectiveDate: '2026-01-01' });
    expect(page.total).toBe(1);
    const row = page.records[0];
    expect(row).toMatchObject({ ...valid(), totalPrice: 3.45, tenantId: '000000', isDeleted: 0 });
    expect(typeof row.id).toBe('string');

    // filters: category, status, remark, dates, and the page route
    expect((await find({ category: 2, effectiveDate: '2026-01-01', status: 1 })).total).toBe(1);
    expect((await find({ category: 3, effectiveDate: '2026-01-01' })).total).toBe(0);
    expect((await find({ remark: '测试水价' })).total).toBe(1);
    expect((await find({ effectiveDate_ge: '2025-06-01' })).total).toBe(1);
    const paged = (await t.get(`${base}/page`, { current: 1, size: 2, category: 1 })).json().data;
    expect(paged).toMatchObject({ current: 1, size: 2, total: 6, pages: 3 });
    expect(paged.records).toHaveLength(2);

    // edit: numeric strings from a form are accepted, the total follows the fees
    res = await t.post(`${base}/submit`, { ...row, basePrice: '3.10', sewageFee: '1.4', totalPrice: 0 });
    expect(res.json().code).toBe(200);
    res = await t.get(`${base}/detail`, { id: row.id });
    expect(res.json().data).toMatchObject({
      id: row.id,
      basePrice: 3.1,
      sewageFee: 1.4,
      resourceFee: 0.2,
      totalPrice: 4.7,
    });

    // a stop
    res = await t.post(`${base}/submit`, { ...res.json().data, status: 0 });
    expect((await t.get(`${base}/detail`, { id: row.id })).json().data.status).toBe(0);

    await expectRemoved(t, base, row.id);
    expect((await find({ effectiveDate: '2026-01-01' })).total).toBe(0);

    // removed rows free their category, tier and date
    res = await t.post(`${base}/submit`, valid());
    expect(res.json().code).toBe(200);
  });

  it('sums to the cent without binary noise', async () => {
    const res = await t.post(
      `${base}/submit`,
      valid({ category: 3, basePrice: 0.1, sewageFee: 0.2, resourceFee: 0.7, effectiveDate: '2026-02-01' }),
    );
    expect(res.json().code).toBe(200);
    const [r] = (await find({ category: 3, effectiveDate: '2026-02-01' })).records;
    expect(r.totalPrice).toBe(1);
    expect(totalOf(0.1, 0.2, 0.0)).toBe(0.3);
    expect(totalOf('999.99', '999.99', '999.99')).toBe(2999.97);
  });

  it('refuses every invalid tariff with a clear message', async () => {
    await refused(valid({ category: 4 }), MSG.category);
    await refused(valid({ category: undefined }), 'category');
    await refused(valid({ tier: 4 }), MSG.tier);
    await refused(valid({ tier: 2 }), MSG.tierOnlyResidential);
    await refused(valid({ volumeFrom: -1 }), '年用水量下限不能小于 0');
    await refused(valid({ volumeFrom: 1.5 }), MSG.volumeFrom);
    await refused(valid({ volumeFrom: undefined }), 'volumeFrom');
    await refused(valid({ volumeFrom: 100, volumeTo: 100 }), MSG.volumeOrder);
    await refused(valid({ volumeFrom: 100, volumeTo: 50 }), MSG.volumeOrder);
    await refused(valid({ volumeTo: 10.5 }), MSG.volumeTo);
    for (const [field, name] of [
      ['basePrice', '基本水价'],
      ['sewageFee', '污水处理费'],
      ['resourceFee', '水资源费'],
    ] as const) {
      await refused(valid({ [field]: -0.01 }), `${name}不能小于 0`);
      await refused(valid({ [field]: 1000 }), `${name}必须小于 1000`);
      await refused(valid({ [field]: 1.005 }), `${name}最多保留两位小数`);
      await refused(valid({ [field]: 'abc' }), MSG[field]);
      await refused(valid({ [field]: '' }), field);
    }
    await refused(valid({ effectiveDate: '' }), 'effectiveDate');
    await refused(valid({ effectiveDate: '2026-02-30' }), MSG.effectiveDateFormat);
    await refused(valid({ effectiveDate: '2026/01/01' }), MSG.effectiveDateFormat);
    await refused(valid({ status: 2 }), MSG.status);
    await refused(valid({ remark: 'x'.repeat(256) }), '备注不能超过 255 个字符');

    // the same category, tier and date twice
    const date = '2026-03-01';
    expect((await t.post(`${base}/submit`, valid({ effectiveDate: date }))).json().code).toBe(200);
    await refused(valid({ effectiveDate: date, basePrice: 9 }), MSG.duplicate);

    // residential tiers of one date may not share annual volumes
    const r = (over: Record<string, unknown>) => valid({ category: 1, effectiveDate: date, ...over });
    expect((await t.post(`${base}/submit`, r({ tier: 1, volumeFrom: 0, volumeTo: 180 }))).json().code).toBe(200);
    await refused(r({ tier: 2, volumeFrom: 180, volumeTo: 260 }), '年用水量区间与第 1 阶梯（0–180 m³）重叠');
    expect((await t.post(`${base}/submit`, r({ tier: 2, volumeFrom: 181, volumeTo: 260 }))).json().code).toBe(200);
    await refused(r({ tier: 3, volumeFrom: 200, volumeTo: null }), '年用水量区间与第 2 阶梯（181–260 m³）重叠');
    expect((await t.post(`${base}/submit`, r({ tier: 3, volumeFrom: 261 }))).json().code).toBe(200);
    // editing a tier into its neighbour's range is refused too, keeping its own range is fine
    const tier1 = (await find({ category: 1, effectiveDate: date, tier: 1 })).records[0];
    await refused({ ...tier1, volumeTo: 300 }, '年用水量区间与第 2 阶梯（181–260 m³）重叠');
    expect((await t.post(`${base}/submit`, { ...tier1, remark: '改备注' })).json().code).toBe(200);
    // …and an open-ended lower tier overlaps any higher one
    const tier3 = (await find({ category: 1, effectiveDate: date, tier: 3 })).records[0];
    await refused({ ...tier1, volumeTo: null }, '年用水量区间与第 2 阶梯');
    expect(tier3.volumeTo).toBeNull();

    // an unknown filter, an unknown id
    let res = await t.get(`${base}/list`, { price: 1 });
    expect(res.json()).toMatchObject({ code: 400, msg: '未知的查询字段: price' });
    res = await t.post(`${base}/remove`, undefined, { ids: '123456' });
    expect(res.json()).toMatchObject({ code: 400, msg: '数据不存在或无权操作' });
  });

  it('keeps tenants apart', async () => {
    const res0 = await t.post(`${base}/submit`, valid({ effectiveDate: '2026-04-01', remark: '仅合肥' }));
    expect(res0.json().code).toBe(200);
    const mine = (await find({ remark: '仅合肥' })).records[0];
    const hefei = t.token;
    await t.signIn('admin', 'admin', '100001');
    try {
      const page = (await t.get(`${base}/list`, { size: 100 })).json().data;
      // its own seeded list, none of tenant 000000's rows
      expect(page.total).toBe(5);
      expect(page.records.every((r: any) => r.tenantId === '100001')).toBe(true);
      expect(page.records.map((r: any) => r.id)).not.toContain(mine.id);
      expect((await t.get(`${base}/detail`, { id: mine.id })).json().data).toBeNull();
      let res = await t.post(`${base}/submit`, { ...mine, basePrice: 1 });
      expect(res.json()).toMatchObject({ code: 400, msg: '数据不存在或无权操作' });
      res = await t.post(`${base}/remove`, undefined, { ids: mine.id });
      expect(res.json()).toMatchObject({ code: 400, msg: '数据不存在或无权操作' });
      // the same category, tier and date is free in another tenant
      res = await t.post(`${base}/submit`, valid({ effectiveDate: '2026-04-01' }));
      expect(res.json().code).toBe(200);
      const theirs = (await t.get(`${base}/list`, { effectiveDate: '2026-04-01' })).json().data.records;
      expect(theirs).toHaveLength(1);
      expect(theirs[0].tenantId).toBe('100001');
    } finally {
      t.token = hefei;
    }
    // tenant 000000 still sees only its own row of that date, unchanged
    const back = (await find({ effectiveDate: '2026-04-01' })).records;
    expect(back.map((r: any) => r.id)).toEqual([mine.id]);
    expect((await t.get(`${base}/detail`, { id: mine.id })).json().data.basePrice).toBe(2.3);
  });
});
