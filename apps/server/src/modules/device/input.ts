/**
 * What a device is made of: its types and run states, the messages it answers with, and the input schemas of a
 * device and its monitoring rule (with the checks a rule must pass against its station's fields).
 */
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { FIELDS } from '../monitor/index.ts';
import type { deviceBase, deviceRule, RuleItem } from './schema.ts';

export const DEVICE_TYPES = {
  valve: { name: '阀门', nameEn: 'Valve' },
  waterQuality: { name: '水质', nameEn: 'Water quality' },
  pump: { name: '泵站', nameEn: 'Pump' },
  video: { name: '视频', nameEn: 'Video' },
} as const;
export type DeviceType = keyof typeof DEVICE_TYPES;
export const RUN_STATUS: Record<number, string> = { 0: '已停止', 1: '运行中' };
export const MAX_REPORT_NUM = 100;

export type DeviceRow = typeof deviceBase.$inferSelect;
export type RuleRow = typeof deviceRule.$inferSelect;

export const MSG = {
  deviceCode: '请输入设备编号',
  deviceCodeFormat: '设备编号只能包含字母、数字、下划线和短横线，最长 64 位',
  deviceName: '请输入设备名称',
  deviceType: '请选择设备类型',
  duplicate: '设备编号已存在',
  notFound: '设备不存在或无权操作',
  ruleNotFound: '该设备尚未配置规则',
  ruleEmpty: '规则至少需要一个监测项限值或离线超时',
  noStation: '设备未关联监测点，无法按监测项配置规则',
  noStationRun: '设备未关联监测点，无法运行规则',
  running: '规则已在运行中',
  stopped: '规则已停止',
  valveOnly: '仅阀门设备可设置上报次数',
  reportNum: `上报次数必须是 1 到 ${MAX_REPORT_NUM} 的整数`,
  installDate: '安装日期格式应为 YYYY-MM-DD',
} as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const num = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : blank(v));
const optText = (max: number, label: string) =>
  z.preprocess(blank, z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).optional());
const optNum = (label: string, min = -Infinity, max = Infinity) =>
  z.preprocess(
    num,
    z
      .number({ error: `${label}必须是数字` })
      .refine((n) => Number.isFinite(n) && n >= min && n <= max, `${label}超出范围`)
      .optional(),
  );
const idLike = z.union([z.string().regex(/^\d{1,19}$/, '必须是数字编号'), z.number().int().nonnegative()]);

export const ruleItemSchema = z
  .object({
    field: z.string({ error: '请选择监测项' }).min(1, '请选择监测项'),
    upper: optNum('上限').nullable(),
    lower: optNum('下限').nullable(),
    ratePerHour: optNum('变化率', 0).nullable(),
  })
  .refine((i) => i.upper != null || i.lower != null || i.ratePerHour != null, {
    message: '每个监测项至少需要上限、下限或变化率之一',
  })
  .refine((i) => i.upper == null || i.lower == null || i.upper > i.lower, { message: '上限必须大于下限' })
  .refine((i) => i.ratePerHour == null || i.ratePerHour > 0, { message: '变化率必须大于 0' });

export const ruleSchema = z.object({
  ruleName: optText(100, '规则名称'),
  items: z.array(ruleItemSchema).max(20, '监测项最多 20 个').default([]),
  offlineMinutes: z.preprocess(
    num,
    z
      .number({ error: '离线超时必须是数字' })
      .int('离线超时必须是整数分钟')
      .min(1, '离线超时至少 1 分钟')
      .max(10_080, '离线超时最多 10080 分钟（7 天）')
      .nullish(),
  ),
  alarmLevel: z.preprocess(num, z.number().int().min(1, '报警级别为 1–3').max(3, '报警级别为 1–3').default(2)),
});
export type RuleInput = z.infer<typeof ruleSchema>;

export const deviceSchema = z.object({
  id: z.preprocess(blank, idLike.optional()),
  deviceCode: z.preprocess(
    blank,
    z
      .string({ error: MSG.deviceCode })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, MSG.deviceCodeFormat),
  ),
  deviceName: z.preprocess(blank, z.string({ error: MSG.deviceName }).trim().min(1, MSG.deviceName).max(100)),
  deviceType: z.enum(Object.keys(DEVICE_TYPES) as [DeviceType, ...DeviceType[]], { error: MSG.deviceType }),
  model: optText(64, '型号'),
  manufacturer: optText(100, '生产厂家'),
  installDate: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.installDate)
      // a real calendar day: 2024-13-01 or 02-30 would roll over into another date
      .refine((d) => {
        const t = Date.parse(`${d}T00:00:00Z`);
        return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
      }, MSG.installDate)
      .optional(),
  ),
  stationId: z.preprocess(blank, idLike.optional()),
  featureLayer: optText(32, '图层'),
  featureId: optText(64, '要素编号'),
  dmaCode: optText(32, '所属分区'),
  x: optNum('X 坐标', 0, 10_000_000),
  y: optNum('Y 坐标', 0, 10_000_000),
  lgtd: optNum('经度', 73, 136),
  lttd: optNum('纬度', 3, 54),
  address: optText(255, '安装地址'),
  // a picture or stream address the browser loads: http(s) or a path on this server, never script or data URLs
  videoUrl: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(500, '视频地址最长 500 个字符')
      .regex(/^(https?:\/\/|\/)[^\s"'<>]*$/i, '视频地址应以 http://、https:// 或 / 开头')
      .optional(),
  ),
  sort: z.preprocess(num, z.number().int().min(0).max(100_000).optional()),
  remark: optText(255, '备注'),
  rule: ruleSchema.optional(),
});

export function checkRule(rule: RuleInput, deviceType: string, fields: string[] | null) {
  if (!rule.items.length && !rule.offlineMinutes) throw badRequest(MSG.ruleEmpty);
  if (rule.items.length && fields === null) throw badRequest(MSG.noStation);
  if (deviceType === 'video' && rule.items.length) throw badRequest('视频设备只能配置离线超时');
  const seen = new Set<string>();
  for (const i of rule.items) {
    if (seen.has(i.field)) throw badRequest(`监测项重复: ${FIELDS[i.field]?.name ?? i.field}`);
    seen.add(i.field);
    if (fields && !fields.includes(i.field)) {
      throw badRequest(
        `监测点没有监测项 ${FIELDS[i.field]?.name ?? i.field}（可选 ${fields.map((f) => FIELDS[f]?.name ?? f).join('、')}）`,
      );
    }
  }
}

export const cleanItems = (items: RuleInput['items']): RuleItem[] =>
  items.map((i) => ({
    field: i.field,
    upper: i.upper ?? null,
    lower: i.lower ?? null,
    ratePerHour: i.ratePerHour ?? null,
  }));
