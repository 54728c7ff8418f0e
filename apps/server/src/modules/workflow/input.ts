/** Request bodies of the task operations (BladeX field names; query string or JSON body, lists as arrays or comma text). */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/envelope.ts';
import { parseInputFirst } from '../../core/parse-input.ts';
import { queryAndBody } from '../../core/request-params.ts';
import type { OpInput } from './operations.ts';

const id = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === '' || v === null ? undefined : v),
    z
      .string({ error: `参数校验失败: ${name} 应为编号` })
      .regex(/^\d{1,19}$/, `参数校验失败: ${name} 应为编号`)
      .optional(),
  );

const idList = (name: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      const list = Array.isArray(v) ? v : String(v).split(',');
      return list.map((x) => String(x).trim()).filter(Boolean);
    },
    z
      .array(z.string().regex(/^\d{1,19}$/, `参数校验失败: ${name} 应为用户编号`))
      .max(200)
      .optional(),
  );

const bool = z.preprocess(
  (v) =>
    v === 'true' || v === '1' || v === 1
      ? true
      : v === 'false' || v === '0' || v === 0
        ? false
        : v === ''
          ? undefined
          : v,
  z.boolean({ error: '参数校验失败: pass 应为 true 或 false' }).optional(),
);

export const opSchema = z.object({
  taskId: id('taskId'),
  processInstanceId: id('processInstanceId'),
  processInsId: id('processInsId'),
  pass: bool,
  comment: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string().max(2000, '审批意见不能超过 2000 字').optional(),
  ),
  copyUser: idList('copyUser'),
  assignee: idList('assignee'),
  variables: z.record(z.string(), z.unknown()).optional(),
  nodeId: z.string().max(128).optional(),
  withdrawType: z.string().max(16).optional(),
  executionId: id('executionId'),
  completed: bool,
  status: z.preprocess((v) => (v === undefined || v === null ? undefined : String(v)), z.string().max(16).optional()),
  taskIds: idList('taskIds'),
  processInstanceIds: idList('processInstanceIds'),
  deleteReason: z.string().max(255).optional(),
});

export type OpBody = z.infer<typeof opSchema>;

/** Query and body merged (body wins), validated. */
export function opBody(req: FastifyRequest): OpBody & OpInput {
  const v = parseInputFirst(opSchema, queryAndBody(req));
  return { ...v, processInstanceId: v.processInstanceId ?? v.processInsId } as OpBody & OpInput;
}

export function need<T>(v: T | undefined | null, name: string): T {
  if (v === undefined || v === null || (typeof v === 'string' && v === '') || (Array.isArray(v) && !v.length))
    throw badRequest(`缺少必要的请求参数: ${name}`);
  return v;
}
