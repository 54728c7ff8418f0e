/**
 * Typed calls of `/api/swp-alarm/alarm-info` (报警列表, spec 2 §7 "Patrol, devices, alarms"): every alarm or the
 * burst (tube-explosion) alarms, paged with filters; one burst alarm with its evidence; close one or many with a
 * reason; the xlsx export; one alarm with its history; open counts by type; the dictionaries. Shapes follow
 * `apps/server/src/modules/alarm`. Times travel as `YYYY-MM-DD HH:mm:ss`.
 */
import type { Page } from '@swp/contract';
import type { HistoryData } from '../lib/monitorHistory';
import type { Query, Row } from './crud';
import { http } from './http';

const B = '/api/swp-alarm/alarm-info';

export const ALARM_TYPES = ['threshold', 'rate', 'offline', 'burst', 'dispatch'] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

export interface Alarm extends Row {
  id: string;
  alarmType: AlarmType;
  alarmTypeName: string;
  /** 1 一般, 2 重要, 3 紧急 */
  alarmLevel: 1 | 2 | 3;
  alarmLevelName: string;
  source: 'rule' | 'detector';
  title: string;
  content: string;
  deviceId: string | null;
  deviceCode: string | null;
  deviceName: string | null;
  deviceType: string | null;
  deviceTypeName: string | null;
  ruleId: string | null;
  stationId: string | null;
  stcd: string | null;
  field: string | null;
  dmaCode: string | null;
  dmaName: string | null;
  alarmValue: number | null;
  limitValue: number | null;
  unit: string | null;
  alarmTime: string;
  lastTime: string;
  occurrences: number;
  /** 0 未处理, 1 已关闭 */
  alarmStatus: 0 | 1;
  alarmStatusName: string;
  closeUserName: string | null;
  closeTime: string | null;
  closeReason: string | null;
  x: number | null;
  y: number | null;
  lgtd: number | null;
  lttd: number | null;
  address: string | null;
  detail: Record<string, unknown> | null;
}

export interface AlarmHistory {
  id: string;
  action: 'raise' | 'repeat' | 'close';
  actionName: string;
  operatorName: string | null;
  actionTime: string;
  remark: string | null;
  value: number | null;
}

export interface AlarmDetail extends Alarm {
  history: AlarmHistory[];
}

/** one-tube-explosion: a burst alarm with the DMA's night minimums and the hours around it */
export interface BurstEvidence extends AlarmDetail {
  nights: { date: string; mnf: number; baseline: number | null; burst: boolean }[];
  hours: { time: string; flow: number; pressure: number | null }[];
}

export interface AlarmDict {
  alarmTypes: { code: AlarmType; name: string; nameEn: string }[];
  alarmLevels: { code: number; name: string }[];
  alarmStatus: { code: number; name: string }[];
}

export type AlarmCounts = Record<AlarmType | 'all', number>;

export const alarmApi = {
  key: B,
  /** 派单抢修: a burst event on the named pipe and its 爆管抢修 process (open burst alarms only, once) */
  dispatch: (body: { id: string; pipeGid: number; title?: string; description?: string }) =>
    http.post<{ eventId: string; eventCode: string; processInstanceId: string }>(`${B}/dispatch`, body),
  page: (query: Query) => http.get<Page<Alarm>>(`${B}/all-alarm-info`, query),
  tubeExplosion: (query: Query) => http.get<Page<Alarm>>(`${B}/tube-explosion`, query),
  oneTubeExplosion: (id: string) => http.post<BurstEvidence | null>(`${B}/one-tube-explosion`, { id }),
  detail: (id: string) => http.get<AlarmDetail | null>(`${B}/detail`, { id }),
  counts: () => http.get<AlarmCounts>(`${B}/counts`),
  dict: () => http.get<AlarmDict>(`${B}/dict`),
  closeAlarm: (id: string, closeReason: string) => http.post<null>(`${B}/close-alarm`, { id, closeReason }),
  closeAlarms: (ids: string[], closeReason: string) =>
    http.post<{ closed: number }>(`${B}/close-alarms`, { ids, closeReason }),
  /** the filtered list as xlsx (报警信息.xlsx); `burst` limits it to burst alarms */
  exportXlsx: (query: Query) => http.blob('GET', `${B}/export`, { params: query }, '报警信息.xlsx'),
  /**
   * The evidence of a device alarm: the readings of its monitoring point's field around the alarm, read through
   * the monitoring history call (`/api/swp-computing/monitor/his`, raw readings, outliers kept). Silent: a caller
   * without the monitoring screen's grant shows its own note.
   */
  readings: (p: { stationId: string; field: string; startTime: string; endTime: string }) =>
    http.post<HistoryData>(
      '/api/swp-computing/monitor/his',
      {
        stId: p.stationId,
        dataFields: [p.field],
        startTime: p.startTime,
        endTime: p.endTime,
        querySetting: { filterOutliers: false, dataDilute: null },
      },
      { silent: true },
    ),
};
