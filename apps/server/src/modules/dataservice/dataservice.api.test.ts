import { describe, expect, it } from 'vitest';
import { clearOfMidnight } from '../../../test/clock.ts';
import { type TestApp, twoAdminsSuite } from '../../../test/harness.ts';
import { nextBillNumber, stamp } from './billrule.ts';

let t: TestApp;
let hq: string;
let fx: string;
const as = twoAdminsSuite((s) => ({ t, hq, fx } = s));

const T = '/api/system/DictionaryType';
const D = '/api/system/DictionaryData';
const AR = '/api/system/Area';
const B = '/api/system/BillRule';
const C = '/api/system/CommonFields';
const SEQ = '/api/blade-system/sequence';

const body = (res: { json(): any }) => res.json();
const idOf = (list: any[], enCode: string): string => {
  for (const n of list) {
    if (n.enCode === enCode) return n.id;
    const inner = n.children ? idOf(n.children, enCode) : undefined;
    if (inner) return inner;
  }
  return undefined as unknown as string;
};

describe('dictionary types and data (JNPF)', () => {
  it('lists the types as a tree and the data of a type flat or as a tree, by id or code', async () => {
    as(hq);
    const types = body(await t.get(T)).data.list;
    const billing = types.find((n: any) => n.enCode === 'billing');
    expect(billing).toMatchObject({ fullName: '营业收费', hasChildren: true });
    expect(billing.children.map((c: any) => c.enCode)).toEqual(['pay_method', 'meter_status']);
    expect(billing.creatorTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const payId = idOf(types, 'pay_method');
    let res = await t.get(`${D}/${payId}`);
    expect(body(res).data.list.map((r: any) => r.fullName)).toEqual([
      '现金',
      '微信支付',
      '支付宝',
      '银行代扣',
      '营业厅柜台',
    ]);
    res = await t.get(`${D}/pay_method`, { keyword: '支付' });
    expect(body(res).data.list.map((r: any) => r.enCode)).toEqual(['WECHAT', 'ALIPAY']);

    res = await t.get(`${D}/pipe_event`);
    const tree = body(res).data.list;
    expect(tree.map((n: any) => n.enCode)).toEqual(['LEAKAGE', 'BURST', 'QUALITY', 'PRESSURE']);
    expect(tree[0].children.map((n: any) => n.fullName)).toEqual(['明漏', '暗漏']);
    expect(tree[1].children).toBeUndefined();
    res = await t.get(`${D}/pipe_event`, { isTree: 0 });
    expect(body(res).data.list).toHaveLength(11);

    res = await t.get(`${D}/pipe_event/Selector`, { isTree: 1 });
    const sel = body(res).data.list;
    expect(sel[2]).toMatchObject({ fullName: '水质异常', parentId: '0' });
    expect(Object.keys(sel[2].children[0]).sort()).toEqual(['enCode', 'fullName', 'hasChildren', 'id', 'parentId']);

    res = await t.get(`${D}/All`);
    const all = body(res).data.list;
    expect(all.find((x: any) => x.enCode === 'meter_status').dictionaryList.map((d: any) => d.fullName)).toEqual([
      '正常',
      '停用',
      '故障',
      '已拆除',
    ]);
    expect(all.find((x: any) => x.enCode === 'pipe_event').dictionaryList[0].children).toHaveLength(2);

    res = await t.get(`${D}/no_such_type`);
    expect(body(res)).toMatchObject({ code: 400, msg: '字典分类不存在: no_such_type' });
  });

  it('creates, reads, updates and deletes types and data with their rules', async () => {
    as(hq);
    const types = body(await t.get(T)).data.list;
    const pipeops = idOf(types, 'pipeops');
    let res = await t.post(T, {
      parentId: '-1',
      fullName: '水质检测',
      enCode: 'quality_check',
      isTree: 0,
      sortCode: 9,
    });
    expect(body(res)).toMatchObject({ code: 200, msg: '新建成功' });
    const qc = idOf(body(await t.get(T)).data.list, 'quality_check');
    res = await t.get(`${T}/${qc}`);
    expect(body(res).data).toMatchObject({ fullName: '水质检测', parentId: '0', enabledMark: 1 });

    for (const [b, msg] of [
      [{ fullName: '水质检测2', enCode: 'quality_check' }, '字典分类编码已存在'],
      [{ fullName: '水质检测', enCode: 'qc2' }, '字典分类名称已存在'],
      [{ enCode: 'qc3' }, 'fullName'],
      [{ fullName: 'x', enCode: 'bad code' }, '编码只能包含'],
      [{ fullName: 'x', enCode: 'qc4', parentId: '123' }, '上级分类不存在'],
      [{ fullName: 'x', enCode: 'qc5', isTree: 3 }, '树形只能是 0 或 1'],
    ] as const) {
      res = await t.post(T, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(body(res).msg).toContain(msg);
    }
    res = await t.put(`${T}/${qc}`, { fullName: '水质检测项目', enCode: 'quality_check', parentId: pipeops });
    expect(body(res)).toMatchObject({ code: 200, msg: '更新成功' });
    res = await t.put(`${T}/${pipeops}`, { fullName: '管网运维', enCode: 'pipeops', parentId: qc });
    expect(body(res)).toMatchObject({ code: 400, msg: '上级不能是自己或自己的下级' });

    res = await t.post(D, { dictionaryTypeId: qc, fullName: '浑浊度', enCode: 'TURB', sortCode: 1 });
    expect(body(res)).toMatchObject({ code: 200, msg: '新建成功' });
    await t.post(D, { dictionaryTypeId: qc, fullName: '余氯', enCode: 'CL', sortCode: 2 });
    res = await t.post(D, { dictionaryTypeId: qc, fullName: '浑浊度(重复)', enCode: 'TURB' });
    expect(body(res)).toMatchObject({ code: 400, msg: '字典编码已存在' });
    res = await t.post(D, { fullName: 'x', enCode: 'x' });
    expect(body(res).msg).toContain('dictionaryTypeId');
    res = await t.post(D, { dictionaryTypeId: '1', fullName: 'x', enCode: 'x' });
    expect(body(res).msg).toBe('字典分类不存在');
    // the same code in another type is fine
    const payId = idOf(types, 'pay_method');
    expect(body(await t.post(D, { dictionaryTypeId: payId, fullName: '浊度卡', enCode: 'TURB' })).code).toBe(200);

    let list = body(await t.get(`${D}/${qc}`)).data.list;
    const turb = list.find((r: any) => r.enCode === 'TURB');
    res = await t.post(D, { dictionaryTypeId: qc, parentId: turb.id, fullName: '出厂水浑浊度', enCode: 'TURB_OUT' });
    expect(body(res).code).toBe(200);
    res = await t.get(`${D}/${turb.id}/Info`);
    expect(body(res).data).toMatchObject({ fullName: '浑浊度', dictionaryTypeId: qc });
    res = await t.put(`${D}/${turb.id}`, {
      dictionaryTypeId: qc,
      fullName: '浑浊度(NTU)',
      enCode: 'TURB',
      sortCode: 1,
    });
    expect(body(res)).toMatchObject({ code: 200, msg: '更新成功' });
    res = await t.put(`${D}/${turb.id}/Actions/State`);
    expect(body(res)).toMatchObject({ code: 200, msg: '更新成功' });
    expect(body(await t.get(`${D}/${turb.id}/Info`)).data.enabledMark).toBe(0);
    const sel = body(await t.get(`${D}/${qc}/Selector`)).data.list.map((r: any) => r.enCode);
    expect(sel).not.toContain('TURB');
    await t.put(`${D}/${turb.id}/Actions/State`);
    expect(body(await t.get(`${D}/${turb.id}/Info`)).data.enabledMark).toBe(1);

    res = await t.del(`${D}/${turb.id}`);
    expect(body(res)).toMatchObject({ code: 400, msg: '该字典下有子项，不能删除' });
    res = await t.del(`${T}/${qc}`);
    expect(body(res)).toMatchObject({ code: 400, msg: '该字典分类下有字典数据，不能删除' });
    res = await t.del(`${T}/${pipeops}`);
    expect(body(res)).toMatchObject({ code: 400, msg: '该字典分类下有子分类，不能删除' });

    // export as a download
    res = await t.get(`${D}/${qc}/Action/Export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${encodeURIComponent('水质检测项目_quality_check.json')}"; filename*=UTF-8''${encodeURIComponent('水质检测项目_quality_check.json')}`,
    );
    const file = JSON.parse(res.body);
    expect(file.dictionaryType).toMatchObject({ enCode: 'quality_check', fullName: '水质检测项目' });
    expect(file.dictionaryData.map((d: any) => d.enCode).sort()).toEqual(['CL', 'TURB', 'TURB_OUT']);
    expect(file.dictionaryType.tenantId).toBeUndefined();

    list = body(await t.get(`${D}/${qc}`, { isTree: 0 })).data.list;
    for (const r of list.filter((x: any) => x.parentId !== '0'))
      expect(body(await t.del(`${D}/${r.id}`)).code).toBe(200);
    for (const r of list.filter((x: any) => x.parentId === '0'))
      expect(body(await t.del(`${D}/${r.id}`))).toMatchObject({ code: 200, msg: '删除成功' });
    expect(body(await t.del(`${T}/${qc}`))).toMatchObject({ code: 200, msg: '删除成功' });
    expect(body(await t.get(`${T}/${qc}`))).toMatchObject({ code: 200, data: null });
    res = await t.get(`${T}/abc`);
    expect(res.statusCode).toBe(400);
  });
});

describe('areas (JNPF)', () => {
  it('reads the tree level by level, with selectors for cascaders', async () => {
    as(hq);
    let res = await t.get(`${AR}/-1`);
    const top = body(res).data.list;
    expect(top).toHaveLength(1);
    expect(top[0]).toMatchObject({
      enCode: 'HF',
      fullName: '合肥市',
      typeName: '城市',
      hasChildren: true,
      isLeaf: false,
    });
    res = await t.get(`${AR}/${top[0].id}`);
    const districts = body(res).data.list;
    expect(districts.map((d: any) => d.fullName)).toEqual(['蜀山区', '包河区', '庐阳区', '瑶海区', '高新区']);
    res = await t.get(`${AR}/${districts[0].id}/Selector`);
    const dmas = body(res).data.list;
    expect(dmas.map((d: any) => d.fullName)).toEqual(['西园片区', '稻香楼片区', '南七片区']);
    expect(dmas[0]).toMatchObject({ isLeaf: true, hasChildren: false, parentId: districts[0].id });
    res = await t.get(`${AR}/${top[0].id}`, { keyword: '包河' });
    expect(body(res).data.list.map((d: any) => d.enCode)).toEqual(['HF-BH']);
  });

  it('creates, updates, toggles and deletes with its rules', async () => {
    as(hq);
    const ss = body(await t.get(`${AR}/${body(await t.get(`${AR}/0`)).data.list[0].id}`)).data.list[0];
    let res = await t.post(AR, { parentId: ss.id, enCode: 'DMA-SS-04', fullName: '琥珀片区', type: 3 });
    expect(body(res)).toMatchObject({ code: 200, msg: '新建成功' });
    const dma = body(await t.get(`${AR}/${ss.id}`)).data.list.find((d: any) => d.enCode === 'DMA-SS-04');
    res = await t.post(AR, { parentId: dma.id, enCode: 'XQ-HP-01', fullName: '琥珀山庄', type: 4 });
    expect(body(res).code).toBe(200);
    for (const [b, msg] of [
      [{ parentId: ss.id, enCode: 'DMA-SS-04', fullName: 'x' }, '区域编码已存在'],
      [{ parentId: '99', enCode: 'X1', fullName: 'x' }, '上级区域不存在'],
      [{ enCode: 'X2', fullName: 'x', type: 9 }, '区域类型只能是'],
      [{ enCode: 'X3' }, 'fullName'],
    ] as const) {
      res = await t.post(AR, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(body(res).msg).toContain(msg);
    }
    res = await t.put(`${AR}/${dma.id}`, {
      parentId: ss.id,
      enCode: 'DMA-SS-04',
      fullName: '琥珀山庄片区',
      type: 3,
      description: '新建 DMA',
    });
    expect(body(res)).toMatchObject({ code: 200, msg: '更新成功' });
    res = await t.get(`${AR}/${dma.id}/Info`);
    expect(body(res).data).toMatchObject({ fullName: '琥珀山庄片区', description: '新建 DMA' });
    res = await t.put(`${AR}/${dma.id}/Actions/State`);
    expect(body(res).code).toBe(200);
    expect(body(await t.get(`${AR}/${ss.id}/Selector`)).data.list.map((d: any) => d.enCode)).not.toContain('DMA-SS-04');
    expect(body(await t.get(`${AR}/${ss.id}`)).data.list.find((d: any) => d.enCode === 'DMA-SS-04').enabledMark).toBe(
      0,
    );
    res = await t.del(`${AR}/${dma.id}`);
    expect(body(res)).toMatchObject({ code: 400, msg: '该区域下有子区域，不能删除' });
    const xq = body(await t.get(`${AR}/${dma.id}`)).data.list[0];
    expect(body(await t.del(`${AR}/${xq.id}`)).code).toBe(200);
    expect(body(await t.del(`${AR}/${dma.id}`))).toMatchObject({ code: 200, msg: '删除成功' });
    res = await t.get(`${AR}/x1`);
    expect(res.statusCode).toBe(400);
  });
});

describe('bill rules (JNPF BillRule and BladeX sequence)', () => {
  it('pages, selects and issues numbers: prefix + date + zero-padded sequence', async () => {
    // the numbers carry the server's date, compared with the one read here
    await clearOfMidnight();
    as(hq);
    let res = await t.get(B, { currentPage: 1, pageSize: 2, sidx: 'enCode', sort: 'asc' });
    expect(body(res).data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 5 });
    expect(body(res).data.list.map((r: any) => r.enCode)).toEqual(['ALARM', 'INSTALL_APPLY']);
    res = await t.get(B, { keyword: '工单' });
    const wo = body(res).data.list[0];
    expect(wo).toMatchObject({
      fullName: '工单编号',
      enCode: 'WORK_ORDER',
      prefix: 'GD',
      dateFormat: 'YYYYMMDD',
      digit: 4,
      sequenceCode: 'WORK_ORDER',
    });
    const today = stamp().slice(0, 8);
    // the demo data may already have drawn today's first numbers (seeded low-code records carry work-order codes)
    expect(wo.example).toMatch(new RegExp(`^GD${today}\\d{4}$`));
    const next = Number(wo.example.slice(-4));
    const nth = (n: number) => `GD${today}${String(n).padStart(4, '0')}`;
    res = await t.get(`${B}/BillNumber/WORK_ORDER`);
    expect(body(res)).toMatchObject({ code: 200, data: nth(next) });
    res = await t.get(`${B}/BillNumber/WORK_ORDER`);
    expect(body(res).data).toBe(nth(next + 1));
    res = await t.get(`${B}/${wo.id}`);
    expect(body(res).data).toMatchObject({ outputNumber: nth(next + 1), example: nth(next + 2) });
    res = await t.get(`${B}/Selector`);
    expect(body(res).data.list.every((r: any) => r.sequenceRemark !== undefined && r.enabledMark === 1)).toBe(true);
    res = await t.get(`${B}/BillNumber/NOPE`);
    expect(body(res)).toMatchObject({ code: 400, msg: '编码规则不存在: NOPE' });
    res = await t.get(B, { sidx: 'nope' });
    expect(res.statusCode).toBe(400);
  });

  it('never issues a number twice under 200 concurrent requests', async () => {
    as(hq);
    const res = await t.post(B, {
      fullName: '压测单据',
      enCode: 'LOAD',
      prefix: 'LD-',
      dateFormat: 'YYYYMM',
      digit: 3,
      startNumber: 1,
    });
    expect(body(res)).toMatchObject({ code: 200, msg: '新建成功' });
    // all 200 in one month, the one read here
    await clearOfMidnight();
    const replies = await Promise.all(Array.from({ length: 200 }, () => t.get(`${B}/BillNumber/LOAD`)));
    const numbers = replies.map((r) => body(r).data as string);
    expect(replies.every((r) => body(r).code === 200)).toBe(true);
    expect(new Set(numbers).size).toBe(200);
    const month = stamp().slice(0, 6);
    const seqs = numbers.map((n) => Number(n.slice(`LD-${month}`.length))).sort((a, b) => a - b);
    expect(seqs[0]).toBe(1);
    expect(seqs[199]).toBe(200);
    expect(numbers).toContain(`LD-${month}001`);
    expect(numbers).toContain(`LD-${month}200`);
  });

  it('restarts a sequence in a new period and never goes back to an old one', async () => {
    as(hq);
    await t.post(B, {
      fullName: '日流水',
      enCode: 'DAILY',
      prefix: 'D',
      dateFormat: 'YYYYMMDD',
      digit: 2,
      startNumber: 1,
    });
    const db = t.app.ctx.db;
    const d1 = new Date(2031, 0, 1, 23, 59, 59);
    const d2 = new Date(2031, 0, 2, 0, 0, 1);
    expect(await nextBillNumber(db, '000000', 'DAILY', d1)).toBe('D2031010101');
    expect(await nextBillNumber(db, '000000', 'DAILY', d1)).toBe('D2031010102');
    expect(await nextBillNumber(db, '000000', 'DAILY', d2)).toBe('D2031010201');
    // a caller whose clock reading is older continues the newer period
    expect(await nextBillNumber(db, '000000', 'DAILY', d1)).toBe('D2031010202');
    // the sequence grows past its digits rather than wrapping
    for (let i = 3; i <= 99; i++) await nextBillNumber(db, '000000', 'DAILY', d2);
    expect(await nextBillNumber(db, '000000', 'DAILY', d2)).toBe('D20310102100');
  });

  it('guards a used rule, validates, toggles and deletes', async () => {
    as(hq);
    const rows = body(await t.get(B, { pageSize: 50 })).data.list;
    const wo = rows.find((r: any) => r.enCode === 'WORK_ORDER');
    let res = await t.put(`${B}/${wo.id}`, { ...wo, prefix: 'WO' });
    expect(body(res)).toMatchObject({
      code: 400,
      msg: '编码规则已被使用，不能再修改前缀、日期格式、流水位数和流水起始',
    });
    res = await t.put(`${B}/${wo.id}`, { ...wo, fullName: '工单编号(客服)', description: '客服中心工单' });
    expect(body(res)).toMatchObject({ code: 200, msg: '更新成功' });
    res = await t.del(`${B}/${wo.id}`);
    expect(body(res)).toMatchObject({ code: 400, msg: '编码规则已被使用，不能删除: 工单编号(客服)' });
    res = await t.put(`${B}/${wo.id}/Actions/State`);
    expect(body(res).code).toBe(200);
    res = await t.get(`${B}/BillNumber/WORK_ORDER`);
    expect(body(res)).toMatchObject({ code: 400, msg: '编码规则已停用: WORK_ORDER' });
    await t.put(`${B}/${wo.id}/Actions/State`);
    expect(body(await t.get(`${B}/BillNumber/WORK_ORDER`)).code).toBe(200);

    for (const [b, msg] of [
      [{ fullName: 'x', enCode: 'X1', digit: 0 }, '流水位数须在 1 到 12 之间'],
      [{ fullName: 'x', enCode: 'X2', digit: 4, dateFormat: 'DDMMYYYY' }, '日期格式无效: DDMMYYYY'],
      [{ fullName: 'x', enCode: 'X3', digit: 4, prefix: 'A B' }, '前缀只能包含'],
      [{ fullName: '工单编号(客服)', enCode: 'X4', digit: 4 }, '名称已存在'],
      [{ fullName: 'x', enCode: 'WORK_ORDER', digit: 4 }, '编码已存在'],
      [{ fullName: 'x', enCode: 'X5' }, 'digit'],
    ] as const) {
      res = await t.post(B, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(body(res).msg).toContain(msg);
    }
    res = await t.post(B, { fullName: '临时', enCode: 'TEMP', digit: 4, dateFormat: 'no' });
    const temp = body(await t.get(B, { keyword: 'TEMP' })).data.list[0];
    expect(temp).toMatchObject({ dateFormat: 'no', example: '0001' });
    expect(body(await t.del(`${B}/${temp.id}`))).toMatchObject({ code: 200, msg: '删除成功' });
  });

  it('serves the same rules as the BladeX sequence family', async () => {
    as(hq);
    let res = await t.get(`${SEQ}/page`, { current: 1, size: 3, sequenceCode: 'PATROL' });
    expect(body(res).data).toMatchObject({ total: 1, current: 1, size: 3 });
    expect(body(res).data.records[0]).toMatchObject({
      sequenceCode: 'PATROL_TASK',
      sequencePrefix: 'XJ',
      sequenceRemark: '管网巡检任务',
    });
    res = await t.get(`${SEQ}/list`);
    expect(body(res).data.length).toBeGreaterThanOrEqual(6);
    res = await t.post(`${SEQ}/save`, {
      sequenceCode: 'REPAIR',
      sequenceName: '维修单号',
      sequencePrefix: 'WX',
      sequenceFormat: 'YYYYMMDD',
      sequenceDigit: 4,
    });
    expect(body(res).code).toBe(200);
    res = await t.post(`${SEQ}/save`, { id: '1', sequenceCode: 'R2', sequenceName: 'r2', sequenceDigit: 4 });
    expect(body(res).msg).toBe('新增时不能指定主键 id，修改请用 update');
    const rep = body(await t.get(`${SEQ}/page`, { sequenceCode_equal: 'REPAIR' })).data.records[0];
    expect(body(await t.get(`${SEQ}/detail`, { id: rep.id })).data.sequenceName).toBe('维修单号');
    res = await t.post(`${SEQ}/update`, { ...rep, sequenceName: '维修工单号' });
    expect(body(res).code).toBe(200);
    res = await t.post(`${SEQ}/update`, { sequenceName: 'x' });
    expect(body(res).msg).toBe('缺少必要的请求参数: id');
    // the JNPF family sees the same row
    expect(body(await t.get(`${B}/${rep.id}`)).data).toMatchObject({
      fullName: '维修工单号',
      enCode: 'REPAIR',
      prefix: 'WX',
    });
    res = await t.get(`${SEQ}/remove`, { ids: rep.id });
    expect(body(res).code).toBe(200);
    expect(body(await t.get(`${SEQ}/detail`, { id: rep.id })).data).toBeNull();
  });
});

describe('common fields (JNPF)', () => {
  it('lists, creates, reads, updates and deletes', async () => {
    as(hq);
    let res = await t.get(C);
    const list = body(res).data.list;
    expect(list.map((r: any) => r.field)).toContain('F_CreatorTime');
    expect(body(await t.get(C, { keyword: '租户' })).data.list.map((r: any) => r.field)).toEqual(['F_TenantId']);
    res = await t.post(C, {
      fieldName: '流程实例',
      field: 'F_FlowId',
      dataType: 'varchar',
      dataLength: '50',
      allowNull: 1,
    });
    expect(body(res)).toMatchObject({ code: 200, msg: '新建成功' });
    for (const [b, msg] of [
      [{ fieldName: 'x', field: 'F_FlowId', dataType: 'varchar' }, '字段名已存在'],
      [{ fieldName: 'x', field: '1abc', dataType: 'varchar' }, '字段名只能包含字母、数字和下划线，且不能以数字开头'],
      [{ fieldName: 'x', field: 'F_X', dataType: 'blob' }, '数据类型只能是'],
      [{ fieldName: 'x', field: 'F_Y', dataType: 'decimal', dataLength: 'abc' }, '数据长度只能是数字'],
      [{ field: 'F_Z', dataType: 'int' }, 'fieldName'],
    ] as const) {
      res = await t.post(C, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(body(res).msg).toContain(msg);
    }
    const flow = body(await t.get(C, { keyword: 'F_FlowId' })).data.list[0];
    res = await t.put(`${C}/${flow.id}`, { ...flow, dataType: 'decimal', dataLength: '18,2' });
    expect(body(res)).toMatchObject({ code: 200, msg: '更新成功' });
    expect(body(await t.get(`${C}/${flow.id}`)).data).toMatchObject({ dataType: 'decimal', dataLength: '18,2' });
    expect(body(await t.del(`${C}/${flow.id}`))).toMatchObject({ code: 200, msg: '删除成功' });
    expect(body(await t.get(`${C}/${flow.id}`)).data).toBeNull();
    res = await t.del(`${C}/${flow.id}`);
    expect(body(res)).toMatchObject({ code: 400, msg: '数据不存在或无权操作' });
  });
});

describe('tenant isolation', () => {
  it('shows a tenant none of another tenant’s rows and refuses writes to them', async () => {
    as(hq);
    const hqType = idOf(body(await t.get(T)).data.list, 'pay_method');
    const hqArea = body(await t.get(`${AR}/0`)).data.list[0].id;
    const hqRule = body(await t.get(B, { keyword: 'ALARM' })).data.list[0].id;
    const hqField = body(await t.get(C)).data.list[0].id;
    as(fx);
    expect(body(await t.get(T)).data.list).toEqual([]);
    expect(body(await t.get(`${D}/All`)).data.list).toEqual([]);
    expect(body(await t.get(`${D}/${hqType}`))).toMatchObject({ code: 400 });
    expect(body(await t.get(`${T}/${hqType}`)).data).toBeNull();
    expect(body(await t.get(`${AR}/0`)).data.list).toEqual([]);
    expect(body(await t.get(`${AR}/${hqArea}/Info`)).data).toBeNull();
    expect(body(await t.get(B)).data.pagination.total).toBe(0);
    expect(body(await t.get(`${B}/${hqRule}`)).data).toBeNull();
    expect(body(await t.get(`${B}/BillNumber/ALARM`))).toMatchObject({ code: 400, msg: '编码规则不存在: ALARM' });
    expect(body(await t.get(C)).data.list).toEqual([]);
    expect(body(await t.get(`${SEQ}/list`)).data).toEqual([]);

    expect(body(await t.put(`${T}/${hqType}`, { fullName: 'x', enCode: 'pay_method' })).msg).toBe(
      '数据不存在或无权操作',
    );
    expect(body(await t.del(`${AR}/${hqArea}`)).msg).toBe('数据不存在或无权操作');
    expect(body(await t.put(`${B}/${hqRule}/Actions/State`)).msg).toBe('数据不存在或无权操作');
    expect(body(await t.del(`${C}/${hqField}`)).msg).toBe('数据不存在或无权操作');
    expect(body(await t.get(`${SEQ}/remove`, { ids: hqRule })).msg).toBe('数据不存在或无权操作');
    expect(body(await t.post(D, { dictionaryTypeId: hqType, fullName: 'x', enCode: 'x' })).msg).toBe('字典分类不存在');

    // its own rule of the same code numbers independently (dated by the server, compared with the date read here)
    await clearOfMidnight();
    expect(
      body(await t.post(B, { fullName: '告警编号', enCode: 'ALARM', prefix: 'FX', dateFormat: 'YYYYMMDD', digit: 5 }))
        .code,
    ).toBe(200);
    expect(body(await t.get(`${B}/BillNumber/ALARM`)).data).toBe(`FX${stamp().slice(0, 8)}00001`);
    as(hq);
    expect(body(await t.get(`${B}/BillNumber/ALARM`)).data).toBe(`GJ${stamp().slice(0, 8)}00001`);
  });
});

describe('permissions', () => {
  it('keeps writes to granted roles and the management lists to their screens; selectors and bill numbers open to everyone', async () => {
    const op = (await t.signIn('operator', 'operator')).access_token;
    const patrol = (await t.signIn('patrol', 'patrol')).access_token;
    as(patrol);
    // the dictionary screen's list is its holders' (deny by default); the values every form reads are not
    expect((await t.get(T)).statusCode).toBe(403);
    expect(body(await t.get(`${D}/pay_method/Selector`)).code).toBe(200);
    expect(body(await t.get(`${AR}/0`)).code).toBe(200);
    expect(body(await t.get(`${B}/BillNumber/PATROL_TASK`)).data).toMatch(/^XJ\d{12}$/);
    const refused = [
      await t.post(T, { fullName: 'p', enCode: 'p' }),
      await t.put(`${D}/1`, {}),
      await t.del(`${AR}/1`),
      await t.post(B, {}),
      await t.post(C, {}),
      await t.get(`${SEQ}/remove`, { ids: '1' }),
      await t.post(`${SEQ}/save`, {}),
    ];
    for (const r of refused) expect(r.statusCode).toBe(403);
    as(op);
    expect(body(await t.get(T)).code).toBe(200);
    expect(body(await t.post(AR, { enCode: 'OP-1', fullName: '调度测试片区', type: 3 })).code).toBe(200);
    expect(body(await t.post(B, { fullName: '调度单', enCode: 'DISPATCH', digit: 4 })).code).toBe(200);
    expect((await t.post(C, { fieldName: 'x', field: 'F_X', dataType: 'int' })).statusCode).toBe(403);
    as(hq);
  });
});
