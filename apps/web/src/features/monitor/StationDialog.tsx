/**
 * The station detail dialog (spec 1 §2.13, §9): 1200 px wide, titled by the station, with tabs — 历史数据 (the
 * default, the history panel) and 基本信息 (codes, coordinates in EPSG:4548 and lon/lat, thresholds).
 */
import { Descriptions, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Station } from '../../api/monitor';
import { RowModal } from '../../components/RowModal';
import { HistoryPanel } from './HistoryPanel';
import { StationTypeLabel } from './stationType';

export const DIALOG_WIDTH = 1200;

export interface StationDialogProps {
  station: Station | null;
  onClose(): void;
}

export function StationDialog({ station, onClose }: StationDialogProps) {
  const { t } = useTranslation();
  return (
    <RowModal
      row={station}
      width={DIALOG_WIDTH}
      title={(s) => `${s.stnm}（${s.stcd}）`}
      onClose={onClose}
      maskClosable={false}
      data-testid="station-dialog"
    >
      {(station) => (
        <Tabs
          defaultActiveKey="history"
          items={[
            { key: 'history', label: t('monitor.history'), children: <HistoryPanel station={station} /> },
            {
              key: 'info',
              label: t('monitor.info'),
              children: (
                <Descriptions bordered size="small" column={2}>
                  <Descriptions.Item label={t('monitor.stcd')}>{station.stcd}</Descriptions.Item>
                  <Descriptions.Item label={t('monitor.stnm')}>{station.stnm}</Descriptions.Item>
                  <Descriptions.Item label={t('monitor.sttp')}>
                    <StationTypeLabel t={t} code={station.sttp} name={station.sttpName} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('monitor.location')}>{station.location}</Descriptions.Item>
                  <Descriptions.Item label={t('monitor.deviceCode')}>{station.deviceCode}</Descriptions.Item>
                  <Descriptions.Item label={t('monitor.deviceType')}>{station.deviceType}</Descriptions.Item>
                  <Descriptions.Item label={t('monitor.address')} span={2}>
                    {station.address}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('monitor.lgtd')}>{station.lgtd}</Descriptions.Item>
                  <Descriptions.Item label={t('monitor.lttd')}>{station.lttd}</Descriptions.Item>
                  <Descriptions.Item label={t('monitor.x')}>{station.x?.toFixed(3)}</Descriptions.Item>
                  <Descriptions.Item label={t('monitor.y')}>{station.y?.toFixed(3)}</Descriptions.Item>
                  {station.lowWl !== null && (
                    <Descriptions.Item label={t('monitor.lowWl')}>{station.lowWl}</Descriptions.Item>
                  )}
                  {station.alertWl !== null && (
                    <Descriptions.Item label={t('monitor.alertWl')}>{station.alertWl}</Descriptions.Item>
                  )}
                </Descriptions>
              ),
            },
          ]}
        />
      )}
    </RowModal>
  );
}
