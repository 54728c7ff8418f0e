/** Menus of 供水调度 under the `water-dispatch` business area (admin and operator; auditor reads). */
import type { AppContext } from '../../core/module.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';

const button = (code: string, name: string, i18n: string, sort: number, roles: string[] = ['operator']) => ({
  code,
  name,
  i18n,
  alias: code.split('_').pop(),
  path: `/dispatch/${code}`,
  sort,
  category: 2 as const,
  action: 1 as const,
  roles,
});

export const DISPATCH_MENUS: MenuItem[] = [
  {
    code: 'dispatch',
    name: '供水调度',
    i18n: 'menu.dispatch.index',
    path: '/dispatch',
    source: 'ControlOutlined',
    sort: 1,
    topMenuCodes: ['water-dispatch'],
    roles: ['operator', 'auditor'],
    children: [
      {
        code: 'dispatch_diagram',
        name: '调度工艺图',
        i18n: 'menu.dispatch.diagram',
        path: '/dispatch/diagram',
        source: 'ApartmentOutlined',
        sort: 1,
        // saving the layout is for administrators (the route is adminOnly); the button only shows the tool
        children: [button('dispatch_diagram_layout', '保存布局', 'button.save', 1, [])],
      },
      {
        code: 'dispatch_order',
        name: '调度指令',
        i18n: 'menu.dispatch.order',
        path: '/dispatch/order',
        source: 'SendOutlined',
        sort: 2,
        children: [
          button('dispatch_order_issue', '下达指令', 'button.add', 1),
          button('dispatch_order_ack', '确认/反馈', 'button.edit', 2),
        ],
      },
      {
        code: 'dispatch_plan',
        name: '供水计划',
        i18n: 'menu.dispatch.plan',
        path: '/dispatch/plan',
        source: 'LineChartOutlined',
        sort: 3,
      },
    ],
  },
];

export async function seedDispatch(ctx: AppContext) {
  await ensureMenus(ctx, DISPATCH_MENUS);
}
