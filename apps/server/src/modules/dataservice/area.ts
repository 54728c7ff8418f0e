/**
 * Areas (`/system/Area`): the utility's service areas as a tree (城市 → 城区 → 片区/DMA → 小区), read level by level:
 * `GET /system/Area/{parentId}` lists the children of a node (`-1` or `0` for the top), `{id}/Selector` the
 * enabled children for cascaders.
 */

import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { done, ok } from '../../core/envelope.ts';
import { byMenu, signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { queryOf } from '../../core/request-params.ts';
import { buttonGrants, defineResource, type Row } from '../../core/resource.ts';
import { liveInTenant } from '../../core/scoped.ts';
import {
  asJnpf,
  assertParent,
  flag,
  keywordOn,
  MSG_UPDATED,
  normaliseParent,
  parentInput,
  pathId,
  refuseLiveChildren,
  sortInput,
  toggleEnabled,
} from './jnpf.ts';
import { registerJnpfCrud } from './jnpf-crud.ts';
import { area } from './schema.ts';

export const AREA_TYPES: Record<number, string> = { 1: '城市', 2: '城区', 3: '片区', 4: '小区' };

export const areaResource = defineResource({
  code: 'area',
  grant: buttonGrants('area', ['area'], { pick: 'signed-in' }),
  base: '/system/Area',
  table: area,
  routes: [],
  input: {
    parentId: parentInput,
    enCode: z
      .string({ error: '请输入区域编码' })
      .trim()
      .min(1, '请输入区域编码')
      .max(64, '区域编码不能超过64个字符')
      .regex(/^[\w.-]+$/, '区域编码只能包含字母、数字、下划线、点和短横线'),
    fullName: z
      .string({ error: '请输入区域名称' })
      .trim()
      .min(1, '请输入区域名称')
      .max(100, '区域名称不能超过100个字符'),
    quickQuery: z.string().trim().max(100).nullish(),
    type: z.coerce
      .number({ error: '请选择区域类型' })
      .int('请选择区域类型')
      .refine((v) => v in AREA_TYPES, '区域类型只能是 1 城市、2 城区、3 片区、4 小区')
      .optional(),
    sortCode: sortInput,
    description: z.string().trim().max(500, '说明不能超过500个字符').nullish(),
    enabledMark: flag('状态').optional(),
  },
  params: ['keyword'],
  order: (cols) => [asc(cols.get('sortCode') as any), asc(cols.get('enCode') as any), asc(cols.get('id') as any)],
  unique: [{ fields: ['enCode'], message: '区域编码已存在' }],
  hooks: {
    where: (q) => keywordOn([area.fullName, area.enCode, area.quickQuery], q.keyword),
    beforeSave: (data, h) =>
      assertParent(data, h, '上级区域不存在', () =>
        h.tx.select({ id: area.id, parentId: area.parentId }).from(area).where(liveInTenant(area, h.req.tenantId)),
      ),
    beforeRemove: refuseLiveChildren(area, '该区域下有子区域，不能删除'),
    decorate: (rows) => rows.map((r) => ({ ...r, typeName: AREA_TYPES[r.type] ?? '' })),
  },
});

/** The children of `parentId` with `isLeaf`/`hasChildren` (one query for the grandchildren). */
async function childrenOf(
  ctx: AppContext,
  req: FastifyRequest,
  parentId: string,
  q: Record<string, unknown>,
  enabledOnly: boolean,
) {
  const rows = await areaResource.all(ctx, req, { parentId, ...(q.keyword ? { keyword: q.keyword } : {}) });
  const list = enabledOnly ? rows.filter((r) => r.enabledMark === 1) : rows;
  const withKids = new Set<string>();
  if (list.length) {
    const vis: SQL[] = await areaResource.visibility(req);
    const kids = await ctx.db
      .selectDistinct({ p: area.parentId })
      .from(area)
      .where(
        and(
          inArray(
            area.parentId,
            list.map((r) => String(r.id)),
          ),
          ...vis,
          ...(enabledOnly ? [eq(area.enabledMark, 1)] : []),
        ),
      );
    for (const k of kids) withKids.add(String(k.p));
  }
  return list.map(
    (r: Row): Row => ({ ...asJnpf(r), hasChildren: withKids.has(String(r.id)), isLeaf: !withKids.has(String(r.id)) }),
  );
}

export function registerAreaRoutes(app: FastifyInstance, ctx: AppContext) {
  const A = '/system/Area';
  const parentOf = (req: FastifyRequest) => normaliseParent((req.params as { id: string }).id);

  app.get(`${A}/:id`, signedIn, async (req) =>
    ok({ list: await childrenOf(ctx, req, parentOf(req), queryOf(req), false) }),
  );
  app.get(`${A}/:id/Selector`, signedIn, async (req) => {
    const list = (await childrenOf(ctx, req, parentOf(req), {}, true)).map((r) => ({
      id: r.id,
      parentId: r.parentId,
      fullName: r.fullName,
      enCode: r.enCode,
      type: r.type,
      hasChildren: r.hasChildren,
      isLeaf: r.isLeaf,
    }));
    return ok({ list });
  });
  registerJnpfCrud(app, ctx, areaResource, { base: A, menu: 'area', info: '/:id/Info' });
  app.put(`${A}/:id/Actions/State`, byMenu('area_edit'), async (req) => {
    await toggleEnabled(ctx, req, areaResource, pathId(req));
    return done(MSG_UPDATED);
  });
}
