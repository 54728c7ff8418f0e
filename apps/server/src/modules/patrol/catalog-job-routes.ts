/** The objects patrols visit: `patrol-job-object/list`, save, remove. */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, done, ok } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { inTenant, tenantText } from '../../core/scoped.ts';
import { fromEpsg4548, toEpsg4548 } from '../monitor/index.ts';
import { FACILITY_NAME } from './catalog.ts';
import { facility, merged, num, removeIds, text } from './catalog-fields.ts';
import { saveCatalogRow } from './catalog-save.ts';
import { blank, optionalId, pageReply, paging, parse, tenantOf } from './common.ts';
import { byMenu } from './grants.ts';
import { patrolJobObject } from './schema.ts';

const JOB_LIST_QUERY = paging.extend({
  size: paging.shape.size.default(1000),
  facilityType: z.preprocess(blank, z.string().optional()),
  keyword: z.preprocess(blank, z.string().max(100).optional()),
  deptId: optionalId('部门编号格式不正确'),
});

const JOB_OBJECT_BODY = z
  .object({
    id: optionalId('编号格式不正确'),
    objectCode: z.preprocess(
      blank,
      z
        .string({ error: '请输入对象编号' })
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, '对象编号只能是字母、数字、下划线或短横线'),
    ),
    objectName: z.preprocess(
      blank,
      z.string({ error: '请输入对象名称' }).trim().min(1, '请输入对象名称').max(100, '对象名称不能超过 100 个字符'),
    ),
    facilityType: facility,
    gisLayer: text(64, '图层'),
    gisId: text(64, '要素编号'),
    address: text(255, '地址'),
    x: num,
    y: num,
    lon: num,
    lat: num,
    deptId: optionalId('部门编号格式不正确'),
  })
  .refine(
    (o) => (o.x !== undefined && o.y !== undefined) || (o.lon !== undefined && o.lat !== undefined),
    '请在地图上选择对象位置',
  );

/** Both coordinate pairs of a saved object: the missing pair from the given one; EPSG:4548 within its range. */
function placeOf(p: { x?: number; y?: number; lon?: number; lat?: number }) {
  let { x, y, lon, lat } = p;
  if (x === undefined || y === undefined) ({ x, y } = toEpsg4548(lon!, lat!));
  else if (lon === undefined || lat === undefined) ({ lon, lat } = fromEpsg4548(x, y));
  if (!(x! > 200_000 && x! < 800_000 && y! > 1_000_000 && y! < 6_000_000)) throw badRequest('坐标超出 EPSG:4548 范围');
  return { x, y, lon, lat };
}

export function jobObjectRoutes(app: FastifyInstance, ctx: AppContext) {
  const B = '/swp-pipeops-patrol';
  const pool = ctx.database.pool;

  app.get(`${B}/patrol-job-object/list`, byMenu('patrol_job_object', 'patrol_plan', 'patrol_task'), async (req) => {
    const q = parse(JOB_LIST_QUERY, req.query);
    const args: unknown[] = [tenantOf(req)];
    let w = `${tenantText(patrolJobObject, '$1', 'o')} and o.is_deleted = 0`;
    if (q.facilityType) {
      args.push(q.facilityType);
      w += ` and o.facility_type = $${args.length}`;
    }
    if (q.keyword) {
      args.push(q.keyword);
      w += ` and (o.object_name like '%' || $${args.length} || '%' or o.object_code like '%' || $${args.length} || '%')`;
    }
    if (q.deptId) {
      args.push(q.deptId);
      w += ` and o.dept_id = $${args.length}::bigint`;
    }
    const total = (await pool.query(`select count(*)::int as n from swp_patrol_job_object o where ${w}`, args)).rows[0]
      .n;
    const rows = await pool.query(
      `select o.id::text, o.object_code as "objectCode", o.object_name as "objectName", o.facility_type as "facilityType",
              o.gis_layer as "gisLayer", o.gis_id as "gisId", o.address, o.x, o.y, o.lon, o.lat,
              o.dept_id::text as "deptId", d.dept_name as "deptName"
         from swp_patrol_job_object o left join blade_dept d on d.id = o.dept_id
        where ${w} order by o.object_code limit ${q.size} offset ${(q.current - 1) * q.size}`,
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

  app.post(`${B}/patrol-job-object/save`, byMenu('patrol_job_object_add', 'patrol_job_object_edit'), async (req) => {
    const p = parse(JOB_OBJECT_BODY, req.body);
    const { x, y, lon, lat } = placeOf(p);
    const tenantId = tenantOf(req);
    const values = {
      objectCode: p.objectCode,
      objectName: p.objectName,
      facilityType: p.facilityType,
      gisLayer: p.gisLayer ?? null,
      gisId: p.gisId ?? null,
      address: p.address ?? null,
      x,
      y,
      lon,
      lat,
      deptId: p.deptId ?? null,
    };
    const id = await ctx.db.transaction(async (tx) => {
      const dup = await tx
        .select({ id: patrolJobObject.id })
        .from(patrolJobObject)
        .where(
          inTenant(
            patrolJobObject,
            tenantId,
            eq(patrolJobObject.objectCode, p.objectCode),
            eq(patrolJobObject.isDeleted, 0),
          ),
        );
      if (dup.some((d) => d.id !== p.id)) throw badRequest('对象编号已存在');
      return saveCatalogRow(tx, patrolJobObject, tenantId, p.id, values, userOf(req).userId, '作业对象不存在');
    });
    const [row] = await ctx.db.select().from(patrolJobObject).where(eq(patrolJobObject.id, id));
    return ok(row);
  });

  app.post(`${B}/patrol-job-object/remove`, byMenu('patrol_job_object_delete'), async (req) => {
    const ids = removeIds(merged(req));
    await ctx.db
      .update(patrolJobObject)
      .set({ isDeleted: 1 })
      .where(inTenant(patrolJobObject, tenantOf(req), inArray(patrolJobObject.id, ids)));
    return done();
  });
}
