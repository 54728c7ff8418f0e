/**
 * Top menus (`/blade-system/topmenu`), per tenant: list, detail, submit, remove, and grant (the menus shown under
 * each top menu: `topMenuIds`, `menuIds`, replacing what those top menus had, within the tenant's package).
 */

import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { badRequest, done } from '../../core/envelope.ts';
import { byMenu } from '../../core/gate.ts';
import { newId } from '../../core/ids.ts';
import type { AppContext } from '../../core/module.ts';
import { queryAndBody } from '../../core/request-params.ts';
import { buttonGrants, defineResource } from '../../core/resource.ts';
import { idList, int, optText, text } from './fields.ts';
import { invalidateMenuCache } from './menus.ts';
import { packageMenuIds } from './package-menus.ts';
import { menu, topMenu, topMenuSetting } from './schema.ts';

export const topMenuResource = defineResource({
  code: 'topmenu',
  grant: buttonGrants('topmenu'),
  base: '/blade-system/topmenu',
  table: topMenu,
  input: {
    code: text('请输入顶部菜单编号', 255),
    name: text('请输入顶部菜单名称', 255),
    i18n: optText(128),
    source: optText(255),
    path: optText(255),
    sort: int('请输入顶部菜单排序', 0, 1_000_000),
    remark: optText(255),
  },
  unique: [{ fields: ['code'], message: '顶部菜单编号已存在' }],
  hooks: {
    async afterRemove(rows, h) {
      await h.tx.delete(topMenuSetting).where(
        inArray(
          topMenuSetting.topMenuId,
          rows.map((r) => String(r.id)),
        ),
      );
    },
    committed: (_op, _rows, _req, ctx) => invalidateMenuCache(ctx),
  },
});

export function topMenuRoutes(app: FastifyInstance, ctx: AppContext) {
  topMenuResource.routes(app, ctx);
  app.post('/blade-system/topmenu/grant', byMenu('topmenu_setting'), async (req) => {
    const body = queryAndBody(req);
    const topMenuIds = idList(body.topMenuIds, 'topMenuIds');
    const menuIds = idList(body.menuIds, 'menuIds', false);
    await topMenuResource.allVisible(ctx, req, topMenuIds);
    if (menuIds.length) {
      const found = await ctx.db
        .select({ id: menu.id, isDeleted: menu.isDeleted })
        .from(menu)
        .where(inArray(menu.id, menuIds));
      const alive = new Set(found.filter((m) => m.isDeleted === 0).map((m) => m.id));
      const unknown = menuIds.find((id) => !alive.has(id));
      if (unknown) throw badRequest(`菜单不存在: ${unknown}`);
      const pkg = await packageMenuIds(ctx.db, req.tenantId);
      if (pkg && menuIds.some((id) => !pkg.has(id))) throw badRequest('所选菜单超出了租户套餐的范围');
    }
    await ctx.db.transaction(async (tx) => {
      await tx.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, topMenuIds));
      const rows = topMenuIds.flatMap((topMenuId) => menuIds.map((menuId) => ({ id: newId(), topMenuId, menuId })));
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(topMenuSetting).values(rows.slice(i, i + 1000));
    });
    await invalidateMenuCache(ctx);
    return done();
  });
}
