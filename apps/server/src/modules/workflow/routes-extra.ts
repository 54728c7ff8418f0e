/**
 * The leave request (`/blade-workflow/process/leave/*`, `/blade-desk/process/leave/*`), drafts
 * (`/blade-workflow/process/draft/*`), the older BladeX flow family (`/blade-flow/*`) and the JNPF
 * `/workflow/Engine/FlowEngine` family, all over the same tables and engine.
 */
import multipart from '@fastify/multipart';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds } from '../../core/query.ts';
import { defineResource } from '../../core/resource.ts';
import { inTenant, tenantSql } from '../../core/scoped.ts';
import { parseDateTime } from '../../core/time.ts';
import { ALL_MENUS, buttonsOf, PROCESS_MENUS } from './codes.ts';
import { deployIn } from './deploy.ts';
import { canSee, processDetail, timeline } from './detail.ts';
import { startInstance } from './engine.ts';
import { byMenu } from './grants.ts';
import { list, startList } from './lists.ts';
import { claimTask, completeTask, deleteInstance } from './operations.ts';
import {
  changeDeploymentStatus,
  deployModel,
  deploymentPage,
  modelResource,
  removeDeployments,
} from './routes-design.ts';
import { actorOf } from './routes-process.ts';
import { wfCategory, wfDefinition, wfDraft, wfForm, wfInstance, wfLeave, wfModel, wfTask } from './schema.ts';

const anyProcess = byMenu(...PROCESS_MENUS);
const bodyOf = (req: FastifyRequest): Record<string, unknown> => ({
  ...((req.query ?? {}) as Record<string, unknown>),
  ...(req.body && typeof req.body === 'object' && !Array.isArray(req.body)
    ? (req.body as Record<string, unknown>)
    : {}),
});
const idOf = (v: unknown, name = 'id') => {
  const s = v === undefined || v === null ? '' : String(v);
  if (!/^\d{1,19}$/.test(s)) throw badRequest(`缺少必要的请求参数: ${name}`);
  return s;
};

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
  reason: z.string({ error: '请输入请假理由' }).trim().min(1, '请输入请假理由').max(500, '请假理由最长 500 字'),
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
  const r = leaveSchema.safeParse(bodyOf(req));
  if (!r.success) throw badRequest(r.error.issues[0].message);
  const b = r.data;
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
  routes: ['list', 'detail', 'submit', 'remove'],
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
    const q = bodyOf(req);
    const cond = q.processInstanceId
      ? eq(wfLeave.processInstanceId, idOf(q.processInstanceId, 'processInstanceId'))
      : eq(wfLeave.id, idOf(q.businessId ?? q.id, 'businessId'));
    const [row] = await ctx.db
      .select()
      .from(wfLeave)
      .where(inTenant(wfLeave, user.tenantId, cond, eq(wfLeave.isDeleted, 0)));
    if (!row) return ok(null);
    if (row.processInstanceId && !(await canSee(ctx, user, row.processInstanceId))) return ok(null);
    const flow = row.processInstanceId ? await timeline(ctx, row.processInstanceId) : [];
    return ok({ ...row, flow });
  });
}

// ---- blade-flow ----

export function flowRoutes(app: FastifyInstance, ctx: AppContext) {
  const F = '/blade-flow';
  const q = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
  app.get(`${F}/model/list`, byMenu('wf_model'), async (req) => modelResource.page(ctx, req, q(req)).then(ok));
  app.post(`${F}/model/remove`, byMenu(buttonsOf('wf_model').delete), async (req) => {
    await modelResource.remove(ctx, req, parseIds(bodyOf(req).ids));
    return done();
  });
  app.post(`${F}/model/deploy`, byMenu('wf_model_deploy', buttonsOf('wf_model').edit), async (req) => {
    const b = bodyOf(req);
    const user = userOf(req);
    const def = await deployModel(
      ctx,
      user.tenantId,
      idOf(b.modelId ?? b.id, 'modelId'),
      user.userId,
      b.category ? idOf(b.category, 'category') : undefined,
    );
    return ok({ id: def.id, deploymentId: def.deploymentId, key: def.processKey, version: def.version }, '部署成功');
  });
  app.get(`${F}/manager/list`, byMenu('wf_deployment'), async (req) =>
    ok(await deploymentPage(ctx, userOf(req).tenantId, q(req))),
  );
  app.post(`${F}/manager/change-state`, byMenu(buttonsOf('wf_deployment').edit), async (req) => {
    const b = bodyOf(req);
    await changeDeploymentStatus(
      ctx,
      userOf(req).tenantId,
      idOf(b.processId ?? b.id, 'processId'),
      b.state ?? b.status,
    );
    return done();
  });
  app.post(`${F}/manager/delete-deployment`, byMenu(buttonsOf('wf_deployment').delete), async (req) => {
    await removeDeployments(ctx, userOf(req).tenantId, parseIds(bodyOf(req).deploymentIds, 'deploymentIds'));
    return done();
  });
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data'))
      await scope.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 20, fields: 10 } });
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
  app.get(`${F}/follow/list`, byMenu('wf_ops_process'), async (req) => {
    const user = userOf(req);
    if (!user.isAdmin) return ok(await list(ctx, user, 'send', q(req)));
    return ok(await list(ctx, user, 'opsProcess', q(req)));
  });
  app.post(`${F}/follow/delete-process-instance`, byMenu('wf_ops_process'), async (req) => {
    const user = userOf(req);
    if (!user.isAdmin) throw badRequest('只有管理员可以删除流程实例');
    const b = bodyOf(req);
    await deleteInstance(
      ctx,
      actorOf(user),
      idOf(b.processInstanceId, 'processInstanceId'),
      String(b.deleteReason ?? ''),
    );
    return done();
  });
  app.get(`${F}/work/start-list`, byMenu('wf_start'), async (req) => ok(await startList(ctx, userOf(req), q(req))));
  app.get(`${F}/work/claim-list`, byMenu('wf_claim'), async (req) => ok(await list(ctx, userOf(req), 'claim', q(req))));
  app.get(`${F}/work/todo-list`, byMenu('wf_todo'), async (req) => ok(await list(ctx, userOf(req), 'todo', q(req))));
  app.get(`${F}/work/send-list`, byMenu('wf_send'), async (req) => ok(await list(ctx, userOf(req), 'send', q(req))));
  app.get(`${F}/work/done-list`, byMenu('wf_done', 'wf_mydone'), async (req) =>
    ok(await list(ctx, userOf(req), 'myDone', q(req))),
  );
  app.post(`${F}/work/claim-task`, byMenu('wf_claim', 'wf_todo'), async (req) => {
    await claimTask(ctx, actorOf(userOf(req)), idOf(bodyOf(req).taskId, 'taskId'));
    return done();
  });
  app.post(`${F}/work/complete-task`, anyProcess, async (req) => {
    const b = bodyOf(req);
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
    const id = idOf(q(req).processInstanceId, 'processInstanceId');
    if (!(await canSee(ctx, user, id))) return ok([]);
    return ok(await timeline(ctx, id));
  });
}

// ---- JNPF FlowEngine ----

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
  const conds = [inTenant(wfModel, tenantId), eq(wfModel.isDeleted, 0)];
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
    .where(inTenant(wfModel, tenantId, eq(wfModel.id, id), eq(wfModel.isDeleted, 0)));
  return m;
}

/** The form fields of a flow's start form (`__vModel__` + label), for JNPF FormDataFields. */
async function formFields(ctx: AppContext, tenantId: string, modelKey: string) {
  const [def] = await ctx.db
    .select({ formKey: wfDefinition.formKey, graph: wfDefinition.graph })
    .from(wfDefinition)
    .where(inTenant(wfDefinition, tenantId, eq(wfDefinition.processKey, modelKey), eq(wfDefinition.isDeleted, 0)))
    .orderBy(desc(wfDefinition.version))
    .limit(1);
  const formKey = def?.formKey ?? (def?.graph as { formKey?: string } | undefined)?.formKey;
  if (!formKey) return [];
  const [f] = await ctx.db
    .select({ content: wfForm.content })
    .from(wfForm)
    .where(inTenant(wfForm, tenantId, eq(wfForm.formKey, formKey), eq(wfForm.isDeleted, 0)));
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
  fullName: z.string({ error: '请输入流程名称' }).trim().min(1, '请输入流程名称').max(128, '流程名称最长 128 位'),
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

export function jnpfRoutes(app: FastifyInstance, ctx: AppContext) {
  const E = '/workflow/Engine/FlowEngine';
  const read = byMenu('wf_model', 'wf_deployment');
  const write = byMenu(buttonsOf('wf_model').add, buttonsOf('wf_model').edit);
  const q = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;
  const tenant = (req: FastifyRequest) => userOf(req).tenantId;
  const pid = (req: FastifyRequest) => idOf((req.params as { id?: string }).id);

  app.get(E, read, async (req) => {
    const r = await engineRows(ctx, tenant(req), q(req));
    return ok({ list: r.rows, pagination: { currentPage: r.currentPage, pageSize: r.pageSize, total: r.total } });
  });
  app.get(`${E}/ListAll`, byMenu(...ALL_MENUS), async (req) =>
    ok({ list: (await engineRows(ctx, tenant(req), q(req), true)).rows }),
  );
  app.get(`${E}/Selector`, byMenu(...ALL_MENUS), async (req) => {
    const rows = (await engineRows(ctx, tenant(req), {}, true)).rows.filter(
      (r) => String(q(req).type ?? '') !== '1' || r.enabledMark === 1,
    );
    const cats = await ctx.db
      .select()
      .from(wfCategory)
      .where(inTenant(wfCategory, tenant(req), eq(wfCategory.isDeleted, 0)))
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
  app.get(`${E}/:id`, read, async (req) => {
    const m = await modelOf(ctx, tenant(req), pid(req));
    if (!m) return ok(null);
    return ok({
      id: m.id,
      fullName: m.name,
      enCode: m.modelKey,
      category: m.categoryId,
      description: m.description,
      icon: m.icon,
      version: m.version,
      flowTemplateJson: m.xml,
    });
  });
  app.post(E, write, async (req) => {
    const r = engineInput.safeParse(req.body ?? {});
    if (!r.success) throw badRequest(r.error.issues[0].message);
    const b = r.data;
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
    const r = engineInput.safeParse(req.body ?? {});
    if (!r.success) throw badRequest(r.error.issues[0].message);
    const b = r.data;
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
      data: {
        id: m.id,
        fullName: m.name,
        enCode: m.modelKey,
        category: m.categoryId,
        description: m.description,
        icon: m.icon,
        flowTemplateJson: m.xml,
      },
    });
  });
  app.post(`${E}/Release/:id`, byMenu('wf_model_deploy', buttonsOf('wf_model').edit), async (req) => {
    const user = userOf(req);
    const m = await modelOf(ctx, user.tenantId, pid(req));
    if (!m) throw badRequest('流程不存在');
    // release: deploy the current design, or re-activate the deployed versions when the design is unchanged
    const [latest] = await ctx.db
      .select()
      .from(wfDefinition)
      .where(
        inTenant(wfDefinition, user.tenantId, eq(wfDefinition.processKey, m.modelKey), eq(wfDefinition.isDeleted, 0)),
      )
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
