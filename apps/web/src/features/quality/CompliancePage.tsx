/** 合格率统计: compliance of the online readings per station and indicator, by hour of a day or day of a month. */
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Radio, Select, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ComplianceResult, qualityApi } from '../../api/quality';
import { Chart } from './Chart';

export function complianceChart(r: ComplianceResult) {
  if (!r.stations.length) return null;
  const buckets = [...new Set(r.stations.flatMap((s) => s.buckets.map((b) => b.bucket)))].sort();
  if (!buckets.length) return null;
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 48, right: 16, top: 16, bottom: 56 },
    xAxis: { type: 'category', data: buckets.map((b) => (r.period === 'DAY' ? b.slice(11) : b.slice(5))) },
    yAxis: { type: 'value', min: 0, max: 100, name: '%' },
    series: r.stations.map((s) => ({
      type: 'line',
      name: `${s.pointName} ${s.indicatorName}`,
      data: buckets.map((b) => s.buckets.find((x) => x.bucket === b)?.rate ?? null),
      connectNulls: false,
    })),
  };
}

export default function CompliancePage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<'DAY' | 'MONTH'>('MONTH');
  const [date, setDate] = useState<Dayjs>(dayjs());
  const [station, setStation] = useState<string>();
  const stations = useQuery({ queryKey: ['quality', 'online'], queryFn: () => qualityApi.online() });
  const q = {
    period,
    date: date.format(period === 'DAY' ? 'YYYY-MM-DD' : 'YYYY-MM'),
    ...(station ? { stationCode: station } : {}),
  };
  const res = useQuery({ queryKey: ['quality', 'compliance', q], queryFn: () => qualityApi.compliance(q) });
  const option = useMemo(() => (res.data ? complianceChart(res.data) : null), [res.data]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Radio.Group value={period} onChange={(e) => setPeriod(e.target.value)} optionType="button">
          <Radio value="DAY">{t('quality.day')}</Radio>
          <Radio value="MONTH">{t('quality.month')}</Radio>
        </Radio.Group>
        <DatePicker
          value={date}
          picker={period === 'DAY' ? 'date' : 'month'}
          allowClear={false}
          onChange={(d) => d && setDate(d)}
        />
        <Select
          allowClear
          style={{ width: 220 }}
          placeholder={t('quality.allStations')}
          aria-label={t('quality.allStations')}
          value={station}
          onChange={setStation}
          options={(stations.data ?? []).map((s) => ({ label: s.pointName, value: s.stcd }))}
        />
      </Space>
      <Card title={t('quality.compliance')}>
        <Chart option={option} testId="quality-compliance-chart" />
      </Card>
      <Table
        size="small"
        rowKey={(r) => `${r.stcd}/${r.indicatorCode}`}
        data-testid="quality-compliance-table"
        pagination={false}
        loading={res.isFetching}
        dataSource={res.data?.stations ?? []}
        columns={[
          { title: t('quality.station'), dataIndex: 'pointName' },
          { title: t('quality.indicator'), dataIndex: 'indicatorName' },
          { title: t('quality.limit'), dataIndex: 'limit' },
          { title: t('quality.total'), dataIndex: 'total' },
          { title: t('quality.good'), dataIndex: 'compliant' },
          { title: t('quality.rate'), dataIndex: 'rate', render: (v: number | null) => v ?? '—' },
        ]}
      />
    </Space>
  );
}
