import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CURVE_SETTINGS } from './curveSettings';
import {
  BAR_MAX_WIDTH,
  buildChartOption,
  buildHistoryQuery,
  buildTableRows,
  type HistoryData,
  hasData,
  serialOf,
  THRESHOLD_LINES,
  withGaps,
  ZOOM_START,
} from './monitorHistory';
import { addPeriodDate, choosePeriod, clickPreset } from './timeRange';

const station = { id: '11', stcd: '62902010', sttp: 'ZZ', deviceCode: 'DEV-62902010', deviceType: 'RADAR_LEVEL' };

function series(n: number, start = '2026-11-20 00:00:00', stepMin = 15, value = (i: number) => 8 + i / 100) {
  const t0 = new Date(start.replace(' ', 'T')).getTime();
  return Array.from({ length: n }, (_, i) => ({
    time: dayjs(t0 + i * stepMin * 60_000).format('YYYY-MM-DD HH:mm:ss'),
    value: value(i),
  }));
}

function level(n: number): HistoryData {
  return {
    stId: '11',
    stcd: '62902010',
    stnm: '南淝河亳州路桥站',
    sttp: 'ZZ',
    monitorType: 'WATER_REGIMEN',
    timeField: 'mot',
    dataFields: ['z'],
    startTime: '2026-11-20 00:00:00',
    endTime: '2026-11-21 23:59:59',
    contemporaneous: null,
    querySetting: { filterOutliers: true, dataDilute: null },
    statistics: { z: series(n) },
    series: [
      {
        key: 'z',
        field: 'z',
        name: '水位',
        unit: 'm',
        window: null,
        step: 900,
        count: n,
        removed: 0,
        source: 'raw',
        min: 8,
        max: 9,
        avg: 8.5,
        sum: null,
      },
    ],
    alarmThreshold: [
      { code: 'LOW_WL', name: '保证水位', value: 10.9 },
      { code: 'ALERT_WL', name: '警戒水位', value: 10.15 },
    ],
  };
}

describe('history query', () => {
  it('a time range sends startTime and endTime; a period sends the dates (earliest first) with their dimension', () => {
    const now = dayjs('2026-11-21 10:00:00');
    const custom = buildHistoryQuery(
      station,
      'WATER_REGIMEN',
      ['z'],
      'mot',
      clickPreset({ major: 'customize', startTime: '', endTime: '' }, 'hour24', now),
      DEFAULT_CURVE_SETTINGS,
    );
    expect(custom).toMatchObject({
      stId: '11',
      stcd: '62902010',
      sttp: 'ZZ',
      deviceCode: 'DEV-62902010',
      monitorType: 'WATER_REGIMEN',
      dataFields: ['z'],
      timeField: 'mot',
      startTime: '2026-11-20 10:00:00',
      endTime: '2026-11-21 10:00:00',
      querySetting: { filterOutliers: true, dataDilute: null },
    });
    expect(custom.contemporaneous).toBeUndefined();
    const period = buildHistoryQuery(station, 'RAIN', ['hourW'], 'hour', addPeriodDate(choosePeriod('MONTH', now)), {
      filterOutliers: true,
      dilute: true,
      window: '12H',
    });
    expect(period.startTime).toBeUndefined();
    expect(period.contemporaneous).toEqual([
      { date: '2026-09', dimension: 'MONTH' },
      { date: '2026-10', dimension: 'MONTH' },
      { date: '2026-11', dimension: 'MONTH' },
    ]);
    expect(period.querySetting).toEqual({ filterOutliers: true, dataDilute: { action: 'DEFAULT', window: '12H' } });
  });
});

describe('chart option', () => {
  it('no series with points → no option (the chart shows 暂无数据), and the panel warns 数据为空！', () => {
    const empty = { ...level(0), statistics: { z: [] } };
    expect(hasData(empty)).toBe(false);
    expect(buildChartOption(empty, 'curve')).toBeNull();
    expect(buildChartOption(null, 'curve')).toBeNull();
    expect(buildTableRows(empty)).toEqual({ columns: [], rows: [] });
  });

  it('threshold lines: 保证水位(m) in red and 警戒水位(m) in yellow, and the axis reaches them', () => {
    const opt = buildChartOption(level(10), 'curve') as any;
    const line = opt.series[0].markLine.data;
    expect(line.map((l: any) => [l.name, l.yAxis, l.lineStyle.color])).toEqual([
      ['保证水位(m)', 10.9, THRESHOLD_LINES.LOW_WL.color],
      ['警戒水位(m)', 10.15, THRESHOLD_LINES.ALERT_WL.color],
    ]);
    expect(THRESHOLD_LINES.LOW_WL.color).toBe('#f5222d');
    expect(THRESHOLD_LINES.ALERT_WL.color).toBe('#fadb14');
    expect(opt.yAxis[0].max({ max: 9 })).toBeGreaterThan(10.9);
    expect(opt.yAxis[0].min({ min: 8 })).toBeLessThan(8);
  });

  it('zoom slider only above 24 points, starting at 50 %', () => {
    expect((buildChartOption(level(24), 'curve') as any).dataZoom).toBeUndefined();
    const zoom = (buildChartOption(level(25), 'curve') as any).dataZoom;
    expect(zoom[0]).toMatchObject({ type: 'slider', start: ZOOM_START, end: 100 });
    expect(ZOOM_START).toBe(50);
  });

  it('bars are at most 20 px wide; curves use LTTB sampling and leave gaps open', () => {
    const bar = buildChartOption(level(30), 'bar') as any;
    expect(bar.series[0]).toMatchObject({ type: 'bar', barMaxWidth: BAR_MAX_WIDTH });
    expect(BAR_MAX_WIDTH).toBe(20);
    const curve = buildChartOption(level(3000), 'curve') as any;
    expect(curve.series[0]).toMatchObject({ type: 'line', sampling: 'lttb', showSymbol: false, connectNulls: false });
    expect(curve.animation).toBe(false);
    expect(buildChartOption(level(10), 'table')).toBeNull();
  });

  it('a hole longer than twice the step becomes a null so the line breaks there', () => {
    const pts = [...series(3), ...series(2, '2026-11-20 03:00:00')];
    const g = withGaps(pts, 900);
    expect(g.length).toBe(6);
    expect(g[3][1]).toBeNull();
    expect(withGaps(series(4), 900).every(([, v]) => v !== null)).toBe(true);
  });

  it('period comparison: a category axis of aligned positions, one series per date', () => {
    const d: HistoryData = {
      ...level(0),
      contemporaneous: [
        { date: '2026-11-20', dimension: 'DAY', key: '2026-11-20', startTime: '', endTime: '' },
        { date: '2026-11-21', dimension: 'DAY', key: '2026-11-21', startTime: '', endTime: '' },
      ],
      statistics: {
        '2026-11-20': [
          { time: '2026-11-20 00:00:00', value: 1, axis: '00:00' },
          { time: '2026-11-20 00:30:00', value: 2, axis: '00:30' },
        ],
        '2026-11-21': [{ time: '2026-11-21 00:30:00', value: 3, axis: '00:30' }],
      },
      series: [
        {
          key: '2026-11-20',
          field: 'z',
          name: '水位',
          unit: 'm',
          date: '2026-11-20',
          window: '30M',
          step: 1800,
          count: 2,
          removed: 0,
          source: 'raw',
          min: 1,
          max: 2,
          avg: 1.5,
          sum: null,
        },
        {
          key: '2026-11-21',
          field: 'z',
          name: '水位',
          unit: 'm',
          date: '2026-11-21',
          window: '30M',
          step: 1800,
          count: 1,
          removed: 0,
          source: 'raw',
          min: 3,
          max: 3,
          avg: 3,
          sum: null,
        },
      ],
    };
    const opt = buildChartOption(d, 'curve') as any;
    expect(opt.xAxis).toMatchObject({ type: 'category', data: ['00:00', '00:30'] });
    expect(opt.series.map((s: any) => s.name)).toEqual(['2026-11-20 水位(m)', '2026-11-21 水位(m)']);
    expect(opt.series[1].data).toEqual([null, 3]);
    const table = buildTableRows(d);
    expect(table.columns.map((c) => c.title)).toEqual(['2026-11-20 水位(m)', '2026-11-21 水位(m)']);
    expect(table.rows).toEqual([
      { key: '00:00', time: '00:00', '2026-11-20': 1 },
      { key: '00:30', time: '00:30', '2026-11-20': 2, '2026-11-21': 3 },
    ]);
  });

  it('fields with different units get their own axes', () => {
    const d = level(5);
    d.statistics.q = series(5, undefined, 15, () => 40);
    d.series.push({
      key: 'q',
      field: 'q',
      name: '流量',
      unit: 'm³/s',
      window: null,
      step: 900,
      count: 5,
      removed: 0,
      source: 'raw',
      min: 40,
      max: 40,
      avg: 40,
      sum: null,
    });
    const opt = buildChartOption(d, 'curve') as any;
    expect(opt.yAxis.map((a: any) => a.name)).toEqual(['m', 'm³/s']);
    expect(opt.series[1].yAxisIndex).toBe(1);
  });
});

describe('table', () => {
  it('one row per time, ascending, with serial numbers continuing across pages of 10', () => {
    const t = buildTableRows(level(25));
    expect(t.rows).toHaveLength(25);
    expect(t.rows[0].time).toBe('2026-11-20 00:00:00');
    expect(t.columns).toEqual([{ key: 'z', title: '水位(m)' }]);
    expect(serialOf(0, 1)).toBe(1);
    expect(serialOf(0, 2)).toBe(11);
    expect(serialOf(4, 3)).toBe(25);
  });
});
