import type { FastifyInstance } from 'fastify';
import { badRequest } from './envelope.ts';

/**
 * No text the console stores or queries may hold a NUL byte: PostgreSQL refuses it in text, and on the wire it ends
 * a string early. Checked once for every route, on the query, the path parameters and parsed bodies (JSON, forms),
 * before any handler runs; file uploads arrive as streams and are not parsed here.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (req.url.includes('%00') || req.url.includes('\u0000'))
      throw badRequest('参数校验失败: 参数不能包含空字符 (NUL)');
    if (holdsNul(req.params) || holdsNul(req.query) || holdsNul(req.body)) {
      throw badRequest('参数校验失败: 参数不能包含空字符 (NUL)');
    }
    for (const where of [req.params, req.query, req.body]) {
      const bad = idBeyondRange(where);
      if (bad) throw badRequest(`参数校验失败: ${bad} 必须是数字编号`);
    }
  });
}

/**
 * Every id of the console is a PostgreSQL bigint. A parameter named as an id (`id`, `ids`, `…Id`, `…Ids`) that is
 * all digits but beyond 2^63-1 can never name a row; refused here, for every route at once, so that no route's own
 * check has to remember it and the number never reaches a query (where it would fail while its parameters are bound).
 */
const ID_KEY = /^(id|ids)$|[a-z0-9](Id|Ids|_id|_ids)$/;
const MAX_ID = 9_223_372_036_854_775_807n;

function idBeyondRange(v: unknown): string | undefined {
  if (!v || typeof v !== 'object' || Buffer.isBuffer(v) || Array.isArray(v)) return undefined;
  for (const [k, x] of Object.entries(v)) {
    if (ID_KEY.test(k) && tooBig(x)) return k;
  }
  return undefined;
}

function tooBig(x: unknown): boolean {
  if (Array.isArray(x)) return x.some(tooBig);
  if (typeof x === 'number') return Number.isInteger(x) && x > Number(MAX_ID);
  if (typeof x !== 'string') return false;
  return x.split(',').some((part) => {
    const p = part.trim();
    return /^\d{19,}$/.test(p) && (p.length > 19 || BigInt(p) > MAX_ID);
  });
}

function holdsNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (!v || typeof v !== 'object' || depth > 32 || Buffer.isBuffer(v)) return false;
  if (Array.isArray(v)) return v.some((x) => holdsNul(x, depth + 1));
  for (const [k, x] of Object.entries(v)) {
    if (k.includes('\u0000') || holdsNul(x, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL's data exceptions (class 22: a number out of range, text that is not a number or date, a string too
 * long) come from what a caller sent that the validation before the query let through: a 400, not a fault.
 */
export function dataExceptionOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as any, i++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) {
      return e.code === '22001' ? '参数校验失败: 文本超出长度限制' : '参数校验失败: 数值超出范围或格式不正确';
    }
  }
  return undefined;
}
