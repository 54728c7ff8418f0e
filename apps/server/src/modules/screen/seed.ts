/** Menus of 大屏展示 under the `big-screen` business area: the screens (admin, operator, auditor), share links (admin). */
import type { AppContext } from '../../core/module.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';

export const SCREEN_MENUS: MenuItem[] = [
  {
    code: 'screen',
    name: '大屏展示',
    i18n: 'menu.screen.index',
    path: '/screen',
    source: 'FundProjectionScreenOutlined',
    sort: 1,
    topMenuCodes: ['big-screen'],
    roles: ['operator', 'auditor'],
    children: [
      {
        code: 'screen_overview',
        name: '运营总览',
        i18n: 'menu.screen.overview',
        path: '/screen/overview',
        source: 'DashboardOutlined',
        sort: 1,
      },
      {
        code: 'screen_dispatch',
        name: '调度大屏',
        i18n: 'menu.screen.dispatch',
        path: '/screen/dispatch',
        source: 'ApartmentOutlined',
        sort: 2,
      },
    ],
  },
  {
    code: 'screen_share',
    name: '大屏分享',
    i18n: 'menu.screen.share',
    path: '/screen-share',
    source: 'ShareAltOutlined',
    sort: 2,
    topMenuCodes: ['big-screen'],
    roles: [],
  },
  {
    code: 'screen_layout',
    name: '大屏编排',
    i18n: 'menu.screen.layout',
    path: '/screen-layout',
    source: 'AppstoreOutlined',
    sort: 3,
    topMenuCodes: ['big-screen'],
    roles: [],
  },
];

export async function seedScreen(ctx: AppContext) {
  await ensureMenus(ctx, SCREEN_MENUS);
}
