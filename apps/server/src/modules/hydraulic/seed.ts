/**
 * The 辅助决策 area's menus: 水力模型, 方案比选 and 管材糙率; running is a button (operators, administrators); the
 * roughness table for every utility that has none.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { ensureMenus, type MenuItem, tenant } from '../system/index.ts';
import { seedMaterials } from './materials.ts';

const button = (code: string, name: string, i18n: string, sort: number, action: 0 | 1) => ({
  code,
  name,
  i18n,
  alias: code.split('_').pop(),
  path: `/hydraulic/${code}`,
  sort,
  category: 2 as const,
  action,
  roles: ['operator'],
});

export const HYDRAULIC_MENUS: MenuItem[] = [
  {
    code: 'hydraulic',
    name: '水力模型',
    i18n: 'menu.hydraulic.index',
    path: '/hydraulic',
    source: 'ExperimentOutlined',
    sort: 1,
    topMenuCodes: ['decision'],
    roles: ['operator', 'auditor'],
    children: [
      {
        code: 'hydraulic_model',
        name: '水力模型',
        i18n: 'menu.hydraulic.model',
        path: '/hydraulic/model',
        source: 'NodeIndexOutlined',
        sort: 1,
        children: [
          {
            code: 'hydraulic_run',
            name: '运行计算',
            i18n: 'button.hydraulicRun',
            alias: 'run',
            path: '/hydraulic/hydraulic_run',
            sort: 1,
            category: 2,
            action: 0,
            roles: ['operator'],
          },
        ],
      },
      {
        code: 'hydraulic_scenario',
        name: '方案比选',
        i18n: 'menu.hydraulic.scenario',
        path: '/hydraulic/scenario',
        source: 'DiffOutlined',
        sort: 2,
      },
      {
        code: 'hydraulic_material',
        name: '管材糙率',
        i18n: 'menu.hydraulic.material',
        path: '/hydraulic/material',
        source: 'ControlOutlined',
        sort: 3,
        children: [
          button('hydraulic_material_add', '新增', 'button.add', 1, 0),
          button('hydraulic_material_edit', '修改', 'button.edit', 2, 1),
          button('hydraulic_material_delete', '删除', 'button.delete', 3, 1),
        ],
      },
    ],
  },
];

export async function seedHydraulic(ctx: AppContext) {
  await ensureMenus(ctx, HYDRAULIC_MENUS);
  const tenants = await ctx.db.select({ id: tenant.tenantId }).from(tenant).where(eq(tenant.isDeleted, 0));
  for (const t of tenants) await seedMaterials(ctx, t.id);
}
