/** The alarm vocabulary: types, levels, states, the list screen's menu, and what raising an alarm takes and gives. */
import type { alarmInfo } from './schema.ts';

export const ALARM_TYPES = {
  threshold: { name: '超限报警', nameEn: 'Limit exceeded' },
  rate: { name: '变化率报警', nameEn: 'Rate of change' },
  offline: { name: '离线报警', nameEn: 'Offline' },
  burst: { name: '爆管报警', nameEn: 'Pipe burst' },
  dispatch: { name: '调度超时', nameEn: 'Dispatch overdue' },
} as const;
export type AlarmType = keyof typeof ALARM_TYPES;
export const ALARM_LEVELS: Record<number, string> = { 1: '一般', 2: '重要', 3: '紧急' };
export const ALARM_STATUS: Record<number, string> = { 0: '未处理', 1: '已关闭' };
export const DEVICE_TYPE_NAMES: Record<string, string> = {
  valve: '阀门',
  waterQuality: '水质',
  pump: '泵站',
  video: '视频',
};
/** the alarm list screen's menu code: its holders are the people on duty whose bell rings */
export const ALARM_MENU = 'alarm_info';
export const OPEN = 0;
export const CLOSED = 1;

export type AlarmRow = typeof alarmInfo.$inferSelect;

export interface RaiseInput {
  tenantId: string;
  alarmType: AlarmType;
  alarmLevel: number;
  source: 'rule' | 'detector';
  sourceKey: string;
  title: string;
  content: string;
  /** when it occurred */
  at: Date;
  deviceId?: string | null;
  deviceCode?: string | null;
  deviceName?: string | null;
  deviceType?: string | null;
  ruleId?: string | null;
  stationId?: string | null;
  stcd?: string | null;
  field?: string | null;
  dmaCode?: string | null;
  dmaName?: string | null;
  alarmValue?: number | null;
  limitValue?: number | null;
  unit?: string | null;
  x?: number | null;
  y?: number | null;
  lgtd?: number | null;
  lttd?: number | null;
  address?: string | null;
  detail?: unknown;
  /** message config of the bell (e.g. alarm.pipe_burst); off = no message */
  configCode?: string;
  /** false: keep the bell quiet (history replays) */
  notify?: boolean;
}

export interface RaiseResult {
  id: string;
  /** a new alarm (false: a repeat of an open one) */
  created: boolean;
}
