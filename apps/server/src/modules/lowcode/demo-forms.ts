/**
 * Designs of the demo online modules a water utility uses: 用户报修登记 (customer repair requests: a bill number,
 * caller, phone with the spec's pattern, address, fault type, urgency, photos, a parts sub-table with a summary row
 * and a calculated total) and 水表档案 (water meter records: meter number, caliber, type, install date, readings).
 */
import type { LcColumnData, LcField, LcFormConf } from '@swp/contract';

const f = (jnpfKey: string, vModel: string, label: string, cfg: Record<string, unknown> = {}, extra = {}): LcField => ({
  __config__: { jnpfKey, label, span: 12, layout: 'colFormItem', ...cfg },
  __vModel__: vModel,
  placeholder: '',
  ...extra,
});

const opts = (...labels: string[]) => labels.map((l, i) => ({ id: String(i + 1), fullName: l }));

/** A required select or radio over static options, each kept by its id and shown by its fullName. */
const choice = (
  jnpfKey: 'select' | 'radio',
  vModel: string,
  label: string,
  options: { id: string; fullName: string }[],
  cfg: Record<string, unknown> = {},
) =>
  f(
    jnpfKey,
    vModel,
    label,
    { required: true, ...cfg, dataType: 'static' },
    { options, props: { label: 'fullName', value: 'id' } },
  );

/** A calculated field, to two decimals. */
const calc = (vModel: string, label: string, expression: unknown[], extra = {}) =>
  f('calculate', vModel, label, {}, { expression, precision: 2, ...extra });

/** The layout both demo forms share. */
const FORM_LAYOUT = { labelWidth: 100, popupType: 'general', gutter: 15 } satisfies Partial<LcFormConf>;

/** The buttons and paging both demo lists share: add, export, import, template, batch remove; edit, detail, remove. */
const LIST_ACTIONS = {
  btnsList: [
    { value: 'add' },
    { value: 'export' },
    { value: 'upload' },
    { value: 'download' },
    { value: 'batchRemove' },
  ],
  columnBtnsList: [{ value: 'edit' }, { value: 'detail' }, { value: 'remove' }],
  hasPage: true,
  pageSize: 20,
} satisfies Partial<LcColumnData>;

export const REPAIR_FORM: LcFormConf = {
  ...FORM_LAYOUT,
  fields: [
    f('billRule', 'repairNo', '报修单号', { rule: 'WORK_ORDER' }, { rule: 'WORK_ORDER', readonly: true }),
    f('input', 'customerName', '报修人', { required: true }, { maxlength: 20 }),
    f(
      'input',
      'phone',
      '联系电话',
      { required: true, regList: [{ pattern: '/^1[3-9]\\d{9}$/', message: '手机号码格式不正确' }] },
      { maxlength: 11 },
    ),
    f('input', 'accountNo', '用户编号', {}, { maxlength: 20 }),
    f('textarea', 'address', '报修地址', { required: true, span: 24 }, { maxlength: 200 }),
    choice('select', 'faultType', '故障类型', opts('水表故障', '管道漏水', '无水', '水压低', '水质异常', '其他')),
    choice('radio', 'urgency', '紧急程度', opts('一般', '紧急', '特急'), { defaultValue: '1' }),
    f('datePicker', 'reportDate', '报修日期', { required: true }, { format: 'yyyy-MM-dd' }),
    choice('select', 'status', '处理状态', opts('待派单', '处理中', '已完成', '已回访'), { defaultValue: '1' }),
    f('textarea', 'description', '问题描述', { span: 24 }, { maxlength: 500 }),
    f('uploadImg', 'photos', '现场照片', { span: 24 }, { limit: 6, fileSize: 5, sizeUnit: 'MB', accept: 'image/*' }),
    {
      __config__: {
        jnpfKey: 'table',
        label: '维修配件',
        tableName: 'repair_parts',
        span: 24,
        layout: 'rowFormItem',
        showSummary: true,
        summaryField: ['amount'],
        children: [
          f('input', 'partName', '配件名称', { required: true }, { maxlength: 50 }),
          f('inputNumber', 'quantity', '数量', { required: true }, { min: 1, max: 999, precision: 0 }),
          f('inputNumber', 'price', '单价(元)', { required: true }, { min: 0, max: 99999, precision: 2 }),
          calc('amount', '金额(元)', [{ __vModel__: 'quantity' }, '*', { __vModel__: 'price' }]),
        ],
      },
      __vModel__: 'parts',
    },
    calc('totalAmount', '配件合计(元)', [{ __vModel__: 'parts.amount' }], { isAmountChinese: true }),
    f('createUser', 'creator', '登记人'),
    f('createTime', 'createdAt', '登记时间'),
  ],
};

export const REPAIR_COLUMNS: LcColumnData = {
  columnList: [
    { prop: 'repairNo', label: '报修单号', width: 160 },
    { prop: 'customerName', label: '报修人', width: 100 },
    { prop: 'phone', label: '联系电话', width: 130 },
    { prop: 'address', label: '报修地址' },
    { prop: 'faultType', label: '故障类型', width: 100, jnpfKey: 'select' },
    { prop: 'urgency', label: '紧急程度', width: 90, jnpfKey: 'radio' },
    { prop: 'reportDate', label: '报修日期', width: 110, sortable: true },
    { prop: 'status', label: '处理状态', width: 90, jnpfKey: 'select' },
    { prop: 'totalAmount', label: '配件合计(元)', width: 110, align: 'right' },
  ],
  searchList: [
    { prop: 'customerName', label: '报修人', jnpfKey: 'input' },
    { prop: 'faultType', label: '故障类型', jnpfKey: 'select' },
    { prop: 'status', label: '处理状态', jnpfKey: 'select' },
    { prop: 'reportDate', label: '报修日期', jnpfKey: 'datePicker' },
  ],
  ...LIST_ACTIONS,
  defaultSidx: 'reportDate',
  sort: 'desc',
};

export const METER_FORM: LcFormConf = {
  ...FORM_LAYOUT,
  fields: [
    f(
      'input',
      'meterNo',
      '表号',
      {
        required: true,
        unique: true,
        regList: [{ pattern: '/^[A-Z0-9]{6,20}$/', message: '表号为6到20位大写字母或数字' }],
      },
      { maxlength: 20 },
    ),
    f('input', 'accountNo', '用户编号', { required: true }, { maxlength: 20 }),
    f('input', 'customerName', '用户名称', { required: true }, { maxlength: 50 }),
    f('textarea', 'address', '安装地址', { required: true, span: 24 }, { maxlength: 200 }),
    choice(
      'select',
      'caliber',
      '口径(mm)',
      ['15', '20', '25', '40', '50', '80', '100', '150'].map((c) => ({ id: c, fullName: `DN${c}` })),
    ),
    choice('radio', 'meterType', '水表类型', opts('机械表', '远传表', 'IC卡表', '超声波表')),
    f('datePicker', 'installDate', '安装日期', { required: true }, { format: 'yyyy-MM-dd' }),
    f('inputNumber', 'initialReading', '初始读数(m³)', { required: true }, { min: 0, max: 99999999, precision: 2 }),
    f('inputNumber', 'lastReading', '最近读数(m³)', {}, { min: 0, max: 99999999, precision: 2 }),
    calc('usage', '累计用水(m³)', [{ __vModel__: 'lastReading' }, '-', { __vModel__: 'initialReading' }]),
    f('switch', 'enabled', '在用', { defaultValue: 1 }),
    f('textarea', 'remark', '备注', { span: 24 }, { maxlength: 200 }),
    f('createTime', 'createdAt', '建档时间'),
  ],
};

export const METER_COLUMNS: LcColumnData = {
  columnList: [
    { prop: 'meterNo', label: '表号', width: 140 },
    { prop: 'accountNo', label: '用户编号', width: 120 },
    { prop: 'customerName', label: '用户名称', width: 140 },
    { prop: 'address', label: '安装地址' },
    { prop: 'caliber', label: '口径(mm)', width: 90 },
    { prop: 'meterType', label: '水表类型', width: 100 },
    { prop: 'installDate', label: '安装日期', width: 110, sortable: true },
    { prop: 'usage', label: '累计用水(m³)', width: 120, align: 'right' },
    { prop: 'enabled', label: '在用', width: 70 },
  ],
  searchList: [
    { prop: 'meterNo', label: '表号', jnpfKey: 'input' },
    { prop: 'customerName', label: '用户名称', jnpfKey: 'input' },
    { prop: 'meterType', label: '水表类型', jnpfKey: 'radio' },
    { prop: 'installDate', label: '安装日期', jnpfKey: 'datePicker' },
  ],
  ...LIST_ACTIONS,
  defaultSidx: 'installDate',
  sort: 'desc',
};

export const REPAIR_RECORDS: Record<string, unknown>[] = [
  {
    customerName: '王建国',
    phone: '13912345678',
    accountNo: 'HF0102',
    address: '合肥市蜀山区长江西路 88 号 3 栋 2 单元',
    faultType: '2',
    urgency: '2',
    reportDate: '2026-11-02',
    status: '3',
    description: '楼道水表前阀门漏水，地面积水',
    parts: [
      { partName: 'DN20 闸阀', quantity: 1, price: 45 },
      { partName: '生料带', quantity: 2, price: 3.5 },
    ],
  },
  {
    customerName: '李秀英',
    phone: '13805510123',
    accountNo: 'HF0203',
    address: '合肥市包河区徽州大道 1200 号',
    faultType: '1',
    urgency: '1',
    reportDate: '2026-11-10',
    status: '2',
    description: '水表不走字',
    parts: [{ partName: 'DN15 机械水表', quantity: 1, price: 120 }],
  },
  {
    customerName: '张伟',
    phone: '15955123456',
    address: '合肥市庐阳区阜阳路 35 号',
    faultType: '3',
    urgency: '3',
    reportDate: '2026-11-18',
    status: '1',
    description: '整栋楼停水，无通知',
    parts: [],
  },
];

export const METER_RECORDS: Record<string, unknown>[] = [
  ['SW2024000101', 'HF0001', '合肥市蜀山区长江西路 88 号', '20', '1', '2024-03-15', 0, 356.4],
  ['SW2024000102', 'HF0102', '合肥市包河区徽州大道 1200 号', '15', '2', '2024-05-20', 12.5, 231.75],
  ['SW2023000877', 'HF0203', '合肥市庐阳区阜阳路 35 号', '25', '4', '2023-09-01', 0, 1024],
  ['SW2022004410', 'HF0304', '合肥市瑶海区长江东大街 500 号', '50', '3', '2022-12-08', 100, 8812.3],
].map(([meterNo, accountNo, address, caliber, meterType, installDate, initialReading, lastReading], i) => ({
  meterNo,
  accountNo,
  customerName: ['王建国', '李秀英', '张伟', '合肥市第三十中学'][i],
  address,
  caliber,
  meterType,
  installDate,
  initialReading,
  lastReading,
  enabled: 1,
}));
