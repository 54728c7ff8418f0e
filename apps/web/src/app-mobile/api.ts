/**
 * The field app's HTTP client: the console's OAuth client and headers (Basic client, Blade-Auth bearer, Tenant-Id),
 * the session in localStorage (a phone keeps it across restarts; the console's cookies are not shared). A 401
 * drops the session (a revoked device, an expired token) and the app returns to sign-in.
 */
import { md5 } from 'js-md5';
import { basicAuth, DEFAULT_TENANT } from '../api/client-config';

export const APP_VERSION = '1.0.0';
const SESSION_KEY = 'swp-app-session';
const DEVICE_KEY = 'swp-app-device';

export interface Session {
  token: string;
  refresh: string;
  tenantId: string;
  userId: string;
  name: string;
  account: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** true: the request never reached the server (offline, timeout) */
    readonly network = false,
  ) {
    super(message);
  }
}

let session: Session | null = load();
const listeners = new Set<() => void>();

function load(): Session | null {
  try {
    return JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
  } catch {
    return null;
  }
}

export const getSession = () => session;
export function setSession(s: Session | null) {
  session = s;
  if (s) localStorage.setItem(SESSION_KEY, JSON.stringify(s));
  else localStorage.removeItem(SESSION_KEY);
  for (const l of listeners) l();
}
export function onSession(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** This phone's own id, made once and kept (the device list and its sign-out use it). */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = `dev-${crypto.randomUUID()}`;
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

export const newClientId = (kind: string) => `${kind}-${crypto.randomUUID()}`;

/**
 * A new access token from the refresh token (a shift outlasts an access token). A revoked session's refresh token
 * is refused too, so a signed-out device stays signed out. One refresh at a time.
 */
let refreshing: Promise<boolean> | undefined;
function refresh(): Promise<boolean> {
  const s = session;
  if (!s?.refresh) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const res = await fetch('/api/blade-auth/oauth/token', {
        method: 'POST',
        headers: {
          Authorization: basicAuth(),
          'Tenant-Id': s.tenantId,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          tenantId: s.tenantId,
          grant_type: 'refresh_token',
          scope: 'all',
          refresh_token: s.refresh,
        }),
      });
      const b = await res.json().catch(() => undefined);
      if (!b?.access_token) return false;
      setSession({ ...s, token: b.access_token, refresh: b.refresh_token ?? s.refresh });
      return true;
    } catch {
      return false;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

export async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
  retried = false,
): Promise<T> {
  const headers: Record<string, string> = { Authorization: basicAuth() };
  if (session) {
    headers['Blade-Auth'] = `bearer ${session.token}`;
    headers['Tenant-Id'] = session.tenantId;
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const q = query ? `?${new URLSearchParams(query)}` : '';
  let res: Response;
  try {
    res = await fetch(url + q, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  } catch {
    throw new ApiError(0, 'network', true);
  }
  const json = await res.json().catch(() => undefined);
  if (res.status === 401 || json?.code === 401) {
    if (!retried && (await refresh())) return call<T>(method, url, body, query, true);
    setSession(null);
    throw new ApiError(401, json?.msg ?? 'unauthorized');
  }
  // the service worker answers an offline GET it has no copy of with 503 and `offline: true`
  if (json?.offline) throw new ApiError(503, 'offline', true);
  if (!json || json.success === false || (json.code && json.code !== 200)) {
    throw new ApiError(json?.code ?? res.status, json?.msg ?? json?.error_description ?? `HTTP ${res.status}`);
  }
  return json.data as T;
}

export async function signIn(
  tenantId: string,
  username: string,
  password: string,
  captcha?: { key: string; code: string },
) {
  const tenant = tenantId.trim() || DEFAULT_TENANT;
  const headers: Record<string, string> = {
    Authorization: basicAuth(),
    'Tenant-Id': tenant,
    'Content-Type': 'application/x-www-form-urlencoded',
  };
  if (captcha) {
    headers['Captcha-Key'] = captcha.key;
    headers['Captcha-Code'] = captcha.code;
  }
  const form = new URLSearchParams({
    tenantId: tenant,
    grant_type: captcha ? 'captcha' : 'password',
    scope: 'all',
    type: 'account',
    username: username.trim(),
    password: md5(password),
  });
  let res: Response;
  try {
    res = await fetch('/api/blade-auth/oauth/token', { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, 'network', true);
  }
  const body = await res.json().catch(() => undefined);
  if (!body?.access_token) throw new ApiError(res.status, body?.error_description ?? body?.msg ?? `HTTP ${res.status}`);
  setSession({
    token: body.access_token,
    refresh: body.refresh_token,
    tenantId: body.tenant_id ?? tenant,
    userId: String(body.user_id),
    name: body.real_name || body.user_name || username,
    account: body.account ?? username,
  });
}

export async function signOut() {
  try {
    await call('GET', '/api/blade-auth/oauth/logout');
  } catch {
    /* signing out works offline too */
  }
  navigator.serviceWorker?.controller?.postMessage('sign-out');
  setSession(null);
}

export async function publicConfig(): Promise<{ captcha: boolean }> {
  try {
    const r = await fetch('/api/blade-auth/oauth/config');
    const b = await r.json();
    return { captcha: (b?.data ?? b)?.captcha !== false };
  } catch {
    return { captcha: false };
  }
}

export async function captcha(): Promise<{ key: string; image: string }> {
  const r = await fetch('/api/blade-auth/oauth/captcha');
  const b = await r.json();
  return b?.data ?? b;
}
