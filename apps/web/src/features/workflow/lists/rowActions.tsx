/**
 * The row actions of the workflow lists by kind: start, claim, handle, detail, and the starter's withdraw and
 * urge in 已发事务; the administrators' lists have theirs in adminActions.
 */
import { App, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Row } from '../../../api/crud';
import { processApi } from '../../../api/workflow';
import type { CrudHandle } from '../../../components/crud';
import { RowButton } from '../../../components/crud/RowButton';
import { OpsActions, ProcessActions } from './adminActions';
import { type ActionProps, DetailLink } from './DetailLink';
import { isFinished, type ListKind, startPath } from './lists';

function StartLink({ row }: { row: Row }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <RowButton data-testid="wf-start" onClick={() => navigate(startPath(row))}>
      {t('workflow.list.start')}
    </RowButton>
  );
}

function ClaimActions({ row, done }: ActionProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const claim = () =>
    modal.confirm({
      title: t('workflow.list.claimConfirm'),
      onOk: async () => {
        await processApi.claimTask(String(row.taskId));
        done('workflow.list.claimed');
      },
    });
  return (
    <Space size={0}>
      <RowButton data-testid="wf-claim" onClick={claim}>
        {t('workflow.list.claim')}
      </RowButton>
      <DetailLink row={row} withTask />
    </Space>
  );
}

// the starter may withdraw a running instance from 已发事务 (the server decides whether it still may: nobody
// else has handled it yet; workflow.md withdrawTask)
function SendActions({ row, done }: ActionProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const processInstanceId = String(row.processInstanceId);
  const withdraw = () =>
    modal.confirm({
      title: t('workflow.detail.confirmWithdraw'),
      onOk: async () => {
        await processApi.withdrawTask({ processInstanceId, withdrawType: 'start' });
        done();
      },
    });
  return (
    <Space size={0}>
      <DetailLink row={row} withTask={false} />
      {!isFinished(row) && (
        <RowButton data-testid="wf-withdraw" onClick={withdraw}>
          {t('workflow.detail.withdraw')}
        </RowButton>
      )}
      {!isFinished(row) && (
        // the starter's 催办: a notice to the current holders (the server allows one per 10 minutes)
        <RowButton
          data-testid="wf-urge"
          onClick={async () => {
            await processApi.urgeTask({ processInstanceId });
            done('workflow.list.urged');
          }}
        >
          {t('workflow.list.urge')}
        </RowButton>
      )}
    </Space>
  );
}

interface RowActionsArgs {
  kind: ListKind;
  row: Row;
  h: CrudHandle;
  done: (h: CrudHandle, text?: string) => void;
  onAssignee: (row: Row, h: CrudHandle) => void;
  onDispatch: (row: Row, h: CrudHandle) => void;
}

export function rowActionsOf({ kind, row, h, done, onAssignee, onDispatch }: RowActionsArgs): ReactNode {
  const p = { row, done: (text?: string) => done(h, text) };
  switch (kind) {
    case 'start':
      return <StartLink row={row} />;
    case 'claim':
      return <ClaimActions {...p} />;
    case 'todo':
      return <DetailLink row={row} withTask label="workflow.list.handle" />;
    case 'send':
      return <SendActions {...p} />;
    case 'ops':
      return <OpsActions {...p} onAssignee={() => onAssignee(row, h)} onDispatch={() => onDispatch(row, h)} />;
    case 'process':
      return <ProcessActions {...p} />;
    default:
      return <DetailLink row={row} withTask={false} />;
  }
}
