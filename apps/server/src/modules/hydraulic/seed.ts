/**
 * The 辅助决策 area's menus: 水力模型, 方案比选 and 管材糙率; running is a button (operators, administrators); the
 * roughness table for every utility that has none.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { areaButtons, ensureMenus, type MenuItem, screenEntry, tenant } from '../system/index.ts';
import { seedMaterials } from './materials.ts';

const { button, crud } = areaButtons('/hydraulic', ['operator']);

export const HYDRAULIC_MENUS: MenuItem[] = [
  {
    ...screenEntry('hydraulic', '水力模型', 'menu.hydraulic.index', '/hydraulic', 'ExperimentOutlined', 1, [
      screenEntry('hydraulic_model', '水力模型', 'menu.hydraulic.model', '/hydraulic/model', 'NodeIndexOutlined', 1, [
        button('hydraulic_run', '运行计算', 'button.hydraulicRun', 1, 0),
      ]),
      screenEntry(
        'hydraulic_scenario',
        '方案比选',
        'menu.hydraulic.scenario',
        '/hydraulic/scenario',
        'DiffOutlined',
        2,
      ),
      screenEntry(
        'hydraulic_material',
        '管材糙率',
        'menu.hydraulic.material',
        '/hydraulic/material',
        'ControlOutlined',
        3,
        crud('hydraulic_material'),
      ),
    ]),
    topMenuCodes: ['decision'],
    roles: ['operator', 'auditor'],
  },
];

export async function seedHydraulic(ctx: AppContext) {
  await ensureMenus(ctx, HYDRAULIC_MENUS);
  const tenants = await ctx.db.select({ id: tenant.tenantId }).from(tenant).where(eq(tenant.isDeleted, 0));
  for (const t of tenants) await seedMaterials(ctx, t.id);
}
