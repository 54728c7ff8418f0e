/**
 * Wires the one HTTP client to the session (Blade-Auth bearer token, Tenant-Id), the 401 rule (sign out, go to
 * /login), toasts and the local error log; and appends unhandled script errors to the error log.
 */
import { DEFAULT_TENANT } from '../api/client-config';
import { setHttpHooks } from '../api/hooks';
import { HttpError } from '../api/http';
import { toastError } from '../lib/feedback';
import { navigateTo } from '../lib/nav';
import { listenToOtherTabs, lockedByServer } from '../shell/lock/sessionLock';
import { useErrorLog } from '../stores/errorLog';
import { getToken, useSession } from '../stores/session';

let wired = false;

export function wireApp() {
  if (wired) return;
  wired = true;
  setHttpHooks({
    authHeaders() {
      const s = useSession.getState();
      const headers: Record<string, string> = { 'Tenant-Id': s.tenantId || DEFAULT_TENANT };
      // the cookie first: another tab may have refreshed the token
      const token = getToken() || s.token;
      if (token) headers['Blade-Auth'] = `bearer ${token}`;
      return headers;
    },
    onUnauthorized() {
      const s = useSession.getState();
      if (!s.token && !getToken()) {
        if (location.pathname !== '/login') navigateTo('/login', { replace: true });
        return;
      }
      s.fedLogout();
      navigateTo('/login', { replace: true });
    },
    onLocked: lockedByServer,
    toastError,
    logError({ url, message, code }) {
      useErrorLog.getState().add({ type: 'error', url, message: code ? `[${code}] ${message}` : message });
    },
  });

  listenToOtherTabs();
  window.addEventListener('error', (e) => {
    if (!e.error && !e.message) return;
    useErrorLog.getState().add({
      type: 'bug',
      url: location.href,
      message: e.error instanceof Error ? e.error.message : e.message || String(e.error),
      stack: e.error?.stack,
      info: e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : undefined,
    });
  });
  window.addEventListener('unhandledrejection', (e) => {
    const r = e.reason;
    // interface errors are logged by the HTTP client already
    if (r instanceof HttpError) return;
    useErrorLog.getState().add({
      type: 'bug',
      url: location.href,
      message: r?.message ?? String(r),
      stack: r?.stack,
      info: 'unhandledrejection',
    });
  });
}
