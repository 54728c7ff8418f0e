/**
 * The 32-bit avalanche mixer behind the deterministic draws (two multiply-xorshift rounds): the monitoring simulator's
 * counter-based random numbers and the patrol seed's draws use the same one, so it lives here once.
 */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x21f0aaad);
  x ^= x >>> 15;
  x = Math.imul(x, 0x735a2d97);
  x ^= x >>> 15;
  return x >>> 0;
}
