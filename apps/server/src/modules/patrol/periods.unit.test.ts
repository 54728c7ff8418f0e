import { describe, expect, it } from 'vitest';
import { expandPeriods, isOverdue, isPunctual, localDay, localMidnight, parseDay, TASK_STATUS } from './periods.ts';

const days = (slots: { firstDay: string; lastDay: string }[]) => slots.map((s) => `${s.firstDay}/${s.lastDay}`);

describe('plan periods', () => {
  it('daily: one period per local day, midnight to midnight in the utility time zone', () => {
    const s = expandPeriods('daily', '2026-02-27', '2026-03-02', 'Asia/Shanghai');
    expect(s.map((x) => x.firstDay)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(s[0].start.toISOString()).toBe('2026-02-26T16:00:00.000Z');
    expect(s[0].end.toISOString()).toBe('2026-02-27T16:00:00.000Z');
  });

  it('monthly: calendar months clipped to the plan, month ends of 28, 29, 30 and 31 days', () => {
    const s = expandPeriods('monthly', '2024-01-31', '2024-05-15', 'Asia/Shanghai');
    expect(days(s)).toEqual([
      '2024-01-31/2024-01-31',
      '2024-02-01/2024-02-29', // leap year
      '2024-03-01/2024-03-31',
      '2024-04-01/2024-04-30',
      '2024-05-01/2024-05-15',
    ]);
    expect(days(expandPeriods('monthly', '2023-02-01', '2023-02-28', 'UTC'))).toEqual(['2023-02-01/2023-02-28']);
    expect(days(expandPeriods('monthly', '2100-02-01', '2100-03-01', 'UTC'))).toEqual([
      '2100-02-01/2100-02-28',
      '2100-03-01/2100-03-01',
    ]);
  });

  it('weekly: ISO weeks Monday to Sunday, across a year end', () => {
    const s = expandPeriods('weekly', '2025-12-24', '2026-01-12', 'Asia/Shanghai');
    expect(days(s)).toEqual([
      '2025-12-24/2025-12-28',
      '2025-12-29/2026-01-04',
      '2026-01-05/2026-01-11',
      '2026-01-12/2026-01-12',
    ]);
    expect(s[1].end.getTime() - s[1].start.getTime()).toBe(7 * 86_400_000);
  });

  it('a window keeps only the overlapping periods', () => {
    const s = expandPeriods('monthly', '2026-01-01', '2026-12-31', 'UTC', {
      fromDay: '2026-03-15',
      toDay: '2026-04-02',
    });
    expect(days(s)).toEqual(['2026-03-01/2026-03-31', '2026-04-01/2026-04-30']);
  });

  it('time zones: a day is 23 or 25 hours across daylight saving time', () => {
    const spring = expandPeriods('daily', '2026-03-08', '2026-03-08', 'America/New_York')[0];
    expect(spring.start.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const autumn = expandPeriods('daily', '2026-11-01', '2026-11-01', 'America/New_York')[0];
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
    expect(localMidnight(parseDay('2026-06-01')!, 'Asia/Shanghai').toISOString()).toBe('2026-05-31T16:00:00.000Z');
    // 23:30 UTC on 31 May is already 1 June in Shanghai
    expect(localDay(Date.parse('2026-05-31T23:30:00Z'), 'Asia/Shanghai')).toBe(parseDay('2026-06-01'));
  });

  it('refuses dates that do not exist', () => {
    expect(parseDay('2023-02-29')).toBeUndefined();
    expect(parseDay('2024-02-29')).toBeDefined();
    expect(() => expandPeriods('daily', '2026-13-01', '2026-12-01', 'UTC')).toThrow();
  });
});

describe('overdue and punctuality', () => {
  const periodEnd = new Date('2026-03-02T00:00:00Z');
  it('an unfinished task is overdue from its period end on', () => {
    expect(isOverdue({ taskStatus: TASK_STATUS.running, periodEnd }, new Date('2026-03-01T23:59:59Z'))).toBe(false);
    expect(isOverdue({ taskStatus: TASK_STATUS.running, periodEnd }, periodEnd)).toBe(true);
    expect(isOverdue({ taskStatus: TASK_STATUS.pending, periodEnd }, new Date('2026-03-05T00:00:00Z'))).toBe(true);
    expect(isOverdue({ taskStatus: TASK_STATUS.finished, periodEnd }, new Date('2026-03-05T00:00:00Z'))).toBe(false);
  });
  it('finished within the grace minutes counts as on time', () => {
    expect(isPunctual({ finishTime: new Date('2026-03-02T00:29:00Z'), periodEnd }, 30)).toBe(true);
    expect(isPunctual({ finishTime: new Date('2026-03-02T00:31:00Z'), periodEnd }, 30)).toBe(false);
    expect(isPunctual({ finishTime: null, periodEnd }, 30)).toBe(false);
  });
});
