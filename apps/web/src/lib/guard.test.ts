import { describe, expect, it } from 'vitest';
import { decide, type GuardInput, menuVisible, tabAllowed } from './guard';
import { isScreenLink, resolveRoute } from './routes';

const base: GuardInput = {
  pathname: '/system/param',
  fullPath: '/system/param',
  query: {},
  signedIn: true,
  token: 'tok',
  locked: false,
  meta: {},
  label: '参数管理',
  firstPage: '/wel/index',
  defaultPath: '',
  lockPage: '/lock',
};

describe('route guard (spec 1 §2.2)', () => {
  it('signed in and locked: every target but the lock page goes to the lock page', () => {
    expect(decide({ ...base, locked: true })).toEqual({ kind: 'redirect', to: '/lock' });
    expect(decide({ ...base, locked: true, pathname: '/login', fullPath: '/login' })).toEqual({
      kind: 'redirect',
      to: '/lock',
    });
    expect(decide({ ...base, locked: true, pathname: '/lock', fullPath: '/lock' }).kind).toBe('pass');
  });

  it('the first page goes to the default path when one exists', () => {
    const first = { ...base, pathname: '/wel/index', fullPath: '/wel/index' };
    expect(decide({ ...first, defaultPath: '/wel/dashboard' })).toEqual({ kind: 'redirect', to: '/wel/dashboard' });
    expect(decide({ ...first, defaultPath: '' })).toEqual({ kind: 'pass', addTab: true });
  });

  it('the login path redirects to the root when signed in', () => {
    expect(decide({ ...base, pathname: '/login', fullPath: '/login' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('an empty token forces a local sign-out and /login', () => {
    expect(decide({ ...base, token: '' })).toEqual({ kind: 'logout', to: '/login' });
  });

  it('a target query flag opens a new window', () => {
    expect(decide({ ...base, query: { target: '_blank', src: 'https://example.com' } })).toEqual({
      kind: 'window',
      url: 'https://example.com',
    });
    expect(decide({ ...base, query: { target: '1', a: 'b' } })).toEqual({ kind: 'window', url: '/system/param?a=b' });
  });

  it('adds a tab unless isTab is false or the label or path is empty', () => {
    expect(decide(base)).toEqual({ kind: 'pass', addTab: true });
    expect(decide({ ...base, meta: { isTab: false } })).toEqual({ kind: 'pass', addTab: false });
    expect(decide({ ...base, label: '' })).toEqual({ kind: 'pass', addTab: false });
    expect(tabAllowed({}, 'a', '')).toBe(false);
  });

  it('not signed in: isAuth false passes, everything else goes to /login', () => {
    const out = { ...base, signedIn: false, token: '' };
    expect(decide({ ...out, meta: { isAuth: false } })).toEqual({ kind: 'pass', addTab: false });
    expect(decide(out)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide({ ...out, locked: true })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('the menu-visible flag comes from meta, else the menu query', () => {
    expect(menuVisible({}, {})).toBe(true);
    expect(menuVisible({}, { menu: 'false' })).toBe(false);
    expect(menuVisible({ menu: true }, { menu: 'false' })).toBe(true);
    expect(menuVisible({ menu: false }, {})).toBe(false);
  });
});

describe('route resolution', () => {
  const menuAll = [
    {
      id: '1',
      name: '系统管理',
      path: '/system',
      children: [
        { id: '2', name: '参数管理', path: '/system/param', meta: { i18n: 'menu.system.param' } },
        { id: '3', name: '未建页面', path: '/system/todo' },
        { id: '4', name: '表单', path: '/lowcode/x', category: 3, propertyJson: '{"moduleId":"77"}' },
      ],
    },
  ];
  const screens: Record<string, true> = { '/system/param': true, '/myiframe/:routerPath': true, '/detail/:id': true };
  const ctx = {
    menuAll,
    screenFor: (p: string) =>
      screens[p]
        ? p
        : p.startsWith('/myiframe/')
          ? '/myiframe/:routerPath'
          : p.startsWith('/detail/')
            ? '/detail/:id'
            : undefined,
    titleOf: (s: string) => (s === '/detail/:id' ? 'route.detail' : undefined),
  };

  it('a menu path with a registered screen', () => {
    expect(resolveRoute('/system/param', '', ctx)).toMatchObject({
      kind: 'page',
      screen: '/system/param',
      label: '参数管理',
      i18n: 'menu.system.param',
    });
  });
  it('a menu path without a screen resolves to a page with no screen (the not-available state)', () => {
    expect(resolveRoute('/system/todo', '', ctx)).toEqual(
      expect.objectContaining({ kind: 'page', screen: undefined, label: '未建页面' }),
    );
  });
  it('fixed routes are known even without a menu entry', () => {
    expect(resolveRoute('/wel/index', '', ctx)).toMatchObject({ kind: 'page', label: '首页', i18n: 'home' });
    expect(resolveRoute('/list-operate/shutValue', '', ctx)).toMatchObject({ isAuth: false });
  });
  it('the embedded frame takes its label from the name query', () => {
    expect(resolveRoute('/myiframe/urlPath', '?src=https%3A%2F%2Fa.b&name=Docs', ctx)).toMatchObject({
      kind: 'page',
      screen: '/myiframe/:routerPath',
      label: 'Docs',
    });
  });
  it('the dynamic list takes its label from the menu entry with that module id', () => {
    expect(resolveRoute('/dynamic', '?id=77', ctx)).toMatchObject({ kind: 'page', label: '表单' });
  });
  it('a registered screen outside the menu uses its registered title', () => {
    expect(resolveRoute('/detail/5', '', ctx)).toMatchObject({
      kind: 'page',
      screen: '/detail/:id',
      i18n: 'route.detail',
    });
  });
  it('anything else is not found', () => {
    expect(resolveRoute('/nope', '', ctx)).toEqual({ kind: 'notFound' });
  });
});

describe('big screen share links', () => {
  it('treats /screen/{code}?token= as public and the same screen without a token as signed-in only', () => {
    expect(isScreenLink('/screen/overview', { token: 'abc' })).toBe(true);
    expect(isScreenLink('/screen/overview', {})).toBe(false);
    expect(isScreenLink('/screen/overview/more', { token: 'abc' })).toBe(false);
    expect(isScreenLink('/system/user', { token: 'abc' })).toBe(false);
  });
});
