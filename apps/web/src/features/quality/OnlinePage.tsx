/**
 * 在线监测: every quality point with an online station, each indicator's latest value coloured by its limit
 * (green within, red outside), refreshed on the live channel `monitor.points`.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIVE_POINTS } from '../../api/monitor';
import { type OnlineValue, qualityApi } from '../../api/quality';
import { useLiveEvent } from '../../lib/useLiveEvent';

export default function OnlinePage() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['quality', 'online'], queryFn: () => qualityApi.online() });
  useLiveEvent(LIVE_POINTS, () => void q.refetch());
  const stations = q.data ?? [];
  if (q.isSuccess && !stations.length) return <Empty description={t('quality.noStations')} />;
  return (
    <Row gutter={[16, 16]} data-testid="quality-online">
      {stations.map((s) => (
        <Col key={s.pointCode} xs={24} lg={12}>
          <Card
            title={`${s.pointName} (${s.stcd})`}
            extra={<Tag>{t(`quality.pointKinds.${s.pointKind}`)}</Tag>}
            data-testid={`quality-station-${s.stcd}`}
          >
            <Table<OnlineValue>
              size="small"
              rowKey="indicatorCode"
              pagination={false}
              dataSource={s.values}
              columns={[
                { title: t('quality.indicator'), dataIndex: 'indicatorName' },
                {
                  title: t('quality.value'),
                  dataIndex: 'value',
                  render: (v: number | null, r) =>
                    v === null ? (
                      '—'
                    ) : (
                      <span
                        data-testid={`quality-value-${s.stcd}-${r.indicatorCode}`}
                        data-compliant={String(r.compliant)}
                        style={{ color: r.compliant ? '#389e0d' : '#cf1322', fontWeight: 600 }}
                      >
                        {v} {r.unit}
                      </span>
                    ),
                },
                { title: t('quality.limit'), dataIndex: 'limit' },
                { title: t('quality.time'), dataIndex: 'time' },
              ]}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
