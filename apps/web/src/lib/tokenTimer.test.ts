import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenTimer, isRefreshDue, TOKEN_CHECK_MS } from './tokenTimer';

describe('token check (spec 1 §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is due once the token is as old as the token time', () => {
    expect(isRefreshDue(undefined, 10_000, 3000)).toBe(false);
    expect(isRefreshDue(1000, 1000 + 2_999_000, 3000)).toBe(false);
    expect(isRefreshDue(1000, 1000 + 3_000_000, 3000)).toBe(true);
  });

  it('checks every 10 s and refreshes when due', async () => {
    let now = 0;
    const issued = 1;
    const refresh = vi.fn(async () => {});
    const timer = createTokenTimer({ issuedAt: () => issued, tokenTimeSeconds: 30, refresh, now: () => now });
    timer.start();
    now = 20_000;
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(refresh).not.toHaveBeenCalled();
    now = 30_001;
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    timer.stop();
    now = 90_000;
    await vi.advanceTimersByTimeAsync(TOKEN_CHECK_MS * 3);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('never starts a second refresh while one is in flight', async () => {
    let release!: () => void;
    const refresh = vi.fn(() => new Promise<void>((r) => (release = r)));
    const timer = createTokenTimer({ issuedAt: () => 1, tokenTimeSeconds: 0, refresh, now: () => 10_000 });
    const first = timer.tick();
    expect(timer.refreshing).toBe(true);
    await timer.tick();
    await timer.tick();
    expect(refresh).toHaveBeenCalledTimes(1);
    release();
    await first;
    expect(timer.refreshing).toBe(false);
  });

  it('a failed refresh releases the guard so that the next check retries', async () => {
    const refresh = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce(undefined);
    const timer = createTokenTimer({ issuedAt: () => 1, tokenTimeSeconds: 0, refresh, now: () => 10_000 });
    await timer.tick();
    expect(timer.refreshing).toBe(false);
    await timer.tick();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does nothing without a token', async () => {
    const refresh = vi.fn(async () => {});
    const timer = createTokenTimer({ issuedAt: () => undefined, tokenTimeSeconds: 0, refresh });
    await timer.tick();
    expect(refresh).not.toHaveBeenCalled();
  });
});
