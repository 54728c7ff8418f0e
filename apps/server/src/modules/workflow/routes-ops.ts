/**
 * `/blade-workflow/ops/*`: administrators' operations over every task and instance of their tenant (adminOnly),
 * and `/ops/proxy` (流程代理: a user hands their new tasks to another for a period).
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, forbidden, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { queryOf } from '../../core/request-params.ts';
import { defineResource } from '../../core/resource.ts';
import { parseDateTime } from '../../core/time.ts';
import { command } from './engine.ts';
import { adminOnly } from './grants.ts';
import { need, opBody } from './input.ts';
import { list } from './lists.ts';
import { definitionOf, taskOf } from './of-tenant.ts';
import {
  addMultiInstance,
  changeStatus,
  changeTaskAssignee,
  completeTask,
  copyTask,
  delegateTask,
  deleteInstance,
  deleteMultiInstance,
  dispatchTask,
  rollbackTask,
  terminateProcess,
  transferTask,
  urgeTask,
} from './operations.ts';
import { actorOf } from './routes-process.ts';
import { wfProxy } from './schema.ts';

const O = '/blade-workflow/ops';

const dateTime = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? parseDateTime(v.length === 10 ? `${v} 00:00:00` : v) : v),
    z.date({ error: msg }),
  );

export const proxyResource = defineResource({
  code: 'wf_proxy',
  base: `${O}/proxy`,
  table: wfProxy,
  input: {
    userId: z.string({ error: '请选择委托人' }).regex(/^\d{1,19}$/, '请选择委托人'),
    proxyUserId: z.string({ error: '请选择代理人' }).regex(/^\d{1,19}$/, '请选择代理人'),
    processDefKey: z.string().max(64).nullish(),
    startTime: dateTime('请选择开始时间'),
    endTime: dateTime('请选择结束时间'),
    remark: z.string().max(255).nullish(),
    status: z.coerce.number().int().min(0).max(1).optional(),
  },
  grant: { read: 'admin', submit: 'admin', remove: 'admin' },
  hooks: {
    beforeSave(data) {
      if (data.userId === data.proxyUserId) throw badRequest('代理人不能是委托人本人');
      if (data.startTime && data.endTime && data.startTime >= data.endTime) throw badRequest('结束时间须晚于开始时间');
    },
  },
});

/** The ops family is the administrators' (also checked here, not only by the route grant). */
function admin(req: FastifyRequest) {
  const user = userOf(req);
  if (!user.isAdmin) throw forbidden();
  return user;
}

export function opsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${O}/list`, adminOnly, async (req) => ok(await list(ctx, admin(req), 'opsTasks', queryOf(req))));
  app.get(`${O}/processList`, adminOnly, async (req) => ok(await list(ctx, admin(req), 'opsProcess', queryOf(req))));
  app.get(`${O}/doneList`, adminOnly, async (req) => ok(await list(ctx, admin(req), 'opsDone', queryOf(req))));
  app.get(`${O}/processNodes`, adminOnly, async (req) => {
    const user = admin(req);
    const b = opBody(req);
    const { processDefinitionId } = queryOf(req) as { processDefinitionId?: string };
    let defId = processDefinitionId;
    if (!defId) {
      let instanceId = b.processInstanceId;
      if (!instanceId && b.taskId) {
        instanceId = (await taskOf(ctx.db, user.tenantId, b.taskId))?.instanceId;
      }
      need(instanceId, 'processInstanceId');
      defId = await command(ctx, instanceId!, actorOf(user), async (c) => c.def.id);
    }
    const d = await definitionOf(ctx.db, user.tenantId, defId!);
    if (!d) return ok([]);
    return ok(
      Object.values(d.graph.nodes)
        .filter((n) => n.type === 'userTask')
        .map((n) => ({ nodeId: n.id, nodeName: n.name ?? n.id, isMultiInstance: Boolean(n.mi) })),
    );
  });

  const act = (
    path: string,
    fn: (b: ReturnType<typeof opBody>, actor: ReturnType<typeof actorOf>) => Promise<unknown>,
  ) =>
    app.post(`${O}/${path}`, adminOnly, async (req) => {
      await fn(opBody(req), actorOf(admin(req)));
      return done();
    });
  act('completeTask', (b, a) => completeTask(ctx, a, { ...b, taskId: need(b.taskId, 'taskId') }, true));
  act('changeTaskStatus', (b, a) => {
    if (!b.taskId) need(b.processInstanceId, 'processInstanceId');
    return changeStatus(ctx, a, b);
  });
  act('changeTaskAssignee', (b, a) =>
    changeTaskAssignee(
      ctx,
      a,
      b.taskIds?.length ? b.taskIds : [need(b.taskId, 'taskId')],
      need(b.assignee, 'assignee')[0],
    ),
  );
  act('transferTask', (b, a) => transferTask(ctx, a, { ...b, taskId: need(b.taskId, 'taskId') }, true));
  act('delegateTask', (b, a) => delegateTask(ctx, a, { ...b, taskId: need(b.taskId, 'taskId') }, true));
  act('copyTask', (b, a) => {
    if (!b.taskId) need(b.processInstanceId, 'processInstanceId');
    return copyTask(ctx, a, b);
  });
  act('urgeTask', async (b, a) => {
    const ids = b.processInstanceIds?.length ? b.processInstanceIds : undefined;
    if (ids) for (const id of ids) await urgeTask(ctx, a, { processInstanceId: id, comment: b.comment });
    else {
      if (!b.taskId) need(b.processInstanceId, 'processInstanceId');
      await urgeTask(ctx, a, b);
    }
  });
  act('terminateProcess', (b, a) => {
    if (!b.taskId) need(b.processInstanceId, 'processInstanceId');
    return terminateProcess(ctx, a, b, true);
  });
  act('rollbackTask', (b, a) => rollbackTask(ctx, a, { ...b, taskId: need(b.taskId, 'taskId') }, true));
  act('dispatchTask', (b, a) => {
    if (!b.taskId) need(b.processInstanceId, 'processInstanceId');
    return dispatchTask(ctx, a, b);
  });
  act('addMultiInstance', (b, a) => addMultiInstance(ctx, a, { ...b, taskId: need(b.taskId, 'taskId') }, true));
  act('deleteMultiInstance', (b, a) => {
    if (!b.taskId) need(b.executionId, 'executionId');
    return deleteMultiInstance(ctx, a, b);
  });
  act('deleteProcess', async (b, a) => {
    const ids = b.processInstanceIds?.length ? b.processInstanceIds : [need(b.processInstanceId, 'processInstanceId')];
    for (const id of ids) await deleteInstance(ctx, a, id, b.deleteReason ?? b.comment ?? '');
  });
  proxyResource.routes(app, ctx);
}
