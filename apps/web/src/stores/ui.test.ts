import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStore } from '../lib/storage';
import { lockAction, lockNow, useUi } from './ui';

describe('lock (spec 1 §4)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useUi.getState().clearLock();
  });

  it('asks for a lock password first', () => {
    expect(lockAction('')).toBe('dialog');
    expect(lockAction('secret')).toBe('lock');
  });

  it('locks, keeps the flag and password in session storage, and goes to /lock after 100 ms', () => {
    vi.useFakeTimers();
    const go = vi.fn();
    useUi.getState().setLockPasswd('secret');
    lockNow(go);
    expect(useUi.getState().isLock).toBe(true);
    expect(getStore('isLock', 'session')).toBe(true);
    expect(getStore('lockPasswd', 'session')).toBe('secret');
    vi.advanceTimersByTime(99);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledWith('/lock');
    vi.useRealTimers();
  });

  it('unlocks only with the lock password, which clears flag and password', () => {
    useUi.getState().setLockPasswd('secret');
    useUi.getState().setLock();
    expect(useUi.getState().unlock('wrong')).toBe(false);
    expect(useUi.getState().isLock).toBe(true);
    expect(useUi.getState().unlock('secret')).toBe(true);
    expect(useUi.getState().isLock).toBe(false);
    expect(useUi.getState().lockPasswd).toBe('');
    expect(getStore('isLock', 'session')).toBeUndefined();
  });

  it('cannot unlock with an empty password when none is set', () => {
    expect(useUi.getState().unlock('')).toBe(false);
  });
});

describe('theme, colour and language (local storage)', () => {
  beforeEach(() => localStorage.clear());
  it('keeps a valid theme, ignores an unknown one', () => {
    useUi.getState().setTheme('theme-dark');
    expect(useUi.getState().themeName).toBe('theme-dark');
    expect(getStore('themeName', 'local')).toBe('theme-dark');
    useUi.getState().setTheme('theme-nope');
    expect(useUi.getState().themeName).toBe('theme-dark');
    useUi.getState().setTheme('theme-default');
  });
  it('keeps a valid colour', () => {
    useUi.getState().setColor('#13c2c2');
    expect(getStore('color', 'local')).toBe('#13c2c2');
    useUi.getState().setColor('red');
    expect(useUi.getState().color).toBe('#13c2c2');
  });
  it('keeps the language', () => {
    useUi.getState().setLanguage('en');
    expect(getStore('language', 'local')).toBe('en');
    useUi.getState().setLanguage('zh');
  });
  it('tracks the size class', () => {
    useUi.getState().setScreen(800);
    expect(useUi.getState().screen).toBe(1);
    useUi.getState().setScreen(1400);
    expect(useUi.getState().screen).toBe(3);
  });
});
