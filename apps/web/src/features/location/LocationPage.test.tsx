import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSse } from '../../api/location';
import { renderApp } from '../../components/testing/render';

const store = vi.hoisted(() => ({
  calls: [] as { op: string; args: unknown[] }[],
  push: undefined as undefined | ((list: any[]) => void),
  stream: true,
}));

vi.mock('../../components/map', () => ({ NetworkMap: () => <div data-testid="location-map" /> }));
vi.mock('../../api/location', async (orig) => {
  const real = await orig<typeof import('../../api/location')>();
  const { onePage } = await import('../../test/memoryApi');
  const person = (userId: string, realName: string, state: string, x: number | null) => ({
    userId,
    account: userId,
    realName,
    phone: null,
    deptId: 'd1',
    deptName: '管网巡检一班',
    lastTime: x ? '2026-11-20 10:00:00' : null,
    lon: x ? 117.2 : null,
    lat: x ? 31.8 : null,
    x,
    y: x ? 3_520_000 : null,
    speed: 1.2,
    state,
  });
  return {
    ...real,
    locationApi: {
      realTime: async () => {
        store.calls.push({ op: 'realTime', args: [] });
        return [person('u1', '王建国', 'online', 520_000), person('u2', '李志强', 'offline', 521_000)];
      },
      monitorCount: async () => ({
        total: 3,
        online: 1,
        offline: 1,
        never: 1,
        byDept: [{ deptId: 'd1', deptName: '管网巡检一班', total: 3, online: 1, offline: 1, never: 1 }],
      }),
      monitor: async (q: any) => {
        store.calls.push({ op: 'monitor', args: [q] });
        const all = [
          person('u1', '王建国', 'online', 520_000),
          person('u2', '李志强', 'offline', 521_000),
          person('u3', '张秀英', 'never', null),
        ];
        const rows = all.filter((p) => !q.state || p.state === q.state);
        return onePage(rows);
      },
      trace: async (q: any) => {
        store.calls.push({ op: 'trace', args: [q] });
        const t0 = dayjs('2026-11-20 08:00:00').valueOf();
        return {
          userId: q.userId,
          realName: '王建国',
          startTime: q.startTime,
          endTime: q.endTime,
          raw: 240,
          distance: 3456,
          points: [0, 1, 2].map((i) => ({
            ts: t0 + i * 60_000,
            x: 520_000 + i * 70,
            y: 3_520_000,
            lon: 117.2,
            lat: 31.8,
            speed: 1.2,
            time: '',
          })),
        };
      },
      queryState: async () => [],
    },
    openPositionStream: (onPositions: (l: any[]) => void, onState: (o: boolean) => void) => {
      store.push = onPositions;
      setTimeout(() => onState(store.stream), 0);
      return () => undefined;
    },
  };
});

const { default: LocationPage, applyLive, pointAt, traceRange } = await import('./LocationPage');

beforeEach(() => {
  store.calls = [];
  store.stream = true;
});

describe('location helpers', () => {
  it('parses server-sent events across chunks', () => {
    const a = parseSse(': connected\n\nevent: positions\ndata: [{"userId":"1"}]\n\nevent: posi');
    expect(a.events).toEqual([{ event: 'positions', data: '[{"userId":"1"}]' }]);
    expect(a.rest).toBe('event: posi');
    const b = parseSse(`${a.rest}tions\ndata: []\n\n`);
    expect(b.events).toEqual([{ event: 'positions', data: '[]' }]);
  });

  it('a live position moves the person and makes them online; an older one is ignored', () => {
    const p = { userId: '1', realName: 'a', state: 'offline', x: 1, y: 1, lastTime: '2026-11-20 10:00:00' } as any;
    const ts = dayjs('2026-11-20 10:05:00').valueOf();
    const [moved] = applyLive([p], [{ userId: '1', ts, x: 5, y: 6, lon: 117, lat: 31 }]);
    expect(moved).toMatchObject({ x: 5, y: 6, state: 'online', lastTime: '2026-11-20 10:05:00' });
    const [kept] = applyLive(
      [p],
      [{ userId: '1', ts: dayjs('2026-11-20 09:00:00').valueOf(), x: 5, y: 6, lon: 117, lat: 31 }],
    );
    expect(kept).toBe(p);
  });

  it('finds the trace point at an instant and the default trace day', () => {
    const pts = [{ ts: 10 }, { ts: 20 }, { ts: 30 }];
    expect(pointAt(pts, 5)).toBe(0);
    expect(pointAt(pts, 20)).toBe(1);
    expect(pointAt(pts, 29)).toBe(1);
    expect(pointAt(pts, 99)).toBe(2);
    expect(pointAt([], 1)).toBe(-1);
    const now = dayjs('2026-11-21 00:40:00');
    const [a, b] = traceRange('2026-11-20 17:29:00', now);
    expect(a.format('YYYY-MM-DD HH:mm')).toBe('2026-11-20 00:00');
    expect(b.format('YYYY-MM-DD HH:mm')).toBe('2026-11-20 23:59');
    expect(traceRange('2026-11-21 00:10:00', now)[1]).toBe(now);
  });
});

describe('LocationPage', { timeout: 60_000 }, () => {
  it('counts, the people list and a trace played back', async () => {
    renderApp(<LocationPage />);
    const page = await screen.findByTestId('patrol-location');
    await waitFor(() => expect(screen.getByTestId('on-map')).toHaveTextContent('地图上 2 人'));
    expect(await screen.findByTestId('live-state')).toHaveTextContent('实时推送');
    expect(within(screen.getByTestId('dept-counts')).getByText('管网巡检一班')).toBeInTheDocument();
    const people = screen.getByTestId('location-people');
    expect(await within(people).findByText('张秀英')).toBeInTheDocument();
    fireEvent.click(within(people).getByText('离线'));
    await waitFor(() => expect(within(people).queryByText('王建国')).not.toBeInTheDocument());
    expect(store.calls.filter((c) => c.op === 'monitor').at(-1)!.args[0]).toMatchObject({ state: 'offline' });
    fireEvent.click(within(people).getByText('全部'));

    // choose a person: the trace of their last day, with the slider and the info
    fireEvent.click(await within(people).findByText('王建国'));
    const trace = await screen.findByTestId('trace-panel');
    await waitFor(() =>
      expect(within(trace).getByTestId('trace-info')).toHaveTextContent('3 个点（原始 240 个）· 里程 3.46 公里'),
    );
    expect(within(trace).getByTestId('trace-info')).toHaveTextContent('2026-11-20 08:00:00');
    expect(store.calls.find((c) => c.op === 'trace')!.args[0]).toMatchObject({
      userId: 'u1',
      startTime: '2026-11-20 00:00:00',
    });
    fireEvent.click(within(trace).getByTestId('trace-play'));
    // the playback clock runs: 60 s of trace per real second
    await waitFor(
      () => expect(within(trace).getByTestId('trace-info')).toHaveTextContent(/2026-11-20 08:0\d:\d[1-9]/),
      {
        timeout: 5000,
      },
    );
    void page;
  });

  it('polls every 10 s without the live stream', async () => {
    store.stream = false;
    renderApp(<LocationPage />);
    expect(await screen.findByText('每 10 秒刷新')).toBeInTheDocument();
    const before = store.calls.filter((c) => c.op === 'realTime').length;
    const t0 = Date.now();
    await waitFor(() => expect(store.calls.filter((c) => c.op === 'realTime').length).toBe(before + 1), {
      timeout: 13_000,
    });
    expect(Date.now() - t0).toBeGreaterThan(8_000);
  });
});
