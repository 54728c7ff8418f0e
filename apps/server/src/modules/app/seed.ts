/** The 移动应用 area's console menus (administrators; operators read the devices). */
import type { AppContext } from '../../core/module.ts';
import { areaButtons, ensureMenus, type MenuItem, screenEntry } from '../system/index.ts';

const { button, crud } = areaButtons('/app-admin');

export const APP_MENUS: MenuItem[] = [
  {
    ...screenEntry('app_admin', '移动应用', 'menu.appAdmin.index', '/app-admin', 'MobileOutlined', 1, [
      screenEntry('app_setting', '应用设置', 'menu.appAdmin.setting', '/app-admin/setting', 'SettingOutlined', 1, [
        button('app_setting_edit', '保存', 'button.save', 1, 0),
      ]),
      screenEntry('app_device', '设备管理', 'menu.appAdmin.device', '/app-admin/device', 'TabletOutlined', 2, [
        button('app_device_revoke', '强制下线', 'button.appRevoke', 1, 1),
      ]),
      screenEntry(
        'app_release',
        '版本说明',
        'menu.appAdmin.release',
        '/app-admin/release',
        'NotificationOutlined',
        3,
        crud('app_release'),
      ),
    ]),
    topMenuCodes: ['app'],
  },
];

export async function seedApp(ctx: AppContext) {
  await ensureMenus(ctx, APP_MENUS);
}
