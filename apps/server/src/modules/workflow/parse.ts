/**
 * BPMN 2.0 XML → the compiled graph the engine walks (stored as JSON with each deployed definition). Parsed with
 * bpmn-moddle and a small descriptor for the `flowable:` attributes our designer writes (`@swp/contract` flowable.ts,
 * shared with the web designer). Anything outside the supported subset is refused with a clear message.
 */

import { flowableDescriptor } from '@swp/contract';
import { BpmnModdle } from 'bpmn-moddle';
import { ExprError, parse as parseExpr } from './expr.ts';

export type NodeType =
  | 'startEvent'
  | 'endEvent'
  | 'userTask'
  | 'exclusiveGateway'
  | 'parallelGateway'
  | 'boundaryEvent'
  | 'serviceTask'
  | 'timerCatch'
  | 'messageCatch'
  | 'subProcess';

/** What a service task does (`flowable:type`): call an HTTP endpoint through the outbound wall, send a site
 * message, or set a process variable. */
export interface ServiceDef {
  type: 'http' | 'message' | 'setVariable';
  url?: string;
  method?: string;
  body?: string;
  resultVariable?: string;
  to?: string;
  title?: string;
  content?: string;
  variable?: string;
  value?: string;
}

export interface MiDef {
  sequential: boolean;
  collection?: string;
  elementVariable?: string;
  cardinality?: string;
  completion?: string;
}

export interface TimerDef {
  id: string;
  name?: string;
  /** ISO 8601 duration in ms */
  intervalMs: number;
  /** total firings (1 for a duration, n for R n/…) */
  repeat: number;
  outgoing: string[];
  /** an interrupting boundary (cancelActivity, the BPMN default) ends the task and leaves by its own flows */
  interrupting?: boolean;
  /** `timeDate`: fires at this ISO date instead of after intervalMs */
  at?: string;
}

export interface GNode {
  id: string;
  type: NodeType;
  name?: string;
  incoming: string[];
  outgoing: string[];
  default?: string;
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  formKey?: string;
  buttons?: string[];
  rollbackNode?: string;
  dueDate?: string;
  initiator?: string;
  /** `flowable:formEditable`: the holder may change the form's values (they become process variables) */
  formEditable?: boolean;
  mi?: MiDef;
  timers?: TimerDef[];
  /** the embedded sub-process this node is inside */
  parent?: string;
  /** subProcess: its own start event */
  innerStart?: string;
  /** timerCatch: when it fires (after ms, or at an ISO date) */
  wait?: { ms?: number; at?: string };
  /** messageCatch: the message name it waits for */
  message?: string;
  service?: ServiceDef;
}

export interface GFlow {
  id: string;
  name?: string;
  source: string;
  target: string;
  condition?: string;
}

export interface Graph {
  processKey: string;
  name: string;
  rollbackNode?: string;
  /** `flowable:titleTemplate`: the instance's title from its start form (title.ts) */
  titleTemplate?: string;
  /** `flowable:skipFirstNode`: the start completes the starter's own first task (one submit) */
  skipFirstNode?: boolean;
  startId: string;
  formKey?: string;
  nodes: Record<string, GNode>;
  flows: Record<string, GFlow>;
}

export class BpmnError extends Error {}

const moddle = new BpmnModdle({ flowable: flowableDescriptor });

const TYPES: Record<string, NodeType> = {
  'bpmn:StartEvent': 'startEvent',
  'bpmn:EndEvent': 'endEvent',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusiveGateway',
  'bpmn:ParallelGateway': 'parallelGateway',
  'bpmn:ServiceTask': 'serviceTask',
  'bpmn:SubProcess': 'subProcess',
};
const IGNORED = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group', 'bpmn:DataObjectReference']);

/** ISO 8601 duration (PnDTnHnMnS, PnW) → ms; undefined when not one. */
export function durationMs(s: string): number | undefined {
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(s.trim());
  if (!m || s.trim().toUpperCase() === 'P' || /T$/i.test(s.trim())) return undefined;
  const [, w, d, h, mi, sec] = m;
  return ((((+(w ?? 0) * 7 + +(d ?? 0)) * 24 + +(h ?? 0)) * 60 + +(mi ?? 0)) * 60 + +(sec ?? 0)) * 1000;
}

/** A timer definition's firing: `timeDuration` (PT2H), `timeCycle` (R3/PT1H) or `timeDate` (an ISO date). */
export function timerOf(def: any): { intervalMs: number; repeat: number; at?: string } | undefined {
  const dur = def?.timeDuration?.body?.trim();
  const cyc = def?.timeCycle?.body?.trim();
  const date = def?.timeDate?.body?.trim();
  if (dur) {
    const ms = durationMs(dur);
    return ms ? { intervalMs: ms, repeat: 1 } : undefined;
  }
  if (cyc) {
    const m = /^R(\d*)\/(P.+)$/i.exec(cyc);
    const ms = m ? durationMs(m[2]) : undefined;
    const repeat = m?.[1] ? Number(m[1]) : 1;
    return ms && repeat >= 1 && repeat <= 100 ? { intervalMs: ms, repeat } : undefined;
  }
  if (date && /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(date)) {
    const d = new Date(date.replace(' ', 'T'));
    return Number.isNaN(d.getTime()) ? undefined : { intervalMs: 0, repeat: 1, at: d.toISOString() };
  }
  return undefined;
}

const attr = (el: any, name: string): string | undefined => {
  const v = el.get?.(`flowable:${name}`) ?? el.$attrs?.[`flowable:${name}`];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};

function checkExpr(src: string, where: string) {
  try {
    parseExpr(src);
  } catch (e) {
    throw new BpmnError(`${where}的表达式有误: ${e instanceof ExprError ? e.message : String(e)}`);
  }
}

const SERVICE_TYPES = new Set(['http', 'message', 'setVariable']);

/** A service task's `flowable:` settings, checked. */
function serviceOf(el: any, label: string): ServiceDef {
  const type = attr(el, 'type') ?? '';
  if (!SERVICE_TYPES.has(type))
    throw new BpmnError(`服务任务「${label}」须设置类型 (flowable:type): http、message 或 setVariable`);
  const d: ServiceDef = { type: type as ServiceDef['type'] };
  if (type === 'http') {
    d.url = attr(el, 'url');
    d.method = (attr(el, 'method') ?? 'POST').toUpperCase();
    d.body = attr(el, 'body');
    d.resultVariable = attr(el, 'resultVariable');
    if (!d.url || !/^https?:\/\/[^\s/]+/i.test(d.url)) throw new BpmnError(`服务任务「${label}」须设置 http(s) 地址`);
    if (!['GET', 'POST', 'PUT'].includes(d.method))
      throw new BpmnError(`服务任务「${label}」的请求方法只支持 GET、POST、PUT`);
    if (d.resultVariable && !/^[A-Za-z_]\w{0,63}$/.test(d.resultVariable))
      throw new BpmnError(`服务任务「${label}」的结果变量名无效`);
  } else if (type === 'message') {
    d.to = attr(el, 'messageTo');
    d.title = attr(el, 'messageTitle');
    d.content = attr(el, 'messageContent');
    if (!d.to || !d.title) throw new BpmnError(`服务任务「${label}」须设置消息接收人和标题`);
    for (const part of d.to.split(',')) if (/[$#]\{/.test(part)) checkExpr(part.trim(), `服务任务「${label}」的接收人`);
  } else {
    d.variable = attr(el, 'variableName');
    d.value = attr(el, 'variableValue');
    if (!d.variable || !/^[A-Za-z_]\w{0,63}$/.test(d.variable)) throw new BpmnError(`服务任务「${label}」须设置变量名`);
    if (d.value && /^[$#]\{/.test(d.value)) checkExpr(d.value, `服务任务「${label}」的变量值`);
  }
  return d;
}

/** An intermediate catch event: a timer (duration or date) or a message; anything else is refused. */
function catchOf(el: any, parent: string | undefined): GNode {
  const label = el.name ?? el.id;
  const def = el.eventDefinitions?.[0];
  const base: Omit<GNode, 'type'> = { id: el.id, name: el.name || undefined, incoming: [], outgoing: [], parent };
  if (el.eventDefinitions?.length !== 1) throw new BpmnError(`中间事件「${label}」须为定时或消息事件`);
  if (def.$type === 'bpmn:TimerEventDefinition') {
    const t = timerOf(def);
    if (!t || t.repeat > 1)
      throw new BpmnError(`定时事件「${label}」须设置 ISO 8601 时长 (如 PT1H) 或日期 (如 2026-12-01T09:00:00)`);
    return { ...base, type: 'timerCatch', wait: t.at ? { at: t.at } : { ms: t.intervalMs } };
  }
  if (def.$type === 'bpmn:MessageEventDefinition') {
    const name = def.messageRef?.name?.trim() || def.messageRef?.id;
    if (!name) throw new BpmnError(`消息事件「${label}」须引用一个消息 (messageRef)`);
    return { ...base, type: 'messageCatch', message: name };
  }
  throw new BpmnError(`中间事件「${label}」须为定时或消息事件`);
}

/** A user task's attributes: people, form, due date, buttons, multi-instance loop (expressions checked). */
function readUserTask(el: any, n: GNode) {
  n.assignee = attr(el, 'assignee');
  n.candidateUsers = attr(el, 'candidateUsers');
  n.candidateGroups = attr(el, 'candidateGroups');
  n.formKey = attr(el, 'formKey');
  n.rollbackNode = attr(el, 'rollbackNode');
  n.dueDate = attr(el, 'dueDate');
  if (attr(el, 'formEditable') === 'true') n.formEditable = true;
  const buttons = attr(el, 'buttons');
  if (buttons)
    n.buttons = buttons
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean);
  for (const [k, v] of [
    ['处理人', n.assignee],
    ['候选人', n.candidateUsers],
  ] as const)
    if (v && /[$#]\{/.test(v))
      for (const part of v.split(',')) if (/[$#]\{/.test(part)) checkExpr(part, `任务「${n.name ?? n.id}」的${k}`);
  const lc = el.loopCharacteristics;
  if (lc) {
    if (lc.$type !== 'bpmn:MultiInstanceLoopCharacteristics')
      throw new BpmnError(`任务「${n.name ?? n.id}」只支持多实例循环`);
    const mi: MiDef = {
      sequential: Boolean(lc.isSequential),
      collection: attr(lc, 'collection'),
      elementVariable: attr(lc, 'elementVariable'),
      cardinality: lc.loopCardinality?.body?.trim() || undefined,
      completion: lc.completionCondition?.body?.trim() || undefined,
    };
    if (!mi.collection && !mi.cardinality)
      throw new BpmnError(`多实例任务「${n.name ?? n.id}」须设置集合 (collection) 或循环次数`);
    if (mi.completion) checkExpr(mi.completion, `多实例任务「${n.name ?? n.id}」的完成条件`);
    if (mi.cardinality) checkExpr(mi.cardinality, `多实例任务「${n.name ?? n.id}」的循环次数`);
    n.mi = mi;
  }
  if (!n.assignee && !n.candidateUsers && !n.candidateGroups)
    throw new BpmnError(`任务「${n.name ?? n.id}」没有设置处理人或候选人`);
}

/** A timer boundary event: a reminder (or an interrupting timer) of its user task, and a node of its own. */
function attachBoundary(b: any, nodes: Record<string, GNode>) {
  const host = nodes[b.attachedToRef?.id];
  if (host?.type !== 'userTask') throw new BpmnError(`边界事件「${b.name ?? b.id}」只能附在用户任务上`);
  const def = b.eventDefinitions?.[0];
  if (def?.$type !== 'bpmn:TimerEventDefinition' || b.eventDefinitions.length > 1)
    throw new BpmnError(`边界事件「${b.name ?? b.id}」只支持定时器`);
  const interrupting = b.cancelActivity !== false;
  const timer = timerOf(def);
  if (!timer)
    throw new BpmnError(
      `定时边界事件「${b.name ?? b.id}」须设置 ISO 8601 时长 (如 PT2H)、循环 (如 R3/PT1H) 或日期 (如 2026-12-01T09:00:00)`,
    );
  host.timers = [
    ...(host.timers ?? []),
    {
      id: b.id,
      name: b.name || undefined,
      intervalMs: timer.intervalMs,
      // an interrupting timer fires once
      repeat: interrupting ? 1 : timer.repeat,
      at: timer.at,
      interrupting: interrupting || undefined,
      outgoing: [],
    },
  ];
  nodes[b.id] = { id: b.id, type: 'boundaryEvent', name: b.name || undefined, incoming: [], outgoing: [] };
  if (host.parent) nodes[b.id].parent = host.parent;
}

/** The wired graph's rules: one start, an end, sub-processes closed, flows inside their level, every node joined. */
function checkGraph(nodes: Record<string, GNode>, flows: Record<string, GFlow>, subs: GNode[]) {
  const starts = Object.values(nodes).filter((n) => n.type === 'startEvent' && !n.parent);
  if (starts.length !== 1) throw new BpmnError('流程须有且只有一个开始事件');
  if (!Object.values(nodes).some((n) => n.type === 'endEvent' && !n.parent)) throw new BpmnError('流程须有结束事件');
  for (const sp of subs) {
    const inner = Object.values(nodes).filter((n) => n.parent === sp.id);
    const innerStarts = inner.filter((n) => n.type === 'startEvent');
    if (innerStarts.length !== 1) throw new BpmnError(`子流程「${sp.name ?? sp.id}」须有且只有一个开始事件`);
    if (!inner.some((n) => n.type === 'endEvent')) throw new BpmnError(`子流程「${sp.name ?? sp.id}」须有结束事件`);
    sp.innerStart = innerStarts[0].id;
  }
  for (const f of Object.values(flows))
    if ((nodes[f.source].parent ?? '') !== (nodes[f.target].parent ?? ''))
      throw new BpmnError(`连线「${f.name ?? f.id}」不能跨越子流程的边界`);
  for (const n of Object.values(nodes)) {
    const label = n.name ?? n.id;
    if (n.type !== 'endEvent' && n.type !== 'boundaryEvent' && !n.outgoing.length)
      throw new BpmnError(`节点「${label}」没有流出的连线`);
    if (n.type === 'startEvent' && n.incoming.length) throw new BpmnError(`开始事件「${label}」不能有流入的连线`);
    if (n.type !== 'startEvent' && n.type !== 'boundaryEvent' && !n.incoming.length)
      throw new BpmnError(`节点「${label}」没有流入的连线`);
    if (n.type === 'exclusiveGateway' && n.default && !n.outgoing.includes(n.default))
      throw new BpmnError(`网关「${label}」的默认连线不是它流出的连线`);
  }
  for (const n of Object.values(nodes))
    for (const t of n.timers ?? [])
      if (t.interrupting && !t.outgoing.length)
        throw new BpmnError(`中断定时边界事件「${t.name ?? t.id}」须有流出的连线`);
  return starts;
}

/** Parses and checks BPMN XML; the first executable process becomes the graph. */
export async function compileBpmn(xml: string): Promise<Graph> {
  if (!xml?.trim()) throw new BpmnError('流程 XML 不能为空');
  let root: any;
  try {
    root = (await moddle.fromXML(xml)).rootElement;
  } catch (e) {
    throw new BpmnError(`流程 XML 无法解析: ${(e as Error).message.split('\n')[0]}`);
  }
  const process = (root.rootElements ?? []).find((e: any) => e.$type === 'bpmn:Process');
  if (!process) throw new BpmnError('流程 XML 中没有流程 (process)');
  if (!process.id || !/^[A-Za-z_][\w.-]{0,63}$/.test(process.id))
    throw new BpmnError('流程标识须以字母或下划线开头，只含字母、数字、下划线、点和横线，最长 64 位');
  const nodes: Record<string, GNode> = {};
  const flows: Record<string, GFlow> = {};
  const boundaries: any[] = [];
  const subs: GNode[] = [];
  // elements of the process and, recursively, of its embedded sub-processes (their nodes carry `parent`)
  const collect = (elements: any[], parent: string | undefined) => {
    for (const el of elements ?? []) {
      if (el.$type === 'bpmn:SequenceFlow') {
        const cond = el.conditionExpression?.body?.trim();
        if (cond) checkExpr(cond, `连线「${el.name ?? el.id}」`);
        flows[el.id] = {
          id: el.id,
          name: el.name,
          source: el.sourceRef?.id,
          target: el.targetRef?.id,
          condition: cond || undefined,
        };
        continue;
      }
      if (el.$type === 'bpmn:BoundaryEvent') {
        boundaries.push(el);
        continue;
      }
      if (IGNORED.has(el.$type)) continue;
      if (el.$type === 'bpmn:IntermediateCatchEvent') {
        nodes[el.id] = catchOf(el, parent);
        continue;
      }
      const type = TYPES[el.$type];
      if (!type) throw new BpmnError(`不支持的流程元素: ${el.name ?? el.id} (${el.$type.replace('bpmn:', '')})`);
      if (type === 'startEvent' && el.eventDefinitions?.length)
        throw new BpmnError(`开始事件「${el.name ?? el.id}」只支持空开始事件`);
      if (type === 'endEvent' && el.eventDefinitions?.length)
        throw new BpmnError(`结束事件「${el.name ?? el.id}」只支持空结束事件`);
      const n: GNode = { id: el.id, type, name: el.name || undefined, incoming: [], outgoing: [] };
      if (type === 'exclusiveGateway' && el.default) n.default = el.default.id;
      if (type === 'startEvent') {
        n.initiator = attr(el, 'initiator');
        n.formKey = attr(el, 'formKey');
      }
      if (type === 'userTask') readUserTask(el, n);
      if (type === 'serviceTask') n.service = serviceOf(el, n.name ?? n.id);
      if (parent) n.parent = parent;
      nodes[n.id] = n;
      if (type === 'subProcess') {
        if (el.triggeredByEvent) throw new BpmnError(`子流程「${n.name ?? n.id}」只支持嵌入式子流程`);
        subs.push(n);
        collect(el.flowElements ?? [], n.id);
      }
    }
  };
  collect(process.flowElements ?? [], undefined);
  for (const b of boundaries) attachBoundary(b, nodes);
  for (const f of Object.values(flows)) {
    if (!f.source || !nodes[f.source] || !f.target || !nodes[f.target])
      throw new BpmnError(`连线「${f.name ?? f.id}」的起点或终点不存在`);
    nodes[f.source].outgoing.push(f.id);
    nodes[f.target].incoming.push(f.id);
  }
  for (const n of Object.values(nodes)) for (const t of n.timers ?? []) t.outgoing = nodes[t.id].outgoing;
  const starts = checkGraph(nodes, flows, subs);
  return {
    processKey: process.id,
    name: process.name || process.id,
    rollbackNode: attr(process, 'rollbackNode'),
    titleTemplate: attr(process, 'titleTemplate'),
    skipFirstNode: attr(process, 'skipFirstNode') === 'true' || undefined,
    startId: starts[0].id,
    formKey: starts[0].formKey,
    nodes,
    flows,
  };
}

/** Nodes reachable from `from` following flows (timers' flows included); `stopAtJoins` does not pass parallel joins. */
export function reachable(g: Graph, from: string, stopAtJoins = false): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const id = stack.pop()!;
    const n = g.nodes[id];
    if (!n) continue;
    // into an embedded sub-process through its start; out of it after an inner end event
    const next = [...n.outgoing.map((fid) => g.flows[fid].target)];
    if (n.type === 'subProcess' && n.innerStart) next.push(n.innerStart);
    if (n.type === 'endEvent' && n.parent) next.push(...g.nodes[n.parent].outgoing.map((fid) => g.flows[fid].target));
    for (const t of next) {
      if (seen.has(t)) continue;
      seen.add(t);
      const tn = g.nodes[t];
      if (stopAtJoins && tn.type === 'parallelGateway' && tn.incoming.length > 1) continue;
      stack.push(t);
    }
  }
  return seen;
}
