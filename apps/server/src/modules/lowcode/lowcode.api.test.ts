import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { authHeaders, type TestApp, twoAdminsSuite } from '../../../test/harness.ts';
import { lowcodeModule } from './index.ts';
import { field } from './test-helpers.ts';

let t: TestApp;
let hq: string;
let fx: string;
const as = twoAdminsSuite((s) => ({ t, hq, fx } = s));

const V = '/api/visualdev';

const FORM = {
  fields: [
    field('input', 'name', '名称', { required: true }, { maxlength: 10 }),
    field('inputNumber', 'qty', '数量', { required: true }, { min: 0, max: 1000, precision: 0 }),
    field('inputNumber', 'price', '单价', {}, { min: 0, precision: 2 }),
    field(
      'calculate',
      'total',
      '金额',
      {},
      { expression: [{ __vModel__: 'qty' }, '*', { __vModel__: 'price' }], precision: 2 },
    ),
    field(
      'select',
      'kind',
      '类别',
      { required: true },
      {
        options: [
          { id: 'a', fullName: '甲' },
          { id: 'b', fullName: '乙' },
        ],
      },
    ),
    field('datePicker', 'day', '日期', {}, { format: 'yyyy-MM-dd' }),
    field('switch', 'on', '启用'),
    field('createUser', 'creator', '创建人'),
    field('createTime', 'createdAt', '创建时间'),
  ],
};
const COLUMNS = {
  columnList: [
    { prop: 'name', label: '名称' },
    { prop: 'qty', label: '数量' },
    { prop: 'total', label: '金额' },
    { prop: 'kind', label: '类别' },
  ],
  searchList: [
    { prop: 'name', label: '名称' },
    { prop: 'kind', label: '类别' },
    { prop: 'day', label: '日期' },
    { prop: 'qty', label: '数量' },
  ],
  btnsList: [{ value: 'add' }],
  columnBtnsList: [{ value: 'edit' }],
};

const xlsxOf = async (body: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: string[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return rows;
};

async function multipart(url: string, fileName: string, buf: Buffer) {
  const boundary = '----lowcodetest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    buf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call({
    method: 'POST',
    url,
    payload,
    headers: {
      ...authHeaders(t.token),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

describe('online modules', () => {
  let moduleId: string;

  it('seeds the published demo modules with menus of category 3 carrying the module id, and records', async () => {
    as(hq);
    const list = (await t.get(`${V}/Base`, { keyword: '报修' })).json().data;
    const repair = list.list.find((m: any) => m.enCode === 'repair_request');
    expect(repair).toMatchObject({ fullName: '用户报修登记', state: 1 });
    const top = (await t.get('/api/blade-system/menu/top-menu')).json().data;
    const hotline = top.find((x: any) => x.code === 'hotline');
    const routes = (await t.get('/api/blade-system/menu/routes', { topMenuId: hotline.id })).json().data;
    const group = routes.find((r: any) => r.code === 'hotline_repair');
    const entry = group.children.find((c: any) => c.code === `lc_${repair.id}`);
    expect(entry).toMatchObject({ category: 3, path: `/dynamic/index?id=${repair.id}` });
    expect(JSON.parse(entry.propertyJson)).toEqual({ moduleId: repair.id, nameEn: 'Repair requests' });
    // the English name reaches the client's menu (meta.nameEn) and the module's detail
    expect(entry.meta.nameEn).toBe('Repair requests');
    const page = (await t.post(`${V}/OnlineDev/${repair.id}/List`, { pageSize: 10 })).json().data;
    expect(page.pagination.total).toBe(3);
    const first = page.list.find((r: any) => r.customerName === '王建国');
    expect(first.repairNo).toMatch(/^GD\d{8}\d{4}$/);
    expect(first.parts[0].amount).toBe(45);
    expect(first.totalAmount).toBe(52);
  });

  it('creates, validates, lists, reads, updates and copies a module design', async () => {
    let res = await t.post(`${V}/Base`, { fullName: '测试', enCode: 'bad code', formData: FORM });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('功能编码只能由字母');
    res = await t.post(`${V}/Base`, {
      fullName: '测试',
      enCode: 'lc_test',
      formData: { fields: [field('magic', 'x', 'x')] },
    });
    expect(res.json().msg).toContain('不支持的控件类型: magic');
    res = await t.post(`${V}/Base`, {
      fullName: '测试',
      enCode: 'lc_test',
      formData: FORM,
      columnData: { columnList: [{ prop: 'nope', label: 'x' }] },
    });
    expect(res.json().msg).toContain('不存在的字段: nope');
    res = await t.post(`${V}/Base`, {
      fullName: '物资领用',
      enCode: 'lc_test',
      category: '测试',
      formData: JSON.stringify(FORM),
      columnData: JSON.stringify(COLUMNS),
    });
    expect(res.json(), res.body).toMatchObject({ code: 200, msg: '新建成功' });
    moduleId = res.json().data.id;
    res = await t.post(`${V}/Base`, { fullName: '重复', enCode: 'lc_test', formData: FORM });
    expect(res.json().msg).toBe('功能编码已存在: lc_test');

    const info = (await t.get(`${V}/Base/${moduleId}`)).json().data;
    expect(info).toMatchObject({ fullName: '物资领用', state: 0 });
    expect(JSON.parse(info.formData).fields).toHaveLength(FORM.fields.length);
    expect((await t.get(`${V}/Base/999`)).json()).toMatchObject({ code: 200, data: null });

    res = await t.put(`${V}/Base/${moduleId}`, { ...info, fullName: '物资领用登记' });
    expect(res.json().msg).toBe('更新成功');

    const fields = (await t.get(`${V}/Base/${moduleId}/FormDataFields`)).json().data.list;
    expect(fields.map((f: any) => f.vModel)).toContain('total');

    const copy = (await t.post(`${V}/Base/${moduleId}/Actions/Copy`)).json().data.id;
    const copied = (await t.get(`${V}/Base/${copy}`)).json().data;
    expect(copied).toMatchObject({ enCode: 'lc_test_copy1', fullName: '物资领用登记_副本1', state: 0 });
    expect((await t.del(`${V}/Base/${copy}`)).json().msg).toBe('删除成功');
    expect((await t.get(`${V}/Base/${copy}`)).json().data).toBeNull();

    const sel = (await t.get(`${V}/Base/Selector`)).json().data.list;
    expect(sel.find((g: any) => g.fullName === '测试').children[0].id).toBe(moduleId);
  });

  it('publishes to a menu entry and indexes the search fields', async () => {
    const res = await t.post(`${V}/Base/${moduleId}/Actions/Release`, {});
    expect(res.json(), res.body).toMatchObject({ code: 200, msg: '发布成功' });
    const { menuId } = res.json().data;
    const menu = (await t.get('/api/blade-system/menu/detail', { id: menuId })).json().data;
    expect(menu).toMatchObject({ category: 3, code: `lc_${moduleId}`, path: `/dynamic/index?id=${moduleId}` });
    expect(JSON.parse(menu.propertyJson).moduleId).toBe(moduleId);
    // an English name given later reaches the published entry (the client shows it in English)
    const info = (await t.get(`${V}/Base/${moduleId}`)).json().data;
    expect(info.enName).toBe('');
    expect((await t.put(`${V}/Base/${moduleId}`, { ...info, enName: 'Supplies' })).json().msg).toBe('更新成功');
    expect((await t.get(`${V}/Base/${moduleId}`)).json().data.enName).toBe('Supplies');
    const renamed = (await t.get('/api/blade-system/menu/detail', { id: menuId })).json().data;
    expect(JSON.parse(renamed.propertyJson)).toEqual({ moduleId, nameEn: 'Supplies' });
    const idx = await t.app.ctx.database.pool.query(
      `select indexdef from pg_indexes where tablename = 'lc_record' and indexname like $1`,
      [`lcr_${moduleId}_%`],
    );
    expect(idx.rows).toHaveLength(4);
    expect(idx.rows.map((r) => r.indexdef).join()).toContain(`(search ->> 'kind'::text)`);
    const buttons = (await t.get('/api/blade-system/menu/buttons')).json().data;
    expect(buttons.find((b: any) => b.code === `lc_${moduleId}`).children.map((c: any) => c.code)).toContain(
      `lc_${moduleId}_import`,
    );
  });

  let recordId: string;
  it('enforces the field rules on create and update, fills system and calculated fields', async () => {
    const url = `${V}/OnlineDev/${moduleId}`;
    let res = await t.post(url, { data: JSON.stringify({ name: '', qty: 1, kind: 'a' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('请输入名称');
    res = await t.post(url, { data: JSON.stringify({ name: '扳手', qty: 1.5, kind: 'z' }) });
    expect(res.json().msg).toContain('数量必须是整数');
    expect(res.json().msg).toContain('类别的选项无效: z');
    res = await t.post(url, {
      data: { name: '扳手', qty: 3, price: 12.5, kind: 'a', day: '2026-05-01', on: 1, total: 999, bogus: 1 },
    });
    expect(res.json(), res.body).toMatchObject({ code: 200, msg: '新建成功' });
    recordId = res.json().data.id;
    const got = (await t.get(`${url}/${recordId}`)).json().data;
    const data = JSON.parse(got.data);
    expect(data).toMatchObject({ name: '扳手', qty: 3, total: 37.5, kind: 'a' });
    expect(data.bogus).toBeUndefined();
    expect(data.creator).toMatch(/^\d+$/);
    expect(data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    res = await t.put(`${url}/${recordId}`, {
      data: JSON.stringify({ ...data, qty: 4, createdAt: '2000-01-01 00:00:00' }),
    });
    expect(res.json().msg).toBe('更新成功');
    const after = JSON.parse((await t.get(`${url}/${recordId}`)).json().data.data);
    expect(after).toMatchObject({ qty: 4, total: 50, createdAt: data.createdAt });

    const shown = (await t.get(`${url}/${recordId}/DataChange`)).json().data.record;
    expect(shown).toMatchObject({ kind: '甲', on: '是', creator: '管理员' });
    expect((await t.put(`${url}/1`, { data: '{}' })).json().msg).toBe('数据不存在或已删除');
  });

  it('lists pages filtered by text, choice, number and date ranges, sorted, with keyword', async () => {
    const url = `${V}/OnlineDev/${moduleId}`;
    for (const [name, qty, kind, day] of [
      ['螺丝刀', 10, 'b', '2026-05-02'],
      ['螺栓', 20, 'b', '2026-06-01'],
      ['胶带', 5, 'a', '2026-07-01'],
    ] as const)
      expect((await t.post(url, { data: JSON.stringify({ name, qty, kind, day, price: 1 }) })).json().code).toBe(200);
    const list = async (body: Record<string, unknown>) => (await t.post(`${url}/List`, body)).json();
    expect((await list({})).data.pagination.total).toBe(4);
    expect(
      (await list({ queryJson: JSON.stringify({ name: '螺' }) })).data.list.map((r: any) => r.name).sort(),
    ).toEqual(['螺栓', '螺丝刀'].sort());
    expect((await list({ queryJson: JSON.stringify({ kind: 'b' }) })).data.pagination.total).toBe(2);
    expect(
      (await list({ queryJson: JSON.stringify({ qty: [5, 10] }) })).data.list.map((r: any) => r.name).sort(),
    ).toEqual(['胶带', '螺丝刀'].sort());
    expect(
      (await list({ queryJson: JSON.stringify({ day: ['2026-05-02', '2026-06-30'] }) })).data.pagination.total,
    ).toBe(2);
    const sorted = (await list({ sidx: 'qty', sort: 'asc', pageSize: 2, currentPage: 2 })).data;
    expect(sorted.list.map((r: any) => r.qty)).toEqual([10, 20]);
    expect(sorted.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 4 });
    expect((await list({ keyword: '胶' })).data.pagination.total).toBe(1);
    const bad = await list({ queryJson: JSON.stringify({ nope: 1 }) });
    expect(bad).toMatchObject({ code: 400, msg: '未知的查询字段: nope' });
    expect((await list({ sidx: 'nope' })).msg).toBe('未知的排序字段: nope');
    expect((await list({ queryJson: '{x' })).code).toBe(400);
    // the indexed copy of the search fields follows edits, and is refilled when the search fields change
    const screw = (await list({ queryJson: JSON.stringify({ name: '螺丝刀' }) })).data.list[0];
    const edit = async (kind: string) =>
      expect((await t.put(`${url}/${screw.id}`, { data: JSON.stringify({ ...screw, kind }) })).json().code).toBe(200);
    await edit('a');
    expect((await list({ queryJson: JSON.stringify({ kind: 'b' }) })).data.pagination.total).toBe(1);
    const info = (await t.get(`${V}/Base/${moduleId}`)).json().data;
    const narrower = { ...COLUMNS, searchList: COLUMNS.searchList.filter((c) => c.prop !== 'kind') };
    expect((await t.put(`${V}/Base/${moduleId}`, { ...info, columnData: narrower })).json().code).toBe(200);
    await edit('b'); // written while kind is not a search field
    expect((await list({ queryJson: JSON.stringify({ kind: 'b' }) })).data.pagination.total).toBe(2);
    expect((await t.put(`${V}/Base/${moduleId}`, { ...info, columnData: COLUMNS })).json().code).toBe(200);
    expect((await list({ queryJson: JSON.stringify({ kind: 'b' }) })).data.pagination.total).toBe(2);
    expect((await list({ queryJson: JSON.stringify({ kind: 'a' }) })).data.pagination.total).toBe(2);
  });

  it('exports xlsx, downloads the template and imports with a row-by-row report', async () => {
    const url = `${V}/OnlineDev/${moduleId}`;
    let res = await t.post(`${url}/Actions/Export`, { dataType: 1, queryJson: JSON.stringify({ kind: 'b' }) });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await xlsxOf(res.rawPayload);
    expect(rows[0]).toEqual(['名称', '数量', '金额', '类别']);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['乙', '乙']);

    res = await t.get(`${url}/Template`);
    const tpl = await xlsxOf(res.rawPayload);
    expect(tpl[0]).toEqual(['*名称', '*数量', '单价', '*类别', '日期', '启用']);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(['*名称', '*数量', '单价', '*类别', '日期', '启用']);
    ws.addRow(['钳子', 2, 8, '甲', '2026-08-01', '是']);
    ws.addRow(['', 2, 8, '甲', '', '']);
    ws.addRow(['锤子', 'abc', 8, '丙', '', '']);
    ws.addRow(['锯', 1, 30, 'b', '', '否']);
    res = await multipart(`${url}/Actions/Import`, 'in.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.json(), res.body).toMatchObject({ code: 200, msg: '导入完成: 成功 2 条, 失败 2 条' });
    const report = res.json().data;
    expect(report).toMatchObject({ total: 4, success: 2, failed: 2 });
    expect(report.errors[0]).toMatchObject({ row: 3, message: '请输入名称' });
    expect(report.errors[1].row).toBe(4);
    expect(report.errors[1].message).toContain('数量必须是数字');
    expect(report.errors[1].message).toContain('类别的选项无效: 丙');
    const saw = (await t.post(`${url}/List`, { queryJson: JSON.stringify({ name: '钳子' }) })).json().data.list[0];
    expect(saw).toMatchObject({ qty: 2, total: 16, kind: 'a', on: 1, day: '2026-08-01' });
    res = await multipart(`${url}/Actions/Import`, 'x.xlsx', Buffer.from('not a workbook'));
    expect(res.json()).toMatchObject({ code: 400, msg: '导入失败: 文件不是有效的 xlsx 文件' });
  });

  it('deletes one and many records; refuses an empty selection', async () => {
    const url = `${V}/OnlineDev/${moduleId}`;
    expect((await t.del(`${url}/${recordId}`)).json().msg).toBe('删除成功');
    expect((await t.get(`${url}/${recordId}`)).json().data).toBeNull();
    const ids = (await t.post(`${url}/List`, { pageSize: 100 })).json().data.list.map((r: any) => r.id);
    expect((await t.post(`${V}/OnlineDev/batchDelete/${moduleId}`, { ids: [] })).json().msg).toBe('请选择至少一条数据');
    const res = await t.post(`${V}/OnlineDev/batchDelete/${moduleId}`, { ids });
    expect(res.json()).toMatchObject({ code: 200, data: { count: ids.length } });
    expect((await t.post(`${url}/List`, {})).json().data.pagination.total).toBe(0);
  });

  it('previews the app view and exports the app design', async () => {
    let res = await t.post(`${V}/OnlineDev/App/Preview`, { formData: FORM, columnData: COLUMNS });
    expect(JSON.parse(res.json().data.formData).fields).toHaveLength(FORM.fields.length);
    res = await t.post(`${V}/OnlineDev/App/Preview`, { formData: { fields: [field('input', '9x', 'x')] } });
    expect(res.statusCode).toBe(400);
    res = await t.post(`${V}/OnlineDev/App/${moduleId}/Actions/ExportData`);
    expect(JSON.parse(res.body)).toMatchObject({ enCode: 'lc_test', formData: { fields: expect.any(Array) } });
  });

  it('grants records per module: an operator uses the demo modules, not an unpublished design', async () => {
    const op = (await t.signIn('operator', 'operator')).access_token;
    as(op);
    const repair = (await t.app.ctx.database.pool.query(`select id from lc_module where en_code = 'repair_request'`))
      .rows[0].id;
    expect((await t.post(`${V}/OnlineDev/${repair}/List`, {})).json().code).toBe(200);
    expect((await t.post(`${V}/OnlineDev/${moduleId}/List`, {})).statusCode).toBe(403);
    expect((await t.get(`${V}/Base`)).statusCode).toBe(403);
    // another tenant does not see the module at all
    as(fx);
    expect((await t.get(`${V}/Base/${moduleId}`)).json().data).toBeNull();
    // nor its menu entry: a published module's entry is granted within its own tenant only (issue 17)
    const menus = async () =>
      JSON.stringify(
        await Promise.all(
          ['routes', 'buttons', 'list', 'grant-tree'].map(async (x) =>
            (await t.get(`/api/blade-system/menu/${x}`)).json(),
          ),
        ),
      );
    const theirs = await menus();
    expect(theirs).toContain('"code":200');
    expect(theirs).toContain('lowcode_design');
    expect(theirs).not.toContain(`lc_${moduleId}`);
    expect(theirs).not.toContain(`lc_${repair}`);
    // links made before this rule (a grant to another tenant's administrator, another tenant's package) are
    // removed at start by the lowcode seed
    const db = t.app.ctx.database.pool;
    const menuId = (await db.query('select id::text as id from blade_menu where code = $1', [`lc_${repair}`])).rows[0]
      .id;
    await db.query(
      `insert into blade_role_menu (id, role_id, menu_id)
       select ${Date.now()}, r.id, $1 from blade_role r where r.tenant_id = '100001' and r.role_alias = 'administrator'`,
      [menuId],
    );
    await db.query(
      `update blade_tenant_package set menu_id = menu_id || ',' || $1
       where id = (select package_id from blade_tenant where tenant_id = '100001')`,
      [menuId],
    );
    const links = async () =>
      (
        await db.query(
          `select (select count(*)::int from blade_role_menu rm join blade_role r on r.id = rm.role_id
                   where rm.menu_id = $1 and r.tenant_id = '100001') as grants,
                  (select count(*)::int from blade_tenant_package p join blade_tenant x on x.package_id = p.id
                   where x.tenant_id = '100001' and (',' || p.menu_id || ',') like '%,' || $1 || ',%') as packages`,
          [menuId],
        )
      ).rows[0];
    expect(await links()).toEqual({ grants: 1, packages: 1 });
    await lowcodeModule.seed?.(t.app.ctx);
    expect(await links()).toEqual({ grants: 0, packages: 0 });
    expect(await menus()).not.toContain(`lc_${repair}`);
    as(hq);
  });

  it('unpublishes and deletes a module with its records and menu', async () => {
    expect((await t.post(`${V}/Base/${moduleId}/Actions/Unrelease`)).json().msg).toBe('已取消发布');
    const idx = await t.app.ctx.database.pool.query(`select 1 from pg_indexes where indexname like $1`, [
      `lcr_${moduleId}_%`,
    ]);
    expect(idx.rows).toHaveLength(0);
    expect((await t.post(`${V}/Base/${moduleId}/Actions/Release`, {})).json().code).toBe(200);
    expect((await t.del(`${V}/Base/${moduleId}`)).json().msg).toBe('删除成功');
    const m = await t.app.ctx.database.pool.query(`select is_deleted from blade_menu where code = $1`, [
      `lc_${moduleId}`,
    ]);
    expect(m.rows[0].is_deleted).toBe(1);
  });
});
