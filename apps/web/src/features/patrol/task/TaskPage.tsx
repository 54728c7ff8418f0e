/**
 * 巡检任务: the tasks the scheduler made from approved plans, by state (待执行, 执行中, 已完成, 已超期) with
 * filters (name, team, person); the detail with the task's objects and their check-ins (result, time, who,
 * photos), the hazards reported and the assignment history; reassignment to another person with a reason
 * (button `patrol_task_reassign`; a finished task cannot be reassigned).
 */
import { EyeOutlined, SwapOutlined } from '@ant-design/icons';
import {
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  Modal,
  Progress,
  Segmented,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Task, type TaskDetail, type TaskObject, taskApi } from '../../../api/patrol';
import { type CrudHandle, CrudPage, RowButton } from '../../../components/crud';
import { READ_ONLY_LIST } from '../../../components/crud/readOnly';
import { useBusyCall } from '../../../lib/useBusyCall';
import { useLoadDeps } from '../../../lib/useLoadDeps';
import { shortTime } from '../../../lib/wireTime';
import { usePermission } from '../../../stores/session';
import { nameOf, StaffSelect, TaskStatusTag } from '../common';
import { taskColumns } from './columns';

const STATES = ['all', '0', '1', '2', '3'] as const;

const RESULT_COLOR = { 0: 'default', 1: 'success', 2: 'warning' } as const;

function Photos({ photos }: { photos: string | null }) {
  const list = (photos ?? '').split(',').filter(Boolean);
  if (!list.length) return null;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap data-testid="check-photos">
        {list.map((src) => (
          <Image key={src} src={src} width={48} height={48} style={{ objectFit: 'cover' }} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/** A part of a task's detail: its heading, then its rows in a small table without pages. */
function DetailSection<T extends object>({ heading, ...table }: { heading: string } & TableProps<T>) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {heading}
      </Typography.Title>
      <Table<T> size="small" rowKey="id" pagination={false} {...table} />
    </>
  );
}

export function TaskDetailDrawer({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useLoadDeps(() => (taskId ? taskApi.detail(taskId) : Promise.resolve(null)), [taskId]);
  const hazards = useLoadDeps(
    () => (taskId ? taskApi.hazards({ taskId, current: 1, size: 100 }).then((p) => p.records) : Promise.resolve([])),
    [taskId],
  );
  const d: TaskDetail | null | undefined = taskId ? detail.data : null;
  return (
    <Drawer
      open={!!taskId}
      onClose={onClose}
      width={920}
      title={d?.taskName ?? t('patrol.task.detail')}
      destroyOnHidden
      loading={detail.loading && !d}
    >
      {d && (
        <div data-testid="task-detail">
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label={t('patrol.task.plan')}>
              {d.planCode} {d.planName}
            </Descriptions.Item>
            <Descriptions.Item label={t('patrol.task.status')}>
              <TaskStatusTag status={d.taskStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={t('patrol.task.dept')}>{d.deptName}</Descriptions.Item>
            <Descriptions.Item label={t('patrol.task.users')}>
              <span data-testid="task-users">{d.userNames}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('patrol.task.periodRange')}>
              {shortTime(d.periodStart)} ~ {shortTime(d.periodEnd)}
            </Descriptions.Item>
            <Descriptions.Item label={t('patrol.task.period')}>{nameOf(t, 'period', d.period)}</Descriptions.Item>
            <Descriptions.Item label={t('patrol.task.startTime')}>{shortTime(d.startTime)}</Descriptions.Item>
            <Descriptions.Item label={t('patrol.task.finishTime')}>{shortTime(d.finishTime)}</Descriptions.Item>
            <Descriptions.Item label={t('patrol.task.coverage')} span={2}>
              <Progress percent={d.coverage} size="small" style={{ maxWidth: 360 }} />
              <span>{t('patrol.task.checkedOf', { checked: d.checkedCount, total: d.objectCount })}</span>
            </Descriptions.Item>
          </Descriptions>

          <DetailSection<TaskObject>
            heading={t('patrol.task.objects')}
            dataSource={d.objects}
            data-testid="task-objects"
            columns={[
              { title: '#', dataIndex: 'sort', width: 40 },
              { title: t('patrol.jobObject.objectName'), dataIndex: 'objectName' },
              {
                title: t('patrol.jobObject.facilityType'),
                dataIndex: 'facilityType',
                render: (v) => nameOf(t, 'facility', v),
                width: 90,
              },
              {
                title: t('patrol.task.result'),
                dataIndex: 'result',
                width: 90,
                render: (v: 0 | 1 | 2) => <Tag color={RESULT_COLOR[v]}>{t(`patrol.checkResult.${v}`)}</Tag>,
              },
              { title: t('patrol.task.checkTime'), dataIndex: 'checkTime', render: shortTime, width: 140 },
              { title: t('patrol.task.checkUser'), dataIndex: 'checkUserName', width: 90 },
              { title: t('patrol.task.photos'), dataIndex: 'photos', render: (v) => <Photos photos={v} /> },
              { title: t('patrol.common.remark'), dataIndex: 'remark', ellipsis: true },
            ]}
          />

          <DetailSection
            heading={t('patrol.task.hazards')}
            dataSource={hazards.data ?? []}
            locale={{ emptyText: t('patrol.task.noHazards') }}
            columns={[
              {
                title: t('patrol.task.eventType'),
                dataIndex: 'eventType',
                render: (v) => nameOf(t, 'event', v),
                width: 100,
              },
              {
                title: t('patrol.task.level'),
                dataIndex: 'level',
                render: (v) => nameOf(t, 'hazardLevel', v),
                width: 70,
              },
              { title: t('patrol.task.description'), dataIndex: 'description' },
              { title: t('patrol.task.reportTime'), dataIndex: 'reportTime', render: shortTime, width: 140 },
              { title: t('patrol.task.photos'), dataIndex: 'photos', render: (v) => <Photos photos={v} /> },
            ]}
          />

          <DetailSection
            heading={t('patrol.task.assignments')}
            dataSource={d.users}
            data-testid="task-assignments"
            columns={[
              { title: t('patrol.task.assignTime'), dataIndex: 'assignTime', render: shortTime, width: 140 },
              { title: t('patrol.task.assignee'), dataIndex: 'realName' },
              { title: t('patrol.task.fromUser'), dataIndex: 'fromUserName' },
              { title: t('patrol.task.reason'), dataIndex: 'reason' },
              { title: t('patrol.task.assignBy'), dataIndex: 'assignUserName' },
              {
                title: t('patrol.task.active'),
                dataIndex: 'active',
                width: 70,
                render: (v) => (v ? <Tag color="green">{t('patrol.task.current')}</Tag> : null),
              },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}

export function ReassignDialog({
  task,
  onClose,
  onDone,
}: {
  task: Task | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ userId: string; reason: string }>();
  const { busy, run } = useBusyCall();
  const save = async () => {
    if (!task) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await run(() => taskApi.reassign(task.id, v.userId, v.reason.trim()), t('patrol.task.reassigned'), onDone);
  };
  return (
    <Modal
      open={!!task}
      title={t('patrol.task.reassignTitle', { name: task?.taskName ?? '' })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('patrol.common.ok')}
      cancelText={t('patrol.common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'reassign-ok' } as any}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('patrol.task.currentUsers')}：{task?.userNames || '-'}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} data-testid="reassign-form">
        <Form.Item
          name="userId"
          label={t('patrol.task.reassignTo')}
          rules={[{ required: true, message: t('patrol.task.reassignUserRequired') }]}
        >
          <StaffSelect exclude={(task?.userIds ?? '').split(',').filter(Boolean)} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('patrol.task.reason')}
          rules={[{ required: true, whitespace: true, message: t('patrol.task.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount data-testid="reassign-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function TaskPage() {
  const { t } = useTranslation();
  const canReassign = usePermission('patrol_task_reassign');
  const [state, setState] = useState<(typeof STATES)[number]>('all');
  const [viewing, setViewing] = useState<string | null>(null);
  const [reassigning, setReassigning] = useState<Task | null>(null);
  const handle = useRef<CrudHandle<Task> | null>(null);

  const query = useMemo(() => (state === 'all' ? {} : { taskStatus: Number(state) }), [state]);

  return (
    <div data-testid="patrol-task">
      <Segmented
        style={{ margin: '8px 0 0 12px' }}
        value={state}
        onChange={(v) => setState(v as (typeof STATES)[number])}
        options={STATES.map((s) => ({
          value: s,
          label: s === 'all' ? t('patrol.task.all') : t(`patrol.taskStatus.${s}`),
        }))}
        data-testid="task-state"
      />
      <CrudPage<Task>
        api={taskApi}
        columns={taskColumns}
        query={query}
        handleRef={handle}
        title="patrol.task.title"
        permission="patrol_task"
        {...READ_ONLY_LIST}
        selection={false}
        actionWidth={160}
        scrollX={1500}
        rowActions={(row) => (
          <>
            <RowButton icon={<EyeOutlined />} onClick={() => setViewing(row.id)}>
              {t('patrol.task.detail')}
            </RowButton>
            {canReassign && row.taskStatus !== 2 && (
              <RowButton icon={<SwapOutlined />} onClick={() => setReassigning(row)}>
                {t('patrol.task.reassign')}
              </RowButton>
            )}
          </>
        )}
      />
      <TaskDetailDrawer taskId={viewing} onClose={() => setViewing(null)} />
      <ReassignDialog
        task={reassigning}
        onClose={() => setReassigning(null)}
        onDone={() => {
          setReassigning(null);
          handle.current?.reload();
        }}
      />
    </div>
  );
}
