import { beforeEach, describe, expect, it } from 'vitest';
import { clearStore, getEntry, getStore, KEY_PREFIX, removeStore, setStore } from './storage';

describe('storage entries (spec 1 §3)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  it('stores { dataType, content, type, datetime } under the key prefix', () => {
    setStore('color', '#409EFF', 'local', 123);
    expect(JSON.parse(localStorage.getItem(`${KEY_PREFIX}color`)!)).toEqual({
      dataType: 'string',
      content: '#409EFF',
      type: 'local',
      datetime: 123,
    });
    expect(getStore('color')).toBe('#409EFF');
    expect(getEntry('color')?.datetime).toBe(123);
  });
  it('keeps session and local apart', () => {
    setStore('isLock', true, 'session');
    expect(getStore('isLock', 'local')).toBeUndefined();
    expect(getStore('isLock', 'session')).toBe(true);
    removeStore('isLock');
    expect(getStore('isLock')).toBeUndefined();
  });
  it('reads a bare value too', () => {
    localStorage.setItem(`${KEY_PREFIX}language`, 'en');
    expect(getStore('language')).toBe('en');
  });
  it('clears only our entries', () => {
    sessionStorage.setItem('other', 'x');
    setStore('a', 1, 'session');
    clearStore('session');
    expect(sessionStorage.getItem('other')).toBe('x');
    expect(getStore('a')).toBeUndefined();
  });
});
