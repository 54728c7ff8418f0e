/**
 * The properties panel's model ↔ the BPMN business objects: what the panel shows for a user task, a sequence
 * flow, a gateway or the process is read from the `flowable:` attributes (see `flowable.ts`) and written back as
 * property updates (`modeling.updateProperties(element, updates)` in the designer, `bo.set` in tests). Pure
 * functions over moddle objects, no bpmn-js needed.
 */

/** Minimal shapes of the moddle objects the panel touches. */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  get(name: string): any;
  set(name: string, value: unknown): void;
  [k: string]: any;
}
export interface ModdleLike {
  create(type: string, attrs?: Record<string, unknown>): ModdleElement;
}

/** The starter's id (the start event's `flowable:initiator` names this variable). */
export const INITIATOR_VAR = 'applyUser';
export const INITIATOR_EXPR = `\${${INITIATOR_VAR}}`;
/** The starter's department head (resolved by the engine from the starter's department and posts). */
export const DEPT_LEADER_EXPR = '${starterDeptLeader}';

/** Node buttons (BladeX button keys) a user task may offer; the first two by default. */
export const NODE_BUTTONS = [
  'wf_pass',
  'wf_reject',
  'wf_transfer',
  'wf_delegate',
  'wf_rollback',
  'wf_copy',
  'wf_terminate',
  'wf_add_instance',
] as const;
export const DEFAULT_BUTTONS = ['wf_pass', 'wf_reject'];

export type AssigneeKind = 'none' | 'user' | 'initiator' | 'deptLeader' | 'expression';
export type MultiKind = 'none' | 'parallel' | 'sequential';

export interface TaskModel {
  name: string;
  assigneeKind: AssigneeKind;
  /** a user id (kind user) or an expression (kind expression) */
  assignee?: string;
  candidateUsers: string[];
  candidateRoles: string[];
  candidateDepts: string[];
  candidatePosts: string[];
  formKey?: string;
  buttons: string[];
  rollbackNode?: string;
  dueDate?: string;
  multi: MultiKind;
  collection?: string;
  elementVariable?: string;
  completionCondition?: string;
}

const split = (s: unknown): string[] =>
  typeof s === 'string'
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
const joinOrUndef = (xs: string[]): string | undefined => (xs.length ? xs.join(',') : undefined);
const blankToUndef = (s: string | undefined | null): string | undefined => (s?.trim() ? s.trim() : undefined);

/** Candidate groups are comma-joined `role:<id>`, `dept:<id>`, `post:<id>`. */
export function parseGroups(value: unknown): { roles: string[]; depts: string[]; posts: string[] } {
  const out = { roles: [] as string[], depts: [] as string[], posts: [] as string[] };
  for (const g of split(value)) {
    const [kind, ...rest] = g.split(':');
    const id = rest.join(':');
    if (kind === 'role' && id) out.roles.push(id);
    else if (kind === 'dept' && id) out.depts.push(id);
    else if (kind === 'post' && id) out.posts.push(id);
    else out.roles.push(g); // a bare group is a role (Flowable's convention)
  }
  return out;
}

export function joinGroups(
  m: Pick<TaskModel, 'candidateRoles' | 'candidateDepts' | 'candidatePosts'>,
): string | undefined {
  return joinOrUndef([
    ...m.candidateRoles.map((x) => `role:${x}`),
    ...m.candidateDepts.map((x) => `dept:${x}`),
    ...m.candidatePosts.map((x) => `post:${x}`),
  ]);
}

function bodyOf(expr: ModdleElement | undefined): string | undefined {
  return expr ? blankToUndef(expr.get('body')) : undefined;
}

/** What the panel shows for a user task. */
export function readTask(bo: ModdleElement): TaskModel {
  const assignee: string | undefined = blankToUndef(bo.get('flowable:assignee'));
  const assigneeKind: AssigneeKind = !assignee
    ? 'none'
    : assignee === INITIATOR_EXPR
      ? 'initiator'
      : assignee === DEPT_LEADER_EXPR
        ? 'deptLeader'
        : assignee.includes('${')
          ? 'expression'
          : 'user';
  const groups = parseGroups(bo.get('flowable:candidateGroups'));
  const loop: ModdleElement | undefined = bo.get('loopCharacteristics');
  const isMi = loop?.$type === 'bpmn:MultiInstanceLoopCharacteristics';
  const buttons = bo.get('flowable:buttons');
  return {
    name: bo.get('name') ?? '',
    assigneeKind,
    assignee,
    candidateUsers: split(bo.get('flowable:candidateUsers')),
    candidateRoles: groups.roles,
    candidateDepts: groups.depts,
    candidatePosts: groups.posts,
    formKey: blankToUndef(bo.get('flowable:formKey')),
    buttons: buttons === undefined ? [...DEFAULT_BUTTONS] : split(buttons),
    rollbackNode: blankToUndef(bo.get('flowable:rollbackNode')),
    dueDate: blankToUndef(bo.get('flowable:dueDate')),
    multi: !isMi ? 'none' : loop.get('isSequential') ? 'sequential' : 'parallel',
    collection: isMi ? blankToUndef(loop.get('flowable:collection')) : undefined,
    elementVariable: isMi ? blankToUndef(loop.get('flowable:elementVariable')) : undefined,
    completionCondition: isMi ? bodyOf(loop.get('completionCondition')) : undefined,
  };
}

/** The property updates that write a task model back (undefined removes an attribute). */
export function taskUpdates(m: TaskModel, moddle: ModdleLike): Record<string, unknown> {
  const assignee =
    m.assigneeKind === 'initiator'
      ? INITIATOR_EXPR
      : m.assigneeKind === 'deptLeader'
        ? DEPT_LEADER_EXPR
        : m.assigneeKind === 'user' || m.assigneeKind === 'expression'
          ? blankToUndef(m.assignee)
          : undefined;
  let loop: ModdleElement | undefined;
  if (m.multi !== 'none') {
    loop = moddle.create('bpmn:MultiInstanceLoopCharacteristics', { isSequential: m.multi === 'sequential' });
    const collection = blankToUndef(m.collection);
    const elementVariable = blankToUndef(m.elementVariable);
    if (collection) loop.set('flowable:collection', collection);
    if (elementVariable) loop.set('flowable:elementVariable', elementVariable);
    const cond = blankToUndef(m.completionCondition);
    if (cond) loop.set('completionCondition', moddle.create('bpmn:FormalExpression', { body: cond }));
  }
  return {
    name: blankToUndef(m.name),
    'flowable:assignee': assignee,
    'flowable:candidateUsers': joinOrUndef(m.candidateUsers),
    'flowable:candidateGroups': joinGroups(m),
    'flowable:formKey': blankToUndef(m.formKey),
    'flowable:buttons': m.buttons.join(','),
    'flowable:rollbackNode': blankToUndef(m.rollbackNode),
    'flowable:dueDate': blankToUndef(m.dueDate),
    loopCharacteristics: loop,
  };
}

/** A sequence flow's condition (`conditionExpression` body, e.g. `${days > 3}`). */
export function readCondition(flow: ModdleElement): string | undefined {
  return bodyOf(flow.get('conditionExpression'));
}

export function conditionUpdates(condition: string | undefined, moddle: ModdleLike): Record<string, unknown> {
  const body = blankToUndef(condition);
  return {
    conditionExpression: body
      ? moddle.create('bpmn:FormalExpression', { body: body.startsWith('${') ? body : `\${${body}}` })
      : undefined,
  };
}

/** Applies updates to a business object directly (what `modeling.updateProperties` does, minus undo). */
export function applyUpdates(bo: ModdleElement, updates: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(updates)) {
    if (v === undefined) {
      if (k.includes(':') && bo.$attrs) delete bo.$attrs[k];
      bo.set(k, undefined);
    } else bo.set(k, v);
  }
}
