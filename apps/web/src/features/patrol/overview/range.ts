/**
 * The overview's default range (the last 30 days) and its query (range bounds as wire times, department, dimension).
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { Dimension, OverviewQuery } from '../../../api/patrol';
import { wireTime } from '../../../lib/wireTime';

export function defaultRange(now = dayjs()): [Dayjs, Dayjs] {
  return [now.subtract(29, 'day').startOf('day'), now.endOf('day')];
}

/** The query of the dashboard: the range's bounds as wire times, the department, the report dimension. */
export function overviewQuery(range: [Dayjs, Dayjs], deptId: string | undefined, dimension: Dimension): OverviewQuery {
  return {
    startTime: wireTime(range[0].startOf('day')),
    endTime: wireTime(range[1].endOf('day')),
    deptId: deptId || undefined,
    dimension,
  };
}
