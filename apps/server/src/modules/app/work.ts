/**
 * *Today* and the work a phone does on it besides check-ins: one list of my patrol tasks, my sampling tasks and my
 * repair orders (爆管抢修 and 调度指令 steps assigned to me or waiting for my claim); starting and finishing a patrol
 * task from the outbox (a resend of a queued start or finish answers `duplicate: true`, never an error); and a
 * sampling task done in the street (marked sampled, or with results measured on site).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../core/envelope.ts';
import { byMenu, signedIn, userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { finishTask, myTasks, startTask, taskDetail } from '../patrol/index.ts';
import { markSampled, mySamplingTasks } from '../quality/index.ts';
import { myProcessTasks } from '../workflow/index.ts';
import { B, CLIENT_ID_RE, tenantOf } from './common.ts';

/** The processes whose steps a field crew works on the phone. */
export const REPAIR_PROCESSES = ['burst_repair', 'dispatch_order'];

const id = (name: string) =>
  z.string({ error: `缺少必要的请求参数: ${name}` }).regex(/^\d{1,20}$/, `${name} 格式不正确`);
const clientId = z.string({ error: '缺少客户端编号 clientId' }).regex(CLIENT_ID_RE, '客户端编号格式不正确');

const SAMPLED_BODY = z.object({
  id: id('id'),
  clientId,
  sampleCode: z
    .string({ error: '请输入样品编号' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, '样品编号应为 1 到 32 位字母、数字、- 或 _'),
  sampledAt: z.coerce.date({ error: '采样时间不是有效时间' }).optional(),
  results: z
    .array(
      z.object({
        indicatorCode: z.string({ error: '请选择检测指标' }).trim().min(1, '请选择检测指标').max(32),
        value: z.coerce.number({ error: '检测值必须是数字' }).finite('检测值必须是数字').min(0, '检测值不能为负'),
        unit: z.string().trim().max(16).optional(),
      }),
    )
    .max(50, '检测指标过多')
    .default([]),
});

export function workRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${B}/work/today`, signedIn, async (req) => {
    const tenantId = tenantOf(req);
    const me = userOf(req).userId;
    const [patrol, sampling, repairs] = await Promise.all([
      myTasks(ctx, tenantId, me),
      mySamplingTasks(ctx, tenantId, me),
      myProcessTasks(ctx, tenantId, me, REPAIR_PROCESSES),
    ]);
    return ok({ patrol, sampling, repairs });
  });

  const startFinish = z.object({ id: id('id'), clientId });

  app.post(`${B}/task/start`, byMenu('patrol_task_check'), async (req) => {
    const b = parseInputFirst(startFinish, req.body);
    const tenantId = tenantOf(req);
    await startTask(ctx, userOf(req), tenantId, b.id);
    return ok({ duplicate: false, task: await taskDetail(ctx, tenantId, b.id) });
  });

  app.post(`${B}/task/finish`, byMenu('patrol_task_check'), async (req) => {
    const b = parseInputFirst(startFinish, req.body);
    const tenantId = tenantOf(req);
    const r = await finishTask(ctx, userOf(req), tenantId, b.id, true);
    return ok({ ...r, task: await taskDetail(ctx, tenantId, b.id) });
  });

  app.post(`${B}/sampling/done`, signedIn, async (req) => {
    const b = parseInputFirst(SAMPLED_BODY, req.body);
    const r = await markSampled(ctx, tenantOf(req), userOf(req).userId, b.id, {
      sampleCode: b.sampleCode,
      sampledAt: b.sampledAt ?? new Date(),
      results: b.results,
    });
    return ok(r);
  });
}
