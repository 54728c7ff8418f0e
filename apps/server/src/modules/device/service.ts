/**
 * Devices and their rules: the list by type with live values (the linked station's latest readings), saving a
 * device and its rule, running and stopping the rule, and the valves' report count.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { likeContains } from '../../core/query.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { readTenantOf } from '../../core/tenancy.ts';
import { formatDateTime } from '../../core/time.ts';
import { FIELDS, monitorStation, seriesOf, stationPlace, stationView } from '../monitor/index.ts';
import {
  checkRule,
  DEVICE_TYPES,
  type DeviceRow,
  type DeviceType,
  MAX_REPORT_NUM,
  MSG,
  RUN_STATUS,
  type RuleRow,
} from './input.ts';
import { deviceBase, deviceRule } from './schema.ts';

export * from './input.ts';

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
    .where(liveInTenant(monitorStation, tenantId, ...where))
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
      rule: ruleView(rule),
    };
  });
}

const PAGE_PARAMS = new Set(['keyword', 'deviceType', 'runStatus']);

/**
 * The resource engine serves `page` (devices with the BladeX filters and `deviceType`, `keyword` (code or name) and
 * `runStatus` (a running rule or none), in sort order), `detail?id=` (one device; `data: null` when the tenant has
 * none such) and `remove` (the count in its message). Each device comes with its station's live values and its rule
 * (`decorate`). save-or-update (a device and its rule in one body) stays by hand.
 */
export const deviceResource = defineResource({
  code: 'device_base',
  base: '/swp-admin/device-base',
  table: deviceBase,
  input: {},
  grant: buttonGrants('device_base', ['device_base', 'alarm_info']),
  // remove: soft, the rule goes with its device; saves are save-or-update (a device and its rule in one body)
  routes: ['page', 'detail', 'remove'],
  // devices are the tenant's, whoever entered them
  dataScope: false,
  messages: { missing: MSG.notFound },
  removal: { message: (n) => `删除成功（${n} 台设备）` },
  params: [...PAGE_PARAMS],
  order: (c) => [asc(c.get('sort')!), asc(c.get('deviceCode')!)],
  hooks: {
    where: (q) => pageConditions(q),
    // a removed device's rule stops and goes with it
    async afterRemove(rows, { tx, req }) {
      await tx
        .update(deviceRule)
        .set({ isDeleted: 1, runStatus: 0, stopTime: new Date(), stopUser: req.user?.userId ?? null })
        .where(
          and(
            inArray(
              deviceRule.deviceId,
              rows.map((r) => r.id),
            ),
            eq(deviceRule.isDeleted, 0),
          ),
        );
    },
    // live values of the tenant read (the platform administrator may name one)
    decorate: (rows, req, ctx) =>
      decorate(ctx, readTenantOf(req, req.query as Record<string, unknown>), rows as DeviceRow[]),
  },
});

function pageConditions(q: Record<string, unknown>): SQL | undefined {
  const conds: SQL[] = [];
  if (q.deviceType !== undefined && q.deviceType !== '') {
    const t = String(q.deviceType);
    if (!(t in DEVICE_TYPES)) throw badRequest(`未知的设备类型: ${t}，可选 ${Object.keys(DEVICE_TYPES).join('、')}`);
    conds.push(eq(deviceBase.deviceType, t));
  }
  const kw = typeof q.keyword === 'string' ? q.keyword.trim() : '';
  if (kw) {
    const like = likeContains(kw);
    conds.push(sql`(${deviceBase.deviceCode} ilike ${like} or ${deviceBase.deviceName} ilike ${like})`);
  }
  if (q.runStatus !== undefined && q.runStatus !== '') {
    const s = String(q.runStatus);
    if (s !== '0' && s !== '1') throw badRequest('参数校验失败: runStatus 只能是 0 或 1');
    const running = sql`exists (select 1 from ${deviceRule} r where r.device_id = ${deviceBase.id} and r.is_deleted = 0 and r.run_status = 1)`;
    conds.push(s === '1' ? running : sql`not ${running}`);
  }
  return conds.length ? and(...conds) : undefined;
}

export async function findDevice(
  ctx: AppContext,
  tenantId: string,
  q: { id?: unknown; deviceCode?: unknown; deviceType?: unknown },
) {
  const conds: SQL[] = [liveInTenant(deviceBase, tenantId)];
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

export async function ruleOf(ctx: Pick<AppContext, 'db'>, deviceId: string): Promise<RuleRow | undefined> {
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
    ...stationPlace(s),
    fields: s.fields.map((f) => ({ field: f.field, name: f.name, unit: f.unit })),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Writes (saving a device and its rule: save.ts)

/** The rule a run/stop call names: rule id `id`, `deviceId`, or `deviceCode` (and `deviceType`). */
async function ruleFor(ctx: AppContext, tenantId: string, q: Record<string, unknown>) {
  let device: DeviceRow | undefined;
  let rule: RuleRow | undefined;
  if (q.id !== undefined && q.id !== '' && q.id !== null) {
    if (!/^\d{1,19}$/.test(String(q.id))) throw badRequest('参数校验失败: id 必须是数字编号');
    [rule] = await ctx.db
      .select()
      .from(deviceRule)
      .where(liveInTenant(deviceRule, tenantId, eq(deviceRule.id, String(q.id))));
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
