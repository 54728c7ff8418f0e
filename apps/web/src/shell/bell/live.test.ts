import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, LIVE_EVENT, RECONNECT_MS, startLive } from './live';

class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onmessage?: (ev: { data: string }) => void;
  onclose?: () => void;
  onerror?: () => void;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => vi.useRealTimers());

const start = (token: () => string | undefined = () => 'tok', target = new EventTarget()) =>
  startLive({ token, url: (t) => `ws://x/api/ws?token=${t}`, WebSocketImpl: FakeSocket as any, target });

describe('live channel', () => {
  it('connects with the token and rebroadcasts messages as a window event', () => {
    const target = new EventTarget();
    const got: unknown[] = [];
    target.addEventListener(LIVE_EVENT, (e) => got.push((e as CustomEvent).detail));
    const stop = start(() => 'tok', target);
    expect(FakeSocket.all[0].url).toBe('ws://x/api/ws?token=tok');
    FakeSocket.all[0].readyState = FakeSocket.OPEN;
    FakeSocket.all[0].onmessage?.({ data: '{"type":"message","data":{"id":"1"}}' });
    FakeSocket.all[0].onmessage?.({ data: 'pong' });
    expect(got).toEqual([{ type: 'message', data: { id: '1' } }]);
    stop();
  });

  it('reconnects 4 s after a close or an error', () => {
    const stop = start();
    FakeSocket.all[0].onerror?.();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
  });

  it('pings every 15 s while open and closes a socket that is not open', () => {
    const stop = start();
    const s = FakeSocket.all[0];
    s.readyState = FakeSocket.OPEN;
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(s.sent).toEqual(['ping']);
    s.readyState = FakeSocket.CLOSING;
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(s.readyState).toBe(FakeSocket.CLOSED);
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
  });

  it('waits for a token and stops for good', () => {
    let token: string | undefined;
    const stop = start(() => token);
    expect(FakeSocket.all).toHaveLength(0);
    token = 't2';
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(1);
    stop();
    vi.advanceTimersByTime(RECONNECT_MS * 3);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
