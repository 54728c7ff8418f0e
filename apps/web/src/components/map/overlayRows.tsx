/** The lines of a business item's map card per layer (label, value). */
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { OverlayItem, OverlayKey } from './mapApi';

const STATE_COLOUR: Record<string, string> = { online: 'green', offline: 'default', alarm: 'red', unlinked: 'blue' };

/** an ISO time as `YYYY-MM-DD HH:mm:ss` */
const time = (v: unknown) =>
  String(v ?? '')
    .slice(0, 19)
    .replace('T', ' ');

export function overlayRows(layer: OverlayKey, item: OverlayItem, t: TFunction): [string, ReactNode][] {
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
        [t('swpMap.card.time'), time(p.alarmTime)],
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
        [t('swpMap.card.time'), time(p.lastTime)],
      );
      break;
  }
  return rows;
}
