/**
 * The wire (docs/iot.md): topic `swp/{tenantId}/{deviceCode}/telemetry`, MQTT user name `{deviceCode}@{tenantId}`,
 * payload `{ "ts": epoch ms | "YYYY-MM-DD HH:mm:ss" (the utility's zone), "values": { field: number } }` or an array
 * of them. Parsing is pure: a message becomes points of the device's own series, or one refusal with its reason —
 * never part of a message (all or nothing per message).
 */
import { parseDateTime } from '../../core/time.ts';

/** Refusal reasons, counted per device (swp_iot_device_stat.refusals). */
export const REFUSALS = {
  device: '未知设备',
  auth: '密钥错误或未签发',
  topic: '写入其他设备的主题',
  payload: '报文格式错误',
  field: '未知的监测项',
  value: '值不是数字',
  time: '时间格式错误',
  future: '时间超前一天以上',
} as const;
export type RefusalReason = keyof typeof REFUSALS;

/** Limits of one message (an array counts as one). */
export const MAX_READINGS = 1000;
export const MAX_POINTS = 10_000;
export const MAX_BYTES = 1024 * 1024;
/** readings stamped later than now + this are refused */
export const FUTURE_MS = 86_400_000;
/** readings before this are refused as impossible (2000-01-01 UTC) */
export const EARLIEST_MS = 946_684_800_000;

export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

const TENANT = /^\w{1,12}$/;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export interface DeviceKey {
  tenantId: string;
  deviceCode: string;
}

/** `swp/{tenantId}/{deviceCode}/telemetry` → its parts; undefined for any other topic. */
export function parseTopic(topic: string): DeviceKey | undefined {
  const m = /^swp\/([^/]+)\/([^/]+)\/telemetry$/.exec(topic);
  if (!m || !TENANT.test(m[1]) || !CODE.test(m[2])) return undefined;
  return { tenantId: m[1], deviceCode: m[2] };
}

export const topicOf = (k: DeviceKey) => `swp/${k.tenantId}/${k.deviceCode}/telemetry`;

/** `{deviceCode}@{tenantId}` → its parts (the last `@` splits; codes have none); undefined when malformed. */
export function parseUsername(name: string | undefined): DeviceKey | undefined {
  if (!name) return undefined;
  const i = name.lastIndexOf('@');
  if (i < 1) return undefined;
  const deviceCode = name.slice(0, i);
  const tenantId = name.slice(i + 1);
  return CODE.test(deviceCode) && TENANT.test(tenantId) ? { tenantId, deviceCode } : undefined;
}

export interface ParsedPoints {
  seriesIds: number[];
  ts: number[];
  values: number[];
}

/** The JSON text of a message (MQTT payload) → a value; a refusal when it is not JSON. */
export function parseJson(buf: Buffer | string): unknown {
  if (buf.length > MAX_BYTES) throw new Refusal('payload', `报文超过 ${MAX_BYTES} 字节`);
  try {
    return JSON.parse(typeof buf === 'string' ? buf : buf.toString('utf8'));
  } catch {
    throw new Refusal('payload', '报文不是合法的 JSON');
  }
}

function timeOf(raw: unknown, now: number): number {
  let t: number;
  if (raw === undefined || raw === null) return now;
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw)) throw new Refusal('time', `时间应为整数毫秒: ${raw}`);
    t = raw;
  } else if (typeof raw === 'string') {
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(raw)) {
      throw new Refusal('time', `时间格式不正确: ${raw.slice(0, 40)}，应为毫秒数或 YYYY-MM-DD HH:mm:ss`);
    }
    const d = parseDateTime(raw);
    if (!d) throw new Refusal('time', `时间不存在: ${raw}`);
    t = d.getTime();
  } else throw new Refusal('time', '时间应为毫秒数或 YYYY-MM-DD HH:mm:ss 字符串');
  if (t < EARLIEST_MS) throw new Refusal('time', `时间早于 2000 年: ${raw}`);
  if (t > now + FUTURE_MS) throw new Refusal('future', `时间超前当前时间一天以上: ${raw}`);
  return t;
}

/**
 * A message's readings as points of the device's series (`fields`: field → series id of its station). Refuses the
 * whole message at the first bad reading. A reading without `ts` is stamped `now` (the arrival).
 */
export function parseReadings(body: unknown, fields: ReadonlyMap<string, number>, now: number): ParsedPoints {
  const list = Array.isArray(body) ? body : [body];
  if (!list.length) throw new Refusal('payload', '报文为空数组');
  if (list.length > MAX_READINGS) throw new Refusal('payload', `一条报文最多 ${MAX_READINGS} 组读数`);
  const out: ParsedPoints = { seriesIds: [], ts: [], values: [] };
  for (const r of list) {
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw new Refusal('payload', '读数应为 {"ts", "values"} 对象');
    const { ts, values, ...rest } = r as Record<string, unknown>;
    const extra = Object.keys(rest);
    if (extra.length) throw new Refusal('payload', `未知的报文字段: ${extra[0].slice(0, 40)}`);
    if (!values || typeof values !== 'object' || Array.isArray(values)) {
      throw new Refusal('payload', '缺少 values 对象');
    }
    const t = timeOf(ts, now);
    const entries = Object.entries(values as Record<string, unknown>);
    if (!entries.length) throw new Refusal('payload', 'values 不能为空');
    for (const [field, v] of entries) {
      const id = fields.get(field);
      if (id === undefined) throw new Refusal('field', `设备所属站点没有监测项: ${field.slice(0, 40)}`);
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw new Refusal('value', `监测项 ${field} 的值不是数字: ${JSON.stringify(v)?.slice(0, 40)}`);
      }
      out.seriesIds.push(id);
      out.ts.push(t);
      out.values.push(v);
    }
    if (out.ts.length > MAX_POINTS) throw new Refusal('payload', `一条报文最多 ${MAX_POINTS} 个数据点`);
  }
  return out;
}
