/**
 * What the HTTP client needs from the rest of the app, wired at start by the shell (session store, toasts,
 * error log). Kept as hooks so the client has no import cycle with the stores.
 */
export interface HttpHooks {
  authHeaders(): Record<string, string>;
  onUnauthorized(): void;
  /** 423: the session's screen is locked (another tab locked it) */
  onLocked(): void;
  toastError(message: string): void;
  logError(entry: { url: string; message: string; code: number }): void;
}

export const httpHooks: HttpHooks = {
  authHeaders: () => ({}),
  onUnauthorized: () => {},
  onLocked: () => {},
  toastError: () => {},
  logError: () => {},
};

export function setHttpHooks(h: Partial<HttpHooks>) {
  Object.assign(httpHooks, h);
}
