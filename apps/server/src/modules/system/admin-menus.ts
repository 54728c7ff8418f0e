/**
 * The administration screens' menus (系统管理, 权限管理) with their add / edit / delete / view buttons, and the
 * shape of SpringBlade's own screen buttons. Data only: admin-seed.ts writes it.
 */
import type { MenuItem } from './menus.ts';

type Roles = string[];

/** add / edit / delete / view buttons of a screen; `readers` get the view button, `writers` all four. */
function buttons(code: string, name: string, writers: Roles = [], readers: Roles = []): MenuItem[] {
  return [
    {
      code: `${code}_add`,
      name: '新增',
      i18n: 'button.add',
      alias: 'add',
      path: `${name}/add`,
      source: 'PlusOutlined',
      sort: 1,
      category: 2,
      action: 0,
      roles: writers,
    },
    {
      code: `${code}_edit`,
      name: '修改',
      i18n: 'button.edit',
      alias: 'edit',
      path: `${name}/edit`,
      source: 'EditOutlined',
      sort: 2,
      category: 2,
      action: 2,
      roles: writers,
    },
    {
      code: `${code}_delete`,
      name: '删除',
      i18n: 'button.delete',
      alias: 'delete',
      path: `${name}/delete`,
      source: 'DeleteOutlined',
      sort: 3,
      category: 2,
      action: 0,
      roles: writers,
    },
    {
      code: `${code}_view`,
      name: '查看',
      i18n: 'button.view',
      alias: 'view',
      path: `${name}/view`,
      source: 'EyeOutlined',
      sort: 4,
      category: 2,
      action: 1,
      roles: [...new Set([...writers, ...readers])],
    },
  ];
}

const screen = (
  code: string,
  name: string,
  path: string,
  icon: string,
  sort: number,
  writers: Roles = [],
  readers: Roles = [],
  extra: MenuItem[] = [],
): MenuItem => ({
  code,
  name,
  i18n: `menu.system.${code}`,
  path,
  source: icon,
  sort,
  roles: [...new Set([...writers, ...readers])],
  children: [...buttons(code, path, writers, readers), ...extra],
});

/**
 * A button of SpringBlade's own screens (Saber shows 权限配置, 导入, 调试 … by these codes, read from
 * `menu/buttons`): the administrator's alone when created (`roles: []`, not the screen's readers).
 */
export const springBladeButton = (
  code: string,
  name: string,
  alias: string,
  i18n: string,
  icon: string,
  sort: number,
  action: 0 | 1 | 2,
): MenuItem => ({ code, name, i18n, alias, source: icon, sort, category: 2, action, roles: [] });

export const ADMIN_MENUS: MenuItem[] = [
  {
    code: 'system',
    name: '系统管理',
    i18n: 'menu.system.index',
    path: '/system',
    source: 'SettingOutlined',
    sort: 98,
    topMenuCodes: ['system'],
    roles: ['operator', 'auditor'],
    children: [
      screen('dept', '机构管理', '/system/dept', 'ApartmentOutlined', 2, ['operator'], ['auditor']),
      screen('post', '岗位管理', '/system/post', 'IdcardOutlined', 3, ['operator'], ['auditor']),
      screen('dict', '系统字典', '/system/dict', 'BookOutlined', 4),
      screen('dictbiz', '业务字典', '/system/dictbiz', 'ReadOutlined', 5, ['operator'], ['auditor']),
      screen('menu', '菜单管理', '/system/menu', 'MenuOutlined', 6),
      screen(
        'topmenu',
        '顶部菜单',
        '/system/topmenu',
        'AppstoreOutlined',
        7,
        [],
        [],
        [
          {
            code: 'topmenu_setting',
            name: '菜单配置',
            i18n: 'button.menuSetting',
            alias: 'setting',
            path: '/system/topmenu/setting',
            source: 'SettingOutlined',
            sort: 5,
            category: 2,
            action: 1,
          },
        ],
      ),
      screen('param', '参数管理', '/system/param', 'ProfileOutlined', 8),
      screen(
        'tenant',
        '租户管理',
        '/system/tenant',
        'BankOutlined',
        9,
        [],
        [],
        [
          {
            code: 'tenant_setting',
            name: '授权配置',
            i18n: 'button.tenantSetting',
            alias: 'setting',
            path: '/system/tenant/setting',
            source: 'SafetyOutlined',
            sort: 5,
            category: 2,
            action: 0,
          },
          {
            code: 'tenant_datasource',
            name: '数据源',
            i18n: 'button.datasource',
            alias: 'datasource',
            path: '/system/tenant/datasource',
            source: 'DatabaseOutlined',
            sort: 6,
            category: 2,
            action: 1,
          },
          {
            code: 'tenant_package',
            name: '套餐配置',
            i18n: 'button.packageSetting',
            alias: 'package',
            path: '/system/tenant/package',
            source: 'GiftOutlined',
            sort: 7,
            category: 2,
            action: 1,
          },
        ],
      ),
      screen('tenantpackage', '租户套餐', '/system/tenantpackage', 'GiftOutlined', 10),
      screen('client', '应用管理', '/system/client', 'ApiOutlined', 11),
      screen(
        'region',
        '行政区划',
        '/system/region',
        'EnvironmentOutlined',
        12,
        [],
        ['operator', 'auditor'],
        [
          springBladeButton('region_import', '导入', 'import', 'button.import', 'ImportOutlined', 5, 0),
          springBladeButton('region_export', '导出', 'export', 'button.export', 'ExportOutlined', 6, 0),
          springBladeButton('region_debug', '调试', 'debug', 'button.debug', 'BugOutlined', 7, 0),
        ],
      ),
    ],
  },
  {
    code: 'authority',
    name: '权限管理',
    i18n: 'menu.authority.index',
    path: '/authority',
    source: 'SafetyCertificateOutlined',
    sort: 99,
    topMenuCodes: ['system'],
    children: [
      {
        ...screen('role', '角色管理', '/authority/role', 'TeamOutlined', 1),
        i18n: 'menu.authority.role',
        children: [
          ...buttons('role', '/authority/role'),
          {
            code: 'role_grant',
            name: '权限设置',
            i18n: 'button.grant',
            alias: 'grant',
            path: '/authority/role/grant',
            source: 'KeyOutlined',
            sort: 5,
            category: 2,
            action: 0,
          },
        ],
      },
      {
        ...screen(
          'data_scope',
          '数据权限',
          '/authority/datascope',
          'FilterOutlined',
          2,
          [],
          [],
          [
            springBladeButton(
              'data_scope_setting',
              '权限配置',
              'setting',
              'button.scopeSetting',
              'SettingOutlined',
              5,
              1,
            ),
          ],
        ),
        i18n: 'menu.authority.dataScope',
      },
      {
        ...screen(
          'api_scope',
          '接口权限',
          '/authority/apiscope',
          'ApiOutlined',
          3,
          [],
          [],
          [
            springBladeButton(
              'api_scope_setting',
              '权限配置',
              'setting',
              'button.scopeSetting',
              'SettingOutlined',
              5,
              1,
            ),
          ],
        ),
        i18n: 'menu.authority.apiScope',
      },
    ],
  },
];
