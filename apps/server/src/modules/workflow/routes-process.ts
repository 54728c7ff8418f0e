/**
 * `/blade-workflow/process/*`: the signed-in person's lists, the detail, and the task operations (BX bodies:
 * taskId, processInstanceId, pass, comment, copyUser, assignee, variables, nodeId, withdrawType).
 */

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { done, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { queryOf } from '../../core/request-params.ts';
import { PROCESS_MENUS } from './codes.ts';
import { canSee, formOf, processDetail } from './detail.ts';
import { type Actor, findDefinition } from './engine.ts';
import { byMenu } from './grants.ts';
import { need, opBody } from './input.ts';
import { list, nextFor, startList } from './lists.ts';
import {
  addMultiInstance,
  claimTask,
  completeTask,
  delegateTask,
  getBackNodes,
  rollbackTask,
  terminateProcess,
  transferTask,
  urgeTask,
  withdrawTask,
} from './operations.ts';
import { correlateMessage } from './service-task.ts';
import { startFromRequest } from './start.ts';

const P = '/blade-workflow/process';
const correlateSchema = z.object({
  messageName: z
    .string({ error: '缺少必要的请求参数: messageName' })
    .trim()
    .min(1, '缺少必要的请求参数: messageName')
    .max(128),
  processInstanceId: z
    .string()
    .regex(/^\d{1,19}$/, '参数校验失败: processInstanceId 应为编号')
    .optional(),
  businessKey: z.string().max(128).optional(),
  variables: z.record(z.string(), z.unknown()).optional(),
});
const anyProcess = byMenu(...PROCESS_MENUS);

export const actorOf = (u: { userId: string; tenantId: string; isAdmin: boolean }): Actor => ({
  userId: u.userId,
  tenantId: u.tenantId,
  isAdmin: u.isAdmin,
});

export function processRoutes(app: FastifyInstance, ctx: AppContext) {
  processListRoutes(app, ctx);
  processFormRoutes(app, ctx);
  processActionRoutes(app, ctx);
}

/** The work lists: startable processes, todo, claim, sent, done, my done, copies. */
function processListRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${P}/processList`, byMenu('wf_start'), async (req) => ok(await startList(ctx, userOf(req), queryOf(req))));
  app.get(`${P}/todoList`, byMenu('wf_todo'), async (req) => ok(await list(ctx, userOf(req), 'todo', queryOf(req))));
  app.get(`${P}/claimList`, byMenu('wf_claim'), async (req) => ok(await list(ctx, userOf(req), 'claim', queryOf(req))));
  app.get(`${P}/sendList`, byMenu('wf_send'), async (req) => ok(await list(ctx, userOf(req), 'send', queryOf(req))));
  app.get(`${P}/doneList`, byMenu('wf_done'), async (req) => ok(await list(ctx, userOf(req), 'done', queryOf(req))));
  app.get(`${P}/myDoneList`, byMenu('wf_mydone'), async (req) =>
    ok(await list(ctx, userOf(req), 'myDone', queryOf(req))),
  );
  app.get(`${P}/copyList`, byMenu('wf_copy'), async (req) => ok(await list(ctx, userOf(req), 'copy', queryOf(req))));
}

/** An instance's detail, its back nodes, and the forms of a process. */
function processFormRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${P}/detail`, anyProcess, async (req) => {
    const b = opBody(req);
    return ok(await processDetail(ctx, userOf(req), { taskId: b.taskId, processInsId: b.processInstanceId }));
  });
  app.get(`${P}/getBackNodes`, anyProcess, async (req) =>
    ok(await getBackNodes(ctx, actorOf(userOf(req)), need(opBody(req).taskId, 'taskId'))),
  );
  app.get(`${P}/getFormByProcessId`, anyProcess, async (req) => {
    const user = userOf(req);
    const { processId } = queryOf(req) as { processId?: string };
    const def = await findDefinition(ctx.db, user.tenantId, need(processId, 'processId'));
    if (!def) return ok(null);
    return ok({
      process: definitionView(def),
      form: await formOf(ctx, user.tenantId, def.formKey),
      startForm: await formOf(ctx, user.tenantId, def.formKey),
    });
  });
  app.get(`${P}/getFormByProcessDefKey`, anyProcess, async (req) => {
    const user = userOf(req);
    const { processDefKey } = queryOf(req) as { processDefKey?: string };
    const def = await findDefinition(ctx.db, user.tenantId, undefined, need(processDefKey, 'processDefKey'));
    if (!def) return ok(null);
    return ok({
      process: definitionView(def),
      form: await formOf(ctx, user.tenantId, def.formKey),
      startForm: await formOf(ctx, user.tenantId, def.formKey),
    });
  });
}

/** Start, and the task and instance operations. */
function processActionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(`${P}/startProcess`, byMenu('wf_start'), async (req) => ok(await startFromRequest(ctx, req)));
  app.post(`${P}/completeTask`, anyProcess, async (req) => {
    const b = opBody(req);
    const user = userOf(req);
    need(b.taskId, 'taskId');
    // the caller's draft of this task goes with the completion, in its transaction
    const r = await completeTask(ctx, actorOf(user), b);
    return ok(await nextFor(ctx, user.userId, r.instanceId), r.result === 'resolved' ? '委托任务已处理' : undefined);
  });
  app.post(`${P}/transferTask`, anyProcess, async (req) => {
    await transferTask(ctx, actorOf(userOf(req)), opBody(req));
    return done();
  });
  app.post(`${P}/delegateTask`, anyProcess, async (req) => {
    await delegateTask(ctx, actorOf(userOf(req)), opBody(req));
    return done();
  });
  app.post(`${P}/claimTask`, anyProcess, async (req) => {
    const b = opBody(req);
    await claimTask(ctx, actorOf(userOf(req)), need(b.taskId, 'taskId'));
    return done();
  });
  app.post(`${P}/rollbackTask`, anyProcess, async (req) => {
    const b = opBody(req);
    need(b.taskId, 'taskId');
    await rollbackTask(ctx, actorOf(userOf(req)), b);
    return done();
  });
  app.post(`${P}/terminateProcess`, anyProcess, async (req) => {
    const b = opBody(req);
    if (!b.taskId) need(b.processInstanceId, 'processInstanceId');
    await terminateProcess(ctx, actorOf(userOf(req)), b);
    return done();
  });
  app.post(`${P}/withdrawTask`, anyProcess, async (req) => {
    const b = opBody(req);
    if (!b.taskId) need(b.processInstanceId, 'processInstanceId');
    const r = await withdrawTask(ctx, actorOf(userOf(req)), b);
    return done(r === 'recall' ? '已撤回到发起节点' : '流程已撤销');
  });
  // the starter's urge from 已发事务 (ops urge is /blade-workflow/ops/urgeTask): rate-limited per instance
  app.post(`${P}/urgeTask`, byMenu('wf_send'), async (req) => {
    const b = opBody(req);
    const n = await urgeTask(
      ctx,
      actorOf(userOf(req)),
      { processInstanceId: need(b.processInstanceId, 'processInstanceId'), comment: b.comment },
      true,
    );
    return done(n ? `已催办 ${n} 人` : '当前节点尚无办理人，已记录催办');
  });
  // a message for the tokens waiting at intermediate message catch events (integrations; the ops screens' people)
  app.post('/blade-flow/message/correlate', byMenu('wf_ops_process', 'wf_ops_list'), async (req) => {
    const n = await correlateMessage(ctx, actorOf(userOf(req)), parseInputFirst(correlateSchema, req.body));
    return ok({ correlated: n }, `消息已送达 ${n} 个等待节点`);
  });
  app.post(`${P}/addMultiInstance`, anyProcess, async (req) => {
    const b = opBody(req);
    need(b.taskId, 'taskId');
    await addMultiInstance(ctx, actorOf(userOf(req)), b);
    return done();
  });
}

export function definitionView(def: {
  id: string;
  processKey: string;
  name: string;
  version: number;
  categoryId: string | null;
  deploymentId: string;
  formKey: string | null;
  description: string | null;
  icon: string | null;
  status: number;
  xml: string;
}) {
  return {
    id: def.id,
    key: def.processKey,
    name: def.name,
    version: def.version,
    category: def.categoryId,
    deploymentId: def.deploymentId,
    formKey: def.formKey,
    description: def.description,
    icon: def.icon,
    status: def.status,
    xml: def.xml,
  };
}

export { canSee };
