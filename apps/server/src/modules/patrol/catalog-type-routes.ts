/**
 * Patrol types (`patrol-type/list`, `save`, `remove`) and what each inspects (`patrol-type-object/page`, `save`,
 * `remove`): the resource engine, with the family's own words (the first issue's message, its missing-row texts),
 * saves answering the saved row, removals passing over ids already gone. Rows are the tenant's, whoever wrote them.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertLiveRow, assertNoLiveRef } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { FACILITY_NAME } from './catalog.ts';
import { code, facility, name, sortOrder, text } from './catalog-fields.ts';
import { blank, idString, optionalId, tenantOf } from './common.ts';
import { patrolPlan, patrolType, patrolTypeObject } from './schema.ts';

const B = '/swp-pipeops-patrol';

const TYPE_BODY = z.object({
  id: optionalId('编号格式不正确'),
  typeCode: code('类型编码', /^[A-Za-z0-9_-]{1,32}$/, '类型编码只能是 1 到 32 位字母、数字、下划线或短横线'),
  typeName: name(64, '类型名称'),
  sort: sortOrder,
  remark: text(255, '备注'),
});

const TYPE_OBJECT_BODY = z.object({
  id: optionalId('编号格式不正确'),
  typeId: idString('请选择巡检类型'),
  facilityType: facility,
  objectName: name(64, '对象名称'),
  checkItems: z.preprocess(
    (v) => (Array.isArray(v) ? v.join('\n') : (blank(v) ?? '')),
    z.string().max(2000, '检查项不能超过 2000 个字符'),
  ),
  sort: sortOrder,
  remark: text(255, '备注'),
});

export const patrolTypeResource = defineResource({
  code: 'patrol_type',
  base: `${B}/patrol-type`,
  table: patrolType,
  input: TYPE_BODY.shape,
  grant: buttonGrants('patrol_type', ['patrol_type', 'patrol_plan', 'patrol_task', 'patrol_overview']),
  routes: ['list', 'submit', 'remove'],
  paths: { submit: 'save' },
  listMode: 'all',
  dataScope: false,
  validation: 'message',
  reply: { submit: 'row' },
  messages: { missing: '巡检类型不存在' },
  removal: { missing: 'skip' },
  unique: [{ fields: ['typeCode'], message: '类型编码已存在' }],
  order: (c) => [asc(c.get('sort')!), asc(c.get('id')!)],
  hooks: {
    // a type a plan still uses stays; its objects go with it
    async beforeRemove(rows, { tx, req }) {
      await assertNoLiveRef(
        tx,
        patrolPlan,
        patrolPlan.typeId,
        rows.map((r) => r.id),
        '该巡检类型已被计划使用，不能删除',
        inTenant(patrolPlan, tenantOf(req)),
      );
    },
    async afterRemove(rows, { tx, req }) {
      await tx
        .update(patrolTypeObject)
        .set({ isDeleted: 1 })
        .where(
          inTenant(
            patrolTypeObject,
            tenantOf(req),
            inArray(
              patrolTypeObject.typeId,
              rows.map((r) => r.id),
            ),
          ),
        );
    },
  },
});

export const patrolTypeObjectResource = defineResource({
  code: 'patrol_type_object',
  base: `${B}/patrol-type-object`,
  table: patrolTypeObject,
  input: TYPE_OBJECT_BODY.shape,
  grant: {
    read: ['patrol_type', 'patrol_plan'],
    submit: ['patrol_type_add', 'patrol_type_edit'],
    remove: ['patrol_type_delete', 'patrol_type_edit'],
  },
  routes: ['page', 'submit', 'remove'],
  paths: { submit: 'save' },
  dataScope: false,
  validation: 'message',
  reply: { submit: 'row' },
  messages: { missing: '巡检类型对象不存在' },
  removal: { missing: 'skip' },
  // a facility type is matched whole (the engine's plain text filter would match a part)
  params: ['facilityType'],
  // the types' order first, then the objects' own
  order: (c) => [
    asc(sql`(select ${patrolType.sort} from ${patrolType} where ${patrolType.id} = ${c.get('typeId')!})`),
    asc(c.get('sort')!),
    asc(c.get('id')!),
  ],
  hooks: {
    where: (q) => {
      const f = blank(q.facilityType);
      return f === undefined ? undefined : eq(patrolTypeObject.facilityType, String(f));
    },
    async beforeSave(data, { tx, req }) {
      await assertLiveRow(tx, patrolType, tenantOf(req), eq(patrolType.id, data.typeId), '巡检类型不存在');
    },
    // each object with its type's name and its facility type's
    async decorate(rows, req, ctx) {
      const typeIds = [...new Set(rows.map((r) => r.typeId).filter(Boolean))];
      const types = typeIds.length
        ? await ctx.db
            .select({ id: patrolType.id, typeName: patrolType.typeName })
            .from(patrolType)
            .where(and(inTenant(patrolType, tenantOf(req)), inArray(patrolType.id, typeIds)))
        : [];
      const nameOf = new Map(types.map((t) => [String(t.id), t.typeName]));
      return rows.map((r) => ({
        ...r,
        typeName: nameOf.get(String(r.typeId)) ?? null,
        facilityTypeName: FACILITY_NAME[r.facilityType],
      }));
    },
  },
});

export function typeRoutes(app: FastifyInstance, ctx: AppContext) {
  patrolTypeResource.routes(app, ctx);
  patrolTypeObjectResource.routes(app, ctx);
}
