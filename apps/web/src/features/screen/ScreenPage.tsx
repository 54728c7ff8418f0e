/**
 * `/screen/:code` (outside the shell): a big screen for a wall display, drawn from the screen's saved arrangement
 * (Widgets.tsx). With `?token=` it reads through the share link (no sign-in); without, as the signed-in user.
 * Live: signed in, the live channel's new-points event; by a share link, the link's own event stream
 * (`/swp-screen/live/{code}?token=`, server-sent events). Each event carries the new latest values, which are
 * applied to the diagram at once (lib/liveReadings.ts) without a round trip; the whole screen (supply, compliance,
 * KPIs) is re-read at most every REREAD_MS after readings, at once after an event without values (a bulk load),
 * and when the stream is closed (link revoked or expired) the re-read shows why. A slow re-read every minute
 * catches what no reading announces (an alarm closed, an order acknowledged).
 */
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { HttpError } from '../../api/http';
import { LIVE_POINTS } from '../../api/monitor';
import { SCREEN_CODES, type ScreenCode, type ScreenData, screenApi } from '../../api/screen';
import { applyReadings, type LiveReading, readingsOf } from '../../lib/liveReadings';
import { queryClient } from '../../lib/queryClient';
import { useLiveData } from '../../lib/useLiveEvent';
import { ScaledStage } from './ScaledStage';
import { LayoutScreen, ScreenSource } from './Widgets';

/** Follows a share link's event stream: `onPoints` with each event's data, `onClosed` when the stream closes. */
function useShareStream(code: string, token: string | null, onPoints: (data: unknown) => void, onClosed: () => void) {
  useEffect(() => {
    if (!token || !(SCREEN_CODES as string[]).includes(code)) return;
    const es = new EventSource(screenApi.liveUrl(code as ScreenCode, token));
    es.addEventListener('points', (e) => {
      let data: unknown;
      try {
        data = JSON.parse((e as MessageEvent<string>).data);
      } catch {
        data = undefined;
      }
      onPoints(data);
    });
    es.addEventListener('closed', () => {
      es.close();
      onClosed();
    });
    return () => es.close();
  }, [code, token, onPoints, onClosed]);
}

export const REFRESH_MS = 60_000;
/** after readings, the whole screen is re-read at most this often (the diagram takes the values from the event) */
export const REREAD_MS = 15_000;

/**
 * A re-read of the whole screen at most once per `everyMs` (the last request always followed); `now` re-reads at
 * the next 500 ms slot.
 */
function useThrottledReread(reread: () => void) {
  const state = useRef<{ last: number; timer?: ReturnType<typeof setTimeout>; due: number }>({ last: 0, due: 0 });
  useEffect(() => () => clearTimeout(state.current.timer), []);
  return useCallback(
    (everyMs: number) => {
      const s = state.current;
      const due = Math.max(Date.now(), s.last + everyMs);
      if (s.timer && s.due <= due) return;
      clearTimeout(s.timer);
      s.due = due;
      s.timer = setTimeout(() => {
        s.timer = undefined;
        s.last = Date.now();
        reread();
      }, due - Date.now());
    },
    [reread],
  );
}

/** The screen's data with a live event's readings applied to its diagram widgets. */
function withReadings(d: ScreenData | undefined, readings: LiveReading[]): ScreenData | undefined {
  if (!d) return d;
  let changed = false;
  const widgets = d.widgets.map((w) => {
    if (w.widget !== 'diagram') return w;
    const data = applyReadings(w.data, readings);
    if (data === w.data) return w;
    changed = true;
    return { ...w, data };
  });
  return changed ? { ...d, widgets } : d;
}

function Clock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const id = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(id);
  }, []);
  return <span data-testid="screen-clock">{now.format('YYYY-MM-DD HH:mm:ss')}</span>;
}

function Screen() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const known = (SCREEN_CODES as string[]).includes(code);
  const q = useQuery({
    queryKey: ['screen', code, token],
    queryFn: () => screenApi.data(code as ScreenCode, token),
    enabled: known,
    refetchInterval: (query) => (query.state.error ? false : REFRESH_MS),
    retry: false,
  });
  const { refetch } = q;
  const client = useQueryClient();
  const reread = useCallback(() => void refetch(), [refetch]);
  const schedule = useThrottledReread(reread);
  const onPoints = useCallback(
    (data: unknown) => {
      const readings = readingsOf(data);
      if (!readings) return schedule(500);
      client.setQueryData<ScreenData>(['screen', code, token], (d) => withReadings(d, readings));
      schedule(REREAD_MS);
    },
    [client, code, token, schedule],
  );
  useLiveData(LIVE_POINTS, onPoints);
  useShareStream(code, token, onPoints, reread);
  const error = !known ? t('screen.unknown') : q.error ? (q.error as HttpError).message || t('screen.failed') : null;

  return (
    <ScaledStage>
      <header
        style={{
          height: 90,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '0 40px',
          background: 'linear-gradient(180deg, rgba(22,119,255,0.35), transparent)',
        }}
      >
        <span style={{ fontSize: 22, color: '#8fa8cc' }}>
          <Clock />
        </span>
        <h1 style={{ margin: 0, fontSize: 40, letterSpacing: 6, color: '#e6f4ff' }} data-testid="screen-title">
          {known ? t(`screen.titles.${code}`) : t('screen.title')}
        </h1>
        <span style={{ fontSize: 18, color: '#8fa8cc' }}>
          {q.data && t('screen.updatedAt', { time: dayjs(q.data.time).format('HH:mm:ss') })}
        </span>
      </header>
      {error ? (
        <div
          data-testid="screen-error"
          style={{ position: 'absolute', top: 440, width: '100%', textAlign: 'center', fontSize: 40, color: '#ff7875' }}
        >
          {error}
        </div>
      ) : !q.data ? (
        <div style={{ position: 'absolute', top: 500, width: '100%', textAlign: 'center' }}>
          <Spin size="large" />
        </div>
      ) : (
        <ScreenSource.Provider value={{ code: code as ScreenCode, token }}>
          <LayoutScreen widgets={q.data.widgets} />
        </ScreenSource.Provider>
      )}
    </ScaledStage>
  );
}

/** Outside the shell there is no query provider yet: the screen brings the app's shared cache. */
export default function ScreenPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Screen />
    </QueryClientProvider>
  );
}
