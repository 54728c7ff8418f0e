import { describe, expect, it } from 'vitest';
import { ZodError, z } from 'zod';
import { param } from '../../modules/system/schema.ts';
import { ApiError } from '../envelope.ts';
import { partsOf } from './parts.ts';
import type { ResourceDef } from './types.ts';
import { missingOf, parseRowInput } from './write.ts';

const def = (extra: Partial<ResourceDef> = {}): ResourceDef => ({
  code: 'probe',
  base: '/probe',
  table: param,
  input: { paramName: z.string({ error: '请输入参数名称' }).trim().min(1, '请输入参数名称') },
  grant: { read: 'admin', submit: 'admin', remove: 'admin' },
  ...extra,
});

const refusal = (d: ResourceDef, body: unknown) => {
  try {
    parseRowInput(partsOf(d), body);
  } catch (e) {
    return e;
  }
  throw new Error('accepted');
};

describe('resource input', () => {
  it('a refused body is a zod error (worded by the error handler) unless the definition asks for the message', () => {
    expect(refusal(def(), { paramName: ' ' })).toBeInstanceOf(ZodError);
    const e = refusal(def({ validation: 'message' }), { paramName: ' ' }) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect([e.httpStatus, e.message]).toEqual([400, '请输入参数名称']);
  });

  it('the id is optional and numeric, unless the definition declares its own; it is never written', () => {
    expect(refusal(def(), { id: '', paramName: 'a' })).toBeInstanceOf(ZodError);
    expect(parseRowInput(partsOf(def()), { id: 12, paramName: 'a' })).toEqual({ id: '12', data: { paramName: 'a' } });
    const own = def({
      input: {
        id: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d+$/).optional()),
        paramName: z.string(),
      },
    });
    expect(parseRowInput(partsOf(own), { id: '', paramName: 'a' })).toEqual({ id: undefined, data: { paramName: 'a' } });
    expect(parseRowInput(partsOf(own), { id: '7', paramName: 'a', other: 1 })).toEqual({
      id: '7',
      data: { paramName: 'a' },
    });
  });

  it("a row that is not there is refused in the definition's words", () => {
    expect(missingOf(def()).message).toBe('数据不存在或无权操作');
    expect(missingOf(def({ messages: { missing: '参数不存在' } })).message).toBe('参数不存在');
  });
});
