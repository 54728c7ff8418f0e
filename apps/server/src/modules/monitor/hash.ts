/**
 * Counter-based random numbers: every draw is a pure function of (seed, key, index, stream), so any time window
 * of any station can be regenerated on its own and gives the same values as a longer run (domain.md).
 * The mixer is a 32-bit avalanche function (two multiply-xorshift rounds per input word).
 */

import { mix32 } from '../../core/mix32.ts';

const TWO32 = 4_294_967_296;

/** uint32 from (seed, key, index, stream); index may be any non-negative integer below 2^53. */
export function hash(seed: number, key: number, index: number, stream: number): number {
  const lo = index >>> 0;
  const hi = Math.floor(index / TWO32) >>> 0;
  let h = mix32((seed >>> 0) ^ 0x9e3779b9);
  h = mix32(h ^ (key >>> 0));
  h = mix32((h + Math.imul(stream + 1, 0x85ebca6b)) >>> 0);
  h = mix32(h ^ lo);
  h = mix32(h ^ hi ^ 0x27d4eb2f);
  return h;
}

/** Uniform in the open interval (0, 1). */
export function uniform(seed: number, key: number, index: number, stream: number): number {
  return (hash(seed, key, index, stream) + 0.5) / TWO32;
}

/** Standard normal (Box–Muller over two streams). */
export function normal(seed: number, key: number, index: number, stream: number): number {
  const u1 = uniform(seed, key, index, stream * 2 + 1000);
  const u2 = uniform(seed, key, index, stream * 2 + 1001);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** A stable 32-bit key for a string (FNV-1a), e.g. a station code. */
export function keyOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
