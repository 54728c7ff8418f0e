/**
 * `/blade-workflow/design/*`: categories (tree), models with version history (set main version swaps), deploy,
 * deployments (list, remove, change status and category), forms with version history, conditions, buttons,
 * form default values and model scopes. Saving a model or form whose content changed keeps the old content as a
 * history row and bumps the version.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds } from '../../core/query.ts';
import { queryAndBody, queryOf } from '../../core/request-params.ts';
import type { Row } from '../../core/resource.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { ALL_MENUS, buttonsOf } from './codes.ts';
import {
  changeDeploymentStatus,
  deploymentPage,
  removeDeployments,
  setMainForm,
  setMainModel,
} from './design-deploy.ts';
import {
  buttonResource,
  categoryResource,
  conditionResource,
  D,
  formDefaultResource,
  formHistoryResource,
  formResource,
  modelHistoryResource,
  modelResource,
  modelScopeResource,
} from './design-resources.ts';
import { byMenu } from './grants.ts';
import { deployNamedModel, idOf } from './routes-extra.ts';
import { wfCategory, wfCondition, wfDefinition, wfForm, wfFormDefault, wfModel } from './schema.ts';

export { changeDeploymentStatus, deployModel, deploymentPage, removeDeployments } from './design-deploy.ts';
export { modelResource } from './design-resources.ts';

async function categoryTree(ctx: AppContext, tenantId: string, withConditions: boolean) {
  const cats = await ctx.db
    .select()
    .from(wfCategory)
    .where(liveInTenant(wfCategory, tenantId))
    .orderBy(asc(wfCategory.sort), asc(wfCategory.id));
  const conds = withConditions
    ? await ctx.db.select().from(wfCondition).where(liveInTenant(wfCondition, tenantId))
    : [];
  const node = (c: Row): Row => {
    const kids = [
      ...cats.filter((x) => x.parentId === c.id).map(node),
      ...conds
        .filter((x) => x.categoryId === c.id)
        .map((x) => ({
          id: x.id,
          parentId: c.id,
          title: x.name,
          value: x.expression,
          key: x.id,
          isCondition: true,
          expression: x.expression,
        })),
    ];
    return {
      id: c.id,
      parentId: c.parentId,
      title: c.name,
      value: c.id,
      key: c.id,
      hasChildren: kids.length > 0,
      ...(kids.length ? { children: kids } : {}),
    };
  };
  return cats.filter((c) => c.parentId === '0' || !cats.some((x) => x.id === c.parentId)).map(node);
}

export function designRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const r of [
    categoryResource,
    modelResource,
    modelHistoryResource,
    formResource,
    formHistoryResource,
    conditionResource,
    buttonResource,
    formDefaultResource,
    modelScopeResource,
  ])
    r.routes(app, ctx);
  designTreeRoutes(app, ctx);
  designModelRoutes(app, ctx);
  designDeploymentRoutes(app, ctx);
}

const tenant = (req: FastifyRequest) => userOf(req).tenantId;

/** the category trees the list screens show (with conditions for the condition screens), form default values */
function designTreeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${D}/category/listType`, byMenu(...ALL_MENUS), async (req) =>
    ok(await categoryTree(ctx, tenant(req), false)),
  );
  app.get(`${D}/category/allTree`, byMenu(...ALL_MENUS), async (req) =>
    ok(await categoryTree(ctx, tenant(req), false)),
  );
  app.get(`${D}/condition/listType`, byMenu('wf_condition', 'wf_model'), async (req) =>
    ok(await categoryTree(ctx, tenant(req), false)),
  );
  app.get(`${D}/condition/tree`, byMenu('wf_condition', 'wf_model'), async (req) =>
    ok(await categoryTree(ctx, tenant(req), true)),
  );
  app.get(`${D}/condition/allTree`, byMenu('wf_condition', 'wf_model'), async (req) =>
    ok(await categoryTree(ctx, tenant(req), true)),
  );
  app.get(`${D}/form/listType`, byMenu('wf_form', 'wf_model'), async (req) =>
    ok(await categoryTree(ctx, tenant(req), false)),
  );
  app.get(`${D}/form/default-values/listType`, byMenu('wf_form', 'wf_model'), async (req) => {
    const rows = await ctx.db
      .select()
      .from(wfFormDefault)
      .where(liveInTenant(wfFormDefault, tenant(req)));
    const types = [...new Set(rows.map((r) => r.fieldType))];
    return ok(types.map((t) => ({ fieldType: t, children: rows.filter((r) => r.fieldType === t) })));
  });
}

/** a model's or form's category, a model's icon, deploy, set main version */
function designModelRoutes(app: FastifyInstance, ctx: AppContext) {
  const changeCategory = (table: typeof wfModel | typeof wfForm, label: string) => async (req: FastifyRequest) => {
    const b = queryAndBody(req);
    const id = idOf(b.id ?? b.modelId ?? b.formId);
    const categoryId = idOf(b.categoryId ?? b.category, 'categoryId');
    const r = await ctx.db
      .update(table)
      .set({ categoryId, updateTime: new Date(), updateUser: userOf(req).userId })
      .where(liveInTenant(table, tenant(req), eq(table.id, id)))
      .returning({ id: table.id });
    if (!r.length) throw badRequest(`${label}不存在`);
    return done();
  };
  app.post(`${D}/model/changeCategory`, byMenu(buttonsOf('wf_model').edit), changeCategory(wfModel, '模型'));
  app.post(`${D}/form/changeCategory`, byMenu(buttonsOf('wf_form').edit), changeCategory(wfForm, '表单'));
  app.post(`${D}/model/changeIcon`, byMenu(buttonsOf('wf_model').edit), async (req) => {
    const b = queryAndBody(req);
    const id = idOf(b.id ?? b.modelId);
    const icon = z
      .string()
      .max(500, '图标地址过长')
      .parse(String(b.icon ?? ''));
    const r = await ctx.db
      .update(wfModel)
      .set({ icon, updateTime: new Date() })
      .where(liveInTenant(wfModel, tenant(req), eq(wfModel.id, id)))
      .returning({ id: wfModel.id });
    if (!r.length) throw badRequest('模型不存在');
    return done();
  });
  app.post(`${D}/model/deploy`, byMenu('wf_model_deploy', buttonsOf('wf_model').edit), async (req) => {
    return deployNamedModel(ctx, req, queryAndBody(req), 'categoryId');
  });
  app.post(`${D}/model/history/setMainVersion`, byMenu(buttonsOf('wf_model').edit), async (req) => {
    const user = userOf(req);
    await setMainModel(ctx, user.tenantId, idOf(queryAndBody(req).id), user.userId);
    return done();
  });
  app.post(`${D}/form/history/setMainVersion`, byMenu(buttonsOf('wf_form').edit), async (req) => {
    const user = userOf(req);
    await setMainForm(ctx, user.tenantId, idOf(queryAndBody(req).id), user.userId);
    return done();
  });
}

/** `deployment/*`: list, remove, change status and category */
function designDeploymentRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${D}/deployment/list`, byMenu('wf_deployment'), async (req) =>
    ok(await deploymentPage(ctx, tenant(req), queryOf(req))),
  );
  app.post(`${D}/deployment/remove`, byMenu(buttonsOf('wf_deployment').delete), async (req) => {
    const b = queryAndBody(req);
    const ids = parseIds(b.deploymentIds ?? b.ids ?? b.id, 'deploymentIds');
    await removeDeployments(ctx, tenant(req), ids);
    return done();
  });
  app.post(`${D}/deployment/changeStatus`, byMenu(buttonsOf('wf_deployment').edit), async (req) => {
    const b = queryAndBody(req);
    await changeDeploymentStatus(ctx, tenant(req), idOf(b.id ?? b.deploymentId ?? b.processId), b.status ?? b.state);
    return done();
  });
  app.post(`${D}/deployment/changeCategory`, byMenu(buttonsOf('wf_deployment').edit), async (req) => {
    const b = queryAndBody(req);
    const id = idOf(b.id ?? b.deploymentId ?? b.processId);
    const categoryId = idOf(b.categoryId ?? b.category, 'categoryId');
    const r = await ctx.db
      .update(wfDefinition)
      .set({ categoryId, updateTime: new Date() })
      .where(
        inTenant(wfDefinition, tenant(req), sql`(${wfDefinition.id} = ${id} or ${wfDefinition.deploymentId} = ${id})`),
      )
      .returning({ id: wfDefinition.id });
    if (!r.length) throw badRequest('部署不存在');
    return done();
  });
}
