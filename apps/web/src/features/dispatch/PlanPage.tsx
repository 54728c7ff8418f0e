/**
 * 供水计划: the next hours' supply forecast against the actual as it comes in, for the utility and each plant, and
 * the forecast's error (MAPE) over the last 30 days.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Row, Segmented, Space, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispatchApi } from '../../api/dispatch';
import { LIVE_POINTS } from '../../api/monitor';
import { EChart } from '../../components/charts/EChart';
import { saveBlob } from '../../lib/download';
import { useLiveEvent } from '../../lib/useLiveEvent';

export default function PlanPage() {
  const { t } = useTranslation();
  const [day, setDay] = useState(0);
  const [who, setWho] = useState<string>('utility');
  const [reportDay, setReportDay] = useState(() => dayjs().subtract(1, 'day'));
  const [exporting, setExporting] = useState(false);
  const exportReport = async () => {
    setExporting(true);
    try {
      const r = await dispatchApi.dayReport(reportDay.format('YYYY-MM-DD'));
      saveBlob(r.blob, r.fileName);
    } finally {
      setExporting(false);
    }
  };
  const plan = useQuery({ queryKey: ['dispatch-plan', day], queryFn: () => dispatchApi.plan(day) });
  const acc = useQuery({ queryKey: ['dispatch-accuracy'], queryFn: () => dispatchApi.accuracy(30) });
  useLiveEvent(LIVE_POINTS, () => void plan.refetch(), 60_000);
  const series = who === 'utility' ? plan.data?.utility : plan.data?.plants.find((p) => p.stationId === who);
  const option = useMemo(
    () =>
      plan.data && series
        ? {
            tooltip: { trigger: 'axis' },
            legend: { data: [t('dispatch.plan'), t('dispatch.actual')] },
            grid: { left: 60, right: 20, top: 40, bottom: 30 },
            xAxis: { type: 'category', data: plan.data.hours.map((h) => dayjs(h).format('HH:00')) },
            yAxis: { type: 'value', name: 'm³/h' },
            series: [
              { name: t('dispatch.plan'), type: 'line', data: series.plan, lineStyle: { type: 'dashed' } },
              { name: t('dispatch.actual'), type: 'bar', data: series.actual },
            ],
          }
        : null,
    [plan.data, series, t],
  );
  return (
    <Row gutter={16}>
      <Col span={18}>
        <Card
          title={`${t('menu.dispatch.plan')} ${plan.data?.date ?? ''}`}
          extra={
            <Space>
              <Segmented
                value={day}
                onChange={(v) => setDay(Number(v))}
                options={[
                  { value: 0, label: t('dispatch.today') },
                  { value: 1, label: t('dispatch.tomorrow') },
                ]}
              />
              <DatePicker
                value={reportDay}
                allowClear={false}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                onChange={(d) => d && setReportDay(d)}
              />
              <Button onClick={exportReport} loading={exporting} data-testid="day-report">
                {t('dispatch.dayReport')}
              </Button>
            </Space>
          }
        >
          <Segmented
            style={{ marginBottom: 12 }}
            value={who}
            onChange={(v) => setWho(String(v))}
            options={[
              { value: 'utility', label: t('dispatch.utility') },
              ...(plan.data?.plants ?? []).map((p) => ({ value: p.stationId, label: p.stnm })),
            ]}
          />
          <EChart option={option} height={360} testId="plan-chart" />
        </Card>
      </Col>
      <Col span={6}>
        <Card title={t('dispatch.accuracy')}>
          <Statistic
            title={t('dispatch.mapeUtility')}
            value={acc.data?.utility.mape ?? '—'}
            suffix={acc.data?.utility.mape != null ? '%' : undefined}
          />
          <Table
            size="small"
            rowKey="stationId"
            pagination={false}
            style={{ marginTop: 16 }}
            dataSource={acc.data?.plants ?? []}
            columns={[
              { title: t('dispatch.station'), dataIndex: 'stnm' },
              { title: t('dispatch.days'), dataIndex: 'days', width: 60 },
              { title: 'MAPE %', dataIndex: 'mape', width: 80 },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
