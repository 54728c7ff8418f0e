/**
 * One alarm (报警详情): what raised it, its history (raise, repeats, close), and its evidence: for a device alarm the
 * readings of the monitoring point's field six hours either side with the limit and the alarm time marked; for a
 * burst alarm the DMA's minimum night flows against their baseline and the hourly flow and pressure around it
 * (`one-tube-explosion`).
 */
import { Alert, Button, Card, Descriptions, Drawer, Empty, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AlarmDetail, alarmApi, type BurstEvidence } from '../../api/alarm';
import { HistoryChart } from '../../components/charts/HistoryChart';
import type { HistoryData } from '../../lib/monitorHistory';
import { limitText } from './limitRule';

export const LEVEL_COLOR: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'red' };
const FMT = 'YYYY-MM-DD HH:mm:ss';

/** The window of readings shown around an alarm: six hours before it to six hours after its last occurrence. */
export function readingWindow(alarmTime: string, lastTime: string, now = dayjs()) {
  const start = dayjs(alarmTime).subtract(6, 'hour');
  let end = dayjs(lastTime).add(6, 'hour');
  if (end.isAfter(now)) end = now;
  return { startTime: start.format(FMT), endTime: end.format(FMT) };
}

/** A line of the readings with the limit (horizontal) and the alarm time (vertical) marked. */
export function readingsOption(data: HistoryData, alarm: AlarmDetail): EChartsCoreOption | null {
  const s = data.series.find((x) => x.field === alarm.field) ?? data.series[0];
  const points = s ? (data.statistics[s.key] ?? []) : [];
  if (!s || !points.length) return null;
  const marks: Record<string, unknown>[] = [{ xAxis: alarm.alarmTime, lineStyle: { color: '#cf1322' } }];
  if (alarm.limitValue !== null) marks.push({ yAxis: alarm.limitValue, lineStyle: { color: '#f5222d' } });
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 24, top: 24, bottom: 40 },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: s.unit, scale: true },
    series: [
      {
        name: `${s.name}${s.unit ? `(${s.unit})` : ''}`,
        type: 'line',
        showSymbol: points.length < 100,
        data: points.map((p) => [p.time, p.value]),
        markLine: { symbol: 'none', silent: true, data: marks },
      },
    ],
  };
}

function burstOption(ev: BurstEvidence, t: (k: string) => string): EChartsCoreOption | null {
  if (!ev.hours.length) return null;
  return {
    tooltip: { trigger: 'axis' },
    legend: {},
    grid: { left: 56, right: 56, top: 36, bottom: 40 },
    xAxis: { type: 'time' },
    yAxis: [
      { type: 'value', name: `${t('alarm.flow')}(m³/h)`, scale: true },
      { type: 'value', name: `${t('alarm.pressure')}(MPa)`, scale: true },
    ],
    series: [
      {
        name: t('alarm.flow'),
        type: 'line',
        data: ev.hours.map((h) => [h.time, h.flow]),
        markLine: { symbol: 'none', silent: true, data: [{ xAxis: ev.alarmTime }] },
      },
      {
        name: t('alarm.pressure'),
        type: 'line',
        yAxisIndex: 1,
        data: ev.hours.filter((h) => h.pressure !== null).map((h) => [h.time, h.pressure]),
      },
    ],
  };
}

export interface AlarmDrawerProps {
  alarmId: string | null;
  canClose: boolean;
  onClose: () => void;
  /** asks the page to close this alarm (the reason dialog) */
  onCloseAlarm: (a: AlarmDetail) => void;
  /** bumps when the alarm changed, to read it again */
  version?: number;
}

export function AlarmDrawer({ alarmId, canClose, onClose, onCloseAlarm, version = 0 }: AlarmDrawerProps) {
  const { t } = useTranslation();
  const [alarm, setAlarm] = useState<AlarmDetail | null>(null);
  const [burst, setBurst] = useState<BurstEvidence | null>(null);
  const [readings, setReadings] = useState<HistoryData | null | 'denied'>(null);
  const [loading, setLoading] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a fresh read
  useEffect(() => {
    setAlarm(null);
    setBurst(null);
    setReadings(null);
    if (!alarmId) return;
    let live = true;
    setLoading(true);
    void (async () => {
      try {
        const a = await alarmApi.detail(alarmId);
        if (!live) return;
        setAlarm(a);
        if (a?.alarmType === 'burst') {
          const ev = await alarmApi.oneTubeExplosion(a.id);
          if (live) setBurst(ev);
        } else if (a?.stationId && a.field) {
          try {
            const r = await alarmApi.readings({
              stationId: a.stationId,
              field: a.field,
              ...readingWindow(a.alarmTime, a.lastTime),
            });
            if (live) setReadings(r);
          } catch {
            if (live) setReadings('denied');
          }
        }
      } catch {
        // shown by the HTTP client
      } finally {
        if (live) setLoading(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [alarmId, version]);

  const readingChart = useMemo(
    () => (alarm && readings && readings !== 'denied' ? readingsOption(readings, alarm) : null),
    [alarm, readings],
  );
  const burstChart = useMemo(() => (burst ? burstOption(burst, t) : null), [burst, t]);
  const a = alarm;

  return (
    <Drawer
      open={!!alarmId}
      width={960}
      title={t('alarm.detail')}
      onClose={onClose}
      destroyOnHidden
      data-testid="alarm-drawer"
      extra={
        a &&
        canClose &&
        a.alarmStatus === 0 && (
          <Button danger onClick={() => onCloseAlarm(a)} data-testid="alarm-drawer-close">
            {t('alarm.close')}
          </Button>
        )
      }
    >
      <Spin spinning={loading}>
        {a && (
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <Descriptions size="small" bordered column={2}>
              <Descriptions.Item label={t('alarm.alarmTitle')} span={2}>
                {a.title}
              </Descriptions.Item>
              <Descriptions.Item label={t('alarm.alarmType')}>{t(`alarm.types.${a.alarmType}`)}</Descriptions.Item>
              <Descriptions.Item label={t('alarm.alarmLevel')}>
                <Tag color={LEVEL_COLOR[a.alarmLevel]}>{t(`alarm.levels.${a.alarmLevel}`)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('alarm.alarmStatus')}>
                <Tag color={a.alarmStatus === 0 ? 'red' : 'green'} data-testid="alarm-drawer-status">
                  {t(`alarm.statuses.${a.alarmStatus}`)}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('alarm.occurrences')}>{a.occurrences}</Descriptions.Item>
              <Descriptions.Item label={t('alarm.alarmTime')}>{a.alarmTime}</Descriptions.Item>
              <Descriptions.Item label={t('alarm.lastTime')}>{a.lastTime}</Descriptions.Item>
              {a.deviceCode && (
                <Descriptions.Item label={t('alarm.device')}>
                  {a.deviceName}（{a.deviceCode}）
                  {a.deviceType ? ` · ${t(`alarm.deviceTypes.${a.deviceType}`, a.deviceType)}` : ''}
                </Descriptions.Item>
              )}
              {a.stcd && <Descriptions.Item label={t('alarm.station')}>{a.stcd}</Descriptions.Item>}
              {a.dmaName && <Descriptions.Item label={t('alarm.dma')}>{a.dmaName}</Descriptions.Item>}
              {a.alarmValue !== null && (
                <Descriptions.Item label={t('alarm.value')}>
                  {a.alarmValue} {a.unit}
                  {a.limitValue !== null && (
                    <Typography.Text type="secondary" data-testid="alarm-limit">
                      {' '}
                      · {limitText(t, a)}
                    </Typography.Text>
                  )}
                </Descriptions.Item>
              )}
              {a.address && <Descriptions.Item label={t('alarm.address')}>{a.address}</Descriptions.Item>}
              <Descriptions.Item label={t('alarm.content')} span={2}>
                {a.content}
              </Descriptions.Item>
              {a.alarmStatus === 1 && (
                <>
                  <Descriptions.Item label={t('alarm.closeUser')}>{a.closeUserName}</Descriptions.Item>
                  <Descriptions.Item label={t('alarm.closeTime')}>{a.closeTime}</Descriptions.Item>
                  <Descriptions.Item label={t('alarm.closeReason')} span={2}>
                    <span data-testid="alarm-drawer-reason">{a.closeReason}</span>
                  </Descriptions.Item>
                </>
              )}
            </Descriptions>

            <Card size="small" title={t('alarm.evidence')} data-testid="alarm-evidence">
              {a.alarmType === 'burst' ? (
                burst ? (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Typography.Text strong>{t('alarm.hours')}</Typography.Text>
                    {burstChart ? <HistoryChart option={burstChart} height={260} /> : <Empty />}
                    <Typography.Text strong>{t('alarm.nights')}</Typography.Text>
                    <Table
                      size="small"
                      rowKey="date"
                      pagination={false}
                      dataSource={burst.nights}
                      data-testid="alarm-nights"
                      columns={[
                        { title: t('alarm.date'), dataIndex: 'date' },
                        { title: `${t('alarm.mnf')}(m³/h)`, dataIndex: 'mnf' },
                        { title: `${t('alarm.baseline')}(m³/h)`, dataIndex: 'baseline', render: (v) => v ?? '—' },
                        {
                          title: t('alarm.burstNight'),
                          dataIndex: 'burst',
                          render: (b: boolean) => (b ? <Tag color="red">{t('alarm.yes')}</Tag> : t('alarm.no')),
                        },
                      ]}
                    />
                  </Space>
                ) : (
                  !loading && <Empty />
                )
              ) : !a.stationId || !a.field ? (
                <Empty description={t('alarm.noStation')} />
              ) : readings === 'denied' ? (
                <Alert type="info" message={t('alarm.evidenceDenied')} />
              ) : (
                <>
                  <Typography.Text type="secondary">{t('alarm.readingsHint')}</Typography.Text>
                  {readingChart ? (
                    <div data-testid="alarm-readings">
                      <HistoryChart option={readingChart} height={280} />
                    </div>
                  ) : (
                    readings && <Empty description={t('alarm.noReadings')} />
                  )}
                </>
              )}
            </Card>

            <Card size="small" title={t('alarm.history')}>
              <Timeline
                data-testid="alarm-history"
                items={a.history.map((h) => ({
                  color: h.action === 'close' ? 'green' : h.action === 'raise' ? 'red' : 'orange',
                  children: (
                    <span>
                      {h.actionTime} · {t(`alarm.actions.${h.action}`, h.actionName)} · {h.operatorName}
                      {h.value !== null ? ` · ${h.value}${a.unit ? ` ${a.unit}` : ''}` : ''}
                      {h.remark ? <Typography.Paragraph type="secondary">{h.remark}</Typography.Paragraph> : null}
                    </span>
                  ),
                }))}
              />
            </Card>
          </Space>
        )}
      </Spin>
    </Drawer>
  );
}
