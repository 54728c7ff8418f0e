/**
 * Lockout holds under a burst: 20 simultaneous wrong passwords for one account evaluate at most 5 (MAX_FAILURES);
 * the rest are refused as locked. With TEST_DATABASE_URL the burst is split over two instances on one database.
 */
import { describe, expect, it } from 'vitest';
import { appSuite, basic, md5, signInCall, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let second: TestApp | undefined;
appSuite((...apps) => ([t, second] = apps), { signIn: false, second: true });

async function wrongSignIn(on: TestApp, account: string) {
  const res = await signInCall(on, account, 'not-the-password');
  expect(res.statusCode).toBe(400);
  return res.json().error_description as string;
}

function tally(answers: string[]) {
  const out: Record<string, number> = {};
  for (const a of answers) out[a] = (out[a] ?? 0) + 1;
  return out;
}

describe('lockout under a burst', () => {
  it('evaluates at most 5 of 20 simultaneous wrong passwords for one account', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => wrongSignIn(t, 'operator')));
    const n = tally(answers);
    expect(n.用户名或密码错误 ?? 0).toBeLessThanOrEqual(5);
    expect((n.用户名或密码错误 ?? 0) + (n['用户登录失败次数过多,请稍后再试'] ?? 0)).toBe(20);
    expect(n['用户登录失败次数过多,请稍后再试']).toBeGreaterThanOrEqual(15);
    // and the right password is refused now too
    const res = await t.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: basic(), 'tenant-id': '000000' },
      query: { tenantId: '000000', username: 'operator', password: await md5('operator'), grant_type: 'password' },
    });
    expect(res.json().error_description).toBe('用户登录失败次数过多,请稍后再试');
  });

  it('holds across two instances on one PostgreSQL database', async (ctx) => {
    if (!second) return ctx.skip();
    const other = second;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => wrongSignIn(i % 2 ? other : t, 'auditor')));
    const n = tally(answers);
    expect(n.用户名或密码错误 ?? 0).toBeLessThanOrEqual(5);
    expect(n['用户登录失败次数过多,请稍后再试']).toBeGreaterThanOrEqual(15);
  });
});
