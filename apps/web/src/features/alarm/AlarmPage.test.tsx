import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm, AlarmDetail } from '../../api/alarm';
import type { HistoryData } from '../../lib/monitorHistory';
import { renderScreen } from '../../test/crudScreen';
import { itKeepsZhAndEnInStep } from '../../test/strings';
import * as i18n from './i18n';

const store = vi.hoisted(() => ({
  alarms: [] as Record<string, any>[],
  calls: [] as { op: string; args: unknown[] }[],
}));

// ECharts needs a canvas jsdom lacks: the chart shows its option's series names instead
vi.mock('../../components/charts/HistoryChart', () => ({
  HistoryChart: ({ option }: { option: { series: { name: string }[] } }) => (
    <div data-testid="chart">{option.series.map((s) => s.name).join(',')}</div>
  ),
}));

vi.mock('../../api/alarm', async (orig) => {
  const real = await orig<typeof import('../../api/alarm')>();
  const { onePage } = await import('../../test/memoryApi');
  const page = (q: Record<string, unknown>, burst = false) => {
    store.calls.push({ op: burst ? 'tube' : 'page', args: [q] });
    const rows = store.alarms
      .filter((a) => !burst || a.alarmType === 'burst')
      .filter((a) => !q.alarmType || a.alarmType === q.alarmType)
      .filter((a) => q.alarmStatus === undefined || a.alarmStatus === Number(q.alarmStatus));
    return onePage(rows);
  };
  const close = (ids: string[], reason: string) => {
    for (const a of store.alarms)
      if (ids.includes(a.id) && a.alarmStatus === 0)
        Object.assign(a, { alarmStatus: 1, closeReason: reason, closeUserName: '管理员' });
  };
  return {
    ...real,
    alarmApi: {
      key: 'alarm-test',
      page: async (q: Record<string, unknown>) => page(q),
      tubeExplosion: async (q: Record<string, unknown>) => page(q, true),
      counts: async () => ({
        all: store.alarms.filter((a) => a.alarmStatus === 0).length,
        threshold: 1,
        rate: 0,
        offline: 0,
        burst: 1,
      }),
      detail: async (id: string) => ({
        ...store.alarms.find((a) => a.id === id),
        history: [
          {
            id: 'h1',
            action: 'raise',
            actionName: '报警',
            operatorName: '系统',
            actionTime: '2026-01-01 03:00:00',
            remark: null,
            value: 0.25,
          },
        ],
      }),
      oneTubeExplosion: async (id: string) => ({
        ...store.alarms.find((a) => a.id === id),
        history: [],
        nights: [
          { date: '2025-12-31', mnf: 40.1, baseline: 39.5, burst: false },
          { date: '2026-01-01', mnf: 58.3, baseline: 40.0, burst: true },
        ],
        hours: [{ time: '2026-01-01 02:00:00', flow: 58.3, pressure: 0.38 }],
      }),
      readings: async (p: Record<string, unknown>) => {
        store.calls.push({ op: 'readings', args: [p] });
        return {
          series: [{ key: 'pressure', field: 'pressure', name: '压力', unit: 'MPa' }],
          statistics: {
            pressure: [
              { time: '2026-01-01 02:55:00', value: 0.3 },
              { time: '2026-01-01 03:00:00', value: 0.25 },
            ],
          },
        };
      },
      closeAlarm: async (id: string, reason: string) => {
        store.calls.push({ op: 'close', args: [id, reason] });
        close([id], reason);
        return null;
      },
      closeAlarms: async (ids: string[], reason: string) => {
        store.calls.push({ op: 'closeMany', args: [ids, reason] });
        const n = store.alarms.filter((a) => ids.includes(a.id) && a.alarmStatus === 0).length;
        close(ids, reason);
        return { closed: n };
      },
      exportXlsx: async (q: Record<string, unknown>) => {
        store.calls.push({ op: 'export', args: [q] });
        return { blob: new Blob(['x']), fileName: '报警信息.xlsx' };
      },
    },
  };
});

const { default: AlarmPage, exportQuery } = await import('./AlarmPage');
const { readingWindow, readingsOption } = await import('./AlarmDrawer');

const alarm = (id: string, over: Partial<Alarm>): Partial<Alarm> => ({
  id,
  alarmType: 'threshold',
  alarmLevel: 2,
  title: `报警${id}`,
  content: '压力低于下限',
  deviceCode: 'FM-YL001',
  deviceName: '长江西路DN400电动闸阀',
  deviceType: 'valve',
  stationId: '7',
  stcd: 'YL001',
  field: 'pressure',
  alarmValue: 0.25,
  limitValue: 0.28,
  unit: 'MPa',
  alarmTime: '2026-01-01 03:00:00',
  lastTime: '2026-01-01 03:10:00',
  occurrences: 2,
  alarmStatus: 0,
  closeReason: null,
  closeUserName: null,
  dmaName: null,
  address: null,
  ...over,
});

beforeEach(() => {
  store.alarms = [
    alarm('1', { title: '长江西路DN400电动闸阀压力超下限' }),
    alarm('2', {
      alarmType: 'burst',
      alarmLevel: 3,
      title: '蜀山DMA01疑似爆管（夜间最小流量异常）',
      deviceCode: null,
      deviceName: null,
      dmaName: '蜀山DMA01',
      field: 'flow',
    }),
    alarm('3', { title: '已处理的报警', alarmStatus: 1, closeReason: '现场确认' }),
  ];
  store.calls = [];
});

describe('alarm helpers', () => {
  it('reads six hours either side of the alarm, never past now', () => {
    const now = dayjs('2026-01-01 05:00:00');
    expect(readingWindow('2026-01-01 03:00:00', '2026-01-01 03:10:00', now)).toEqual({
      startTime: '2025-12-31 21:00:00',
      endTime: '2026-01-01 05:00:00',
    });
  });

  it('draws the readings with the limit and the alarm time', () => {
    const data = {
      series: [{ key: 'pressure', field: 'pressure', name: '压力', unit: 'MPa' }],
      statistics: { pressure: [{ time: '2026-01-01 03:00:00', value: 0.25 }] },
    } as unknown as HistoryData;
    const opt = readingsOption(data, alarm('1', {}) as AlarmDetail) as any;
    expect(opt.series[0].data).toEqual([['2026-01-01 03:00:00', 0.25]]);
    expect(opt.series[0].markLine.data).toEqual([
      expect.objectContaining({ xAxis: '2026-01-01 03:00:00' }),
      expect.objectContaining({ yAxis: 0.28 }),
    ]);
    expect(
      readingsOption({ series: [], statistics: {} } as unknown as HistoryData, alarm('1', {}) as AlarmDetail),
    ).toBeNull();
  });

  it('exports the list filters without paging; the burst tab exports burst alarms', () => {
    expect(exportQuery({ current: 2, size: 10, alarmLevel: 3, alarmType: 'rate' }, 'rate')).toEqual({
      alarmLevel: 3,
      alarmType: 'rate',
    });
    expect(exportQuery({ current: 1, size: 10 }, 'burst')).toEqual({ burst: 'true' });
  });

  itKeepsZhAndEnInStep(i18n, 'keeps zh and en strings in step');
});

describe('AlarmPage', { timeout: 60_000 }, () => {
  it('lists, closes one with a reason, batch-closes, exports', async () => {
    const page = await renderScreen(<AlarmPage />, 'alarm-page');
    expect(await within(page).findByText('长江西路DN400电动闸阀压力超下限')).toBeInTheDocument();
    // the value with its limit's direction: 0.25 under a lower limit of 0.28
    expect(within(page).getAllByTestId('alarm-value')[0]).toHaveTextContent('0.25 MPa下限 ≤ 0.28 MPa');

    // close one: the reason is required
    fireEvent.click(within(page).getByTestId('alarm-close-1'));
    const dialog = (await screen.findByText('关闭报警')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByTestId('alarm-close-ok'));
    expect(await within(dialog).findByText('请输入关闭原因')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByTestId('alarm-reason'), { target: { value: '现场确认阀门正常' } });
    fireEvent.click(within(dialog).getByTestId('alarm-close-ok'));
    expect(await screen.findByText('关闭成功')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'close')!.args).toEqual(['1', '现场确认阀门正常']);
    const row1 = (await within(page).findByText('现场确认阀门正常')).closest('tr')!;
    expect(within(row1).getByTestId('alarm-status')).toHaveTextContent('已关闭');

    // batch close: nothing selected warns; closed ones are skipped
    fireEvent.click(within(page).getByTestId('alarm-batch-close'));
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    const rows = within(page)
      .getAllByRole('row')
      .filter((r) => r.querySelector('input[type="checkbox"]') && r.closest('tbody'));
    for (const r of rows) fireEvent.click(r.querySelector('input[type="checkbox"]')!);
    fireEvent.click(within(page).getByTestId('alarm-batch-close'));
    const many = (await screen.findByText('关闭所选报警（1 条）')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(many).getByTestId('alarm-reason'), { target: { value: '管网巡检已处理' } });
    fireEvent.click(within(many).getByTestId('alarm-close-ok'));
    expect(await screen.findByText('已关闭 1 条报警')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'closeMany')!.args).toEqual([['2'], '管网巡检已处理']);

    // export with the list's filters
    (URL as any).createObjectURL = () => 'blob:x';
    (URL as any).revokeObjectURL = () => undefined;
    fireEvent.click(within(page).getByTestId('alarm-export'));
    await waitFor(() => expect(store.calls.find((c) => c.op === 'export')).toBeTruthy());
    expect(store.calls.find((c) => c.op === 'export')!.args[0]).not.toHaveProperty('current');
  });

  it('shows a device alarm with its readings, and a burst alarm with its night flows', async () => {
    const page = await renderScreen(<AlarmPage />, 'alarm-page');
    fireEvent.click(await within(page).findByTestId('alarm-view-1'));
    const drawer = await screen.findByTestId('alarm-drawer');
    expect(await within(drawer).findByTestId('alarm-readings')).toHaveTextContent('压力(MPa)');
    expect(store.calls.find((c) => c.op === 'readings')!.args[0]).toMatchObject({ stationId: '7', field: 'pressure' });
    expect(within(drawer).getByTestId('alarm-history')).toHaveTextContent('报警 · 系统');
    fireEvent.click(within(drawer).getByTestId('alarm-drawer-close'));
    expect(await screen.findByText('关闭报警')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));

    // the burst tab reads tube-explosion
    fireEvent.click(within(page).getByRole('tab', { name: /爆管报警/ }));
    fireEvent.click(await within(page).findByTestId('alarm-view-2'));
    const nights = await screen.findByTestId('alarm-nights');
    expect(within(nights).getByText('58.3')).toBeInTheDocument();
    expect(within(nights).getByText('是')).toBeInTheDocument();
    expect(store.calls.some((c) => c.op === 'tube')).toBe(true);
  });
});
