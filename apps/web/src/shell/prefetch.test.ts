import { describe, expect, it, vi } from 'vitest';
import { loadedScreen, loadScreen, menuRoutes } from './prefetch';

describe('screen prefetch', () => {
  it('lists the routes of a menu’s leaves once each, without queries and without new-window entries', () => {
    const menu = [
      {
        id: '1',
        name: '系统管理',
        path: '/system',
        children: [
          { id: '2', name: '用户管理', path: '/system/user' },
          { id: '3', name: '参数管理', path: '/system/param', query: { a: '1' } },
          { id: '4', name: '外链', path: 'https://example.com/', isOpen: 2 },
          { id: '5', name: '用户管理', path: '/system/user' },
        ],
      },
      { id: '6', name: '首页', path: '/wel/index' },
    ];
    expect(menuRoutes(menu as never)).toEqual(['/system/user', '/system/param', '/wel/index']);
  });

  it('remembers the component of a loaded screen, so a pane renders it without suspending', async () => {
    const Screen = () => null;
    const loader = vi.fn(async () => ({ default: Screen }));
    expect(loadedScreen(loader)).toBeUndefined();
    await loadScreen(loader);
    expect(loadedScreen(loader)).toBe(Screen);
    expect(loadedScreen(undefined)).toBeUndefined();
  });
});
