/**
 * One valve of the crew's list: its number in the closing order (a backup indented under its valve), whether it is
 * closed, where it is (road, nearest address, a `geo:` link for the phone's navigation) and the button that marks it.
 */
import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, List, Popconfirm, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RowButton } from '../../components/crud/RowButton';
import { geoUri, latLonText } from './geo';
import type { CrewListValve } from './useShutValue';

export interface ValveItemProps {
  valve: CrewListValve;
  /** a voided event takes no marks */
  voided: boolean;
  /** the valve being marked, whose button spins */
  busy: number | null;
  selected: number | undefined;
  onSelect: (valveGid: number) => void;
  /** returns the call, so the reopen confirmation waits for it */
  onMark: (valve: CrewListValve, closed: boolean) => Promise<void>;
}

export function ValveItem({ valve: v, voided, busy, selected, onSelect, onMark }: ValveItemProps) {
  const { t } = useTranslation();
  return (
    <List.Item
      data-testid={`valve-${v.valveDno}`}
      style={{
        background: v.valveGid === selected ? '#e6f4ff' : undefined,
        paddingLeft: v.role === 'backup' ? 40 : undefined,
      }}
      actions={[markAction(t, v, voided, busy, onMark)]}
    >
      <List.Item.Meta title={<ValveTitle valve={v} onSelect={onSelect} />} description={<ValveDetails valve={v} />} />
    </List.Item>
  );
}

/** Closing an open valve is one tap; reopening a closed one asks first. None on a voided event. */
function markAction(
  t: TFunction,
  v: CrewListValve,
  voided: boolean,
  busy: number | null,
  onMark: ValveItemProps['onMark'],
) {
  if (voided) return null;
  return v.closed ? (
    <Popconfirm key="reopen" title={t('shutValue.reopenConfirm')} onConfirm={() => onMark(v, false)}>
      <Button size="small" loading={busy === v.valveGid}>
        {t('shutValue.reopen')}
      </Button>
    </Popconfirm>
  ) : (
    <Button
      key="close"
      size="small"
      type={v.role === 'close' ? 'primary' : 'default'}
      loading={busy === v.valveGid}
      onClick={() => onMark(v, true)}
    >
      {t('shutValue.markClosed')}
    </Button>
  );
}

/** The valve's number (which also picks it on the map), its code and whether it is closed. */
function ValveTitle({ valve: v, onSelect }: { valve: CrewListValve; onSelect: (valveGid: number) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <RowButton
        style={{ padding: 0 }}
        aria-label={`${t('shutValue.locate')} ${v.valveDno}`}
        onClick={() => onSelect(v.valveGid)}
      >
        {v.role === 'backup' ? t('shutValue.backupFor', { n: v.forN }) : t('shutValue.valveNo', { n: v.n })}
      </RowButton>
      <span>{v.valveDno}</span>
      <Tag color={v.closed ? 'default' : 'gold'}>{v.closed ? t('shutValue.closed') : t('shutValue.open')}</Tag>
    </Space>
  );
}

/** Where the valve is and how to get there, its size and distance, and when it was closed. */
function ValveDetails({ valve: v }: { valve: CrewListValve }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={2}>
      {v.road ? (
        <span data-testid={`road-${v.valveDno}`}>
          <Typography.Text strong>{v.road}</Typography.Text>
          {v.address ? ` · ${v.address}` : null}
        </span>
      ) : null}
      {v.lat !== undefined && v.lon !== undefined ? (
        <a
          href={geoUri(v.lat, v.lon, v.valveDno)}
          data-testid={`nav-${v.valveDno}`}
          aria-label={`${t('shutValue.navigate')} ${v.valveDno}`}
        >
          <EnvironmentOutlined /> {t('shutValue.navigate')} · {latLonText(v.lat, v.lon)}
        </a>
      ) : null}
      <Space wrap size={12}>
        {v.diameter ? <span>{t('shutValue.diameter', { d: v.diameter })}</span> : null}
        <span>{t('shutValue.distance', { m: Math.round(v.distance) })}</span>
        {v.closed && v.closedTime ? (
          <span>{t('shutValue.closedAt', { time: String(v.closedTime).replace('T', ' ').slice(0, 16) })}</span>
        ) : null}
      </Space>
    </Space>
  );
}
