/**
 * `/visualdev/Base` (online module designs) and `/visualdev/OnlineDev` (their records), JNPF dialect: envelope
 * `{ code, msg, data }`, pages `{ list, pagination }`, records as JSON text in `data` (`{ id, data: "<json>" }`).
 * Design routes are granted by the design screen's menu and buttons; record routes are granted per module at
 * request time (`requireModule`: the module's menu `lc_<id>` and its buttons, or the design screen).
 */

import { dataFields } from '@swp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachment } from '../../core/attachment.ts';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { byMenu, signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds } from '../../core/query.ts';
import { queryOf } from '../../core/request-params.ts';
import { fileBytes, uploadedFile, uploadScope } from '../../core/upload.ts';
import { exportRecords, exportTemplate, importFields, importRecords } from './excel.ts';
import { parseForm } from './form-schema.ts';
import {
  asJnpfModule,
  copyModule,
  createModule,
  DESIGN,
  deleteModule,
  findModule,
  listModules,
  moduleSelector,
  mustModule,
  parseColumns,
  releaseModule,
  requireModule,
  toModuleLike,
  unreleaseModule,
  updateModule,
} from './modules.ts';
import { displayRecords } from './record-display.ts';
import {
  bodyData,
  type Data,
  findRecord,
  insertRecord,
  listRecords,
  present,
  removeRecords,
  TEXT_KEYS,
  updateRecord,
} from './records.ts';

const BASE = '/visualdev/Base';
const DEV = '/visualdev/OnlineDev';

const params = (req: FastifyRequest) => req.params as Record<string, string>;
const body = (req: FastifyRequest) =>
  (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;

function idParam(req: FastifyRequest, name = 'id') {
  const v = params(req)[name];
  if (!/^\d{1,19}$/.test(v ?? '')) throw badRequest(`参数校验失败: ${name} 必须是数字编号`);
  return v;
}

/** The module of a record route, after the caller's grant for the operation is checked. */
async function moduleFor(ctx: AppContext, req: FastifyRequest, op: Parameters<typeof requireModule>[2]) {
  const id = idParam(req, 'moduleId');
  await requireModule(req, id, op);
  const row = await mustModule(ctx, req, id);
  return { row, m: { ...toModuleLike(row), fullName: row.fullName, columnData: row.columnData as Data | null } };
}

/** Text fields of the list (else of the form) that `keyword` searches. */
function keywordFields(m: ReturnType<typeof toModuleLike>, columnData: Data | null) {
  const text = dataFields(m.form).filter((d) => TEXT_KEYS.has(d.key));
  const listed = new Set(((columnData?.columnList ?? []) as Data[]).map((c) => String(c.prop)));
  const inList = text.filter((d) => listed.has(d.vModel));
  return (inList.length ? inList : text).map((d) => d.vModel);
}

export function lowcodeRoutes(app: FastifyInstance, ctx: AppContext) {
  designRoutes(app, ctx);
  recordRoutes(app, ctx);
  transferRoutes(app, ctx);
  appDesignRoutes(app, ctx);
}

/** Module designs (`/visualdev/Base`): CRUD, copy, release, and the field lists a design offers. */
function designRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(BASE, byMenu(DESIGN, 'code_gen', 'business_design'), async (req) =>
    ok(await listModules(ctx, req, queryOf(req))),
  );
  app.get(`${BASE}/Selector`, byMenu(DESIGN, 'business_design', 'code_gen'), async (req) => {
    const type = Number(queryOf(req).type) || undefined;
    return ok({ list: await moduleSelector(ctx, req, type) });
  });
  app.post(BASE, byMenu(`${DESIGN}_add`), async (req) => {
    const id = await createModule(ctx, req, req.body);
    return ok({ id }, '新建成功');
  });
  app.get(`${BASE}/:id`, byMenu(DESIGN, 'code_gen'), async (req) => {
    const m = await findModule(ctx, req, idParam(req));
    return ok(m ? asJnpfModule(m) : null);
  });
  app.put(`${BASE}/:id`, byMenu(`${DESIGN}_edit`), async (req) => {
    await updateModule(ctx, req, idParam(req), req.body);
    return done('更新成功');
  });
  app.delete(`${BASE}/:id`, byMenu(`${DESIGN}_delete`), async (req) => {
    await deleteModule(ctx, req, idParam(req));
    return done('删除成功');
  });
  app.post(`${BASE}/:id/Actions/Copy`, byMenu(`${DESIGN}_add`), async (req) => {
    const id = await copyModule(ctx, req, idParam(req));
    return ok({ id }, '复制成功');
  });
  app.post(`${BASE}/:id/Actions/Release`, byMenu(`${DESIGN}_release`), async (req) =>
    ok(await releaseModule(ctx, req, idParam(req), req.body), '发布成功'),
  );
  app.post(`${BASE}/:id/Actions/Unrelease`, byMenu(`${DESIGN}_release`), async (req) => {
    await unreleaseModule(ctx, req, idParam(req));
    return done('已取消发布');
  });
  app.get(`${BASE}/:id/FormDataFields`, signedIn, async (req) => {
    const id = idParam(req);
    await requireModule(req, id, 'view');
    const m = toModuleLike(await mustModule(ctx, req, id));
    return ok({
      list: dataFields(m.form).map((d) => ({
        vModel: d.vModel,
        __vModel__: d.vModel,
        label: d.label,
        jnpfKey: d.key,
        required: !!d.field.__config__.required,
        children: d.children?.map((c) => ({ vModel: c.vModel, label: c.label, jnpfKey: c.key })),
      })),
    });
  });
  // relation-form picker: records of a module, paged, `relationField` shown, keyword on it
  app.get(`${BASE}/:id/FieldDataSelect`, signedIn, async (req) => {
    const id = idParam(req);
    await requireModule(req, id, 'view');
    const row = await mustModule(ctx, req, id);
    const m = toModuleLike(row);
    const q = queryOf(req);
    const rel = typeof q.relationField === 'string' ? q.relationField : '';
    if (rel && !dataFields(m.form).some((d) => d.vModel === rel)) throw badRequest(`未知的字段: ${rel}`);
    const r = await listRecords(
      ctx,
      m,
      { currentPage: q.currentPage, pageSize: q.pageSize, keyword: q.keyword, sidx: q.sidx, sort: q.sort },
      rel ? [rel] : keywordFields(m, row.columnData as Data | null),
    );
    return ok(r);
  });
}

/** Running a module (`/visualdev/OnlineDev`): its config and its records. */
function recordRoutes(app: FastifyInstance, ctx: AppContext) {
  const config = async (req: FastifyRequest) => {
    const { row } = await moduleFor(ctx, req, 'view');
    return asJnpfModule(row);
  };
  app.get(`${DEV}/:moduleId/Config`, signedIn, async (req) => ok(await config(req)));
  app.get(`${DEV}/:moduleId/ColumnData`, signedIn, async (req) => ok({ columnData: (await config(req)).columnData }));
  app.get(`${DEV}/:moduleId/FormData`, signedIn, async (req) => ok({ formData: (await config(req)).formData }));

  app.post(`${DEV}/:moduleId/List`, signedIn, async (req) => {
    const { m } = await moduleFor(ctx, req, 'view');
    return ok(await listRecords(ctx, m, body(req), keywordFields(m, m.columnData)));
  });
  app.post(`${DEV}/:moduleId`, signedIn, async (req) => {
    const { m } = await moduleFor(ctx, req, 'add');
    const data = bodyData(req.body);
    const id = await ctx.db.transaction((tx) => insertRecord({ ctx, req, tx, module: m }, data));
    return ok({ id }, '新建成功');
  });
  app.put(`${DEV}/:moduleId/:id`, signedIn, async (req) => {
    const { m } = await moduleFor(ctx, req, 'edit');
    const id = idParam(req);
    const data = bodyData(req.body);
    await ctx.db.transaction((tx) => updateRecord({ ctx, req, tx, module: m }, id, data));
    return done('更新成功');
  });
  app.get(`${DEV}/:moduleId/:id`, signedIn, async (req) => {
    const { m } = await moduleFor(ctx, req, 'view');
    const r = await findRecord(ctx.db, m, idParam(req));
    return ok(r ? { id: r.id, data: JSON.stringify(r.data), record: present(r), version: r.version } : null);
  });
  app.get(`${DEV}/:moduleId/:id/DataChange`, signedIn, async (req) => {
    const { m } = await moduleFor(ctx, req, 'view');
    const r = await findRecord(ctx.db, m, idParam(req));
    if (!r) return ok(null);
    const [shown] = await displayRecords(ctx, m, [r]);
    return ok({ id: r.id, data: JSON.stringify(shown), record: shown });
  });
  app.delete(`${DEV}/:moduleId/:id`, signedIn, async (req) => {
    const { m } = await moduleFor(ctx, req, 'delete');
    const n = await ctx.db.transaction((tx) => removeRecords(tx, req, m, [idParam(req)]));
    if (!n) throw badRequest('数据不存在或已删除');
    return done('删除成功');
  });
  app.post(`${DEV}/batchDelete/:moduleId`, signedIn, async (req) => {
    const { m } = await moduleFor(ctx, req, 'delete');
    const b = body(req);
    const raw = b.ids ?? queryOf(req).ids;
    if (raw === undefined || (Array.isArray(raw) && !raw.length) || raw === '') throw badRequest('请选择至少一条数据');
    const ids = parseIds(raw);
    const n = await ctx.db.transaction((tx) => removeRecords(tx, req, m, ids));
    return ok({ count: n }, '删除成功');
  });
}

/** A module's records out (xlsx export, import template) and in (import). */
function transferRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(`${DEV}/:moduleId/Actions/Export`, signedIn, async (req, reply) => {
    const { m } = await moduleFor(ctx, req, 'export');
    const b = body(req);
    return exportRecords(ctx, reply, m, b, String(b.dataType ?? '0') === '1', keywordFields(m, m.columnData));
  });
  app.post(`${DEV}/:moduleId/Actions/ExportData`, signedIn, async (req, reply) => {
    const { m } = await moduleFor(ctx, req, 'export');
    return exportRecords(ctx, reply, m, body(req), true, keywordFields(m, m.columnData));
  });
  app.get(`${DEV}/:moduleId/Template`, signedIn, async (req, reply) => {
    const { m } = await moduleFor(ctx, req, 'import');
    return exportTemplate(reply, m);
  });
  app.get(`${DEV}/:moduleId/ImportFields`, signedIn, async (req) => {
    const { m } = await moduleFor(ctx, req, 'import');
    return ok({ list: importFields(m).map((d) => ({ vModel: d.vModel, label: d.label, jnpfKey: d.key })) });
  });

  // import: multipart in its own scope
  uploadScope(app, { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 10 }, (scope) => {
    scope.post(`${DEV}/:moduleId/Actions/Import`, signedIn, async (req) => {
      const { m } = await moduleFor(ctx, req, 'import');
      const file = await uploadedFile(req, '请上传 xlsx 文件 (multipart/form-data, 字段 file)');
      const report = await importRecords(ctx, req, m, await fileBytes(file));
      const msg = report.failed
        ? `导入完成: 成功 ${report.success} 条, 失败 ${report.failed} 条`
        : `导入成功: 共 ${report.success} 条`;
      return ok(report, msg);
    });
  });
}

/** The app (phone) view of a design: its preview and its export. */
function appDesignRoutes(app: FastifyInstance, ctx: AppContext) {
  // app preview: the phone view of a design being edited (checked like a save, nothing stored)
  const previewInput = z.object({
    formData: z.union([z.string(), z.record(z.string(), z.unknown())]),
    columnData: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
    appColumnData: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  });
  app.post(`${DEV}/App/Preview`, byMenu(DESIGN), async (req) => {
    const b = previewInput.parse(req.body ?? {});
    const form = parseForm(b.formData);
    const columns = parseColumns(b.appColumnData ?? b.columnData, form, '移动端列表设计');
    return ok({ formData: JSON.stringify(form), columnData: columns ? JSON.stringify(columns) : null });
  });
  // app export: the module's design as a JSON file (form, phone list), to import into the app
  app.post(`${DEV}/App/:moduleId/Actions/ExportData`, byMenu(DESIGN), async (req, reply) => {
    const row = await mustModule(ctx, req, idParam(req, 'moduleId'));
    const file = {
      fullName: row.fullName,
      enCode: row.enCode,
      type: row.type,
      formData: row.formData,
      columnData: row.appColumnData ?? row.columnData,
    };
    return attachment(reply, `${row.fullName}.json`, 'application/json; charset=utf-8').send(
      JSON.stringify(file, null, 2),
    );
  });
}
