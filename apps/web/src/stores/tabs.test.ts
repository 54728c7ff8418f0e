import { beforeEach, describe, expect, it } from 'vitest';
import { getStore } from '../lib/storage';
import { useTabs } from './tabs';

const t = (value: string) => ({ label: value, value });

describe('tabs store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useTabs.getState().reset();
  });

  it('starts with the first page and keeps the list in session storage', () => {
    expect(useTabs.getState().list.map((x) => x.value)).toEqual(['/wel/index']);
    useTabs.getState().add(t('/a'));
    expect(getStore<{ list: unknown[]; active: string }>('tabs', 'session')?.active).toBe('/a');
  });

  it('close returns the tab to show when the active one closes', () => {
    useTabs.getState().add(t('/a'));
    useTabs.getState().add(t('/b'));
    expect(useTabs.getState().close('/a')).toBeUndefined();
    expect(useTabs.getState().close('/b')?.value).toBe('/wel/index');
    expect(useTabs.getState().close('/wel/index')).toBeUndefined();
  });

  it('close others and close all', () => {
    for (const v of ['/a', '/b', '/c']) useTabs.getState().add(t(v));
    useTabs.getState().closeOthers('/b');
    expect(useTabs.getState().list.map((x) => x.value)).toEqual(['/wel/index', '/b']);
    expect(useTabs.getState().closeAll().value).toBe('/wel/index');
    expect(useTabs.getState().list.map((x) => x.value)).toEqual(['/wel/index']);
  });

  it('remount bumps a tab version', () => {
    useTabs.getState().remount(['/wel/index']);
    expect(useTabs.getState().versions['/wel/index']).toBe(1);
  });
});
