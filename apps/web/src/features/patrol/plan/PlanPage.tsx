/**
 * 巡检计划: the plan list with filters (name, type, period, scope, team, audit state); add and edit (type, area or
 * route on the map, objects, period daily / weekly / monthly, start and end, team and people, check items); submit
 * for audit (草稿 or 已退回, button `patrol_plan_submit`); approve or send back with an opinion (待审核, button
 * `patrol_plan_audit`); delete with confirmation. A plan waiting for audit cannot be edited (the server says so);
 * an approved plan that is edited goes back to draft. The view dialog lists the objects and the audit history.
 */
import { AuditOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Table, Timeline, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobObjectApi, type Plan, type PlanDetail, planApi } from '../../../api/patrol';
import { type CrudHandle, CrudPage, RowButton } from '../../../components/crud';
import { useBusyCall } from '../../../lib/useBusyCall';
import { useLoadDeps } from '../../../lib/useLoadDeps';
import { shortTime } from '../../../lib/wireTime';
import { usePermission } from '../../../stores/session';
import { nameOf } from '../common';
import { planColumns } from './columns';

function AuditDialog({ plan, onClose, onDone }: { plan: Plan | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [opinion, setOpinion] = useState('');
  const { busy, run } = useBusyCall();
  const [error, setError] = useState('');
  const decide = async (status: 2 | 3) => {
    if (!plan) return;
    if (status === 3 && !opinion.trim()) {
      setError(t('patrol.plan.opinionRequired'));
      return;
    }
    await run(
      () => planApi.audit(plan.id, status, opinion.trim() || undefined),
      t(status === 2 ? 'patrol.plan.approved' : 'patrol.plan.sentBack'),
      () => {
        setOpinion('');
        setError('');
        onDone();
      },
    );
  };
  return (
    <Modal
      open={!!plan}
      title={t('patrol.plan.auditTitle', { name: plan?.planName ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('patrol.common.cancel')}
        </Button>,
        <Button key="back" danger loading={busy} onClick={() => void decide(3)} data-testid="audit-reject">
          {t('patrol.plan.sendBack')}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => void decide(2)} data-testid="audit-approve">
          {t('patrol.plan.approve')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('patrol.plan.auditHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label={t('patrol.plan.auditOpinion')}
          validateStatus={error ? 'error' : undefined}
          help={error || undefined}
        >
          <Input.TextArea
            rows={4}
            maxLength={255}
            value={opinion}
            onChange={(e) => {
              setOpinion(e.target.value);
              setError('');
            }}
            data-testid="audit-opinion"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AuditHistory({ plan }: { plan: PlanDetail }) {
  const { t } = useTranslation();
  return (
    <div data-testid="plan-history">
      <Typography.Title level={5}>{t('patrol.plan.objects')}</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={plan.objects ?? []}
        columns={[
          { title: t('patrol.jobObject.objectCode'), dataIndex: 'objectCode' },
          { title: t('patrol.jobObject.objectName'), dataIndex: 'objectName' },
          {
            title: t('patrol.jobObject.facilityType'),
            dataIndex: 'facilityType',
            render: (v) => nameOf(t, 'facility', v),
          },
          { title: t('patrol.jobObject.address'), dataIndex: 'address' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('patrol.plan.history')}
      </Typography.Title>
      {plan.audits?.length ? (
        <Timeline
          items={plan.audits.map((a) => ({
            color: a.action === 'approve' ? 'green' : a.action === 'reject' ? 'red' : 'blue',
            children: (
              <span>
                {shortTime(a.time)} {a.userName} {t(`patrol.plan.action.${a.action}`)}
                {a.opinion ? `：${a.opinion}` : ''}
              </span>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">{t('patrol.plan.noHistory')}</Typography.Text>
      )}
    </div>
  );
}

export default function PlanPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const canSubmit = usePermission('patrol_plan_submit');
  const canAudit = usePermission('patrol_plan_audit');
  const [auditing, setAuditing] = useState<Plan | null>(null);
  const objects = useLoadDeps(() => jobObjectApi.page({ current: 1, size: 5000 }).then((p) => p.records), []);
  const allObjects = objects.data ?? [];

  const columns = useMemo(() => planColumns(t, allObjects), [t, allObjects]);

  const submitForAudit = (row: Plan, reload: () => void) =>
    modal.confirm({
      title: t('patrol.common.confirmTitle'),
      content: t('patrol.plan.confirmSubmit', { name: row.planName }),
      okText: t('patrol.common.ok'),
      cancelText: t('patrol.common.cancel'),
      onOk: async () => {
        try {
          await planApi.submitAudit(row.id);
          message.success(t('patrol.plan.submitted'));
          reload();
        } catch {
          // the HTTP client has shown the server's reason
        }
      },
    });

  const handle = useRef<CrudHandle<Plan> | null>(null);
  return (
    <div data-testid="patrol-plan">
      <CrudPage<Plan>
        api={planApi}
        columns={columns}
        title="patrol.plan.title"
        permission="patrol_plan"
        dialogWidth={1100}
        actionWidth={300}
        scrollX={1500}
        beforeSubmit={(v) => ({
          ...v,
          geometry: Array.isArray(v.geometry) ? v.geometry : [],
        })}
        dialogExtra={(mode, _f, row) =>
          mode === 'view' && row && 'audits' in row ? <AuditHistory plan={row as unknown as PlanDetail} /> : null
        }
        handleRef={handle}
        rowActions={(row, h) => {
          return (
            <>
              {canSubmit && (row.auditStatus === 0 || row.auditStatus === 3) && (
                <RowButton
                  icon={<SendOutlined />}
                  onClick={() => submitForAudit(row, h.reload)}
                  data-testid="plan-submit"
                  data-perm="patrol_plan_submit"
                >
                  {t('patrol.plan.submitAudit')}
                </RowButton>
              )}
              {canAudit && row.auditStatus === 1 && (
                <RowButton
                  icon={<AuditOutlined />}
                  onClick={() => setAuditing(row)}
                  data-testid="plan-audit"
                  data-perm="patrol_plan_audit"
                >
                  {t('patrol.plan.audit')}
                </RowButton>
              )}
            </>
          );
        }}
      />
      <AuditDialog
        plan={auditing}
        onClose={() => setAuditing(null)}
        onDone={() => {
          setAuditing(null);
          handle.current?.reload();
        }}
      />
    </div>
  );
}
