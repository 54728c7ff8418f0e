/**
 * 水量平衡: the IWA table of a zone (or all zones) for a day or a month, each figure with its uncertainty and
 * source, a chart of the components, the ranking of zones by NRW rate, the xlsx export and the tenant's shares.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, InputNumber, Modal, Radio, Row, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BalanceResult, dmaApi, FIGURES, type Settings } from '../../api/dma';
import { usePermission } from '../../stores/session';
import { Chart } from './Chart';
import { nrwColor } from './nrw';
import { ZoneSelect } from './zones';

export function balanceChart(b: BalanceResult, t: (k: string) => string) {
  const f = b.balance;
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        data: [
          { name: t('dma.figure.billed'), value: f.billed.value },
          { name: t('dma.figure.unbilled'), value: f.unbilled.value },
          { name: t('dma.figure.apparent'), value: f.apparent.value },
          { name: t('dma.figure.real'), value: Math.max(0, f.real.value) },
        ],
      },
    ],
  };
}

export function BalanceTable({ b }: { b: BalanceResult }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      data-testid="dma-balance-table"
      rowKey="key"
      pagination={false}
      dataSource={FIGURES.map((k) => ({ key: k, ...b.balance[k] }))}
      columns={[
        { title: t('dma.item'), dataIndex: 'key', render: (k: string) => t(`dma.figure.${k}`) },
        { title: t('dma.volume'), dataIndex: 'value', align: 'right' },
        { title: t('dma.plusMinus'), dataIndex: 'plusMinus', align: 'right' },
        {
          title: t('dma.uncertainty'),
          dataIndex: 'uncertainty',
          align: 'right',
          render: (v: number | null) => (v === null ? '—' : v),
        },
        { title: t('dma.source'), dataIndex: 'source', render: (s: string) => t(`dma.sources.${s}`) },
      ]}
    />
  );
}

function SettingsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Settings>();
  const s = useQuery({ queryKey: ['dma-settings'], queryFn: dmaApi.settings, enabled: open });
  return (
    <Modal
      open={open}
      title={t('dma.settings')}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        await dmaApi.saveSettings(v);
        message.success(t('dma.saved'));
        void qc.invalidateQueries({ queryKey: ['dma-balance'] });
        void qc.invalidateQueries({ queryKey: ['dma-settings'] });
        onClose();
      }}
    >
      {s.data && (
        <Form form={form} initialValues={s.data} labelCol={{ span: 12 }}>
          <Form.Item name="meterUnderReg" label={t('dma.meterUnderRegShare')} rules={[{ required: true }]}>
            <InputNumber min={0} max={0.5} step={0.005} />
          </Form.Item>
          <Form.Item name="theft" label={t('dma.theftShare')} rules={[{ required: true }]}>
            <InputNumber min={0} max={0.5} step={0.005} />
          </Form.Item>
          <Form.Item name="billedAccuracy" label={t('dma.billedAccuracy')} rules={[{ required: true }]}>
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item name="unbilledAccuracy" label={t('dma.unbilledAccuracy')} rules={[{ required: true }]}>
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item name="apparentAccuracy" label={t('dma.apparentAccuracy')} rules={[{ required: true }]}>
            <InputNumber min={0} max={100} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

export default function BalancePage() {
  const { t } = useTranslation();
  const canExport = usePermission('dma_balance_export');
  const canSet = usePermission('dma_balance_setting');
  const [dmaCode, setDmaCode] = useState<string>('');
  const [period, setPeriod] = useState<'DAY' | 'MONTH'>('MONTH');
  const [day, setDay] = useState<Dayjs>(dayjs().subtract(1, 'day'));
  const [settings, setSettings] = useState(false);
  const date = period === 'DAY' ? day.format('YYYY-MM-DD') : day.format('YYYY-MM');
  const bal = useQuery({
    queryKey: ['dma-balance', dmaCode, period, date],
    queryFn: () => dmaApi.balance({ dmaCode: dmaCode || undefined, period, date }),
  });
  const rank = useQuery({ queryKey: ['dma-ranking', period, date], queryFn: () => dmaApi.ranking({ period, date }) });
  const option = useMemo(() => (bal.data ? balanceChart(bal.data, t) : null), [bal.data, t]);

  const exportFile = async () => {
    const { blob, fileName } = await dmaApi.exportBalance({ period, date });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = fileName;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <ZoneSelect testId="dma-balance-zone" value={dmaCode} onChange={setDmaCode} all />
        <Radio.Group
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          options={[
            { label: t('dma.day'), value: 'DAY' },
            { label: t('dma.month'), value: 'MONTH' },
          ]}
          optionType="button"
        />
        <DatePicker
          value={day}
          picker={period === 'DAY' ? 'date' : 'month'}
          allowClear={false}
          onChange={(d) => d && setDay(d)}
        />
        {canExport && <Button onClick={exportFile}>{t('dma.export')}</Button>}
        {canSet && <Button onClick={() => setSettings(true)}>{t('button.dmaSetting')}</Button>}
      </Space>
      <Row gutter={12}>
        <Col span={14}>
          <Card
            size="small"
            title={`${dmaCode ? (bal.data?.dmaName ?? '') : t('dma.allZones')} ${bal.data?.label ?? ''}`}
          >
            {bal.data && <BalanceTable b={bal.data} />}
            {bal.data && (
              <div style={{ marginTop: 8 }}>
                {t('dma.coverage')}: {(bal.data.coverage * 100).toFixed(1)}%
              </div>
            )}
          </Card>
        </Col>
        <Col span={10}>
          <Card size="small" title={t('dma.components')}>
            <Chart option={option} testId="dma-balance-chart" />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('dma.ranking')}>
        <Table
          size="small"
          rowKey="dmaCode"
          data-testid="dma-ranking"
          pagination={false}
          dataSource={rank.data ?? []}
          columns={[
            { title: t('dma.rank'), render: (_v, _r, i) => i + 1, width: 60 },
            { title: t('dma.code'), dataIndex: 'dmaCode' },
            { title: t('dma.name'), dataIndex: 'dmaName' },
            { title: t('dma.figure.siv'), dataIndex: 'siv', align: 'right' },
            { title: t('dma.figure.billed'), dataIndex: 'billed', align: 'right' },
            { title: t('dma.figure.nrw'), dataIndex: 'nrw', align: 'right' },
            {
              title: t('dma.figure.nrwRate'),
              dataIndex: 'nrwRate',
              align: 'right',
              render: (v: number, r) => (
                <span style={{ color: nrwColor(v) }}>
                  {v.toFixed(1)} ± {r.nrwRateUncertainty.toFixed(1)}
                </span>
              ),
            },
            { title: t('dma.figure.real'), dataIndex: 'real', align: 'right' },
          ]}
        />
      </Card>
      <SettingsDialog open={settings} onClose={() => setSettings(false)} />
    </Space>
  );
}
