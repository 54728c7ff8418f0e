/** The card of a business item clicked on the map, with a link to the screen it belongs to. */
import { Button, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RowButton } from '../crud/RowButton';
import type { OverlayItem, OverlayKey } from './mapApi';
import { overlayRows } from './overlayRows';

/** the screen each layer's items live on (menu paths of the server seeds) */
export const SCREEN_OF: Record<OverlayKey, string> = {
  devices: '/device/base',
  alarms: '/alarm/info',
  bursts: '/gis/burst-event',
  dmas: '/dma/zone',
  staff: '/patrol/location',
};

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
  const rows = overlayRows(layer, item, t);
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
      <RowButton style={{ padding: 0 }} onClick={() => navigate(SCREEN_OF[layer])} data-testid="map-card-link">
        {t('swpMap.card.open')}
      </RowButton>
    </Card>
  );
}
