import { describe, expect, it } from 'vitest';
import {
  filterByRoles,
  findMenuForRoute,
  iframePath,
  type MenuItem,
  menuName,
  menuTarget,
  moduleIdOf,
  searchMenu,
  topMenuOpensWindow,
} from './menu';

const menu: MenuItem[] = [
  {
    id: '1',
    name: '系统管理',
    path: '/system',
    children: [
      { id: '11', name: 'Parameters', path: '/system/param' },
      { id: '12', name: 'param-like', path: '/system/other' },
      { id: '13', name: '用户管理', path: '/system/user', meta: { i18n: 'menu.user' } },
      { id: '14', name: 'Admin only', path: '/system/secret', meta: { roles: ['administrator'] } },
    ],
  },
  { id: '2', name: 'Dashboard', path: '/wel/dashboard' },
];

describe('menu search (prefix, case-insensitive)', () => {
  it('matches names by prefix ignoring case', () => {
    expect(searchMenu(menu, 'par').map((m) => m.id)).toEqual(['11', '12']);
    expect(searchMenu(menu, 'PARAM').map((m) => m.id)).toEqual(['11', '12']);
    expect(searchMenu(menu, 'Parameters').map((m) => m.id)).toEqual(['11']);
  });
  it('does not match in the middle of a name', () => {
    expect(searchMenu(menu, 'ram')).toEqual([]);
    expect(searchMenu(menu, 'board')).toEqual([]);
  });
  it('matches leaves only, and nothing for a blank query', () => {
    expect(searchMenu(menu, '系统')).toEqual([]);
    expect(searchMenu(menu, '  ')).toEqual([]);
  });
  it('matches the translated name', () => {
    const tr = (k: string) => (k === 'menu.user' ? 'Users' : undefined);
    expect(searchMenu(menu, 'us', tr).map((m) => m.id)).toEqual(['13']);
  });
});

describe('menu names and roles', () => {
  it('uses the i18n key when it has a translation, else the name', () => {
    expect(menuName({ name: '用户管理', meta: { i18n: 'menu.user' } }, () => 'Users')).toBe('Users');
    expect(menuName({ name: '用户管理', meta: { i18n: 'menu.user' } }, () => undefined)).toBe('用户管理');
    expect(menuName({ label: 'L' })).toBe('L');
  });
  it('shows items whose roles are absent or include one of the user roles', () => {
    const ids = (m: MenuItem[]) => m[0].children!.map((c) => c.id);
    expect(ids(filterByRoles(menu, ['operator']))).toEqual(['11', '12', '13']);
    expect(ids(filterByRoles(menu, ['operator', 'administrator']))).toEqual(['11', '12', '13', '14']);
  });
});

describe('what opening an entry does', () => {
  it('a route', () =>
    expect(menuTarget({ name: 'a', path: '/system/param' })).toEqual({ kind: 'route', to: '/system/param' }));
  it('a route with query', () =>
    expect(menuTarget({ name: 'a', path: '/x', query: { a: '1' } })).toEqual({ kind: 'route', to: '/x?a=1' }));
  it('a web address opens in the embedded frame', () =>
    expect(menuTarget({ name: 'Docs', path: 'https://example.com/doc' })).toEqual({
      kind: 'route',
      to: iframePath('https://example.com/doc', 'Docs'),
    }));
  it('isOpen 2 opens externally', () =>
    expect(menuTarget({ name: 'a', path: 'https://example.com', isOpen: 2 })).toEqual({
      kind: 'window',
      url: 'https://example.com',
    }));
  it('category 3 with a moduleId opens the dynamic list', () => {
    expect(menuTarget({ name: 'a', path: '/x', category: 3, propertyJson: '{"moduleId":"42"}' })).toEqual({
      kind: 'route',
      to: '/dynamic?id=42',
    });
    expect(moduleIdOf({ category: 1, propertyJson: '{"moduleId":"42"}' })).toBeUndefined();
    expect(moduleIdOf({ category: 3, propertyJson: 'not json' })).toBeUndefined();
  });
  it('a top menu whose code is a web address opens a new window', () => {
    expect(topMenuOpensWindow('https://example.com')).toBe(true);
    expect(topMenuOpensWindow('http://example.com')).toBe(true);
    expect(topMenuOpensWindow('system')).toBe(false);
  });
  it('finds the entry serving a route', () => {
    expect(findMenuForRoute(menu, '/system/user')?.id).toBe('13');
    expect(findMenuForRoute(menu, '/nope')).toBeUndefined();
  });
  it('the frame path carries the address and the name', () => {
    const p = new URL(iframePath('https://a.b/c?d=1', 'N'), 'http://x');
    expect(p.pathname).toBe('/myiframe/urlPath');
    expect(p.searchParams.get('src')).toBe('https://a.b/c?d=1');
    expect(p.searchParams.get('name')).toBe('N');
  });
});
