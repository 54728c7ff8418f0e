/** Patrol types (`patrol-type/list`, save, remove) and what each inspects (`patrol-type-object/page`, save, remove). */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant, tenantText } from '../../core/scoped.ts';
import { FACILITY_NAME } from './catalog.ts';
import { facility, merged, removeIds, text } from './catalog-fields.ts';
import { saveCatalogRow } from './catalog-save.ts';
import { blank, idString, optionalId, pageReply, paging, parse, tenantOf } from './common.ts';
import { byMenu } from './grants.ts';
import { patrolPlan, patrolType, patrolTypeObject } from './schema.ts';

const TYPE_BODY = z.object({
  id: optionalId('编号格式不正确'),
  typeCode: z.preprocess(
    blank,
    z
      .string({ error: '请输入类型编码' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, '类型编码只能是 1 到 32 位字母、数字、下划线或短横线'),
  ),
  typeName: z.preprocess(
    blank,
    z.string({ error: '请输入类型名称' }).trim().min(1, '请输入类型名称').max(64, '类型名称不能超过 64 个字符'),
  ),
  sort: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v) : (v ?? 1)),
    z.number({ error: '排序必须是整数' }).int('排序必须是整数'),
  ),
  remark: text(255, '备注'),
});

const TYPE_OBJECT_BODY = z.object({
  id: optionalId('编号格式不正确'),
  typeId: idString('请选择巡检类型'),
  facilityType: facility,
  objectName: z.preprocess(
    blank,
    z.string({ error: '请输入对象名称' }).trim().min(1, '请输入对象名称').max(64, '对象名称不能超过 64 个字符'),
  ),
  checkItems: z.preprocess(
    (v) => (Array.isArray(v) ? v.join('\n') : (blank(v) ?? '')),
    z.string().max(2000, '检查项不能超过 2000 个字符'),
  ),
  sort: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v) : (v ?? 1)),
    z.number({ error: '排序必须是整数' }).int('排序必须是整数'),
  ),
  remark: text(255, '备注'),
});

export function typeRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol';
  const pool = ctx.database.pool;

  app.get(
    `${B}/patrol-type/list`,
    byMenu('patrol_type', 'patrol_plan', 'patrol_task', 'patrol_overview'),
    async (req) => {
      const rows = await ctx.db
        .select()
        .from(patrolType)
        .where(inTenant(patrolType, tenantOf(req), eq(patrolType.isDeleted, 0)))
        .orderBy(patrolType.sort, patrolType.id);
      return ok(rows);
    },
  );

  app.post(`${B}/patrol-type/save`, byMenu('patrol_type_add', 'patrol_type_edit'), async (req) => {
    const p = parse(TYPE_BODY, req.body);
    const tenantId = tenantOf(req);
    const u = userOf(req);
    const id = await ctx.db.transaction(async (tx) => {
      const dup = await tx
        .select({ id: patrolType.id })
        .from(patrolType)
        .where(inTenant(patrolType, tenantId, eq(patrolType.typeCode, p.typeCode), eq(patrolType.isDeleted, 0)));
      if (dup.some((d) => d.id !== p.id)) throw badRequest('类型编码已存在');
      if (p.id) {
        const r = await tx
          .update(patrolType)
          .set({
            typeCode: p.typeCode,
            typeName: p.typeName,
            sort: p.sort,
            remark: p.remark ?? null,
            updateUser: u.userId,
            updateTime: new Date(),
          })
          .where(inTenant(patrolType, tenantId, eq(patrolType.id, p.id), eq(patrolType.isDeleted, 0)))
          .returning({ id: patrolType.id });
        if (!r.length) throw badRequest('巡检类型不存在');
        return p.id;
      }
      const nid = newId();
      await tx.insert(patrolType).values({
        id: nid,
        tenantId,
        typeCode: p.typeCode,
        typeName: p.typeName,
        sort: p.sort,
        remark: p.remark ?? null,
        createUser: u.userId,
      });
      return nid;
    });
    const [row] = await ctx.db.select().from(patrolType).where(eq(patrolType.id, id));
    return ok(row);
  });

  app.post(`${B}/patrol-type/remove`, byMenu('patrol_type_delete'), async (req) => {
    const ids = removeIds(merged(req));
    const tenantId = tenantOf(req);
    const used = await pool.query(
      `select 1 from swp_patrol_plan where ${tenantText(patrolPlan, '$1')} and is_deleted = 0 and type_id = any($2::bigint[]) limit 1`,
      [tenantId, ids],
    );
    if (used.rowCount) throw badRequest('该巡检类型已被计划使用，不能删除');
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(patrolType)
        .set({ isDeleted: 1 })
        .where(inTenant(patrolType, tenantId, inArray(patrolType.id, ids)));
      await tx
        .update(patrolTypeObject)
        .set({ isDeleted: 1 })
        .where(inTenant(patrolTypeObject, tenantId, inArray(patrolTypeObject.typeId, ids)));
    });
    return done();
  });
}

export function typeObjectRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol';
  const pool = ctx.database.pool;

  app.get(`${B}/patrol-type-object/page`, byMenu('patrol_type', 'patrol_plan'), async (req) => {
    const q = parse(
      paging.extend({
        typeId: optionalId('巡检类型编号格式不正确'),
        facilityType: z.preprocess(blank, z.string().optional()),
      }),
      req.query,
    );
    const args: unknown[] = [tenantOf(req)];
    let w = `${tenantText(patrolTypeObject, '$1', 'o')} and o.is_deleted = 0`;
    if (q.typeId) {
      args.push(q.typeId);
      w += ` and o.type_id = $${args.length}::bigint`;
    }
    if (q.facilityType) {
      args.push(q.facilityType);
      w += ` and o.facility_type = $${args.length}`;
    }
    const total = (await pool.query(`select count(*)::int as n from swp_patrol_type_object o where ${w}`, args)).rows[0]
      .n;
    const rows = await pool.query(
      `select o.id::text, o.type_id::text as "typeId", t.type_name as "typeName", o.facility_type as "facilityType",
              o.object_name as "objectName", o.check_items as "checkItems", o.sort, o.remark
         from swp_patrol_type_object o left join swp_patrol_type t on t.id = o.type_id
        where ${w} order by t.sort, o.sort, o.id limit ${q.size} offset ${(q.current - 1) * q.size}`,
      args,
    );
    return ok(
      pageReply(
        rows.rows.map((r) => ({ ...r, facilityTypeName: FACILITY_NAME[r.facilityType] })),
        total,
        q.current,
        q.size,
      ),
    );
  });

  app.post(`${B}/patrol-type-object/save`, byMenu('patrol_type_add', 'patrol_type_edit'), async (req) => {
    const p = parse(TYPE_OBJECT_BODY, req.body);
    const tenantId = tenantOf(req);
    const [type] = await ctx.db
      .select({ id: patrolType.id })
      .from(patrolType)
      .where(inTenant(patrolType, tenantId, eq(patrolType.id, p.typeId), eq(patrolType.isDeleted, 0)));
    if (!type) throw badRequest('巡检类型不存在');
    const values = {
      typeId: p.typeId,
      facilityType: p.facilityType,
      objectName: p.objectName,
      checkItems: p.checkItems,
      sort: p.sort,
      remark: p.remark ?? null,
    };
    const id = await ctx.db.transaction(async (tx) => {
      return saveCatalogRow(tx, patrolTypeObject, tenantId, p.id, values, userOf(req).userId, '巡检类型对象不存在');
    });
    const [row] = await ctx.db.select().from(patrolTypeObject).where(eq(patrolTypeObject.id, id));
    return ok(row);
  });

  app.post(`${B}/patrol-type-object/remove`, byMenu('patrol_type_delete', 'patrol_type_edit'), async (req) => {
    const ids = removeIds(merged(req));
    await ctx.db
      .update(patrolTypeObject)
      .set({ isDeleted: 1 })
      .where(inTenant(patrolTypeObject, tenantOf(req), inArray(patrolTypeObject.id, ids)));
    return done();
  });
}
