/** The option builders of the overview's charts (ECharts options; null when there is nothing to draw). */
import type { TFunction } from 'i18next';
import type { OrderTrend, PatrolAnalysisRow, ReportRow } from '../../../api/patrol';
import type { ChartOption } from '../PatrolChart';

export const COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2'];

export const pie = (data: { name: string; value: number }[]): ChartOption | null =>
  data.some((d) => d.value > 0)
    ? {
        color: COLORS,
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        legend: { bottom: 0, type: 'scroll' },
        series: [
          { type: 'pie', radius: ['35%', '62%'], center: ['50%', '45%'], data, label: { formatter: '{b}\n{d}%' } },
        ],
      }
    : null;

/** Orders and finished orders over time. */
export function trendChart(t: TFunction, list: OrderTrend['list'] | undefined): ChartOption | null {
  return list?.length
    ? {
        color: COLORS,
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 16, top: 32, bottom: 28 },
        xAxis: { type: 'category', data: list.map((r) => r.time) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('patrol.overview.orders'), type: 'line', smooth: true, data: list.map((r) => r.total) },
          {
            name: t('patrol.overview.ordersFinished'),
            type: 'line',
            smooth: true,
            data: list.map((r) => r.finished),
          },
        ],
      }
    : null;
}

/** The average handling hours by event type. */
export function averageChart(
  t: TFunction,
  nameOfEvent: (type: string) => string,
  data: { eventType: string; count: number; avgHours: number }[] | undefined,
): ChartOption | null {
  return data?.some((a) => a.count > 0)
    ? {
        color: ['#faad14'],
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 24, bottom: 28 },
        xAxis: { type: 'category', data: data.map((a) => nameOfEvent(a.eventType)) },
        yAxis: { type: 'value', name: t('patrol.overview.hours') },
        series: [
          {
            name: t('patrol.overview.avgHandleHours'),
            type: 'bar',
            barMaxWidth: 32,
            data: data.map((a) => a.avgHours),
          },
        ],
      }
    : null;
}

/** Counts on the left axis and, last, a rate in % on the right axis, over categories (teams, periods). */
function countsAndRate(categories: string[], counts: object[], rate: object): ChartOption {
  return {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 40, top: 32, bottom: 28 },
    xAxis: { type: 'category', data: categories },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    ],
    series: [...counts, { ...rate, yAxisIndex: 1 }],
  };
}

/** Tasks, finished, overdue and coverage by team. */
export function patrolChart(t: TFunction, data: PatrolAnalysisRow[] | undefined): ChartOption | null {
  return data?.length
    ? countsAndRate(
        data.map((p) => p.deptName ?? ''),
        [
          { name: t('patrol.overview.tasks'), type: 'bar', data: data.map((p) => p.tasks) },
          { name: t('patrol.overview.finished'), type: 'bar', data: data.map((p) => p.finished) },
          { name: t('patrol.overview.overdue'), type: 'bar', data: data.map((p) => p.overdue) },
        ],
        { name: t('patrol.overview.coverageRate'), type: 'line', data: data.map((p) => p.coverageRate) },
      )
    : null;
}

/** The statistics report as lines: tasks, finished and coverage by period. */
export function reportLineChart(t: TFunction, rows: ReportRow[]): ChartOption | null {
  return rows.length
    ? countsAndRate(
        rows.map((r) => r.time),
        [
          { name: t('patrol.overview.tasks'), type: 'line', data: rows.map((r) => r.tasks) },
          { name: t('patrol.overview.finished'), type: 'line', data: rows.map((r) => r.finished) },
        ],
        { name: t('patrol.overview.coverageRate'), type: 'line', data: rows.map((r) => r.coverageRate) },
      )
    : null;
}
