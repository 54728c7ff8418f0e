/**
 * The rule engine, in the jobs leader only: every minute each running rule judges the readings of its device's
 * station that arrived since its watermark (rules.ts) and raises its findings as alarms (modules/alarm). The
 * watermark moves with a compare-and-set, and raising is idempotent per occurrence time, so a second instance or a
 * leader handover never judges a reading twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { formatDateTime } from '../../core/time.ts';
import { type RaiseInput, raiseAlarm } from '../alarm/index.ts';
import { FIELDS, readRaw, seriesOf } from '../monitor/index.ts';
import { evaluateRule, type Finding, type Reading } from './rules.ts';
import { deviceBase, deviceRule } from './schema.ts';
import type { DeviceRow, RuleRow } from './service.ts';

export const RULE_TICK_MS = 60_000;
/** readings before the watermark read again for the rate of change and the report count */
const CONTEXT_MS = 2 * 3_600_000;

const KIND_NAMES = { upper: '超上限', lower: '超下限', rate: '变化率超限', offline: '离线' } as const;

export function alarmOf(device: DeviceRow, rule: RuleRow, f: Finding): RaiseInput {
  const def = f.field ? FIELDS[f.field] : undefined;
  const fieldName = def?.name ?? f.field ?? '';
  const unit = def?.unit ?? '';
  const who = `${device.deviceName}（${device.deviceCode}）`;
  const when = formatDateTime(new Date(f.ts));
  const times = f.count > 1 ? `，本次检测 ${f.count} 次越限` : '';
  let content: string;
  if (f.kind === 'upper')
    content = `${who}${fieldName} ${f.value}${unit} 高于上限 ${f.limit}${unit}（${when}）${times}`;
  else if (f.kind === 'lower')
    content = `${who}${fieldName} ${f.value}${unit} 低于下限 ${f.limit}${unit}（${when}）${times}`;
  else if (f.kind === 'rate')
    content = `${who}${fieldName} 变化率 ${f.value}${unit}/h 超过 ${f.limit}${unit}/h（${when}）${times}`;
  else content = `${who}已 ${f.value} 分钟无数据上报，超过离线超时 ${f.limit} 分钟（${when}）`;
  return {
    tenantId: device.tenantId,
    alarmType: f.kind === 'offline' ? 'offline' : f.kind === 'rate' ? 'rate' : 'threshold',
    alarmLevel: rule.alarmLevel,
    source: 'rule',
    sourceKey: `rule:${rule.id}:${f.kind}:${f.field ?? ''}`,
    title: `${device.deviceName}${fieldName}${KIND_NAMES[f.kind]}`,
    content,
    at: new Date(f.ts),
    deviceId: device.id,
    deviceCode: device.deviceCode,
    deviceName: device.deviceName,
    deviceType: device.deviceType,
    ruleId: rule.id,
    stationId: device.stationId,
    field: f.field,
    dmaCode: device.dmaCode,
    alarmValue: f.value,
    limitValue: f.limit,
    unit: f.kind === 'offline' ? '分钟' : f.kind === 'rate' ? `${unit}/h` : unit,
    x: device.x,
    y: device.y,
    lgtd: device.lgtd,
    lttd: device.lttd,
    address: device.address,
    detail: { kind: f.kind, count: f.count },
    configCode: device.deviceType === 'waterQuality' && f.kind !== 'offline' ? 'alarm.water_quality' : undefined,
  };
}

/**
 * Judges one rule over (since, until]: reads the readings, raises the findings (quietly when `notify` is false),
 * returns them with the newest reading time seen.
 */
export async function judgeRule(
  ctx: AppContext,
  device: DeviceRow,
  rule: RuleRow,
  since: number,
  until: number,
  notify = true,
): Promise<{ findings: Finding[]; newest: number | null }> {
  if (!device.stationId) return { findings: [], newest: null };
  const series = await seriesOf(ctx, [device.stationId]);
  const readings: Record<string, Reading[]> = {};
  let newest: number | null = null;
  let lastTs: number | null = null;
  for (const s of series) {
    if (s.lastTs) lastTs = Math.max(lastTs ?? 0, Math.min(s.lastTs.getTime(), until));
    if (!rule.items.some((i) => i.field === s.field)) continue;
    const raw = await readRaw(ctx.database.pool, s.id, since - CONTEXT_MS, until + 1);
    const list: Reading[] = [];
    for (let i = 0; i < raw.ts.length; i++) {
      if (!Number.isFinite(raw.values[i])) continue;
      list.push({ ts: raw.ts[i], value: raw.values[i] });
      if (raw.ts[i] > since) newest = Math.max(newest ?? 0, raw.ts[i]);
    }
    readings[s.field] = list;
  }
  const findings = evaluateRule(
    {
      items: rule.items,
      offlineMinutes: rule.offlineMinutes,
      reportNum: device.deviceType === 'valve' ? device.reportNum : 1,
    },
    readings,
    since,
    until,
    lastTs,
    rule.startTime?.getTime() ?? since,
  );
  for (const f of findings) await raiseAlarm(ctx, { ...alarmOf(device, rule, f), notify });
  return { findings, newest };
}

/** One pass over every running rule (all tenants). Returns how many rules were judged. */
export async function evaluateRunningRules(ctx: AppContext, now = Date.now()): Promise<number> {
  const rows = await ctx.db
    .select({ rule: deviceRule, device: deviceBase })
    .from(deviceRule)
    .innerJoin(deviceBase, eq(deviceBase.id, deviceRule.deviceId))
    .where(and(eq(deviceRule.runStatus, 1), eq(deviceRule.isDeleted, 0), eq(deviceBase.isDeleted, 0)));
  let n = 0;
  for (const { rule, device } of rows) {
    try {
      const since = (rule.lastEvalTs ?? rule.startTime ?? new Date(now)).getTime();
      const { newest } = await judgeRule(ctx, device, rule, since, now);
      const mark = new Date(Math.max(since, newest ?? since));
      // compare-and-set: only the pass that read from this watermark moves it
      await ctx.db
        .update(deviceRule)
        .set({ lastEvalTs: mark })
        .where(
          and(
            eq(deviceRule.id, rule.id),
            rule.lastEvalTs ? eq(deviceRule.lastEvalTs, rule.lastEvalTs) : sql`${deviceRule.lastEvalTs} is null`,
          ),
        );
      n++;
    } catch (err) {
      console.error(`[device] rule ${rule.id} failed:`, err);
    }
  }
  return n;
}
