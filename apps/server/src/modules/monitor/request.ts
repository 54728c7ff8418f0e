/**
 * The monitor history query of spec 1 §3 and §7.3, read "as params": from the query string (plain keys, repeated
 * keys, bracket keys such as `querySetting[dataDilute][window]=1H` or `contemporaneous[0][date]=…`, or JSON
 * strings) and/or a JSON or form body; body values win. Validation gives sentences a person can act on.
 */
import { badRequest } from '../../core/envelope.ts';
import { parseDateTime } from '../../core/time.ts';
import { FIELDS, MONITOR_TYPE_DEFS, MONITOR_TYPES, type MonitorType, WINDOW_CODES, type WindowCode } from './fields.ts';

export const DIMENSIONS = ['DAY', 'MONTH', 'YEAR'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface PeriodItem {
  /** the date as sent */
  date: string;
  dimension: Dimension;
  /** the period's bounds, ms, [from, to) */
  from: number;
  to: number;
  /** the statistics key: YYYY-MM-DD, YYYY-MM or YYYY */
  key: string;
}

export interface HistoryQuery {
  stId?: string;
  stcd?: string;
  deviceCode?: string;
  sttp?: string;
  deviceType?: string;
  monitorType?: MonitorType;
  dataFields?: string[];
  timeField?: string;
  /** ms; `to` exclusive (endTime + 1 ms: the end second is included) */
  from?: number;
  to?: number;
  contemporaneous?: PeriodItem[];
  filterOutliers: boolean;
  window: WindowCode | null;
  /** export only: the file name wanted */
  fileName?: string;
}

/** Sets a value at a bracket path: `a[b][0][c]` → a.b[0].c */
function setPath(target: Record<string, any>, key: string, value: unknown) {
  const parts = key.replace(/\]/g, '').split('[');
  let cur: any = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i];
    const nextIsIndex = /^\d+$/.test(parts[i + 1]);
    if (cur[p] === undefined || typeof cur[p] !== 'object') cur[p] = nextIsIndex ? [] : {};
    cur = cur[p];
  }
  cur[parts[parts.length - 1]] = value;
}

/** Merges query-string and body parameters into one object (body wins); expands bracket keys. */
export function mergeParams(query: unknown, body: unknown): Record<string, unknown> {
  const out: Record<string, any> = {};
  for (const src of [query, body]) {
    if (!src || typeof src !== 'object' || Array.isArray(src)) continue;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      if (k.includes('[')) setPath(out, k.replace(/\.(\w+)/g, '[$1]'), v);
      else if (k.includes('.')) setPath(out, k.replace(/\.(\w+)/g, '[$1]'), v);
      else out[k] = v;
    }
  }
  return out;
}

function jsonish(v: unknown, name: string): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (!s.startsWith('[') && !s.startsWith('{')) return v;
  try {
    return JSON.parse(s);
  } catch {
    throw badRequest(`参数校验失败: ${name} 不是合法的 JSON`);
  }
}

function str(v: unknown, name: string): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (Array.isArray(v)) return str(v[0], name);
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || undefined;
  throw badRequest(`参数校验失败: ${name} 必须是字符串`);
}

function bool(v: unknown, name: string, dflt: boolean): boolean {
  if (v === undefined || v === null || v === '') return dflt;
  if (typeof v === 'boolean') return v;
  const s = String(v).toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(s)) return true;
  if (['false', '0', 'no', 'off'].includes(s)) return false;
  throw badRequest(`参数校验失败: ${name} 必须是 true 或 false`);
}

function time(v: unknown, name: string): number | undefined {
  const s = str(v, name);
  if (s === undefined) return undefined;
  const d = /^\d{12,13}$/.test(s) ? new Date(Number(s)) : parseDateTime(s);
  if (!d || Number.isNaN(d.getTime())) throw badRequest(`时间格式不正确: ${name}=${s}，应为 YYYY-MM-DD HH:mm:ss`);
  return d.getTime();
}

/** The period of `dimension` that holds `date` (YYYY, YYYY-MM, YYYY-MM-DD or a full date-time). */
export function periodOf(date: string, dimension: Dimension): PeriodItem {
  const s = date.trim();
  const m = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2})(?:[ T].*)?)?)?$/.exec(s);
  if (!m) throw badRequest(`对比日期格式不正确: ${date}，应为 YYYY-MM-DD、YYYY-MM 或 YYYY`);
  const y = Number(m[1]);
  const mo = m[2] ? Number(m[2]) - 1 : 0;
  const d = m[3] ? Number(m[3]) : 1;
  const probe = new Date(y, mo, d);
  if (probe.getFullYear() !== y || probe.getMonth() !== mo || probe.getDate() !== d)
    throw badRequest(`对比日期不存在: ${date}`);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (dimension === 'DAY') {
    if (!m[3]) throw badRequest(`按日对比需要具体日期: ${date}，应为 YYYY-MM-DD`);
    return {
      date,
      dimension,
      from: probe.getTime(),
      to: new Date(y, mo, d + 1).getTime(),
      key: `${y}-${pad(mo + 1)}-${pad(d)}`,
    };
  }
  if (dimension === 'MONTH') {
    if (!m[2]) throw badRequest(`按月对比需要具体月份: ${date}，应为 YYYY-MM`);
    return {
      date,
      dimension,
      from: new Date(y, mo, 1).getTime(),
      to: new Date(y, mo + 1, 1).getTime(),
      key: `${y}-${pad(mo + 1)}`,
    };
  }
  return { date, dimension, from: new Date(y, 0, 1).getTime(), to: new Date(y + 1, 0, 1).getTime(), key: String(y) };
}

/** Most items a period comparison may hold. */
export const MAX_PERIODS = 12;

export function parseHistoryQuery(raw: Record<string, unknown>): HistoryQuery {
  const q: HistoryQuery = { filterOutliers: true, window: null };
  q.stId = str(raw.stId, 'stId');
  if (q.stId && !/^\d{1,19}$/.test(q.stId)) throw badRequest(`参数校验失败: stId 必须是数字编号`);
  q.stcd = str(raw.stcd, 'stcd');
  q.deviceCode = str(raw.deviceCode, 'deviceCode');
  q.sttp = str(raw.sttp, 'sttp');
  q.deviceType = str(raw.deviceType, 'deviceType');
  if (!q.stId && !q.stcd && !q.deviceCode) throw badRequest('缺少必要的请求参数: stcd（或 stId、deviceCode）');

  const mt = str(raw.monitorType, 'monitorType');
  if (mt !== undefined) {
    if (!(MONITOR_TYPES as readonly string[]).includes(mt)) {
      throw badRequest(`未知的监测类型: ${mt}，可选 ${MONITOR_TYPES.join('、')}`);
    }
    q.monitorType = mt as MonitorType;
  }

  const df = jsonish(raw.dataFields, 'dataFields');
  if (df !== undefined && df !== null && df !== '') {
    const list = (Array.isArray(df) ? df : String(df).split(',')).map((x) => String(x).trim()).filter(Boolean);
    for (const f of list) if (!FIELDS[f]) throw badRequest(`未知的监测项: ${f}`);
    if (q.monitorType) {
      const wrong = list.find((f) => FIELDS[f].monitorType !== q.monitorType);
      if (wrong) throw badRequest(`监测项 ${wrong} 不属于监测类型 ${q.monitorType}`);
    }
    q.dataFields = [...new Set(list)];
  }
  if (!q.monitorType && q.dataFields?.length) {
    const types = new Set(q.dataFields.map((f) => FIELDS[f].monitorType));
    if (types.size > 1) throw badRequest('一次查询的监测项须属于同一监测类型');
    q.monitorType = [...types][0];
  }
  q.timeField = str(raw.timeField, 'timeField');
  if (q.timeField && q.monitorType) {
    const expected = MONITOR_TYPE_DEFS[q.monitorType].timeField;
    if (q.timeField !== expected && q.timeField !== 'tm') {
      throw badRequest(`时间字段 ${q.timeField} 与监测类型 ${q.monitorType} 不符，应为 ${expected}`);
    }
  }

  const settings = jsonish(raw.querySetting, 'querySetting');
  if (settings !== undefined && settings !== null && settings !== '') {
    if (typeof settings !== 'object' || Array.isArray(settings))
      throw badRequest('参数校验失败: querySetting 必须是对象');
    const s = settings as Record<string, unknown>;
    q.filterOutliers = bool(s.filterOutliers, 'querySetting.filterOutliers', true);
    const dd = jsonish(s.dataDilute, 'querySetting.dataDilute');
    if (dd !== undefined && dd !== null && dd !== '' && dd !== 'null') {
      const d = (typeof dd === 'string' ? { action: 'DEFAULT', window: dd } : dd) as Record<string, unknown>;
      const action = str(d.action, 'querySetting.dataDilute.action') ?? 'DEFAULT';
      if (action !== 'DEFAULT') throw badRequest(`不支持的抽稀方式: ${action}，应为 DEFAULT`);
      const w = str(d.window, 'querySetting.dataDilute.window');
      if (!w) throw badRequest('缺少必要的请求参数: querySetting.dataDilute.window');
      const code = w.toUpperCase();
      if (!(WINDOW_CODES as string[]).includes(code)) {
        throw badRequest(`不支持的抽稀窗口: ${w}，可选 ${WINDOW_CODES.join('、')}`);
      }
      q.window = code as WindowCode;
    }
  }

  const cont = jsonish(raw.contemporaneous, 'contemporaneous');
  if (cont !== undefined && cont !== null && cont !== '') {
    const items = Array.isArray(cont) ? cont : typeof cont === 'object' ? Object.values(cont as object) : null;
    if (!items) throw badRequest('参数校验失败: contemporaneous 必须是数组');
    if (items.length) {
      if (items.length > MAX_PERIODS) throw badRequest(`同期对比最多 ${MAX_PERIODS} 项`);
      const periods = items.map((it: any, i: number) => {
        const date = str(it?.date, `contemporaneous[${i}].date`);
        if (!date) throw badRequest(`缺少必要的请求参数: contemporaneous[${i}].date`);
        const dim = (str(it?.dimension, `contemporaneous[${i}].dimension`) ?? '').toUpperCase();
        if (!(DIMENSIONS as readonly string[]).includes(dim)) {
          throw badRequest(
            `对比维度不正确: contemporaneous[${i}].dimension=${it?.dimension ?? ''}，可选 DAY、MONTH、YEAR`,
          );
        }
        return periodOf(date, dim as Dimension);
      });
      if (new Set(periods.map((p) => p.dimension)).size > 1) throw badRequest('同期对比的各项维度须一致');
      const keys = periods.map((p) => p.key);
      const dup = keys.find((k, i) => keys.indexOf(k) !== i);
      if (dup) throw badRequest(`同期对比日期重复: ${dup}`);
      q.contemporaneous = periods;
    }
  }

  if (!q.contemporaneous) {
    q.from = time(raw.startTime, 'startTime');
    const end = time(raw.endTime, 'endTime');
    if (q.from === undefined) throw badRequest('缺少必要的请求参数: startTime');
    if (end === undefined) throw badRequest('缺少必要的请求参数: endTime');
    if (q.from > end) throw badRequest('开始时间不能晚于结束时间');
    q.to = end + 1;
  }
  q.fileName = str(raw.fileName, 'fileName');
  return q;
}
