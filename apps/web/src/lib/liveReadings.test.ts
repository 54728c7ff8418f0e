import { describe, expect, it } from 'vitest';
import type { Diagram, DiagramValue } from '../api/dispatch';
import { applyReadings, readingsOf } from './liveReadings';

const T0 = Date.parse('2026-11-28T04:00:00Z');
const val = (field: string, value: number | null, ts: number | null, step = 60): DiagramValue => ({
  field,
  name: field,
  nameEn: field,
  unit: '',
  value,
  time: ts === null ? null : new Date(ts).toISOString(),
  stale: value === null,
  step,
});

function diagram(): Diagram {
  return {
    columns: [],
    links: [],
    layoutSaved: false,
    time: new Date(T0).toISOString(),
    nodes: [
      {
        id: '1',
        stcd: 'YL003',
        stnm: 'P3',
        sttp: 'YL',
        kind: 'network',
        column: 3,
        x: 0,
        y: 0,
        values: [val('pressure', 0.31, T0 - 60_000)],
        pumps: [],
        stale: false,
      },
      {
        id: '2',
        stcd: 'BZ001',
        stnm: 'B1',
        sttp: 'BZ',
        kind: 'pump',
        column: 2,
        x: 0,
        y: 0,
        values: [val('outPress', null, T0 - 3_600_000)],
        pumps: [
          {
            no: 1,
            running: null,
            state: val('pump1State', null, T0 - 3_600_000),
            frequency: val('pump1Freq', null, T0 - 3_600_000),
            flow: null,
            pressure: null,
          },
        ],
        stale: true,
      },
    ],
  };
}

describe('applyReadings', () => {
  it('puts a newer reading on its station and field, leaving the rest alone', () => {
    const d = diagram();
    const out = applyReadings(d, [['YL003', 'pressure', 0.345, T0, 60]], T0 + 1000);
    expect(out).not.toBe(d);
    expect(out.nodes[0].values[0]).toMatchObject({ value: 0.345, stale: false, time: new Date(T0).toISOString() });
    expect(out.nodes[1]).toBe(d.nodes[1]);
    expect(d.nodes[0].values[0].value).toBe(0.31);
  });

  it('ignores an older reading and readings of stations or fields not drawn', () => {
    const d = diagram();
    expect(applyReadings(d, [['YL003', 'pressure', 0.2, T0 - 120_000, 60]], T0)).toBe(d);
    expect(applyReadings(d, [['YL999', 'pressure', 0.2, T0, 60]], T0)).toBe(d);
    expect(applyReadings(d, [['YL003', 'flow', 3, T0, 60]], T0)).toBe(d);
  });

  it('shows a reading older than three intervals as stale, without its number', () => {
    const out = applyReadings(diagram(), [['YL003', 'pressure', 0.4, T0, 60]], T0 + 181_000);
    expect(out.nodes[0].values[0]).toMatchObject({ value: null, stale: true });
    expect(out.nodes[0].stale).toBe(true);
  });

  it('turns a pump on from its state and brings its station back into contact', () => {
    const out = applyReadings(
      diagram(),
      [
        ['BZ001', 'pump1State', 1, T0, 60],
        ['BZ001', 'pump1Freq', 42.5, T0, 60],
      ],
      T0 + 5000,
    );
    const n = out.nodes[1];
    expect(n.pumps[0].running).toBe(true);
    expect(n.pumps[0].frequency?.value).toBe(42.5);
    expect(n.stale).toBe(false);
    const off = applyReadings(out, [['BZ001', 'pump1State', 0, T0 + 60_000, 60]], T0 + 61_000);
    expect(off.nodes[1].pumps[0].running).toBe(false);
  });
});

describe('readingsOf', () => {
  it('reads the values of an event and drops malformed ones; none for a count-only event', () => {
    expect(readingsOf({ points: 3 })).toBeNull();
    expect(readingsOf(undefined)).toBeNull();
    expect(readingsOf({ values: [['A', 'f', 1, 2, 60], ['B', 'f', 'x', 2, 60], 'junk'] })).toEqual([
      ['A', 'f', 1, 2, 60],
    ]);
  });
});
