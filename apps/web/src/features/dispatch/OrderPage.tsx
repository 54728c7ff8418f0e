/**
 * 调度指令: the dispatcher issues an order to a station; the station's operator acknowledges it (接收确认) and reports
 * it carried out (执行反馈). Each order's log shows every step with its time; overdue orders are marked escalated.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Timeline,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispatchApi, type Order, type OrderState } from '../../api/dispatch';
import { RowButton, serverPagination } from '../../components/crud';
import { usePermission, useSession } from '../../stores/session';
import { StationSettings } from './StationSettings';

const STATE_COLOR: Record<OrderState, string> = {
  issued: 'orange',
  acknowledged: 'blue',
  done: 'green',
  cancelled: 'default',
};
const when = (s: string | null) => (s ? dayjs(s).format('YYYY-MM-DD HH:mm:ss') : '—');

export default function OrderPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canIssue = usePermission('dispatch_order_issue');
  const isAdmin = useSession((s) => s.roles.includes('administrator'));
  const [settings, setSettings] = useState(false);
  const canAck = usePermission('dispatch_order_ack');
  const [state, setState] = useState<OrderState>();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [issuing, setIssuing] = useState(false);
  const [feedback, setFeedback] = useState<Order | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [form] = Form.useForm();
  const [fbForm] = Form.useForm();
  const list = useQuery({
    queryKey: ['dispatch-orders', state, page],
    queryFn: () => dispatchApi.orders({ state, ...page }),
    refetchInterval: 15_000,
  });
  const diagram = useQuery({ queryKey: ['dispatch-diagram'], queryFn: dispatchApi.diagram, enabled: issuing });
  const actions = useQuery({ queryKey: ['dispatch-actions'], queryFn: dispatchApi.actions });
  const detail = useQuery({
    queryKey: ['dispatch-order', detailId],
    queryFn: () => dispatchApi.order(detailId as string),
    enabled: !!detailId,
  });
  const action = Form.useWatch('action', form);
  const actionDef = actions.data?.find((a) => a.code === action);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['dispatch-orders'] });
    void qc.invalidateQueries({ queryKey: ['dispatch-order'] });
  };

  const issue = async () => {
    const v = await form.validateFields();
    await dispatchApi.issue(v);
    message.success(t('dispatch.issued'));
    setIssuing(false);
    form.resetFields();
    refresh();
  };
  const acknowledge = async (o: Order) => {
    await dispatchApi.acknowledge(o.id);
    message.success(t('dispatch.acknowledged'));
    refresh();
  };
  const complete = async () => {
    const v = await fbForm.validateFields();
    await dispatchApi.complete((feedback as Order).id, v.note);
    message.success(t('dispatch.completed'));
    setFeedback(null);
    fbForm.resetFields();
    refresh();
  };

  return (
    <Card
      title={t('menu.dispatch.order')}
      extra={
        <Space>
          <Select
            allowClear
            placeholder={t('dispatch.state')}
            aria-label={t('dispatch.state')}
            style={{ width: 140 }}
            value={state}
            onChange={(v) => {
              setState(v);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            options={(['issued', 'acknowledged', 'done', 'cancelled'] as const).map((s) => ({
              value: s,
              label: t(`dispatch.states.${s}`),
            }))}
          />
          {isAdmin && (
            <Button onClick={() => setSettings(true)} data-testid="station-settings">
              {t('dispatch.stationSettings')}
            </Button>
          )}
          {canIssue && (
            <Button type="primary" onClick={() => setIssuing(true)} data-testid="issue-order">
              {t('dispatch.issue')}
            </Button>
          )}
        </Space>
      }
    >
      <StationSettings open={settings} onClose={() => setSettings(false)} />
      <Table<Order>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.records ?? []}
        pagination={serverPagination(page, list.data?.total ?? 0, setPage)}
        columns={[
          { title: t('dispatch.code'), dataIndex: 'code', width: 170 },
          { title: t('dispatch.station'), dataIndex: 'stnm' },
          { title: t('dispatch.order'), dataIndex: 'text' },
          {
            title: t('dispatch.state'),
            dataIndex: 'state',
            width: 130,
            render: (s: OrderState, r) => (
              <Space size={4}>
                <Tag color={STATE_COLOR[s]}>{t(`dispatch.states.${s}`)}</Tag>
                {r.escalatedAt && <Tag color="red">{t('dispatch.escalated')}</Tag>}
              </Space>
            ),
          },
          { title: t('dispatch.issuedAt'), dataIndex: 'issuedAt', width: 170, render: when },
          { title: t('dispatch.issuedBy'), dataIndex: 'issuedByName', width: 110 },
          {
            title: t('dispatch.operate'),
            width: 200,
            render: (_, r) => (
              <Space size={4}>
                <RowButton onClick={() => setDetailId(r.id)}>{t('dispatch.log')}</RowButton>
                {canAck && r.state === 'issued' && (
                  <RowButton onClick={() => acknowledge(r)}>{t('dispatch.acknowledge')}</RowButton>
                )}
                {canAck && r.state === 'acknowledged' && (
                  <RowButton onClick={() => setFeedback(r)}>{t('dispatch.complete')}</RowButton>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={issuing}
        title={t('dispatch.issue')}
        onCancel={() => setIssuing(false)}
        onOk={issue}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'issue-ok' } as never}
      >
        <Form form={form} layout="vertical" initialValues={{ ackMinutes: 10 }}>
          <Form.Item name="stationId" label={t('dispatch.station')} rules={[{ required: true }]}>
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="order-station"
              options={(diagram.data?.nodes ?? []).map((n) => ({ value: n.id, label: `${n.stnm} (${n.stcd})` }))}
            />
          </Form.Item>
          <Form.Item name="action" label={t('dispatch.action')} rules={[{ required: true }]}>
            <Select
              data-testid="order-action"
              options={(actions.data ?? []).map((a) => ({ value: a.code, label: en ? a.nameEn : a.name }))}
            />
          </Form.Item>
          {(action === 'pump_start' || action === 'pump_stop') && (
            <Form.Item name="pumpNo" label={t('dispatch.pumpNo')} rules={[{ required: true }]}>
              <InputNumber min={1} max={20} />
            </Form.Item>
          )}
          {actionDef?.unit && (
            <Form.Item
              name="target"
              label={`${t('dispatch.target')} (${actionDef.unit})`}
              rules={[{ required: action !== 'valve_open' }]}
            >
              <InputNumber step={action === 'set_pressure' ? 0.01 : 1} style={{ width: 160 }} />
            </Form.Item>
          )}
          <Form.Item name="content" label={t('dispatch.content')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Form.Item name="ackMinutes" label={t('dispatch.ackMinutes')}>
            <InputNumber min={1} max={1440} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!feedback}
        title={t('dispatch.complete')}
        onCancel={() => setFeedback(null)}
        onOk={complete}
        destroyOnHidden
      >
        <Form form={fbForm} layout="vertical">
          <Form.Item name="note" label={t('dispatch.result')} rules={[{ required: true }]}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <Drawer open={!!detailId} width={520} title={detail.data?.code} onClose={() => setDetailId(null)}>
        {detail.data && (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('dispatch.station')}>{detail.data.stnm}</Descriptions.Item>
              <Descriptions.Item label={t('dispatch.order')}>{detail.data.text}</Descriptions.Item>
              <Descriptions.Item label={t('dispatch.content')}>{detail.data.content ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('dispatch.state')}>
                {t(`dispatch.states.${detail.data.state}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('dispatch.ackDeadline')}>{when(detail.data.ackDeadline)}</Descriptions.Item>
            </Descriptions>
            <Timeline
              style={{ marginTop: 24 }}
              data-testid="order-log"
              items={detail.data.log.map((l) => ({
                color: l.step === 'escalate' ? 'red' : l.step === 'complete' ? 'green' : 'blue',
                children: (
                  <div data-testid={`log-${l.step}`}>
                    <b>{t(`dispatch.steps.${l.step}`)}</b> {when(l.at)} {l.userName ?? ''}
                    {l.note && <div>{l.note}</div>}
                  </div>
                ),
              }))}
            />
          </>
        )}
      </Drawer>
    </Card>
  );
}
