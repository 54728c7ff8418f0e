import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';

const calls = vi.hoisted(() => [] as { op: string; q: any }[]);
const charts = vi.hoisted(() => new Map<string, any>());

vi.mock('../PatrolChart', () => ({
  PatrolChart: ({ option, testId }: any) => {
    charts.set(testId, option);
    return <div data-testid={testId}>{option ? 'chart' : '暂无数据'}</div>;
  },
}));
vi.mock('../../../api/patrol', async (orig) => {
  const real = await orig<typeof import('../../../api/patrol')>();
  const rec = (op: string, data: unknown) => async (q: any) => {
    calls.push({ op, q });
    return data;
  };
  return {
    ...real,
    overviewApi: {
      index: rec('index', {
        taskTotal: 1234,
        taskFinished: 1100,
        taskOverdue: 40,
        taskRunning: 5,
        finishRate: 89.1,
        objectTotal: 6000,
        objectChecked: 5900,
        coverageRate: 98.3,
        hazardTotal: 17,
        orderTotal: 321,
        orderFinished: 300,
        orderOpen: 21,
        orderFinishRate: 93.5,
        avgHandleHours: 6.4,
        staffTotal: 25,
      }),
      orderTrend: rec('orderTrend', { dimension: 'DAY', list: [{ time: '2026-11-01', total: 9, finished: 8 }] }),
      orderSource: rec('orderSource', [
        { source: 'hotline', name: '热线工单', value: 200 },
        { source: 'patrol', name: '巡检上报', value: 17 },
      ]),
      orderAverage: rec('orderAverage', [{ eventType: 'leak', name: '管道漏水', count: 3, avgHours: 5.5 }]),
      patrolAnalysis: rec('patrolAnalysis', [
        {
          deptId: 'd1',
          deptName: '管网巡检一班',
          tasks: 300,
          finished: 290,
          overdue: 10,
          objects: 1500,
          checked: 1490,
          hazards: 4,
          finishRate: 96.7,
          coverageRate: 99.3,
        },
      ]),
      eventAnalysis: rec('eventAnalysis', [{ eventType: 'leak', name: '管道漏水', value: 0, urgent: 0 }]),
      reportList: rec('reportList', [
        {
          time: '2026-11-01',
          tasks: 40,
          finished: 38,
          overdue: 2,
          objects: 200,
          checked: 196,
          hazards: 1,
          orders: 9,
          ordersFinished: 8,
          finishRate: 95,
          coverageRate: 98,
        },
      ]),
      reportPie: rec('reportPie', [{ status: 2, name: '已完成', value: 38 }]),
      orderPie: rec('orderPie', [{ status: 2, name: '已完成', value: 8 }]),
      reportPage: rec('reportPage', {
        records: [
          {
            userId: 'u1',
            realName: '王建国',
            deptName: '管网巡检一班',
            tasks: 30,
            finished: 29,
            overdue: 1,
            coverageRate: 99,
            punctualityRate: 96,
            score: 97.5,
          },
        ],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      }),
    },
  };
});

const { default: OverviewPage, overviewQuery } = await import('./OverviewPage');

beforeEach(() => {
  calls.length = 0;
  charts.clear();
});

describe('OverviewPage', { timeout: 60_000 }, () => {
  it('the query: whole days of the range, the department, the dimension', () => {
    expect(overviewQuery([dayjs('2026-10-01 13:00'), dayjs('2026-10-30 08:00')], undefined, 'MONTH')).toEqual({
      startTime: '2026-10-01 00:00:00',
      endTime: '2026-10-30 23:59:59',
      deptId: undefined,
      dimension: 'MONTH',
    });
  });

  it('shows the figures and charts, every call in parallel with the same range; the dimension reloads', async () => {
    renderApp(<OverviewPage />);
    const index = await screen.findByTestId('overview-index');
    await waitFor(() => expect(within(index).getByText('1,234')).toBeInTheDocument());
    expect(within(index).getByText('巡检覆盖率')).toBeInTheDocument();
    expect(within(index).getByTestId('figure-coverageRate')).toHaveTextContent('98.3%');
    expect(within(index).getByTestId('figure-avgHandleHours')).toHaveTextContent('6.4小时');
    expect(new Set(calls.map((c) => c.op)).size).toBe(10);
    const q = calls[0].q;
    expect(calls.every((c) => c.q.startTime === q.startTime && c.q.endTime === q.endTime)).toBe(true);
    expect(q.dimension).toBe('DAY');
    expect(dayjs(q.endTime).diff(dayjs(q.startTime), 'day')).toBe(29);

    // translated series names; an all-zero pie is 暂无数据
    await waitFor(() => expect(charts.get('chart-orderSource')).toBeTruthy());
    expect(charts.get('chart-orderSource').series[0].data).toEqual([
      { name: '热线工单', value: 200 },
      { name: '巡检上报', value: 17 },
    ]);
    expect(screen.getByTestId('chart-eventAnalysis')).toHaveTextContent('暂无数据');
    expect(charts.get('chart-patrolAnalysis').xAxis.data).toEqual(['管网巡检一班']);

    calls.length = 0;
    fireEvent.click(screen.getByText('按月'));
    await waitFor(() => expect(calls.some((c) => c.op === 'reportList' && c.q.dimension === 'MONTH')).toBe(true));
  });
});
