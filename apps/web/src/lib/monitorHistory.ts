/**
 * Pure rules of the monitoring history panel (spec 1 §2.13, §3, §4, §8, §9): the query it sends, the chart option
 * it draws (curve or bar; zoom slider over 24 points starting at 50 %; bars at most 20 px wide; threshold lines
 * 保证水位(m) in red and 警戒水位(m) in yellow; large series drawn with LTTB sampling; gaps left open) and the table
 * it shows (one row per time, a serial column, 10 per page).
 */
import type { HistoryPoint, HistoryResult, HistorySeriesInfo } from '@swp/contract';
import type { EChartsCoreOption } from 'echarts/core';
import { type CurveSettings, toQuerySetting } from './curveSettings';
import type { TimeRangeValue } from './timeRange';
import { sortedPeriod } from './timeRange';

export type ChartView = 'curve' | 'bar' | 'table';
export const VIEWS: ChartView[] = ['curve', 'bar', 'table'];
export const ZOOM_THRESHOLD = 24;
export const ZOOM_START = 50;
export const BAR_MAX_WIDTH = 20;
export const TABLE_PAGE_SIZE = 10;
export const CHART_RESIZE_DELAY = 300;
/** series longer than this are drawn with LTTB sampling and without symbols */
export const LARGE_SERIES = 500;

export const THRESHOLD_LINES = {
  LOW_WL: { label: '保证水位(m)', color: '#f5222d' },
  ALERT_WL: { label: '警戒水位(m)', color: '#fadb14' },
} as const;

export type { HistoryPoint, HistorySeriesInfo } from '@swp/contract';
export type HistoryData = HistoryResult;

export interface StationRef {
  id: string;
  stcd: string;
  sttp: string;
  deviceCode?: string | null;
  deviceType?: string | null;
}

export interface HistoryQuery {
  stId: string;
  stcd: string;
  sttp: string;
  deviceCode?: string;
  deviceType?: string;
  monitorType: string;
  dataFields: string[];
  timeField: string;
  startTime?: string;
  endTime?: string;
  contemporaneous?: { date: string; dimension: string }[];
  querySetting: ReturnType<typeof toQuerySetting>;
}

/** The query of spec 1 §3: a time range, or the period dates (earliest first) with their dimension. */
export function buildHistoryQuery(
  station: StationRef,
  monitorType: string,
  dataFields: string[],
  timeField: string,
  range: TimeRangeValue,
  settings: CurveSettings,
): HistoryQuery {
  const q: HistoryQuery = {
    stId: station.id,
    stcd: station.stcd,
    sttp: station.sttp,
    ...(station.deviceCode ? { deviceCode: station.deviceCode } : {}),
    ...(station.deviceType ? { deviceType: station.deviceType } : {}),
    monitorType,
    dataFields,
    timeField,
    querySetting: toQuerySetting(settings),
  };
  if (range.major === 'customize') {
    q.startTime = range.startTime;
    q.endTime = range.endTime;
  } else {
    q.contemporaneous = sortedPeriod(range).map((i) => ({ date: i.date, dimension: i.dimension }));
  }
  return q;
}

/** True when at least one series has a point (otherwise the panel warns 数据为空！ and empties chart and table). */
export function hasData(data: HistoryData | null | undefined): data is HistoryData {
  return !!data && Object.values(data.statistics).some((s) => s.length > 0);
}

/** The legend name of a series: the field (and unit), with the date in a period comparison. */
export function seriesLabel(
  s: HistorySeriesInfo,
  fieldName: (field: string, fallback: string) => string = (_, f) => f,
): string {
  const name = fieldName(s.field, s.name);
  const unit = s.unit ? `(${s.unit})` : '';
  return s.date ? `${s.date} ${name}${unit}` : `${name}${unit}`;
}

/** A `YYYY-MM-DD HH:mm:ss` time (local) in ms. */
export const ms = (time: string) => new Date(time.replace(' ', 'T')).getTime();

/** [ms, value] pairs with a null where the series has a hole longer than twice its step (lines do not bridge gaps). */
export function withGaps(points: HistoryPoint[], stepSeconds: number): [number, number | null][] {
  const out: [number, number | null][] = [];
  const limit = stepSeconds * 2000;
  let prev: number | undefined;
  for (const p of points) {
    const t = ms(p.time);
    if (prev !== undefined && t - prev > limit) out.push([prev + stepSeconds * 1000, null]);
    out.push([t, p.value]);
    prev = t;
  }
  return out;
}

export interface ChartTexts {
  fieldName?: (field: string, fallback: string) => string;
}

/** The ECharts option of the panel, or null when there is nothing to draw (the chart shows 暂无数据). */
export function buildChartOption(
  data: HistoryData | null | undefined,
  view: ChartView,
  texts: ChartTexts = {},
): EChartsCoreOption | null {
  if (!hasData(data) || view === 'table') return null;
  const compare = !!data.contemporaneous;
  const infos = data.series.filter((s) => (data.statistics[s.key] ?? []).length > 0);
  const units = [...new Set(infos.map((s) => s.unit))];
  const longest = Math.max(...infos.map((s) => data.statistics[s.key].length));
  const categories = compare
    ? [...new Set(infos.flatMap((s) => data.statistics[s.key].map((p) => p.axis ?? p.time)))].sort()
    : undefined;

  const thresholds = data.alarmThreshold.filter((a) => a.code in THRESHOLD_LINES);
  const levelAxis = infos.find((s) => s.field === 'z')?.unit;
  const series = infos.map((s, i) => {
    const pts = data.statistics[s.key];
    const large = pts.length > LARGE_SERIES;
    const values = compare
      ? (() => {
          const byAxis = new Map(pts.map((p) => [p.axis ?? p.time, p.value]));
          return (categories as string[]).map((c) => byAxis.get(c) ?? null);
        })()
      : withGaps(pts, s.step);
    const base: Record<string, unknown> = {
      name: seriesLabel(s, texts.fieldName),
      type: view === 'bar' ? 'bar' : 'line',
      yAxisIndex: Math.max(0, units.indexOf(s.unit)),
      data: values,
    };
    if (view === 'bar') base.barMaxWidth = BAR_MAX_WIDTH;
    else {
      base.showSymbol = !large && pts.length <= 200;
      base.sampling = 'lttb';
      base.connectNulls = false;
    }
    if (large) base.large = view === 'bar';
    if (i === infos.findIndex((x) => x.field === 'z') && thresholds.length) {
      base.markLine = {
        symbol: 'none',
        silent: true,
        data: thresholds.map((a) => ({
          name: THRESHOLD_LINES[a.code].label,
          yAxis: a.value,
          lineStyle: { color: THRESHOLD_LINES[a.code].color, type: 'dashed', width: 2 },
          label: {
            formatter: `${THRESHOLD_LINES[a.code].label}: ${a.value}`,
            color: THRESHOLD_LINES[a.code].color,
            position: 'insideEndTop',
          },
        })),
      };
    }
    return base;
  });

  const thresholdValues = thresholds.map((a) => a.value);
  const yAxis = units.map((unit, i) => {
    const axis: Record<string, unknown> = {
      type: 'value',
      name: unit,
      scale: unit !== 'mm',
      position: i === 0 ? 'left' : 'right',
      offset: i > 1 ? (i - 1) * 60 : 0,
      splitLine: { show: i === 0 },
    };
    // threshold lines must stay in view: the level axis reaches them
    if (unit === levelAxis && thresholdValues.length && view !== 'bar') {
      axis.min = (v: { min: number }) => Math.floor(Math.min(v.min, ...thresholdValues) * 10 - 2) / 10;
      axis.max = (v: { max: number }) => Math.ceil(Math.max(v.max, ...thresholdValues) * 10 + 2) / 10;
    }
    return axis;
  });

  const option: Record<string, unknown> = {
    animation: longest <= LARGE_SERIES,
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: {
      left: 56,
      right: 24 + Math.max(0, units.length - 1) * 60,
      top: 40,
      bottom: longest > ZOOM_THRESHOLD ? 64 : 32,
    },
    xAxis: compare
      ? { type: 'category', data: categories, boundaryGap: view === 'bar' }
      : { type: 'time', boundaryGap: view === 'bar' ? ['2%', '2%'] : false },
    yAxis,
    series,
  };
  if (longest > ZOOM_THRESHOLD) {
    option.dataZoom = [
      { type: 'slider', start: ZOOM_START, end: 100, bottom: 8 },
      { type: 'inside', start: ZOOM_START, end: 100 },
    ];
  }
  return option;
}

export interface TableColumn {
  key: string;
  title: string;
}

export interface TableRow {
  key: string;
  time: string;
  [series: string]: string | number | null;
}

/** One row per time (or per aligned position in a period comparison), one column per series. */
export function buildTableRows(
  data: HistoryData | null | undefined,
  fieldName?: (field: string, fallback: string) => string,
): { columns: TableColumn[]; rows: TableRow[] } {
  if (!hasData(data)) return { columns: [], rows: [] };
  const compare = !!data.contemporaneous;
  const columns = data.series.map((s) => ({ key: s.key, title: seriesLabel(s, fieldName) }));
  const rows = new Map<string, TableRow>();
  for (const s of data.series) {
    for (const p of data.statistics[s.key] ?? []) {
      const k = compare ? (p.axis ?? p.time) : p.time;
      let row = rows.get(k);
      if (!row) {
        row = { key: k, time: k };
        rows.set(k, row);
      }
      row[s.key] = p.value;
    }
  }
  return { columns, rows: [...rows.values()].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0)) };
}

/** Serial number of a table row on a page (1-based, continuing across pages). */
export function serialOf(index: number, page: number, pageSize = TABLE_PAGE_SIZE): number {
  return (page - 1) * pageSize + index + 1;
}
