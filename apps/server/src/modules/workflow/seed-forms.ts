/** The process categories and the demo processes' forms (JNPF form designer JSON). */
export const CATEGORIES = ['行政办公', '管网运维', '营业服务'];

const field = (
  vModel: string,
  jnpfKey: string,
  label: string,
  extra: Record<string, unknown> = {},
  required = true,
) => ({
  __config__: { jnpfKey, label, required, span: 24, layout: 'colFormItem' },
  __vModel__: vModel,
  placeholder: `请输入${label}`,
  ...extra,
});

/** A select's options: each shown as its name, its value `ids[i]` (default: the name itself). */
const options = (names: string[], ids: string[] = names) => ({
  options: names.map((fullName, i) => ({ fullName, id: ids[i] })),
});

export const FORMS: { formKey: string; name: string; category: string; fields: unknown[] }[] = [
  {
    formKey: 'leave_form',
    name: '请假单',
    category: '行政办公',
    fields: [
      field('leaveType', 'select', '请假类型', options(['事假', '病假', '年假'], ['1', '2', '3'])),
      field('startTime', 'datePicker', '开始时间', { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' }),
      field('endTime', 'datePicker', '结束时间', { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' }),
      field('days', 'inputNumber', '请假天数', { min: 1, max: 365 }),
      field('reason', 'textarea', '请假理由'),
    ],
  },
  {
    formKey: 'burst_repair_form',
    name: '爆管抢修单',
    category: '管网运维',
    fields: [
      field('address', 'input', '爆管地点'),
      field('pipeDiameter', 'inputNumber', '管径(mm)', { min: 15, max: 3000 }),
      field('level', 'select', '影响等级', options(['一般', '较大', '重大'])),
      field('description', 'textarea', '现场情况'),
    ],
  },
  {
    formKey: 'patrol_hazard_form',
    name: '巡检隐患单',
    category: '管网运维',
    fields: [
      field('hazardType', 'select', '隐患类型', options(['管道渗漏', '阀门井损坏', '违章占压'])),
      field('address', 'input', '隐患位置'),
      field('description', 'textarea', '隐患描述'),
    ],
  },
  {
    formKey: 'water_connection_form',
    name: '用水报装申请表',
    category: '营业服务',
    fields: [
      field('applicant', 'input', '申请单位/个人'),
      field('address', 'input', '用水地址'),
      field(
        'waterCategory',
        'select',
        '用水类别',
        options(['居民生活用水', '非居民用水', '特种行业用水'], ['1', '2', '3']),
      ),
      field('meterSize', 'inputNumber', '表径(mm)', { min: 15, max: 300 }),
    ],
  },
  {
    formKey: 'dispatch_order_form',
    name: '调度指令单',
    category: '管网运维',
    fields: [
      field('stnm', 'input', '站点'),
      field('actionName', 'input', '指令'),
      field('target', 'inputNumber', '目标值'),
      field('content', 'textarea', '指令内容'),
    ],
  },
];
