/**
 * JNPF dictionaries: `/system/DictionaryType` (a tree of dictionary types) and `/system/DictionaryData` (the items
 * of a type, flat or a tree when the type says `isTree`). A type is named in paths by its id or its enCode.
 */

import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachment } from '../../core/attachment.ts';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { byMenu, signedIn } from '../../core/gate.ts';
import { toJson } from '../../core/json.ts';
import { assertLiveRow, assertNoLiveRef } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { queryOf } from '../../core/request-params.ts';
import { defineResource, type Row } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import {
  asJnpf,
  assertNoLiveChild,
  assertParent,
  flag,
  keywordOn,
  MSG_UPDATED,
  parentInput,
  pathId,
  refuseLiveChildren,
  sortInput,
  toggleEnabled,
  treeOf,
} from './jnpf.ts';
import { registerJnpfCrud } from './jnpf-crud.ts';
import { dictionaryData, dictionaryType } from './schema.ts';

const name = (what: string) =>
  z
    .string({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .max(100, `${what}不能超过100个字符`);
const code = (what: string) =>
  z
    .string({ error: `请输入${what}` })
    .trim()
    .min(1, `请输入${what}`)
    .max(64, `${what}不能超过64个字符`)
    .regex(/^[\w.:-]+$/, `${what}只能包含字母、数字、下划线、点、冒号和短横线`);
const description = z.string().trim().max(500, '说明不能超过500个字符').nullish();
const order = (cols: Map<string, any>) => [asc(cols.get('sortCode')), asc(cols.get('createTime')), asc(cols.get('id'))];

/** types and items are one screen: the same menu and buttons grant both */
const grant = {
  read: ['dictionary'],
  submit: ['dictionary_add', 'dictionary_edit'],
  remove: ['dictionary_delete'],
  pick: 'signed-in',
} as const;

export const dictionaryTypeResource = defineResource({
  code: 'dictionary',
  grant,
  base: '/system/DictionaryType',
  table: dictionaryType,
  routes: [],
  input: {
    parentId: parentInput,
    fullName: name('名称'),
    enCode: code('编码'),
    isTree: flag('树形').optional(),
    sortCode: sortInput,
    description,
    enabledMark: flag('状态').optional(),
  },
  params: ['keyword'],
  order,
  unique: [
    { fields: ['enCode'], message: '字典分类编码已存在' },
    { fields: ['fullName'], message: '字典分类名称已存在' },
  ],
  hooks: {
    where: (q) => keywordOn([dictionaryType.fullName, dictionaryType.enCode], q.keyword),
    beforeSave: (data, h) =>
      assertParent(data, h, '上级分类不存在', () =>
        h.tx
          .select({ id: dictionaryType.id, parentId: dictionaryType.parentId })
          .from(dictionaryType)
          .where(liveInTenant(dictionaryType, h.req.tenantId)),
      ),
    async beforeRemove(rows, h) {
      const ids = rows.map((r) => String(r.id));
      await assertNoLiveChild(h.tx, dictionaryType, ids, '该字典分类下有子分类，不能删除');
      await assertNoLiveRef(
        h.tx,
        dictionaryData,
        dictionaryData.dictionaryTypeId,
        ids,
        '该字典分类下有字典数据，不能删除',
      );
    },
  },
});

export const dictionaryDataResource = defineResource({
  code: 'dictionary',
  grant,
  base: '/system/DictionaryData',
  table: dictionaryData,
  routes: [],
  input: {
    dictionaryTypeId: z
      .union([z.string(), z.number()], { error: '请选择字典分类' })
      .transform((v) => String(v).trim())
      .refine((v) => /^\d{1,19}$/.test(v), '请选择字典分类'),
    parentId: parentInput,
    fullName: name('名称'),
    enCode: code('编码'),
    simpleSpelling: z.string().trim().max(100).nullish(),
    isDefault: flag('默认').optional(),
    sortCode: sortInput,
    description,
    enabledMark: flag('状态').optional(),
  },
  params: ['keyword'],
  order,
  unique: [{ fields: ['dictionaryTypeId', 'enCode'], message: '字典编码已存在' }],
  hooks: {
    where: (q) => keywordOn([dictionaryData.fullName, dictionaryData.enCode, dictionaryData.simpleSpelling], q.keyword),
    async beforeSave(data, h) {
      const typeId = data.dictionaryTypeId ?? h.existing?.dictionaryTypeId;
      await assertLiveRow(h.tx, dictionaryType, h.req.tenantId, eq(dictionaryType.id, typeId), '字典分类不存在');
      await assertParent(data, h, '上级字典不存在或不属于该分类', () =>
        h.tx
          .select({ id: dictionaryData.id, parentId: dictionaryData.parentId })
          .from(dictionaryData)
          .where(and(eq(dictionaryData.dictionaryTypeId, typeId), eq(dictionaryData.isDeleted, 0))),
      );
    },
    beforeRemove: refuseLiveChildren(dictionaryData, '该字典下有子项，不能删除'),
  },
});

/** A dictionary type of the caller's tenant named by id or enCode; a 400 when there is none. */
async function typeOf(ctx: AppContext, req: FastifyRequest, idOrCode: string): Promise<Row> {
  const vis = await dictionaryTypeResource.visibility(req);
  const match: SQL = /^\d{1,19}$/.test(idOrCode)
    ? (or(eq(dictionaryType.id, idOrCode), eq(dictionaryType.enCode, idOrCode)) as SQL)
    : eq(dictionaryType.enCode, idOrCode);
  const [row] = await ctx.db
    .select()
    .from(dictionaryType)
    .where(and(match, ...vis))
    .limit(1);
  if (!row) throw badRequest(`字典分类不存在: ${idOrCode}`);
  return row;
}

const selectorNode = (r: Row) => ({ id: r.id, parentId: r.parentId, fullName: r.fullName, enCode: r.enCode });

const T = '/system/DictionaryType';
const D = '/system/DictionaryData';

/** `isTree` in the query when given, else the type's own setting. */
const wantsTree = (query: Record<string, unknown>, type: Row) =>
  query.isTree === undefined || query.isTree === ''
    ? type.isTree === 1
    : String(query.isTree) === '1' || query.isTree === 'true';

export function registerDictionaryRoutes(app: FastifyInstance, ctx: AppContext) {
  registerTypeRoutes(app, ctx);
  registerDataReads(app, ctx);
  registerDataMaintenance(app, ctx);
}

function registerTypeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(T, byMenu('dictionary'), async (req) => {
    const keyword = queryOf(req).keyword;
    const rows = (await dictionaryTypeResource.all(ctx, req, keyword ? { keyword } : {})).map(asJnpf);
    return ok({ list: treeOf(rows) });
  });
  registerJnpfCrud(app, ctx, dictionaryTypeResource, { base: T, menu: 'dictionary' });
}

/** the reads every signed-in screen uses to fill its pickers */
function registerDataReads(app: FastifyInstance, ctx: AppContext) {
  app.get(`${D}/All`, signedIn, async (req) => {
    const types = await dictionaryTypeResource.all(ctx, req, {});
    const data = (await dictionaryDataResource.all(ctx, req, {})).filter((d) => d.enabledMark === 1);
    const byType = new Map<string, Row[]>();
    for (const d of data) {
      const k = String(d.dictionaryTypeId);
      if (!byType.has(k)) byType.set(k, []);
      byType.get(k)!.push(selectorNode(d));
    }
    return ok({
      list: types.map((t) => {
        const items = byType.get(String(t.id)) ?? [];
        return {
          id: t.id,
          parentId: t.parentId,
          fullName: t.fullName,
          enCode: t.enCode,
          isTree: t.isTree,
          dictionaryList: t.isTree === 1 ? treeOf(items) : items,
        };
      }),
    });
  });
  app.get(`${D}/:id`, signedIn, async (req) => {
    const query = queryOf(req);
    const type = await typeOf(ctx, req, (req.params as { id: string }).id);
    const rows = (
      await dictionaryDataResource.all(ctx, req, {
        dictionaryTypeId: type.id,
        ...(query.keyword ? { keyword: query.keyword } : {}),
      })
    ).map(asJnpf);
    const tree = wantsTree(query, type);
    return ok({ list: tree && !query.keyword ? treeOf(rows) : rows });
  });
  app.get(`${D}/:id/Selector`, signedIn, async (req) => {
    const query = queryOf(req);
    const type = await typeOf(ctx, req, (req.params as { id: string }).id);
    const rows = (await dictionaryDataResource.all(ctx, req, { dictionaryTypeId: type.id }))
      .filter((r) => r.enabledMark === 1)
      .map(selectorNode);
    const tree = wantsTree(query, type);
    return ok({ list: tree ? treeOf(rows) : rows });
  });
}

/** the maintenance screen's routes: writes, state, one item and the export */
function registerDataMaintenance(app: FastifyInstance, ctx: AppContext) {
  registerJnpfCrud(app, ctx, dictionaryDataResource, { base: D, menu: 'dictionary', info: '/:id/Info' });
  app.put(`${D}/:id/Actions/State`, byMenu('dictionary_edit'), async (req) => {
    const id = pathId(req);
    await toggleEnabled(ctx, req, dictionaryDataResource, id);
    return done(MSG_UPDATED);
  });
  app.get(`${D}/:id/Action/Export`, byMenu('dictionary'), async (req, reply) => {
    const type = await typeOf(ctx, req, (req.params as { id: string }).id);
    const data = await dictionaryDataResource.all(ctx, req, { dictionaryTypeId: type.id });
    const internal = new Set(['tenantId', 'isDeleted', 'createUser', 'createDept', 'updateUser', 'status']);
    const strip = (r: Row) => Object.fromEntries(Object.entries(r).filter(([k]) => !internal.has(k)));
    const file = { exportTime: new Date(), dictionaryType: strip(type), dictionaryData: data.map(strip) };
    return attachment(reply, `${type.fullName}_${type.enCode}.json`, 'application/json; charset=utf-8').send(
      toJson(file),
    );
  });
}
