/**
 * `/screen/:code` (outside the shell): a big screen for a wall display, drawn from the screen's saved arrangement
 * (Widgets.tsx). With `?token=` it reads through the share link (no sign-in); without, as the signed-in user.
 * Live: signed in, the live channel's new-points event; by a share link, the link's own event stream
 * (`/swp-screen/live/{code}?token=`, server-sent events) — each event re-reads the screen, and when the stream is
 * closed (link revoked or expired) the re-read shows why. A slow re-read every minute catches what no reading
 * announces (an alarm closed, an order acknowledged).
 */
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { HttpError } from '../../api/http';
import { LIVE_POINTS } from '../../api/monitor';
import { SCREEN_CODES, type ScreenCode, screenApi } from '../../api/screen';
import { queryClient } from '../../app/queryClient';
import { useLiveEvent } from '../../shell/bell/useLiveEvent';
import { ScaledStage } from './ScaledStage';
import { LayoutScreen } from './Widgets';

/** Follows a share link's event stream; `onChange` on new readings and once more when the stream closes. */
function useShareStream(code: string, token: string | null, onChange: () => void) {
  useEffect(() => {
    if (!token || !(SCREEN_CODES as string[]).includes(code)) return;
    const es = new EventSource(screenApi.liveUrl(code as ScreenCode, token));
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // at most one re-read per 500 ms, the last event always followed
    const changed = () => {
      const wait = last + 500 - Date.now();
      clearTimeout(timer);
      if (wait <= 0) {
        last = Date.now();
        onChange();
      } else timer = setTimeout(changed, wait);
    };
    es.addEventListener('points', changed);
    es.addEventListener('closed', () => {
      es.close();
      onChange();
    });
    return () => {
      clearTimeout(timer);
      es.close();
    };
  }, [code, token, onChange]);
}

export const REFRESH_MS = 60_000;

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
  const reread = useCallback(() => void refetch(), [refetch]);
  useLiveEvent(LIVE_POINTS, reread, 500);
  useShareStream(code, token, reread);
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
        <LayoutScreen widgets={q.data.widgets} />
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
