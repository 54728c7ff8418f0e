/** The detail page's parts: the process summary, the approval card, the approval timeline and the rollback dialog. */
import { Button, Card, Descriptions, Empty, Form, Input, Modal, Select, Space, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { processApi, type WfDetail } from '../../../api/workflow';
import { UserField } from '../designer/UserField';
import { timeText } from '../lists/lists';
import type { Action } from './rules';
import { ACTION_LABEL } from './useTaskActions';

export function SummaryCard({ p, finished }: { p: WfDetail['process']; finished: boolean }) {
  const { t } = useTranslation();
  return (
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
        <Descriptions.Item label={t('workflow.list.startUser')}>{p.startUsername ?? p.startUserName}</Descriptions.Item>
        <Descriptions.Item label={t('workflow.list.assignee')}>{p.assigneeName ?? p.assignee}</Descriptions.Item>
        <Descriptions.Item label={t('workflow.list.createTime')}>{timeText(p.createTime)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export function ApprovalCard({
  actions,
  handling,
  busy,
  act,
  comment,
  setComment,
  nextAssignee,
  setNextAssignee,
  copyUsers,
  setCopyUsers,
}: {
  actions: Action[];
  handling: boolean;
  busy: boolean;
  act(a: Action): void;
  comment: string;
  setComment(v: string): void;
  nextAssignee: string[];
  setNextAssignee(v: string[]): void;
  copyUsers: string[];
  setCopyUsers(v: string[]): void;
}) {
  const { t } = useTranslation();
  return (
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
              {t(ACTION_LABEL[a])}
            </Button>
          ))}
      </Space>
    </Card>
  );
}

/** The approval timeline: each node with its assignee, comment type, times and comment. */
export function FlowTimeline({ flow }: { flow: WfDetail['flow'] }) {
  const { t } = useTranslation();
  return flow?.length ? (
    <Timeline
      data-testid="wf-timeline"
      items={flow.map((f, i) => ({
        key: `${f.historyActivityId ?? ''}-${i}`,
        color: f.endTime ? 'green' : 'blue',
        children: (
          <div>
            <div>
              <b>{f.historyActivityName ?? f.historyActivityId}</b> {f.assigneeName && <Tag>{f.assigneeName}</Tag>}
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
  );
}

export function RollbackDialog(p: { open: boolean; taskId: string; onCancel(): void; onOk(nodeId: string): void }) {
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
