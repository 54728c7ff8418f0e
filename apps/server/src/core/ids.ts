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
  if (now <= lastMs) {
    // the same millisecond, or the clock stepped back (NTP, a test's faked clock): go on counting after the last id,
    // so ids stay unique and increasing; an exhausted sequence borrows the next millisecond instead of waiting for
    // a clock that may be far behind
    now = lastMs;
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) now = lastMs + 1n;
  } else {
    seq = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | seq).toString();
}
