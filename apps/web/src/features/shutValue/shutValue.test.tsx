import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../api/http';
import type { EventValve } from '../../components/map/gisApi';
import { renderApp } from '../../components/testing/render';
import i18n from '../../i18n';
import * as strings from './i18n';
import ShutValuePage from './ShutValuePage';
import { crewOrder, progressOf } from './valveOrder';

i18n.addResourceBundle('zh', 'translation', strings.zh, true, true);

const valve = (gid: number, role: 'close' | 'backup', over: Partial<EventValve> = {}): EventValve => ({
  valveGid: gid,
  valveDno: `FM-${gid}`,
  seq: gid,
  role,
  forValveGid: null,
  x: 500_000 + gid,
  y: 3_500_000,
  diameter: 300,
  distance: gid * 10,
  closed: 0,
  closedTime: null,
  ...over,
});

describe('crew order', () => {
  it('numbers the valves to close and puts each backup under its valve', () => {
    const list = crewOrder([
      valve(1, 'close'),
      valve(2, 'close'),
      valve(7, 'backup', { forValveGid: 2 }),
      valve(6, 'backup', { forValveGid: 1 }),
    ]);
    expect(list.map((v) => [v.valveGid, v.n, v.forN])).toEqual([
      [1, 1, undefined],
      [6, 1, 1],
      [2, 2, undefined],
      [7, 2, 2],
    ]);
  });
  it('counts a valve done when it or its backup is closed', () => {
    const vs = [valve(1, 'close', { closed: 1 }), valve(2, 'close'), valve(7, 'backup', { forValveGid: 2 })];
    expect(progressOf(vs)).toEqual({ done: 1, total: 2 });
    vs[2].closed = 1;
    expect(progressOf(vs)).toEqual({ done: 2, total: 2 });
  });
});

const store = { valves: [] as EventValve[], refuse: '', voided: false };
vi.mock('./ValveMap', () => ({ ValveMap: () => <div data-testid="shut-value-map" /> }));
vi.mock('../../components/map/gisApi', async (orig) => {
  const real = await orig<typeof import('../../components/map/gisApi')>();
  // the server's rule: a valve is done when it or its backup is closed
  const { progressOf: progress } = await import('./valveOrder');
  return {
    ...real,
    dispatchApi: {
      publicView: async (token: string) => {
        if (store.refuse || token !== 'good') throw new HttpError(400, store.refuse || '链接无效');
        const { done, total } = progress(store.valves);
        return {
          event: {
            code: 'BG202611240001',
            title: '长江西路爆管',
            address: '长江西路与科学大道交口',
            pipeDno: 'GX-0005',
            x: 500_000,
            y: 3_500_000,
            occurTime: '2026-11-24 08:00:00',
            eventStatus: store.voided ? 3 : done === total ? 2 : done ? 1 : 0,
            lon: 117.2,
            lat: 31.8,
            affectedCustomers: 120,
            criticalCount: 1,
          },
          valves: store.valves.map((v) => ({
            ...v,
            road: `路${v.valveGid}`,
            address: `蜀山区路${v.valveGid}翡翠花园附近`,
            lon: 117.2 + v.valveGid / 1000,
            lat: 31.8,
          })),
        };
      },
      publicClose: async (_token: string, gid: number, closed: boolean) => {
        for (const v of store.valves) if (v.valveGid === gid) v.closed = closed ? 1 : 0;
        return { eventStatus: 1 };
      },
    },
  };
});

const open = (token?: string) =>
  renderApp(
    <MemoryRouter initialEntries={[`/list-operate/shutValue${token ? `?token=${token}` : ''}`]}>
      <ShutValuePage />
    </MemoryRouter>,
  );

describe('the crew page', () => {
  beforeEach(() => {
    store.refuse = '';
    store.voided = false;
    store.valves = [valve(1, 'close'), valve(2, 'close'), valve(9, 'backup', { forValveGid: 2 })];
  });

  it('lists the valves in order and marks them closed until the segment is isolated', async () => {
    open('good');
    await screen.findByText('关阀作业 · BG202611240001');
    expect(screen.getByTestId('shut-value-progress')).toHaveTextContent('已关闭 0 / 2 个阀门');
    const rows = [...screen.getByTestId('shut-value-list').querySelectorAll('[data-testid^="valve-"]')];
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('第 1 个FM-1'),
      expect.stringContaining('第 2 个FM-2'),
      expect.stringContaining('备用（替代第 2 个）FM-9'),
    ]);
    fireEvent.click(within(screen.getByTestId('valve-FM-1')).getByRole('button', { name: /标记已关闭/ }));
    await screen.findByText('已标记关闭');
    await waitFor(() => expect(screen.getByTestId('shut-value-progress')).toHaveTextContent('已关闭 1 / 2'));
    // valve 2 cannot be turned: the crew closes its backup
    fireEvent.click(within(screen.getByTestId('valve-FM-9')).getByRole('button', { name: /标记已关闭/ }));
    await waitFor(() => expect(screen.getByTestId('shut-value-progress')).toHaveTextContent('已关闭 2 / 2'));
    expect(screen.getByText('全部阀门已关闭，管段已隔离。')).toBeInTheDocument();
  }, 30_000);

  it('gives each valve its road, nearest address, coordinates and a geo: navigation link', async () => {
    open('good');
    expect(await screen.findByTestId('road-FM-2')).toHaveTextContent('路2 · 蜀山区路2翡翠花园附近');
    const nav = screen.getByTestId('nav-FM-2');
    expect(nav).toHaveAttribute('href', 'geo:31.800000,117.202000?q=31.800000,117.202000(FM-2)');
    expect(nav).toHaveTextContent('31.800000°N, 117.202000°E');
    expect(screen.getByTestId('burst-nav').getAttribute('href')).toMatch(/^geo:31\.800000,117\.200000/);
  }, 30_000);

  it('says a voided event needs no valves closed and offers no marks', async () => {
    store.voided = true;
    open('good');
    expect(await screen.findByTestId('shut-value-voided')).toHaveTextContent('此事件已作废');
    expect(screen.getByTestId('shut-value-status')).toHaveTextContent('已作废');
    expect(within(screen.getByTestId('valve-FM-1')).queryByRole('button', { name: /标记已关闭/ })).toBeNull();
  }, 30_000);

  it('asks before undoing a closed valve', async () => {
    store.valves[0].closed = 1;
    open('good');
    fireEvent.click(within(await screen.findByTestId('valve-FM-1')).getByRole('button', { name: /撤\s*销/ }));
    const pop = await screen.findByText('确定将该阀门标记为未关闭?');
    expect(store.valves[0].closed).toBe(1);
    fireEvent.click(within(pop.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(store.valves[0].closed).toBe(0));
  }, 30_000);

  it('explains a link that is expired, renewed or incomplete', async () => {
    store.refuse = '链接已过期';
    open('good');
    expect(await screen.findByTestId('shut-value-error')).toHaveTextContent('链接已过期');
    expect(screen.getByText('无法打开关阀清单')).toBeInTheDocument();
    open();
    expect(await screen.findByText('链接不完整：缺少 token 参数')).toBeInTheDocument();
  });
});
