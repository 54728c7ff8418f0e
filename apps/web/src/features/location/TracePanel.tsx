/**
 * A person's trace over a time range, played back with a time slider (the head marker follows the playback clock).
 */
import { PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Empty, Select, Slider, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { locationApi, type StaffPosition, type Trace } from '../../api/location';
import { wireTime } from '../../lib/wireTime';
import { pointAt, traceRange } from './positions';

/** The trace of a person over a range and its playback: `speed` seconds of trace per real second. */
function useTracePlayback(
  person: StaffPosition,
  onTrace: (t: Trace | null) => void,
  onHead: (p: { x: number; y: number } | null) => void,
) {
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

  return {
    range,
    setRange,
    trace,
    loading,
    load,
    at,
    setAt,
    playing,
    setPlaying,
    speed,
    setSpeed,
    points,
    first,
    last,
    head,
  };
}

type Playback = ReturnType<typeof useTracePlayback>;

/** The time slider with the trace's figures, or a note that the range holds no trace. */
function TraceTimeline({ playback }: { playback: Playback }) {
  const { trace, loading, at, setAt, setPlaying, first, last, head } = playback;
  const { t } = useTranslation();
  const points = trace?.points ?? [];
  return points.length ? (
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
  ) : loading ? null : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('patrol.location.noTrace')} data-testid="trace-empty" />
  );
}

export function TracePanel({
  person,
  onTrace,
  onHead,
}: {
  person: StaffPosition;
  onTrace: (t: Trace | null) => void;
  onHead: (p: { x: number; y: number } | null) => void;
}) {
  const { t } = useTranslation();
  const playback = useTracePlayback(person, onTrace, onHead);
  const { range, setRange, loading, load, at, setAt, playing, setPlaying, speed, setSpeed, points, first, last } =
    playback;
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
        <TraceTimeline playback={playback} />
      </Space>
    </Card>
  );
}
