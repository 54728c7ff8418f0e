/**
 * JNPF organisation families: `/permission/Organize` (companies), `/permission/Organize/Department`,
 * `/permission/Role`, `/permission/Position` — CRUD, state, selectors and trees over blade_dept, blade_role and
 * blade_post through the resources of resources.ts (tenant isolation and data scope included).
 */

import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { badRequest, MSG_NO_DATA } from '../../core/envelope.ts';
import { byMenu, signedIn } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import type { Resource, Row } from '../../core/resource.ts';
import { dept, post, role } from '../system/index.ts';
import {
  bladeQuery,
  bodyOf,
  buildTree,
  CREATED,
  DELETED,
  jnpf,
  jnpfDone,
  paged,
  pathId,
  queryOf,
  UPDATED,
} from './jnpf.ts';
import {
  deptResource,
  orgIn,
  orgOut,
  positionIn,
  positionOut,
  postCategoryNames,
  postResource,
  roleIn,
  roleOut,
  roleResource,
} from './resources.ts';

const noData = () => ({ code: 200, msg: MSG_NO_DATA, data: null });

/** Flips (or sets) the status of one visible row. */
async function toggleState(ctx: AppContext, req: FastifyRequest, res: Resource, table: PgTable, id: string) {
  const [row] = await res.findVisible(ctx, req, [id]);
  if (!row) throw badRequest('数据不存在或无权操作');
  const b = bodyOf(req);
  let next = row.status === 1 ? 0 : 1;
  if (b.enabledMark !== undefined && b.enabledMark !== null && b.enabledMark !== '') {
    next = Number(b.enabledMark);
    if (next !== 0 && next !== 1) throw badRequest('参数校验失败: enabledMark 只能是 0 或 1');
  }
  const t = table as typeof dept;
  await ctx.db
    .update(t)
    .set({ status: next, updateUser: req.user?.userId ?? null, updateTime: new Date() })
    .where(eq(t.id, id));
  return jnpfDone(UPDATED);
}

/** The JNPF body of an update carries the path id. */
const withId = (b: Record<string, unknown>, id: string) => ({ ...b, id });

/** One row of `res` at `path` (its `:id`): read, update, remove and flip its state, in the JNPF envelope. */
function itemRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  r: {
    res: Resource;
    table: PgTable;
    read: RouteShorthandOptions;
    edit: RouteShorthandOptions;
    remove: RouteShorthandOptions;
    input: (body: Record<string, unknown>) => Record<string, unknown>;
    output: (row: Row) => unknown;
  },
) {
  const idOf = (req: FastifyRequest) => pathId((req.params as { id: string }).id);
  app.get(path, r.read, async (req) => {
    const [row] = await r.res.findVisible(ctx, req, [idOf(req)]);
    return row ? jnpf(await r.output(row)) : noData();
  });
  app.put(path, r.edit, async (req) => {
    await r.res.save(ctx, req, withId(r.input(bodyOf(req)), idOf(req)));
    return jnpfDone(UPDATED);
  });
  app.delete(path, r.remove, async (req) => {
    await r.res.remove(ctx, req, [idOf(req)]);
    return jnpfDone(DELETED);
  });
  app.put(`${path}/Actions/State`, r.edit, async (req) => toggleState(ctx, req, r.res, r.table, idOf(req)));
}

// ---- organisations and departments ----

type OrgNode = ReturnType<typeof orgOut> & { children?: OrgNode[] };

/** The departments of a company: its descendants down to (not into) another company. */
function departmentsOf(rows: Row[], companyId: string): Row[] {
  const byParent = new Map<string, Row[]>();
  for (const r of rows) {
    const p = String(r.parentId);
    if (!byParent.has(p)) byParent.set(p, []);
    byParent.get(p)!.push(r);
  }
  const out: Row[] = [];
  const walk = (id: string) => {
    for (const c of byParent.get(id) ?? []) {
      if (c.deptCategory === 1) continue;
      out.push(c);
      walk(String(c.id));
    }
  };
  walk(companyId);
  return out;
}

function registerOrganize(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/Organize';
  const allDepts = (req: FastifyRequest, q: Record<string, unknown> = {}) => deptResource.all(ctx, req, q);
  const selector = async (req: FastifyRequest, excludeId?: string) => {
    let rows = await allDepts(req);
    if (excludeId)
      rows = rows.filter((r) => String(r.id) !== excludeId && !String(r.ancestors).split(',').includes(excludeId));
    return jnpf({
      list: buildTree(
        rows.map((r) => ({
          ...orgOut(r),
          icon: r.deptCategory === 1 ? 'icon-ym icon-ym-tree-organization3' : 'icon-ym icon-ym-tree-department1',
        })),
      ),
    });
  };

  // companies as a tree (keyword: the matching ones)
  app.get(b, byMenu('permission_organize', 'permission_authority', 'dept'), async (req) => {
    const q = bladeQuery(queryOf(req), {});
    const rows = await allDepts(req, { ...(q.keyword ? { keyword: q.keyword } : {}), deptCategory: '1' });
    return jnpf({ list: buildTree(rows.map(orgOut) as OrgNode[]) });
  });
  app.get(`${b}/Selector`, signedIn, async (req) => selector(req));
  app.get(`${b}/Selector/:id`, signedIn, async (req) => {
    const id = String((req.params as { id: string }).id);
    return selector(req, id === '0' ? undefined : pathId(id));
  });
  app.get(`${b}/Tree`, signedIn, async (req) => {
    const rows = await allDepts(req, { deptCategory: '1' });
    return jnpf({
      list: buildTree(rows.map((r) => ({ id: String(r.id), parentId: String(r.parentId), fullName: r.deptName }))),
    });
  });
  app.post(b, byMenu('permission_organize_add'), async (req) => {
    await deptResource.save(ctx, req, orgIn(bodyOf(req), 1));
    return jnpfDone(CREATED);
  });

  // departments (static segments win over :id in the router)
  app.get(`${b}/Department/Selector`, signedIn, async (req) => selector(req));
  app.get(`${b}/:id/Department`, byMenu('permission_organize', 'permission_authority', 'dept'), async (req) => {
    const companyId = pathId((req.params as { id: string }).id, 'companyId');
    const q = bladeQuery(queryOf(req), {});
    const rows = departmentsOf(await allDepts(req), companyId);
    const kw = typeof q.keyword === 'string' ? q.keyword.toLowerCase() : '';
    const list = kw ? rows.filter((r) => `${r.deptName} ${r.fullName ?? ''}`.toLowerCase().includes(kw)) : rows;
    return jnpf({ list: buildTree(list.map(orgOut) as OrgNode[]) });
  });
  app.post(`${b}/Department`, byMenu('permission_organize_add'), async (req) => {
    const body = bodyOf(req);
    if (!body.parentId && !body.organizeId) throw badRequest('缺少必要的请求参数: organizeId');
    const category = body.deptCategory === 3 || body.deptCategory === '3' ? 3 : 2;
    await deptResource.save(ctx, req, orgIn(body, category));
    return jnpfDone(CREATED);
  });
  for (const path of [`${b}/Department/:id`, `${b}/:id`]) {
    itemRoutes(app, ctx, path, {
      res: deptResource,
      table: dept,
      read: byMenu('permission_organize', 'permission_authority', 'dept'),
      edit: byMenu('permission_organize_edit'),
      remove: byMenu('permission_organize_delete'),
      input: (body) => orgIn(body),
      output: orgOut,
    });
  }
}

// ---- roles and positions: paged lists, CRUD, state, selectors ----

function registerRole(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/Role';
  const fields = {
    fullName: 'roleName',
    enCode: 'roleAlias',
    sortCode: 'sort',
    creatorTime: 'createTime',
    enabledMark: 'status',
  };
  app.get(b, byMenu('permission_authority', 'role'), async (req) => {
    const page = await roleResource.page(ctx, req, bladeQuery(queryOf(req), fields));
    return jnpf(paged(page.records.map(roleOut), page));
  });
  app.get(`${b}/Selector`, signedIn, async (req) => {
    const rows = await roleResource.all(ctx, req, { status: '1' });
    return jnpf({ list: buildTree(rows.map(roleOut)) });
  });
  app.post(b, byMenu('role_add'), async (req) => {
    await roleResource.save(ctx, req, roleIn(bodyOf(req)));
    return jnpfDone(CREATED);
  });
  itemRoutes(app, ctx, `${b}/:id`, {
    res: roleResource,
    table: role,
    read: byMenu('permission_authority', 'role'),
    edit: byMenu('role_edit'),
    remove: byMenu('role_delete'),
    input: roleIn,
    output: roleOut,
  });
}

function registerPosition(app: FastifyInstance, ctx: AppContext) {
  const b = '/permission/Position';
  const fields = {
    fullName: 'postName',
    enCode: 'postCode',
    type: 'category',
    sortCode: 'sort',
    creatorTime: 'createTime',
    enabledMark: 'status',
  };
  app.get(b, byMenu('permission_authority', 'permission_organize', 'post'), async (req) => {
    const page = await postResource.page(ctx, req, bladeQuery(queryOf(req), fields));
    const cats = await postCategoryNames(ctx.db);
    return jnpf(
      paged(
        page.records.map((r) => positionOut(r, cats)),
        page,
      ),
    );
  });
  // positions grouped by their category (blade_post has no organisation)
  app.get(`${b}/Selector`, signedIn, async (req) => {
    const rows = await postResource.all(ctx, req, { status: '1' });
    const cats = await postCategoryNames(ctx.db);
    const used = [...new Set(rows.map((r) => r.category as number))].sort((a, c) => a - c);
    const groups = used.map((c) => ({
      id: `category_${c}`,
      parentId: '0',
      fullName: cats.get(c) ?? String(c),
      type: 'category',
    }));
    const items = rows.map((r) => ({ ...positionOut(r, cats), parentId: `category_${r.category}`, type: 'position' }));
    return jnpf({ list: buildTree([...groups, ...items]) });
  });
  app.post(b, byMenu('post_add'), async (req) => {
    await postResource.save(ctx, req, positionIn(bodyOf(req)));
    return jnpfDone(CREATED);
  });
  itemRoutes(app, ctx, `${b}/:id`, {
    res: postResource,
    table: post,
    read: byMenu('permission_authority', 'permission_organize', 'post'),
    edit: byMenu('post_edit'),
    remove: byMenu('post_delete'),
    input: positionIn,
    output: async (row) => positionOut(row, await postCategoryNames(ctx.db)),
  });
}

export function registerOrganizeRoutes(app: FastifyInstance, ctx: AppContext) {
  registerOrganize(app, ctx);
  registerRole(app, ctx);
  registerPosition(app, ctx);
}
