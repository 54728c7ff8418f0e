import { describe, expect, it } from 'vitest';
import { copyBinary } from './store.ts';

/** Reads back the rows of a binary COPY buffer as PostgreSQL would. */
function decode(buf: Buffer) {
  expect(buf.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
  expect(buf.readInt32BE(11)).toBe(0); // flags
  expect(buf.readInt32BE(15)).toBe(0); // header extension
  let o = 19;
  const rows: { s: number; us: bigint; v: number }[] = [];
  for (;;) {
    const fields = buf.readInt16BE(o);
    o += 2;
    if (fields === -1) break;
    expect(fields).toBe(3);
    expect(buf.readInt32BE(o)).toBe(4);
    const s = buf.readInt32BE(o + 4);
    expect(buf.readInt32BE(o + 8)).toBe(8);
    const us = buf.readBigInt64BE(o + 12);
    expect(buf.readInt32BE(o + 20)).toBe(8);
    const v = buf.readDoubleBE(o + 24);
    o += 32;
    rows.push({ s, us, v });
  }
  expect(o).toBe(buf.length);
  return rows;
}

describe('copyBinary', () => {
  it('writes series, microseconds since 2000-01-01 UTC and the value of the chosen rows', () => {
    const points = {
      seriesIds: [7, 8, 2_000_000_000, 9],
      ts: [Date.UTC(2000, 0, 1, 0, 0, 1), Date.UTC(2026, 10, 28, 4, 30, 0, 123), Date.UTC(1999, 11, 31, 23, 59, 59), 0],
      values: [0.352, -12.5, 1e300, 0],
    };
    expect(decode(copyBinary(points, 0, 3))).toEqual([
      { s: 7, us: 1_000_000n, v: 0.352 },
      { s: 8, us: BigInt(Date.UTC(2026, 10, 28, 4, 30, 0, 123) - Date.UTC(2000, 0, 1)) * 1000n, v: -12.5 },
      // before 2000: a negative int64, two's complement across both halves
      { s: 2_000_000_000, us: -1_000_000n, v: 1e300 },
    ]);
    expect(decode(copyBinary(points, 1, 2))).toHaveLength(1);
    expect(decode(copyBinary(points, 2, 2))).toEqual([]);
  });
});
