/**
 * One burst event (爆管事件详情): its facts, the analysis drawn on the map, the valves to close in order with their
 * backups (关阀登记: a valve is recorded closed, or the record undone, and the event's state follows), the affected
 * and the critical users.
 */
import { App, Button, Descriptions, Drawer, Progress, Space, Table, Tabs, Tag, Typography } from 'antd';
import type OlMap from 'ol/Map';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListedEvent } from '../../api/burst';
import { type BurstEvent, dispatchApi, type EventValve, type UserOut } from '../../components/map/gisApi';
import { NetworkMap } from '../../components/map/NetworkMap';
import { analysisLayer } from './analysisLayer';

export const STATUS_COLOR: Record<number, string> = { 0: 'red', 1: 'orange', 2: 'green', 3: 'default' };

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
  const { message } = App.useApp();
  const [event, setEvent] = useState<ListedEvent | null>(null);
  const [valves, setValves] = useState<EventValve[]>([]);
  const [active, setActive] = useState<string>(tab);
  const [busyGid, setBusyGid] = useState<number | null>(null);
  const mapRef = useRef<OlMap | null>(null);
  const drawn = useRef(analysisLayer());

  const load = useCallback(async (id: string) => {
    const [ev, vs] = await Promise.all([dispatchApi.detail(id), dispatchApi.valves(id)]);
    setEvent(ev as ListedEvent | null);
    setValves(vs);
    return { ev, vs };
  }, []);

  const redraw = useCallback((ev: BurstEvent | ListedEvent | null, vs: EventValve[]) => {
    if (!ev?.analysis || !mapRef.current) return;
    const closed = new Set(vs.filter((v) => v.role === 'close' && v.closed === 1).map((v) => v.valveGid));
    void drawn.current.draw(ev.analysis, mapRef.current, closed);
  }, []);

  useEffect(() => {
    setActive(tab);
    if (!eventId) {
      setEvent(null);
      setValves([]);
      return;
    }
    void load(eventId).then(({ ev, vs }) => redraw(ev, vs));
  }, [eventId, tab, load, redraw]);

  const ready = (map: OlMap) => {
    mapRef.current = map;
    map.addLayer(drawn.current.layer);
    redraw(event, valves);
  };

  const mark = async (v: EventValve, closed: boolean) => {
    if (!eventId) return;
    setBusyGid(v.valveGid);
    try {
      await dispatchApi.closeValve(eventId, v.valveGid, closed);
      message.success(t(closed ? 'burstEvent.marked' : 'burstEvent.unmarked', { dno: v.valveDno }));
      const { ev, vs } = await load(eventId);
      redraw(ev, vs);
      onChanged?.();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusyGid(null);
    }
  };

  const a = event?.analysis;
  // a voided event takes no more valve records
  const voided = Number(event?.eventStatus) === 3;
  const toClose = valves.filter((v) => v.role === 'close');
  const done = toClose.filter((v) => v.closed === 1).length;
  const dnoOf = (gid: number | null) => valves.find((v) => v.valveGid === gid && v.role === 'close')?.valveDno ?? gid;

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
                {a.segmentPipes.length} · {t('burstEvent.segmentLength', { m: a.segmentLength })} ·{' '}
                {t('gis.isolatedPipes')} {a.isolatedPipes.length}
                {a.sourceInSegment && (
                  <Typography.Text type="danger" style={{ marginLeft: 8 }}>
                    {t('gis.sourceCut')}
                  </Typography.Text>
                )}
              </Descriptions.Item>
            )}
          </Descriptions>
          <NetworkMap onReady={ready} center={[event.x, event.y]} zoom={8} style={{ height: 320 }} testId="event-map" />
          <Tabs
            activeKey={active}
            onChange={setActive}
            items={[
              {
                key: 'valves',
                label: `${t('burstEvent.valves')} (${toClose.length})`,
                children: (
                  <>
                    <Space style={{ marginBottom: 8 }}>
                      <Progress
                        type="line"
                        style={{ width: 240 }}
                        percent={toClose.length ? Math.round((done / toClose.length) * 100) : 0}
                        format={() => t('burstEvent.progress', { done, total: toClose.length })}
                      />
                    </Space>
                    <Table<EventValve>
                      size="small"
                      rowKey={(v) => `${v.role}.${v.forValveGid ?? ''}.${v.valveGid}`}
                      dataSource={valves}
                      pagination={false}
                      data-testid="event-valves"
                      columns={[
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
                            c === 1 ? (
                              <Tag color="green">{t('burstEvent.closedYes')}</Tag>
                            ) : (
                              <Tag>{t('burstEvent.closedNo')}</Tag>
                            ),
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
                                    <Button
                                      size="small"
                                      type="link"
                                      loading={busyGid === v.valveGid}
                                      onClick={() => void mark(v, false)}
                                    >
                                      {t('burstEvent.markOpen')}
                                    </Button>
                                  ) : (
                                    <Button
                                      size="small"
                                      type="link"
                                      loading={busyGid === v.valveGid}
                                      onClick={() => void mark(v, true)}
                                      data-testid={`mark-${v.valveDno}`}
                                    >
                                      {t('burstEvent.markClosed')}
                                    </Button>
                                  ),
                              },
                            ]
                          : []),
                      ]}
                    />
                  </>
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
