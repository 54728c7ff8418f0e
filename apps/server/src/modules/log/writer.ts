/**
 * Batched log writing: the hot path only pushes a row into memory; rows are inserted a moment later in one
 * multi-row INSERT per table, or at once when a batch fills up, and on shutdown. A database hiccup drops that
 * batch (reported through `onError`) rather than piling rows up without bound.
 */
import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { logApi, logError, logUsual } from './schema.ts';

export type LogKind = 'usual' | 'api' | 'error';
type Tables = { usual: typeof logUsual; api: typeof logApi; error: typeof logError };
export type LogRow<K extends LogKind> = Tables[K]['$inferInsert'];

const TABLES: Tables = { usual: logUsual, api: logApi, error: logError };

export const SERVICE_ID = 'swp-console';
/** GET calls slower than this are written to the API log too */
export const SLOW_MS = 1000;
export const PARAMS_MAX = 10_000;
const MASK = '******';
const SECRET_KEY = /pass(word)?|secret|token|captcha[-_]?code|authorization|credential|private[-_]?key/i;

/** Where this instance runs, stamped on every row. */
export const host = (() => {
  let ip = '';
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) {
      if (!a.internal && a.family === 'IPv4') {
        ip = a.address;
        break;
      }
    }
    if (ip) break;
  }
  return { serverHost: os.hostname(), serverIp: ip || '127.0.0.1', env: process.env.NODE_ENV || 'production' };
})();

/** JSON of a value with secret-looking keys masked, cut to `max` characters; never throws. */
export function maskedJson(value: unknown, max = PARAMS_MAX): string | null {
  if (value === undefined || value === null) return null;
  const seen = new WeakSet<object>();
  let text: string;
  try {
    // a function replacer sees toJSON() results (a Buffer as {type,data}): read the holder for the raw value
    text = JSON.stringify(value, function (this: any, key, v) {
      if (key && SECRET_KEY.test(key) && v !== null && v !== undefined && v !== '') return MASK;
      const raw = key ? this[key] : v;
      if (raw && typeof raw === 'object' && (Buffer.isBuffer(raw) || ArrayBuffer.isView(raw))) {
        return `[binary ${(raw as Uint8Array).byteLength} bytes]`;
      }
      if (typeof v === 'bigint') return v.toString();
      if (v && typeof v === 'object') {
        if (typeof (v as { pipe?: unknown }).pipe === 'function') return '[stream]';
        if (seen.has(v)) return '[circular]';
        seen.add(v);
      }
      return v;
    });
  } catch {
    return '[unserialisable]';
  }
  if (text === undefined) return null;
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export const cut = (s: string | null | undefined, max: number) =>
  s === undefined || s === null ? null : s.length > max ? s.slice(0, max) : s;

/** The request part of a log row: who called what, from where, with which parameters. */
export interface RequestFields {
  serviceId: string;
  serverHost: string;
  serverIp: string;
  env: string;
  tenantId: string;
  method: string | null;
  requestUri: string | null;
  userAgent: string | null;
  remoteIp: string | null;
  methodClass: string | null;
  methodName: string | null;
  params: string | null;
  createBy: string | null;
}

export function requestFields(req: FastifyRequest | null | undefined, tenantId = '000000'): RequestFields {
  if (!req) {
    return {
      serviceId: SERVICE_ID,
      ...host,
      tenantId,
      method: null,
      requestUri: null,
      userAgent: null,
      remoteIp: null,
      methodClass: null,
      methodName: null,
      params: null,
      createBy: null,
    };
  }
  const path = req.url.split('?')[0];
  const route = (req.routeOptions?.url ?? path).replace(/^\/api(?=\/)/, '');
  const i = route.lastIndexOf('/');
  const hasQuery = req.query && typeof req.query === 'object' && Object.keys(req.query as object).length > 0;
  const hasBody = req.body !== undefined && req.body !== null;
  const params =
    hasQuery || hasBody
      ? maskedJson({ ...(hasQuery ? { query: req.query } : {}), ...(hasBody ? { body: req.body } : {}) })
      : null;
  return {
    serviceId: SERVICE_ID,
    ...host,
    tenantId: req.user?.tenantId ?? req.tenantId ?? tenantId,
    method: req.method,
    requestUri: cut(path, 1000),
    userAgent: cut(req.headers['user-agent'] ?? null, 1000),
    remoteIp: req.ip,
    methodClass: cut(i > 0 ? route.slice(0, i) : route, 255),
    methodName: cut(i >= 0 ? route.slice(i + 1) : route, 255),
    params,
    createBy: cut(req.user?.account ?? claimedAccount(req), 64),
  };
}

/** Before sign-in there is no user: a sign-in attempt is logged under the account it names. */
function claimedAccount(req: FastifyRequest): string | null {
  for (const src of [req.body, req.query]) {
    if (!src || typeof src !== 'object') continue;
    const v = (src as Record<string, unknown>).username ?? (src as Record<string, unknown>).account;
    if (typeof v === 'string' && v) return v;
  }
  return null;
}

/** Whether a finished call belongs in the API log: every write, and reads slower than `slowMs`. */
export function shouldLogApi(method: string, ms: number, slowMs = SLOW_MS): boolean {
  if (method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'PATCH') return true;
  return method === 'GET' && ms >= slowMs;
}

const VERBS: Record<string, string> = {
  submit: '新增或修改',
  save: '新增',
  update: '修改',
  remove: '删除',
  read: '标记已读',
  upload: '上传',
  token: '登录',
  logout: '退出登录',
  grant: '权限设置',
  'reset-password': '重置密码',
  'update-password': '修改密码',
  unlock: '解锁',
  enable: '启用',
  'put-file': '上传文件',
};

/** A human title for an API log row, from the last segment of the route. */
export function titleOf(method: string, methodName: string | null, ms: number): string {
  const verb = methodName ? VERBS[methodName] : undefined;
  if (method === 'GET') return `慢请求 (${ms} ms)${verb ? ` ${verb}` : ''}`;
  return verb ?? `${method} ${methodName ?? ''}`.trim();
}

export class LogWriter {
  private queues: { [K in LogKind]: LogRow<K>[] } = { usual: [], api: [], error: [] };
  private timer?: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  onError: (err: unknown, kind: LogKind, rows: number) => void = () => {};

  constructor(
    private db: Db,
    private opts: { delayMs?: number; maxBatch?: number; maxQueued?: number } = {},
  ) {}

  private get pending() {
    return this.queues.usual.length + this.queues.api.length + this.queues.error.length;
  }

  push<K extends LogKind>(kind: K, row: LogRow<K>) {
    const q = this.queues[kind] as LogRow<K>[];
    q.push(withoutNul(row));
    if (q.length > (this.opts.maxQueued ?? 10_000)) q.shift();
    if (this.closed) return;
    if (this.pending >= (this.opts.maxBatch ?? 200)) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.opts.delayMs ?? 500);
      this.timer.unref();
    }
  }

  /** Writes everything queued so far; resolves when it is in the database (or dropped after an error). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queues;
    this.queues = { usual: [], api: [], error: [] };
    this.chain = this.chain.then(async () => {
      for (const kind of ['error', 'api', 'usual'] as const) {
        const rows = batch[kind];
        for (let i = 0; i < rows.length; i += 500) {
          const part = rows.slice(i, i + 500);
          try {
            await this.db.insert(TABLES[kind]).values(part as any);
          } catch (err) {
            this.onError(err, kind, part.length);
          }
        }
      }
    });
    return this.chain;
  }

  async close() {
    this.closed = true;
    await this.flush();
  }
}

/**
 * PostgreSQL text cannot hold a NUL byte: one in any field (a fault's message, a request's path or parameters)
 * would make the whole batch's INSERT fail and the fault would never reach the error log. Written as `\0`.
 */
function withoutNul<T extends object>(row: T): T {
  let out: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(row)) {
    if (typeof v === 'string' && v.includes('\u0000')) {
      out ??= { ...(row as Record<string, unknown>) };
      out[k] = v.replaceAll('\u0000', '\\0');
    }
  }
  return (out ?? row) as T;
}
