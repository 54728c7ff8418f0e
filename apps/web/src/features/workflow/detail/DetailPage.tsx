/**
 * 流程详情 (/workflow/process/detail/{params}, params = base64url JSON `{ taskId?, processInsId }`): the process
 * form (read-only), the approval section with the actions the node allows (pass, reject, roll back with a node
 * choice, transfer, delegate, add signer, copy, terminate, withdraw, claim — each confirmed), the approval
 * timeline and the diagram with finished nodes and the current node marked.
 */
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Tabs,
  Tag,
  Timeline,
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { decodeParams, processApi, type TaskOp, type WfDetail } from '../../../api/workflow';
import type { FormRenderHandle } from '../../../components/form-render';
import { UserPicker } from '../../../components/widgets';
import { useSession } from '../../../stores/session';
import { UserField } from '../designer/UserField';
import { ProcessForm } from '../form/ProcessForm';
import { timeText } from '../lists/lists';
import { DiagramViewer } from './DiagramViewer';
import { type Action, allowedActions, diagramMarks, NEEDS_COMMENT, processFinished } from './rules';

export function currentUserId(info: Record<string, unknown> | null | undefined): string {
  return String(info?.user_id ?? info?.userId ?? info?.id ?? '');
}

type PickerFor = 'transfer' | 'delegate' | 'addInstance' | null;

export default function DetailPage() {
  const { params } = useParams();
  const { taskId, processInsId } = decodeParams<{ taskId?: string; processInsId?: string }>(params);
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const me = currentUserId(useSession((s) => s.userInfo) as Record<string, unknown> | null);
  const [detail, setDetail] = useState<WfDetail | null>(null);
  const [loading, setLoading] = useState(true);
  const [missing, setMissing] = useState(false);
  const [comment, setComment] = useState('');
  const [copyUsers, setCopyUsers] = useState<string[]>([]);
  const [nextAssignee, setNextAssignee] = useState<string[]>([]);
  const [picker, setPicker] = useState<PickerFor>(null);
  const [rollbackOpen, setRollbackOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const formHandle = useRef<FormRenderHandle | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      let d = await processApi.detail({ taskId, processInsId });
      // A task that has ended (just handled here, or elsewhere) is no current node: the page shows the instance as
      // it is now, its open nodes and state (issue 24: after 同意 the finished task stayed as 当前节点).
      if (d?.process.taskId && d.process.status === 'done')
        d = (await processApi.detail({ processInsId: String(d.process.processInstanceId) })) ?? d;
      setDetail(d);
      setMissing(!d);
    } catch {
      setMissing(true);
    } finally {
      setLoading(false);
    }
  }, [taskId, processInsId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (loading && !detail) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (missing || !detail) return <Empty description={t('workflow.detail.noDefinition')} />;

  const p = detail.process;
  const actions = allowedActions(detail, me);
  const editable = Boolean(p.formEditable) && actions.includes('pass');
  const marks = diagramMarks(detail);
  const base: TaskOp = { taskId: p.taskId, processInstanceId: p.processInstanceId };

  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      message.success(t('workflow.detail.success'));
      setComment('');
      setCopyUsers([]);
      setNextAssignee([]);
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
        return run(() => processApi.claimTask(String(p.taskId)));
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

  const actionLabel: Record<Action, string> = {
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
  const finished = processFinished(detail);
  const handling = actions.some((a) => a !== 'claim' && a !== 'withdraw' && a !== 'print');

  return (
    <div data-testid="wf-detail">
      <Card size="small" style={{ marginBottom: 12 }}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('workflow.list.processName')}>
            {p.processDefinitionName ?? p.processName}
          </Descriptions.Item>
          <Descriptions.Item label={t('workflow.list.taskName')}>{p.taskName}</Descriptions.Item>
          <Descriptions.Item label={t('workflow.list.status')}>
            {finished ? (
              <Tag data-testid="wf-detail-status">{t('workflow.list.finished')}</Tag>
            ) : (
              <Tag color="processing" data-testid="wf-detail-status">
                {t('workflow.list.running')}
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('workflow.list.startUser')}>
            {p.startUsername ?? p.startUserName}
          </Descriptions.Item>
          <Descriptions.Item label={t('workflow.list.assignee')}>{p.assigneeName ?? p.assignee}</Descriptions.Item>
          <Descriptions.Item label={t('workflow.list.createTime')}>{timeText(p.createTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Tabs
        items={[
          {
            key: 'form',
            label: t('workflow.detail.form'),
            children: (
              <>
                <ProcessForm
                  key={`${p.taskId ?? p.processInstanceId}-${editable}`}
                  form={detail.form}
                  values={p.variables ?? {}}
                  disabled={!editable}
                  handleRef={formHandle}
                />
                {actions.length > 0 && (
                  <Card size="small" style={{ marginTop: 12 }} data-testid="wf-approval">
                    {handling && (
                      <Form layout="vertical">
                        <Form.Item label={t('workflow.detail.comment')}>
                          <Input.TextArea
                            rows={3}
                            value={comment}
                            onChange={(e) => setComment(e.target.value)}
                            data-testid="wf-comment"
                          />
                        </Form.Item>
                        {actions.includes('pass') && (
                          <Form.Item label={t('workflow.detail.nextAssignee')}>
                            <UserField value={nextAssignee} onChange={setNextAssignee} multiple />
                          </Form.Item>
                        )}
                        {actions.includes('copy') && (
                          <Form.Item label={t('workflow.detail.copyUsers')}>
                            <UserField value={copyUsers} onChange={setCopyUsers} multiple testId="wf-copy-users" />
                          </Form.Item>
                        )}
                      </Form>
                    )}
                    <Space wrap>
                      {actions
                        .filter((a) => a !== 'copy')
                        .map((a) => (
                          <Button
                            key={a}
                            type={a === 'pass' || a === 'claim' ? 'primary' : 'default'}
                            danger={a === 'reject' || a === 'terminate'}
                            loading={busy}
                            data-testid={`wf-act-${a}`}
                            onClick={() => act(a)}
                          >
                            {t(actionLabel[a])}
                          </Button>
                        ))}
                    </Space>
                  </Card>
                )}
              </>
            ),
          },
          {
            key: 'flow',
            label: t('workflow.detail.timeline'),
            children: detail.flow?.length ? (
              <Timeline
                data-testid="wf-timeline"
                items={detail.flow.map((f, i) => ({
                  key: `${f.historyActivityId ?? ''}-${i}`,
                  color: f.endTime ? 'green' : 'blue',
                  children: (
                    <div>
                      <div>
                        <b>{f.historyActivityName ?? f.historyActivityId}</b>{' '}
                        {f.assigneeName && <Tag>{f.assigneeName}</Tag>}
                        {f.type && (
                          <Tag color={f.type === 'reject' || f.type === 'rollback' ? 'error' : 'default'}>
                            {t(`workflow.commentType.${f.type}`, { defaultValue: f.type })}
                          </Tag>
                        )}
                      </div>
                      <div style={{ color: 'var(--swp-text-secondary)' }}>
                        {timeText(f.createTime)}
                        {f.endTime ? ` → ${timeText(f.endTime)}` : ''}
                      </div>
                      {f.comment && <div>{f.comment}</div>}
                    </div>
                  ),
                }))}
              />
            ) : (
              <Empty description={t('workflow.detail.noFlow')} />
            ),
          },
          {
            key: 'diagram',
            label: t('workflow.detail.diagram'),
            children: <DiagramViewer xml={p.xml} finished={marks.finished} current={marks.current} />,
          },
        ]}
      />
      <UserPicker
        open={!!picker}
        withTree
        multiple={picker === 'addInstance'}
        title={picker ? t(actionLabel[picker]) : undefined}
        onCancel={() => setPicker(null)}
        onOk={(users) => {
          const which = picker;
          setPicker(null);
          const ids = users.map((u) => String(u.id)).join(',');
          if (which === 'transfer') void run(() => processApi.transferTask({ ...base, assignee: ids, comment }));
          if (which === 'delegate') void run(() => processApi.delegateTask({ ...base, assignee: ids, comment }));
          if (which === 'addInstance') void run(() => processApi.addMultiInstance({ ...base, assignee: ids, comment }));
        }}
      />
      <RollbackDialog
        open={rollbackOpen}
        taskId={String(p.taskId ?? '')}
        onCancel={() => setRollbackOpen(false)}
        onOk={(nodeId) => {
          setRollbackOpen(false);
          void run(() => processApi.rollbackTask({ ...base, nodeId, comment }));
        }}
      />
    </div>
  );
}

function RollbackDialog(p: { open: boolean; taskId: string; onCancel(): void; onOk(nodeId: string): void }) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<{ value: string; label: string }[]>([]);
  const [value, setValue] = useState<string>();
  const [error, setError] = useState(false);
  return (
    <Modal
      open={p.open}
      title={t('workflow.detail.rollback')}
      afterOpenChange={(o) => {
        if (!o) return;
        setValue(undefined);
        setError(false);
        processApi
          .getBackNodes({ taskId: p.taskId })
          .then((list) => setNodes((list ?? []).map((n) => ({ value: n.nodeId, label: n.nodeName || n.nodeId }))))
          .catch(() => setNodes([]));
      }}
      onCancel={p.onCancel}
      onOk={() => {
        if (!value) return setError(true);
        p.onOk(value);
      }}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('workflow.detail.backNode')}
          validateStatus={error ? 'error' : undefined}
          help={error ? t('workflow.detail.backNodeRequired') : undefined}
        >
          <Select options={nodes} value={value} onChange={setValue} data-testid="wf-back-node" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
