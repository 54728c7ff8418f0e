/**
 * 人员定位: the pipe-network map with everyone's latest position (online: reported within 5 minutes, green;
 * offline: grey), moving live over the server's position stream (`position/stream`, server-sent events); when the
 * stream is not available the positions are polled every 10 s. On the left: the counts by department and state,
 * and the people list (state filter, name search); choosing a person centres the map on them and loads their
 * trace over a time range, played back with a time slider.
 */
import { AimOutlined, PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Badge,
  Button,
  Card,
  DatePicker,
  Empty,
  Input,
  List,
  Segmented,
  Select,
  Slider,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import Feature from 'ol/Feature';
import { LineString, Point } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LivePosition,
  locationApi,
  openPositionStream,
  type PresenceState,
  type StaffPosition,
  type Trace,
} from '../../../api/location';
import { NetworkMap } from '../../../components/map';
import { shortTime, useLoad, wireTime } from '../common';

export const POLL_MS = 10_000;
const COUNT_MS = 30_000;
const STATE_COLOR: Record<PresenceState, string> = { online: '#52c41a', offline: '#8c8c8c', never: '#d9d9d9' };

const personStyle = (state: PresenceState, name: string, selected: boolean, showName: boolean) =>
  new Style({
    image: new Circle({
      radius: selected ? 9 : 6,
      fill: new Fill({ color: STATE_COLOR[state] }),
      stroke: new Stroke({ color: selected ? '#1677ff' : '#fff', width: selected ? 3 : 2 }),
    }),
    text:
      showName || selected
        ? new Text({
            text: name,
            offsetY: -16,
            font: '12px sans-serif',
            fill: new Fill({ color: '#262626' }),
            stroke: new Stroke({ color: '#fff', width: 3 }),
          })
        : undefined,
    zIndex: selected ? 2 : state === 'online' ? 1 : 0,
  });
const traceStyle = new Style({ stroke: new Stroke({ color: '#1677ff', width: 3, lineDash: [6, 4] }) });
const headStyle = new Style({
  image: new Circle({
    radius: 8,
    fill: new Fill({ color: '#fa541c' }),
    stroke: new Stroke({ color: '#fff', width: 2 }),
  }),
  zIndex: 5,
});

/** Merges live positions into the people list: the position moves and the person is online. */
export function applyLive(people: StaffPosition[], live: LivePosition[]): StaffPosition[] {
  if (!live.length) return people;
  const by = new Map(live.map((p) => [p.userId, p]));
  return people.map((p) => {
    const l = by.get(p.userId);
    if (!l) return p;
    if (p.lastTime && dayjs(p.lastTime).valueOf() > l.ts) return p;
    return {
      ...p,
      x: l.x,
      y: l.y,
      lon: l.lon,
      lat: l.lat,
      lastTime: dayjs(l.ts).format('YYYY-MM-DD HH:mm:ss'),
      state: 'online',
      online: true,
    };
  });
}

/** The index of the trace point at or before an instant. */
export function pointAt(points: { ts: number }[], ts: number): number {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid].ts <= ts) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The default trace range: the day of the person's last position, up to now (today) or the day's end. */
export function traceRange(lastTime: string | null | undefined, now = dayjs()): [Dayjs, Dayjs] {
  const base = lastTime ? dayjs(lastTime) : now;
  return [base.startOf('day'), base.isSame(now, 'day') || base.isAfter(now) ? now : base.endOf('day')];
}

function TracePanel({
  person,
  onTrace,
  onHead,
}: {
  person: StaffPosition;
  onTrace: (t: Trace | null) => void;
  onHead: (p: { x: number; y: number } | null) => void;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => traceRange(person.lastTime));
  const [trace, setTrace] = useState<Trace | null>(null);
  const [loading, setLoading] = useState(false);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(60);

  // biome-ignore lint/correctness/useExhaustiveDependencies: onTrace is stable for the panel's life
  const load = useCallback(async () => {
    setLoading(true);
    setPlaying(false);
    try {
      const tr = await locationApi.trace({
        userId: person.userId,
        startTime: wireTime(range[0]),
        endTime: wireTime(range[1]),
      });
      setTrace(tr);
      setAt(tr.points[0]?.ts ?? 0);
      onTrace(tr);
    } catch {
      setTrace(null);
      onTrace(null);
    } finally {
      setLoading(false);
    }
  }, [person.userId, range]);

  useEffect(() => {
    void load();
  }, [load]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only
  useEffect(
    () => () => {
      onTrace(null);
      onHead(null);
    },
    [],
  );

  const points = trace?.points ?? [];
  const first = points[0]?.ts ?? 0;
  const last = points.at(-1)?.ts ?? 0;
  const idx = pointAt(points, at);
  const head = idx >= 0 ? points[idx] : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: head coordinates drive the marker
  useEffect(() => {
    onHead(head ? { x: head.x, y: head.y } : null);
  }, [head?.x, head?.y]);

  // playback: `speed` seconds of the trace per real second, 5 frames a second
  useEffect(() => {
    if (!playing || !points.length) return;
    const timer = setInterval(() => {
      setAt((v) => {
        const next = v + speed * 200;
        if (next >= last) {
          setPlaying(false);
          return last;
        }
        return next;
      });
    }, 200);
    return () => clearInterval(timer);
  }, [playing, speed, last, points.length]);

  return (
    <Card
      size="small"
      title={t('patrol.location.trace', { name: person.realName })}
      data-testid="trace-panel"
      style={{ marginTop: 12 }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          value={range}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          style={{ width: '100%' }}
        />
        <Space wrap>
          <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={() => void load()}>
            {t('patrol.location.loadTrace')}
          </Button>
          <Button
            size="small"
            type="primary"
            disabled={points.length < 2}
            icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            onClick={() => {
              if (!playing && at >= last) setAt(first);
              setPlaying((p) => !p);
            }}
            data-testid="trace-play"
          >
            {playing ? t('patrol.location.pause') : t('patrol.location.play')}
          </Button>
          <Select
            size="small"
            value={speed}
            onChange={setSpeed}
            style={{ width: 90 }}
            options={[30, 60, 300, 900].map((s) => ({ value: s, label: `×${s}` }))}
            aria-label={t('patrol.location.speed')}
          />
        </Space>
        {points.length ? (
          <>
            <Slider
              min={first}
              max={last}
              step={1000}
              value={at}
              onChange={(v) => {
                setPlaying(false);
                setAt(Number(v));
              }}
              tooltip={{ formatter: (v) => dayjs(Number(v)).format('HH:mm:ss') }}
              data-testid="trace-slider"
            />
            <Typography.Text type="secondary" data-testid="trace-info">
              {t('patrol.location.traceInfo', {
                // the playback clock, not the head point's time: a simplified trace can have
                // minutes between points, and the clock must visibly run while playing
                time: head ? dayjs(Math.max(at, first)).format('YYYY-MM-DD HH:mm:ss') : '',
                points: points.length,
                raw: trace?.raw ?? 0,
                km: ((trace?.distance ?? 0) / 1000).toFixed(2),
              })}
            </Typography.Text>
          </>
        ) : (
          !loading && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('patrol.location.noTrace')}
              data-testid="trace-empty"
            />
          )
        )}
      </Space>
    </Card>
  );
}

export default function LocationPage() {
  const { t } = useTranslation();
  const map = useRef<OlMap | null>(null);
  const peopleSource = useRef(new VectorSource());
  const traceSource = useRef(new VectorSource());
  const [people, setPeople] = useState<StaffPosition[]>([]);
  const [live, setLive] = useState<boolean | null>(null);
  const [selected, setSelected] = useState<StaffPosition | null>(null);
  const [deptId, setDeptId] = useState<string | undefined>();
  const [state, setState] = useState<'all' | PresenceState>('all');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [tick, setTick] = useState(0);
  const [showNames, setShowNames] = useState(true);

  const counts = useLoad(() => locationApi.monitorCount(), [tick]);
  const list = useLoad(
    () =>
      locationApi.monitor({
        current: page,
        size: 10,
        deptId,
        state: state === 'all' ? undefined : state,
        realName: name.trim() || undefined,
      }),
    [page, deptId, state, name, tick],
  );

  const loadPositions = useCallback(async () => {
    try {
      setPeople(await locationApi.realTime());
    } catch {
      // the HTTP client has shown the reason; the last positions stay
    }
  }, []);

  // first load, the live stream, and polling while there is no stream
  useEffect(() => {
    void loadPositions();
    const close = openPositionStream(
      (batch) => setPeople((p) => applyLive(p, batch)),
      (open) => setLive(open),
    );
    return close;
  }, [loadPositions]);
  useEffect(() => {
    if (live !== false) return;
    const timer = setInterval(() => void loadPositions(), POLL_MS);
    return () => clearInterval(timer);
  }, [live, loadPositions]);
  // counts and states age (online → offline) without reports: refresh them now and then
  useEffect(() => {
    const timer = setInterval(() => setTick((x) => x + 1), COUNT_MS);
    return () => clearInterval(timer);
  }, []);

  // the people layer follows the positions
  useEffect(() => {
    const src = peopleSource.current;
    const seen = new Set<string>();
    for (const p of people) {
      if (p.x === null || p.y === null) continue;
      if (deptId && p.deptId !== deptId) continue;
      seen.add(p.userId);
      let f = src.getFeatureById(p.userId) as Feature<Point> | null;
      if (!f) {
        f = new Feature(new Point([p.x, p.y]));
        f.setId(p.userId);
        src.addFeature(f);
      } else f.getGeometry()?.setCoordinates([p.x, p.y]);
      f.set('person', p);
      f.setStyle(personStyle(p.state, p.realName, p.userId === selected?.userId, showNames));
    }
    for (const f of src.getFeatures()) if (!seen.has(String(f.getId()))) src.removeFeature(f);
  }, [people, selected, deptId, showNames]);

  const ready = (m: OlMap) => {
    map.current = m;
    m.addLayer(new VectorLayer({ source: traceSource.current, zIndex: 30 }));
    m.addLayer(new VectorLayer({ source: peopleSource.current, zIndex: 31 }));
  };

  const onMapClick = (x: number, y: number, m: OlMap) => {
    const pixel = m.getPixelFromCoordinate([x, y]);
    const hit = m.forEachFeatureAtPixel(pixel, (f) => f.get('person') as StaffPosition | undefined, {
      hitTolerance: 6,
    });
    if (hit) choose(hit);
  };

  const choose = (p: StaffPosition) => {
    const current = people.find((x) => x.userId === p.userId) ?? p;
    setSelected(current);
    if (current.x !== null && current.y !== null)
      map.current?.getView().animate({ center: [current.x, current.y], zoom: 8, duration: 300 });
  };

  const onTrace = useCallback((tr: Trace | null) => {
    const src = traceSource.current;
    for (const f of src.getFeatures()) if (f.get('kind') === 'line') src.removeFeature(f);
    if (!tr || tr.points.length < 2) return;
    const line = new Feature(new LineString(tr.points.map((p) => [p.x, p.y])));
    line.set('kind', 'line');
    line.setStyle(traceStyle);
    src.addFeature(line);
    map.current
      ?.getView()
      .fit(line.getGeometry()!.getExtent(), { padding: [60, 60, 60, 60], maxZoom: 9, duration: 300 });
  }, []);
  const onHead = useCallback((p: { x: number; y: number } | null) => {
    const src = traceSource.current;
    let f = src.getFeatureById('head') as Feature<Point> | null;
    if (!p) {
      if (f) src.removeFeature(f);
      return;
    }
    if (!f) {
      f = new Feature(new Point([p.x, p.y]));
      f.setId('head');
      f.setStyle(headStyle);
      src.addFeature(f);
    } else f.getGeometry()?.setCoordinates([p.x, p.y]);
  }, []);

  const c = counts.data;
  const onMap = useMemo(
    () => people.filter((p) => p.x !== null && (!deptId || p.deptId === deptId)).length,
    [people, deptId],
  );

  return (
    <div data-testid="patrol-location" style={{ display: 'flex', gap: 12, padding: 12, alignItems: 'flex-start' }}>
      <div style={{ width: 360, flex: 'none' }}>
        <Card size="small" title={t('patrol.location.counts')} data-testid="location-counts">
          <Space size="large">
            <Statistic title={t('patrol.location.total')} value={c?.total ?? 0} />
            <Statistic
              title={t('patrol.location.state.online')}
              value={c?.online ?? 0}
              valueStyle={{ color: STATE_COLOR.online }}
            />
            <Statistic title={t('patrol.location.state.offline')} value={c?.offline ?? 0} />
            <Statistic title={t('patrol.location.state.never')} value={c?.never ?? 0} />
          </Space>
          <Table
            size="small"
            rowKey={(r) => String(r.deptId)}
            style={{ marginTop: 8 }}
            pagination={false}
            dataSource={c?.byDept ?? []}
            data-testid="dept-counts"
            rowClassName={(r) => (r.deptId === deptId ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({
              onClick: () => {
                setDeptId((d) => (d === r.deptId ? undefined : (r.deptId ?? undefined)));
                setPage(1);
              },
              style: { cursor: 'pointer' },
            })}
            columns={[
              { title: t('patrol.location.dept'), dataIndex: 'deptName', ellipsis: true },
              { title: t('patrol.location.total'), dataIndex: 'total', width: 52 },
              { title: t('patrol.location.state.online'), dataIndex: 'online', width: 52 },
              { title: t('patrol.location.state.offline'), dataIndex: 'offline', width: 52 },
            ]}
          />
        </Card>
        <Card size="small" title={t('patrol.location.people')} style={{ marginTop: 12 }} data-testid="location-people">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Segmented
              block
              size="small"
              value={state}
              onChange={(v) => {
                setState(v as typeof state);
                setPage(1);
              }}
              options={(['all', 'online', 'offline', 'never'] as const).map((s) => ({
                value: s,
                label: s === 'all' ? t('patrol.location.all') : t(`patrol.location.state.${s}`),
              }))}
            />
            <Input.Search
              allowClear
              size="small"
              placeholder={t('patrol.location.searchName')}
              onSearch={(v) => {
                setName(v);
                setPage(1);
              }}
            />
            <List
              size="small"
              loading={list.loading}
              dataSource={list.data?.records ?? []}
              pagination={{
                current: page,
                pageSize: 10,
                total: list.data?.total ?? 0,
                size: 'small',
                onChange: setPage,
                simple: true,
              }}
              renderItem={(p) => (
                <List.Item
                  style={{ cursor: 'pointer', background: p.userId === selected?.userId ? '#e6f4ff' : undefined }}
                  onClick={() => choose(p)}
                  data-testid="person-item"
                  actions={[<AimOutlined key="aim" />]}
                >
                  <List.Item.Meta
                    title={
                      <Space size={4}>
                        <Badge color={STATE_COLOR[p.state]} />
                        <span>{p.realName}</span>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {p.deptName}
                        </Typography.Text>
                      </Space>
                    }
                    description={
                      <span style={{ fontSize: 12 }}>
                        {p.lastTime
                          ? t('patrol.location.lastTime', { time: shortTime(p.lastTime) })
                          : t('patrol.location.state.never')}
                        {p.taskName ? ` · ${p.taskName}` : ''}
                      </span>
                    }
                  />
                </List.Item>
              )}
            />
          </Space>
        </Card>
        {selected && <TracePanel key={selected.userId} person={selected} onTrace={onTrace} onHead={onHead} />}
      </div>
      <Card
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        title={
          <Space>
            <span>{t('patrol.location.map')}</span>
            <Tag color={live ? 'green' : 'default'} data-testid="live-state">
              {live ? t('patrol.location.live') : t('patrol.location.polling')}
            </Tag>
            <Typography.Text type="secondary" data-testid="on-map">
              {t('patrol.location.onMap', { n: onMap })}
            </Typography.Text>
          </Space>
        }
        extra={
          <Space>
            <Button size="small" onClick={() => setShowNames((s) => !s)}>
              {showNames ? t('patrol.location.hideNames') : t('patrol.location.showNames')}
            </Button>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              onClick={() => {
                void loadPositions();
                setTick((x) => x + 1);
              }}
            >
              {t('patrol.common.refresh')}
            </Button>
          </Space>
        }
      >
        <NetworkMap
          onReady={ready}
          onClick={onMapClick}
          zoom={5}
          style={{ height: 'calc(100vh - 220px)', minHeight: 520 }}
          testId="location-map"
        />
      </Card>
    </div>
  );
}
