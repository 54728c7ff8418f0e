/**
 * *Repairs* on the phone: one of my open repair steps (爆管抢修 or 调度指令) with the process's steps and where it
 * stands, the burst's valves in closing order (the shutValue page's list: the valves to close nearest first, then
 * the backups of those that cannot be operated) checked off one by one, and the step completed as a form with
 * photos before and after the work (uploaded through `POST /swp-app/photo`, so checked, size-limited and stripped
 * of EXIF like a hazard's). A queued completion sent twice answers `duplicate: true`.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, badRequest, ok } from '../../core/envelope.ts';
import { signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { inTenant } from '../../core/scoped.ts';
import { burstEventDetail, markValve, valveList } from '../gis/index.ts';
import { completeNodeTask, type MyProcessTask, myProcessTask, taskOutcome } from '../workflow/index.ts';
import { B, CLIENT_ID_RE, tenantOf } from './common.ts';
import { appAction } from './schema.ts';
import { REPAIR_PROCESSES } from './work.ts';

export const REPAIR_MSG = {
  notYours: '只能办理分派给自己的抢修任务',
  noEvent: '该任务没有关联的爆管事件',
  photos: '现场抢修请拍摄抢修前和抢修后的照片',
  done: '任务已被他人处理',
  photo: '照片地址不正确',
  clientReused: '客户端编号已用于另一次关阀登记，请重新生成后再提交',
} as const;

const taskId = z.string({ error: '缺少必要的请求参数: taskId' }).regex(/^\d{1,20}$/, 'taskId 格式不正确');
const photoList = z
  .array(z.string().refine((u) => /^\/api\/swp-app\/photo\/\d{1,20}$/.test(u), REPAIR_MSG.photo))
  .max(9, '最多上传 9 张照片')
  .default([]);

/** The step where the crew works on site: before and after photos are required there. */
const ON_SITE = new Set(['burst_repair:repair']);

async function mine(ctx: AppContext, tenantId: string, userId: string, id: string): Promise<MyProcessTask> {
  const t = await myProcessTask(ctx, tenantId, userId, id);
  if (!t || !REPAIR_PROCESSES.includes(t.processKey)) throw badRequest(REPAIR_MSG.notYours);
  return t;
}

const eventOf = (t: MyProcessTask) => (typeof t.vars.eventId === 'string' ? t.vars.eventId : null);

/**
 * A valve tick sent from the outbox under a client id: the first claims the id and marks the valve; a resend answers
 * `duplicate: true` with the list as it stands; an id reused for another tick is refused.
 */
async function valveFromOutbox(
  ctx: AppContext,
  tenantId: string,
  me: string,
  eventId: string,
  b: { valveGid: number; closed: boolean; clientId: string },
  ref: string,
) {
  const claimed = await ctx.db
    .insert(appAction)
    .values({ tenantId, clientId: b.clientId, userId: me, kind: 'valve', ref })
    .onConflictDoNothing()
    .returning({ id: appAction.id });
  if (!claimed.length) {
    const [first] = await ctx.db
      .select({ ref: appAction.ref })
      .from(appAction)
      .where(inTenant(appAction, tenantId, eq(appAction.clientId, b.clientId)));
    if (first && first.ref !== ref) throw new ApiError(409, 409, REPAIR_MSG.clientReused);
    const ev = await burstEventDetail(ctx.db, tenantId, eventId);
    return ok({
      duplicate: true,
      eventStatus: ev?.eventStatus,
      valves: await valveList(ctx.db, tenantId, eventId),
    });
  }
  try {
    const r = await markValve(ctx.db, tenantId, eventId, b.valveGid, b.closed, me);
    return ok({ ...r, duplicate: false, valves: await valveList(ctx.db, tenantId, eventId) });
  } catch (e) {
    // refused (no such valve, a voided event): the client id is free again, nothing was done
    await ctx.db.delete(appAction).where(inTenant(appAction, tenantId, eq(appAction.clientId, b.clientId)));
    throw e;
  }
}

export function repairRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${B}/repair/detail`, signedIn, async (req) => {
    const q = parseInputFirst(z.object({ taskId }), req.query);
    const tenantId = tenantOf(req);
    const t = await mine(ctx, tenantId, userOf(req).userId, q.taskId);
    const eventId = eventOf(t);
    const ev = eventId ? await burstEventDetail(ctx.db, tenantId, eventId) : null;
    const valves = ev ? await valveList(ctx.db, tenantId, ev.id) : [];
    return ok({
      task: t,
      onSite: ON_SITE.has(`${t.processKey}:${t.taskDefKey}`),
      event: ev && {
        id: ev.id,
        code: ev.code,
        title: ev.title,
        address: ev.address,
        eventStatus: ev.eventStatus,
        valveCount: ev.valveCount,
      },
      valves,
    });
  });

  // a valve checked off; from the outbox with a client id: a resend (a lost reply, a second pass) answers
  // `duplicate: true` with the list as it stands and marks nothing again, so an older tick never undoes a later untick
  app.post(`${B}/repair/valve`, signedIn, async (req) => {
    const b = parseInputFirst(
      z.object({
        taskId,
        valveGid: z.coerce.number({ error: '缺少阀门编号 valveGid' }).int(),
        closed: z.boolean({ error: '缺少关阀状态 closed' }),
        clientId: z.string().regex(CLIENT_ID_RE, '客户端编号格式不正确').optional(),
      }),
      req.body,
    );
    const tenantId = tenantOf(req);
    const me = userOf(req).userId;
    const eventId = eventOf(await mine(ctx, tenantId, me, b.taskId));
    if (!eventId) throw badRequest(REPAIR_MSG.noEvent);
    const ref = `${b.taskId}:${b.valveGid}:${b.closed ? 1 : 0}`;
    if (b.clientId) return valveFromOutbox(ctx, tenantId, me, eventId, { ...b, clientId: b.clientId }, ref);
    const r = await markValve(ctx.db, tenantId, eventId, b.valveGid, b.closed, me);
    return ok({ ...r, duplicate: false, valves: await valveList(ctx.db, tenantId, eventId) });
  });

  app.post(`${B}/repair/complete`, signedIn, async (req) => {
    const b = parseInputFirst(
      z.object({
        taskId,
        clientId: z.string({ error: '缺少客户端编号 clientId' }).regex(CLIENT_ID_RE, '客户端编号格式不正确'),
        note: z.string().trim().max(500, '处理说明不能超过 500 个字符').default(''),
        photosBefore: photoList,
        photosAfter: photoList,
      }),
      req.body,
    );
    const tenantId = tenantOf(req);
    const u = userOf(req);
    const t = await myProcessTask(ctx, tenantId, u.userId, b.taskId);
    if (!t) {
      // a resend of a completion that went through: the same answer, nothing done twice
      const out = await taskOutcome(ctx, tenantId, b.taskId);
      if (out?.endTime && out.finishedBy === u.userId) return ok({ duplicate: true });
      if (out?.endTime) throw new ApiError(409, 409, REPAIR_MSG.done);
      throw badRequest(REPAIR_MSG.notYours);
    }
    if (!REPAIR_PROCESSES.includes(t.processKey)) throw badRequest(REPAIR_MSG.notYours);
    if (ON_SITE.has(`${t.processKey}:${t.taskDefKey}`) && (!b.photosBefore.length || !b.photosAfter.length))
      throw badRequest(REPAIR_MSG.photos);
    await completeNodeTask(
      ctx,
      { userId: u.userId, tenantId },
      {
        processInstanceId: t.instanceId,
        taskDefKey: t.taskDefKey,
        comment: b.note,
        variables: {
          [`${t.taskDefKey}Note`]: b.note,
          [`${t.taskDefKey}PhotosBefore`]: b.photosBefore.join(','),
          [`${t.taskDefKey}PhotosAfter`]: b.photosAfter.join(','),
        },
      },
    );
    return ok({ duplicate: false });
  });
}
