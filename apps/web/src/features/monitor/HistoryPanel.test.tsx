import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Station } from '../../api/monitor';
import { renderApp } from '../../components/testing/render';
import type { HistoryData, HistoryQuery } from '../../lib/monitorHistory';

vi.setConfig({ testTimeout: 30_000 });

const calls: HistoryQuery[] = [];
const exports: (HistoryQuery & { fileName?: string })[] = [];
let reply: (q: HistoryQuery) => HistoryData;

vi.mock('../../api/monitor', () => ({
  monitorApi: {
    history: vi.fn(async (q: HistoryQuery) => {
      calls.push(q);
      return reply(q);
    }),
    exportHistory: vi.fn(async (q: HistoryQuery & { fileName?: string }) => {
      exports.push(q);
      return { blob: new Blob(['x']), fileName: `${q.fileName}.xlsx` };
    }),
  },
}));
// ECharts needs a canvas; the chart's own rules are tested in lib/monitorHistory.test.ts
vi.mock('../../components/charts/HistoryChart', () => ({
  HistoryChart: ({ option }: { option: any }) =>
    option ? (
      <div data-testid="chart">{option.series.map((s: any) => `${s.type}:${s.name}`).join('|')}</div>
    ) : (
      <div data-testid="chart-empty">暂无数据</div>
    ),
}));
const saved: string[] = [];
vi.mock('../../lib/download', () => ({ saveBlob: (_b: Blob, name: string) => saved.push(name) }));

const { HistoryPanel, defaultTypeOf } = await import('./HistoryPanel');

const station: Station = {
  id: '7',
  stcd: '62902100',
  stnm: '董铺水库',
  sttp: 'RR',
  sttpName: '水库水文站',
  category: 'HYDRO',
  deviceCode: 'DEV-62902100',
  deviceType: 'RADAR_LEVEL',
  simulatable: true,
  simulated: true,
  location: '董铺水库',
  address: null,
  x: 516082.993,
  y: 3529667.596,
  lgtd: 117.17,
  lttd: 31.89,
  alertWl: 28.7,
  lowWl: 29.19,
  monitorTypes: ['WATER_REGIMEN', 'RAIN'],
  fields: [
    { field: 'z', name: '水位', unit: 'm', monitorType: 'WATER_REGIMEN', step: 900 },
    { field: 'hourW', name: '时段雨量', unit: 'mm', monitorType: 'RAIN', step: 3600 },
  ],
  latest: [],
  latestTime: null,
  state: 'NORMAL',
  stateName: '正常',
};

function answer(q: HistoryQuery, points = 30): HistoryData {
  const keys = q.contemporaneous ? q.contemporaneous.map((c) => c.date) : q.dataFields;
  const field = q.dataFields[0];
  return {
    stId: '7',
    stcd: q.stcd,
    stnm: '董铺水库',
    sttp: 'RR',
    monitorType: q.monitorType,
    timeField: q.timeField,
    dataFields: q.dataFields,
    startTime: q.startTime ?? null,
    endTime: q.endTime ?? null,
    contemporaneous: q.contemporaneous
      ? q.contemporaneous.map((c) => ({ ...c, key: c.date, startTime: '', endTime: '' }))
      : null,
    querySetting: { filterOutliers: q.querySetting.filterOutliers, dataDilute: q.querySetting.dataDilute },
    statistics: Object.fromEntries(
      keys.map((k) => [
        k,
        Array.from({ length: points }, (_, i) => ({
          time: dayjs('2026-11-01').add(i, 'hour').format('YYYY-MM-DD HH:mm:ss'),
          value: i,
          axis: dayjs('2026-11-01').add(i, 'hour').format('HH:mm'),
        })),
      ]),
    ),
    series: keys.map((k) => ({
      key: k,
      field,
      name: field === 'z' ? '水位' : '时段雨量',
      unit: field === 'z' ? 'm' : 'mm',
      ...(q.contemporaneous ? { date: k } : {}),
      window: null,
      step: 3600,
      count: points,
      removed: 0,
      source: 'raw' as const,
      min: 0,
      max: points - 1,
      avg: 1,
      sum: null,
    })),
    alarmThreshold:
      field === 'z'
        ? [
            { code: 'LOW_WL', name: '保证水位', value: 29.19 },
            { code: 'ALERT_WL', name: '警戒水位', value: 28.7 },
          ]
        : [],
  };
}

function mount(st: Station = station) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderApp(
    <QueryClientProvider client={client}>
      <HistoryPanel station={st} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls.length = 0;
  exports.length = 0;
  saved.length = 0;
  reply = (q) => answer(q);
});
afterEach(() => vi.clearAllMocks());

describe('the type a chart opens on', () => {
  it('is 水位 for a water-level station, else RAIN when it has rain, else its first type', () => {
    expect(defaultTypeOf({ sttp: 'ZZ', monitorTypes: ['RAIN', 'WATER_REGIMEN'] })).toBe('WATER_REGIMEN');
    expect(defaultTypeOf({ sttp: 'TT', monitorTypes: ['WATER_REGIMEN', 'RAIN'] })).toBe('WATER_REGIMEN');
    // a reservoir station gauges rain too: the spec's default
    expect(defaultTypeOf({ sttp: 'RR', monitorTypes: ['WATER_REGIMEN', 'RAIN'] })).toBe('RAIN');
    expect(defaultTypeOf({ sttp: 'PP', monitorTypes: ['WATER_REGIMEN', 'RAIN'] })).toBe('RAIN');
    expect(defaultTypeOf({ sttp: 'ZZ', monitorTypes: ['RAIN'] })).toBe('RAIN');
    expect(defaultTypeOf({ sttp: 'YL', monitorTypes: ['PRESSURE'] })).toBe('PRESSURE');
  });
});

describe('history panel', () => {
  it('opens a river level station (ZZ) on 水位, not 雨量', async () => {
    mount({ ...station, sttp: 'ZZ', sttpName: '河道水位站' });
    await screen.findByTestId('chart');
    expect(calls[0]).toMatchObject({ sttp: 'ZZ', monitorType: 'WATER_REGIMEN', dataFields: ['z'], timeField: 'mot' });
  });

  it('opens on RAIN with the default range (start of month to end of today), filter on, thinning off', async () => {
    mount();
    await screen.findByTestId('chart');
    const q = calls[0];
    expect(q).toMatchObject({
      stId: '7',
      stcd: '62902100',
      sttp: 'RR',
      deviceCode: 'DEV-62902100',
      monitorType: 'RAIN',
      dataFields: ['hourW'],
      timeField: 'hour',
      startTime: dayjs().startOf('month').format('YYYY-MM-DD HH:mm:ss'),
      endTime: dayjs().endOf('day').format('YYYY-MM-DD HH:mm:ss'),
      querySetting: { filterOutliers: true, dataDilute: null },
    });
    expect(screen.getByTestId('chart').textContent).toBe('line:时段雨量(mm)');
  });

  it('reloads on a type switch (WATER_REGIMEN: z, mot) and on a view switch (bar, then table of 10 rows a page)', async () => {
    mount();
    await screen.findByTestId('chart');
    fireEvent.click(within(screen.getByTestId('monitor-types')).getByText('水位'));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({ monitorType: 'WATER_REGIMEN', dataFields: ['z'], timeField: 'mot' }),
    );
    await waitFor(() => expect(screen.getByTestId('chart').textContent).toBe('line:水位(m)'));
    const before = calls.length;
    fireEvent.click(within(screen.getByTestId('monitor-views')).getByText('柱状'));
    await waitFor(() => expect(screen.getByTestId('chart').textContent).toBe('bar:水位(m)'));
    expect(calls.length).toBeGreaterThan(before);
    fireEvent.click(within(screen.getByTestId('monitor-views')).getByText('表格'));
    const table = await screen.findByTestId('monitor-table');
    await waitFor(() => expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(10));
    expect(within(table).getAllByText('序号').length).toBeGreaterThan(0);
    expect(table.querySelector('tbody tr.ant-table-row td')?.textContent).toBe('1');
    fireEvent.click(within(table.closest('.ant-table-wrapper') as HTMLElement).getByTitle('2'));
    await waitFor(() => expect(table.querySelector('tbody tr.ant-table-row td')?.textContent).toBe('11'));
  });

  it('period comparison: DAY sends two dates with thinning off (30M); MONTH turns thinning on (12H)', async () => {
    mount();
    await screen.findByTestId('chart');
    fireEvent.click(screen.getByText('周期对比'));
    await waitFor(() => expect(calls.at(-1)?.contemporaneous).toHaveLength(2));
    const day = calls.at(-1) as HistoryQuery;
    expect(day.contemporaneous).toEqual([
      { date: dayjs().subtract(1, 'day').format('YYYY-MM-DD'), dimension: 'DAY' },
      { date: dayjs().format('YYYY-MM-DD'), dimension: 'DAY' },
    ]);
    expect(day.startTime).toBeUndefined();
    expect(day.querySetting).toEqual({ filterOutliers: true, dataDilute: null });
    await waitFor(() =>
      expect(screen.getByTestId('chart').textContent).toContain(`${dayjs().format('YYYY-MM-DD')} 时段雨量(mm)`),
    );
    fireEvent.click(screen.getByText('月'));
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        contemporaneous: [
          { date: dayjs().subtract(1, 'month').format('YYYY-MM'), dimension: 'MONTH' },
          { date: dayjs().format('YYYY-MM'), dimension: 'MONTH' },
        ],
        querySetting: { filterOutliers: true, dataDilute: { action: 'DEFAULT', window: '12H' } },
      }),
    );
    // a third date may be added, no fourth
    fireEvent.click(screen.getByText('添加对比'));
    await waitFor(() => expect(calls.at(-1)?.contemporaneous).toHaveLength(3));
    expect(screen.getByText('添加对比').closest('button')).toBeDisabled();
  });

  it('a reply without points warns 数据为空！ and empties the chart (暂无数据)', async () => {
    reply = (q) => answer(q, 0);
    mount();
    expect(await screen.findByText('数据为空！')).toBeInTheDocument();
    expect(screen.getByTestId('chart-empty').textContent).toBe('暂无数据');
  });

  it('exports the same query as an xlsx, saved under the name from content-disposition', async () => {
    mount();
    await screen.findByTestId('chart');
    fireEvent.click(screen.getByTestId('monitor-export'));
    await waitFor(() => expect(saved).toEqual(['董铺水库雨量历史数据.xlsx']));
    expect(exports[0]).toMatchObject({ stcd: '62902100', monitorType: 'RAIN', fileName: '董铺水库雨量历史数据' });
  });
});
