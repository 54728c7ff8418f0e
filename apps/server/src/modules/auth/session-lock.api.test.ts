/**
 * The screen lock holds for the whole session (issue 24 item 9): once locked, every call of that session (any tab,
 * any instance) is refused with 423 except the lock state and unlock; a wrong password leaves it locked; the right
 * one opens it again. Another session of the same user is not affected. With TEST_DATABASE_URL a second instance
 * on the same database sees the lock too.
 */
import { describe, expect, it } from 'vitest';
import { appSuite, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let second: TestApp | undefined;
appSuite((...apps) => ([t, second] = apps), { signIn: false, second: true });

describe('screen lock of a session', () => {
  it('refuses the session’s reads while locked and opens again with the lock password only', async () => {
    await t.signIn('admin', 'admin');
    expect((await t.get('/api/blade-system/param/list')).json().code).toBe(200);

    const empty = await t.post('/api/blade-auth/session/lock', { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('锁屏密码不能为空');

    expect((await t.post('/api/blade-auth/session/lock', { password: 'tea-break' })).json().code).toBe(200);
    const refused = await t.get('/api/blade-system/param/list');
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toMatchObject({ code: 423, success: false, msg: '屏幕已锁定，请先解锁' });
    expect((await t.get('/api/blade-auth/session/lock')).json().data).toEqual({ locked: true });
    if (second) {
      second.token = t.token;
      expect((await second.get('/api/blade-system/param/list')).statusCode).toBe(423);
    }

    const wrong = await t.post('/api/blade-auth/session/unlock', { password: 'coffee' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('解锁密码错误，请重新输入');
    expect((await t.get('/api/blade-system/param/list')).statusCode).toBe(423);

    expect((await t.post('/api/blade-auth/session/unlock', { password: 'tea-break' })).json().code).toBe(200);
    expect((await t.get('/api/blade-system/param/list')).json().code).toBe(200);
    expect((await t.get('/api/blade-auth/session/lock')).json().data).toEqual({ locked: false });
    if (second) {
      await new Promise((r) => setTimeout(r, 300));
      expect((await second.get('/api/blade-system/param/list')).json().code).toBe(200);
    }
  });

  it('a lock does not reach the user’s other sessions', async () => {
    const first = await t.signIn('admin', 'admin');
    const firstToken = t.token;
    await t.signIn('admin', 'admin');
    const otherToken = t.token;
    t.token = firstToken;
    expect(first.access_token).toBe(firstToken);
    expect((await t.post('/api/blade-auth/session/lock', { password: 'x' })).json().code).toBe(200);
    expect((await t.get('/api/blade-system/param/list')).statusCode).toBe(423);
    t.token = otherToken;
    expect((await t.get('/api/blade-system/param/list')).json().code).toBe(200);
  });
});
