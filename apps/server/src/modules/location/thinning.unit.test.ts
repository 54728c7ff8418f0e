import { describe, expect, it } from 'vitest';
import { douglasPeucker, thinTrace, traceLength } from './thinning.ts';

const line = (n: number, f: (i: number) => [number, number]) =>
  Array.from({ length: n }, (_, i) => ({ ts: i * 1000, x: f(i)[0], y: f(i)[1] }));

describe('trace thinning', () => {
  it('a straight walk keeps only its ends', () => {
    const pts = line(500, (i) => [500_000 + i, 3_500_000 + 2 * i]);
    expect(thinTrace(pts, 1)).toEqual([pts[0], pts[499]]);
  });
  it('keeps the corners of an L-shaped walk and drops jitter below the tolerance', () => {
    const pts = line(201, (i) => (i <= 100 ? [i * 10, (i % 2) * 0.5] : [1000 + (i % 2) * 0.5, (i - 100) * 10]));
    const kept = thinTrace(pts, 2);
    expect(kept.map((p) => p.ts)).toEqual([0, 100_000, 200_000]);
  });
  it('raises the tolerance until the trace fits maxPoints, keeping first and last', () => {
    const pts = line(5000, (i) => [i, 30 * Math.sin(i / 10)]);
    const kept = thinTrace(pts, 0, 100);
    expect(kept.length).toBeLessThanOrEqual(100);
    expect(kept[0]).toBe(pts[0]);
    expect(kept.at(-1)).toBe(pts[4999]);
    // time order is kept
    for (let i = 1; i < kept.length; i++) expect(kept[i].ts).toBeGreaterThan(kept[i - 1].ts);
  });
  it('keeps everything above the tolerance', () => {
    const zigzag = line(9, (i) => [i * 10, (i % 2) * 20]);
    expect(douglasPeucker(zigzag, 5)).toHaveLength(9);
    expect(traceLength(line(3, (i) => [i * 3, i * 4]))).toBe(10);
  });
});
