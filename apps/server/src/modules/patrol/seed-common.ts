/** What every part of the patrol seed shares: the demo tenant, its password, a day, deterministic draws. */
import { mix32 } from '../../core/mix32.ts';

export const DEMO_TENANT = '000000';
export const DEMO_PASSWORD = '123456';
export const DAY = 86_400_000;

/** Uniform [0, 1) of a string key and a stream number. */
export function draw(key: string, stream = 0): number {
  let h = 0x811c9dc5 ^ stream;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return mix32(mix32(h >>> 0) ^ Math.imul(stream + 1, 0x9e3779b9)) / 4_294_967_296;
}
