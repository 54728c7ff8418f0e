/** The older BladeX flow family (`/blade-flow/*`): models, deployments, the ops list, the work lists. */
import type { FastifyInstance } from 'fastify';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds } from '../../core/query.ts';
import { queryAndBody, queryOf } from '../../core/request-params.ts';
import { uploadScope } from '../../core/upload.ts';
import { buttonsOf } from './codes.ts';
import { deployIn } from './deploy.ts';
import { canSee, timeline } from './detail.ts';
import { byMenu } from './grants.ts';
import { list, startList } from './lists.ts';
import { claimTask, completeTask, deleteInstance } from './operations.ts';
import { changeDeploymentStatus, deploymentPage, modelResource, removeDeployments } from './routes-design.ts';
import { anyProcess, deployNamedModel, idOf } from './routes-extra.ts';
import { actorOf } from './routes-process.ts';

export function flowRoutes(app: FastifyInstance, ctx: AppContext) {
  flowDesignRoutes(app, ctx);
  flowUploadRoutes(app, ctx);
  flowWorkRoutes(app, ctx);
}

/** `model/*` and `manager/*`: the models and their deployments */
function flowDesignRoutes(app: FastifyInstance, ctx: AppContext) {
  const F = '/blade-flow';
  app.get(`${F}/model/list`, byMenu('wf_model'), async (req) => modelResource.page(ctx, req, queryOf(req)).then(ok));
  app.post(`${F}/model/remove`, byMenu(buttonsOf('wf_model').delete), async (req) => {
    await modelResource.remove(ctx, req, parseIds(queryAndBody(req).ids));
    return done();
  });
  app.post(`${F}/model/deploy`, byMenu('wf_model_deploy', buttonsOf('wf_model').edit), async (req) => {
    return deployNamedModel(ctx, req, queryAndBody(req), 'category');
  });
  app.get(`${F}/manager/list`, byMenu('wf_deployment'), async (req) =>
    ok(await deploymentPage(ctx, userOf(req).tenantId, queryOf(req))),
  );
  app.post(`${F}/manager/change-state`, byMenu(buttonsOf('wf_deployment').edit), async (req) => {
    const b = queryAndBody(req);
    await changeDeploymentStatus(
      ctx,
      userOf(req).tenantId,
      idOf(b.processId ?? b.id, 'processId'),
      b.state ?? b.status,
    );
    return done();
  });
  app.post(`${F}/manager/delete-deployment`, byMenu(buttonsOf('wf_deployment').delete), async (req) => {
    await removeDeployments(ctx, userOf(req).tenantId, parseIds(queryAndBody(req).deploymentIds, 'deploymentIds'));
    return done();
  });
}

/** `manager/deploy-upload`: BPMN files deployed to the caller's tenant (or, for the platform administrator, others) */
function flowUploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const F = '/blade-flow';
  uploadScope(app, { fileSize: 5 * 1024 * 1024, files: 20, fields: 10 }, (scope) => {
    scope.post(
      `${F}/manager/deploy-upload`,
      byMenu(buttonsOf('wf_deployment').edit, 'wf_model_deploy'),
      async (req) => {
        const user = userOf(req);
        if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传流程文件 (字段 files)');
        const files: { name: string; xml: string }[] = [];
        const fields: Record<string, string> = {};
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            const name = part.filename ?? 'process.bpmn';
            if (!/\.(bpmn|xml|bpmn20\.xml)$/i.test(name)) throw badRequest(`只能上传 .bpmn 或 .xml 流程文件: ${name}`);
            files.push({ name, xml: (await part.toBuffer()).toString('utf8') });
          } else fields[part.fieldname] = String(part.value ?? '');
        }
        if (!files.length) throw badRequest('缺少必要的请求参数: files');
        const categoryId = fields.category ? idOf(fields.category, 'category') : null;
        // a platform administrator may deploy to other tenants; everyone else to their own
        const tenants = (fields.tenantIds ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const targets = tenants.length && user.isAdmin && user.tenantId === '000000' ? tenants : [user.tenantId];
        for (const t of targets) if (!/^\w{1,12}$/.test(t)) throw badRequest(`租户编号无效: ${t}`);
        const out = await ctx.db.transaction(async (tx) => {
          const rows = [];
          for (const tenantId of targets) {
            for (const f of files)
              rows.push(
                await deployIn(tx, {
                  tenantId,
                  xml: f.xml,
                  categoryId,
                  resourceName: f.name,
                  userId: user.userId,
                }),
              );
          }
          return rows;
        });
        return ok(
          out.map((d) => ({
            id: d.id,
            deploymentId: d.deploymentId,
            key: d.processKey,
            version: d.version,
            tenantId: d.tenantId,
          })),
          '部署成功',
        );
      },
    );
  });
}

/** `follow/*`, `work/*`, `process/history-flow-list`: the instances, the work lists and a task's completion */
function flowWorkRoutes(app: FastifyInstance, ctx: AppContext) {
  const F = '/blade-flow';
  app.get(`${F}/follow/list`, byMenu('wf_ops_process'), async (req) => {
    const user = userOf(req);
    if (!user.isAdmin) return ok(await list(ctx, user, 'send', queryOf(req)));
    return ok(await list(ctx, user, 'opsProcess', queryOf(req)));
  });
  app.post(`${F}/follow/delete-process-instance`, byMenu('wf_ops_process'), async (req) => {
    const user = userOf(req);
    if (!user.isAdmin) throw badRequest('只有管理员可以删除流程实例');
    const b = queryAndBody(req);
    await deleteInstance(
      ctx,
      actorOf(user),
      idOf(b.processInstanceId, 'processInstanceId'),
      String(b.deleteReason ?? ''),
    );
    return done();
  });
  app.get(`${F}/work/start-list`, byMenu('wf_start'), async (req) =>
    ok(await startList(ctx, userOf(req), queryOf(req))),
  );
  app.get(`${F}/work/claim-list`, byMenu('wf_claim'), async (req) =>
    ok(await list(ctx, userOf(req), 'claim', queryOf(req))),
  );
  app.get(`${F}/work/todo-list`, byMenu('wf_todo'), async (req) =>
    ok(await list(ctx, userOf(req), 'todo', queryOf(req))),
  );
  app.get(`${F}/work/send-list`, byMenu('wf_send'), async (req) =>
    ok(await list(ctx, userOf(req), 'send', queryOf(req))),
  );
  app.get(`${F}/work/done-list`, byMenu('wf_done', 'wf_mydone'), async (req) =>
    ok(await list(ctx, userOf(req), 'myDone', queryOf(req))),
  );
  app.post(`${F}/work/claim-task`, byMenu('wf_claim', 'wf_todo'), async (req) => {
    await claimTask(ctx, actorOf(userOf(req)), idOf(queryAndBody(req).taskId, 'taskId'));
    return done();
  });
  app.post(`${F}/work/complete-task`, anyProcess, async (req) => {
    const b = queryAndBody(req);
    const flag = b.flag === undefined ? undefined : String(b.flag);
    const pass =
      b.pass !== undefined ? !['false', '0'].includes(String(b.pass)) : flag === undefined ? true : flag === 'ok';
    const variables =
      b.variables && typeof b.variables === 'object' && !Array.isArray(b.variables)
        ? (b.variables as Record<string, unknown>)
        : undefined;
    const comment = b.comment === undefined || b.comment === null ? undefined : String(b.comment).slice(0, 2000);
    await completeTask(ctx, actorOf(userOf(req)), { taskId: idOf(b.taskId, 'taskId'), pass, comment, variables });
    return done();
  });
  app.get(`${F}/process/history-flow-list`, anyProcess, async (req) => {
    const user = userOf(req);
    const id = idOf(queryOf(req).processInstanceId, 'processInstanceId');
    if (!(await canSee(ctx, user, id))) return ok([]);
    return ok(await timeline(ctx, id));
  });
}
