import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors.ts';
import { dataExceptionOf, installInputGuard } from './input-guard.ts';

async function app() {
  const a = Fastify();
  installErrorHandling(a);
  installInputGuard(a);
  a.get('/x/:id', async () => ({ ok: true }));
  a.post('/x', async () => ({ ok: true }));
  await a.ready();
  return a;
}

describe('input guard', () => {
  it('refuses NUL bytes in the path, the query and bodies, before any handler', async () => {
    const a = await app();
    for (const res of [
      await a.inject({ method: 'GET', url: '/x/1?name=a%00b' }),
      await a.inject({ method: 'GET', url: '/x/a%00' }),
      await a.inject({ method: 'POST', url: '/x', payload: { deep: [{ name: 'a\u0000' }] } }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('参数校验失败: 参数不能包含空字符 (NUL)');
    }
    expect((await a.inject({ method: 'GET', url: '/x/1?name=ab' })).statusCode).toBe(200);
  });

  it('refuses ids beyond bigint by their names, and lets the largest bigint through', async () => {
    const a = await app();
    const huge = '9223372036854775808';
    expect((await a.inject({ method: 'GET', url: `/x/${huge}` })).json().msg).toBe('参数校验失败: id 必须是数字编号');
    expect((await a.inject({ method: 'GET', url: `/x/1?ids=1,${huge}` })).statusCode).toBe(400);
    expect((await a.inject({ method: 'POST', url: '/x', payload: { roleIds: [huge] } })).json().msg).toBe(
      '参数校验失败: roleIds 必须是数字编号',
    );
    expect(
      (
        await a.inject({
          method: 'POST',
          url: '/x',
          payload: '{"deptId":99999999999999999999}',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await a.inject({ method: 'GET', url: '/x/9223372036854775807?userId=12' })).statusCode).toBe(200);
    // not an id by name: left to the route's own schema
    expect((await a.inject({ method: 'GET', url: `/x/1?valid=${huge}` })).statusCode).toBe(200);
  });

  it('reads PostgreSQL data exceptions through wrapped causes', () => {
    expect(dataExceptionOf({ cause: { code: '22003' } })).toBe('参数校验失败: 数值超出范围或格式不正确');
    expect(dataExceptionOf({ code: '22001' })).toBe('参数校验失败: 文本超出长度限制');
    expect(dataExceptionOf({ code: '23505' })).toBeUndefined();
  });
});
