import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant } from '../../core/scoped.ts';
import { type ApiScopeSeed, ensureScopes } from '../system/index.ts';
import { area, commonFields, dictionaryData, dictionaryType, sequence } from './schema.ts';

const TENANT = '000000';

type Item = [enCode: string, fullName: string, children?: Item[]];
interface TypeSeed {
  enCode: string;
  fullName: string;
  parent?: string;
  isTree?: number;
  items?: Item[];
}

const TYPES: TypeSeed[] = [
  { enCode: 'billing', fullName: '营业收费' },
  { enCode: 'pipeops', fullName: '管网运维' },
  {
    enCode: 'pay_method',
    fullName: '缴费方式',
    parent: 'billing',
    items: [
      ['CASH', '现金'],
      ['WECHAT', '微信支付'],
      ['ALIPAY', '支付宝'],
      ['BANK', '银行代扣'],
      ['COUNTER', '营业厅柜台'],
    ],
  },
  {
    enCode: 'meter_status',
    fullName: '水表状态',
    parent: 'billing',
    items: [
      ['NORMAL', '正常'],
      ['STOPPED', '停用'],
      ['FAULT', '故障'],
      ['REMOVED', '已拆除'],
    ],
  },
  {
    enCode: 'work_order_type',
    fullName: '工单类型',
    parent: 'pipeops',
    items: [
      ['REPAIR', '报修'],
      ['LEAK', '报漏'],
      ['COMPLAINT', '投诉'],
      ['CONSULT', '咨询'],
      ['INSTALL', '报装'],
    ],
  },
  {
    enCode: 'pipe_event',
    fullName: '管网事件类型',
    parent: 'pipeops',
    isTree: 1,
    items: [
      [
        'LEAKAGE',
        '漏损',
        [
          ['VISIBLE_LEAK', '明漏'],
          ['HIDDEN_LEAK', '暗漏'],
        ],
      ],
      ['BURST', '爆管'],
      [
        'QUALITY',
        '水质异常',
        [
          ['TURBID', '浑浊'],
          ['ODOUR', '异味'],
          ['LOW_CL', '余氯偏低'],
        ],
      ],
      [
        'PRESSURE',
        '压力异常',
        [
          ['LOW_PRESSURE', '低压'],
          ['HIGH_PRESSURE', '超压'],
        ],
      ],
    ],
  },
];

type AreaSeed = [enCode: string, fullName: string, type: number, children?: AreaSeed[]];
const AREAS: AreaSeed[] = [
  [
    'HF',
    '合肥市',
    1,
    [
      [
        'HF-SS',
        '蜀山区',
        2,
        [
          ['DMA-SS-01', '西园片区', 3],
          ['DMA-SS-02', '稻香楼片区', 3],
          ['DMA-SS-03', '南七片区', 3],
        ],
      ],
      [
        'HF-BH',
        '包河区',
        2,
        [
          ['DMA-BH-01', '滨湖片区', 3],
          ['DMA-BH-02', '望湖片区', 3],
        ],
      ],
      [
        'HF-LY',
        '庐阳区',
        2,
        [
          ['DMA-LY-01', '三孝口片区', 3],
          ['DMA-LY-02', '双岗片区', 3],
        ],
      ],
      ['HF-YH', '瑶海区', 2, [['DMA-YH-01', '铜陵路片区', 3]]],
      ['HF-GX', '高新区', 2, [['DMA-GX-01', '科学城片区', 3]]],
    ],
  ],
];

const RULES = [
  {
    sequenceCode: 'WORK_ORDER',
    sequenceName: '工单编号',
    sequencePrefix: 'GD',
    sequenceFormat: 'YYYYMMDD',
    sequenceDigit: 4,
    sequenceRemark: '报修、报漏、投诉工单',
  },
  {
    sequenceCode: 'PATROL_TASK',
    sequenceName: '巡检任务编号',
    sequencePrefix: 'XJ',
    sequenceFormat: 'YYYYMMDD',
    sequenceDigit: 4,
    sequenceRemark: '管网巡检任务',
  },
  {
    sequenceCode: 'INSTALL_APPLY',
    sequenceName: '报装申请编号',
    sequencePrefix: 'BZ',
    sequenceFormat: 'YYYYMM',
    sequenceDigit: 5,
    sequenceRemark: '用水报装申请',
  },
  {
    sequenceCode: 'METER_READING',
    sequenceName: '抄表批次号',
    sequencePrefix: 'CB',
    sequenceFormat: 'YYYYMM',
    sequenceDigit: 3,
    sequenceRemark: '月度抄表批次',
  },
  {
    sequenceCode: 'ALARM',
    sequenceName: '告警编号',
    sequencePrefix: 'GJ',
    sequenceFormat: 'YYYYMMDD',
    sequenceDigit: 5,
    sequenceRemark: '设备与管网告警',
  },
];

const FIELDS: [field: string, fieldName: string, dataType: string, dataLength: string | null, allowNull: number][] = [
  ['F_Id', '主键', 'varchar', '50', 0],
  ['F_TenantId', '租户', 'varchar', '12', 0],
  ['F_CreatorTime', '创建时间', 'datetime', null, 1],
  ['F_CreatorUserId', '创建用户', 'varchar', '50', 1],
  ['F_LastModifyTime', '修改时间', 'datetime', null, 1],
  ['F_LastModifyUserId', '修改用户', 'varchar', '50', 1],
  ['F_DeleteMark', '删除标志', 'int', null, 1],
  ['F_SortCode', '排序', 'bigint', null, 1],
  ['F_EnabledMark', '有效标志', 'int', null, 1],
  ['F_Description', '描述', 'text', null, 1],
];

/** POST, PUT and DELETE under a path (JNPF writes), for the roles named. */
const writes = (menuCode: string, name: string, path: string, roles: string[]): ApiScopeSeed[] =>
  ([3, 4, 5] as const).map((scopeType) => ({
    menuCode,
    resourceCode: menuCode,
    scopeName: `${name} ${['POST', 'PUT', 'DELETE'][scopeType - 3]}`,
    scopePath: `${path}/**`,
    scopeType,
    roles,
  }));

/**
 * Who may change dictionaries, areas, bill rules and common fields (reads, selectors and BillNumber stay open to
 * every signed-in user, since forms number their documents when they open); administrators pass every scope.
 */
export const DATASERVICE_API_SCOPES: ApiScopeSeed[] = [
  ...writes('dictionary', '数据字典分类维护', '/system/DictionaryType', ['operator']),
  ...writes('dictionary', '数据字典维护', '/system/DictionaryData', ['operator']),
  ...writes('area', '区域维护', '/system/Area', ['operator']),
  ...writes('bill_rule', '单据规则维护', '/system/BillRule', ['operator']),
  ...(['save', 'update'] as const).map((p) => ({
    menuCode: 'bill_rule',
    resourceCode: 'bill_rule',
    scopeName: `单据规则维护 sequence/${p}`,
    scopePath: `/blade-system/sequence/${p}`,
    scopeType: 3 as const,
    roles: ['operator'],
  })),
  {
    menuCode: 'bill_rule',
    resourceCode: 'bill_rule',
    scopeName: '单据规则维护 sequence/remove',
    scopePath: '/blade-system/sequence/remove',
    scopeType: 2,
    roles: ['operator'],
  },
  ...writes('common_fields', '常用字段维护', '/system/CommonFields', []),
];

export async function seedDataservice(ctx: AppContext): Promise<void> {
  await ensureScopes(ctx, { api: DATASERVICE_API_SCOPES });
  await ctx.db.transaction(async (tx) => {
    // dictionary types and their data
    const types = await tx
      .select({ id: dictionaryType.id, enCode: dictionaryType.enCode })
      .from(dictionaryType)
      .where(inTenant(dictionaryType, TENANT));
    const typeId = new Map(types.map((t) => [t.enCode, t.id]));
    for (const [i, t] of TYPES.entries()) {
      if (typeId.has(t.enCode)) continue;
      const id = newId();
      await tx.insert(dictionaryType).values({
        id,
        tenantId: TENANT,
        parentId: t.parent ? (typeId.get(t.parent) ?? '0') : '0',
        enCode: t.enCode,
        fullName: t.fullName,
        isTree: t.isTree ?? 0,
        sortCode: i + 1,
      });
      typeId.set(t.enCode, id);
      const rows: (typeof dictionaryData.$inferInsert)[] = [];
      const walk = (items: Item[], parentId: string) =>
        items.forEach(([enCode, fullName, children], j) => {
          const itemId = newId();
          rows.push({
            id: itemId,
            tenantId: TENANT,
            dictionaryTypeId: id,
            parentId,
            enCode,
            fullName,
            sortCode: j + 1,
          });
          if (children) walk(children, itemId);
        });
      walk(t.items ?? [], '0');
      if (rows.length) await tx.insert(dictionaryData).values(rows);
    }

    // areas
    const areas = await tx.select({ enCode: area.enCode }).from(area).where(inTenant(area, TENANT));
    const haveArea = new Set(areas.map((a) => a.enCode));
    const areaRows: (typeof area.$inferInsert)[] = [];
    const walkArea = (list: AreaSeed[], parentId: string) =>
      list.forEach(([enCode, fullName, type, children], j) => {
        const id = newId();
        if (!haveArea.has(enCode))
          areaRows.push({ id, tenantId: TENANT, parentId, enCode, fullName, type, sortCode: j + 1 });
        // an area that exists already keeps its sub-tree as the administrators left it
        if (children && !haveArea.has(enCode)) walkArea(children, id);
      });
    walkArea(AREAS, '0');
    if (areaRows.length) await tx.insert(area).values(areaRows);

    // bill rules
    const rules = await tx.select({ code: sequence.sequenceCode }).from(sequence).where(inTenant(sequence, TENANT));
    const haveRule = new Set(rules.map((r) => r.code));
    const ruleRows = RULES.filter((r) => !haveRule.has(r.sequenceCode)).map((r, i) => ({
      ...r,
      tenantId: TENANT,
      sort: i + 1,
    }));
    if (ruleRows.length) await tx.insert(sequence).values(ruleRows);

    // common fields
    const fields = await tx
      .select({ field: commonFields.field })
      .from(commonFields)
      .where(inTenant(commonFields, TENANT));
    const haveField = new Set(fields.map((f) => f.field));
    const fieldRows = FIELDS.filter(([f]) => !haveField.has(f)).map(
      ([field, fieldName, dataType, dataLength, allowNull], i) => ({
        tenantId: TENANT,
        field,
        fieldName,
        dataType,
        dataLength,
        allowNull,
        sortCode: i + 1,
      }),
    );
    if (fieldRows.length) await tx.insert(commonFields).values(fieldRows);
  });
}
