/**
 * Typed calls of `/api/swp-pipeops-location` (人员定位, spec 2 §7 "GIS, coordinates, location"): the latest
 * position of each person, a person's thinned trace, personnel monitoring counts and list, online states, and
 * `position/stream`: the tenant's live positions as server-sent events, read with fetch so that the client,
 * token and tenant headers travel with it (EventSource cannot send them).
 */
import type { Page } from '@swp/contract';
import { basicAuth } from './client-config';
import { httpHooks } from './hooks';
import { http, toQuery } from './http';

const B = '/api/swp-pipeops-location';

/** online: reported within 5 minutes; offline: reported earlier; never: no report at all */
export type PresenceState = 'online' | 'offline' | 'never';

export interface StaffPosition {
  userId: string;
  account: string;
  realName: string;
  phone: string | null;
  deptId: string | null;
  deptName: string | null;
  lastTime: string | null;
  lon: number | null;
  lat: number | null;
  /** EPSG:4548 plane metres */
  x: number | null;
  y: number | null;
  speed: number | null;
  state: PresenceState;
  online?: boolean;
  /** the person's task now (personnelMonitor) */
  taskName?: string | null;
}

export interface MonitorCount {
  total: number;
  online: number;
  offline: number;
  never: number;
  byDept: {
    deptId: string | null;
    deptName: string | null;
    total: number;
    online: number;
    offline: number;
    never: number;
  }[];
}

export interface TracePoint {
  /** epoch ms */
  ts: number;
  x: number;
  y: number;
  lon: number;
  lat: number;
  speed: number | null;
  time: string;
}

export interface Trace {
  userId: string;
  realName: string;
  startTime: string;
  endTime: string;
  /** reports in the range before thinning */
  raw: number;
  /** metres */
  distance: number;
  points: TracePoint[];
}

/** One live position of the stream. */
export interface LivePosition {
  userId: string;
  ts: number;
  x: number;
  y: number;
  lon: number;
  lat: number;
}

export const locationApi = {
  realTime: (q: { deptId?: string; state?: 'online' | 'offline' } = {}) =>
    http.get<StaffPosition[]>(`${B}/position/realTime`, q),
  trace: (q: { userId: string; startTime?: string; endTime?: string; tolerance?: number; maxPoints?: number }) =>
    http.get<Trace>(`${B}/position/trace`, q),
  monitorCount: (q: { deptId?: string } = {}) => http.get<MonitorCount>(`${B}/position/personnelMonitorCount`, q),
  monitor: (q: { current: number; size: number; deptId?: string; state?: PresenceState; realName?: string }) =>
    http.get<Page<StaffPosition>>(`${B}/position/personnelMonitor`, q),
  queryState: (userIds: string[]) =>
    http.get<{ userId: string; realName: string; state: PresenceState; lastTime: string | null; online: boolean }[]>(
      `${B}/message-center/queryState`,
      { userIds: userIds.join(',') },
    ),
};

/** Splits a server-sent-events text buffer into complete events; returns the events and the unfinished rest. */
export function parseSse(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const events: { event: string; data: string }[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * Opens the live position stream. `onPositions` gets each batch; `onState` says whether the stream is open.
 * Returns a function that closes it. A stream that fails or ends reports `false` (the caller falls back to polling).
 */
export function openPositionStream(
  onPositions: (list: LivePosition[]) => void,
  onState: (open: boolean) => void,
  query: { deptId?: string } = {},
): () => void {
  const abort = new AbortController();
  void (async () => {
    try {
      const res = await fetch(`${B}/position/stream${toQuery(query)}`, {
        headers: { Authorization: basicAuth(), ...httpHooks.authHeaders(), Accept: 'text/event-stream' },
        credentials: 'include',
        signal: abort.signal,
      });
      if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
        onState(false);
        return;
      }
      onState(true);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const { events, rest } = parseSse(buffer);
        buffer = rest;
        for (const e of events) {
          if (e.event !== 'positions') continue;
          try {
            onPositions(JSON.parse(e.data) as LivePosition[]);
          } catch {
            /* a malformed event is skipped */
          }
        }
      }
      if (!abort.signal.aborted) onState(false);
    } catch {
      if (!abort.signal.aborted) onState(false);
    }
  })();
  return () => abort.abort();
}
