/**
 * Tenant packages (`/blade-system/tenant-package`), managed by the platform administrator: the menus a tenant may
 * use (`menuId`, comma-joined; an array is accepted and joined). A package in use by a tenant cannot be removed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { firstLiveRef } from '../../core/live-row.ts';
import type { AppContext } from '../../core/module.ts';
import { defineResource } from '../../core/resource.ts';
import { requirePlatformAdmin } from '../../core/tenancy.ts';
import { optText, text } from './fields.ts';
import { invalidateMenuCache } from './menus.ts';
import { menu, tenant, tenantPackage } from './schema.ts';

export const MSG_PACKAGE_NAME = '请输入套餐名称';
export const MSG_PACKAGE_MENU = '请选择菜单';

const menuIds = z.preprocess(
  (v) => (Array.isArray(v) ? v.map(String).join(',') : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: MSG_PACKAGE_MENU })
    .transform((s) =>
      [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ].join(','),
    )
    .refine((s) => s.length > 0, MSG_PACKAGE_MENU)
    .refine((s) => s.split(',').every((id) => /^\d{1,19}$/.test(id)), '菜单编号无效'),
);

export const tenantPackageResource = defineResource({
  code: 'tenant_package',
  grant: { read: 'admin', submit: 'admin', remove: 'admin' },
  base: '/blade-system/tenant-package',
  table: tenantPackage,
  dataScope: false,
  routes: ['list', 'detail', 'submit', 'remove', 'select'],
  input: {
    packageName: text(MSG_PACKAGE_NAME, 50),
    menuId: menuIds,
    remark: optText(255),
  },
  unique: [{ fields: ['packageName'], message: '套餐名称已存在' }],
  hooks: {
    async beforeSave(data, h) {
      if (data.menuId === undefined) return;
      const ids: string[] = data.menuId.split(',');
      const found = await h.tx
        .select({ id: menu.id })
        .from(menu)
        .where(and(inArray(menu.id, ids), eq(menu.isDeleted, 0)));
      const alive = new Set(found.map((m) => m.id));
      const unknown = ids.find((id) => !alive.has(id));
      if (unknown) throw badRequest(`菜单不存在: ${unknown}`);
    },
    async beforeRemove(rows, h) {
      const ids = rows.map((r) => String(r.id));
      const used = await firstLiveRef(h.tx, tenant, tenant.packageId, ids, { tenantId: tenant.tenantId });
      if (used) throw badRequest(`套餐正被租户 ${used.tenantId} 使用，无法删除`);
    },
    committed: (_op, _rows, _req, ctx) => invalidateMenuCache(ctx),
  },
});

export function tenantPackageRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    scope.addHook('preHandler', async (req) => requirePlatformAdmin(req));
    tenantPackageResource.routes(scope, ctx);
  });
}
