/**
 * The approval section's state and actions: the comment, copy users and next assignee, the user picker and the
 * rollback dialog, and what each action does (confirmed where it cannot be undone); the detail reloads after each.
 */
import { App } from 'antd';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { processApi, type TaskOp, type WfDetail } from '../../../api/workflow';
import type { FormRenderHandle } from '../../../components/form-render';
import { type Action, NEEDS_COMMENT } from './rules';

export type PickerFor = 'transfer' | 'delegate' | 'addInstance' | null;

export const ACTION_LABEL: Record<Action, string> = {
  claim: 'workflow.detail.claim',
  pass: 'workflow.detail.pass',
  reject: 'workflow.detail.reject',
  transfer: 'workflow.detail.transfer',
  delegate: 'workflow.detail.delegate',
  rollback: 'workflow.detail.rollback',
  copy: 'workflow.detail.copy',
  terminate: 'workflow.detail.terminate',
  addInstance: 'workflow.detail.addInstance',
  withdraw: 'workflow.detail.withdraw',
  print: 'workflow.detail.print',
};

/** The approval inputs: comment, copy users and the next assignee, cleared after each action. */
function useApprovalInputs() {
  const [comment, setComment] = useState('');
  const [copyUsers, setCopyUsers] = useState<string[]>([]);
  const [nextAssignee, setNextAssignee] = useState<string[]>([]);
  const reset = () => {
    setComment('');
    setCopyUsers([]);
    setNextAssignee([]);
  };
  return { comment, setComment, copyUsers, setCopyUsers, nextAssignee, setNextAssignee, reset };
}

export function useTaskActions(
  detail: WfDetail | null,
  editable: boolean,
  formHandle: RefObject<FormRenderHandle | null>,
  load: () => Promise<void>,
) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const inputs = useApprovalInputs();
  const { comment, copyUsers, nextAssignee } = inputs;
  const [picker, setPicker] = useState<PickerFor>(null);
  const [rollbackOpen, setRollbackOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const base: TaskOp = { taskId: detail?.process.taskId, processInstanceId: detail?.process.processInstanceId };

  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      message.success(t('workflow.detail.success'));
      inputs.reset();
      await load();
    } finally {
      setBusy(false);
    }
  };

  const needComment = (a: Action) => {
    if (NEEDS_COMMENT.includes(a) && !comment.trim()) {
      message.warning(t('workflow.detail.commentRequired'));
      return true;
    }
    return false;
  };

  const confirm = (title: string, fn: () => Promise<unknown>) => modal.confirm({ title, onOk: () => run(fn) });

  const act = (a: Action) => {
    if (needComment(a)) return;
    const copyUser = copyUsers.join(',') || undefined;
    switch (a) {
      case 'claim':
        return run(() => processApi.claimTask(String(detail?.process.taskId)));
      case 'pass':
        return run(async () => {
          // an editable form (a task sent back to the starter): its checked values go with the approval
          const variables = editable && formHandle.current ? await formHandle.current.validate() : {};
          return processApi.completeTask({
            ...base,
            pass: true,
            comment,
            copyUser,
            assignee: nextAssignee.join(',') || undefined,
            variables,
          });
        });
      case 'reject':
        return confirm(t('workflow.detail.confirmReject'), () =>
          processApi.completeTask({ ...base, pass: false, comment, copyUser, variables: {} }),
        );
      case 'terminate':
        return confirm(t('workflow.detail.confirmTerminate'), () => processApi.terminateProcess({ ...base, comment }));
      case 'withdraw':
        return confirm(t('workflow.detail.confirmWithdraw'), () =>
          processApi.withdrawTask({ ...base, comment, withdrawType: 'start' }),
        );
      case 'rollback':
        return setRollbackOpen(true);
      case 'transfer':
      case 'delegate':
      case 'addInstance':
        return setPicker(a);
      case 'copy':
        return undefined; // the copy field is shown; the copy goes with the next approval
      case 'print':
        return window.print();
    }
  };

  /** The users chosen in the picker: transfer, delegate or add signers. */
  const onPicked = (users: { id: unknown }[]) => {
    const which = picker;
    setPicker(null);
    const ids = users.map((u) => String(u.id)).join(',');
    if (which === 'transfer') void run(() => processApi.transferTask({ ...base, assignee: ids, comment }));
    if (which === 'delegate') void run(() => processApi.delegateTask({ ...base, assignee: ids, comment }));
    if (which === 'addInstance') void run(() => processApi.addMultiInstance({ ...base, assignee: ids, comment }));
  };

  const onRollback = (nodeId: string) => {
    setRollbackOpen(false);
    void run(() => processApi.rollbackTask({ ...base, nodeId, comment }));
  };

  return { ...inputs, picker, setPicker, rollbackOpen, setRollbackOpen, busy, act, onPicked, onRollback };
}
