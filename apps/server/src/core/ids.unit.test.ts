import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from './ids.ts';

afterEach(() => vi.useRealTimers());

describe('newId', () => {
  it('stays unique and increasing within a millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => BigInt(newId()));
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
  });

  it('stays unique after the clock steps back (a faked clock ahead, then the real one)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * 86_400_000);
    const ahead = BigInt(newId());
    vi.useRealTimers();
    // the clock is now three days behind the last id: 5,000 more ids (past one millisecond's sequence) stay unique
    const after = Array.from({ length: 5_000 }, () => BigInt(newId()));
    expect(new Set([ahead, ...after]).size).toBe(after.length + 1);
    expect(after.every((id) => id > ahead)).toBe(true);
  });
});
