/**
 * A query or body checked by a zod schema (absent is read as `{}`); what the schema refuses is a 400. `parseInput`
 * lists every issue after 参数校验失败; `parseInputFirst` answers the first issue's own message, for the families
 * whose schemas word each refusal as their forms do.
 */
import type { z } from 'zod';
import { badRequest } from './envelope.ts';

export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw badRequest(`参数校验失败: ${r.error.issues.map((i) => i.message).join('; ')}`);
  return r.data;
}

export function parseInputFirst<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? '参数校验失败');
  return r.data;
}
