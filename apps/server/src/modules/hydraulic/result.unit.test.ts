/**
 * The stored result blob (result.ts): packed in the worker into a buffer of its own (transferred whole to the main
 * thread), read back in place when its arrays sit on a 4-byte boundary, copied when they do not (a driver's buffer).
 */
import { describe, expect, it } from 'vitest';
import type { SimResult } from './engine.ts';
import { pack, unpack } from './result.ts';

const sim = (quality: boolean): SimResult => ({
  times: [0, 3600],
  nodeCodes: ['J1', 'J2', 'R1'],
  nodeTypes: [0, 0, 1],
  linkCodes: ['P1', 'P2'],
  linkTypes: [1, 1],
  pressure: Float32Array.from([30, 28.5, 0, 29, 27.25, 0]),
  head: Float32Array.from([50, 48.5, 60, 49, 47.25, 60]),
  flow: Float32Array.from([10, 4, 12, 5]),
  velocity: Float32Array.from([0.5, 0.2, 0.6, 0.25]),
  ...(quality ? { quality: { mode: 'age' as const }, nodeQuality: Float32Array.from([0, 0, 0, 1, 2, 0]) } : {}),
});

describe('result blob', () => {
  it('packs into a buffer of its own and reads back in place', () => {
    for (const q of [false, true]) {
      const r = sim(q);
      const blob = pack(r);
      // its own ArrayBuffer (never Node's shared pool): safe to transfer to another thread
      expect(blob.byteOffset).toBe(0);
      expect(blob.buffer.byteLength).toBe(blob.byteLength);
      const back = unpack(blob);
      expect(back.pressure.buffer).toBe(blob.buffer);
      for (const k of ['times', 'nodeCodes', 'nodeTypes', 'linkCodes', 'linkTypes', 'quality'] as const)
        expect(back[k]).toEqual(r[k]);
      for (const k of ['pressure', 'head', 'flow', 'velocity', 'nodeQuality'] as const)
        expect(back[k] && Array.from(back[k])).toEqual(r[k] && Array.from(r[k]));
    }
  });

  it('copies arrays that sit off a 4-byte boundary', () => {
    const blob = pack(sim(true));
    const shifted = new Uint8Array(blob.byteLength + 1);
    shifted.set(blob, 1);
    const back = unpack(shifted.subarray(1));
    expect(back.pressure.buffer).not.toBe(shifted.buffer);
    expect(Array.from(back.head)).toEqual([50, 48.5, 60, 49, 47.25, 60]);
    expect(Array.from(back.nodeQuality ?? [])).toEqual([0, 0, 0, 1, 2, 0]);
  });
});
