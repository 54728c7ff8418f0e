import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  addPeriodDate,
  choosePeriod,
  clickPreset,
  defaultCustomRange,
  pickRange,
  presetRange,
  removePeriodDate,
  sortedPeriod,
  type TimeRangeValue,
} from './timeRange';

const now = dayjs('2024-05-15 10:30:00');

describe('time range presets', () => {
  it('computes the presets', () => {
    expect(presetRange('hour01', now)).toEqual(['2024-05-15 09:30:00', '2024-05-15 10:30:00']);
    expect(presetRange('hour04', now)[0]).toBe('2024-05-15 06:30:00');
    expect(presetRange('hour12', now)[0]).toBe('2024-05-14 22:30:00');
    expect(presetRange('hour24', now)[0]).toBe('2024-05-14 10:30:00');
    expect(presetRange('yesterday', now)).toEqual(['2024-05-14 00:00:00', '2024-05-14 23:59:59']);
    expect(presetRange('nearOneMonth', now)[0]).toBe('2024-04-15 10:30:00');
    expect(presetRange('thisyear', now)[0]).toBe('2024-01-01 00:00:00');
    expect(defaultCustomRange(now)).toEqual(['2024-05-01 00:00:00', '2024-05-15 23:59:59']);
  });
  it('clicking the active preset again clears it; a range clears the preset', () => {
    let v: TimeRangeValue = { major: 'customize', startTime: '', endTime: '' };
    v = clickPreset(v, 'hour04', now);
    expect(v).toMatchObject({ preset: 'hour04', startTime: '2024-05-15 06:30:00' });
    v = clickPreset(v, 'hour04', now);
    expect(v).toEqual({ major: 'customize', startTime: '2024-05-01 00:00:00', endTime: '2024-05-15 23:59:59' });
    v = clickPreset(v, 'yesterday', now);
    v = pickRange(dayjs('2024-05-01 00:00:00'), dayjs('2024-05-02 00:00:00'));
    expect(v).toEqual({ major: 'customize', startTime: '2024-05-01 00:00:00', endTime: '2024-05-02 00:00:00' });
  });
});

describe('time range periods', () => {
  it('switching the dimension refills now and one unit earlier', () => {
    expect(choosePeriod('DAY', now)).toEqual({
      major: 'period',
      dimension: 'DAY',
      items: [
        { dimension: 'DAY', date: '2024-05-15' },
        { dimension: 'DAY', date: '2024-05-14' },
      ],
    });
    expect((choosePeriod('MONTH', now) as any).items.map((i: any) => i.date)).toEqual(['2024-05', '2024-04']);
    expect((choosePeriod('YEAR', now) as any).items.map((i: any) => i.date)).toEqual(['2024', '2023']);
  });
  it('adds up to the limit (3) and never drops below 2', () => {
    let v = choosePeriod('DAY', now);
    v = addPeriodDate(v);
    expect((v as any).items).toHaveLength(3);
    expect((v as any).items[2].date).toBe('2024-05-13');
    expect(addPeriodDate(v)).toBe(v);
    v = removePeriodDate(v, 0);
    expect((v as any).items).toHaveLength(2);
    expect(removePeriodDate(v, 0)).toBe(v);
    expect(sortedPeriod(v).map((i) => i.date)).toEqual(['2024-05-13', '2024-05-14']);
  });
});
