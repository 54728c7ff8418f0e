/**
 * Departments (`/blade-system/dept`): list as a tree, lazy-list, tree, lazy-tree, detail, submit, remove.
 * `ancestors` (ids from the root down to the parent) is kept by the server, descendants included when a department
 * moves; a department with sub-departments or users cannot be removed. `dept/select` is the auth module's.
 */

import { eq, inArray, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import type { AppContext } from '../../core/module.ts';
import { queryOf } from '../../core/request-params.ts';
import { buttonGrants, defineResource, type Row } from '../../core/resource.ts';
import { inTenant } from '../../core/scoped.ts';
import { invalidateDataScopes } from './data-scope.ts';
import { int, optText, parentId, text } from './fields.ts';
import { refuseHeldByUsers } from './held-by-users.ts';
import { dept, user } from './schema.ts';
import { checkParent, refuseChildren } from './tree.ts';

export const DEPT_CATEGORY: Record<number, string> = { 1: '公司', 2: '部门', 3: '小组' };
const deptTree = { table: dept, id: dept.id, parentId: dept.parentId, isDeleted: dept.isDeleted };

export const deptResource = defineResource({
  code: 'dept',
  grant: buttonGrants('dept', ['dept', 'user', 'permission_organize'], { pick: 'signed-in' }),
  base: '/blade-system/dept',
  table: dept,
  routes: ['list', 'detail', 'submit', 'remove', 'tree', 'lazy-tree'],
  listMode: 'tree',
  tree: { titleField: 'deptName' },
  input: {
    parentId: parentId('上级机构编号无效').optional(),
    deptName: text('请输入机构名称', 45),
    fullName: optText(45),
    deptCategory: int('请选择机构类型', 1, 3).optional(),
    sort: int('请输入排序', 0, 1_000_000).optional(),
    remark: optText(255),
  },
  unique: [{ fields: ['parentId', 'deptName'], message: '同一上级下已存在同名机构' }],
  hooks: {
    async beforeSave(data, h) {
      const tenantId = h.existing?.tenantId ?? h.req.tenantId;
      if (!h.existing) {
        data.parentId ??= '0';
        data.fullName ??= data.deptName;
      }
      if (data.parentId !== undefined && data.parentId !== h.existing?.parentId) {
        const parent = await checkParent(h.tx, deptTree, {
          id: h.existing?.id,
          parentId: data.parentId,
          scope: [inTenant(dept, tenantId)],
          notFound: '上级机构不存在',
          cycle: '上级机构不能选择自身或其下级机构',
        });
        data.ancestors = parent ? `${parent.ancestors},${parent.id}` : '0';
      }
    },
    async afterSave(row, h) {
      // a moved department takes its whole subtree along: rewrite the descendants' ancestors prefix
      if (!h.existing || h.existing.ancestors === row.ancestors) return;
      const oldPrefix = `${h.existing.ancestors},${row.id}`;
      const newPrefix = `${row.ancestors},${row.id}`;
      await h.tx
        .update(dept)
        .set({ ancestors: sql`${newPrefix} || substr(${dept.ancestors}, ${oldPrefix.length + 1})` })
        .where(inTenant(dept, row.tenantId, or(eq(dept.ancestors, oldPrefix), like(dept.ancestors, `${oldPrefix},%`))));
    },
    async beforeRemove(rows, h) {
      const ids = rows.map((r) => String(r.id));
      await refuseChildren(h.tx, deptTree, ids, [inTenant(dept, h.req.tenantId)]);
      await refuseHeldByUsers(h.tx, h.req.tenantId, user.deptId, ids, '该机构下存在用户，无法删除');
    },
    committed: (_op, _rows, _req, ctx) => invalidateDataScopes(ctx),
    decorate: (rows, _req, ctx) => withParentNames(ctx, rows),
  },
});

async function withParentNames(ctx: AppContext, rows: Row[]): Promise<Row[]> {
  const names = new Map(rows.map((r) => [String(r.id), r.deptName as string]));
  const missing = [...new Set(rows.map((r) => String(r.parentId)))].filter((p) => p !== '0' && !names.has(p));
  if (missing.length) {
    const found = await ctx.db.select({ id: dept.id, name: dept.deptName }).from(dept).where(inArray(dept.id, missing));
    for (const f of found) names.set(f.id, f.name);
  }
  return rows.map((r) => ({
    ...r,
    parentName: String(r.parentId) === '0' ? '顶级' : (names.get(String(r.parentId)) ?? ''),
    deptCategoryName: DEPT_CATEGORY[r.deptCategory as number] ?? '',
  }));
}

/** `lazy-list?parentId=`: the children of one department with their fields and `hasChildren`. */
export function deptRoutes(app: FastifyInstance, ctx: AppContext) {
  deptResource.routes(app, ctx);
  app.get('/blade-system/dept/lazy-list', byMenu('dept', 'user', 'permission_organize'), async (req) =>
    ok(await deptResource.lazy(ctx, req, queryOf(req))),
  );
}
