/**
 * The users and online-users screens' menu entries with their buttons, and the API scopes that keep user
 * administration (every write but one's own profile and password) to the roles granted them — administrators
 * pass every API scope. Idempotent (ensureMenus / ensureScopes of the system module).
 */
import type { AppContext } from '../../core/module.ts';
import { type ApiScopeSeed, ensureMenus, ensureScopes, type MenuItem } from '../system/index.ts';

const button = (
  code: string,
  name: string,
  alias: string,
  icon: string,
  sort: number,
  action: 0 | 1 | 2,
  i18n: string,
  roles: string[] = [],
): MenuItem => ({
  code,
  name,
  i18n,
  alias,
  path: `/system/user/${alias}`,
  source: icon,
  sort,
  category: 2,
  action,
  roles,
});

export const USER_MENUS: MenuItem[] = [
  {
    code: 'user',
    name: '用户管理',
    i18n: 'menu.system.user',
    path: '/system/user',
    source: 'UserOutlined',
    sort: 1,
    parentCode: 'system',
    topMenuCodes: ['system'],
    roles: ['operator', 'auditor'],
    children: [
      button('user_add', '新增', 'add', 'PlusOutlined', 1, 0, 'button.add', []),
      button('user_edit', '修改', 'edit', 'EditOutlined', 2, 2, 'button.edit', []),
      button('user_delete', '删除', 'delete', 'DeleteOutlined', 3, 0, 'button.delete', []),
      button('user_view', '查看', 'view', 'EyeOutlined', 4, 1, 'button.view', ['operator', 'auditor']),
      button('user_role', '角色配置', 'role', 'KeyOutlined', 5, 0, 'button.userRole'),
      button('user_reset', '密码重置', 'reset', 'LockOutlined', 6, 0, 'button.resetPassword'),
      button('user_unlock', '账号解封', 'unlock', 'UnlockOutlined', 7, 0, 'button.unlock'),
      button('user_state', '启用停用', 'state', 'PoweroffOutlined', 8, 1, 'button.state'),
      button('user_platform', '平台配置', 'platform', 'SettingOutlined', 9, 1, 'button.platform'),
      button('user_import', '导入', 'import', 'ImportOutlined', 10, 0, 'button.import'),
      // every user's contact details in one file: the administrator's alone (issue 8)
      button('user_export', '导出', 'export', 'ExportOutlined', 11, 0, 'button.export', []),
    ],
  },
  {
    code: 'online_user',
    name: '在线用户',
    i18n: 'menu.system.onlineUser',
    path: '/system/onlineUser',
    source: 'WifiOutlined',
    sort: 13,
    parentCode: 'system',
    topMenuCodes: ['system'],
    // everyone's sessions and addresses: the administrator's alone (issue 8)
    roles: [],
    children: [
      {
        code: 'online_user_force',
        name: '强制下线',
        i18n: 'button.forceLogout',
        alias: 'force',
        path: '/system/onlineUser/force',
        source: 'LogoutOutlined',
        sort: 1,
        category: 2,
        action: 1,
      },
    ],
  },
];

const api = (
  menuCode: string,
  scopeName: string,
  scopePath: string,
  scopeType: ApiScopeSeed['scopeType'],
  resourceCode = 'user',
): ApiScopeSeed => ({
  menuCode,
  resourceCode,
  scopeName,
  scopePath,
  scopeType,
});

/** Writes on users in the three dialects, the JNPF organisation writes and forced sign-out. */
export const USER_API_SCOPES: ApiScopeSeed[] = [
  ...['submit', 'remove', 'grant', 'reset-password', 'unlock', 'state', 'update-platform', 'import*'].map((p) =>
    api('user', `用户维护 /blade-user/${p}`, `/blade-user/${p}`, 3),
  ),
  // not `update` in either dialect: it also serves one's own profile (Saber); the handler checks the grant of `submit`
  ...['submit', 'remove', 'grant', 'reset-password'].map((p) =>
    api('user', `用户维护 /blade-system/user/${p}`, `/blade-system/user/${p}`, 3),
  ),
  api('user', '用户维护 POST /permission/Users', '/permission/Users', 3),
  api('user', '用户维护 PUT /permission/Users/*', '/permission/Users/*', 4),
  api('user', '用户维护 DELETE /permission/Users/*', '/permission/Users/*', 5),
  api(
    'user',
    '用户维护 POST /permission/Users/*/Actions/ResetPassword',
    '/permission/Users/*/Actions/ResetPassword',
    3,
  ),
  api('user', '用户维护 PUT /permission/Users/*/Actions/State', '/permission/Users/*/Actions/State', 4),
  api('user', '用户关系维护 POST /permission/UserRelation/*', '/permission/UserRelation/*', 3),
  api('user', '权限维护 /permission/Authority POST', '/permission/Authority/Data/Batch', 3),
  api('user', '权限维护 /permission/Authority PUT', '/permission/Authority/**', 4),
  ...(['Organize', 'Role', 'Position'] as const).flatMap((f) => {
    const menuCode = f === 'Organize' ? 'dept' : f === 'Role' ? 'role' : 'post';
    const code = f === 'Organize' ? 'dept' : f === 'Role' ? 'role' : 'post';
    return [
      api(menuCode, `维护 POST /permission/${f}/**`, `/permission/${f}/**`, 3, code),
      api(menuCode, `维护 PUT /permission/${f}/**`, `/permission/${f}/**`, 4, code),
      api(menuCode, `维护 DELETE /permission/${f}/**`, `/permission/${f}/**`, 5, code),
    ];
  }),
  api('online_user', '强制下线', '/system/OnlineUser/**', 5, 'online_user'),
];

export async function seedUsers(ctx: AppContext): Promise<void> {
  await ensureMenus(ctx, USER_MENUS);
  await ensureScopes(ctx, { api: USER_API_SCOPES });
}
