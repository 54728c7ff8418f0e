/**
 * What writes the logs: API calls (from the response hook), unhandled faults (from the error handler's fault
 * sink), usual events other modules record, and the web client's uploaded error entries.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../core/module.ts';
import { parseDateTime } from '../../core/time.ts';
import { logError } from './schema.ts';
import { cut, host, LogWriter, maskedJson, requestFields, SERVICE_ID, shouldLogApi, titleOf } from './writer.ts';

const writers = new WeakMap<AppContext, LogWriter>();

/** The log writer of an app instance. */
export function writerOf(ctx: AppContext): LogWriter {
  let w = writers.get(ctx);
  if (!w) {
    w = new LogWriter(ctx.db);
    writers.set(ctx, w);
  }
  return w;
}

/** Waits until every log row queued so far is in the database. */
export function flushLogs(ctx: AppContext): Promise<void> {
  return writerOf(ctx).flush();
}

/**
 * Records a notable event in the usual log (batched; never throws). `req` gives who and from where; pass null
 * from a background job.
 */
export function writeUsualLog(
  ctx: AppContext,
  req: FastifyRequest | null,
  title: string,
  params?: unknown,
  level: 'debug' | 'info' | 'warn' | 'error' = 'info',
  tenantId?: string,
): void {
  const base = requestFields(req, tenantId);
  writerOf(ctx).push('usual', {
    ...base,
    ...(tenantId ? { tenantId } : {}),
    type: 'usual',
    title: cut(title, 255),
    logLevel: level,
    params: params === undefined ? base.params : maskedJson(params),
    createTime: new Date(),
  });
}

/** The response hook: writes of every kind and slow reads go to the API log. */
export function recordApiCall(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  // no route (404) or a WebSocket upgrade: not an API call
  if (!req.routeOptions?.url || req.headers.upgrade) return;
  const ms = Math.round(reply.elapsedTime);
  if (!shouldLogApi(req.method, ms)) return;
  const fields = requestFields(req);
  writerOf(ctx).push('api', {
    ...fields,
    type: String(reply.statusCode),
    title: titleOf(req.method, fields.methodName, ms),
    time: ms,
    createTime: new Date(Date.now() - ms),
  });
}

const FRAME = /\(?((?:file:\/\/|https?:\/\/|\/|[A-Za-z]:\\)[^\s()]*?):(\d+)(?::\d+)?\)?\s*$/;

/** File and line of the first stack frame that is our own code (not node internals, not node_modules). */
export function frameOf(stack: string | undefined | null): { fileName: string; lineNumber: number } | undefined {
  if (!stack) return undefined;
  let first: { fileName: string; lineNumber: number } | undefined;
  for (const line of stack.split('\n').slice(1)) {
    const m = FRAME.exec(line.trim());
    if (!m) continue;
    const hit = { fileName: m[1], lineNumber: Number(m[2]) };
    first ??= hit;
    if (!/node_modules|node:internal|^node:/.test(hit.fileName)) return hit;
  }
  return first;
}

/** The fault sink: an unhandled error with its stack (the reply itself says only 服务器异常). */
export function recordFault(ctx: AppContext, err: unknown, req: FastifyRequest | null) {
  const e = err instanceof Error ? err : new Error(String(err));
  const frame = frameOf(e.stack);
  const w = writerOf(ctx);
  w.push('error', {
    ...requestFields(req),
    type: 'server',
    title: cut(e.message || e.name, 255),
    exceptionName: cut(e.constructor?.name && e.constructor.name !== 'Error' ? e.constructor.name : e.name, 255),
    message: cut(e.message, 10_000),
    stackTrace: cut(e.stack ?? null, 50_000),
    fileName: cut(frame?.fileName ?? null, 1000),
    lineNumber: frame?.lineNumber ?? null,
    createTime: new Date(),
  });
  // faults are rare and wanted soon: write now rather than with the next batch
  void w.flush();
}

// ---------------------------------------------------------------- the web client's error log

const when = z
  .union([z.string(), z.number()])
  .optional()
  .nullable()
  .refine((v) => v === undefined || v === null || v === '' || toDate(v) !== undefined, '不是有效的时间');

/** One entry of the web client's local error log (spec 1 §3: type, url, message, stack, time, info). */
export const clientErrorEntry = z.object({
  type: z.enum(['bug', 'error'], { error: '只能是 bug 或 error' }),
  url: z.string(),
  message: z.string(),
  stack: z.string().optional().nullable(),
  time: when,
  info: z.unknown().optional(),
});
export type ClientErrorEntry = z.infer<typeof clientErrorEntry>;

export const UPLOAD_MAX = 500;
export const clientErrorBatch = z
  .array(clientErrorEntry, { error: '请求体必须是日志条目的数组' })
  .min(1, '没有要上传的日志')
  .max(UPLOAD_MAX, `一次最多上传 ${UPLOAD_MAX} 条日志`);

function toDate(v: string | number): Date | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 ? new Date(v) : undefined;
  if (/^\d{10,13}$/.test(v)) return new Date(v.length === 10 ? Number(v) * 1000 : Number(v));
  return parseDateTime(v);
}

/** Stores uploaded client entries as error-log rows of service `web`, in one transaction; returns how many. */
export async function recordClientErrors(
  ctx: AppContext,
  req: FastifyRequest,
  entries: ClientErrorEntry[],
): Promise<number> {
  const base = requestFields(req);
  const now = new Date();
  const rows = entries.map((e) => {
    const frame = frameOf(e.stack);
    const name = /^([A-Z]\w*(?:Error|Exception))\b/.exec(e.message)?.[1];
    const at = e.time === undefined || e.time === null || e.time === '' ? undefined : toDate(e.time);
    return {
      ...host,
      serviceId: 'web',
      tenantId: base.tenantId,
      type: e.type,
      title: cut(e.message.split('\n')[0] || e.type, 255),
      method: null,
      requestUri: cut(e.url, 1000),
      userAgent: base.userAgent,
      remoteIp: base.remoteIp,
      methodClass: null,
      methodName: null,
      params: maskedJson(e.info),
      createBy: base.createBy,
      exceptionName: cut(name ?? null, 255),
      message: cut(e.message, 10_000),
      stackTrace: cut(e.stack ?? null, 50_000),
      fileName: cut(frame?.fileName ?? null, 1000),
      lineNumber: frame?.lineNumber ?? null,
      createTime: at && at.getTime() <= now.getTime() ? at : now,
    };
  });
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 200) await tx.insert(logError).values(rows.slice(i, i + 200));
  });
  return rows.length;
}

export { SERVICE_ID };
