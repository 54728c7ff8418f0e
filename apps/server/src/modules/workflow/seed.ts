/**
 * The workflow area's menus (with buttons and demo-role grants), the button catalogue, categories, forms and the
 * deployed processes a water utility runs — 请假, 爆管抢修, 巡检隐患处理, 用水报装 — with demo instances in every
 * state for the demo accounts. Idempotent: menus by code; catalogue, categories, forms, models and definitions by
 * key; instances only while the tenant has none.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/module.ts';
import { inTenant } from '../../core/scoped.ts';
import { ensureMenus, type MenuItem, role, user } from '../system/index.ts';
import { buildBpmn, type SimpleProcess } from './build.ts';
import { deployIn } from './deploy.ts';
import { type Actor, quietly, startInstance } from './engine.ts';
import {
  changeStatus,
  claimTask,
  completeTask,
  copyTask,
  terminateProcess,
  transferTask,
  withdrawTask,
} from './operations.ts';
import { wfButton, wfCategory, wfForm, wfInstance, wfLeave, wfModel, wfTask } from './schema.ts';

const SEED_LOCK = 7_261_091;
const PROCESS_ROLES = ['operator', 'patrol', 'auditor'];

// the design screens show 查看 too: with button judging on (issue 24) each shown button needs its code
const crud = (
  code: string,
  path: string,
  ops: ('add' | 'edit' | 'delete' | 'view')[] = ['add', 'edit', 'delete', 'view'],
) =>
  ops.map((op, i) => ({
    code: `${code}_${op}`,
    name: { add: '新增', edit: '修改', delete: '删除', view: '查看' }[op],
    i18n: `button.${op}`,
    alias: op,
    path: `${path}/${op}`,
    source: { add: 'PlusOutlined', edit: 'EditOutlined', delete: 'DeleteOutlined', view: 'EyeOutlined' }[op],
    sort: i + 1,
    category: 2 as const,
    action: (op === 'add' ? 0 : op === 'view' ? 1 : 2) as 0 | 1 | 2,
  }));

const screen = (
  code: string,
  name: string,
  i18n: string,
  path: string,
  icon: string,
  sort: number,
  children: MenuItem[] = [],
) => ({
  code,
  name,
  i18n: `menu.workflow.${i18n}`,
  path,
  source: icon,
  sort,
  children,
});

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

const CATEGORIES = ['行政办公', '管网运维', '营业服务'];

const field = (
  vModel: string,
  jnpfKey: string,
  label: string,
  extra: Record<string, unknown> = {},
  required = true,
) => ({
  __config__: { jnpfKey, label, required, span: 24, layout: 'colFormItem' },
  __vModel__: vModel,
  placeholder: `请输入${label}`,
  ...extra,
});

export const FORMS: { formKey: string; name: string; category: string; fields: unknown[] }[] = [
  {
    formKey: 'leave_form',
    name: '请假单',
    category: '行政办公',
    fields: [
      field('leaveType', 'select', '请假类型', {
        options: [
          { fullName: '事假', id: '1' },
          { fullName: '病假', id: '2' },
          { fullName: '年假', id: '3' },
        ],
      }),
      field('startTime', 'datePicker', '开始时间', { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' }),
      field('endTime', 'datePicker', '结束时间', { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' }),
      field('days', 'inputNumber', '请假天数', { min: 1, max: 365 }),
      field('reason', 'textarea', '请假理由'),
    ],
  },
  {
    formKey: 'burst_repair_form',
    name: '爆管抢修单',
    category: '管网运维',
    fields: [
      field('address', 'input', '爆管地点'),
      field('pipeDiameter', 'inputNumber', '管径(mm)', { min: 15, max: 3000 }),
      field('level', 'select', '影响等级', {
        options: [
          { fullName: '一般', id: '一般' },
          { fullName: '较大', id: '较大' },
          { fullName: '重大', id: '重大' },
        ],
      }),
      field('description', 'textarea', '现场情况'),
    ],
  },
  {
    formKey: 'patrol_hazard_form',
    name: '巡检隐患单',
    category: '管网运维',
    fields: [
      field('hazardType', 'select', '隐患类型', {
        options: [
          { fullName: '管道渗漏', id: '管道渗漏' },
          { fullName: '阀门井损坏', id: '阀门井损坏' },
          { fullName: '违章占压', id: '违章占压' },
        ],
      }),
      field('address', 'input', '隐患位置'),
      field('description', 'textarea', '隐患描述'),
    ],
  },
  {
    formKey: 'water_connection_form',
    name: '用水报装申请表',
    category: '营业服务',
    fields: [
      field('applicant', 'input', '申请单位/个人'),
      field('address', 'input', '用水地址'),
      field('waterCategory', 'select', '用水类别', {
        options: [
          { fullName: '居民生活用水', id: '1' },
          { fullName: '非居民用水', id: '2' },
          { fullName: '特种行业用水', id: '3' },
        ],
      }),
      field('meterSize', 'inputNumber', '表径(mm)', { min: 15, max: 300 }),
    ],
  },
  {
    formKey: 'dispatch_order_form',
    name: '调度指令单',
    category: '管网运维',
    fields: [
      field('stnm', 'input', '站点'),
      field('actionName', 'input', '指令'),
      field('target', 'inputNumber', '目标值'),
      field('content', 'textarea', '指令内容'),
    ],
  },
];

export function demoProcesses(): (SimpleProcess & { category: string; formKey: string })[] {
  return [
    {
      key: 'leave',
      name: '请假',
      titleTemplate: '请假 {days} 天 · {starter} · {startTime:MM-dd} 至 {endTime:MM-dd}',
      category: '行政办公',
      formKey: 'leave_form',
      rollbackNode: 'apply',
      // one submit: the start form's 提交 completes 提交请假; sent back there, the starter corrects the form
      skipFirstNode: true,
      nodes: [
        { id: 'start', type: 'start', name: '开始', initiator: 'applyUser', formKey: 'leave_form' },
        { id: 'apply', type: 'task', name: '提交请假', assignee: '${applyUser}', formEditable: true },
        {
          id: 'leader',
          type: 'task',
          name: '部门负责人审批',
          assignee: '${starterDeptLeader}',
          buttons: 'wf_pass,wf_reject,wf_transfer,wf_delegate,wf_rollback,wf_copy',
        },
        { id: 'days_gw', type: 'xor', name: '请假天数' },
        { id: 'ceo', type: 'task', name: '总经理审批', candidateGroups: 'post:ceo' },
        { id: 'hr', type: 'task', name: '综合管理部备案', candidateGroups: 'role:auditor', timer: 'P1D' },
        { id: 'end', type: 'end', name: '结束' },
      ],
      flows: [
        { from: 'start', to: 'apply' },
        { from: 'apply', to: 'leader' },
        { from: 'leader', to: 'days_gw' },
        { from: 'days_gw', to: 'ceo', name: '超过3天', condition: '${days > 3}' },
        { from: 'days_gw', to: 'hr', name: '3天以内', isDefault: true },
        { from: 'ceo', to: 'hr' },
        { from: 'hr', to: 'end' },
      ],
    },
    {
      // 调度指令 (modules/dispatch): the station's operator acknowledges, then the one who acknowledged reports back
      key: 'dispatch_order',
      name: '调度指令',
      category: '管网运维',
      formKey: 'dispatch_order_form',
      nodes: [
        { id: 'start', type: 'start', name: '下达指令', initiator: 'dispatcher', formKey: 'dispatch_order_form' },
        // the station's operators (dispatch stations.ts sets stationOperators: user:…, or role:operator)
        { id: 'ack', type: 'task', name: '接收确认', candidateGroups: '${stationOperators}' },
        { id: 'feedback', type: 'task', name: '执行反馈', assignee: '${acknowledger}' },
        { id: 'end', type: 'end', name: '结束' },
      ],
      flows: [
        { from: 'start', to: 'ack' },
        { from: 'ack', to: 'feedback' },
        { from: 'feedback', to: 'end' },
      ],
    },
    {
      key: 'burst_repair',
      name: '爆管抢修',
      category: '管网运维',
      formKey: 'burst_repair_form',
      nodes: [
        { id: 'start', type: 'start', name: '爆管上报', initiator: 'reporter', formKey: 'burst_repair_form' },
        { id: 'dispatch', type: 'task', name: '调度派单', candidateGroups: 'post:dispatcher,role:operator' },
        { id: 'repair', type: 'task', name: '现场抢修', candidateGroups: 'role:patrol', timer: 'R3/PT2H' },
        { id: 'restore', type: 'task', name: '恢复供水', candidateGroups: 'role:operator' },
        { id: 'review', type: 'task', name: '验收评价', candidateGroups: 'role:auditor' },
        { id: 'end', type: 'end', name: '结束' },
      ],
      flows: [
        { from: 'start', to: 'dispatch' },
        { from: 'dispatch', to: 'repair' },
        { from: 'repair', to: 'restore' },
        { from: 'restore', to: 'review' },
        { from: 'review', to: 'end' },
      ],
    },
    {
      key: 'patrol_hazard',
      name: '巡检隐患处理',
      category: '管网运维',
      formKey: 'patrol_hazard_form',
      nodes: [
        { id: 'start', type: 'start', name: '隐患上报', initiator: 'reporter', formKey: 'patrol_hazard_form' },
        { id: 'confirm', type: 'task', name: '隐患确认', candidateGroups: 'role:operator' },
        { id: 'level_gw', type: 'xor', name: '是否重大隐患' },
        { id: 'approve', type: 'task', name: '领导审批', candidateGroups: 'post:ceo' },
        { id: 'fix', type: 'task', name: '整改处理', assignee: '${reporter}', timer: 'P2D' },
        { id: 'recheck', type: 'task', name: '整改复查', candidateGroups: 'role:operator' },
        { id: 'end', type: 'end', name: '结束' },
      ],
      flows: [
        { from: 'start', to: 'confirm' },
        { from: 'confirm', to: 'level_gw' },
        { from: 'level_gw', to: 'approve', name: '重大隐患', condition: "${level == '重大'}" },
        { from: 'level_gw', to: 'fix', name: '一般隐患', isDefault: true },
        { from: 'approve', to: 'fix' },
        { from: 'fix', to: 'recheck' },
        { from: 'recheck', to: 'end' },
      ],
    },
    {
      key: 'water_connection',
      name: '用水报装',
      category: '营业服务',
      formKey: 'water_connection_form',
      nodes: [
        { id: 'start', type: 'start', name: '报装申请', initiator: 'applyUser', formKey: 'water_connection_form' },
        { id: 'accept', type: 'task', name: '营业受理', candidateGroups: 'role:operator' },
        { id: 'fork', type: 'and', name: '并行审核' },
        { id: 'tech', type: 'task', name: '技术审核', candidateGroups: 'role:operator' },
        { id: 'fee', type: 'task', name: '费用核算', candidateGroups: 'role:auditor' },
        { id: 'join', type: 'and', name: '审核汇总' },
        {
          id: 'sign',
          type: 'task',
          name: '会签',
          assignee: '${signer}',
          mi: {
            sequential: false,
            collection: 'signers',
            elementVariable: 'signer',
            completion: '${nrOfCompletedInstances == nrOfInstances}',
          },
        },
        { id: 'install', type: 'task', name: '装表通水', candidateGroups: 'role:patrol' },
        { id: 'end', type: 'end', name: '结束' },
      ],
      flows: [
        { from: 'start', to: 'accept' },
        { from: 'accept', to: 'fork' },
        { from: 'fork', to: 'tech' },
        { from: 'fork', to: 'fee' },
        { from: 'tech', to: 'join' },
        { from: 'fee', to: 'join' },
        { from: 'join', to: 'sign' },
        { from: 'sign', to: 'install' },
        { from: 'install', to: 'end' },
      ],
    },
  ];
}

async function seedDesign(ctx: AppContext, tenantId: string) {
  const cats = new Map<string, string>();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const haveButtons = new Set(
      (await tx.select({ k: wfButton.buttonKey }).from(wfButton).where(inTenant(wfButton, tenantId))).map((r) => r.k),
    );
    const newButtons = BUTTONS.filter(([k]) => !haveButtons.has(k));
    if (newButtons.length)
      await tx.insert(wfButton).values(
        newButtons.map(([buttonKey, name]) => ({
          tenantId,
          buttonKey,
          name,
          sort: BUTTONS.findIndex((b) => b[0] === buttonKey) + 1,
        })),
      );
    for (const [i, name] of CATEGORIES.entries()) {
      const [c] = await tx
        .select({ id: wfCategory.id })
        .from(wfCategory)
        .where(inTenant(wfCategory, tenantId, eq(wfCategory.name, name), eq(wfCategory.parentId, '0')));
      if (c) cats.set(name, c.id);
      else {
        const [row] = await tx
          .insert(wfCategory)
          .values({ tenantId, name, sort: i + 1 })
          .returning({ id: wfCategory.id });
        cats.set(name, row.id);
      }
    }
    for (const f of FORMS) {
      const [have] = await tx
        .select({ id: wfForm.id })
        .from(wfForm)
        .where(inTenant(wfForm, tenantId, eq(wfForm.formKey, f.formKey)));
      if (!have)
        await tx.insert(wfForm).values({
          tenantId,
          formKey: f.formKey,
          name: f.name,
          categoryId: cats.get(f.category),
          content: { labelWidth: 100, labelPosition: 'right', fields: f.fields },
        });
    }
    for (const p of demoProcesses()) {
      const [have] = await tx
        .select({ id: wfModel.id })
        .from(wfModel)
        .where(inTenant(wfModel, tenantId, eq(wfModel.modelKey, p.key)));
      if (have) continue;
      const xml = buildBpmn(p);
      const [m] = await tx
        .insert(wfModel)
        .values({
          tenantId,
          modelKey: p.key,
          name: p.name,
          categoryId: cats.get(p.category),
          xml,
          description: `${p.name}流程`,
        })
        .returning();
      await deployIn(tx, {
        tenantId,
        xml,
        name: p.name,
        categoryId: cats.get(p.category),
        modelId: m.id,
        formKey: p.formKey,
        description: m.description,
      });
    }
  });
}

async function accounts(ctx: AppContext, tenantId: string) {
  const rows = await ctx.db
    .select({ id: user.id, account: user.account })
    .from(user)
    .where(inTenant(user, tenantId, eq(user.isDeleted, 0)));
  return Object.fromEntries(rows.map((r) => [r.account, r.id])) as Record<string, string>;
}

const open = (ctx: AppContext, instanceId: string) =>
  ctx.db
    .select()
    .from(wfTask)
    .where(and(eq(wfTask.instanceId, instanceId), sql`${wfTask.endTime} is null`));

/** Demo instances: running at each step, finished, rejected back, terminated, withdrawn, suspended, copied. */
async function seedInstances(ctx: AppContext, tenantId: string) {
  const ids = await accounts(ctx, tenantId);
  if (!ids.admin || !ids.operator || !ids.patrol || !ids.auditor) return;
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(wfInstance)
    .where(inTenant(wfInstance, tenantId));
  if (Number(n)) return;
  const [hasPatrolRole] = await ctx.db
    .select({ id: role.id })
    .from(role)
    .where(inTenant(role, tenantId, eq(role.roleAlias, 'patrol')));
  if (!hasPatrolRole) return;
  const as = (a: string): Actor => ({ userId: ids[a], tenantId, isAdmin: a === 'admin' });
  const start = (
    key: string,
    starter: string,
    variables: Record<string, unknown>,
    extra: { title?: string; copyUser?: string[]; businessKey?: string } = {},
  ) =>
    startInstance(ctx, { tenantId, processKey: key, starterUserId: ids[starter], variables, ...extra }).then(
      (r) => r.id,
    );
  const step = async (id: string, who: string, input: Record<string, unknown> = {}) => {
    const [t] = await open(ctx, id);
    if (t) await completeTask(ctx, as(who), { taskId: t.id, ...input });
  };

  // 请假: operator's 5-day leave waiting for the 总经理 (admin); patrol's 2-day leave finished; auditor's withdrawn
  const leave = async (starter: string, days: number, reason: string) => {
    const startTime = new Date(Date.now() + 86400_000);
    const endTime = new Date(startTime.getTime() + days * 86400_000);
    const r = await startInstance(ctx, {
      tenantId,
      processKey: 'leave',
      starterUserId: ids[starter],
      variables: { leaveType: '3', days, reason, startTime, endTime },
      within: async (tx, instanceId) => {
        await tx.insert(wfLeave).values({
          tenantId,
          processInstanceId: instanceId,
          leaveType: 3,
          startTime,
          endTime,
          days,
          reason,
          createUser: ids[starter],
        });
      },
    });
    return r.id;
  };
  // (the start submits 提交请假 itself: flowable:skipFirstNode)
  const l1 = await leave('operator', 5, '年休假，回老家探亲');
  await step(l1, 'admin', { comment: '同意' });
  const l2 = await leave('patrol', 2, '孩子生病需要陪护');
  await step(l2, 'admin', { comment: '注意保持电话畅通' });
  await step(l2, 'auditor', { comment: '已备案' });
  const l3 = await leave('auditor', 1, '办理个人事务');
  await withdrawTask(ctx, as('auditor'), { processInstanceId: l3, withdrawType: 'start' });
  await withdrawTask(ctx, as('auditor'), { processInstanceId: l3 });

  // 爆管抢修: one waiting for dispatch (operator's claim list), one at repair (patrol), one finished, one terminated
  const b1 = await start(
    'burst_repair',
    'operator',
    {
      address: '蜀山区长江西路与潜山路交口',
      pipeDiameter: 600,
      level: '较大',
      description: '路面冒水，影响周边三个小区供水',
    },
    { title: '长江西路 DN600 爆管抢修', copyUser: [ids.auditor] },
  );
  void b1;
  const b2 = await start(
    'burst_repair',
    'admin',
    { address: '包河区徽州大道 1288 号', pipeDiameter: 300, level: '一般', description: '阀门井附近漏水' },
    { title: '徽州大道 DN300 漏水抢修' },
  );
  await step(b2, 'operator', { comment: '派抢修一班', assignee: [ids.patrol] });
  const b5 = await start(
    'burst_repair',
    'operator',
    { address: '蜀山区望江西路 520 号', pipeDiameter: 400, level: '较大', description: '主干管接口漏水' },
    { title: '望江西路 DN400 接口漏水抢修' },
  );
  await step(b5, 'operator', { comment: '请巡检班组签收抢修' });
  const b3 = await start(
    'burst_repair',
    'operator',
    { address: '庐阳区阜阳北路 56 号', pipeDiameter: 200, level: '一般', description: '小区支管破裂' },
    { title: '阜阳北路 DN200 抢修' },
  );
  await step(b3, 'operator', { assignee: [ids.patrol] });
  await step(b3, 'patrol', { comment: '已更换破损管段' });
  await step(b3, 'operator', { comment: '已恢复供水，水压正常' });
  await step(b3, 'auditor', { comment: '抢修及时' });
  const b4 = await start(
    'burst_repair',
    'operator',
    { address: '瑶海区临泉路', pipeDiameter: 100, level: '一般', description: '误报' },
    { title: '临泉路报修（误报）' },
  );
  await terminateProcess(ctx, as('operator'), { processInstanceId: b4, comment: '现场核实为误报' });

  // 巡检隐患处理: patrol reports; one at confirm, one major at 领导审批 (suspended), one rejected back to fix
  await start(
    'patrol_hazard',
    'patrol',
    { hazardType: '管道渗漏', address: '蜀山区黄山路 18 号', description: '人行道地面持续渗水', level: '一般' },
    { title: '黄山路管道渗漏' },
  );
  const h2 = await start(
    'patrol_hazard',
    'patrol',
    { hazardType: '违章占压', address: '包河区马鞍山路', description: '施工围挡占压 DN800 主管', level: '重大' },
    { title: '马鞍山路主管违章占压' },
  );
  await step(h2, 'operator', { comment: '确认为重大隐患' });
  await changeStatus(ctx, as('admin'), { processInstanceId: h2, status: 'suspend', comment: '等待城管部门联合执法' });
  const h3 = await start(
    'patrol_hazard',
    'patrol',
    { hazardType: '阀门井损坏', address: '庐阳区濉溪路', description: '井盖破损', level: '一般' },
    { title: '濉溪路阀门井井盖破损' },
  );
  await step(h3, 'operator');
  await step(h3, 'patrol', { comment: '已更换井盖' });
  await step(h3, 'operator', { pass: false, comment: '井圈未加固，请重新整改' });

  // 用水报装: one at the parallel review, one at the countersign (admin + auditor), copied to the auditor
  const w1 = await start(
    'water_connection',
    'operator',
    {
      applicant: '合肥市第一中学',
      address: '包河区屯溪路 1 号',
      waterCategory: '2',
      meterSize: 100,
      signers: [ids.admin, ids.auditor],
    },
    { title: '合肥一中新校区用水报装' },
  );
  await step(w1, 'operator', { comment: '资料齐全，予以受理' });
  const w2 = await start(
    'water_connection',
    'operator',
    {
      applicant: '滨湖家园三期',
      address: '包河区南京路 99 号',
      waterCategory: '1',
      meterSize: 50,
      signers: [ids.admin, ids.auditor],
    },
    { title: '滨湖家园三期用水报装', copyUser: [ids.auditor] },
  );
  await step(w2, 'operator');
  for (const t of await open(ctx, w2)) {
    const who = t.taskDefKey === 'fee' ? 'auditor' : 'operator';
    await claimTask(ctx, as(who), t.id);
    await completeTask(ctx, as(who), {
      taskId: t.id,
      comment: t.taskDefKey === 'fee' ? '接水费用 3.2 万元' : '管网条件满足',
    });
  }
  await copyTask(ctx, as('admin'), { processInstanceId: w2, copyUser: [ids.patrol] });
  // a transferred task: the operator hands the dispatch of b1 to the administrator
  const [b1task] = await open(ctx, b1);
  if (b1task) {
    await claimTask(ctx, as('operator'), b1task.id);
    await transferTask(ctx, as('operator'), { taskId: b1task.id, assignee: [ids.admin], comment: '请值班领导派单' });
  }
}

export async function seedWorkflow(ctx: AppContext) {
  await ensureMenus(ctx, WORKFLOW_MENUS);
  await seedDesign(ctx, '000000');
  await quietly(() => seedInstances(ctx, '000000'));
}
