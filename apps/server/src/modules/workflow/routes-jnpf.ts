import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { queryOf } from '../../core/request-params.ts';
import { requiredText } from '../../core/required-text.ts';
import { inTenant, liveInTenant, tenantSql } from '../../core/scoped.ts';
import { ALL_MENUS, buttonsOf, PROCESS_MENUS } from './codes.ts';
import { processDetail } from './detail.ts';
import { byMenu } from './grants.ts';
import { deployModel, modelResource } from './routes-design.ts';
import { idOf } from './routes-extra.ts';
import { wfCategory, wfDefinition, wfForm, wfInstance, wfModel, wfTask } from './schema.ts';

interface EngineRow {
  id: string;
  fullName: string;
  enCode: string;
  category: string | null;
  categoryName: string | null;
  description: string | null;
  icon: string | null;
  version: number;
  enabledMark: number;
  deployedVersion: number | null;
  creatorTime: Date | null;
  lastModifyTime: Date | null;
}

async function engineRows(ctx: AppContext, tenantId: string, q: Record<string, unknown>, all = false) {
  const conds = [liveInTenant(wfModel, tenantId)];
  if (q.keyword)
    conds.push(
      sql`(${wfModel.name} like ${`%${String(q.keyword)}%`} or ${wfModel.modelKey} like ${`%${String(q.keyword)}%`})`,
    );
  if (q.category) conds.push(sql`${wfModel.categoryId}::text = ${String(q.category)}`);
  const deployed = sql<
    number | null
  >`(select max(d.version) from wf_definition d where ${tenantSql(wfDefinition, wfModel.tenantId, 'd')} and d.process_key = ${wfModel.modelKey} and d.is_deleted = 0)`;
  const active = sql<number>`(case when exists (select 1 from wf_definition d where ${tenantSql(wfDefinition, wfModel.tenantId, 'd')} and d.process_key = ${wfModel.modelKey} and d.is_deleted = 0 and d.status = 1) then 1 else 0 end)`;
  const base = ctx.db
    .select({
      id: wfModel.id,
      fullName: wfModel.name,
      enCode: wfModel.modelKey,
      category: wfModel.categoryId,
      categoryName: wfCategory.name,
      description: wfModel.description,
      icon: wfModel.icon,
      version: wfModel.version,
      enabledMark: active,
      deployedVersion: deployed,
      creatorTime: wfModel.createTime,
      lastModifyTime: wfModel.updateTime,
    })
    .from(wfModel)
    .leftJoin(wfCategory, eq(wfCategory.id, wfModel.categoryId))
    .where(and(...conds))
    .orderBy(asc(wfModel.name), desc(wfModel.id));
  if (all) return { rows: (await base) as EngineRow[], total: 0 };
  const currentPage = Math.max(1, Number(q.currentPage ?? 1) || 1);
  const pageSize = Math.min(1000, Math.max(1, Number(q.pageSize ?? 20) || 20));
  const [rows, [{ n }]] = await Promise.all([
    base.limit(pageSize).offset((currentPage - 1) * pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(wfModel)
      .where(and(...conds)),
  ]);
  return { rows: rows as EngineRow[], total: Number(n), currentPage, pageSize };
}

async function modelOf(ctx: AppContext, tenantId: string, id: string) {
  const [m] = await ctx.db
    .select()
    .from(wfModel)
    .where(liveInTenant(wfModel, tenantId, eq(wfModel.id, id)));
  return m;
}

/** The form fields of a flow's start form (`__vModel__` + label), for JNPF FormDataFields. */
async function formFields(ctx: AppContext, tenantId: string, modelKey: string) {
  const [def] = await ctx.db
    .select({ formKey: wfDefinition.formKey, graph: wfDefinition.graph })
    .from(wfDefinition)
    .where(liveInTenant(wfDefinition, tenantId, eq(wfDefinition.processKey, modelKey)))
    .orderBy(desc(wfDefinition.version))
    .limit(1);
  const formKey = def?.formKey ?? (def?.graph as { formKey?: string } | undefined)?.formKey;
  if (!formKey) return [];
  const [f] = await ctx.db
    .select({ content: wfForm.content })
    .from(wfForm)
    .where(liveInTenant(wfForm, tenantId, eq(wfForm.formKey, formKey)));
  const out: { vModel: string; label: string; jnpfKey: string }[] = [];
  const walk = (fields: unknown) => {
    if (!Array.isArray(fields)) return;
    for (const x of fields as {
      __vModel__?: string;
      __config__?: { label?: string; jnpfKey?: string; children?: unknown };
    }[]) {
      if (x?.__vModel__)
        out.push({
          vModel: x.__vModel__,
          label: x.__config__?.label ?? x.__vModel__,
          jnpfKey: x.__config__?.jnpfKey ?? '',
        });
      walk(x?.__config__?.children);
    }
  };
  walk((f?.content as { fields?: unknown } | null)?.fields);
  return out;
}

const engineInput = z.object({
  fullName: requiredText('请输入流程名称', 128, '流程名称最长 128 位'),
  enCode: z
    .string({ error: '请输入流程编码' })
    .trim()
    .regex(/^[A-Za-z_][\w.-]{0,63}$/, '流程编码须以字母或下划线开头，只含字母、数字、下划线、点和横线，最长 64 位'),
  category: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .regex(/^\d{1,19}$/, '流程分类无效')
      .optional(),
  ),
  description: z.string().max(500).nullish(),
  icon: z.string().max(500).nullish(),
  flowTemplateJson: z.string().max(2_000_000, '流程 XML 过大').nullish(),
});

const E = '/workflow/Engine/FlowEngine';
const read = byMenu('wf_model', 'wf_deployment');
const write = byMenu(buttonsOf('wf_model').add, buttonsOf('wf_model').edit);
const tenant = (req: FastifyRequest) => userOf(req).tenantId;
const pid = (req: FastifyRequest) => idOf((req.params as { id?: string }).id);

export function jnpfRoutes(app: FastifyInstance, ctx: AppContext) {
  engineListRoutes(app, ctx);
  engineModelRoutes(app, ctx);
  engineReleaseRoutes(app, ctx);
  engineDataRoutes(app, ctx);
}

/** the list, all of it, and the selector tree by category */
function engineListRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(E, read, async (req) => {
    const r = await engineRows(ctx, tenant(req), queryOf(req));
    return ok({ list: r.rows, pagination: { currentPage: r.currentPage, pageSize: r.pageSize, total: r.total } });
  });
  app.get(`${E}/ListAll`, byMenu(...ALL_MENUS), async (req) =>
    ok({ list: (await engineRows(ctx, tenant(req), queryOf(req), true)).rows }),
  );
  app.get(`${E}/Selector`, byMenu(...ALL_MENUS), async (req) => {
    const rows = (await engineRows(ctx, tenant(req), {}, true)).rows.filter(
      (r) => String(queryOf(req).type ?? '') !== '1' || r.enabledMark === 1,
    );
    const cats = await ctx.db
      .select()
      .from(wfCategory)
      .where(liveInTenant(wfCategory, tenant(req)))
      .orderBy(asc(wfCategory.sort));
    const tree = cats
      .map((c) => ({
        id: c.id,
        fullName: c.name,
        parentId: '0',
        children: rows
          .filter((r) => r.category === c.id)
          .map((r) => ({ id: r.id, fullName: r.fullName, parentId: c.id, enCode: r.enCode })),
      }))
      .filter((c) => c.children.length);
    const loose = rows.filter((r) => !r.category || !cats.some((c) => c.id === r.category));
    return ok({
      list: [...tree, ...loose.map((r) => ({ id: r.id, fullName: r.fullName, parentId: '0', enCode: r.enCode }))],
    });
  });
}

/** a design's own fields in JNPF's names (the read adds its version, the export does not) */
const jnpfModel = (m: NonNullable<Awaited<ReturnType<typeof modelOf>>>) => ({
  id: m.id,
  fullName: m.name,
  enCode: m.modelKey,
  category: m.categoryId,
  description: m.description,
  icon: m.icon,
});

/** one design: read, create, update, delete, copy, export */
function engineModelRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${E}/:id`, read, async (req) => {
    const m = await modelOf(ctx, tenant(req), pid(req));
    if (!m) return ok(null);
    return ok({ ...jnpfModel(m), version: m.version, flowTemplateJson: m.xml });
  });
  app.post(E, write, async (req) => {
    const b = parseInputFirst(engineInput, req.body);
    const row = await modelResource.save(ctx, req, {
      modelKey: b.enCode,
      name: b.fullName,
      categoryId: b.category ?? null,
      description: b.description ?? null,
      icon: b.icon ?? null,
      xml: b.flowTemplateJson ?? null,
    });
    return ok({ id: row.id }, '新建成功');
  });
  app.put(`${E}/:id`, write, async (req) => {
    const b = parseInputFirst(engineInput, req.body);
    const id = pid(req);
    if (!(await modelOf(ctx, tenant(req), id))) throw badRequest('流程不存在');
    await modelResource.save(ctx, req, {
      id,
      modelKey: b.enCode,
      name: b.fullName,
      categoryId: b.category ?? null,
      description: b.description ?? null,
      icon: b.icon ?? null,
      ...(b.flowTemplateJson !== undefined ? { xml: b.flowTemplateJson } : {}),
    });
    return done('更新成功');
  });
  app.delete(`${E}/:id`, byMenu(buttonsOf('wf_model').delete), async (req) => {
    const id = pid(req);
    if (!(await modelOf(ctx, tenant(req), id))) throw badRequest('流程不存在');
    await modelResource.remove(ctx, req, [id]);
    return done('删除成功');
  });
  app.post(`${E}/:id/Actions/Copy`, write, async (req) => {
    const m = await modelOf(ctx, tenant(req), pid(req));
    if (!m) throw badRequest('流程不存在');
    const suffix = Date.now().toString(36).slice(-5);
    const key = `${m.modelKey.slice(0, 50)}_${suffix}`;
    const xml = m.xml
      ? m.xml.replace(
          new RegExp(`(<bpmn:process[^>]*\\bid=")${m.modelKey.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`),
          `$1${key}"`,
        )
      : null;
    const row = await modelResource.save(ctx, req, {
      modelKey: key,
      name: `${m.name}副本${suffix}`.slice(0, 128),
      categoryId: m.categoryId,
      description: m.description,
      icon: m.icon,
      xml,
    });
    return ok({ id: row.id }, '复制成功');
  });
  app.get(`${E}/:id/Actions/ExportData`, read, async (req) => {
    const m = await modelOf(ctx, tenant(req), pid(req));
    if (!m) return ok(null);
    return ok({
      fileName: `${m.name}.bpmn`,
      data: { ...jnpfModel(m), flowTemplateJson: m.xml },
    });
  });
}

/** `Release` (deploy, or re-activate an unchanged design) and `Stop` */
function engineReleaseRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(`${E}/Release/:id`, byMenu('wf_model_deploy', buttonsOf('wf_model').edit), async (req) => {
    const user = userOf(req);
    const m = await modelOf(ctx, user.tenantId, pid(req));
    if (!m) throw badRequest('流程不存在');
    // release: deploy the current design, or re-activate the deployed versions when the design is unchanged
    const [latest] = await ctx.db
      .select()
      .from(wfDefinition)
      .where(liveInTenant(wfDefinition, user.tenantId, eq(wfDefinition.processKey, m.modelKey)))
      .orderBy(desc(wfDefinition.version))
      .limit(1);
    if (latest && latest.xml === m.xml) {
      await ctx.db
        .update(wfDefinition)
        .set({ status: 1 })
        .where(inTenant(wfDefinition, user.tenantId, eq(wfDefinition.processKey, m.modelKey)));
      return done('发布成功');
    }
    await deployModel(ctx, user.tenantId, m.id, user.userId);
    return done('发布成功');
  });
  app.post(`${E}/Stop/:id`, byMenu('wf_model_deploy', buttonsOf('wf_model').edit), async (req) => {
    const user = userOf(req);
    const m = await modelOf(ctx, user.tenantId, pid(req));
    if (!m) throw badRequest('流程不存在');
    await ctx.db
      .update(wfDefinition)
      .set({ status: 2 })
      .where(inTenant(wfDefinition, user.tenantId, eq(wfDefinition.processKey, m.modelKey)));
    return done('停止成功');
  });
}

/** a design's form fields and finished instances' form values; `FlowTask` (an instance's or a task's detail) */
function engineDataRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${E}/:id/FormDataFields`, byMenu(...ALL_MENUS), async (req) => {
    const m = await modelOf(ctx, tenant(req), pid(req));
    if (!m) return ok({ list: [] });
    return ok({ list: await formFields(ctx, m.tenantId, m.modelKey) });
  });
  app.get(`${E}/:id/FieldDataSelect`, byMenu(...ALL_MENUS), async (req) => {
    const user = userOf(req);
    const m = await modelOf(ctx, user.tenantId, pid(req));
    if (!m) return ok({ list: [] });
    // the finished instances' form values (what a relation field may pick), newest first
    const rows = await ctx.db
      .select({ id: wfInstance.id, title: wfInstance.title, vars: wfInstance.vars, endTime: wfInstance.endTime })
      .from(wfInstance)
      .where(
        inTenant(wfInstance, user.tenantId, eq(wfInstance.processKey, m.modelKey), eq(wfInstance.state, 'finished')),
      )
      .orderBy(desc(wfInstance.endTime))
      .limit(200);
    return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.title, ...(r.vars as Record<string, unknown>) })) });
  });
  app.get('/workflow/Engine/FlowTask/:a/:b', byMenu(...PROCESS_MENUS), async (req) => {
    const { b } = req.params as { a: string; b: string };
    const user = userOf(req);
    const id = idOf(b, 'id');
    // {b} is an instance id (or a task id)
    const [task] = await ctx.db
      .select({ id: wfTask.id })
      .from(wfTask)
      .where(inTenant(wfTask, user.tenantId, eq(wfTask.id, id)));
    return ok(await processDetail(ctx, user, task ? { taskId: task.id } : { processInsId: id }));
  });
}
