/**
 * Snowflake-style 64-bit ids: milliseconds since 2020 (41 bits), a random worker (10 bits), a sequence (12 bits).
 * Several instances can write to one database without coordinating.
 */
const EPOCH = 1_577_836_800_000n; // 2020-01-01
const worker = BigInt(Math.floor(Math.random() * 1024));
let lastMs = 0n;
let seq = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) {
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else {
    seq = 0n;
  }
  if (now < lastMs) now = lastMs; // clock stepped back: keep ids increasing
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | seq).toString();
}
