import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE, useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';
import { openTabForLocation } from './routeTab';

const menuAll = [
  {
    id: '1',
    name: '系统管理',
    path: '/system',
    children: [
      { id: '2', name: '用户管理', path: '/system/user' },
      { id: '3', name: '隐藏页', path: '/system/param', meta: { isTab: false } },
    ],
  },
];

describe('the tab a navigation opens', () => {
  beforeEach(() => {
    useTabs.getState().reset();
    useSession.setState({ menuLoaded: true, menuAll: menuAll as never });
    Cookies.set(TOKEN_COOKIE, 't');
  });
  afterEach(() => Cookies.remove(TOKEN_COOKIE));

  it('opens one tab per landed navigation, even when two land before the shell renders', () => {
    openTabForLocation('/system/user', '');
    openTabForLocation('/info/index', '?tab=password');
    const values = useTabs.getState().list.map((t) => t.value);
    expect(values).toContain('/system/user');
    expect(values).toContain('/info/index?tab=password');
    expect(useTabs.getState().active).toBe('/info/index?tab=password');
    expect(useTabs.getState().list.find((t) => t.value === '/system/user')?.label).toBe('用户管理');
  });

  it('opens nothing for an unknown path, a menu entry that is not a tab, before the menu loads, or signed out', () => {
    const before = useTabs.getState().list.length;
    openTabForLocation('/no/such/page', '');
    openTabForLocation('/system/param', '');
    useSession.setState({ menuLoaded: false });
    openTabForLocation('/system/user', '');
    useSession.setState({ menuLoaded: true });
    Cookies.remove(TOKEN_COOKIE);
    openTabForLocation('/system/user', '');
    expect(useTabs.getState().list.length).toBe(before);
  });

  it('adding the same path again keeps one tab', () => {
    openTabForLocation('/system/user', '');
    openTabForLocation('/system/user', '');
    expect(useTabs.getState().list.filter((t) => t.value === '/system/user')).toHaveLength(1);
  });
});
