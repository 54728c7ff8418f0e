/**
 * The live channel client (spec 1 §4): a WebSocket to `/api/ws` authenticated by the access token in the query.
 * On close or error it reconnects after 4 s; every 15 s a heartbeat sends `ping`, or closes the socket when it is
 * not open (which triggers the reconnect); every incoming message is rebroadcast as a window event.
 */
export const RECONNECT_MS = 4000;
export const HEARTBEAT_MS = 15000;

import { LIVE_EVENT, type LiveMessage } from '../../lib/useLiveEvent';

export { LIVE_EVENT, type LiveMessage };

export interface LiveOptions {
  /** current access token, or undefined when signed out (then nothing connects) */
  token(): string | undefined;
  url?: (token: string) => string;
  WebSocketImpl?: typeof WebSocket;
  target?: EventTarget;
}

export function liveUrl(token: string, loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const proto = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${loc.host}/api/ws?token=${encodeURIComponent(token)}`;
}

/** Starts the channel; returns a function that stops it for good. */
export function startLive(opts: LiveOptions): () => void {
  const WS = opts.WebSocketImpl ?? WebSocket;
  const target = opts.target ?? window;
  let socket: WebSocket | undefined;
  let stopped = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const scheduleReconnect = () => {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, RECONNECT_MS);
  };

  const connect = () => {
    if (stopped) return;
    const token = opts.token();
    if (!token) return scheduleReconnect();
    const s = new WS((opts.url ?? liveUrl)(token));
    socket = s;
    s.onmessage = (ev) => {
      if (ev.data === 'pong') return;
      try {
        const msg = JSON.parse(String(ev.data)) as LiveMessage;
        target.dispatchEvent(new CustomEvent<LiveMessage>(LIVE_EVENT, { detail: msg }));
      } catch {
        /* not a JSON event: ignore */
      }
    };
    s.onclose = () => {
      if (socket === s) socket = undefined;
      scheduleReconnect();
    };
    s.onerror = () => s.close();
  };

  const heartbeat = setInterval(() => {
    if (!socket) return;
    if (socket.readyState === WS.OPEN) socket.send('ping');
    else if (socket.readyState !== WS.CONNECTING) socket.close();
  }, HEARTBEAT_MS);

  connect();
  return () => {
    stopped = true;
    clearInterval(heartbeat);
    if (reconnectTimer) clearTimeout(reconnectTimer);
    socket?.close();
  };
}
