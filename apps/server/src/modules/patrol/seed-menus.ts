/** The patrol area's menus (运维管理 › 巡检管理 and 人员定位) with their buttons. */
import { type MenuItem, menuButton } from '../system/index.ts';

type Op = [code: string, name: string, icon: string, action: 0 | 1 | 2, i18n: string, roles?: string[]];
const buttons = (menu: string, path: string, ops: Op[]): MenuItem[] =>
  ops.map(([op, name, icon, action, i18n, roles], i) => ({
    ...menuButton(menu, path, op, name, icon, i + 1, action),
    i18n,
    ...(roles ? { roles } : {}),
  }));

/** add / edit / delete for the operator and view for `viewers` (the plan and job-object screens). */
const operatorCrud = (viewers: string[]): Op[] => [
  ['add', '新增', 'PlusOutlined', 0, 'button.add', ['operator']],
  ['edit', '修改', 'EditOutlined', 1, 'button.edit', ['operator']],
  ['delete', '删除', 'DeleteOutlined', 1, 'button.delete', ['operator']],
  ['view', '查看', 'EyeOutlined', 1, 'button.view', viewers],
];

export const PATROL_MENUS: MenuItem[] = [
  {
    code: 'patrol',
    name: '巡检管理',
    i18n: 'menu.patrol.index',
    path: '/patrol',
    source: 'ScheduleOutlined',
    sort: 3,
    topMenuCodes: ['operations'],
    roles: ['operator', 'patrol', 'auditor'],
    children: [
      {
        code: 'patrol_overview',
        name: '巡检总览',
        i18n: 'menu.patrol.overview',
        path: '/patrol/overview',
        source: 'DashboardOutlined',
        sort: 1,
        roles: ['operator', 'patrol', 'auditor'],
      },
      {
        code: 'patrol_plan',
        name: '巡检计划',
        i18n: 'menu.patrol.plan',
        path: '/patrol/plan',
        source: 'CalendarOutlined',
        sort: 2,
        roles: ['operator', 'patrol', 'auditor'],
        children: buttons('patrol_plan', '/patrol/plan', [
          ...operatorCrud(['operator', 'patrol', 'auditor']),
          ['submit', '提交审核', 'SendOutlined', 1, 'patrol.plan.submitAudit', ['operator']],
          ['audit', '审核', 'AuditOutlined', 1, 'patrol.plan.audit', []],
        ]),
      },
      {
        code: 'patrol_task',
        name: '巡检任务',
        i18n: 'menu.patrol.task',
        path: '/patrol/task',
        source: 'CarryOutOutlined',
        sort: 3,
        roles: ['operator', 'patrol', 'auditor'],
        children: buttons('patrol_task', '/patrol/task', [
          ['view', '查看', 'EyeOutlined', 1, 'button.view', ['operator', 'patrol', 'auditor']],
          ['check', '巡检签到', 'EnvironmentOutlined', 1, 'patrol.task.check', ['patrol']],
          ['reassign', '任务转派', 'SwapOutlined', 1, 'patrol.task.reassign', ['operator']],
        ]),
      },
      {
        code: 'patrol_job_object',
        name: '作业对象',
        i18n: 'menu.patrol.jobObject',
        path: '/patrol/jobObject',
        source: 'AimOutlined',
        sort: 4,
        roles: ['operator', 'patrol'],
        children: buttons('patrol_job_object', '/patrol/jobObject', operatorCrud(['operator', 'patrol'])),
      },
      {
        code: 'patrol_type',
        name: '巡检类型',
        i18n: 'menu.patrol.type',
        path: '/patrol/type',
        source: 'AppstoreOutlined',
        sort: 5,
        roles: ['operator'],
        children: buttons('patrol_type', '/patrol/type', [
          ['add', '新增', 'PlusOutlined', 0, 'button.add', ['operator']],
          ['edit', '修改', 'EditOutlined', 1, 'button.edit', ['operator']],
          ['delete', '删除', 'DeleteOutlined', 1, 'button.delete', []],
        ]),
      },
      {
        code: 'patrol_access_rule',
        name: '考核指标',
        i18n: 'menu.patrol.accessRule',
        path: '/patrol/accessRule',
        source: 'TrophyOutlined',
        sort: 6,
        roles: ['operator', 'auditor'],
        children: buttons('patrol_access_rule', '/patrol/accessRule', [
          ['edit', '修改', 'EditOutlined', 1, 'button.edit', []],
          ['export', '导出', 'ExportOutlined', 0, 'button.export', ['operator', 'auditor']],
        ]),
      },
      {
        code: 'location_monitor',
        name: '人员定位',
        i18n: 'menu.patrol.location',
        path: '/patrol/location',
        source: 'EnvironmentOutlined',
        sort: 7,
        roles: ['operator', 'auditor'],
      },
    ],
  },
];
