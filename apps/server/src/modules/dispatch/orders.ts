/**
 * 调度指令: a dispatcher's order to a station runs as the workflow process `dispatch_order` (接收确认 by an operator,
 * then 执行反馈 by the one who acknowledged). The order row keeps the business state and every step goes into the
 * order log with its time. Orders not acknowledged within `ackMinutes` escalate (escalate.ts).
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AuthUser } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInput } from '../../core/parse-input.ts';
import { pageOf, parsePaging } from '../../core/query.ts';
import type { Tx } from '../../core/resource.ts';
import { inTenant, liveInTenant, tenantSql } from '../../core/scoped.ts';
import { resolveStation } from '../monitor/index.ts';
import { completeNodeTask, type InstanceEnded, startProcess } from '../workflow/index.ts';
import { dispatchOrder, dispatchOrderLog } from './schema.ts';
import { operatorsOf } from './stations.ts';

export const ORDER_PROCESS = 'dispatch_order';
export const DEFAULT_ACK_MINUTES = 10;

export const ACTIONS = {
  pump_start: { name: '开泵', nameEn: 'Start pump', unit: null },
  pump_stop: { name: '停泵', nameEn: 'Stop pump', unit: null },
  set_pressure: { name: '调整出厂压力', nameEn: 'Set pressure', unit: 'MPa' },
  set_frequency: { name: '调整频率', nameEn: 'Set frequency', unit: 'Hz' },
  valve_open: { name: '开阀', nameEn: 'Open valve', unit: '%' },
  valve_close: { name: '关阀', nameEn: 'Close valve', unit: null },
} as const;
export type Action = keyof typeof ACTIONS;

export const issueInput = z
  .object({
    stationId: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().regex(/^\d{1,19}$/, '站点编号无效')),
    action: z.enum(Object.keys(ACTIONS) as [Action, ...Action[]], { message: '指令类型无效' }),
    pumpNo: z.coerce.number().int().min(1, '泵号应为 1–20').max(20, '泵号应为 1–20').optional(),
    target: z.coerce.number().finite().optional(),
    content: z.string().trim().max(500, '指令内容最长 500 字').optional(),
    ackMinutes: z.coerce.number().int().min(1, '确认时限 1–1440 分钟').max(1440, '确认时限 1–1440 分钟').optional(),
  })
  .superRefine((v, c) => {
    if (v.action === 'set_pressure' && (v.target === undefined || v.target < 0.05 || v.target > 1.6))
      c.addIssue({ code: 'custom', message: '调整压力需填写目标值 0.05–1.6 MPa' });
    if (v.action === 'set_frequency' && (v.target === undefined || v.target < 20 || v.target > 50))
      c.addIssue({ code: 'custom', message: '调整频率需填写目标值 20–50 Hz' });
    if (v.action === 'valve_open' && v.target !== undefined && (v.target <= 0 || v.target > 100))
      c.addIssue({ code: 'custom', message: '开阀开度应为 1–100 %' });
    if ((v.action === 'pump_start' || v.action === 'pump_stop') && v.pumpNo === undefined)
      c.addIssue({ code: 'custom', message: '开泵、停泵需指定泵号' });
  });
export type IssueInput = z.infer<typeof issueInput>;

type Row = typeof dispatchOrder.$inferSelect;

async function nextCode(tx: Tx, tenantId: string, now: Date) {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = `DD${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}`;
  const r = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from swp_dispatch_order where ${tenantSql(dispatchOrder, tenantId)} and code like ${`${stamp}%`}`,
  );
  return `${stamp}${p(r.rows[0].n + 1, 4)}`;
}

export async function writeLog(
  tx: Tx | AppContext['db'],
  o: Pick<Row, 'id' | 'tenantId'>,
  step: string,
  at: Date,
  who?: Pick<AuthUser, 'userId' | 'realName'> | null,
  note?: string | null,
) {
  await tx.insert(dispatchOrderLog).values({
    tenantId: o.tenantId,
    orderId: o.id,
    step,
    at,
    userId: who?.userId ?? null,
    userName: who?.realName ?? null,
    note: note?.slice(0, 500) ?? null,
  });
}

export function describe(o: Pick<Row, 'action' | 'pumpNo' | 'target' | 'unit'>) {
  const a = ACTIONS[o.action as Action];
  const pump = o.pumpNo ? ` ${o.pumpNo}#泵` : '';
  const target = o.target !== null && o.target !== undefined ? ` → ${o.target}${o.unit ?? ''}` : '';
  return `${a?.name ?? o.action}${pump}${target}`;
}

export async function issueOrder(ctx: AppContext, who: AuthUser, input: IssueInput) {
  const station = await resolveStation(ctx, who.tenantId, { stId: input.stationId });
  const now = new Date();
  const ackMinutes = input.ackMinutes ?? DEFAULT_ACK_MINUTES;
  const unit = ACTIONS[input.action].unit;
  let order: Row | undefined;
  const base = {
    stationId: station.id,
    stcd: station.stcd,
    stnm: station.stnm,
    action: input.action,
    pumpNo: input.pumpNo ?? null,
    target: input.target ?? null,
    unit,
  };
  const text = describe(base);
  const p = await startProcess(ctx, {
    tenantId: who.tenantId,
    processKey: ORDER_PROCESS,
    starterUserId: who.userId,
    title: `调度指令 ${station.stnm} ${text}`.slice(0, 255),
    variables: {
      stnm: station.stnm,
      actionName: text,
      target: input.target ?? null,
      content: input.content ?? '',
      // the 接收确认 task's candidates: the station's operators (stations.ts), or every operator
      stationOperators: await operatorsOf(ctx, who.tenantId, station.id),
    },
    within: async (tx, processInstanceId) => {
      const code = await nextCode(tx, who.tenantId, now);
      [order] = await tx
        .insert(dispatchOrder)
        .values({
          tenantId: who.tenantId,
          code,
          ...base,
          content: input.content ?? null,
          state: 'issued',
          processInstanceId,
          issuedBy: who.userId,
          issuedAt: now,
          ackMinutes,
          createUser: who.userId,
          createDept: who.deptId || null,
          updateUser: who.userId,
        })
        .returning();
      await writeLog(
        tx,
        order,
        'issue',
        now,
        who,
        `${station.stnm} ${text}${input.content ? `：${input.content}` : ''}`,
      );
    },
  });
  if (!order) throw badRequest('指令下达失败');
  return { ...order, processInstanceId: p.processInstanceId };
}

async function orderOf(ctx: AppContext, tenantId: string, id: string) {
  if (!/^\d{1,19}$/.test(id)) throw badRequest('指令编号无效');
  const [o] = await ctx.db
    .select()
    .from(dispatchOrder)
    .where(liveInTenant(dispatchOrder, tenantId, eq(dispatchOrder.id, id)));
  if (!o) throw badRequest('调度指令不存在');
  return o;
}

/** 接收确认: the operator takes the order; its 执行反馈 task is then theirs. */
export async function acknowledgeOrder(ctx: AppContext, who: AuthUser, id: string, note?: string) {
  const o = await orderOf(ctx, who.tenantId, id);
  if (o.state !== 'issued') throw badRequest(o.state === 'acknowledged' ? '指令已确认' : '指令已结束');
  if (!o.processInstanceId) throw badRequest('指令没有流程实例');
  await completeNodeTask(ctx, who, {
    processInstanceId: o.processInstanceId,
    taskDefKey: 'ack',
    variables: { acknowledger: who.userId },
    comment: note ?? '已接收',
  });
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(dispatchOrder)
      .set({ state: 'acknowledged', ackBy: who.userId, ackAt: now, updateUser: who.userId, updateTime: now })
      .where(eq(dispatchOrder.id, o.id));
    await writeLog(tx, o, 'acknowledge', now, who, note);
  });
  return orderOf(ctx, who.tenantId, id);
}

/** 执行反馈: the one who acknowledged reports the order carried out; the process ends (ended listener). */
export async function completeOrder(ctx: AppContext, who: AuthUser, id: string, result?: string) {
  const o = await orderOf(ctx, who.tenantId, id);
  if (o.state === 'issued') throw badRequest('指令尚未确认');
  if (o.state !== 'acknowledged') throw badRequest('指令已结束');
  if (!o.processInstanceId) throw badRequest('指令没有流程实例');
  await completeNodeTask(ctx, who, {
    processInstanceId: o.processInstanceId,
    taskDefKey: 'feedback',
    comment: result ?? '已执行',
  });
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(dispatchOrder)
      .set({ state: 'done', doneBy: who.userId, doneAt: now, result: result ?? null, updateTime: now })
      .where(eq(dispatchOrder.id, o.id));
    await writeLog(tx, o, 'complete', now, who, result);
  });
  return orderOf(ctx, who.tenantId, id);
}

/** An instance ended other than by the feedback (terminated, withdrawn, deleted in the workflow screens). */
export async function orderEnded(tx: Tx, e: InstanceEnded) {
  if (e.state === 'finished') return;
  const rows = await tx
    .update(dispatchOrder)
    .set({ state: 'cancelled', updateTime: new Date() })
    .where(
      inTenant(
        dispatchOrder,
        e.tenantId,
        eq(dispatchOrder.processInstanceId, e.instanceId),
        sql`${dispatchOrder.state} in ('issued', 'acknowledged')`,
      ),
    )
    .returning();
  for (const o of rows) await writeLog(tx, o, 'cancel', e.endTime ?? new Date(), null, `流程${e.state}`);
}

export const listQuery = z.object({
  state: z.enum(['issued', 'acknowledged', 'done', 'cancelled'], { message: 'state 无效' }).optional(),
  stationId: z
    .string()
    .regex(/^\d{1,19}$/, 'stationId 无效')
    .optional(),
});

export async function listOrders(ctx: AppContext, tenantId: string, q: Record<string, unknown>) {
  const f = parseInput(listQuery, q);
  const paging = parsePaging(q, 10);
  const conds: SQL[] = [liveInTenant(dispatchOrder, tenantId)];
  if (f.state) conds.push(eq(dispatchOrder.state, f.state));
  if (f.stationId) conds.push(eq(dispatchOrder.stationId, f.stationId));
  const where = and(...conds);
  const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(dispatchOrder).where(where);
  const rows = await ctx.db
    .select()
    .from(dispatchOrder)
    .where(where)
    .orderBy(desc(dispatchOrder.issuedAt), desc(dispatchOrder.id))
    .limit(paging.size)
    .offset((paging.current - 1) * paging.size);
  const names = await userNames(
    ctx,
    rows.flatMap((r) => [r.issuedBy, r.ackBy, r.doneBy]),
  );
  return pageOf(
    rows.map((r) => view(r, names)),
    n,
    paging,
  );
}

async function userNames(ctx: AppContext, ids: (string | null)[]) {
  const list = [...new Set(ids.filter((x): x is string => !!x))];
  if (!list.length) return new Map<string, string>();
  const r = await ctx.db.execute<{ id: string; name: string }>(
    sql`select id::text as id, coalesce(nullif(real_name, ''), name) as name from blade_user where id in (${sql.join(
      list.map((x) => sql`${x}`),
      sql`, `,
    )})`,
  );
  return new Map(r.rows.map((x) => [x.id, x.name]));
}

function view(r: Row, names: Map<string, string>) {
  const deadline = new Date(r.issuedAt.getTime() + r.ackMinutes * 60_000);
  return {
    ...r,
    actionName: ACTIONS[r.action as Action]?.name ?? r.action,
    text: describe(r),
    ackDeadline: deadline,
    issuedByName: names.get(r.issuedBy) ?? null,
    ackByName: r.ackBy ? (names.get(r.ackBy) ?? null) : null,
    doneByName: r.doneBy ? (names.get(r.doneBy) ?? null) : null,
  };
}

export async function orderDetail(ctx: AppContext, tenantId: string, id: string) {
  const o = await orderOf(ctx, tenantId, id);
  const log = await ctx.db
    .select()
    .from(dispatchOrderLog)
    .where(inTenant(dispatchOrderLog, tenantId, eq(dispatchOrderLog.orderId, o.id)))
    .orderBy(dispatchOrderLog.at, dispatchOrderLog.id);
  const names = await userNames(ctx, [o.issuedBy, o.ackBy, o.doneBy]);
  return { ...view(o, names), log };
}
