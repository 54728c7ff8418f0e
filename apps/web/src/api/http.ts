/**
 * The one HTTP client (spec 1 §7 conventions, §8 error catalogue). Every call carries the Basic client header,
 * the Blade-Auth bearer token and the tenant; statuses 200–500 all reach the body check:
 * - code 200: resolve; codes in the white list: reject silently; 401: sign out and go to /login; 423: the
 *   session's screen is locked (in another tab): lock this one too;
 * - any other code: toast the server message (or error_description, or "unknown error") and reject.
 */
import type { Envelope } from '@swp/contract';
import { basicAuth, REQUEST_TIMEOUT_MS } from './client-config';
import { httpHooks } from './hooks';

export interface RequestOptions {
  params?: Record<string, unknown>;
  /** JSON body (default) or, with `form: true`, an x-www-form-urlencoded body */
  data?: unknown;
  form?: boolean;
  headers?: Record<string, string>;
  /** no toast on error (the caller shows its own) */
  silent?: boolean;
  signal?: AbortSignal;
  /** overrides REQUEST_TIMEOUT_MS (uploads of large imports) */
  timeoutMs?: number;
}

export class HttpError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** Body codes that reject without a toast (e.g. the caller handles them). */
export const CODE_WHITELIST = new Set<number>([]);

export function toQuery(params?: Record<string, unknown>): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    q.append(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

async function send(method: string, url: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Authorization: basicAuth(), ...httpHooks.authHeaders(), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.data !== undefined) {
    if (opts.data instanceof FormData) body = opts.data;
    else if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = toQuery(opts.data as Record<string, unknown>).slice(1);
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.data);
    }
  }
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  return fetch(url + toQuery(opts.params), { method, headers, body, signal, credentials: 'include' });
}

function fail(code: number, message: string, body: unknown, opts: RequestOptions, url = ''): never {
  if (code === 401) httpHooks.onUnauthorized();
  else if (code === 423) httpHooks.onLocked();
  else if (!CODE_WHITELIST.has(code) && !opts.silent) httpHooks.toastError(message);
  if (code !== 401 && code !== 423 && !CODE_WHITELIST.has(code)) httpHooks.logError({ url, message, code });
  throw new HttpError(code, message, body);
}

const writeListeners = new Set<(url: string) => void>();
/** Called after every successful write (any method but GET) with its URL; caches of read-mostly data drop there. */
export function onWrite(listener: (url: string) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** Sends a request and returns the whole envelope (for callers that need msg). */
export async function requestEnvelope<T>(method: string, url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  let res: Response;
  try {
    res = await send(method, url, opts);
  } catch (e) {
    // a caller that aborts its own request gets no toast and no log entry
    if ((e as Error).name === 'AbortError') throw new HttpError(0, 'aborted');
    const msg = (e as Error).name === 'TimeoutError' ? '请求超时' : '网络异常';
    if (!opts.silent) httpHooks.toastError(msg);
    httpHooks.logError({ url, message: msg, code: 0 });
    throw new HttpError(0, msg);
  }
  let body: any;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const code: number = body?.code ?? body?.error_code ?? res.status;
  if (code !== 200 || res.status > 500) {
    const message = body?.msg || body?.error_description || 'unknown error';
    return fail(code, message, body, opts, url);
  }
  if (method !== 'GET') for (const listener of writeListeners) listener(url);
  return body as Envelope<T>;
}

export async function request<T>(method: string, url: string, opts?: RequestOptions): Promise<T> {
  return (await requestEnvelope<T>(method, url, opts)).data;
}

export const http = {
  get: <T>(url: string, params?: Record<string, unknown>, opts?: RequestOptions) =>
    request<T>('GET', url, { ...opts, params }),
  post: <T>(url: string, data?: unknown, opts?: RequestOptions) => request<T>('POST', url, { ...opts, data }),
  put: <T>(url: string, data?: unknown, opts?: RequestOptions) => request<T>('PUT', url, { ...opts, data }),
  delete: <T>(url: string, params?: Record<string, unknown>, opts?: RequestOptions) =>
    request<T>('DELETE', url, { ...opts, params }),
  /** raw fetch through the same headers, for bare replies (sign-in) */
  raw: send,
  /** a file download: the blob and the file name from content-disposition */
  async blob(method: string, url: string, opts: RequestOptions = {}, fallbackName = '数据导出.xlsx') {
    const res = await send(method, url, opts);
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const body = await res.json();
      return fail(body?.code ?? res.status, body?.msg ?? 'unknown error', body, opts, url);
    }
    return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) ?? fallbackName };
  },
};

/** File name from a content-disposition header (RFC 5987 filename* first, then filename). */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain ? decodeURIComponent(plain[2]) : undefined;
}
