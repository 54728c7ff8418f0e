/**
 * Menu entries of the administration screens the web console serves beyond the ones the system and user seeds
 * bring (admin-seed.ts: organisation, menus, dictionaries, parameters, tenants, roles, scopes; user/seed.ts: users,
 * online users): notices, resources (OSS, attachments, SMS), message administration, logs, the JNPF data services,
 * the JNPF organisation and authority screens, and the two dictionary layouts. Each screen carries its add / edit /
 * delete / view buttons. Idempotent (`ensureMenus` upserts by code); called from the system module's seed after the
 * administration seed.
 */
import type { AppContext } from '../../core/module.ts';
import { crudButtons, type ScreenHead, screenEntry } from './menu-buttons.ts';
import { ensureMenus, type MenuItem } from './menus.ts';

type Roles = string[];
type ScreenOpts = { writers?: Roles; readers?: Roles; extra?: MenuItem[]; noButtons?: boolean; viewOnly?: boolean };

const screen = (...[code, name, i18n, path, icon, sort, opts = {}]: [...ScreenHead, opts?: ScreenOpts]): MenuItem => ({
  ...screenEntry(code, name, i18n, path, icon, sort, [
    ...(opts.noButtons
      ? []
      : crudButtons(code, path, { writers: opts.writers ?? [], readers: opts.readers ?? [] }).slice(
          opts.viewOnly ? 3 : 0,
        )),
    ...(opts.extra ?? []),
  ]),
  roles: [...new Set([...(opts.writers ?? []), ...(opts.readers ?? [])])],
});

export const ADMIN_SCREEN_MENUS: MenuItem[] = [
  // 工作台 › 通知公告
  {
    ...screen('notice', '通知公告', 'menu.notice', '/desk/notice', 'NotificationOutlined', 5, {
      writers: ['operator'],
      readers: ['auditor', 'patrol'],
    }),
    parentCode: 'desk',
    topMenuCodes: ['system'],
  },
  // 系统管理 › 字典管理 (the two layouts of spec 1 §2.9)
  {
    ...screen(
      'dict_horizontal',
      '字典管理(横向)',
      'menu.system.dictHorizontal',
      '/dict-horizontal/index',
      'ColumnWidthOutlined',
      14,
      {
        noButtons: true,
      },
    ),
    parentCode: 'system',
    topMenuCodes: ['system'],
  },
  {
    ...screen(
      'dict_vertical',
      '字典管理(纵向)',
      'menu.system.dictVertical',
      '/dict-vertical/index',
      'ColumnHeightOutlined',
      15,
      {
        noButtons: true,
      },
    ),
    parentCode: 'system',
    topMenuCodes: ['system'],
  },
  // 系统管理 › the JNPF permission screens (/api/permission: organisations; per-object authority and members)
  {
    ...screen(
      'permission_organize',
      '组织管理',
      'menu.permission.organize',
      '/permission/organize',
      'PartitionOutlined',
      16,
      {
        writers: ['operator'],
        readers: ['auditor'],
      },
    ),
    parentCode: 'system',
    topMenuCodes: ['system'],
  },
  {
    ...screen(
      'permission_authority',
      '组织权限',
      'menu.permission.authority',
      '/permission/authority',
      'SafetyOutlined',
      17,
      {
        noButtons: true,
      },
    ),
    parentCode: 'system',
    topMenuCodes: ['system'],
  },
  {
    code: 'resource',
    name: '资源管理',
    i18n: 'menu.resource.index',
    path: '/resource',
    source: 'CloudServerOutlined',
    sort: 100,
    topMenuCodes: ['system'],
    children: [
      screen('oss', '对象存储', 'menu.resource.oss', '/resource/oss', 'CloudOutlined', 1),
      screen('attach', '附件管理', 'menu.resource.attach', '/resource/attach', 'PaperClipOutlined', 2, {
        readers: ['auditor'],
      }),
      screen('sms', '短信配置', 'menu.resource.sms', '/resource/sms', 'MessageOutlined', 3),
    ],
  },
  {
    code: 'message_admin',
    name: '消息管理',
    i18n: 'menu.messageAdmin.index',
    path: '/message-admin',
    source: 'MailOutlined',
    sort: 101,
    topMenuCodes: ['system'],
    children: [
      screen(
        'message_template',
        '消息模板',
        'menu.messageAdmin.template',
        '/message-admin/template',
        'FileTextOutlined',
        1,
      ),
      screen('message_config', '消息配置', 'menu.messageAdmin.config', '/message-admin/config', 'ControlOutlined', 2),
      screen('message_log', '消息记录', 'menu.messageAdmin.log', '/message-admin/log', 'HistoryOutlined', 3, {
        readers: ['auditor'],
      }),
    ],
  },
  {
    code: 'dataservice',
    name: '数据服务',
    i18n: 'menu.dataservice.index',
    path: '/dataservice',
    source: 'DatabaseOutlined',
    sort: 102,
    topMenuCodes: ['system'],
    children: [
      screen('dictionary', '数据字典', 'menu.dataservice.dictionary', '/dataservice/dictionary', 'BookOutlined', 1, {
        writers: ['operator'],
        readers: ['auditor'],
      }),
      screen(
        'common_fields',
        '常用字段',
        'menu.dataservice.commonFields',
        '/dataservice/commonfields',
        'FieldStringOutlined',
        2,
      ),
      screen('bill_rule', '单据规则', 'menu.dataservice.billRule', '/dataservice/billrule', 'NumberOutlined', 3, {
        writers: ['operator'],
        readers: ['auditor'],
      }),
      screen('area', '区域管理', 'menu.dataservice.area', '/dataservice/area', 'GatewayOutlined', 4, {
        writers: ['operator'],
        readers: ['auditor'],
      }),
    ],
  },
  {
    code: 'ops_log',
    name: '日志管理',
    i18n: 'menu.log.index',
    path: '/ops/log',
    source: 'FileSearchOutlined',
    sort: 10,
    topMenuCodes: ['operations'],
    // the logs carry SQL text, stack traces and addresses: the administrator's alone (issue 8)
    children: [
      screen('log_usual', '通用日志', 'menu.log.usual', '/ops/log/usual', 'FileTextOutlined', 1, {
        viewOnly: true,
      }),
      screen('log_api', '接口日志', 'menu.log.api', '/ops/log/api', 'ApiOutlined', 2, {
        viewOnly: true,
      }),
      screen('log_error', '错误日志', 'menu.log.error', '/ops/log/error', 'BugOutlined', 3, {
        viewOnly: true,
      }),
    ],
  },
];

export async function seedAdminScreenMenus(ctx: AppContext): Promise<void> {
  await ensureMenus(ctx, ADMIN_SCREEN_MENUS);
}
