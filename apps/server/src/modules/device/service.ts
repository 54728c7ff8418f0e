/**
 * Devices and their rules: the list by type with live values (the linked station's latest readings), saving a
 * device and its rule, running and stopping the rule, and the valves' report count.
 */
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, forbidden } from '../../core/envelope.ts';
import { type AuthUser, gateProviders } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { compileFilters, compileSort, pageOf, parseIds, parsePaging } from '../../core/query.ts';
import { inTenant } from '../../core/scoped.ts';
import { formatDateTime } from '../../core/time.ts';
import {
  FIELDS,
  fromEpsg4548,
  monitorStation,
  resolveStation,
  seriesOf,
  stationView,
  toEpsg4548,
} from '../monitor/index.ts';
import { deviceBase, deviceRule, type RuleItem } from './schema.ts';

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

/** Refuses unless the caller holds one of the codes (administrators hold all). */
async function requireAny(user: AuthUser, codes: string[]) {
  if (user.isAdmin) return;
  const p = gateProviders();
  if (!p || !(await p.holdsAny(user, codes))) throw forbidden();
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

/**
 * Stations of the tenant with their series, as the monitoring screen shows them (latest values, state), read
 * without paging: the device list needs only the stations it links, the picker all network stations.
 */
async function stationViews(ctx: AppContext, tenantId: string, where: SQL[]) {
  const rows = await ctx.db
    .select()
    .from(monitorStation)
    .where(inTenant(monitorStation, tenantId, eq(monitorStation.isDeleted, 0), ...where))
    .orderBy(asc(monitorStation.sort), asc(monitorStation.stcd));
  const series = await seriesOf(
    ctx,
    rows.map((r) => r.id),
  );
  const byStation = new Map<string, typeof series>();
  for (const x of series) byStation.set(x.stationId, [...(byStation.get(x.stationId) ?? []), x]);
  const now = Date.now();
  return rows.map((r) => stationView(r, byStation.get(r.id) ?? [], now));
}

/** The live view of linked stations: latest values and state, by station id. */
async function liveOf(ctx: AppContext, tenantId: string, stationIds: string[]) {
  const out = new Map<
    string,
    {
      stcd: string;
      stnm: string;
      state: string;
      stateName: string;
      latest: unknown[];
      latestTime: string | null;
      fields: { field: string; name: string; unit: string }[];
    }
  >();
  const ids = [...new Set(stationIds)];
  if (!ids.length) return out;
  for (const s of await stationViews(ctx, tenantId, [inArray(monitorStation.id, ids)])) {
    out.set(s.id, {
      stcd: s.stcd,
      stnm: s.stnm,
      state: s.state,
      stateName: s.stateName,
      latest: s.latest,
      latestTime: s.latestTime,
      fields: s.fields.map((f) => ({ field: f.field, name: f.name, unit: f.unit })),
    });
  }
  return out;
}

export function ruleView(r: RuleRow | undefined) {
  if (!r) return null;
  return {
    ...r,
    runStatusName: RUN_STATUS[r.runStatus] ?? String(r.runStatus),
    items: (r.items ?? []).map((i) => ({
      ...i,
      fieldName: FIELDS[i.field]?.name ?? i.field,
      unit: FIELDS[i.field]?.unit ?? '',
    })),
  };
}

async function decorate(ctx: AppContext, tenantId: string, rows: DeviceRow[]) {
  const ids = rows.map((r) => r.id);
  const rules = ids.length
    ? await ctx.db
        .select()
        .from(deviceRule)
        .where(and(inArray(deviceRule.deviceId, ids), eq(deviceRule.isDeleted, 0)))
    : [];
  const live = await liveOf(
    ctx,
    tenantId,
    rows.map((r) => r.stationId).filter((x): x is string => !!x),
  );
  return rows.map((r) => {
    const rule = rules.find((x) => x.deviceId === r.id);
    const l = r.stationId ? live.get(r.stationId) : undefined;
    return {
      ...r,
      deviceTypeName: DEVICE_TYPES[r.deviceType as DeviceType]?.name ?? r.deviceType,
      stcd: l?.stcd ?? null,
      stationName: l?.stnm ?? null,
      onlineState: l ? l.state : null,
      onlineStateName: l ? l.stateName : null,
      // a camera shows its picture; the readings of the station it watches are not its own
      latest: r.deviceType === 'video' ? [] : (l?.latest ?? []),
      latestTime: r.deviceType === 'video' ? null : (l?.latestTime ?? null),
      fields: r.deviceType === 'video' ? [] : (l?.fields ?? []),
      ruleId: rule?.id ?? null,
      runStatus: rule?.runStatus ?? null,
      runStatusName: rule ? RUN_STATUS[rule.runStatus] : '未配置',
    };
  });
}

const PAGE_PARAMS = new Set(['keyword', 'deviceType', 'runStatus']);

export async function devicePage(ctx: AppContext, tenantId: string, q: Record<string, unknown>) {
  const p = parsePaging(q);
  const conds: SQL[] = [
    inTenant(deviceBase, tenantId),
    eq(deviceBase.isDeleted, 0),
    ...compileFilters(deviceBase, q, { passthrough: PAGE_PARAMS }),
  ];
  if (q.deviceType !== undefined && q.deviceType !== '') {
    const t = String(q.deviceType);
    if (!(t in DEVICE_TYPES)) throw badRequest(`未知的设备类型: ${t}，可选 ${Object.keys(DEVICE_TYPES).join('、')}`);
    conds.push(eq(deviceBase.deviceType, t));
  }
  const kw = typeof q.keyword === 'string' ? q.keyword.trim() : '';
  if (kw) {
    const like = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(${deviceBase.deviceCode} ilike ${like} or ${deviceBase.deviceName} ilike ${like})`);
  }
  if (q.runStatus !== undefined && q.runStatus !== '') {
    const s = String(q.runStatus);
    if (s !== '0' && s !== '1') throw badRequest('参数校验失败: runStatus 只能是 0 或 1');
    const running = sql`exists (select 1 from ${deviceRule} r where r.device_id = ${deviceBase.id} and r.is_deleted = 0 and r.run_status = 1)`;
    conds.push(s === '1' ? running : sql`not ${running}`);
  }
  const where = and(...conds);
  const order = compileSort(deviceBase, q, [asc(deviceBase.sort), asc(deviceBase.deviceCode)]);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(deviceBase)
      .where(where)
      .orderBy(...order)
      .limit(p.size)
      .offset(p.offset),
    ctx.db.select({ n: count() }).from(deviceBase).where(where),
  ]);
  return pageOf(await decorate(ctx, tenantId, rows), Number(n), p);
}

async function findDevice(
  ctx: AppContext,
  tenantId: string,
  q: { id?: unknown; deviceCode?: unknown; deviceType?: unknown },
) {
  const conds: SQL[] = [inTenant(deviceBase, tenantId), eq(deviceBase.isDeleted, 0)];
  if (q.id !== undefined && q.id !== '') {
    if (!/^\d{1,19}$/.test(String(q.id))) throw badRequest('参数校验失败: id 必须是数字编号');
    conds.push(eq(deviceBase.id, String(q.id)));
  } else if (q.deviceCode !== undefined && q.deviceCode !== '') {
    conds.push(eq(deviceBase.deviceCode, String(q.deviceCode)));
  } else throw badRequest('缺少必要的请求参数: deviceCode');
  if (q.deviceType !== undefined && q.deviceType !== '') {
    if (!(String(q.deviceType) in DEVICE_TYPES)) throw badRequest(`未知的设备类型: ${q.deviceType}`);
    conds.push(eq(deviceBase.deviceType, String(q.deviceType)));
  }
  const [row] = await ctx.db
    .select()
    .from(deviceBase)
    .where(and(...conds))
    .limit(1);
  return row;
}

export async function deviceDetail(ctx: AppContext, tenantId: string, id: unknown) {
  const row = await findDevice(ctx, tenantId, { id });
  if (!row) return null;
  const [d] = await decorate(ctx, tenantId, [row]);
  return { ...d, rule: ruleView(await ruleOf(ctx, row.id)) };
}

async function ruleOf(ctx: Pick<AppContext, 'db'>, deviceId: string): Promise<RuleRow | undefined> {
  const [r] = await ctx.db
    .select()
    .from(deviceRule)
    .where(and(eq(deviceRule.deviceId, deviceId), eq(deviceRule.isDeleted, 0)));
  return r;
}

/** `rule-by-code-type`: the rule of a device named by code (and type), with the fields it may watch. */
export async function ruleByCodeType(ctx: AppContext, tenantId: string, q: Record<string, unknown>) {
  const device = await findDevice(ctx, tenantId, {
    deviceCode: q.deviceCode ?? '',
    deviceType: q.deviceType,
    id: q.deviceId,
  });
  if (!device) throw badRequest(MSG.notFound);
  const fields = device.stationId ? await fieldsOf(ctx, device.stationId) : [];
  const rule = ruleView(await ruleOf(ctx, device.id));
  return {
    deviceId: device.id,
    deviceCode: device.deviceCode,
    deviceName: device.deviceName,
    deviceType: device.deviceType,
    reportNum: device.reportNum,
    fields,
    rule,
  };
}

async function fieldsOf(ctx: AppContext, stationId: string) {
  const series = await seriesOf(ctx, [stationId]);
  return series.map((s) => ({
    field: s.field,
    name: FIELDS[s.field]?.name ?? s.field,
    unit: FIELDS[s.field]?.unit ?? '',
    lastValue: s.lastValue,
    lastTime: s.lastTs ? formatDateTime(s.lastTs) : null,
  }));
}

/** Stations a device may be linked to (the device form's picker). */
export async function stationOptions(ctx: AppContext, tenantId: string) {
  const stations = await stationViews(ctx, tenantId, [eq(monitorStation.category, 'NETWORK')]);
  return stations.map((s) => ({
    id: s.id,
    stcd: s.stcd,
    stnm: s.stnm,
    sttp: s.sttp,
    sttpName: s.sttpName,
    location: s.location,
    address: s.address,
    x: s.x,
    y: s.y,
    lgtd: s.lgtd,
    lttd: s.lttd,
    fields: s.fields.map((f) => ({ field: f.field, name: f.name, unit: f.unit })),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Writes

function checkRule(rule: RuleInput, deviceType: string, fields: string[] | null) {
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

const cleanItems = (items: RuleInput['items']): RuleItem[] =>
  items.map((i) => ({
    field: i.field,
    upper: i.upper ?? null,
    lower: i.lower ?? null,
    ratePerHour: i.ratePerHour ?? null,
  }));

/**
 * `save-or-update`: inserts (no id) or updates a device, and its rule when `rule` is given. A body naming an
 * existing device (id, or deviceCode and deviceType) with a rule and nothing else saves the rule alone (button
 * 保存规则). Saving a running rule keeps it running with the new limits.
 */
export async function saveDevice(ctx: AppContext, req: FastifyRequest, body: unknown) {
  const user = req.user as AuthUser;
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const ruleOnly =
    raw.rule !== undefined &&
    Object.keys(raw).every((k) => ['id', 'deviceCode', 'deviceType', 'rule'].includes(k)) &&
    (raw.id || raw.deviceCode);
  if (ruleOnly) {
    await requireAny(user, ['device_base_rule', 'device_base_edit']);
    const device = await findDevice(ctx, user.tenantId, raw);
    if (!device) throw badRequest(MSG.notFound);
    const parsed = ruleSchema.safeParse(raw.rule);
    if (!parsed.success) throw parsed.error;
    const fields = device.stationId ? (await seriesOf(ctx, [device.stationId])).map((s) => s.field) : null;
    checkRule(parsed.data, device.deviceType, fields);
    await ctx.db.transaction(async (tx) => writeRule(tx, user, device, parsed.data));
    return deviceDetail(ctx, user.tenantId, device.id);
  }
  const parsed = deviceSchema.safeParse(raw);
  if (!parsed.success) throw parsed.error;
  const d = parsed.data;
  const id = d.id === undefined ? undefined : String(d.id);
  await requireAny(user, id ? ['device_base_edit'] : ['device_base_add']);
  if (d.rule) await requireAny(user, ['device_base_rule', 'device_base_edit']);
  let fields: string[] | null = null;
  if (d.stationId !== undefined) {
    const st = await resolveStation(ctx, user.tenantId, { stId: String(d.stationId) });
    fields = (await seriesOf(ctx, [st.id])).map((s) => s.field);
    // a device without a position of its own stands at its station
    if (d.lgtd === undefined && d.x === undefined && st.lgtd != null && st.lttd != null) {
      d.lgtd = st.lgtd;
      d.lttd = st.lttd;
    }
  }
  if (d.lgtd !== undefined && d.lttd !== undefined && (d.x === undefined || d.y === undefined)) {
    const p = toEpsg4548(d.lgtd, d.lttd);
    d.x = p.x;
    d.y = p.y;
  } else if (d.x !== undefined && d.y !== undefined && (d.lgtd === undefined || d.lttd === undefined)) {
    const p = fromEpsg4548(d.x, d.y);
    d.lgtd = p.lon;
    d.lttd = p.lat;
  }
  if (d.rule) checkRule(d.rule, d.deviceType, fields);
  const values = {
    deviceCode: d.deviceCode,
    deviceName: d.deviceName,
    deviceType: d.deviceType,
    model: d.model ?? null,
    manufacturer: d.manufacturer ?? null,
    installDate: d.installDate ?? null,
    stationId: d.stationId === undefined ? null : String(d.stationId),
    featureLayer: d.featureLayer ?? null,
    featureId: d.featureId ?? null,
    dmaCode: d.dmaCode ?? null,
    x: d.x ?? null,
    y: d.y ?? null,
    lgtd: d.lgtd ?? null,
    lttd: d.lttd ?? null,
    address: d.address ?? null,
    videoUrl: d.deviceType === 'video' ? (d.videoUrl ?? null) : null,
    sort: d.sort ?? 1,
    remark: d.remark ?? null,
  };
  const savedId = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`device/${user.tenantId}/${d.deviceCode}`}))`);
    const [dup] = await tx
      .select({ id: deviceBase.id })
      .from(deviceBase)
      .where(
        and(
          inTenant(deviceBase, user.tenantId),
          eq(deviceBase.deviceCode, d.deviceCode),
          eq(deviceBase.isDeleted, 0),
          ...(id ? [sql`${deviceBase.id} <> ${id}`] : []),
        ),
      )
      .limit(1);
    if (dup) throw badRequest(MSG.duplicate);
    let row: DeviceRow;
    const now = new Date();
    if (id) {
      const [existing] = await tx
        .select()
        .from(deviceBase)
        .where(inTenant(deviceBase, user.tenantId, eq(deviceBase.id, id), eq(deviceBase.isDeleted, 0)))
        .for('update');
      if (!existing) throw badRequest(MSG.notFound);
      if (existing.deviceType !== d.deviceType) throw badRequest('设备类型不能修改');
      [row] = await tx
        .update(deviceBase)
        .set({ ...values, updateUser: user.userId, updateTime: now })
        .where(eq(deviceBase.id, id))
        .returning();
      // the rule follows its device's code; a rule watching fields the new station lacks stops
      const rule = await ruleOf({ db: tx as never }, id);
      if (rule) {
        const stale = rule.items.some((i) => !fields?.includes(i.field));
        await tx
          .update(deviceRule)
          .set({
            deviceCode: d.deviceCode,
            ...(stale && !d.rule ? { runStatus: 0, stopTime: now, stopUser: user.userId } : {}),
          })
          .where(eq(deviceRule.id, rule.id));
      }
    } else {
      [row] = await tx
        .insert(deviceBase)
        .values({
          ...values,
          tenantId: user.tenantId,
          reportNum: d.deviceType === 'valve' ? 3 : 1,
          createUser: user.userId,
          createDept: user.deptId?.split(',')[0] || null,
          updateUser: user.userId,
          createTime: now,
          updateTime: now,
        })
        .returning();
    }
    if (d.rule) await writeRule(tx, user, row, d.rule);
    return row.id;
  });
  return deviceDetail(ctx, user.tenantId, savedId);
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

async function writeRule(tx: Tx, user: AuthUser, device: DeviceRow, rule: RuleInput) {
  const now = new Date();
  const [existing] = await tx
    .select()
    .from(deviceRule)
    .where(and(eq(deviceRule.deviceId, device.id), eq(deviceRule.isDeleted, 0)))
    .for('update');
  const values = {
    deviceCode: device.deviceCode,
    deviceType: device.deviceType,
    ruleName: rule.ruleName || `${device.deviceName}监测规则`,
    items: cleanItems(rule.items),
    offlineMinutes: rule.offlineMinutes ?? null,
    alarmLevel: rule.alarmLevel,
    updateUser: user.userId,
    updateTime: now,
  };
  if (existing) {
    await tx.update(deviceRule).set(values).where(eq(deviceRule.id, existing.id));
    return existing.id;
  }
  const [row] = await tx
    .insert(deviceRule)
    .values({ ...values, tenantId: device.tenantId, deviceId: device.id, createUser: user.userId, createTime: now })
    .returning({ id: deviceRule.id });
  return row.id;
}

/** The rule a run/stop call names: rule id `id`, `deviceId`, or `deviceCode` (and `deviceType`). */
async function ruleFor(ctx: AppContext, tenantId: string, q: Record<string, unknown>) {
  let device: DeviceRow | undefined;
  let rule: RuleRow | undefined;
  if (q.id !== undefined && q.id !== '' && q.id !== null) {
    if (!/^\d{1,19}$/.test(String(q.id))) throw badRequest('参数校验失败: id 必须是数字编号');
    [rule] = await ctx.db
      .select()
      .from(deviceRule)
      .where(inTenant(deviceRule, tenantId, eq(deviceRule.id, String(q.id)), eq(deviceRule.isDeleted, 0)));
    if (!rule) throw badRequest('规则不存在或无权操作');
    device = await findDevice(ctx, tenantId, { id: rule.deviceId });
  } else {
    device = await findDevice(ctx, tenantId, { id: q.deviceId, deviceCode: q.deviceCode, deviceType: q.deviceType });
    if (device) rule = await ruleOf(ctx, device.id);
  }
  if (!device) throw badRequest(MSG.notFound);
  if (!rule) throw badRequest(MSG.ruleNotFound);
  return { device, rule };
}

export async function runRule(ctx: AppContext, user: AuthUser, q: Record<string, unknown>) {
  const { device, rule } = await ruleFor(ctx, user.tenantId, q);
  if (rule.runStatus === 1) throw badRequest(MSG.running);
  if (!device.stationId) throw badRequest(MSG.noStationRun);
  const fields = (await seriesOf(ctx, [device.stationId])).map((s) => s.field);
  checkRule(
    { ...rule, ruleName: rule.ruleName, items: rule.items, alarmLevel: rule.alarmLevel },
    device.deviceType,
    fields,
  );
  const now = new Date();
  // readings from now on are judged: history before the start raises nothing
  await ctx.db
    .update(deviceRule)
    .set({
      runStatus: 1,
      startTime: now,
      startUser: user.userId,
      lastEvalTs: now,
      updateUser: user.userId,
      updateTime: now,
    })
    .where(and(eq(deviceRule.id, rule.id), eq(deviceRule.runStatus, 0)));
  return ruleView((await ruleOf(ctx, device.id)) as RuleRow);
}

export async function stopRule(ctx: AppContext, user: AuthUser, q: Record<string, unknown>) {
  const { device, rule } = await ruleFor(ctx, user.tenantId, q);
  if (rule.runStatus === 0) throw badRequest(MSG.stopped);
  const now = new Date();
  await ctx.db
    .update(deviceRule)
    .set({ runStatus: 0, stopTime: now, stopUser: user.userId, updateUser: user.userId, updateTime: now })
    .where(eq(deviceRule.id, rule.id));
  return ruleView((await ruleOf(ctx, device.id)) as RuleRow);
}

export async function selectReportNum(ctx: AppContext, tenantId: string, q: Record<string, unknown>) {
  const device = await findDevice(ctx, tenantId, {
    id: q.id ?? q.deviceId,
    deviceCode: q.deviceCode,
    deviceType: q.deviceType,
  });
  if (!device) throw badRequest(MSG.notFound);
  if (device.deviceType !== 'valve') throw badRequest(MSG.valveOnly);
  return { id: device.id, deviceCode: device.deviceCode, deviceName: device.deviceName, reportNum: device.reportNum };
}

export async function saveReportNum(ctx: AppContext, user: AuthUser, q: Record<string, unknown>) {
  const device = await findDevice(ctx, user.tenantId, {
    id: q.id ?? q.deviceId,
    deviceCode: q.deviceCode,
    deviceType: q.deviceType,
  });
  if (!device) throw badRequest(MSG.notFound);
  if (device.deviceType !== 'valve') throw badRequest(MSG.valveOnly);
  if (q.reportNum === undefined || q.reportNum === '') throw badRequest('缺少必要的请求参数: reportNum');
  const n = Number(q.reportNum);
  if (!Number.isInteger(n) || n < 1 || n > MAX_REPORT_NUM) throw badRequest(MSG.reportNum);
  await ctx.db
    .update(deviceBase)
    .set({ reportNum: n, updateUser: user.userId, updateTime: new Date() })
    .where(eq(deviceBase.id, device.id));
  return { id: device.id, deviceCode: device.deviceCode, deviceName: device.deviceName, reportNum: n };
}

/** Soft-deletes devices and their rules (a running rule stops with its device), in one transaction. */
export async function removeDevices(ctx: AppContext, user: AuthUser, idsRaw: unknown) {
  const ids = parseIds(idsRaw);
  if (!ids.length) throw badRequest('请选择至少一条数据');
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: deviceBase.id })
      .from(deviceBase)
      .where(inTenant(deviceBase, user.tenantId, inArray(deviceBase.id, ids), eq(deviceBase.isDeleted, 0)));
    if (rows.length !== new Set(ids).size) throw badRequest(MSG.notFound);
    await tx
      .update(deviceBase)
      .set({ isDeleted: 1, updateUser: user.userId, updateTime: now })
      .where(inArray(deviceBase.id, ids));
    await tx
      .update(deviceRule)
      .set({ isDeleted: 1, runStatus: 0, stopTime: now, stopUser: user.userId })
      .where(and(inArray(deviceRule.deviceId, ids), eq(deviceRule.isDeleted, 0)));
    return rows.length;
  });
}
