/** The columns of a burst event's valve table: role (close n / backup of), valve, closed and when, 关阀登记. */
import { type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { RowButton } from '../../components/crud/RowButton';
import type { EventValve } from '../../components/map/gisApi';

export function eventValveColumns(o: {
  t: TFunction;
  dnoOf: (gid: number | null) => string | number | null;
  canClose: boolean;
  voided: boolean;
  busyGid: number | null;
  mark: (v: EventValve, closed: boolean) => Promise<void>;
}): TableColumnsType<EventValve> {
  const { t, dnoOf, canClose, voided, busyGid, mark } = o;
  return [
    {
      title: t('burstEvent.role'),
      dataIndex: 'role',
      width: 110,
      render: (r: string, v) =>
        r === 'close' ? (
          <Tag color="gold">
            {t('burstEvent.roles.close')} {v.seq}
          </Tag>
        ) : (
          <Tag>
            {t('burstEvent.roles.backup')} · {t('burstEvent.forValve')} {dnoOf(v.forValveGid)}
          </Tag>
        ),
    },
    { title: t('gis.valveCode'), dataIndex: 'valveDno' },
    { title: t('gis.diameter'), dataIndex: 'diameter', width: 90 },
    {
      title: t('gis.distance'),
      dataIndex: 'distance',
      width: 90,
      render: (d: number) => `${Math.round(d)} m`,
    },
    {
      title: t('burstEvent.closed'),
      dataIndex: 'closed',
      width: 90,
      render: (c: number) =>
        c === 1 ? <Tag color="green">{t('burstEvent.closedYes')}</Tag> : <Tag>{t('burstEvent.closedNo')}</Tag>,
    },
    {
      title: t('burstEvent.closedTime'),
      dataIndex: 'closedTime',
      width: 220,
      // marks made by the crew through the shared page say so
      render: (time: string | null, v: EventValve) =>
        time ? `${time}${v.closedBy === 'link' ? ` ${t('burstEvent.closedByLink')}` : ''}` : '',
    },
    ...(canClose && !voided
      ? [
          {
            title: t('burstEvent.closeValve'),
            width: 110,
            render: (_: unknown, v: EventValve) =>
              v.closed === 1 ? (
                <RowButton loading={busyGid === v.valveGid} onClick={() => void mark(v, false)}>
                  {t('burstEvent.markOpen')}
                </RowButton>
              ) : (
                <RowButton
                  loading={busyGid === v.valveGid}
                  onClick={() => void mark(v, true)}
                  data-testid={`mark-${v.valveDno}`}
                >
                  {t('burstEvent.markClosed')}
                </RowButton>
              ),
          },
        ]
      : []),
  ];
}
