/**
 * The workflow list screens (spec 2 §2 "Workflow lists"): start, claim, to-do, sent, done, my done, copy, the
 * process list and the operations list (every active task), each a read-only CrudPage with search and paging,
 * and the row actions of its kind (start, claim, handle, detail; urge, change assignee, suspend/activate,
 * terminate, delete in the administrators' lists).
 */
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { opsApi } from '../../../api/workflow';
import { type CrudHandle, CrudPage } from '../../../components/crud';
import { READ_ONLY_LIST } from '../../../components/crud/readOnly';
import { UserPicker } from '../../../components/widgets';
import { usePaneActive } from '../../../lib/paneActive';
import { useLiveEvent } from '../../../lib/useLiveEvent';
import { DispatchDialog } from './DispatchDialog';
import { columnsOf, type ListKind, listApi } from './lists';
import { rowActionsOf } from './rowActions';

const apis = Object.fromEntries(
  (['start', 'claim', 'todo', 'send', 'done', 'myDone', 'copy', 'process', 'ops'] as ListKind[]).map((k) => [
    k,
    listApi(k),
  ]),
) as Record<ListKind, ReturnType<typeof listApi>>;

/**
 * A live inbox (issue 24): every workflow notice (new task, transfer, delegation, urge, copy) reaches the person as
 * a site message over the live channel, so a message reloads the list; and coming back to the list's tab (the
 * menu entry or the tab bar) asks again, as a hidden tab may have missed changes made elsewhere.
 * Returns the list's handle to give the CrudPage; the list reloads through it.
 */
function useLiveReload() {
  const handle = useRef<CrudHandle | null>(null);
  useLiveEvent('message', () => handle.current?.reload(), 500);
  const active = usePaneActive();
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) handle.current?.reload();
    wasActive.current = active;
  }, [active]);
  return handle;
}

function WfList({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [assigneeFor, setAssigneeFor] = useState<{ row: Row; h: CrudHandle } | null>(null);
  const [dispatchFor, setDispatchFor] = useState<{ row: Row; h: CrudHandle } | null>(null);
  const handle = useLiveReload();
  const done = (h: CrudHandle, text = 'workflow.list.done') => {
    message.success(t(text));
    h.reload();
  };

  const actions = (row: Row, h: CrudHandle) =>
    rowActionsOf({
      kind,
      row,
      h,
      done,
      onAssignee: (r, hh) => setAssigneeFor({ row: r, h: hh }),
      onDispatch: (r, hh) => setDispatchFor({ row: r, h: hh }),
    });

  return (
    <>
      <CrudPage
        api={apis[kind]}
        columns={columnsOf[kind]}
        rowKey={
          kind === 'start'
            ? 'id'
            : kind === 'send' || kind === 'done' || kind === 'process'
              ? 'processInstanceId'
              : 'taskId'
        }
        {...READ_ONLY_LIST}
        selection={false}
        actionWidth={kind === 'process' || kind === 'ops' ? 340 : 150}
        rowActions={actions}
        testId={`wf-list-${kind}`}
        handleRef={handle}
      />
      <UserPicker
        open={!!assigneeFor}
        withTree
        onCancel={() => setAssigneeFor(null)}
        onOk={async (users) => {
          if (!assigneeFor) return;
          await opsApi.changeTaskAssignee({
            taskId: assigneeFor.row.taskId,
            processInstanceId: assigneeFor.row.processInstanceId,
            assignee: users.map((u) => u.id).join(','),
          });
          const h = assigneeFor.h;
          setAssigneeFor(null);
          done(h);
        }}
      />
      <DispatchDialog
        row={dispatchFor?.row ?? null}
        onClose={(ok) => {
          if (ok && dispatchFor) done(dispatchFor.h);
          setDispatchFor(null);
        }}
      />
    </>
  );
}

export const StartList = () => <WfList kind="start" />;
export const ClaimList = () => <WfList kind="claim" />;
export const TodoList = () => <WfList kind="todo" />;
export const SendList = () => <WfList kind="send" />;
export const DoneList = () => <WfList kind="done" />;
export const MyDoneList = () => <WfList kind="myDone" />;
export const CopyList = () => <WfList kind="copy" />;
export const ProcessList = () => <WfList kind="process" />;
export const OpsList = () => <WfList kind="ops" />;
