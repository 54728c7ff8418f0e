/** Typed calls of `/api/swp-quality` (水质管理): indicators, points, plans, tasks, results, online, compliance, report. */
import { crudApi, type Row } from './crud';
import { http, requestEnvelope } from './http';

export interface Indicator extends Row {
  id: string;
  code: string;
  name: string;
  nameEn?: string | null;
  category: string;
  unit: string;
  kind: 'max' | 'min' | 'range' | 'absent';
  pointKind: 'all' | 'plant' | 'network';
  minValue: number | null;
  maxValue: number | null;
  monitorField: string | null;
  alarmMinutes: number;
}
export interface QualityPoint extends Row {
  id: string;
  code: string;
  name: string;
  pointKind: 'plant' | 'network';
  stcd: string | null;
  address?: string | null;
}
export interface Plan extends Row {
  id: string;
  code: string;
  name: string;
  pointCodes: string[];
  indicatorCodes: string[];
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  startDate: string;
  endDate: string | null;
  enabled: boolean;
}
export interface Task extends Row {
  id: string;
  planName: string;
  pointCode: string;
  pointName: string;
  indicatorCodes: string[];
  dueDate: string;
  state: 'pending' | 'done';
  sampleCode: string | null;
}
export interface LabResult extends Row {
  id: string;
  sampleCode: string;
  pointCode: string;
  pointName: string;
  sampledAt: string;
  indicatorCode: string;
  indicatorName: string;
  unit: string;
  value: number;
  limitText: string;
  compliant: boolean;
  alarmId: string | null;
}
export interface OnlineValue {
  indicatorCode: string;
  indicatorName: string;
  field: string;
  unit: string;
  limit: string;
  value: number | null;
  time: string | null;
  compliant: boolean | null;
}
export interface OnlineStation {
  pointCode: string;
  pointName: string;
  pointKind: string;
  stcd: string;
  stnm: string;
  values: OnlineValue[];
}
export interface RateRow {
  total: number;
  compliant: number;
  rate: number | null;
}
export interface ComplianceResult {
  period: 'DAY' | 'MONTH';
  date: string;
  stations: (RateRow & {
    pointCode: string;
    pointName: string;
    stcd: string;
    indicatorCode: string;
    indicatorName: string;
    limit: string;
    unit: string;
    buckets: (RateRow & { bucket: string })[];
  })[];
  indicators: (RateRow & { indicatorCode: string; indicatorName: string })[];
}
export interface MonthlyReport {
  month: string;
  summary: {
    points: number;
    samples: number;
    indicators: number;
    results: number;
    sampleRate: number | null;
    resultRate: number | null;
  };
  indicators: (RateRow & { indicatorCode: string; indicatorName: string; unit: string; limit: string; max: number })[];
  points: (RateRow & { pointCode: string; pointName: string; samples: number })[];
}

const B = '/api/swp-quality';
export const indicatorApi = crudApi<Indicator>(`${B}/indicator`);
export const pointApi = crudApi<QualityPoint>(`${B}/point`);
export const planApi = crudApi<Plan>(`${B}/plan`, { list: 'page' });
export const taskApi = crudApi<Task>(`${B}/sampling-task`, { list: 'page' });
export const resultApi = crudApi<LabResult>(`${B}/result`, { list: 'page' });

export const qualityApi = {
  indicators: () => http.get<Indicator[]>(`${B}/indicator/list`),
  points: () => http.get<QualityPoint[]>(`${B}/point/list`),
  online: () => http.get<OnlineStation[]>(`${B}/online`),
  compliance: (q: { stationCode?: string; indicator?: string; period: 'DAY' | 'MONTH'; date: string }) =>
    http.get<ComplianceResult>(`${B}/compliance`, q),
  generate: (date: string) => http.post<{ created: number }>(`${B}/plan/generate`, { date }),
  report: (month: string) => http.get<MonthlyReport>(`${B}/report`, { month }),
  exportReport: (month: string) =>
    http.blob('GET', `${B}/report/export`, { params: { month } }, `水质月报_${month}.xlsx`),
  importResults: (file: File) => {
    const fd = new FormData();
    fd.append('file', file);
    return requestEnvelope<{ samples: number; results: number; failed: number }>('POST', `${B}/result/import`, {
      data: fd,
      timeoutMs: 5 * 60_000,
    });
  },
};
