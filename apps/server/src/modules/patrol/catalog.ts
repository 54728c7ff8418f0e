/** Fixed vocabularies of patrol: facility types, event (hazard) types, order sources, statuses. */

export const FACILITY_TYPES: { code: string; name: string; items: string[] }[] = [
  { code: 'pipe', name: '管道', items: ['地面有无塌陷、渗水', '管线上方有无占压', '管道标识是否完好'] },
  { code: 'valve', name: '阀门', items: ['阀门井盖是否完好', '阀门有无漏水', '启闭是否灵活'] },
  { code: 'hydrant', name: '消火栓', items: ['外观是否完好', '有无漏水', '周边有无占压遮挡'] },
  { code: 'meter', name: '水表', items: ['表井是否完好', '读数是否正常', '有无私接乱接'] },
  { code: 'pump_station', name: '泵站', items: ['机组运行是否正常', '压力、流量是否正常', '安防与消防设施是否完好'] },
  { code: 'construction', name: '施工工地', items: ['施工范围有无危及管线', '保护措施是否落实', '有无擅自开挖'] },
];
export const FACILITY_NAME = Object.fromEntries(FACILITY_TYPES.map((f) => [f.code, f.name]));

export const EVENT_TYPES: { code: string; name: string }[] = [
  { code: 'leak', name: '管道漏水' },
  { code: 'valve_damage', name: '阀门损坏' },
  { code: 'cover_missing', name: '井盖缺失' },
  { code: 'illegal_work', name: '违章施工' },
  { code: 'hydrant_damage', name: '消火栓损坏' },
  { code: 'occupation', name: '管线占压' },
];
export const EVENT_NAME = Object.fromEntries(EVENT_TYPES.map((e) => [e.code, e.name]));

export const ORDER_SOURCES: { code: string; name: string }[] = [
  { code: 'patrol', name: '巡检上报' },
  { code: 'hotline', name: '热线工单' },
  { code: 'alarm', name: '报警转单' },
  { code: 'monitor', name: '监测预警' },
  { code: 'other', name: '其他' },
];
export const ORDER_SOURCE_NAME = Object.fromEntries(ORDER_SOURCES.map((e) => [e.code, e.name]));

export const PLAN_AUDIT_STATUS: Record<number, string> = { 0: '草稿', 1: '待审核', 2: '已通过', 3: '已退回' };
export const TASK_STATUS_NAME: Record<number, string> = { 0: '待执行', 1: '执行中', 2: '已完成', 3: '已超期' };
export const ORDER_STATUS_NAME: Record<number, string> = { 0: '待处理', 1: '处理中', 2: '已完成' };
export const PERIOD_NAME: Record<string, string> = { daily: '每日', weekly: '每周', monthly: '每月' };
export const SCOPE_NAME: Record<string, string> = { area: '区域', route: '路线' };
export const HAZARD_LEVEL_NAME: Record<number, string> = { 1: '一般', 2: '较大', 3: '紧急' };

/**
 * A hazard's state, kept by its 巡检隐患处理 process (hazard.ts): 0 no process yet, 1 its process runs, 2 its process
 * finished (rectified and rechecked), 3 its process was stopped (terminated, withdrawn or deleted) before its end.
 */
export const HAZARD_STATUS = { reported: 0, handling: 1, closed: 2, stopped: 3 } as const;
export const HAZARD_STATUS_NAME: Record<number, string> = { 0: '待处理', 1: '处理中', 2: '已处理', 3: '已终止' };

/** The workflow process (key) a hazard starts: 巡检隐患处理, form `patrol_hazard_form`. */
export const HAZARD_PROCESS = 'patrol_hazard';
