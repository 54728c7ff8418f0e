/**
 * 漏损事件: the leak events the detector found (live and over history), filtered by zone and state; an open event
 * can be dispatched for repair (the 爆管抢修 process), and the detector re-run over a period of history.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dmaApi, type LeakEvent } from '../../api/dma';
import { RowButton, serverPagination } from '../../components/crud';
import { usePermission } from '../../stores/session';
import { useZones, zoneOptions } from './zones';

const STATE_COLOR = { open: 'red', dispatched: 'orange', closed: 'green' } as const;
const when = (s: string | null) => (s ? dayjs(s).format('YYYY-MM-DD HH:mm') : '—');

export default function LeakPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const canDispatch = usePermission('dma_leak_dispatch');
  const canDetect = usePermission('dma_leak_detect');
  const canReport = usePermission('dma_leak_add');
  const [reporting, setReporting] = useState(false);
  const [reportForm] = Form.useForm();
  const [dmaCode, setDmaCode] = useState<string>();
  const [state, setState] = useState<string>();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [detecting, setDetecting] = useState(false);
  const [form] = Form.useForm();
  const zones = useZones();
  const list = useQuery({
    queryKey: ['dma-leaks', dmaCode, state, page],
    queryFn: () => dmaApi.leakEvents({ dmaCode, state, ...page }),
  });
  const reload = () => qc.invalidateQueries({ queryKey: ['dma-leaks'] });

  const dispatch = (ev: LeakEvent) =>
    modal.confirm({
      title: t('dma.dispatch'),
      content: t('dma.dispatchConfirm', { code: ev.code }),
      onOk: async () => {
        const r = await dmaApi.dispatch(ev.id);
        message.success(t('dma.dispatched', { id: r.processInstanceId }));
        await reload();
      },
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          allowClear
          placeholder={t('dma.zone')}
          aria-label={t('dma.zone')}
          style={{ width: 200 }}
          value={dmaCode}
          onChange={setDmaCode}
          options={zoneOptions(zones.data)}
        />
        <Select
          allowClear
          placeholder={t('dma.state')}
          aria-label={t('dma.state')}
          style={{ width: 140 }}
          value={state}
          onChange={setState}
          options={(['open', 'dispatched', 'closed'] as const).map((s) => ({ label: t(`dma.states.${s}`), value: s }))}
        />
        {canDetect && <Button onClick={() => setDetecting(true)}>{t('dma.detect')}</Button>}
        {canReport && (
          <Button type="primary" onClick={() => setReporting(true)}>
            {t('dma.report')}
          </Button>
        )}
      </Space>
      <Table<LeakEvent>
        size="small"
        rowKey="id"
        data-testid="dma-leak-table"
        dataSource={list.data?.records ?? []}
        pagination={serverPagination(page, list.data?.total ?? 0, setPage)}
        columns={[
          { title: t('dma.eventCode'), dataIndex: 'code' },
          { title: t('dma.zone'), render: (_v, r) => `${r.dmaCode} ${r.dmaName ?? ''}` },
          { title: t('dma.kind'), dataIndex: 'kind', render: (k: string) => t(`dma.kinds.${k}`) },
          { title: t('dma.estimatedStart'), dataIndex: 'estimatedStart', render: when },
          { title: t('dma.detectedAt'), dataIndex: 'detectedAt', render: when },
          { title: t('dma.leakFlow'), dataIndex: 'leakFlow', align: 'right' },
          {
            title: t('dma.state'),
            dataIndex: 'state',
            render: (s: LeakEvent['state']) => <Tag color={STATE_COLOR[s]}>{t(`dma.states.${s}`)}</Tag>,
          },
          {
            title: t('dma.actions'),
            render: (_v, r) =>
              canDispatch && r.state === 'open' ? (
                <RowButton onClick={() => dispatch(r)}>{t('dma.dispatch')}</RowButton>
              ) : null,
          },
        ]}
      />
      <Modal
        open={detecting}
        title={t('dma.detect')}
        onCancel={() => setDetecting(false)}
        destroyOnHidden
        onOk={async () => {
          const v = await form.validateFields();
          const r = await dmaApi.detect({
            dmaCode: v.dmaCode,
            startTime: v.range[0].startOf('day').valueOf(),
            endTime: v.range[1].endOf('day').valueOf(),
          });
          message.success(t('dma.detectDone', { nights: r.nights, created: r.created }));
          setDetecting(false);
          await reload();
        }}
      >
        <Form form={form} layout="vertical" initialValues={{ range: [dayjs().subtract(30, 'day'), dayjs()] }}>
          <Form.Item name="dmaCode" label={t('dma.zone')} rules={[{ required: true, message: t('dma.zoneRequired') }]}>
            <Select options={zoneOptions(zones.data)} />
          </Form.Item>
          <Form.Item name="range" label={t('dma.range')} rules={[{ required: true }]}>
            <DatePicker.RangePicker />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={reporting}
        title={t('dma.report')}
        onCancel={() => setReporting(false)}
        destroyOnHidden
        onOk={async () => {
          const v = await reportForm.validateFields();
          const ev = await dmaApi.report({
            dmaCode: v.dmaCode,
            estimatedStart: v.estimatedStart.valueOf(),
            leakFlow: v.leakFlow,
            remark: v.remark,
          });
          message.success(t('dma.reported', { code: ev.code }));
          setReporting(false);
          await reload();
        }}
      >
        <Form form={reportForm} layout="vertical" initialValues={{ estimatedStart: dayjs().subtract(1, 'day') }}>
          <Form.Item name="dmaCode" label={t('dma.zone')} rules={[{ required: true, message: t('dma.zoneRequired') }]}>
            <Select options={zoneOptions(zones.data)} />
          </Form.Item>
          <Form.Item
            name="estimatedStart"
            label={t('dma.estimatedStart')}
            rules={[{ required: true, message: t('dma.startRequired') }]}
          >
            <DatePicker showTime />
          </Form.Item>
          <Form.Item
            name="leakFlow"
            label={t('dma.leakFlow')}
            rules={[{ required: true, message: t('dma.leakFlowRequired') }]}
          >
            <InputNumber min={0.1} max={100000} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label={t('dma.remark')}>
            <Input.TextArea rows={2} maxLength={255} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
