/**
 * One sync run: the seconds it has taken, the progress the server sends on the live channel (`datasync.progress`,
 * rebroadcast as a window event), and the report or the refusal it ends with.
 */
import { useEffect, useRef, useState } from 'react';
import type { Row } from '../../../api/crud';
import { HttpError } from '../../../api/http';
import { dataSyncApi } from '../../../api/lowcode';
import { LIVE_EVENT } from '../../../lib/useLiveEvent';
import { progressOf, type SyncProgress } from './syncs';

export type SyncState =
  | { phase: 'idle' }
  | { phase: 'running'; table: string; started: number }
  | { phase: 'done'; report: Row; msg: string }
  | { phase: 'failed'; error: string };

export function useSyncRun(failedText: string) {
  const [state, setState] = useState<SyncState>({ phase: 'idle' });
  const [seconds, setSeconds] = useState(0);
  const [progress, setProgress] = useState<SyncProgress>();
  const table = useRef('');

  useEffect(() => {
    if (state.phase !== 'running') return;
    const timer = setInterval(() => setSeconds(Math.round((Date.now() - state.started) / 1000)), 1000);
    const onLive = (e: Event) => {
      const p = progressOf((e as CustomEvent).detail);
      if (p && p.table === table.current) setProgress(p);
    };
    window.addEventListener(LIVE_EVENT, onLive);
    return () => {
      clearInterval(timer);
      window.removeEventListener(LIVE_EVENT, onLive);
    };
  }, [state]);

  const run = async (body: Row) => {
    table.current = String(body.table);
    setSeconds(0);
    setProgress(undefined);
    setState({ phase: 'running', table: table.current, started: Date.now() });
    try {
      const env = await dataSyncApi.execute(body);
      setState({ phase: 'done', report: env.data ?? {}, msg: env.msg });
    } catch (e) {
      setState({ phase: 'failed', error: e instanceof HttpError ? e.message : failedText });
    }
  };

  return { state, seconds, progress, run };
}
