/**
 * Typed calls of `/api/swp-admin/device-base` (设备管理, spec 2 §7 "Patrol, devices, alarms"): devices by type with
 * their live values, save (device and / or rule), run and stop a rule, the valves' report count, delete, the
 * monitoring stations a device may report through, and the dictionaries. Shapes follow
 * `apps/server/src/modules/device`.
 */
import type { LatestValue, Page } from '@swp/contract';
import type { CrudApi, Query, Row } from './crud';
import { http } from './http';

const B = '/api/swp-admin/device-base';

export const DEVICE_TYPES = ['valve', 'waterQuality', 'pump', 'video'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export interface RuleItem {
  field: string;
  upper?: number | null;
  lower?: number | null;
  ratePerHour?: number | null;
  /** answers only */
  fieldName?: string;
  unit?: string;
}

export interface DeviceRule {
  id: string;
  deviceId: string;
  deviceCode: string;
  deviceType: DeviceType;
  ruleName: string;
  items: RuleItem[];
  offlineMinutes: number | null;
  /** 1 一般, 2 重要, 3 紧急 */
  alarmLevel: number;
  /** 0 stopped, 1 running */
  runStatus: 0 | 1;
  runStatusName: string;
  startTime: string | null;
  stopTime: string | null;
  lastEvalTs: string | null;
}

export interface Device extends Row {
  id: string;
  deviceCode: string;
  deviceName: string;
  deviceType: DeviceType;
  deviceTypeName: string;
  model: string | null;
  manufacturer: string | null;
  installDate: string | null;
  stationId: string | null;
  stcd: string | null;
  stationName: string | null;
  featureLayer: string | null;
  featureId: string | null;
  dmaCode: string | null;
  x: number | null;
  y: number | null;
  lgtd: number | null;
  lttd: number | null;
  address: string | null;
  /** video devices: the picture (snapshot) or stream address */
  videoUrl?: string | null;
  reportNum: number;
  sort: number;
  remark: string | null;
  /** the linked station's state: NORMAL, ALERT, DANGER, FAULT, OFFLINE (null: no station) */
  onlineState: string | null;
  onlineStateName: string | null;
  latest: LatestValue[];
  latestTime: string | null;
  fields: { field: string; name: string; unit: string }[];
  ruleId: string | null;
  /** null: no rule */
  runStatus: 0 | 1 | null;
  runStatusName: string;
  /** the rule, its items with their field names and units (null: no rule) */
  rule?: DeviceRule | null;
}

/** What a device save sends (no id inserts). */
export interface DeviceInput {
  id?: string;
  deviceCode: string;
  deviceName: string;
  deviceType: DeviceType;
  model?: string;
  manufacturer?: string;
  installDate?: string;
  stationId?: string;
  featureLayer?: string;
  featureId?: string;
  dmaCode?: string;
  x?: number;
  y?: number;
  lgtd?: number;
  lttd?: number;
  address?: string;
  sort?: number;
  remark?: string;
}

export interface RuleInput {
  ruleName?: string;
  items: { field: string; upper?: number | null; lower?: number | null; ratePerHour?: number | null }[];
  offlineMinutes?: number | null;
  alarmLevel: number;
}

export interface RuleByCodeType {
  deviceId: string;
  deviceCode: string;
  deviceName: string;
  deviceType: DeviceType;
  reportNum: number;
  /** the fields the linked station reports, with their last value */
  fields: { field: string; name: string; unit: string; lastValue: number | null; lastTime: string | null }[];
  rule: DeviceRule | null;
}

export interface StationOption {
  id: string;
  stcd: string;
  stnm: string;
  sttp: string;
  sttpName: string;
  address: string | null;
  x: number | null;
  y: number | null;
  lgtd: number | null;
  lttd: number | null;
  fields: { field: string; name: string; unit: string }[];
}

export interface DeviceDict {
  deviceTypes: { code: DeviceType; name: string; nameEn: string }[];
  runStatus: { code: number; name: string }[];
  maxReportNum: number;
}

export interface ReportNum {
  id: string;
  deviceCode: string;
  deviceName: string;
  reportNum: number;
}

/** A rule is named by its device (id); the server also takes the rule id or deviceCode + deviceType. */
type RuleRef = { deviceId: string } | { id: string } | { deviceCode: string; deviceType: DeviceType };

export const deviceApi = {
  key: B,
  page: (query: Query) => http.get<Page<Device>>(`${B}/page`, query),
  detail: (id: string) => http.get<Device | null>(`${B}/detail`, { id }),
  /** save-or-update of the device's own fields (no id inserts) */
  submit: (row: Partial<DeviceInput>) => http.post<Device>(`${B}/save-or-update`, row),
  remove: (ids: string[]) => http.post<null>(`${B}/remove`, undefined, { params: { ids: ids.join(',') } }),
  ruleByCodeType: (deviceCode: string, deviceType: DeviceType) =>
    http.get<RuleByCodeType>(`${B}/rule-by-code-type`, { deviceCode, deviceType }),
  /** 保存规则: the rule alone (a running rule keeps running with the new limits) */
  saveRule: (deviceId: string, rule: RuleInput) => http.post<Device>(`${B}/save-or-update`, { id: deviceId, rule }),
  runRule: (ref: RuleRef) => http.post<DeviceRule>(`${B}/run-rule`, ref),
  stopRule: (ref: RuleRef) => http.post<DeviceRule>(`${B}/stop-rule`, ref),
  selectReportNum: (id: string) => http.get<ReportNum>(`${B}/select-device-report-num`, { id }),
  saveReportNum: (id: string, reportNum: number) =>
    http.post<ReportNum>(`${B}/save-device-report-num`, { id, reportNum }),
  stations: () => http.get<StationOption[]>(`${B}/stations`),
  dict: () => http.get<DeviceDict>(`${B}/dict`),
} satisfies CrudApi<Device> & Record<string, unknown>;
