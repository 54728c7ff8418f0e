/** The columns of the 站点监测 table: serial, station, type, latest values, state, 模拟数据 switch and history. */
import { Badge, Space, Switch, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { Station, StationState } from '../../api/monitor';
import { RowButton } from '../../components/crud/RowButton';
import { StationTypeLabel } from './stationType';

export const STATE_BADGE: Record<StationState, 'success' | 'warning' | 'error' | 'default' | 'processing'> = {
  NORMAL: 'success',
  ALERT: 'warning',
  DANGER: 'error',
  FAULT: 'processing',
  OFFLINE: 'default',
};

export function stationColumns(p: {
  t: TFunction;
  /** the number of the first row on the page, less one */
  offset: number;
  canSimulate: boolean;
  /** the station whose simulator is being switched */
  switching: string | null;
  onOpen(r: Station): void;
  onSimulated(r: Station, on: boolean): void;
}): TableColumnsType<Station> {
  const { t, offset, canSimulate, switching, onOpen, onSimulated } = p;
  return [
    {
      title: t('monitor.serial'),
      key: 'serial',
      width: 60,
      render: (_v, _r, i) => offset + i + 1,
    },
    { title: t('monitor.stcd'), dataIndex: 'stcd', width: 110 },
    {
      title: t('monitor.stnm'),
      dataIndex: 'stnm',
      render: (v: string, r) => (
        <Typography.Link onClick={() => onOpen(r)} data-testid={`station-${r.stcd}`}>
          {v}
        </Typography.Link>
      ),
    },
    {
      title: t('monitor.sttp'),
      dataIndex: 'sttp',
      width: 210,
      render: (v: string, r) => <StationTypeLabel t={t} code={v} name={r.sttpName} />,
    },
    { title: t('monitor.location'), dataIndex: 'location', width: 110 },
    {
      title: t('monitor.latest'),
      key: 'latest',
      render: (_v, r) => (
        <Space size={[4, 4]} wrap>
          {r.latest.map((l) => (
            <Tag key={l.field}>
              {t(`monitor.field.${l.field}`, { defaultValue: l.name })} {l.value}
              {l.unit ? ` ${l.unit}` : ''}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('monitor.latestTime'),
      dataIndex: 'latestTime',
      width: 170,
      render: (v: string | null) => v ?? '-',
    },
    {
      title: t('monitor.state'),
      dataIndex: 'state',
      width: 130,
      render: (v: StationState) => (
        <Badge status={STATE_BADGE[v]} text={t(`monitor.states.${v}`)} data-testid="station-state" />
      ),
    },
    {
      title: (
        <Tooltip title={t('monitor.simulatedTip')}>
          <span>{t('monitor.simulated')}</span>
        </Tooltip>
      ),
      key: 'simulated',
      width: 90,
      render: (_v, r) =>
        r.simulatable ? (
          <Switch
            size="small"
            checked={r.simulated}
            disabled={!canSimulate}
            loading={switching === r.id}
            onChange={(on) => onSimulated(r, on)}
            data-testid={`station-simulated-${r.stcd}`}
            aria-label={`${t('monitor.simulated')} ${r.stnm ?? r.stcd}`}
          />
        ) : (
          '-'
        ),
    },
    {
      title: t('monitor.action'),
      key: 'action',
      width: 100,
      render: (_v, r) => (
        <RowButton onClick={() => onOpen(r)} data-testid={`station-history-${r.stcd}`}>
          {t('monitor.history')}
        </RowButton>
      ),
    },
  ];
}
