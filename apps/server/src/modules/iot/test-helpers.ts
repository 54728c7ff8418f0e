/** Shared by the iot API suites (iot.api, mqtt.api): reading back what a device sent, as monitor/his shows it. */
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { formatDateTime } from '../../core/time.ts';

/**
 * The readings of station `stcd`'s `field` from `ts - span` to `ts + span` (ms), unfiltered and not thinned, as
 * monitor/his answers them (it must answer 200).
 */
export async function rawHistory(t: TestApp, stcd: string, field: string, ts: number, span: number) {
  const his = await t.post('/api/swp-computing/monitor/his', {
    stcd,
    dataFields: field,
    startTime: formatDateTime(new Date(ts - span)),
    endTime: formatDateTime(new Date(ts + span)),
    querySetting: { filterOutliers: false, dataDilute: null },
  });
  expect(his.statusCode, his.body).toBe(200);
  return his.json().data.statistics[field];
}
