/**
 * Alarms: raising (de-duplicated per source while open, idempotent per occurrence time), the list with filters,
 * closing one or many (who, when, why; history kept), the burst view, and the bell of the people on duty.
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { compileFilters, compileSort, likeContains, pageOf, parseIds, parsePaging } from '../../core/query.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { formatDateTime } from '../../core/time.ts';
import { monitorStation } from '../monitor/index.ts';
import { notifyOnDuty, onDutyUsers } from './on-duty.ts';
import { alarmHistory, alarmInfo } from './schema.ts';
import {
  ALARM_LEVELS,
  ALARM_STATUS,
  ALARM_TYPES,
  type AlarmRow,
  type AlarmType,
  CLOSED,
  DEVICE_TYPE_NAMES,
  OPEN,
  type RaiseInput,
  type RaiseResult,
} from './types.ts';

export * from './types.ts';
export { onDutyUsers };

type Ctx = Pick<AppContext, 'db' | 'live'>;

/** The history row of an occurrence the system recorded (`raise` opened the alarm, `repeat` added to it). */
function systemHistory(tx: Tx, input: RaiseInput, alarmId: string, action: 'raise' | 'repeat') {
  return tx.insert(alarmHistory).values({
    tenantId: input.tenantId,
    alarmId,
    action,
    actionTime: input.at,
    operatorName: '系统',
    remark: input.content.slice(0, 500),
    value: input.alarmValue ?? null,
  });
}

/**
 * Raises an alarm. Nothing happens when an alarm of the same source already covers `at` (the occurrence was
 * reported, open or closed since); an open alarm of the source takes the occurrence as a repeat; otherwise a new
 * alarm opens and the people on duty hear of it. The alarm and its history row are written in one transaction.
 */
export async function raiseAlarm(ctx: Ctx, input: RaiseInput): Promise<RaiseResult | null> {
  const result = await ctx.db.transaction(async (tx) => {
    // one writer per source at a time (the jobs leader raises; a handover may overlap for a moment)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${input.tenantId}/${input.sourceKey}`}))`);
    const [latest] = await tx
      .select()
      .from(alarmInfo)
      .where(liveInTenant(alarmInfo, input.tenantId, eq(alarmInfo.sourceKey, input.sourceKey)))
      .orderBy(desc(alarmInfo.lastTime))
      .limit(1);
    if (latest && latest.lastTime.getTime() >= input.at.getTime()) return null;
    if (latest && latest.alarmStatus === OPEN) {
      await tx
        .update(alarmInfo)
        .set({
          lastTime: input.at,
          occurrences: sql`${alarmInfo.occurrences} + 1`,
          alarmValue: input.alarmValue ?? latest.alarmValue,
          alarmLevel: Math.max(latest.alarmLevel, input.alarmLevel),
          updateTime: new Date(),
        })
        .where(eq(alarmInfo.id, latest.id));
      await systemHistory(tx, input, latest.id, 'repeat');
      return { id: latest.id, created: false };
    }
    // an alarm named by its station only (a zone's leak event names its inlet meter) is placed where that station
    // stands, so the alarm centre's map and the dispatch's pipe picker open on it
    const place =
      input.stcd && input.x == null
        ? (
            await tx
              .select()
              .from(monitorStation)
              .where(liveInTenant(monitorStation, input.tenantId, eq(monitorStation.stcd, input.stcd)))
              .limit(1)
          )[0]
        : undefined;
    const [row] = await tx
      .insert(alarmInfo)
      .values({
        tenantId: input.tenantId,
        alarmType: input.alarmType,
        alarmLevel: input.alarmLevel,
        source: input.source,
        sourceKey: input.sourceKey,
        title: input.title.slice(0, 255),
        content: input.content,
        deviceId: input.deviceId ?? null,
        deviceCode: input.deviceCode ?? null,
        deviceName: input.deviceName ?? null,
        deviceType: input.deviceType ?? null,
        ruleId: input.ruleId ?? null,
        stationId: input.stationId ?? place?.id ?? null,
        stcd: input.stcd ?? null,
        field: input.field ?? null,
        dmaCode: input.dmaCode ?? null,
        dmaName: input.dmaName ?? null,
        alarmValue: input.alarmValue ?? null,
        limitValue: input.limitValue ?? null,
        unit: input.unit ?? null,
        alarmTime: input.at,
        lastTime: input.at,
        x: input.x ?? place?.x ?? null,
        y: input.y ?? place?.y ?? null,
        lgtd: input.lgtd ?? place?.lgtd ?? null,
        lttd: input.lttd ?? place?.lttd ?? null,
        address: input.address ?? place?.address ?? null,
        detail: input.detail ?? null,
        createTime: input.at,
      })
      .returning({ id: alarmInfo.id });
    await systemHistory(tx, input, row.id, 'raise');
    return { id: row.id, created: true };
  });
  if (result?.created && input.notify !== false) await notifyOnDuty(ctx, input, result.id);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Reads

/** Query keys that are not column filters. */
const PARAMS = new Set(['keyword', 'startTime', 'endTime', 'alarmType', 'deviceType']);

export function alarmView(r: AlarmRow) {
  return {
    ...r,
    alarmTypeName: ALARM_TYPES[r.alarmType as AlarmType]?.name ?? r.alarmType,
    alarmLevelName: ALARM_LEVELS[r.alarmLevel] ?? String(r.alarmLevel),
    alarmStatusName: ALARM_STATUS[r.alarmStatus] ?? String(r.alarmStatus),
    deviceTypeName: r.deviceType ? (DEVICE_TYPE_NAMES[r.deviceType] ?? r.deviceType) : null,
  };
}

const timeParam = (v: unknown, name: string): Date | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const s = String(v);
  const d = new Date(s.length === 10 ? `${s}T00:00:00` : s.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) throw badRequest(`参数校验失败: ${name} 不是有效的时间`);
  return d;
};

/** The conditions of a list query: tenant, filters on the alarm's columns, keyword and time range. */
export function alarmConditions(tenantId: string, q: Record<string, unknown>, extra: SQL[] = []): SQL[] {
  const conds: SQL[] = [
    liveInTenant(alarmInfo, tenantId),
    ...compileFilters(alarmInfo, q, { passthrough: PARAMS, deny: new Set(['detail', 'sourceKey']) }),
    ...extra,
  ];
  if (q.alarmType !== undefined && q.alarmType !== '') {
    const types = String(q.alarmType).split(',');
    const bad = types.find((t) => !(t in ALARM_TYPES));
    if (bad) throw badRequest(`未知的报警类型: ${bad}，可选 ${Object.keys(ALARM_TYPES).join('、')}`);
    conds.push(inArray(alarmInfo.alarmType, types));
  }
  if (q.deviceType !== undefined && q.deviceType !== '') {
    const t = String(q.deviceType);
    if (!(t in DEVICE_TYPE_NAMES))
      throw badRequest(`未知的设备类型: ${t}，可选 ${Object.keys(DEVICE_TYPE_NAMES).join('、')}`);
    conds.push(eq(alarmInfo.deviceType, t));
  }
  const kw = typeof q.keyword === 'string' ? q.keyword.trim() : '';
  if (kw) {
    const like = likeContains(kw);
    conds.push(
      sql`(${alarmInfo.title} ilike ${like} or ${alarmInfo.deviceCode} ilike ${like} or ${alarmInfo.deviceName} ilike ${like} or ${alarmInfo.dmaName} ilike ${like})`,
    );
  }
  const start = timeParam(q.startTime, 'startTime');
  const end = timeParam(q.endTime, 'endTime');
  if (start) conds.push(sql`${alarmInfo.alarmTime} >= ${start}`);
  if (end) conds.push(sql`${alarmInfo.alarmTime} <= ${end}`);
  return conds;
}

const DEFAULT_ORDER = [asc(alarmInfo.alarmStatus), desc(alarmInfo.alarmTime), desc(alarmInfo.id)];

export async function alarmPage(ctx: AppContext, tenantId: string, q: Record<string, unknown>, extra: SQL[] = []) {
  const p = parsePaging(q);
  const where = and(...alarmConditions(tenantId, q, extra));
  const order = compileSort(alarmInfo, q, DEFAULT_ORDER);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(alarmInfo)
      .where(where)
      .orderBy(...order)
      .limit(p.size)
      .offset(p.offset),
    ctx.db.select({ n: count() }).from(alarmInfo).where(where),
  ]);
  return pageOf(rows.map(alarmView), Number(n), p);
}

/** Open-alarm counts by type (the screen's tabs). */
export async function openCounts(ctx: AppContext, tenantId: string) {
  const rows = await ctx.db
    .select({ alarmType: alarmInfo.alarmType, n: count() })
    .from(alarmInfo)
    .where(liveInTenant(alarmInfo, tenantId, eq(alarmInfo.alarmStatus, OPEN)))
    .groupBy(alarmInfo.alarmType);
  const out: Record<string, number> = { all: 0 };
  for (const t of Object.keys(ALARM_TYPES)) out[t] = 0;
  for (const r of rows) {
    out[r.alarmType] = Number(r.n);
    out.all += Number(r.n);
  }
  return out;
}

export async function alarmDetail(ctx: AppContext, tenantId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(alarmInfo)
    .where(liveInTenant(alarmInfo, tenantId, eq(alarmInfo.id, id)));
  if (!row) return null;
  const history = await ctx.db
    .select()
    .from(alarmHistory)
    .where(eq(alarmHistory.alarmId, id))
    .orderBy(asc(alarmHistory.actionTime), asc(alarmHistory.id));
  return {
    ...alarmView(row),
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      actionName: { raise: '报警', repeat: '重复报警', close: '关闭' }[h.action] ?? h.action,
      operatorName: h.operatorName,
      actionTime: formatDateTime(h.actionTime),
      remark: h.remark,
      value: h.value,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Closing

export const MSG = {
  reason: '请输入关闭原因',
  reasonLong: '关闭原因不能超过 500 个字符',
  notFound: '报警不存在或无权操作',
  closed: '该报警已关闭',
  allClosed: '所选报警均已关闭',
} as const;

const reasonSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: MSG.reason }).min(1, MSG.reason).max(500, MSG.reasonLong),
);
const idSchema = z.union([z.string().regex(/^\d{1,19}$/, 'id 必须是数字编号'), z.number().int().nonnegative()]);

export const closeOneSchema = z.object({
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema),
  closeReason: reasonSchema,
});

export function parseCloseMany(body: unknown, query: Record<string, unknown>): { ids: string[]; reason: string } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const rawIds = b.ids ?? query.ids;
  if (rawIds === undefined || rawIds === null || rawIds === '' || (Array.isArray(rawIds) && !rawIds.length)) {
    throw badRequest('请选择至少一条数据');
  }
  const ids = parseIds(Array.isArray(rawIds) ? rawIds.join(',') : rawIds);
  if (ids.length > 1000) throw badRequest('一次最多关闭 1000 条报警');
  const parsed = reasonSchema.safeParse(b.closeReason ?? query.closeReason);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.reason);
  return { ids, reason: parsed.data };
}

interface Closing {
  userId: string | null;
  userName: string;
  at: Date;
  reason: string;
}

/**
 * Closes the alarms `where` selects (who, when, why on each) and writes their `close` history rows: the one way an
 * alarm is closed, by a person (`closeAlarms`) or by the seeds (`closeSeeded`). Returns the ids it closed.
 */
async function markClosed(tx: Tx, tenantId: string, where: SQL | undefined, by: Closing): Promise<string[]> {
  const rows = await tx
    .update(alarmInfo)
    .set({
      alarmStatus: CLOSED,
      closeUser: by.userId,
      closeUserName: by.userName,
      closeTime: by.at,
      closeReason: by.reason,
      updateUser: by.userId,
      updateTime: by.at,
    })
    .where(where)
    .returning({ id: alarmInfo.id });
  if (rows.length)
    await tx.insert(alarmHistory).values(
      rows.map(({ id: alarmId }) => ({
        tenantId,
        alarmId,
        action: 'close',
        operatorId: by.userId,
        operatorName: by.userName,
        actionTime: by.at,
        remark: by.reason,
      })),
    );
  return rows.map((r) => r.id);
}

/**
 * Closes open alarms of the caller's tenant in one transaction: who, when and why on each, plus a history row.
 * `strict`: every id must be an open alarm (close one); otherwise closed ones are skipped, but at least one must
 * still be open. Returns how many were closed.
 */
export async function closeAlarms(
  ctx: AppContext,
  who: AuthUser,
  ids: string[],
  reason: string,
  strict: boolean,
): Promise<number> {
  const unique = [...new Set(ids)];
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: alarmInfo.id, status: alarmInfo.alarmStatus })
      .from(alarmInfo)
      .where(liveInTenant(alarmInfo, who.tenantId, inArray(alarmInfo.id, unique)))
      .for('update');
    if (rows.length !== unique.length) throw badRequest(MSG.notFound);
    const open = rows.filter((r) => r.status === OPEN).map((r) => r.id);
    if (strict && open.length !== unique.length) throw badRequest(MSG.closed);
    if (!open.length) throw badRequest(MSG.allClosed);
    const name = who.realName || who.userName || who.account;
    const closed = await markClosed(tx, who.tenantId, inArray(alarmInfo.id, open), {
      userId: who.userId,
      userName: name,
      at: now,
      reason,
    });
    return closed.length;
  });
}

/** Rows of a list query in keyset-free batches (export): at most `limit`. */
export async function* alarmRows(
  ctx: AppContext,
  tenantId: string,
  q: Record<string, unknown>,
  extra: SQL[] = [],
  limit = 50_000,
): AsyncGenerator<ReturnType<typeof alarmView>> {
  const where = and(...alarmConditions(tenantId, q, extra));
  const order = compileSort(alarmInfo, q, DEFAULT_ORDER);
  const BATCH = 1000;
  for (let off = 0; off < limit; off += BATCH) {
    const rows = await ctx.db
      .select()
      .from(alarmInfo)
      .where(where)
      .orderBy(...order)
      .limit(Math.min(BATCH, limit - off))
      .offset(off);
    for (const r of rows) yield alarmView(r);
    if (rows.length < BATCH) return;
  }
}

/** Closes one open alarm as the named person at the given time (seeds: the demo's history). */
export async function closeSeeded(
  ctx: Pick<AppContext, 'db'>,
  tenantId: string,
  id: string,
  by: { userId: string | null; userName: string; at: Date; reason: string },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const closed = await markClosed(
      tx,
      tenantId,
      inTenant(alarmInfo, tenantId, eq(alarmInfo.id, id), eq(alarmInfo.alarmStatus, OPEN)),
      by,
    );
    return closed.length > 0;
  });
}

/** Open alarms raised by device rules whose last occurrence lies before `before` (seeds close them). */
export async function openRuleAlarmsBefore(ctx: Pick<AppContext, 'db'>, tenantId: string, before: number) {
  const rows = await ctx.db
    .select({ id: alarmInfo.id, lastTime: alarmInfo.lastTime })
    .from(alarmInfo)
    .where(
      liveInTenant(
        alarmInfo,
        tenantId,
        eq(alarmInfo.source, 'rule'),
        eq(alarmInfo.alarmStatus, OPEN),
        sql`${alarmInfo.lastTime} < ${new Date(before)}`,
      ),
    )
    .orderBy(asc(alarmInfo.lastTime));
  return rows.map((r) => ({ id: r.id, lastTime: r.lastTime.getTime() }));
}
