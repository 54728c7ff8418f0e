/**
 * Runs `fn` when the live channel brings an event of `type` (rebroadcast as a window event by live.ts), at most
 * once per `everyMs` — a busy telemetry stream announces new points every second; screens reload at their pace.
 */
import { useEffect, useRef } from 'react';

/** The window event that carries each live-channel message (dispatched by shell/bell/live.ts). */
export const LIVE_EVENT = 'swp-live';

export interface LiveMessage {
  type: string;
  data?: unknown;
}

export function useLiveEvent(type: string, fn: () => void, everyMs = 2000) {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      timer = undefined;
      last = Date.now();
      latest.current();
    };
    const on = (e: Event) => {
      if ((e as CustomEvent<LiveMessage>).detail?.type !== type || timer) return;
      timer = setTimeout(run, Math.max(0, last + everyMs - Date.now()));
    };
    window.addEventListener(LIVE_EVENT, on);
    return () => {
      window.removeEventListener(LIVE_EVENT, on);
      if (timer) clearTimeout(timer);
    };
  }, [type, everyMs]);
}

/** Runs `fn` with the data of every live-channel event of `type`, unthrottled (events that carry values to apply). */
export function useLiveData(type: string, fn: (data: unknown) => void) {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    const on = (e: Event) => {
      const m = (e as CustomEvent<LiveMessage>).detail;
      if (m?.type === type) latest.current(m.data);
    };
    window.addEventListener(LIVE_EVENT, on);
    return () => window.removeEventListener(LIVE_EVENT, on);
  }, [type]);
}
