/**
 * The objects patrols visit: `patrol-job-object/list` (a page; the plan form's picker reads them whole, up to 10 000),
 * `save` and `remove`, on the resource engine. A position comes as EPSG:4548 x/y or as longitude/latitude; the
 * other pair is worked out, so both are stored. Rows are the tenant's, whoever wrote them.
 */
import { asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import type { AppContext } from '../../core/module.ts';
import { likeContains } from '../../core/query.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { fromEpsg4548, toEpsg4548 } from '../monitor/index.ts';
import { FACILITY_NAME } from './catalog.ts';
import { code, facility, name, num, text } from './catalog-fields.ts';
import { blank, optionalId } from './common.ts';
import { patrolJobObject } from './schema.ts';

const B = '/swp-pipeops-patrol';

const JOB_OBJECT_BODY = z.object({
  id: optionalId('编号格式不正确'),
  objectCode: code('对象编号', /^[A-Za-z0-9_-]{1,64}$/, '对象编号只能是字母、数字、下划线或短横线'),
  objectName: name(100, '对象名称'),
  facilityType: facility,
  gisLayer: text(64, '图层'),
  gisId: text(64, '要素编号'),
  address: text(255, '地址'),
  x: num,
  y: num,
  lon: num,
  lat: num,
  deptId: optionalId('部门编号格式不正确').transform((v) => v ?? null),
});

/** Both coordinate pairs of a saved object: the missing pair from the given one; EPSG:4548 within its range. */
function placeOf(p: { x?: number | null; y?: number | null; lon?: number | null; lat?: number | null }) {
  let { x, y, lon, lat } = p;
  if (x == null || y == null) ({ x, y } = toEpsg4548(lon!, lat!));
  else if (lon == null || lat == null) ({ lon, lat } = fromEpsg4548(x, y));
  if (!(x! > 200_000 && x! < 800_000 && y! > 1_000_000 && y! < 6_000_000)) throw badRequest('坐标超出 EPSG:4548 范围');
  return { x, y, lon, lat };
}

export const jobObjectResource = defineResource({
  code: 'patrol_job_object',
  base: `${B}/patrol-job-object`,
  table: patrolJobObject,
  input: JOB_OBJECT_BODY.shape,
  grant: buttonGrants('patrol_job_object', ['patrol_job_object', 'patrol_plan', 'patrol_task']),
  routes: ['list', 'submit', 'remove'],
  paths: { submit: 'save' },
  pageSize: { default: 1000, max: 10_000 },
  dataScope: false,
  validation: 'message',
  reply: { submit: 'row' },
  messages: { missing: '作业对象不存在' },
  removal: { missing: 'skip' },
  unique: [{ fields: ['objectCode'], message: '对象编号已存在' }],
  // a facility type is matched whole; the keyword looks in names and codes
  params: ['facilityType', 'keyword'],
  order: (c) => [asc(c.get('objectCode')!)],
  hooks: {
    where: (q) => {
      const conds = [];
      const f = blank(q.facilityType);
      if (f !== undefined) conds.push(eq(patrolJobObject.facilityType, String(f)));
      const kw = typeof q.keyword === 'string' ? q.keyword.trim().slice(0, 100) : '';
      if (kw)
        conds.push(
          or(
            sql`${patrolJobObject.objectName} ilike ${likeContains(kw)}`,
            sql`${patrolJobObject.objectCode} ilike ${likeContains(kw)}`,
          )!,
        );
      return conds.length ? sql.join(conds, sql` and `) : undefined;
    },
    beforeSave(data) {
      if (!((data.x != null && data.y != null) || (data.lon != null && data.lat != null))) {
        throw badRequest('请在地图上选择对象位置');
      }
      Object.assign(data, placeOf(data));
    },
    // each object with its facility type's name and its department's
    async decorate(rows, _req, ctx) {
      const deptIds = [
        ...new Set(
          rows
            .map((r) => r.deptId)
            .filter(Boolean)
            .map(String),
        ),
      ];
      const depts = deptIds.length
        ? (
            await ctx.database.pool.query<{ id: string; name: string }>(
              'select id::text, dept_name as name from blade_dept where id = any($1::bigint[])',
              [deptIds],
            )
          ).rows
        : [];
      const nameOf = new Map(depts.map((d) => [d.id, d.name]));
      return rows.map((r) => ({
        ...r,
        facilityTypeName: FACILITY_NAME[r.facilityType],
        deptName: r.deptId ? (nameOf.get(String(r.deptId)) ?? null) : null,
      }));
    },
  },
});

export function jobObjectRoutes(app: FastifyInstance, ctx: AppContext) {
  jobObjectResource.routes(app, ctx);
}
