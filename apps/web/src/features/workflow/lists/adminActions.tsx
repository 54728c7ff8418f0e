/**
 * The row actions of the administrators' lists: in the operations list change assignee, dispatch and urge; in
 * the process list suspend/activate, terminate and delete.
 */
import { App, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { opsApi } from '../../../api/workflow';
import { RowButton } from '../../../components/crud/RowButton';
import { type ActionProps, DetailLink } from './DetailLink';
import { isFinished } from './lists';

export function OpsActions({
  row,
  done,
  onAssignee,
  onDispatch,
}: ActionProps & { onAssignee(): void; onDispatch(): void }) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <DetailLink row={row} withTask />
      <RowButton onClick={onAssignee}>{t('workflow.list.changeAssignee')}</RowButton>
      <RowButton data-testid="wf-dispatch" onClick={onDispatch}>
        {t('workflow.list.dispatch')}
      </RowButton>
      <RowButton
        onClick={async () => {
          await opsApi.urgeTask({ taskId: row.taskId, processInstanceId: row.processInstanceId });
          done('workflow.list.urged');
        }}
      >
        {t('workflow.list.urge')}
      </RowButton>
    </Space>
  );
}

export function ProcessActions({ row, done }: ActionProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const finished = isFinished(row);
  const ids = { processInstanceId: row.processInstanceId, taskId: row.taskId };
  const confirm = (title: string, call: () => Promise<unknown>) =>
    modal.confirm({
      title: t(title),
      onOk: async () => {
        await call();
        done();
      },
    });
  return (
    <Space size={0}>
      <DetailLink row={row} withTask={false} />
      {!finished && (
        <RowButton
          onClick={async () => {
            await opsApi.changeTaskStatus({
              ...ids,
              status: row.processStatus === 'suspended' || row.status === 'suspended' ? 'active' : 'suspend',
            });
            done();
          }}
        >
          {t('workflow.list.changeStatus')}
        </RowButton>
      )}
      {!finished && (
        <RowButton
          danger
          onClick={() =>
            confirm('workflow.detail.confirmTerminate', () =>
              opsApi.terminateProcess({ ...ids, comment: t('workflow.list.terminate') }),
            )
          }
        >
          {t('workflow.list.terminate')}
        </RowButton>
      )}
      <RowButton
        danger
        onClick={() =>
          confirm('workflow.list.deleteConfirm', () =>
            opsApi.deleteProcess({ ...ids, processInstanceIds: row.processInstanceId }),
          )
        }
      >
        {t('workflow.list.deleteProcess')}
      </RowButton>
    </Space>
  );
}
