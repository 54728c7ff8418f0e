/**
 * Checks a process before it is saved for deployment: the BPMN subset the engine runs (docs/workflow.md) and the
 * things a deployed process cannot do without. Each issue names the element (so the designer can select it) and
 * carries a translation key under `workflow.validate.*` with its parameters.
 */
import type { ModdleElement } from './props';
import { parseGroups } from './props';

export interface Issue {
  level: 'error' | 'warning';
  /** translation key under workflow.validate */
  code: string;
  elementId?: string;
  params: Record<string, string>;
}

const SUPPORTED = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:SequenceFlow',
  'bpmn:BoundaryEvent',
  'bpmn:ServiceTask',
  'bpmn:SubProcess',
  'bpmn:IntermediateCatchEvent',
]);
const SERVICE_TYPES = ['http', 'message', 'setVariable'];
/** Elements that carry no behaviour and are ignored by the engine. */
const IGNORED = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group']);
const NCNAME = /^[A-Za-z_][\w.-]*$/;

const label = (e: ModdleElement): string => e.name || e.id || '';
const arr = <T>(x: T[] | undefined): T[] => x ?? [];

export function validateDefinitions(definitions: ModdleElement): Issue[] {
  const issues: Issue[] = [];
  const err = (code: string, e?: ModdleElement, params: Record<string, string> = {}) =>
    issues.push({ level: 'error', code, elementId: e?.id, params: { name: e ? label(e) : '', ...params } });
  const warn = (code: string, e?: ModdleElement, params: Record<string, string> = {}) =>
    issues.push({ level: 'warning', code, elementId: e?.id, params: { name: e ? label(e) : '', ...params } });

  const processes = arr<ModdleElement>(definitions.rootElements).filter((r) => r.$type === 'bpmn:Process');
  if (processes.length !== 1) {
    err(processes.length ? 'oneProcess' : 'noProcess');
    if (!processes.length) return issues;
  }
  const proc = processes[0];
  if (!proc.id || !NCNAME.test(proc.id)) err('processKey', proc, { key: proc.id ?? '' });
  if (!proc.name?.trim()) err('processName', proc);

  const elements = arr<ModdleElement>(proc.flowElements);
  const byType = (t: string) => elements.filter((e) => e.$type === t);
  const starts = byType('bpmn:StartEvent');
  if (!starts.length) err('noStart', proc);
  if (starts.length > 1) err('manyStart', starts[1]);
  if (!byType('bpmn:EndEvent').length) err('noEnd', proc);

  const ids = new Set(elements.map((e) => e.id));
  for (const e of elements) {
    if (IGNORED.has(e.$type)) continue;
    if (!SUPPORTED.has(e.$type)) {
      err('unsupported', e, { type: e.$type.replace('bpmn:', '') });
      continue;
    }
    if (e.$type === 'bpmn:SequenceFlow') {
      if (!e.sourceRef || !e.targetRef || !ids.has(e.sourceRef.id) || !ids.has(e.targetRef.id)) err('dangling', e);
      continue;
    }
    if ((e.$type === 'bpmn:StartEvent' || e.$type === 'bpmn:EndEvent') && arr(e.eventDefinitions).length) {
      err('unsupported', e, { type: arr<ModdleElement>(e.eventDefinitions)[0].$type.replace('bpmn:', '') });
      continue;
    }
    if (e.$type === 'bpmn:BoundaryEvent') {
      const defs = arr<ModdleElement>(e.eventDefinitions);
      if (defs.length !== 1 || defs[0].$type !== 'bpmn:TimerEventDefinition') {
        err('boundary', e);
      } else if (!defs[0].timeDuration && !defs[0].timeDate && !defs[0].timeCycle) err('timerEmpty', e);
      if (!arr(e.outgoing).length) err('noOutgoing', e);
      continue;
    }
    if (e.$type === 'bpmn:IntermediateCatchEvent') {
      const defs = arr<ModdleElement>(e.eventDefinitions);
      const d = defs[0];
      if (defs.length !== 1 || !['bpmn:TimerEventDefinition', 'bpmn:MessageEventDefinition'].includes(d.$type))
        err('catchEvent', e);
      else if (d.$type === 'bpmn:TimerEventDefinition' && !d.timeDuration && !d.timeDate) err('timerEmpty', e);
      else if (d.$type === 'bpmn:MessageEventDefinition' && !d.messageRef) err('messageEmpty', e);
    }
    if (e.$type === 'bpmn:ServiceTask' && !SERVICE_TYPES.includes(e.get('flowable:type'))) err('serviceType', e);
    const incoming = arr(e.incoming);
    const outgoing = arr<ModdleElement>(e.outgoing);
    if (e.$type !== 'bpmn:StartEvent' && !incoming.length) err('noIncoming', e);
    if (e.$type !== 'bpmn:EndEvent' && !outgoing.length) err('noOutgoing', e);

    if (e.$type === 'bpmn:UserTask') {
      if (!e.name?.trim()) warn('taskName', e);
      const raw = e.get('flowable:assignee');
      // an empty expression (`${}`) names nobody
      const assignee = typeof raw === 'string' && !/^\$\{\s*\}$/.test(raw.trim()) ? raw.trim() : undefined;
      const groups = parseGroups(e.get('flowable:candidateGroups'));
      const anyCandidate =
        !!e.get('flowable:candidateUsers') || groups.roles.length + groups.depts.length + groups.posts.length > 0;
      const loop = e.get('loopCharacteristics') as ModdleElement | undefined;
      if (loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics') {
        if (!loop.get('flowable:collection') && !loop.get('loopCardinality')) err('miCollection', e);
        if (!assignee) err('miAssignee', e);
      } else if (!assignee && !anyCandidate) err('noAssignee', e);
      const rollback = e.get('flowable:rollbackNode');
      if (rollback && !ids.has(rollback)) err('rollbackNode', e, { node: rollback });
    }
    if (e.$type === 'bpmn:ExclusiveGateway' && outgoing.length > 1) {
      const dflt = e.default as ModdleElement | undefined;
      for (const f of outgoing) {
        if (f === dflt || f.id === dflt?.id) continue;
        if (!f.conditionExpression?.body?.trim()) err('condition', f, { gateway: label(e) });
      }
    }
  }
  return issues;
}

export const hasErrors = (issues: Issue[]) => issues.some((i) => i.level === 'error');
