/** The 移动应用 area's console menus (administrators; operators read the devices). */
import type { AppContext } from '../../core/module.ts';
import { ensureMenus, type MenuItem } from '../system/index.ts';

const button = (code: string, name: string, i18n: string, sort: number, action: 0 | 1 | 2) => ({
  code,
  name,
  i18n,
  alias: code.split('_').pop(),
  path: `/app-admin/${code}`,
  sort,
  category: 2 as const,
  action,
});

export const APP_MENUS: MenuItem[] = [
  {
    code: 'app_admin',
    name: '移动应用',
    i18n: 'menu.appAdmin.index',
    path: '/app-admin',
    source: 'MobileOutlined',
    sort: 1,
    topMenuCodes: ['app'],
    children: [
      {
        code: 'app_setting',
        name: '应用设置',
        i18n: 'menu.appAdmin.setting',
        path: '/app-admin/setting',
        source: 'SettingOutlined',
        sort: 1,
        children: [button('app_setting_edit', '保存', 'button.save', 1, 0)],
      },
      {
        code: 'app_device',
        name: '设备管理',
        i18n: 'menu.appAdmin.device',
        path: '/app-admin/device',
        source: 'TabletOutlined',
        sort: 2,
        children: [button('app_device_revoke', '强制下线', 'button.appRevoke', 1, 1)],
      },
      {
        code: 'app_release',
        name: '版本说明',
        i18n: 'menu.appAdmin.release',
        path: '/app-admin/release',
        source: 'NotificationOutlined',
        sort: 3,
        children: [
          button('app_release_add', '新增', 'button.add', 1, 0),
          button('app_release_edit', '修改', 'button.edit', 2, 1),
          button('app_release_delete', '删除', 'button.delete', 3, 1),
        ],
      },
    ],
  },
];

export async function seedApp(ctx: AppContext) {
  await ensureMenus(ctx, APP_MENUS);
}
