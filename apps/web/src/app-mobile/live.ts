/**
 * New work pushed live: while online the app holds the server's live channel (`/api/ws?token=`) and reloads Today
 * when a patrol task is made for me (`patrol.tasks`), a sampling task (`quality.tasks`) or a message arrives (a
 * workflow step assigned to me: a repair order). Without a socket (offline, refused, a proxy that drops WebSockets) it falls back to reloading
 * every minute while online.
 */
import { useEffect, useRef } from 'react';
import { getSession } from './api';

const POLL_MS = 60_000;
const RECONNECT_MS = 5_000;
const PING_MS = 15_000;
const TOPICS = new Set(['patrol.tasks', 'quality.tasks', 'message']);

export function useLive(reload: () => void) {
  const cb = useRef(reload);
  cb.current = reload;
  useEffect(() => {
    let ws: WebSocket | undefined;
    let stopped = false;
    let retry: number | undefined;
    let ping: number | undefined;
    const poll = window.setInterval(() => {
      if (navigator.onLine && ws?.readyState !== WebSocket.OPEN) cb.current();
    }, POLL_MS);
    const connect = () => {
      const s = getSession();
      if (stopped || !s || !navigator.onLine) return;
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      ws = new WebSocket(`${proto}://${location.host}/api/ws?token=${encodeURIComponent(s.token)}`);
      ws.onmessage = (e) => {
        try {
          const m = JSON.parse(String(e.data));
          if (TOPICS.has(m?.type)) cb.current();
        } catch {
          /* pong and other plain frames */
        }
      };
      ws.onopen = () => {
        // marked on the page while pushes can arrive (the browser tests wait for it)
        document.documentElement.dataset.live = 'open';
        ping = window.setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send('ping'), PING_MS);
      };
      ws.onclose = () => {
        delete document.documentElement.dataset.live;
        clearInterval(ping);
        if (!stopped) retry = window.setTimeout(connect, RECONNECT_MS);
      };
    };
    const online = () => {
      cb.current();
      if (ws?.readyState !== WebSocket.OPEN && ws?.readyState !== WebSocket.CONNECTING) connect();
    };
    window.addEventListener('online', online);
    connect();
    return () => {
      stopped = true;
      clearInterval(poll);
      clearInterval(ping);
      clearTimeout(retry);
      window.removeEventListener('online', online);
      ws?.close();
    };
  }, []);
}
