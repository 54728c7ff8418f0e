/**
 * 流程详情 (/workflow/process/detail/{params}, params = base64url JSON `{ taskId?, processInsId }`): the process
 * form (read-only), the approval section with the actions the node allows (pass, reject, roll back with a node
 * choice, transfer, delegate, add signer, copy, terminate, withdraw, claim — each confirmed), the approval
 * timeline and the diagram with finished nodes and the current node marked.
 */
import { Empty, Spin, Tabs } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { decodeParams } from '../../../api/workflow';
import type { FormRenderHandle } from '../../../components/form-render';
import { UserPicker } from '../../../components/widgets';
import { useSession } from '../../../stores/session';
import { ProcessForm } from '../form/ProcessForm';
import { ApprovalCard, FlowTimeline, RollbackDialog, SummaryCard } from './DetailParts';
import { DiagramViewer } from './DiagramViewer';
import { allowedActions, diagramMarks, processFinished } from './rules';
import { useProcessDetail } from './useProcessDetail';
import { ACTION_LABEL, useTaskActions } from './useTaskActions';

export function currentUserId(info: Record<string, unknown> | null | undefined): string {
  return String(info?.user_id ?? info?.userId ?? info?.id ?? '');
}

export default function DetailPage() {
  const { params } = useParams();
  const { taskId, processInsId } = decodeParams<{ taskId?: string; processInsId?: string }>(params);
  const { t } = useTranslation();
  const me = currentUserId(useSession((s) => s.userInfo) as Record<string, unknown> | null);
  const { detail, loading, missing, load } = useProcessDetail(taskId, processInsId);
  const formHandle = useRef<FormRenderHandle | null>(null);
  const actions = detail ? allowedActions(detail, me) : [];
  const editable = Boolean(detail?.process.formEditable) && actions.includes('pass');
  const ta = useTaskActions(detail, editable, formHandle, load);

  if (loading && !detail) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (missing || !detail) return <Empty description={t('workflow.detail.noDefinition')} />;

  const p = detail.process;
  const marks = diagramMarks(detail);
  const finished = processFinished(detail);
  const handling = actions.some((a) => a !== 'claim' && a !== 'withdraw' && a !== 'print');

  return (
    <div data-testid="wf-detail">
      <SummaryCard p={p} finished={finished} />
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
                {actions.length > 0 && <ApprovalCard actions={actions} handling={handling} {...ta} />}
              </>
            ),
          },
          { key: 'flow', label: t('workflow.detail.timeline'), children: <FlowTimeline flow={detail.flow} /> },
          {
            key: 'diagram',
            label: t('workflow.detail.diagram'),
            children: <DiagramViewer xml={p.xml} finished={marks.finished} current={marks.current} />,
          },
        ]}
      />
      <UserPicker
        open={!!ta.picker}
        withTree
        multiple={ta.picker === 'addInstance'}
        title={ta.picker ? t(ACTION_LABEL[ta.picker]) : undefined}
        onCancel={() => ta.setPicker(null)}
        onOk={ta.onPicked}
      />
      <RollbackDialog
        open={ta.rollbackOpen}
        taskId={String(p.taskId ?? '')}
        onCancel={() => ta.setRollbackOpen(false)}
        onOk={ta.onRollback}
      />
    </div>
  );
}
