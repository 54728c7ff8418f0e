/**
 * The data source routes in both dialects: JNPF `/system/DataSource`, BladeX `/blade-develop/datasource` (with
 * `/blade-develop/datasource-table`), and the JNPF data model views of a source's tables `/system/DataModel/{id}`.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { parseIds } from '../../core/query.ts';
import { queryOf } from '../../core/request-params.ts';
import { type Column, DB_TYPES, knownTable, withSession } from './connect.ts';
import { alterTable, createTable, tableInput, tableUpdate } from './model-ddl.ts';
import {
  asBladeSource,
  asSource,
  findSource,
  MSG_NOT_FOUND,
  normaliseBladeBody,
  normaliseSourceBody,
  num,
  OWN_DB,
  pageSources,
  pOf,
  READERS,
  removeSources,
  saveSource,
  selectorOf,
  settingsOf,
  tablesOf,
  testConnection,
} from './sources.ts';

export function sourceRoutes(app: FastifyInstance, ctx: AppContext) {
  jnpfSourceRoutes(app, ctx);
  bladeSourceRoutes(app, ctx);
  dataModelRoutes(app, ctx);
}

/** JNPF /system/DataSource */
function jnpfSourceRoutes(app: FastifyInstance, ctx: AppContext) {
  const S = '/system/DataSource';
  app.get(S, byMenu('data_source'), async (req) => {
    const q = queryOf(req);
    const page = num(q.currentPage, 1, 1_000_000);
    const size = num(q.pageSize, 20);
    const r = await pageSources(ctx, req, q, page, size);
    return ok({ list: r.rows, pagination: { currentPage: page, pageSize: size, total: r.total } });
  });
  app.get(`${S}/Selector`, byMenu(...READERS), async (req) => ok({ list: await selectorOf(ctx, req, 'fullName') }));
  app.post(
    `${S}/Actions/Test`,
    byMenu('data_source', 'data_source_add', 'data_source_edit', 'develop_datasource'),
    async (req) => ok(await testConnection(ctx, req), '连接成功'),
  );
  app.post(S, byMenu('data_source_add'), async (req) =>
    ok({ id: await saveSource(ctx, req, normaliseSourceBody(req.body)) }, '新建成功'),
  );
  app.get(`${S}/:id`, byMenu('data_source'), async (req) => {
    const r = await findSource(ctx, req, pOf(req).id);
    return ok(r ? asSource(r) : null);
  });
  app.put(`${S}/:id`, byMenu('data_source_edit'), async (req) => {
    await saveSource(ctx, req, normaliseSourceBody(req.body), pOf(req).id);
    return done('更新成功');
  });
  app.delete(`${S}/:id`, byMenu('data_source_delete'), async (req) => {
    if (!(await removeSources(ctx, req, [pOf(req).id]))) throw badRequest(MSG_NOT_FOUND);
    return done('删除成功');
  });
}

/** BladeX /blade-develop/datasource */
function bladeSourceRoutes(app: FastifyInstance, ctx: AppContext) {
  const D = '/blade-develop/datasource';
  app.get(`${D}/list`, byMenu('develop_datasource', 'code_gen'), async (req) => {
    const q = queryOf(req);
    const current = num(q.current, 1, 1_000_000);
    const size = num(q.size, 10);
    const r = await pageSources(ctx, req, q, current, size, asBladeSource);
    return ok({ records: r.rows, total: r.total, size, current, pages: Math.ceil(r.total / size) });
  });
  app.get(`${D}/select`, byMenu('develop_datasource', 'code_gen', 'business_data_model'), async (req) =>
    ok(await selectorOf(ctx, req, 'name')),
  );
  app.get(`${D}/selectDbType`, byMenu('develop_datasource', 'data_source'), async () =>
    ok(
      DB_TYPES.map((t) => ({
        dictKey: t.dbType,
        dictValue: t.label,
        defaultPort: t.defaultPort,
        driverClass: t.driverClass,
      })),
    ),
  );
  app.get(`${D}/detail`, byMenu('develop_datasource', 'code_gen'), async (req) => {
    const id = String(queryOf(req).id ?? '');
    if (!id) throw badRequest('缺少必要的请求参数: id');
    const r = await findSource(ctx, req, id);
    return ok(r ? asBladeSource(r) : null);
  });
  app.post(`${D}/submit`, byMenu('develop_datasource_add', 'develop_datasource_edit'), async (req) => {
    const b = normaliseBladeBody(req.body);
    const id = b.id ? String(b.id) : undefined;
    await saveSource(ctx, req, b, id);
    return done();
  });
  app.post(`${D}/remove`, byMenu('develop_datasource_delete'), async (req) => {
    const ids = parseIds(queryOf(req).ids ?? (req.body as Record<string, unknown> | undefined)?.ids);
    await removeSources(ctx, req, ids);
    return done();
  });
  app.get('/blade-develop/datasource-table/:id/tables', byMenu('develop_datasource', 'code_gen'), async (req) => {
    const rows = await tablesOf(ctx, req, pOf(req).id);
    return ok(rows.map((r) => ({ name: r.table, tableName: r.table, comment: r.comment, rows: r.rows })));
  });
  app.get('/blade-develop/datasource-table/:id/table/:name', byMenu('develop_datasource', 'code_gen'), async (req) => {
    const { id, name } = pOf(req);
    const info = await withSession(ctx, await settingsOf(ctx, req, id), async (x) => {
      const t = (await x.tables()).find((r) => r.table === name);
      return t ? { name: t.table, comment: t.comment, columns: await x.columns(t.table) } : null;
    });
    return ok(info);
  });
}

/** A column as the JNPF data model lists it. */
const asModelField = (c: Column) => ({
  field: c.name,
  fieldName: c.comment ?? '',
  dataType: c.type,
  allowNull: c.nullable ? 1 : 0,
  primaryKey: c.primaryKey ? 1 : 0,
});

/** JNPF /system/DataModel/{id}: a source's tables, their fields and rows; create, change and drop a table */
function dataModelRoutes(app: FastifyInstance, ctx: AppContext) {
  const M = '/system/DataModel/:id';
  const MODEL_READ = byMenu('data_model', 'business_data_model', 'code_gen');
  app.get(`${M}/Tables`, MODEL_READ, async (req) => {
    const q = queryOf(req);
    const kw = typeof q.keyword === 'string' ? q.keyword.trim().toLowerCase() : '';
    const rows = (await tablesOf(ctx, req, pOf(req).id)).filter(
      (r) => !kw || r.table.toLowerCase().includes(kw) || (r.comment ?? '').toLowerCase().includes(kw),
    );
    return ok({ list: rows.map((r) => ({ table: r.table, tableName: r.comment ?? '', sum: r.rows })) });
  });
  app.get(`${M}/Table/:name`, MODEL_READ, async (req) => {
    const { id, name } = pOf(req);
    const info = await withSession(ctx, await settingsOf(ctx, req, id), async (x) => {
      const t = (await x.tables()).find((r) => r.table === name);
      if (!t) return null;
      const cols = await x.columns(t.table);
      return {
        tableInfo: { table: t.table, tableName: t.comment ?? '', rows: t.rows },
        tableFieldList: cols.map(asModelField),
      };
    });
    return ok(info);
  });
  app.get(`${M}/Table/:name/Preview`, MODEL_READ, async (req) => {
    const { id, name } = pOf(req);
    const q = queryOf(req);
    const page = num(q.currentPage, 1, 1_000_000);
    const size = num(q.pageSize, 20, 500);
    const r = await withSession(ctx, await settingsOf(ctx, req, id), async (x) => {
      const t = await knownTable(x, name);
      const cols = await x.columns(t);
      const order = cols.filter((c) => c.primaryKey).map((c) => x.quote(c.name));
      const [{ n }] = await x.read(`select count(*) as n from ${x.qualified(t)}`, [], 10_000);
      const rows = await x.read(
        `select * from ${x.qualified(t)}${order.length ? ` order by ${order.join(', ')}` : ''} limit ${size} offset ${(page - 1) * size}`,
        [],
        10_000,
      );
      return { list: rows, total: Number(n) };
    });
    return ok({ list: r.list, pagination: { currentPage: page, pageSize: size, total: r.total } });
  });
  app.get(`/system/DataModel/:id/Tables/:name/Fields`, MODEL_READ, async (req) => {
    const { id, name } = pOf(req);
    const cols = await withSession(ctx, await settingsOf(ctx, req, id), async (x) =>
      x.columns(await knownTable(x, name)),
    );
    return ok({
      list: cols.map(asModelField),
    });
  });
  // create a table in a source (never in the console's own database: its tables come from migrations)
  app.post(`${M}/Table`, byMenu('data_model_add'), async (req) => {
    const id = pOf(req).id;
    if (id === OWN_DB) throw badRequest('不能在本系统数据库中建表');
    const b = tableInput.parse(req.body ?? {});
    const s = await settingsOf(ctx, req, id);
    await withSession(ctx, s, (x) => createTable(x, b), '建表失败');
    return done('新建成功');
  });
  // change a table: rename it, add the new fields, drop the fields left out, change nullability. A field's type
  // is not changed in place (existing rows may not convert): drop it and add it again.
  app.put(`${M}/Table`, byMenu('data_model_edit'), async (req) => {
    const id = pOf(req).id;
    if (id === OWN_DB) throw badRequest('不能修改本系统数据库的表');
    const b = tableUpdate.parse(req.body ?? {});
    const from = b.oldTableName ?? b.tableName;
    const s = await settingsOf(ctx, req, id);
    await withSession(ctx, s, (x) => alterTable(x, from, b), '修改数据表失败');
    return done('修改成功');
  });
  app.delete(`${M}/Table/:name`, byMenu('data_model_delete'), async (req) => {
    const { id, name } = pOf(req);
    if (id === OWN_DB) throw badRequest('不能删除本系统数据库的表');
    const s = await settingsOf(ctx, req, id);
    await withSession(
      ctx,
      s,
      async (x) => {
        if (!(await x.tables()).some((t) => t.table === name)) throw badRequest(`数据表不存在: ${name}`);
        await x.write(`drop table ${x.qualified(name)}`, [], 30_000);
      },
      '删除数据表失败',
    );
    return done('删除成功');
  });
}
