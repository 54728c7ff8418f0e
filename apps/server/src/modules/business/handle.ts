/**
 * `business-handle`: filling in business forms. Records live in the low-code record store keyed by the form id and
 * pass the form's field rules (required, lengths, patterns, ranges, sub-tables) on every write.
 * `list/{formId}` (BladeX page; every other query key filters a field), `create/{formId}`, `update/{formId}`
 * (body with `id`), `remove/{formId}?ids=` (GET, as the spec writes it), `detail/{formId}?id=`,
 * `detailByForm/{formCode}?id=`, `updateByForm/{formCode}?id=` (the workflow's process forms address forms by code).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds } from '../../core/query.ts';
import { queryOf } from '../../core/request-params.ts';
import {
  bodyData,
  findRecord,
  insertRecord,
  listRecords,
  type ModuleLike,
  parseForm,
  present,
  removeRecords,
  updateRecord,
} from '../lowcode/index.ts';
import { formOf } from './resources.ts';

const B = '/blade-business/business-handle';
const READ = byMenu('business_handle', 'business_form');
const WRITE = byMenu('business_handle_add', 'business_handle_edit', 'business_form_edit');
const REMOVE = byMenu('business_handle_delete', 'business_form_delete');

const param = (req: FastifyRequest, name: string) => String((req.params as Record<string, string>)[name] ?? '');

async function formById(ctx: AppContext, req: FastifyRequest): Promise<ModuleLike> {
  const id = param(req, 'id');
  if (!/^\d{1,19}$/.test(id)) throw badRequest('参数校验失败: id 必须是数字编号');
  const f = await formOf(ctx, req, { id });
  if (!f) throw badRequest('业务表单不存在');
  return { id: f.id, tenantId: f.tenantId, form: parseForm(f.formData) };
}

async function formByCode(ctx: AppContext, req: FastifyRequest): Promise<ModuleLike> {
  const code = param(req, 'formCode');
  const f = await formOf(ctx, req, { code });
  if (!f) throw badRequest(`业务表单不存在: ${code}`);
  return { id: f.id, tenantId: f.tenantId, form: parseForm(f.formData) };
}

const recordId = (req: FastifyRequest, from: Record<string, unknown> = queryOf(req)) => {
  const id = String(from.id ?? '');
  if (!/^\d{1,19}$/.test(id)) throw badRequest(id ? '参数校验失败: id 必须是数字编号' : '缺少必要的请求参数: id');
  return id;
};

export function handleRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(`${B}/list/:id`, READ, async (req) => {
    const m = await formById(ctx, req);
    const { current, size, ascs, descs, keyword, ...filters } = queryOf(req);
    const sidx = (descs ?? ascs) as string | undefined;
    const r = await listRecords(
      ctx,
      m,
      {
        currentPage: current,
        pageSize: size ?? 10,
        sidx,
        sort: descs ? 'desc' : ascs ? 'asc' : undefined,
        keyword,
        queryJson: filters,
      },
      [],
    );
    const { currentPage, pageSize, total } = r.pagination;
    return ok({ records: r.list, total, size: pageSize, current: currentPage, pages: Math.ceil(total / pageSize) });
  });
  app.post(`${B}/create/:id`, WRITE, async (req) => {
    const m = await formById(ctx, req);
    const data = bodyData(req.body);
    delete data.id;
    const id = await ctx.db.transaction((tx) => insertRecord({ ctx, req, tx, module: m }, data));
    return ok({ id }, '新增成功');
  });
  app.post(`${B}/update/:id`, WRITE, async (req) => {
    const m = await formById(ctx, req);
    const data = bodyData(req.body);
    const id = recordId(req, { id: data.id ?? queryOf(req).id });
    delete data.id;
    await ctx.db.transaction((tx) => updateRecord({ ctx, req, tx, module: m }, id, data));
    return done('更新成功');
  });
  app.get(`${B}/remove/:id`, REMOVE, async (req) => {
    const m = await formById(ctx, req);
    const ids = parseIds(queryOf(req).ids);
    const n = await ctx.db.transaction((tx) => removeRecords(tx, req, m, ids));
    return ok({ count: n }, '删除成功');
  });
  app.get(`${B}/detail/:id`, READ, async (req) => {
    const m = await formById(ctx, req);
    const r = await findRecord(ctx.db, m, recordId(req));
    return ok(r ? present(r) : null);
  });
  app.get(`${B}/detailByForm/:formCode`, READ, async (req) => {
    const m = await formByCode(ctx, req);
    const r = await findRecord(ctx.db, m, recordId(req));
    return ok(r ? present(r) : null);
  });
  app.post(`${B}/updateByForm/:formCode`, WRITE, async (req) => {
    const m = await formByCode(ctx, req);
    const id = recordId(req);
    const data = bodyData(req.body);
    delete data.id;
    await ctx.db.transaction((tx) => updateRecord({ ctx, req, tx, module: m }, id, data));
    return done('更新成功');
  });
}
