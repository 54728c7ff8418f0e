import { describe, expect, it } from 'vitest';
import { addTab, closeAll, closeOthers, closeTab, isClosable, type TabEntry } from './tabs';

const tab = (value: string): TabEntry => ({ label: value, value });
const first = tab('/wel/index');
const state = (values: string[], active: string) => ({ list: values.map(tab), active });

describe('tab rules (spec 1 §2.4, §4)', () => {
  it('adding an open tab keeps a single copy and activates it', () => {
    const s = addTab(state(['/wel/index', '/a'], '/wel/index'), { label: 'A2', value: '/a' });
    expect(s.list.map((t) => t.value)).toEqual(['/wel/index', '/a']);
    expect(s.list[1].label).toBe('A2');
    expect(s.active).toBe('/a');
  });

  it('adds a new tab at the end', () => {
    expect(addTab(state(['/wel/index'], '/wel/index'), tab('/b')).list.map((t) => t.value)).toEqual([
      '/wel/index',
      '/b',
    ]);
  });

  it('a single tab is not closable', () => {
    expect(isClosable([first])).toBe(false);
    expect(isClosable([first, tab('/a')])).toBe(true);
    const s = state(['/wel/index'], '/wel/index');
    expect(closeTab(s, '/wel/index')).toBe(s);
  });

  it('closing the active tab activates the previous one', () => {
    const s = closeTab(state(['/wel/index', '/a', '/b'], '/b'), '/b');
    expect(s).toEqual({ list: [first, tab('/a')], active: '/a' });
  });

  it('closing the active first tab activates the new first', () => {
    const s = closeTab(state(['/wel/index', '/a', '/b'], '/wel/index'), '/wel/index');
    expect(s.active).toBe('/a');
    expect(s.list.map((t) => t.value)).toEqual(['/a', '/b']);
  });

  it('closing an inactive tab keeps the active one', () => {
    expect(closeTab(state(['/wel/index', '/a', '/b'], '/b'), '/a').active).toBe('/b');
  });

  it('close others keeps the current tab and the first page', () => {
    const s = closeOthers(state(['/wel/index', '/a', '/b', '/c'], '/b'), '/b', '/wel/index');
    expect(s.list.map((t) => t.value)).toEqual(['/wel/index', '/b']);
    expect(s.active).toBe('/b');
  });

  it('close all resets to the welcome tab', () => {
    expect(closeAll(first)).toEqual({ list: [first], active: '/wel/index' });
  });
});
