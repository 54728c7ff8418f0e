/** Deployments (list, remove, change status), deploying a model, and setting a model's or form's main version. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { pageOf, parsePaging } from '../../core/query.ts';
import { inTenant, liveInTenant } from '../../core/scoped.ts';
import { deployIn } from './deploy.ts';
import { formHistoryRow, modelHistoryRow } from './design-history.ts';
import { wfCategory, wfDefinition, wfForm, wfFormHistory, wfInstance, wfModel, wfModelHistory } from './schema.ts';

/** Deployments: one row per deployed definition (the deployment id groups an upload). */
export async function deploymentPage(ctx: AppContext, tenantId: string, q: Record<string, unknown>) {
  const p = parsePaging(q);
  const conds = [liveInTenant(wfDefinition, tenantId)];
  if (q.name) conds.push(sql`${wfDefinition.name} like ${`%${String(q.name)}%`}`);
  if (q.processKey ?? q.key) conds.push(eq(wfDefinition.processKey, String(q.processKey ?? q.key)));
  if (q.category ?? q.categoryId)
    conds.push(sql`${wfDefinition.categoryId}::text = ${String(q.category ?? q.categoryId)}`);
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select({
        id: wfDefinition.id,
        deploymentId: wfDefinition.deploymentId,
        key: wfDefinition.processKey,
        name: wfDefinition.name,
        version: wfDefinition.version,
        category: wfDefinition.categoryId,
        categoryName: wfCategory.name,
        status: wfDefinition.status,
        resourceName: wfDefinition.resourceName,
        formKey: wfDefinition.formKey,
        deployTime: wfDefinition.deployTime,
        tenantId: wfDefinition.tenantId,
      })
      .from(wfDefinition)
      .leftJoin(wfCategory, eq(wfCategory.id, wfDefinition.categoryId))
      .where(where)
      .orderBy(desc(wfDefinition.deployTime), desc(wfDefinition.id))
      .limit(p.size)
      .offset(p.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(wfDefinition).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ ...r, suspensionState: r.status, statusName: r.status === 1 ? '激活' : '挂起' })),
    Number(n),
    p,
  );
}

/** Removes deployments (their definitions); refused while an instance of them still runs. */
export async function removeDeployments(ctx: AppContext, tenantId: string, ids: string[]) {
  await ctx.db.transaction(async (tx) => {
    const defs = await tx
      .select({ id: wfDefinition.id })
      .from(wfDefinition)
      .where(
        inTenant(
          wfDefinition,
          tenantId,
          sql`(${wfDefinition.deploymentId} in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}) or ${wfDefinition.id} in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}))`,
        ),
      );
    if (!defs.length) throw badRequest('部署不存在');
    const [running] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(wfInstance)
      .where(
        and(
          inArray(
            wfInstance.definitionId,
            defs.map((d) => d.id),
          ),
          inArray(wfInstance.state, ['running', 'suspended']),
        ),
      );
    if (Number(running.n)) throw badRequest('该部署还有运行中的流程实例，不能删除');
    await tx
      .update(wfDefinition)
      .set({ isDeleted: 1, updateTime: new Date() })
      .where(
        inArray(
          wfDefinition.id,
          defs.map((d) => d.id),
        ),
      );
  });
}

/** Status 1 active, 2 suspended (also 'active' / 'suspend'); a suspended definition cannot be started. */
export async function changeDeploymentStatus(ctx: AppContext, tenantId: string, id: string, status: unknown) {
  const s = String(status ?? '').toLowerCase();
  const v = ['1', 'active', 'activate'].includes(s) ? 1 : ['2', 'suspend', 'suspended', '0'].includes(s) ? 2 : 0;
  if (!v) throw badRequest('参数校验失败: status 应为 1 (激活) 或 2 (挂起)');
  const r = await ctx.db
    .update(wfDefinition)
    .set({ status: v, updateTime: new Date() })
    .where(inTenant(wfDefinition, tenantId, sql`(${wfDefinition.id} = ${id} or ${wfDefinition.deploymentId} = ${id})`))
    .returning({ id: wfDefinition.id });
  if (!r.length) throw badRequest('部署不存在');
}

export async function setMainModel(ctx: AppContext, tenantId: string, historyId: string, userId: string) {
  await ctx.db.transaction(async (tx) => {
    const [h] = await tx
      .select()
      .from(wfModelHistory)
      .where(liveInTenant(wfModelHistory, tenantId, eq(wfModelHistory.id, historyId)));
    if (!h) throw badRequest('历史版本不存在');
    const [m] = await tx
      .select()
      .from(wfModel)
      .where(and(eq(wfModel.id, h.modelId), eq(wfModel.isDeleted, 0)))
      .for('update');
    if (!m) throw badRequest('模型不存在');
    // swap: the history row becomes the model, the old model a new history row, the chosen row is deleted
    await tx.insert(wfModelHistory).values(modelHistoryRow(m, userId));
    await tx
      .update(wfModel)
      .set({
        xml: h.xml,
        name: h.name,
        description: h.description,
        version: h.version,
        updateUser: userId,
        updateTime: new Date(),
      })
      .where(eq(wfModel.id, m.id));
    await tx.delete(wfModelHistory).where(eq(wfModelHistory.id, h.id));
  });
}

export async function setMainForm(ctx: AppContext, tenantId: string, historyId: string, userId: string) {
  await ctx.db.transaction(async (tx) => {
    const [h] = await tx
      .select()
      .from(wfFormHistory)
      .where(liveInTenant(wfFormHistory, tenantId, eq(wfFormHistory.id, historyId)));
    if (!h) throw badRequest('历史版本不存在');
    const [f] = await tx
      .select()
      .from(wfForm)
      .where(and(eq(wfForm.id, h.formId), eq(wfForm.isDeleted, 0)))
      .for('update');
    if (!f) throw badRequest('表单不存在');
    await tx.insert(wfFormHistory).values(formHistoryRow(f, userId));
    await tx
      .update(wfForm)
      .set({ content: h.content, name: h.name, version: h.version, updateUser: userId, updateTime: new Date() })
      .where(eq(wfForm.id, f.id));
    await tx.delete(wfFormHistory).where(eq(wfFormHistory.id, h.id));
  });
}

/** Deploys a model's current XML as the next version of its key. */
export async function deployModel(
  ctx: AppContext,
  tenantId: string,
  modelId: string,
  userId: string,
  categoryId?: string,
) {
  return ctx.db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(wfModel)
      .where(liveInTenant(wfModel, tenantId, eq(wfModel.id, modelId)));
    if (!m) throw badRequest('模型不存在');
    if (!m.xml) throw badRequest('模型还没有流程图，请先设计');
    return deployIn(tx, {
      tenantId,
      xml: m.xml,
      name: m.name,
      categoryId: categoryId ?? m.categoryId,
      modelId: m.id,
      description: m.description,
      icon: m.icon,
      userId,
    });
  });
}
