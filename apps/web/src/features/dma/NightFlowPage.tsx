/**
 * 夜间流量: a zone's minimum night flow per night with its baseline, the legitimate night use and the excess
 * (the chart), and this month's water balance beside it.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Radio, Row, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dmaApi } from '../../api/dma';
import { BalanceTable } from './BalancePage';
import { Chart } from './Chart';
import { thisMonth } from './nrw';
import { useZones, ZoneSelect } from './zones';

export default function NightFlowPage() {
  const { t } = useTranslation();
  const zones = useZones();
  const [dmaCode, setDmaCode] = useState<string>();
  const [days, setDays] = useState(30);
  // the range ends at the start of this hour, so the query key holds still while the screen is open
  const [end] = useState(() => {
    const d = new Date();
    d.setMinutes(0, 0, 0);
    return d.getTime() + 3_600_000;
  });
  useEffect(() => {
    if (!dmaCode && zones.data?.length) setDmaCode(zones.data[0].code);
  }, [zones.data, dmaCode]);
  const night = useQuery({
    queryKey: ['dma-night', dmaCode, days, end],
    queryFn: () => dmaApi.nightFlow({ dmaCode: dmaCode!, startTime: end - days * 86_400_000, endTime: end }),
    enabled: !!dmaCode,
  });
  const month = thisMonth();
  const bal = useQuery({
    queryKey: ['dma-balance', dmaCode, 'MONTH', month],
    queryFn: () => dmaApi.balance({ dmaCode, period: 'MONTH', date: month }),
    enabled: !!dmaCode,
  });
  const option = useMemo(() => {
    const n = night.data?.nights;
    if (!n?.length) return null;
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 50, right: 20, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: n.map((x) => x.date) },
      yAxis: { type: 'value', scale: true },
      series: [
        { name: t('dma.mnf'), type: 'line', data: n.map((x) => x.mnf), connectNulls: false },
        { name: t('dma.baseline'), type: 'line', data: n.map((x) => x.baseline), lineStyle: { type: 'dashed' } },
        { name: t('dma.legitimate'), type: 'line', data: n.map((x) => x.legitimate), symbol: 'none' },
        { name: t('dma.excess'), type: 'bar', data: n.map((x) => x.excess), itemStyle: { opacity: 0.4 } },
      ],
    };
  }, [night.data, t]);
  const invalid = night.data?.nights.filter((n) => !n.valid).length ?? 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <ZoneSelect testId="dma-night-zone" value={dmaCode} onChange={setDmaCode} />
        <Radio.Group
          value={days}
          onChange={(e) => setDays(e.target.value)}
          optionType="button"
          options={[7, 30, 90].map((n) => ({ label: t('dma.days', { n }), value: n }))}
        />
      </Space>
      <Row gutter={12}>
        <Col span={15}>
          <Card size="small" title={t('dma.nightChart')}>
            <Chart option={option} height={360} testId="dma-night-chart" />
            <div>
              {t('dma.legitimate')}: {night.data?.legitimateNightUse ?? '—'} m³/h ·{' '}
              {t('dma.invalidNights', { n: invalid })}
            </div>
          </Card>
        </Col>
        <Col span={9}>
          <Card size="small" title={t('dma.monthBalance')}>
            {bal.data && <BalanceTable b={bal.data} />}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
