import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/envelope.ts';
import { DEFAULT_EXPORT_NAME, exportFileName } from './export.ts';
import { mergeParams, parseHistoryQuery, periodOf } from './request.ts';
import { axisOf } from './service.ts';

const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).httpStatus).toBe(400);
    return (e as ApiError).message;
  }
  throw new Error('expected a 400');
}

/** The refusal of a history query of station x compared with the given [date, dimension] periods. */
const comparing = (...periods: [string, string][]) =>
  message(() =>
    parseHistoryQuery({ stcd: 'x', contemporaneous: periods.map(([date, dimension]) => ({ date, dimension })) }),
  );

describe('history query parameters', () => {
  it('reads plain, bracket and JSON-string query parameters, and a JSON body (body wins)', () => {
    const fromQuery = mergeParams(
      {
        stcd: '62902010',
        monitorType: 'WATER_REGIMEN',
        'querySetting[filterOutliers]': 'false',
        'querySetting[dataDilute][action]': 'DEFAULT',
        'querySetting[dataDilute][window]': '1H',
        'contemporaneous[0][date]': '2026-11-20',
        'contemporaneous[0][dimension]': 'DAY',
        'contemporaneous[1][date]': '2026-11-21',
        'contemporaneous[1][dimension]': 'DAY',
      },
      undefined,
    );
    const q = parseHistoryQuery(fromQuery);
    expect(q.stcd).toBe('62902010');
    expect(q.filterOutliers).toBe(false);
    expect(q.window).toBe('1H');
    expect(q.contemporaneous?.map((p) => p.key)).toEqual(['2026-11-20', '2026-11-21']);

    const json = parseHistoryQuery(
      mergeParams(
        {
          stcd: '62912001',
          startTime: '2026-11-01 00:00:00',
          endTime: '2026-11-21 23:59:59',
          querySetting: '{"filterOutliers":true,"dataDilute":null}',
          dataFields: 'hourW',
        },
        { stcd: '62912002' },
      ),
    );
    expect(json.stcd).toBe('62912002');
    expect(json.monitorType).toBe('RAIN');
    expect(json.dataFields).toEqual(['hourW']);
    expect(json.window).toBeNull();
    expect(json.from).toBe(local(2026, 11, 1));
    expect(json.to).toBe(local(2026, 11, 21, 23, 59, 59) + 1);

    const dotted = parseHistoryQuery(
      mergeParams(
        { stcd: 'x', startTime: '2026-01-01', endTime: '2026-01-02', 'querySetting.dataDilute.window': '12h' },
        {},
      ),
    );
    expect(dotted.window).toBe('12H');
  });

  it('defaults: outlier filter on, thinning off', () => {
    const q = parseHistoryQuery({ stcd: 'x', startTime: '2026-01-01 00:00:00', endTime: '2026-01-02 00:00:00' });
    expect(q.filterOutliers).toBe(true);
    expect(q.window).toBeNull();
  });

  it('refuses bad queries with clear messages', () => {
    const base = { stcd: '62912001', startTime: '2026-11-01 00:00:00', endTime: '2026-11-02 00:00:00' };
    expect(message(() => parseHistoryQuery({ startTime: base.startTime, endTime: base.endTime }))).toBe(
      '缺少必要的请求参数: stcd（或 stId、deviceCode）',
    );
    expect(message(() => parseHistoryQuery({ ...base, startTime: '2026-11-03 00:00:00' }))).toBe(
      '开始时间不能晚于结束时间',
    );
    expect(message(() => parseHistoryQuery({ ...base, endTime: undefined }))).toBe('缺少必要的请求参数: endTime');
    expect(message(() => parseHistoryQuery({ ...base, startTime: '11/01/2026' }))).toMatch(/时间格式不正确: startTime/);
    expect(message(() => parseHistoryQuery({ ...base, dataFields: 'rainfall' }))).toBe('未知的监测项: rainfall');
    expect(message(() => parseHistoryQuery({ ...base, monitorType: 'SNOW' }))).toMatch(/^未知的监测类型: SNOW/);
    expect(message(() => parseHistoryQuery({ ...base, monitorType: 'RAIN', dataFields: 'z' }))).toBe(
      '监测项 z 不属于监测类型 RAIN',
    );
    expect(message(() => parseHistoryQuery({ ...base, dataFields: 'hourW,z' }))).toBe(
      '一次查询的监测项须属于同一监测类型',
    );
    expect(message(() => parseHistoryQuery({ ...base, monitorType: 'RAIN', timeField: 'mot' }))).toMatch(
      /时间字段 mot 与监测类型 RAIN 不符/,
    );
    expect(
      message(() => parseHistoryQuery({ ...base, querySetting: { dataDilute: { action: 'DEFAULT', window: '2H' } } })),
    ).toMatch(/^不支持的抽稀窗口: 2H/);
    expect(
      message(() => parseHistoryQuery({ ...base, querySetting: { dataDilute: { action: 'MAX', window: '1H' } } })),
    ).toMatch(/^不支持的抽稀方式: MAX/);
    expect(message(() => parseHistoryQuery({ ...base, querySetting: '{bad' }))).toBe(
      '参数校验失败: querySetting 不是合法的 JSON',
    );
    expect(comparing(['2026-11-01', 'WEEK'])).toMatch(/^对比维度不正确/);
    expect(comparing(['2026-11-01', 'DAY'], ['2026-11', 'MONTH'])).toBe('同期对比的各项维度须一致');
    expect(comparing(['2026-11-01', 'DAY'], ['2026-11-01 08:00:00', 'DAY'])).toBe('同期对比日期重复: 2026-11-01');
    expect(comparing(['2026-02-30', 'DAY'])).toBe('对比日期不存在: 2026-02-30');
    expect(message(() => parseHistoryQuery({ stId: 'abc', startTime: base.startTime, endTime: base.endTime }))).toBe(
      '参数校验失败: stId 必须是数字编号',
    );
  });
});

describe('period comparison', () => {
  it('turns a date and a dimension into the period that holds it', () => {
    expect(periodOf('2026-11-21', 'DAY')).toMatchObject({
      key: '2026-11-21',
      from: local(2026, 11, 21),
      to: local(2026, 11, 22),
    });
    expect(periodOf('2026-11-21 10:00:00', 'MONTH')).toMatchObject({
      key: '2026-11',
      from: local(2026, 11, 1),
      to: local(2026, 12, 1),
    });
    expect(periodOf('2026-12', 'MONTH')).toMatchObject({ to: local(2027, 1, 1) });
    expect(periodOf('2026', 'YEAR')).toMatchObject({ key: '2026', from: local(2026, 1, 1), to: local(2027, 1, 1) });
    expect(() => periodOf('2026-11', 'DAY')).toThrow(/按日对比需要具体日期/);
  });

  it('aligns points by hour of day, day of month and month of year', () => {
    const t = local(2026, 3, 7, 14, 30);
    expect(axisOf(t, 'DAY', 1800)).toBe('14:30');
    expect(axisOf(t, 'MONTH', 43200)).toBe('07 14:30');
    expect(axisOf(t, 'MONTH', 86400)).toBe('07');
    expect(axisOf(t, 'YEAR', 43200)).toBe('03-07 14:30');
    expect(axisOf(t, 'YEAR', 86400)).toBe('03-07');
  });
});

describe('export file name', () => {
  it('defaults to 数据导出.xlsx and is sent RFC 5987-encoded with an ASCII fallback', () => {
    expect(exportFileName()).toBe(DEFAULT_EXPORT_NAME);
    expect(exportFileName('董铺水库 水位')).toBe('董铺水库 水位.xlsx');
    expect(exportFileName('../a/b:c*.xlsx')).toBe('..abc.xlsx');
  });
});
