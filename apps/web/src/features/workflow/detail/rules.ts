/**
 * What the task detail may offer, as pure rules over the detail reply and the signed-in person:
 * - a task nobody holds offers only 签收 (claim) to a candidate;
 * - the holder of an open task gets the buttons its node allows (`button`, or the node's default 同意/驳回);
 *   a delegated task (delegation PENDING) only lets the delegate hand it back (同意 resolves it);
 * - the starter of a running instance may 撤回 (withdraw) while the server says it is returnable;
 * - a finished or suspended instance offers nothing.
 * Also: the finished and current nodes of the diagram, from the timeline.
 */
import type { WfButton, WfDetail, WfFlowEntry } from '../../../api/workflow';

type FormValues = Record<string, unknown>;

export type Action =
  | 'claim'
  | 'pass'
  | 'reject'
  | 'transfer'
  | 'delegate'
  | 'rollback'
  | 'copy'
  | 'terminate'
  | 'addInstance'
  | 'print'
  | 'withdraw';

const BUTTON_ACTION: Record<string, Action> = {
  wf_pass: 'pass',
  wf_reject: 'reject',
  wf_transfer: 'transfer',
  wf_delegate: 'delegate',
  wf_rollback: 'rollback',
  wf_copy: 'copy',
  wf_terminate: 'terminate',
  wf_add_instance: 'addInstance',
  wf_print: 'print',
};
const ORDER: Action[] = [
  'claim',
  'pass',
  'reject',
  'rollback',
  'transfer',
  'delegate',
  'addInstance',
  'copy',
  'terminate',
  'withdraw',
  'print',
];

const truthy = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

export function processFinished(detail: WfDetail): boolean {
  const p = detail.process ?? ({} as WfDetail['process']);
  const f = p.processIsFinished ?? p.processStatus ?? p.state;
  if (typeof f === 'boolean') return f;
  return f === 'finished' || f === 'completed' || f === 'terminated' || f === 'revoked';
}

export function allowedActions(detail: WfDetail | null | undefined, me: string): Action[] {
  if (!detail?.process) return [];
  const p = detail.process;
  if (processFinished(detail)) return [];
  if (truthy(p.suspended) || p.processStatus === 'suspended' || p.state === 'suspended') return [];
  const out = new Set<Action>();
  const taskOpen = !!p.taskId && p.status !== 'done' && !p.endTime;
  if (taskOpen) {
    const assignee = p.assignee ? String(p.assignee) : '';
    if (!assignee) {
      out.add('claim');
    } else if (assignee === me) {
      if (String(p.delegation ?? '').toUpperCase() === 'PENDING') {
        out.add('pass');
      } else {
        const buttons: WfButton[] = detail.button?.length
          ? detail.button
          : [{ buttonKey: 'wf_pass' }, { buttonKey: 'wf_reject' }];
        for (const b of buttons) {
          if (b.display === false) continue;
          const a = BUTTON_ACTION[b.buttonKey];
          if (a) out.add(a);
        }
        if (!truthy(p.isMultiInstance)) out.delete('addInstance');
      }
    }
  }
  const starter = String(p.startUserId ?? p.startUser ?? '');
  if (starter && starter === me && truthy(p.isReturnable)) out.add('withdraw');
  return ORDER.filter((a) => out.has(a));
}

/** Actions that must carry a comment. */
export const NEEDS_COMMENT: Action[] = ['reject', 'rollback', 'terminate'];

/** Finished and current activity ids for the diagram (the reply's own lists win over the timeline). */
export function diagramMarks(detail: WfDetail | null | undefined): { finished: string[]; current: string[] } {
  if (!detail) return { finished: [], current: [] };
  const flow: WfFlowEntry[] = detail.flow ?? [];
  const current = new Set<string>(detail.currentNodes ?? []);
  const finished = new Set<string>(detail.finishedNodes ?? []);
  if (!detail.currentNodes) {
    for (const f of flow) if (f.historyActivityId && !f.endTime) current.add(f.historyActivityId);
    if (detail.process?.taskDefinitionKey && !processFinished(detail) && detail.process.status !== 'done')
      current.add(detail.process.taskDefinitionKey);
  }
  if (!detail.finishedNodes) {
    for (const f of flow) if (f.historyActivityId && f.endTime) finished.add(f.historyActivityId);
  }
  for (const f of detail.finishedFlows ?? []) finished.add(f);
  for (const c of current) finished.delete(c);
  return { finished: [...finished], current: [...current] };
}

/** The body of startProcess: the definition, the form values as variables (also flat, as BladeX sends them). */
export function startBody(
  ids: { processId?: string; processDefKey?: string },
  values: FormValues,
  copyUsers: string[],
): Record<string, unknown> {
  return {
    ...values,
    processId: ids.processId,
    processDefKey: ids.processDefKey,
    variables: values,
    copyUser: copyUsers.join(',') || undefined,
  };
}
