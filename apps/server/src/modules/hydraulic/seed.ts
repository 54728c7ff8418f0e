/** The 辅助决策 area's menus: 水力模型 and 方案比选; running is a button (operators, administrators). */
import type { AppContext } from '../../core/module.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';

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
    ],
  },
];

export async function seedHydraulic(ctx: AppContext) {
  await ensureMenus(ctx, HYDRAULIC_MENUS);
}
