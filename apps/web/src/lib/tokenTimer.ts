/**
 * The token check (spec 1 §4, §9): every 10 s the age of the access token is compared with the configured token
 * time; when it has reached it, the token is refreshed. A refresh in flight blocks further ones (no overlap),
 * and a failed refresh releases the guard so that the next tick tries again.
 */
export const TOKEN_CHECK_MS = 10_000;

export interface TokenTimerOptions {
  /** when the current token was issued (ms since epoch), or undefined when there is none */
  issuedAt(): number | undefined;
  /** the configured token time, in seconds */
  tokenTimeSeconds: number;
  refresh(): Promise<unknown>;
  now?: () => number;
  intervalMs?: number;
}

/** True when a token issued at `issuedAt` is due for refresh at `now`. */
export function isRefreshDue(issuedAt: number | undefined, now: number, tokenTimeSeconds: number): boolean {
  if (!issuedAt || !Number.isFinite(issuedAt)) return false;
  return (now - issuedAt) / 1000 >= tokenTimeSeconds;
}

export interface TokenTimer {
  /** one check; resolves when a refresh it started has finished */
  tick(): Promise<void>;
  start(): void;
  stop(): void;
  readonly refreshing: boolean;
}

export function createTokenTimer(opts: TokenTimerOptions): TokenTimer {
  const now = opts.now ?? Date.now;
  let handle: ReturnType<typeof setInterval> | undefined;
  let refreshing = false;

  async function tick() {
    if (refreshing) return;
    if (!isRefreshDue(opts.issuedAt(), now(), opts.tokenTimeSeconds)) return;
    refreshing = true;
    try {
      await opts.refresh();
    } catch {
      // the next tick retries; a 401 on refresh signs out through the HTTP client
    } finally {
      refreshing = false;
    }
  }

  return {
    tick,
    start() {
      if (handle) return;
      handle = setInterval(() => void tick(), opts.intervalMs ?? TOKEN_CHECK_MS);
    },
    stop() {
      if (handle) clearInterval(handle);
      handle = undefined;
    },
    get refreshing() {
      return refreshing;
    },
  };
}
