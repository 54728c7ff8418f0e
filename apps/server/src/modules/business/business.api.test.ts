import { describe, expect, it } from 'vitest';
import { type TestApp, twoAdminsSuite } from '../../../test/harness.ts';
import { field } from '../lowcode/test-helpers.ts';

let t: TestApp;
let hq: string;
let fx: string;
const as = twoAdminsSuite((s) => ({ t, hq, fx } = s));

const B = '/api/blade-business';

describe('business forms', () => {
  let catId: string;
  let formId: string;

  it('keeps a category tree (tree, allTree) and refuses removing a category in use', async () => {
    as(hq);
    const tree = (await t.get(`${B}/business-category/tree`)).json().data;
    const hotline = tree.find((n: any) => n.title === '热线服务');
    expect(hotline).toBeTruthy();
    let r = await t.post(`${B}/business-category/submit`, { categoryName: '管网运维', categoryCode: 'pipeops' });
    expect(r.json().code).toBe(200);
    const list = (await t.get(`${B}/business-category/list`)).json().data;
    catId = list.find((c: any) => c.categoryCode === 'pipeops').id;
    r = await t.post(`${B}/business-category/submit`, {
      parentId: catId,
      categoryName: '巡检',
      categoryCode: 'patrol',
    });
    expect(r.json().code).toBe(200);
    const all = (await t.get(`${B}/business-category/allTree`)).json().data;
    expect(all.find((n: any) => n.id === catId).children[0].title).toBe('巡检');
    expect(
      (await t.post(`${B}/business-category/submit`, { categoryName: 'x', categoryCode: 'pipeops' })).json().msg,
    ).toBe('分类编号已存在');
    expect((await t.post(`${B}/business-category/remove`, undefined, { ids: catId })).json().msg).toBe(
      '请先删除下级分类',
    );
    expect(
      (await t.post(`${B}/business-category/submit`, { parentId: '123', categoryName: 'y', categoryCode: 'y1' })).json()
        .msg,
    ).toBe('上级分类不存在');
  });

  it('binds data models to a data source table with its fields', async () => {
    let r = await t.post(`${B}/business-data-model/save`, {
      modelName: '水价',
      modelCode: 'tariff',
      dbLinkId: '0',
      tableName: 'swp_water_tariff',
    });
    expect(r.json(), r.body).toMatchObject({ code: 200, msg: '新增成功' });
    const id = r.json().data.id;
    const d = (await t.get(`${B}/business-data-model/detail`, { id })).json().data;
    expect(d.fields.map((f: any) => f.name)).toContain('total_price');
    r = await t.post(`${B}/business-data-model/save`, {
      modelName: 'x',
      modelCode: 'x',
      dbLinkId: '0',
      tableName: 'nope',
    });
    expect(r.json().msg).toBe('数据表不存在或没有字段: nope');
    expect(
      (await t.get(`${B}/business-data-model/select`, { dbLinkId: '0' })).json().data.map((m: any) => m.id),
    ).toContain(id);
    r = await t.post(`${B}/business-data-model/update`, {
      id,
      modelName: '水价标准',
      modelCode: 'tariff',
      dbLinkId: '0',
      tableName: 'swp_water_tariff',
    });
    expect(r.json().msg).toBe('更新成功');
  });

  it('saves forms checked by the form schema; lists all for the workflow; finds by code; previews', async () => {
    let r = await t.post(`${B}/business-form/save`, {
      formName: '坏表单',
      formCode: 'bad',
      formData: { fields: [field('magic', 'a', 'a')] },
    });
    expect(r.json().msg).toContain('不支持的控件类型: magic');
    r = await t.post(`${B}/business-form/save`, {
      formName: '阀门操作申请',
      formCode: 'valve_apply',
      categoryId: catId,
      formData: JSON.stringify({
        fields: [
          field('input', 'valveNo', '阀门编号', { required: true }, { maxlength: 20 }),
          field('inputNumber', 'openRate', '开度(%)', { required: true }, { min: 0, max: 100 }),
          field('textarea', 'reason', '原因'),
        ],
      }),
    });
    expect(r.json(), r.body).toMatchObject({ code: 200 });
    formId = r.json().data.id;
    expect(
      (
        await t.post(`${B}/business-form/save`, { formName: 'x', formCode: 'valve_apply', formData: { fields: [] } })
      ).json().msg,
    ).toBe('表单编号已存在');
    const all = (await t.get(`${B}/business-form/listAll`)).json().data;
    expect(all.map((f: any) => f.formCode).sort()).toEqual(['complaint', 'valve_apply']);
    expect(all.find((f: any) => f.formCode === 'valve_apply').categoryName).toBe('管网运维');
    const found = (await t.get(`${B}/business-form/findForm`, { formCode: 'valve_apply' })).json().data;
    expect(JSON.parse(found.formData).fields).toHaveLength(3);
    expect((await t.get(`${B}/business-form/preview`, { id: formId })).json().data.formCode).toBe('valve_apply');
    expect((await t.get(`${B}/business-form/findForm`, { formCode: 'nope' })).json().data).toBeNull();
  });

  it('fills in forms through the handle calls with the field rules enforced', async () => {
    const H = `${B}/business-handle`;
    let r = await t.post(`${H}/create/${formId}`, { valveNo: '', openRate: 120 });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('请输入阀门编号；开度(%)不能大于100');
    r = await t.post(`${H}/create/${formId}`, { valveNo: 'FM-001', openRate: 50, reason: '检修' });
    expect(r.json().code).toBe(200);
    const id = r.json().data.id;
    await t.post(`${H}/create/${formId}`, { valveNo: 'FM-002', openRate: 10 });
    const page = (await t.get(`${H}/list/${formId}`, { current: 1, size: 10, valveNo: '001' })).json().data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(page.records[0]).toMatchObject({ id, valveNo: 'FM-001', openRate: 50 });
    expect((await t.get(`${H}/detail/${formId}`, { id })).json().data.reason).toBe('检修');
    expect((await t.get(`${H}/detailByForm/valve_apply`, { id })).json().data.valveNo).toBe('FM-001');
    r = await t.post(`${H}/update/${formId}`, { id, valveNo: 'FM-001', openRate: 80 });
    expect(r.json().msg).toBe('更新成功');
    r = await t.post(`${H}/updateByForm/valve_apply`, { openRate: -1 }, { id });
    expect(r.json().msg).toBe('开度(%)不能小于0');
    r = await t.post(`${H}/updateByForm/valve_apply`, { openRate: 90 }, { id });
    expect((await t.get(`${H}/detail/${formId}`, { id })).json().data.openRate).toBe(90);
    expect((await t.get(`${H}/list/${formId}`, { nope: 1 })).json().msg).toBe('未知的查询字段: nope');
    r = await t.get(`${H}/remove/${formId}`, { ids: id });
    expect(r.json().data.count).toBe(1);
    expect((await t.get(`${H}/detail/${formId}`, { id })).json().data).toBeNull();
    expect((await t.post(`${H}/create/999`, { a: 1 })).json().msg).toBe('业务表单不存在');
  });

  it('keeps designs of a form, grouped, with a preview; a form in use stays', async () => {
    let r = await t.post(`${B}/business-design/save`, {
      formId,
      designName: '阀门申请台账',
      groupName: '管网运维',
      designData: {
        columnList: [{ prop: 'valveNo', label: '阀门编号' }],
        searchList: [{ prop: 'valveNo', label: '阀门编号' }],
      },
    });
    expect(r.json(), r.body).toMatchObject({ code: 200 });
    const id = r.json().data.id;
    r = await t.post(`${B}/business-design/save`, {
      formId,
      designName: 'x',
      designData: { columnList: [{ prop: 'nope', label: 'x' }] },
    });
    expect(r.json().msg).toContain('不存在的字段: nope');
    const groups = (await t.get(`${B}/business-design/bis-group`)).json().data;
    expect(groups.map((g: any) => g.groupName)).toEqual(expect.arrayContaining(['管网运维', '热线服务']));
    const pv = (await t.get(`${B}/business-design/preview`, { id })).json().data;
    expect(pv).toMatchObject({ formCode: 'valve_apply', designName: '阀门申请台账' });
    expect(JSON.parse(pv.columnData).columnList[0].prop).toBe('valveNo');
    expect((await t.post(`${B}/business-form/remove`, undefined, { ids: formId })).json().msg).toBe(
      '表单已被业务设计使用，不能删除',
    );
    expect((await t.post(`${B}/business-design/remove`, undefined, { ids: id })).json().code).toBe(200);
    expect((await t.post(`${B}/business-form/remove`, undefined, { ids: formId })).json().code).toBe(200);
  });

  it('grants by menu: an operator fills in forms but does not design them; tenants are apart', async () => {
    t.token = (await t.signIn('operator', 'operator')).access_token;
    const all = (await t.get(`${B}/business-form/listAll`)).json().data;
    const complaint = all.find((f: any) => f.formCode === 'complaint');
    const r = await t.post(`${B}/business-handle/create/${complaint.id}`, {
      callerName: '赵六',
      callerPhone: '13900001111',
      kind: '1',
      content: '水压低',
      callDate: '2026-11-20',
    });
    expect(r.json(), r.body).toMatchObject({ code: 200 });
    expect(
      (await t.post(`${B}/business-form/save`, { formName: 'x', formCode: 'x', formData: { fields: [] } })).statusCode,
    ).toBe(403);
    as(fx);
    expect((await t.get(`${B}/business-form/listAll`)).json().data).toEqual([]);
    expect((await t.get(`${B}/business-handle/list/${complaint.id}`)).json().msg).toBe('业务表单不存在');
    as(hq);
  });
});
