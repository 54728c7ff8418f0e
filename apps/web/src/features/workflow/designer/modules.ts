/**
 * bpmn-js additions of the designer: a translate module (palette, context pad and replace menu in zh or en, the
 * language of the session) and a palette trimmed to the BPMN subset the engine runs (start, end, user task, service
 * task, exclusive and parallel gateways, timer and message catch events, embedded sub-process) with a user task in
 * the palette and the context pad.
 */

/** zh texts of the bpmn-js strings the designer shows; en keeps bpmn-js's own. */
export const BPMN_ZH: Record<string, string> = {
  'Activate hand tool': '激活抓手工具',
  'Activate lasso tool': '激活套索工具',
  'Activate create/remove space tool': '激活创建/删除空间工具',
  'Activate global connect tool': '激活全局连接工具',
  'Create start event': '创建开始事件',
  'Create end event': '创建结束事件',
  'Create task': '创建任务',
  'Create user task': '创建用户任务',
  'Create service task': '创建服务任务',
  'Create timer event': '创建定时事件（拖到用户任务边上即为边界定时器）',
  'Create message event': '创建消息事件',
  'Create expanded sub-process': '创建子流程',
  'Service task': '服务任务',
  'Sub-process (expanded)': '子流程（展开）',
  'Sub-process (collapsed)': '子流程（折叠）',
  'Timer intermediate catch event': '定时中间捕获事件',
  'Message intermediate catch event': '消息中间捕获事件',
  'Timer boundary event (interrupting)': '定时边界事件（中断）',
  'Create gateway': '创建网关',
  'Create exclusive gateway': '创建排他网关',
  'Create parallel gateway': '创建并行网关',
  'Create intermediate/boundary event': '创建中间/边界事件',
  'Append end event': '追加结束事件',
  'Append gateway': '追加网关',
  'Append task': '追加任务',
  'Append user task': '追加用户任务',
  'Append intermediate/boundary event': '追加中间/边界事件',
  'Add text annotation': '添加文本注释',
  'Change element': '更改元素',
  'Connect to other element': '连接到其他元素',
  'Connect using association': '使用关联连接',
  Delete: '删除',
  'Search in diagram': '在图中搜索',
  'Start event': '开始事件',
  'End event': '结束事件',
  Task: '任务',
  'User task': '用户任务',
  'Exclusive gateway': '排他网关',
  'Parallel gateway': '并行网关',
  'Inclusive gateway': '包容网关',
  'Timer boundary event (non-interrupting)': '定时边界事件（非中断）',
  'Timer boundary event': '定时边界事件',
  'Sequence flow': '顺序流',
  'Default flow': '默认流',
  'Conditional flow': '条件流',
  'Parallel multi-instance': '并行多实例',
  'Sequential multi-instance': '串行多实例',
  Loop: '循环',
  'Toggle non-interrupting': '切换非中断',
  'Align elements': '对齐元素',
  'Distribute elements horizontally': '水平分布元素',
  'Distribute elements vertically': '垂直分布元素',
};

export function translateModule(language: string) {
  const translate = (template: string, replacements: Record<string, string> = {}) => {
    const text = language === 'zh' ? (BPMN_ZH[template] ?? template) : template;
    return text.replace(/{([^}]+)}/g, (_m, key) => replacements[key] ?? `{${key}}`);
  };
  return { translate: ['value', translate] };
}

/** Palette entries the engine does not run are removed; user task and parallel gateway are added. */
const REMOVED_PALETTE = [
  'create.task',
  'create.data-object',
  'create.data-store',
  'create.participant-expanded',
  'create.group',
  'create.intermediate-event',
];

type Entries = Record<string, any>;

function SubsetPalette(this: any, palette: any, create: any, elementFactory: any, translate: any) {
  const make = (type: string) => (event: Event) => create.start(event, elementFactory.createShape({ type }));
  const event = (definition: string) => (e: Event) =>
    create.start(
      e,
      elementFactory.createShape({ type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: definition }),
    );
  /** an added entry: dragging it and clicking it both start creating the same shape */
  const entry = (group: string, className: string, title: string, start: (e: Event) => void) => ({
    group,
    className,
    title: translate(title),
    action: { dragstart: start, click: start },
  });
  this.getPaletteEntries = () => (entries: Entries) => {
    for (const k of REMOVED_PALETTE) delete entries[k];
    entries['create.user-task'] = entry('activity', 'bpmn-icon-user-task', 'Create user task', make('bpmn:UserTask'));
    entries['create.parallel-gateway'] = entry(
      'gateway',
      'bpmn-icon-gateway-parallel',
      'Create parallel gateway',
      make('bpmn:ParallelGateway'),
    );
    // what the engine runs besides people's tasks: service tasks, timer and message catch events (a timer dropped
    // on a user task's border becomes its boundary timer), and the embedded sub-process (bpmn-js's own entry)
    entries['create.service-task'] = entry(
      'activity',
      'bpmn-icon-service-task',
      'Create service task',
      make('bpmn:ServiceTask'),
    );
    entries['create.timer-event'] = entry(
      'event',
      'bpmn-icon-intermediate-event-catch-timer',
      'Create timer event',
      event('bpmn:TimerEventDefinition'),
    );
    entries['create.message-event'] = entry(
      'event',
      'bpmn-icon-intermediate-event-catch-message',
      'Create message event',
      event('bpmn:MessageEventDefinition'),
    );
    if (entries['create.exclusive-gateway'])
      entries['create.exclusive-gateway'].title = translate('Create exclusive gateway');
    return entries;
  };
  palette.registerProvider(this);
}
SubsetPalette.$inject = ['palette', 'create', 'elementFactory', 'translate'];

function UserTaskContextPad(
  this: any,
  contextPad: any,
  autoPlace: any,
  create: any,
  elementFactory: any,
  translate: any,
) {
  this.getContextPadEntries = (element: any) => (entries: Entries) => {
    const t = element.businessObject?.$type ?? '';
    if (!entries['append.append-task'] || t === 'bpmn:EndEvent') return entries;
    delete entries['append.append-task'];
    const append = (_event: Event, source: any) =>
      autoPlace.append(source, elementFactory.createShape({ type: 'bpmn:UserTask' }));
    const drag = (event: Event, source: any) =>
      create.start(event, elementFactory.createShape({ type: 'bpmn:UserTask' }), { source });
    entries['append.user-task'] = {
      group: 'model',
      className: 'bpmn-icon-user-task',
      title: translate('Append user task'),
      action: { click: append, dragstart: drag },
    };
    return entries;
  };
  contextPad.registerProvider(this);
}
UserTaskContextPad.$inject = ['contextPad', 'autoPlace', 'create', 'elementFactory', 'translate'];

export const subsetModule = {
  __init__: ['wfSubsetPalette', 'wfUserTaskContextPad'],
  wfSubsetPalette: ['type', SubsetPalette],
  wfUserTaskContextPad: ['type', UserTaskContextPad],
};

/** A new process: a start event (the starter in `applyUser`), one user task for the starter, an end event. */
export function newDiagramXml(key: string, name: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_1" targetNamespace="http://flowable.org/bpmn">
  <bpmn:process id="${esc(key)}" name="${esc(name)}" isExecutable="true">
    <bpmn:startEvent id="start" flowable:initiator="applyUser" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${esc(key)}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}
