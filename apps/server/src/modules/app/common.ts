/** Small helpers of the field app's routes. */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { userOf } from '../../core/gate.ts';

export const B = '/swp-app';

export const tenantOf = (req: FastifyRequest) => userOf(req).tenantId;

/** Validates with a zod schema; a problem is a 400 naming the first issue. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? '参数校验失败');
  return r.data;
}

export const CLIENT_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;
