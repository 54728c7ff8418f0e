/** The facts of a burst event: name, state, place, counts, low pressure, voiding and the analysis's segment. */
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListedEvent } from '../../api/burst';
import { STATUS_COLOR } from './eventStatus';

export function EventFacts({ event, voided }: { event: ListedEvent; voided: boolean }) {
  const { t } = useTranslation();
  const a = event.analysis;
  return (
    <Descriptions size="small" bordered column={3}>
      <Descriptions.Item label={t('burstEvent.name')}>{event.title}</Descriptions.Item>
      <Descriptions.Item label={t('burstEvent.eventStatus')}>
        <Tag color={STATUS_COLOR[event.eventStatus]} data-testid="event-status">
          {t(`burstEvent.status.${event.eventStatus}`)}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('burstEvent.occurTime')}>{event.occurTime}</Descriptions.Item>
      <Descriptions.Item label={t('burstEvent.address')}>{event.address}</Descriptions.Item>
      <Descriptions.Item label={t('burstEvent.pipeDno')}>{event.pipeDno}</Descriptions.Item>
      <Descriptions.Item label={t('burstEvent.dmaCode')}>{event.dmaCode}</Descriptions.Item>
      <Descriptions.Item label={t('burstEvent.valveCount')}>{event.valveCount}</Descriptions.Item>
      <Descriptions.Item label={t('burstEvent.affectedCustomers')}>{event.affectedCustomers}</Descriptions.Item>
      <Descriptions.Item label={t('burstEvent.criticalCount')}>{event.criticalCount}</Descriptions.Item>
      {event.lowPressure && (
        <Descriptions.Item label={t('burstEvent.lowPressure')} span={3}>
          <span data-testid="event-low-pressure">
            {t('burstEvent.lowPressureText', {
              min: event.lowPressure.minPressure,
              junctions: event.lowPressure.junctions,
              customers: event.lowPressure.customers,
              area: Math.round((event.lowPressure.areaM2 ?? 0) / 100) / 100,
            })}
          </span>
        </Descriptions.Item>
      )}
      {voided && (
        <>
          <Descriptions.Item label={t('burstEvent.voidReason')} span={2}>
            <span data-testid="event-void-reason">{event.voidReason}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('burstEvent.voidTime')}>{event.voidTime}</Descriptions.Item>
        </>
      )}
      {a && (
        <Descriptions.Item label={t('gis.segmentPipes')} span={3}>
          {a.segmentPipes.length} · {t('burstEvent.segmentLength', { m: a.segmentLength })} · {t('gis.isolatedPipes')}{' '}
          {a.isolatedPipes.length}
          {a.sourceInSegment && (
            <Typography.Text type="danger" style={{ marginLeft: 8 }}>
              {t('gis.sourceCut')}
            </Typography.Text>
          )}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
