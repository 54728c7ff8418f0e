/** The wire's pure parsing: topics, user names, and readings refused whole at the first bad one. */
import { describe, expect, it } from 'vitest';
import { FUTURE_MS, parseJson, parseReadings, parseTopic, parseUsername, Refusal } from './wire.ts';

const fields = new Map([
  ['flow', 11],
  ['pressure', 12],
]);
const NOW = Date.UTC(2026, 10, 27, 2, 0, 0);

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof Refusal) return e.reason;
    throw e;
  }
  return 'accepted';
}

describe('topics and user names', () => {
  it('parses a device topic and refuses anything else', () => {
    expect(parseTopic('swp/000000/FM-YL001/telemetry')).toEqual({ tenantId: '000000', deviceCode: 'FM-YL001' });
    for (const t of [
      'swp/000000/FM-YL001',
      'swp/000000/a/b/telemetry',
      'x/000000/A/telemetry',
      'swp/0 0/A/telemetry',
    ]) {
      expect(parseTopic(t), t).toBeUndefined();
    }
  });

  it('splits {deviceCode}@{tenantId} at the last @', () => {
    expect(parseUsername('FM-YL001@000000')).toEqual({ tenantId: '000000', deviceCode: 'FM-YL001' });
    expect(parseUsername('FM-YL001')).toBeUndefined();
    expect(parseUsername('@000000')).toBeUndefined();
    expect(parseUsername('a@b@000000')).toBeUndefined();
    expect(parseUsername(undefined)).toBeUndefined();
  });
});

describe('readings', () => {
  it('turns one reading or an array into points of the device series', () => {
    expect(parseReadings({ ts: NOW, values: { flow: 1.5, pressure: 0.3 } }, fields, NOW)).toEqual({
      seriesIds: [11, 12],
      ts: [NOW, NOW],
      values: [1.5, 0.3],
    });
    const local = parseReadings(
      [{ ts: '2026-11-27 10:00:00', values: { flow: 2 } }, { values: { flow: 3 } }],
      fields,
      NOW,
    );
    expect(local.ts).toEqual([new Date(2026, 10, 27, 10, 0, 0).getTime(), NOW]);
    expect(local.values).toEqual([2, 3]);
  });

  it('refuses the whole message at the first bad reading, with its reason', () => {
    const ok = { ts: NOW, values: { flow: 1 } };
    expect(reason(() => parseReadings([ok, { ts: NOW, values: { snow: 1 } }], fields, NOW))).toBe('field');
    expect(reason(() => parseReadings([ok, { ts: NOW, values: { flow: '1' } }], fields, NOW))).toBe('value');
    expect(reason(() => parseReadings({ ts: NOW, values: { flow: Number.NaN } }, fields, NOW))).toBe('value');
    expect(reason(() => parseReadings({ ts: NOW + FUTURE_MS + 1, values: { flow: 1 } }, fields, NOW))).toBe('future');
    expect(reason(() => parseReadings({ ts: NOW + FUTURE_MS, values: { flow: 1 } }, fields, NOW))).toBe('accepted');
    expect(reason(() => parseReadings({ ts: 1.5, values: { flow: 1 } }, fields, NOW))).toBe('time');
    expect(reason(() => parseReadings({ ts: '2026-11-27T10:00:00Z', values: { flow: 1 } }, fields, NOW))).toBe('time');
    expect(reason(() => parseReadings({ ts: 0, values: { flow: 1 } }, fields, NOW))).toBe('time');
    expect(reason(() => parseReadings({ ts: NOW, values: {} }, fields, NOW))).toBe('payload');
    expect(reason(() => parseReadings({ ts: NOW, values: { flow: 1 }, device: 'x' }, fields, NOW))).toBe('payload');
    expect(reason(() => parseReadings([], fields, NOW))).toBe('payload');
    expect(reason(() => parseReadings(Array(1001).fill(ok), fields, NOW))).toBe('payload');
    expect(reason(() => parseJson('{"ts":'))).toBe('payload');
  });
});
