/**
 * Saving a device (`save-or-update`) and its monitoring rule: the rule alone, or the device with its position
 * completed from its station or its other coordinate system, under a per-code lock against duplicates.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, forbidden } from '../../core/envelope.ts';
import { type AuthUser, gateProviders } from '../../core/gate.ts';
import { hasLiveRow } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { fromEpsg4548, resolveStation, seriesOf, toEpsg4548 } from '../monitor/index.ts';
import { checkRule, cleanItems, type DeviceRow, deviceSchema, MSG, type RuleInput, ruleSchema } from './input.ts';
import { deviceBase, deviceRule } from './schema.ts';
import { deviceResource, findDevice, ruleOf } from './service.ts';

type DeviceInput = z.infer<typeof deviceSchema>;
type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** Refuses unless the caller holds one of the codes (administrators hold all). */
async function requireAny(user: AuthUser, codes: string[]) {
  if (user.isAdmin) return;
  const p = gateProviders();
  if (!p || !(await p.holdsAny(user, codes))) throw forbidden();
}

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
  if (ruleOnly) return saveRuleOnly(ctx, req, raw);
  const parsed = deviceSchema.safeParse(raw);
  if (!parsed.success) throw parsed.error;
  const d = parsed.data;
  const id = d.id === undefined ? undefined : String(d.id);
  await requireAny(user, id ? ['device_base_edit'] : ['device_base_add']);
  if (d.rule) await requireAny(user, ['device_base_rule', 'device_base_edit']);
  const fields = await placeDevice(ctx, user.tenantId, d);
  if (d.rule) checkRule(d.rule, d.deviceType, fields);
  const savedId = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`device/${user.tenantId}/${d.deviceCode}`}))`);
    await refuseDuplicateCode(tx, user.tenantId, d.deviceCode, id);
    const row = id ? await updateDevice(tx, user, id, d, fields) : await insertDevice(tx, user, d);
    if (d.rule) await writeRule(tx, user, row, d.rule);
    return row.id;
  });
  // answered as `detail` answers it
  return deviceResource.detail(ctx, req, { id: savedId });
}

/** The button 保存规则: the rule of an existing device, nothing else. */
async function saveRuleOnly(ctx: AppContext, req: FastifyRequest, raw: Record<string, unknown>) {
  const user = req.user as AuthUser;
  await requireAny(user, ['device_base_rule', 'device_base_edit']);
  const device = await findDevice(ctx, user.tenantId, raw);
  if (!device) throw badRequest(MSG.notFound);
  const parsed = ruleSchema.safeParse(raw.rule);
  if (!parsed.success) throw parsed.error;
  const fields = device.stationId ? (await seriesOf(ctx, [device.stationId])).map((s) => s.field) : null;
  checkRule(parsed.data, device.deviceType, fields);
  await ctx.db.transaction(async (tx) => writeRule(tx, user, device, parsed.data));
  return deviceResource.detail(ctx, req, { id: device.id });
}

/**
 * Completes the device's position: a device without a position of its own stands at its station, and each of
 * WGS84 and EPSG:4548 is derived from the other. The fields its station measures (null without a station).
 */
async function placeDevice(ctx: AppContext, tenantId: string, d: DeviceInput): Promise<string[] | null> {
  let fields: string[] | null = null;
  if (d.stationId !== undefined) {
    const st = await resolveStation(ctx, tenantId, { stId: String(d.stationId) });
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
  return fields;
}

/** The device's columns as the form sets them. */
function deviceValues(d: DeviceInput) {
  return {
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
}

async function refuseDuplicateCode(tx: Tx, tenantId: string, deviceCode: string, id: string | undefined) {
  const other = id ? sql`${deviceBase.id} <> ${id}` : undefined;
  if (await hasLiveRow(tx, deviceBase, tenantId, eq(deviceBase.deviceCode, deviceCode), other))
    throw badRequest(MSG.duplicate);
}

/** Updates the device (its type stays); its rule follows the code, and stops when it watches fields the station lacks. */
async function updateDevice(tx: Tx, user: AuthUser, id: string, d: DeviceInput, fields: string[] | null) {
  const values = deviceValues(d);
  const now = new Date();
  const [existing] = await tx
    .select()
    .from(deviceBase)
    .where(liveInTenant(deviceBase, user.tenantId, eq(deviceBase.id, id)))
    .for('update');
  if (!existing) throw badRequest(MSG.notFound);
  if (existing.deviceType !== d.deviceType) throw badRequest('设备类型不能修改');
  const [row] = await tx
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
  return row;
}

async function insertDevice(tx: Tx, user: AuthUser, d: DeviceInput) {
  const now = new Date();
  const [row] = await tx
    .insert(deviceBase)
    .values({
      ...deviceValues(d),
      tenantId: user.tenantId,
      reportNum: d.deviceType === 'valve' ? 3 : 1,
      createUser: user.userId,
      createDept: user.deptId?.split(',')[0] || null,
      updateUser: user.userId,
      createTime: now,
      updateTime: now,
    })
    .returning();
  return row;
}

export async function writeRule(tx: Tx, user: AuthUser, device: DeviceRow, rule: RuleInput) {
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
