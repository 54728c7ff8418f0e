/**
 * Time-range selector rules (spec 1 §3, §4, §9):
 * - major mode `customize` (a preset or a date range) or `period` (a list of dates of one dimension compared);
 * - presets hour01, hour04, hour12, hour24 (the last 1/4/12/24 hours), yesterday (00:00:00–23:59:59),
 *   nearOneMonth (the last 30 days), thisyear (from 1 January); clicking the active preset again clears it;
 *   picking a range clears the preset;
 * - period dimensions DAY, MONTH, YEAR; switching the dimension refills two defaults (now and one unit earlier);
 *   dates may be added up to a limit (default 3) and the list cannot drop below 2;
 * - the default custom range is the start of the current month 00:00:00 to the end of today 23:59:59.
 */
import dayjs, { type Dayjs } from 'dayjs';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const PRESETS = ['hour01', 'hour04', 'hour12', 'hour24', 'yesterday', 'nearOneMonth', 'thisyear'] as const;
export type Preset = (typeof PRESETS)[number];
export type Dimension = 'DAY' | 'MONTH' | 'YEAR';
export const DIMENSIONS: Dimension[] = ['DAY', 'MONTH', 'YEAR'];
export const PERIOD_LIMIT = 3;
export const PERIOD_MIN = 2;

export type TimeRangeValue =
  | { major: 'customize'; preset?: Preset; startTime: string; endTime: string }
  | { major: 'period'; dimension: Dimension; items: { dimension: Dimension; date: string }[] };

export function presetRange(p: Preset, now: Dayjs = dayjs()): [string, string] {
  const f = (d: Dayjs) => d.format(TIME_FORMAT);
  switch (p) {
    case 'hour01':
      return [f(now.subtract(1, 'hour')), f(now)];
    case 'hour04':
      return [f(now.subtract(4, 'hour')), f(now)];
    case 'hour12':
      return [f(now.subtract(12, 'hour')), f(now)];
    case 'hour24':
      return [f(now.subtract(24, 'hour')), f(now)];
    case 'yesterday': {
      const y = now.subtract(1, 'day');
      return [f(y.startOf('day')), f(y.endOf('day'))];
    }
    case 'nearOneMonth':
      return [f(now.subtract(30, 'day')), f(now)];
    case 'thisyear':
      return [f(now.startOf('year')), f(now)];
  }
}

export function defaultCustomRange(now: Dayjs = dayjs()): [string, string] {
  return [now.startOf('month').format(TIME_FORMAT), now.endOf('day').format(TIME_FORMAT)];
}

/** Clicking a preset: the active one again clears it (back to the default range), another one applies. */
export function clickPreset(value: TimeRangeValue, p: Preset, now: Dayjs = dayjs()): TimeRangeValue {
  if (value.major === 'customize' && value.preset === p) {
    const [startTime, endTime] = defaultCustomRange(now);
    return { major: 'customize', startTime, endTime };
  }
  const [startTime, endTime] = presetRange(p, now);
  return { major: 'customize', preset: p, startTime, endTime };
}

/** Picking a date range clears the preset (and any period). */
export function pickRange(start: Dayjs, end: Dayjs): TimeRangeValue {
  return { major: 'customize', startTime: start.format(TIME_FORMAT), endTime: end.format(TIME_FORMAT) };
}

const UNIT: Record<Dimension, 'day' | 'month' | 'year'> = { DAY: 'day', MONTH: 'month', YEAR: 'year' };
export const PERIOD_FORMAT: Record<Dimension, string> = { DAY: 'YYYY-MM-DD', MONTH: 'YYYY-MM', YEAR: 'YYYY' };

/** Switching the period dimension: two defaults, now and one unit earlier (the custom times are cleared). */
export function choosePeriod(d: Dimension, now: Dayjs = dayjs()): TimeRangeValue {
  return {
    major: 'period',
    dimension: d,
    items: [now, now.subtract(1, UNIT[d])].map((x) => ({ dimension: d, date: x.format(PERIOD_FORMAT[d]) })),
  };
}

/** Adds a date (one unit before the earliest) unless the list is at the limit. */
export function addPeriodDate(value: TimeRangeValue, limit = PERIOD_LIMIT): TimeRangeValue {
  if (value.major !== 'period' || value.items.length >= limit) return value;
  const d = value.dimension;
  const earliest = value.items.map((i) => dayjs(i.date)).reduce((a, b) => (b.isBefore(a) ? b : a));
  return {
    ...value,
    items: [...value.items, { dimension: d, date: earliest.subtract(1, UNIT[d]).format(PERIOD_FORMAT[d]) }],
  };
}

/** Removes a date unless the list would drop below the minimum. */
export function removePeriodDate(value: TimeRangeValue, index: number, min = PERIOD_MIN): TimeRangeValue {
  if (value.major !== 'period' || value.items.length <= min) return value;
  return { ...value, items: value.items.filter((_, i) => i !== index) };
}

export function setPeriodDate(value: TimeRangeValue, index: number, date: Dayjs): TimeRangeValue {
  if (value.major !== 'period') return value;
  const d = value.dimension;
  return {
    ...value,
    items: value.items.map((it, i) => (i === index ? { dimension: d, date: date.format(PERIOD_FORMAT[d]) } : it)),
  };
}

/** The period dates in order (dates are compared, earliest first). */
export function sortedPeriod(value: TimeRangeValue): { dimension: Dimension; date: string }[] {
  if (value.major !== 'period') return [];
  return [...value.items].sort((a, b) => (dayjs(a.date).isBefore(dayjs(b.date)) ? -1 : 1));
}
