import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { queryAndBody } from '../../core/request-params.ts';
import { requiredText } from '../../core/required-text.ts';
import { defineResource } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import { parseDateTime } from '../../core/time.ts';
import { PROCESS_MENUS } from './codes.ts';
import { deployModel } from './design-deploy.ts';
import { canSee, timeline } from './detail.ts';
import { startInstance } from './engine.ts';
import { byMenu } from './grants.ts';
import { wfDraft, wfInstance, wfLeave } from './schema.ts';

export const anyProcess = byMenu(...PROCESS_MENUS);
export const idOf = (v: unknown, name = 'id') => {
  const s = v === undefined || v === null ? '' : String(v);
  if (!/^\d{1,19}$/.test(s)) throw badRequest(`缺少必要的请求参数: ${name}`);
  return s;
};

/**
 * `model/deploy` of both dialects: deploys the model named by `modelId` (or `id`) into the category sent under
 * `categoryField` (saber `categoryId`, flow `category`), answering with the new definition.
 */
export async function deployNamedModel(
  ctx: AppContext,
  req: FastifyRequest,
  b: Record<string, unknown>,
  categoryField: 'categoryId' | 'category',
) {
  const user = userOf(req);
  const def = await deployModel(
    ctx,
    user.tenantId,
    idOf(b.modelId ?? b.id, 'modelId'),
    user.userId,
    b[categoryField] ? idOf(b[categoryField], categoryField) : undefined,
  );
  return ok({ id: def.id, deploymentId: def.deploymentId, key: def.processKey, version: def.version }, '部署成功');
}

// ---- leave ----

const dateTime = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (parseDateTime(v.length === 10 ? `${v} 00:00:00` : v) ?? v) : v),
    z.date({ error: msg }),
  );
const leaveSchema = z.object({
  leaveType: z.coerce.number().int().min(1, '请选择请假类型').max(9, '请选择请假类型').optional(),
  startTime: dateTime('请选择开始时间'),
  endTime: dateTime('请选择结束时间'),
  days: z.coerce.number().int().min(1, '请假天数至少 1 天').max(365, '请假天数不能超过 365 天').optional(),
  reason: requiredText('请输入请假理由', 500, '请假理由最长 500 字'),
  taskUser: z
    .string()
    .regex(/^\d{1,19}$/, '审批人无效')
    .optional(),
  copyUser: z.preprocess(
    (v) =>
      v === undefined || v === null || v === '' ? undefined : (Array.isArray(v) ? v : String(v).split(',')).map(String),
    z.array(z.string().regex(/^\d{1,19}$/, '抄送人无效')).optional(),
  ),
});

/** Starts a leave: the 请假 process with the form's values; its start submits the starter's 提交请假 step. */
export async function startLeave(ctx: AppContext, req: FastifyRequest) {
  const user = userOf(req);
  const b = parseInputFirst(leaveSchema, queryAndBody(req));
  if (b.endTime <= b.startTime) throw badRequest('结束时间须晚于开始时间');
  const days = b.days ?? Math.max(1, Math.ceil((b.endTime.getTime() - b.startTime.getTime()) / 86_400_000));
  let leaveId = '';
  const started = await startInstance(ctx, {
    tenantId: user.tenantId,
    processKey: 'leave',
    starterUserId: user.userId,
    variables: {
      leaveType: String(b.leaveType ?? 1),
      days,
      reason: b.reason,
      startTime: b.startTime,
      endTime: b.endTime,
    },
    title: `${user.realName || user.userName}的请假（${days}天）`,
    copyUser: b.copyUser,
    // the process submits 提交请假 on start (flowable:skipFirstNode); the chosen approver takes the next task
    assignee: b.taskUser ? [b.taskUser] : undefined,
    within: async (tx, instanceId) => {
      const [row] = await tx
        .insert(wfLeave)
        .values({
          tenantId: user.tenantId,
          processInstanceId: instanceId,
          leaveType: b.leaveType ?? 1,
          startTime: b.startTime,
          endTime: b.endTime,
          days,
          reason: b.reason,
          taskUser: b.taskUser ?? null,
          createUser: user.userId,
          createDept: user.deptId || null,
          updateUser: user.userId,
        })
        .returning({ id: wfLeave.id });
      leaveId = row.id;
    },
  });
  return { id: leaveId, processInstanceId: started.id };
}

export const leaveResource = defineResource({
  code: 'wf_leave',
  base: '/blade-workflow/process/leave',
  table: wfLeave,
  input: {},
  grant: { read: [...PROCESS_MENUS], submit: [...PROCESS_MENUS], remove: [...PROCESS_MENUS] },
  routes: ['list', 'detail', 'remove'],
  dataScope: false,
  hooks: {
    // a person's own leave requests (the administrator sees the tenant's)
    where: (_q, req) => (req.user?.isAdmin ? undefined : eq(wfLeave.createUser, req.user?.userId ?? '0')),
    async beforeRemove(rows, h) {
      for (const r of rows) {
        if (!h.req.user?.isAdmin && r.createUser !== h.req.user?.userId) throw badRequest('只能删除自己的请假');
        if (r.processInstanceId) {
          const [i] = await h.tx
            .select({ s: wfInstance.state })
            .from(wfInstance)
            .where(eq(wfInstance.id, r.processInstanceId));
          if (i && (i.s === 'running' || i.s === 'suspended')) throw badRequest('请假流程还在审批中，请先撤回');
        }
      }
    },
  },
});

export const draftResource = defineResource({
  code: 'wf_draft',
  base: '/blade-workflow/process/draft',
  table: wfDraft,
  input: {
    processDefId: z
      .string()
      .regex(/^\d{1,19}$/, '流程定义无效')
      .nullish(),
    processKey: z.string().max(64).nullish(),
    taskId: z
      .string()
      .regex(/^\d{1,19}$/, '任务无效')
      .nullish(),
    title: z.string().max(255).nullish(),
    variables: z.record(z.string(), z.unknown()).optional(),
  },
  grant: { read: [...PROCESS_MENUS], submit: [...PROCESS_MENUS], remove: [...PROCESS_MENUS] },
  dataScope: false,
  hooks: {
    where: (_q, req) => eq(wfDraft.userId, req.user?.userId ?? '0'),
    beforeSave(data, h) {
      if (!h.isNew && h.existing && h.existing.userId !== h.req.user?.userId) throw badRequest('只能修改自己的草稿');
      data.userId = h.req.user?.userId;
      if (!data.processDefId && !data.processKey && !data.taskId) throw badRequest('缺少必要的请求参数: processDefId');
      if (data.variables && JSON.stringify(data.variables).length > 200_000) throw badRequest('草稿过大');
    },
  },
});

export function leaveRoutes(app: FastifyInstance, ctx: AppContext) {
  leaveResource.routes(app, ctx);
  draftResource.routes(app, ctx);
  app.post('/blade-workflow/process/leave/submit', anyProcess, async (req) => ok(await startLeave(ctx, req)));
  app.post('/blade-desk/process/leave/start-process', anyProcess, async (req) => ok(await startLeave(ctx, req)));
  app.get('/blade-desk/process/leave/detail', anyProcess, async (req) => {
    const user = userOf(req);
    const q = queryAndBody(req);
    const cond = q.processInstanceId
      ? eq(wfLeave.processInstanceId, idOf(q.processInstanceId, 'processInstanceId'))
      : eq(wfLeave.id, idOf(q.businessId ?? q.id, 'businessId'));
    const [row] = await ctx.db
      .select()
      .from(wfLeave)
      .where(liveInTenant(wfLeave, user.tenantId, cond));
    if (!row) return ok(null);
    if (row.processInstanceId && !(await canSee(ctx, user, row.processInstanceId))) return ok(null);
    const flow = row.processInstanceId ? await timeline(ctx, row.processInstanceId) : [];
    return ok({ ...row, flow });
  });
}
