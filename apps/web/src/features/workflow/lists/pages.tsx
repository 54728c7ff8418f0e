/**
 * The workflow list screens (spec 2 §2 "Workflow lists"): start, claim, to-do, sent, done, my done, copy, the
 * process list and the operations list (every active task), each a read-only CrudPage with search and paging,
 * and the row actions of its kind (start, claim, handle, detail; urge, change assignee, suspend/activate,
 * terminate, delete in the administrators' lists).
 */
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Row } from '../../../api/crud';
import { opsApi, processApi } from '../../../api/workflow';
import { type CrudHandle, CrudPage } from '../../../components/crud';
import { UserPicker } from '../../../components/widgets';
import { useLiveEvent } from '../../../shell/bell/useLiveEvent';
import { usePaneActive } from '../../../shell/KeepAlive';
import { columnsOf, detailPath, isFinished, type ListKind, listApi, startPath } from './lists';

const apis = Object.fromEntries(
  (['start', 'claim', 'todo', 'send', 'done', 'myDone', 'copy', 'process', 'ops'] as ListKind[]).map((k) => [
    k,
    listApi(k),
  ]),
) as Record<ListKind, ReturnType<typeof listApi>>;

function WfList({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [assigneeFor, setAssigneeFor] = useState<{ row: Row; h: CrudHandle } | null>(null);
  const [dispatchFor, setDispatchFor] = useState<{ row: Row; h: CrudHandle } | null>(null);
  // A live inbox (issue 24): every workflow notice (new task, transfer, delegation, urge, copy) reaches the person as
  // a site message over the live channel, so a message reloads the list; and coming back to the list's tab (the
  // menu entry or the tab bar) asks again, as a hidden tab may have missed changes made elsewhere.
  const handle = useRef<CrudHandle | null>(null);
  useLiveEvent('message', () => handle.current?.reload(), 500);
  const active = usePaneActive();
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) handle.current?.reload();
    wasActive.current = active;
  }, [active]);
  const done = (h: CrudHandle, text = 'workflow.list.done') => {
    message.success(t(text));
    h.reload();
  };

  const actions = (row: Row, h: CrudHandle) => {
    const detail = (withTask: boolean, label = 'workflow.list.detail') => (
      <Button type="link" size="small" onClick={() => navigate(detailPath(row, withTask))}>
        {t(label)}
      </Button>
    );
    switch (kind) {
      case 'start':
        return (
          <Button type="link" size="small" data-testid="wf-start" onClick={() => navigate(startPath(row))}>
            {t('workflow.list.start')}
          </Button>
        );
      case 'claim':
        return (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              data-testid="wf-claim"
              onClick={() =>
                modal.confirm({
                  title: t('workflow.list.claimConfirm'),
                  onOk: async () => {
                    await processApi.claimTask(String(row.taskId));
                    done(h, 'workflow.list.claimed');
                  },
                })
              }
            >
              {t('workflow.list.claim')}
            </Button>
            {detail(true)}
          </Space>
        );
      case 'todo':
        return detail(true, 'workflow.list.handle');
      case 'send':
        // the starter may withdraw a running instance from 已发事务 (the server decides whether it still may:
        // nobody else has handled it yet; workflow.md withdrawTask)
        return (
          <Space size={0}>
            {detail(false)}
            {!isFinished(row) && (
              <Button
                type="link"
                size="small"
                data-testid="wf-withdraw"
                onClick={() =>
                  modal.confirm({
                    title: t('workflow.detail.confirmWithdraw'),
                    onOk: async () => {
                      await processApi.withdrawTask({
                        processInstanceId: String(row.processInstanceId),
                        withdrawType: 'start',
                      });
                      done(h);
                    },
                  })
                }
              >
                {t('workflow.detail.withdraw')}
              </Button>
            )}
            {!isFinished(row) && (
              // the starter's 催办: a notice to the current holders (the server allows one per 10 minutes)
              <Button
                type="link"
                size="small"
                data-testid="wf-urge"
                onClick={async () => {
                  await processApi.urgeTask({ processInstanceId: String(row.processInstanceId) });
                  done(h, 'workflow.list.urged');
                }}
              >
                {t('workflow.list.urge')}
              </Button>
            )}
          </Space>
        );
      case 'ops':
        return (
          <Space size={0}>
            {detail(true)}
            <Button type="link" size="small" onClick={() => setAssigneeFor({ row, h })}>
              {t('workflow.list.changeAssignee')}
            </Button>
            <Button type="link" size="small" data-testid="wf-dispatch" onClick={() => setDispatchFor({ row, h })}>
              {t('workflow.list.dispatch')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={async () => {
                await opsApi.urgeTask({ taskId: row.taskId, processInstanceId: row.processInstanceId });
                done(h, 'workflow.list.urged');
              }}
            >
              {t('workflow.list.urge')}
            </Button>
          </Space>
        );
      case 'process': {
        const finished = isFinished(row);
        const ids = { processInstanceId: row.processInstanceId, taskId: row.taskId };
        return (
          <Space size={0}>
            {detail(false)}
            {!finished && (
              <Button
                type="link"
                size="small"
                onClick={async () => {
                  await opsApi.changeTaskStatus({
                    ...ids,
                    status: row.processStatus === 'suspended' || row.status === 'suspended' ? 'active' : 'suspend',
                  });
                  done(h);
                }}
              >
                {t('workflow.list.changeStatus')}
              </Button>
            )}
            {!finished && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  modal.confirm({
                    title: t('workflow.detail.confirmTerminate'),
                    onOk: async () => {
                      await opsApi.terminateProcess({ ...ids, comment: t('workflow.list.terminate') });
                      done(h);
                    },
                  })
                }
              >
                {t('workflow.list.terminate')}
              </Button>
            )}
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: t('workflow.list.deleteConfirm'),
                  onOk: async () => {
                    await opsApi.deleteProcess({ ...ids, processInstanceIds: row.processInstanceId });
                    done(h);
                  },
                })
              }
            >
              {t('workflow.list.deleteProcess')}
            </Button>
          </Space>
        );
      }
      default:
        return detail(false);
    }
  };

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
        addBtn={false}
        editBtn={false}
        viewBtn={false}
        delBtn={false}
        batchDelBtn={false}
        selection={false}
        index
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

/** 调度 (ops dispatchTask): move every token of the instance to a chosen user task, with a reason. */
function DispatchDialog({ row, onClose }: { row: Row | null; onClose(ok: boolean): void }) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<{ value: string; label: string }[]>([]);
  const [form] = Form.useForm();
  return (
    <Modal
      open={!!row}
      title={t('workflow.list.dispatch')}
      destroyOnHidden
      afterOpenChange={(o) => {
        if (!o || !row) return;
        opsApi
          .processNodes({ processInstanceId: String(row.processInstanceId) })
          .then((list) => setNodes((list ?? []).map((n) => ({ value: n.nodeId, label: n.nodeName }))))
          .catch(() => setNodes([]));
      }}
      onCancel={() => onClose(false)}
      onOk={async () => {
        const v = await form.validateFields();
        await opsApi.dispatchTask({
          taskId: row?.taskId,
          processInstanceId: row?.processInstanceId,
          nodeId: v.nodeId,
          comment: v.comment,
        });
        onClose(true);
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="nodeId"
          label={t('workflow.list.dispatchTo')}
          rules={[{ required: true, message: t('workflow.detail.backNodeRequired') }]}
        >
          <Select options={nodes} />
        </Form.Item>
        <Form.Item name="comment" label={t('workflow.list.reason')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
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
