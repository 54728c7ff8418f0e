/**
 * What the HTTP client needs from the rest of the app, wired at start by the shell (session store, toasts,
 * error log). Kept as hooks so the client has no import cycle with the stores.
 */
export interface HttpHooks {
  authHeaders(): Record<string, string>;
  onUnauthorized(): void;
  toastError(message: string): void;
  logError(entry: { url: string; message: string; code: number }): void;
}

export const httpHooks: HttpHooks = {
  authHeaders: () => ({}),
  onUnauthorized: () => {},
  toastError: () => {},
  logError: () => {},
};

export function setHttpHooks(h: Partial<HttpHooks>) {
  Object.assign(httpHooks, h);
}
