/** The crew page's event card: what burst and where, how many are affected, the event's status and the progress. */
import { Card, Descriptions, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { geoUri, latLonText } from './geo';
import type { CrewEvent } from './useShutValue';

/** The event's status: 0 not started, 1 closing, 2 all closed (segment isolated), 3 voided. */
export type EventStatus = 0 | 1 | 2 | 3;

export function EventCard({
  event: ev,
  status,
  progress,
}: {
  event: CrewEvent;
  status: EventStatus;
  progress: { done: number; total: number };
}) {
  const { t } = useTranslation();
  const voided = status === 3;
  return (
    <Card size="small">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('shutValue.event')}>{ev.title}</Descriptions.Item>
        <Descriptions.Item label={t('shutValue.address')}>{ev.address || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('shutValue.pipe')}>{ev.pipeDno || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('shutValue.occurTime')}>{ev.occurTime}</Descriptions.Item>
        <Descriptions.Item label={t('shutValue.affected')}>{ev.affectedCustomers}</Descriptions.Item>
        <Descriptions.Item label={t('shutValue.critical')}>{ev.criticalCount}</Descriptions.Item>
        {ev.lowPressure && (
          <Descriptions.Item label={t('shutValue.lowPressure')}>
            <span data-testid="crew-low-pressure">
              {t('shutValue.lowPressureText', {
                min: ev.lowPressure.minPressure,
                junctions: ev.lowPressure.junctions,
                customers: ev.lowPressure.customers,
              })}
            </span>
          </Descriptions.Item>
        )}
        {ev.lat !== undefined && ev.lon !== undefined && (
          <Descriptions.Item label={t('shutValue.burstPoint')}>
            <a href={geoUri(ev.lat, ev.lon, ev.code)} data-testid="burst-nav">
              {latLonText(ev.lat, ev.lon)}
            </a>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Space style={{ marginTop: 8 }} wrap>
        <Tag
          color={voided ? 'default' : status === 2 ? 'green' : status === 1 ? 'orange' : 'red'}
          data-testid="shut-value-status"
        >
          {t(`shutValue.status.${status}`)}
        </Tag>
        <span data-testid="shut-value-progress">
          {t('shutValue.progress', { done: progress.done, total: progress.total })}
        </span>
      </Space>
      <Progress
        percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 0}
        status={status === 2 ? 'success' : 'active'}
        showInfo={false}
      />
      {status === 2 && <Typography.Text type="success">{t('shutValue.allClosed')}</Typography.Text>}
      {voided && (
        <Typography.Text type="danger" data-testid="shut-value-voided">
          {t('shutValue.voided')}
        </Typography.Text>
      )}
    </Card>
  );
}
