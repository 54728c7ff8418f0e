/** The card of a business item clicked on the map, with a link to the screen it belongs to. */
import { Button, Card, Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OverlayItem, OverlayKey } from './mapApi';

/** the screen each layer's items live on (menu paths of the server seeds) */
export const SCREEN_OF: Record<OverlayKey, string> = {
  devices: '/device/base',
  alarms: '/alarm/info',
  bursts: '/gis/burst-event',
  dmas: '/dma/zone',
  staff: '/patrol/location',
};

const STATE_COLOUR: Record<string, string> = { online: 'green', offline: 'default', alarm: 'red', unlinked: 'blue' };

export function OverlayCard({
  layer,
  item,
  onClose,
  dark,
}: {
  layer: OverlayKey;
  item: OverlayItem;
  onClose(): void;
  dark: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const p = item.props;
  const rows: [string, ReactNode][] = [];
  switch (layer) {
    case 'devices':
      rows.push(
        [t('swpMap.card.code'), p.code],
        [t('swpMap.card.type'), String(t(`swpMap.deviceType.${p.type}`, { defaultValue: p.type }))],
        [
          t('swpMap.card.state'),
          <Tag key="s" color={STATE_COLOUR[item.state]}>
            {t(`swpMap.deviceState.${item.state}`)}
          </Tag>,
        ],
        [
          t('swpMap.card.feature'),
          p.featureId
            ? `${String(t(`gis.layer.${p.featureLayer}`, { defaultValue: p.featureLayer }))} ${p.featureId}`
            : '—',
        ],
        [t('swpMap.card.openAlarms'), p.openAlarms],
        [t('swpMap.card.address'), p.address ?? '—'],
      );
      break;
    case 'alarms':
      rows.push(
        [t('swpMap.card.level'), t(`swpMap.alarmLevel.${item.state}`, { defaultValue: item.state })],
        [t('swpMap.card.device'), p.deviceName ?? p.dmaName ?? '—'],
        [t('swpMap.card.value'), p.alarmValue == null ? '—' : `${p.alarmValue}${p.unit ? ` ${p.unit}` : ''}`],
        [
          t('swpMap.card.time'),
          String(p.alarmTime ?? '')
            .slice(0, 19)
            .replace('T', ' '),
        ],
      );
      break;
    case 'bursts':
      rows.push(
        [t('swpMap.card.code'), p.code],
        [t('swpMap.card.state'), t(`swpMap.burstStatus.${item.state}`, { defaultValue: item.state })],
        [t('swpMap.card.address'), p.address ?? '—'],
        [t('swpMap.card.valves'), p.valveCount],
        [t('swpMap.card.customers'), p.affectedCustomers],
      );
      break;
    case 'dmas':
      rows.push([t('swpMap.card.code'), p.code], [t('swpMap.card.connections'), p.connections]);
      break;
    case 'staff':
      rows.push(
        [t('swpMap.card.state'), t(`swpMap.deviceState.${item.state}`)],
        [t('swpMap.card.phone'), p.phone ?? '—'],
        [
          t('swpMap.card.time'),
          String(p.lastTime ?? '')
            .slice(0, 19)
            .replace('T', ' '),
        ],
      );
      break;
  }
  return (
    <Card
      size="small"
      data-testid="map-card"
      title={`${t(`swpMap.overlay.${layer}`)} · ${item.name}`}
      extra={
        <Button size="small" type="text" aria-label={t('swpMap.close')} onClick={onClose}>
          ×
        </Button>
      }
      style={{
        position: 'absolute',
        top: 8,
        left: 8,
        width: 300,
        zIndex: 11,
        boxShadow: dark ? undefined : '0 2px 8px rgba(0,0,0,0.15)',
      }}
    >
      {layer === 'devices' && p.type === 'video' && p.videoUrl && (
        <img
          src={p.videoUrl}
          alt={t('swpMap.card.picture')}
          data-testid="map-card-video"
          style={{ width: '100%', borderRadius: 4, marginBottom: 8 }}
        />
      )}
      <Descriptions size="small" column={1}>
        {rows.map(([label, v]) => (
          <Descriptions.Item key={label} label={label}>
            {v}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => navigate(SCREEN_OF[layer])}
        data-testid="map-card-link"
      >
        {t('swpMap.card.open')}
      </Button>
    </Card>
  );
}
