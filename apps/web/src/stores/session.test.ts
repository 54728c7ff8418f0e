import Cookies from 'js-cookie';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../api/http';
import { wireApp } from '../app/wire';
import { setNavigator } from '../lib/nav';
import { getStore, setStore } from '../lib/storage';
import { mergeMenus, permissionMap, REFRESH_COOKIE, rolesOf, TOKEN_COOKIE, useSession } from './session';
import { useTabs } from './tabs';
import { useUi } from './ui';

const reply = {
  access_token: 'acc-1',
  token_type: 'bearer',
  refresh_token: 'ref-1',
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '1',
  dept_id: '10',
  role_id: '20',
  role_name: 'administrator',
  account: 'admin',
  user_name: 'admin',
  nick_name: '管理员',
};

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];

function mockFetch(answer: (url: string, init: RequestInit) => { status?: number; body: unknown }) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const a = answer(url, init);
      return new Response(JSON.stringify(a.body), {
        status: a.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

const header = (c: Call, name: string) => (c.init.headers as Record<string, string>)[name];

describe('session store', () => {
  beforeAll(() => wireApp());
  beforeEach(() => {
    useSession.getState().fedLogout();
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs in with the password grant: Basic client, Tenant-Id, form body; tokens in cookies', async () => {
    useTabs.getState().add({ label: 'a', value: '/a' });
    useUi.getState().setLockPasswd('x');
    useUi.getState().setLock();
    mockFetch(() => ({ body: reply }));
    await useSession
      .getState()
      .signIn({ grant_type: 'password', tenantId: '000000', username: 'admin', password: 'md5hex' });
    const c = calls[0];
    expect(c.url).toBe('/api/blade-auth/oauth/token');
    expect(c.init.method).toBe('POST');
    expect(header(c, 'Authorization')).toBe(`Basic ${btoa('swp_web:swp_web_secret')}`);
    expect(header(c, 'Tenant-Id')).toBe('000000');
    expect(header(c, 'Captcha-Key')).toBeUndefined();
    const body = new URLSearchParams(String(c.init.body));
    expect(Object.fromEntries(body)).toMatchObject({
      tenantId: '000000',
      username: 'admin',
      password: 'md5hex',
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    expect(Cookies.get(TOKEN_COOKIE)).toBe('acc-1');
    expect(Cookies.get(REFRESH_COOKIE)).toBe('ref-1');
    const s = useSession.getState();
    expect(s.token).toBe('acc-1');
    expect(s.userInfo?.nick_name).toBe('管理员');
    expect(s.roles).toEqual(['administrator']);
    expect(s.tokenTime).toBeGreaterThan(0);
    // sign-in clears tabs and lock
    expect(useTabs.getState().list.map((t) => t.value)).toEqual(['/wel/index']);
    expect(useUi.getState().isLock).toBe(false);
  });

  it('the captcha grant sends Captcha-Key and Captcha-Code', async () => {
    mockFetch(() => ({ body: reply }));
    await useSession
      .getState()
      .signIn({ grant_type: 'captcha', username: 'a', password: 'b', captchaKey: 'k', captchaCode: 'c' });
    expect(header(calls[0], 'Captcha-Key')).toBe('k');
    expect(header(calls[0], 'Captcha-Code')).toBe('c');
  });

  it('a reply with error_description rejects with that text and signs nobody in', async () => {
    mockFetch(() => ({ status: 400, body: { error_code: 400, error_description: '用户名或密码错误' } }));
    await expect(
      useSession.getState().signIn({ grant_type: 'password', username: 'a', password: 'b' }),
    ).rejects.toThrow('用户名或密码错误');
    expect(useSession.getState().token).toBe('');
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
  });

  it('refresh uses the refresh_token grant (with Dept-Id and Role-Id when switching)', async () => {
    mockFetch(() => ({ body: reply }));
    await useSession.getState().signIn({ grant_type: 'password', username: 'a', password: 'b' });
    mockFetch(() => ({ body: { ...reply, access_token: 'acc-2', refresh_token: 'ref-2' } }));
    await useSession.getState().refresh({ deptId: '11', roleId: '21' });
    const body = Object.fromEntries(new URLSearchParams(String(calls[0].init.body)));
    expect(body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'ref-1' });
    expect(header(calls[0], 'Dept-Id')).toBe('11');
    expect(header(calls[0], 'Role-Id')).toBe('21');
    expect(Cookies.get(TOKEN_COOKIE)).toBe('acc-2');
    expect(useSession.getState().refreshToken).toBe('ref-2');
  });

  it('logout calls the server then clears token, menus, roles, tabs, lock and session storage', async () => {
    mockFetch(() => ({ body: reply }));
    await useSession.getState().signIn({ grant_type: 'password', username: 'a', password: 'b' });
    useSession.setState({ menu: [{ name: 'x', path: '/x' }], menuAll: [{ name: 'x', path: '/x' }] });
    setStore('topMenuId', '5', 'session');
    useUi.getState().setLockPasswd('p');
    useTabs.getState().add({ label: 'a', value: '/a' });
    mockFetch(() => ({ body: { code: 200, success: true, data: null, msg: '' } }));
    await useSession.getState().logout();
    expect(calls[0].url).toBe('/api/blade-auth/oauth/logout');
    expect(header(calls[0], 'Blade-Auth')).toBe('bearer acc-1');
    const s = useSession.getState();
    expect([s.token, s.menu.length, s.menuAll.length, s.roles.length]).toEqual(['', 0, 0, 0]);
    expect(Cookies.get(TOKEN_COOKIE)).toBeUndefined();
    expect(getStore('topMenuId', 'session')).toBeUndefined();
    expect(useUi.getState().lockPasswd).toBe('');
    expect(useTabs.getState().list).toHaveLength(1);
  });

  it('a pending department/role choice (switch mode) is kept in the session and cleared on sign-out', () => {
    useSession.getState().setPendingSwitch(true);
    expect(getStore('pendingSwitch', 'session')).toBe(true);
    useSession.getState().fedLogout();
    expect(useSession.getState().pendingSwitch).toBe(false);
    expect(getStore('pendingSwitch', 'session')).toBeUndefined();
  });

  it('a forced sign-out clears the same things without a call', async () => {
    mockFetch(() => ({ body: reply }));
    await useSession.getState().signIn({ grant_type: 'password', username: 'a', password: 'b' });
    calls = [];
    useSession.getState().fedLogout();
    expect(calls).toHaveLength(0);
    expect(useSession.getState().token).toBe('');
  });

  it('a 401 reply signs out and goes to /login', async () => {
    const go = vi.fn();
    setNavigator(go);
    mockFetch(() => ({ body: reply }));
    await useSession.getState().signIn({ grant_type: 'password', username: 'a', password: 'b' });
    mockFetch(() => ({ status: 401, body: { code: 401, success: false, data: null, msg: '请求未授权' } }));
    await expect(http.get('/api/blade-system/menu/routes')).rejects.toThrow('请求未授权');
    expect(header(calls[0], 'Blade-Auth')).toBe('bearer acc-1');
    expect(useSession.getState().token).toBe('');
    expect(go).toHaveBeenCalledWith('/login', { replace: true });
    setNavigator(undefined);
  });

  it('loads the menus of the chosen business area and keeps the choice in session storage', async () => {
    const all = [
      { id: '1', name: 'A', path: '/a' },
      { id: '2', name: 'B', path: '/b' },
    ];
    mockFetch((url) => {
      if (url.includes('top-menu'))
        return { body: { code: 200, data: [{ id: 't1', code: 'system', name: '系统管理' }] } };
      if (url.includes('buttons'))
        return { body: { code: 200, data: [{ code: 'p', children: [{ code: 'param_add' }] }] } };
      if (url.includes('topMenuId=t1')) return { body: { code: 200, data: [all[1]] } };
      return { body: { code: 200, data: all } };
    });
    await useSession.getState().loadSessionMenus();
    expect(useSession.getState().menu).toEqual(all);
    expect(useSession.getState().permission).toEqual({ p: true, param_add: true });
    await useSession.getState().chooseTopMenu('t1');
    expect(useSession.getState().menu).toEqual([all[1]]);
    expect(useSession.getState().menuAll).toHaveLength(2);
    expect(getStore('topMenuId', 'session')).toBe('t1');
  });
});

describe('session helpers', () => {
  it('roles from a roles array or the comma-joined role_name', () => {
    expect(rolesOf({ role_name: 'administrator,operator' })).toEqual(['administrator', 'operator']);
    expect(rolesOf({ roles: ['a'] } as any)).toEqual(['a']);
    expect(rolesOf(null)).toEqual([]);
  });
  it('the permission map holds every button code', () => {
    expect(permissionMap([{ code: 'x', children: [{ code: 'x_add' }, { code: 'x_edit' }] }])).toEqual({
      x: true,
      x_add: true,
      x_edit: true,
    });
  });
  it('menuAll accumulates without duplicates', () => {
    expect(
      mergeMenus(
        [{ id: '1', name: 'a', path: '/a' }],
        [
          { id: '1', name: 'a', path: '/a' },
          { id: '2', name: 'b', path: '/b' },
        ],
      ),
    ).toHaveLength(2);
  });
});
