/** The workflow area's menus (with buttons and demo-role grants) and the button catalogue. */
import {
  CRUD_BUTTONS,
  type CrudOp,
  type MenuItem,
  menuButton,
  type ScreenEntryArgs,
  screenEntry,
} from '../system/index.ts';

const PROCESS_ROLES = ['operator', 'patrol', 'auditor'];

// the design screens show 查看 too: with button judging on (issue 24) each shown button needs its code
const crud = (code: string, path: string, ops: CrudOp[] = ['add', 'edit', 'delete', 'view']) =>
  ops.map((op, i) =>
    menuButton(
      code,
      path,
      op,
      CRUD_BUTTONS[op].name,
      CRUD_BUTTONS[op].icon,
      i + 1,
      op === 'add' ? 0 : op === 'view' ? 1 : 2,
    ),
  );

const screen = (...[code, name, i18n, ...rest]: ScreenEntryArgs) =>
  screenEntry(code, name, `menu.workflow.${i18n}`, ...rest);

export const WORKFLOW_MENUS: MenuItem[] = [
  {
    code: 'workflow',
    name: '流程管理',
    i18n: 'menu.workflow.index',
    path: '/workflow',
    source: 'ApartmentOutlined',
    sort: 20,
    topMenuCodes: ['supervision'],
    children: [
      {
        ...screen('wf_process', '流程事务', 'process', '/workflow/process', 'ScheduleOutlined', 1),
        roles: PROCESS_ROLES,
        children: [
          screen('wf_start', '发起事务', 'start', '/workflow/process/start', 'PlayCircleOutlined', 1),
          screen('wf_todo', '待办事务', 'todo', '/workflow/process/todo', 'CarryOutOutlined', 2),
          screen('wf_claim', '待签事务', 'claim', '/workflow/process/claim', 'SignatureOutlined', 3),
          screen('wf_send', '已发事务', 'send', '/workflow/process/send', 'SendOutlined', 4),
          screen('wf_mydone', '我的已办', 'mydone', '/workflow/process/mydone', 'CheckSquareOutlined', 5),
          screen('wf_done', '办结事务', 'done', '/workflow/process/done', 'FileDoneOutlined', 6),
          screen('wf_copy', '抄送事务', 'copy', '/workflow/process/copy', 'CopyOutlined', 7),
        ],
      },
      {
        ...screen('wf_design', '流程设计', 'design', '/workflow/design', 'DeploymentUnitOutlined', 2),
        children: [
          screen('wf_model', '模型设计', 'model', '/workflow/design/model', 'PartitionOutlined', 1, [
            ...crud('wf_model', '/workflow/design/model'),
            {
              code: 'wf_model_deploy',
              name: '部署',
              i18n: 'button.deploy',
              alias: 'deploy',
              path: '/workflow/design/model/deploy',
              source: 'CloudUploadOutlined',
              sort: 5,
              category: 2,
              action: 1,
            },
          ]),
          screen(
            'wf_form',
            '表单设计',
            'form',
            '/workflow/design/form',
            'FormOutlined',
            2,
            crud('wf_form', '/workflow/design/form'),
          ),
          screen(
            'wf_deployment',
            '部署管理',
            'deployment',
            '/workflow/design/deployment',
            'CloudServerOutlined',
            3,
            crud('wf_deployment', '/workflow/design/deployment', ['edit', 'delete']),
          ),
          screen(
            'wf_category',
            '流程分类',
            'category',
            '/workflow/design/category',
            'FolderOutlined',
            4,
            crud('wf_category', '/workflow/design/category'),
          ),
          screen(
            'wf_button',
            '流程按钮',
            'button',
            '/workflow/design/button',
            'AppstoreAddOutlined',
            5,
            crud('wf_button', '/workflow/design/button'),
          ),
          screen(
            'wf_condition',
            '流程表达式',
            'condition',
            '/workflow/design/condition',
            'FunctionOutlined',
            6,
            crud('wf_condition', '/workflow/design/condition'),
          ),
        ],
      },
      {
        ...screen('wf_ops', '流程运维', 'ops', '/workflow/ops', 'ToolOutlined', 3),
        children: [
          screen('wf_ops_list', '流程任务', 'opsList', '/workflow/ops/list', 'UnorderedListOutlined', 1),
          screen('wf_ops_process', '流程实例', 'opsProcess', '/workflow/ops/process', 'ClusterOutlined', 2),
        ],
      },
    ],
  },
];

export const BUTTONS: [string, string][] = [
  ['wf_pass', '同意'],
  ['wf_reject', '驳回'],
  ['wf_transfer', '转办'],
  ['wf_delegate', '委托'],
  ['wf_rollback', '退回'],
  ['wf_terminate', '终止'],
  ['wf_copy', '抄送'],
  ['wf_add_instance', '加签'],
  ['wf_print', '打印'],
];
