import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { ApiError, envelopeOf, MSG_FAULT } from './envelope.ts';
import { dataExceptionOf } from './input-guard.ts';

type Issue = z.core.$ZodIssue;

/** Turns the first validation issue into a sentence a person can act on. */
export function describeIssue(issue: Issue, where?: string): string {
  const field = issue.path.map(String).join('.') || where || '';
  const missing =
    (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) ||
    // zod reports `input` only when asked to: an absent key is not proof the value was missing (a custom
    // message on a wrong type would otherwise read 缺少必要的请求参数)
    (issue.code === 'invalid_type' && 'input' in issue && (issue as any).input === undefined);
  if (missing) return `缺少必要的请求参数: ${field}`;
  return field ? `参数校验失败: ${field}: ${issue.message}` : `参数校验失败: ${issue.message}`;
}

/** Hooks other parts of the app use to record faults (the log module writes them to the error log). */
type FaultSink = (err: unknown, req: FastifyRequest) => void;
const faultSinks: FaultSink[] = [];
export function onFault(sink: FaultSink) {
  faultSinks.push(sink);
}

/** Lets the web app answer unknown non-API paths (client-side routes); returns true when it replied. */
type NotFoundFallback = (req: FastifyRequest, reply: FastifyReply) => boolean;
let notFoundFallback: NotFoundFallback | undefined;
export function setNotFoundFallback(fn: NotFoundFallback | undefined) {
  notFoundFallback = fn;
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ApiError) return reply.code(err.httpStatus).send(envelopeOf(err));
    if (err instanceof ZodError) {
      return reply.code(400).send({ code: 400, success: false, data: null, msg: describeIssue(err.issues[0]) });
    }
    const fe = err as FastifyError & { validation?: any[]; validationContext?: string };
    if (fe.validation?.length) {
      const first = fe.validation[0];
      const issue: Issue | undefined =
        first?.params?.issue ?? (first?.instancePath !== undefined ? zodIssueOf(first) : first);
      let msg: string;
      if (issue && 'path' in issue) msg = describeIssue(issue, fe.validationContext);
      else if (first?.message)
        msg = `参数校验失败: ${String(first.instancePath ?? '').replace(/^\//, '')} ${first.message}`.trim();
      else msg = `参数校验失败: ${fe.message}`;
      return reply.code(400).send({ code: 400, success: false, data: null, msg });
    }
    const dataError = dataExceptionOf(err);
    if (dataError) return reply.code(400).send({ code: 400, success: false, data: null, msg: dataError });
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: status, success: false, data: null, msg: clientErrorText(fe) });
    }
    req.log.error({ err }, 'unhandled fault');
    for (const sink of faultSinks) {
      try {
        sink(err, req);
      } catch {
        /* the error log must never take the reply down with it */
      }
    }
    return reply.code(500).send({ code: 500, success: false, data: null, msg: MSG_FAULT });
  });

  app.setNotFoundHandler((req, reply) => {
    if (notFoundFallback?.(req, reply)) return;
    reply
      .code(404)
      .send({ code: 404, success: false, data: null, msg: `请求路径不存在: ${req.method} ${req.url.split('?')[0]}` });
  });
}

/** fastify-type-provider-zod hands a zod issue over as { keyword: code, instancePath: '/a/0/b', message, params }. */
function zodIssueOf(v: any): Issue | undefined {
  if (!v || typeof v.keyword !== 'string' || typeof v.message !== 'string' || typeof v.params !== 'object')
    return undefined;
  const path = String(v.instancePath).split('/').filter(Boolean);
  return { ...v.params, code: v.keyword, path, message: v.message } as Issue;
}

function clientErrorText(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return '请求体不是合法的 JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return '请求体过大';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `不支持的请求类型: ${err.message.replace(/^Unsupported Media Type:?\s*/, '')}`;
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return '请求不是 multipart/form-data';
    default:
      return err.message || '请求无效';
  }
}
