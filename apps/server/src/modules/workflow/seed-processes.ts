/** The deployed processes a water utility runs, as simple process specs (build.ts makes their BPMN). */
import { inLine, type SimpleProcess } from './build.ts';

type DemoProcess = SimpleProcess & { category: string; formKey: string };

export function demoProcesses(): DemoProcess[] {
  return [
    leaveProcess(),
    dispatchOrderProcess(),
    burstRepairProcess(),
    patrolHazardProcess(),
    waterConnectionProcess(),
  ];
}

function leaveProcess(): DemoProcess {
  return {
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
      ...inLine('start', 'apply', 'leader', 'days_gw'),
      { from: 'days_gw', to: 'ceo', name: '超过3天', condition: '${days > 3}' },
      { from: 'days_gw', to: 'hr', name: '3天以内', isDefault: true },
      ...inLine('ceo', 'hr', 'end'),
    ],
  };
}

function dispatchOrderProcess(): DemoProcess {
  return {
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
    flows: inLine('start', 'ack', 'feedback', 'end'),
  };
}

function burstRepairProcess(): DemoProcess {
  return {
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
    flows: inLine('start', 'dispatch', 'repair', 'restore', 'review', 'end'),
  };
}

function patrolHazardProcess(): DemoProcess {
  return {
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
      ...inLine('start', 'confirm', 'level_gw'),
      { from: 'level_gw', to: 'approve', name: '重大隐患', condition: "${level == '重大'}" },
      { from: 'level_gw', to: 'fix', name: '一般隐患', isDefault: true },
      ...inLine('approve', 'fix', 'recheck', 'end'),
    ],
  };
}

function waterConnectionProcess(): DemoProcess {
  return {
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
      ...inLine('start', 'accept', 'fork', 'tech'),
      { from: 'fork', to: 'fee' },
      { from: 'tech', to: 'join' },
      ...inLine('fee', 'join', 'sign', 'install', 'end'),
    ],
  };
}
