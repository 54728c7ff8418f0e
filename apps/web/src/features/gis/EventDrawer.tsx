/**
 * One burst event (爆管事件详情): its facts, the analysis drawn on the map, the valves to close in order with their
 * backups (关阀登记: a valve is recorded closed, or the record undone, and the event's state follows), the affected
 * and the critical users.
 */
import { Drawer, Space, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserOut } from '../../components/map/gisApi';
import { NetworkMap } from '../../components/map/NetworkMap';
import { EventFacts } from './EventFacts';
import { EventValves } from './EventValves';
import { useEventDetail } from './useEventDetail';

export { STATUS_COLOR } from './eventStatus';

export interface EventDrawerProps {
  eventId: string | null;
  /** the tab it opens on: the analysis or the valve record */
  tab?: 'valves' | 'users' | 'critical';
  /** 关阀登记 is allowed */
  canClose: boolean;
  onClose: () => void;
  /** the event's state changed (the list reloads) */
  onChanged?: () => void;
}

export function EventDrawer({ eventId, tab = 'valves', canClose, onClose, onChanged }: EventDrawerProps) {
  const { t } = useTranslation();
  const { event, valves, active, setActive, busyGid, ready, mark } = useEventDetail(eventId, tab, onChanged);
  const a = event?.analysis;
  // a voided event takes no more valve records
  const voided = Number(event?.eventStatus) === 3;
  const toClose = valves.filter((v) => v.role === 'close');

  const userColumns = [
    { title: t('gis.meterCode'), dataIndex: 'dno' },
    { title: t('gis.userName'), dataIndex: 'name' },
    { title: t('gis.customerCount'), dataIndex: 'customerCount', width: 80 },
    {
      title: t('gis.critical'),
      dataIndex: 'criticalType',
      render: (c: string | null) => (c ? <Tag color="red">{t(`gis.criticalType.${c}`, c)}</Tag> : ''),
    },
    { title: t('gis.cause'), dataIndex: 'cause', render: (c: string) => t(`gis.causes.${c}`) },
  ];

  return (
    <Drawer
      open={!!eventId}
      width={1080}
      title={event ? `${t('burstEvent.detail')} ${event.code}` : t('burstEvent.detail')}
      onClose={onClose}
      destroyOnHidden
      data-testid="event-drawer"
    >
      {event && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <EventFacts event={event} voided={voided} />
          <NetworkMap onReady={ready} center={[event.x, event.y]} zoom={8} style={{ height: 320 }} testId="event-map" />
          <Tabs
            activeKey={active}
            onChange={setActive}
            items={[
              {
                key: 'valves',
                label: `${t('burstEvent.valves')} (${toClose.length})`,
                children: (
                  <EventValves valves={valves} canClose={canClose} voided={voided} busyGid={busyGid} mark={mark} />
                ),
              },
              {
                key: 'users',
                label: `${t('gis.users')} (${a?.affectedUsers.length ?? 0})`,
                children: (
                  <Table<UserOut>
                    size="small"
                    rowKey="gid"
                    dataSource={a?.affectedUsers ?? []}
                    pagination={{ pageSize: 10 }}
                    columns={userColumns}
                  />
                ),
              },
              {
                key: 'critical',
                label: `${t('gis.criticalUsers')} (${a?.criticalUsers.length ?? 0})`,
                children: (
                  <Table<UserOut>
                    size="small"
                    rowKey="gid"
                    dataSource={a?.criticalUsers ?? []}
                    pagination={false}
                    locale={{ emptyText: t('burstEvent.noCritical') }}
                    columns={userColumns}
                  />
                ),
              },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
