/**
 * UI state (spec 1 §3): language (default zh), side-menu collapse, full screen, lock flag and lock password
 * (session storage), colour and theme (local storage), screen size class, menu-visible flag, search overlay.
 */
import { create } from 'zustand';
import { type SizeClass, sizeClass } from '../lib/size';
import { getStore, removeStore, setStore } from '../lib/storage';
import { website } from '../lib/website';

export type Language = 'zh' | 'en';

export const THEME_NAMES = [
  'theme-default',
  'theme-white',
  'theme-dark',
  'theme-star',
  'theme-blue',
  'theme-iview',
  'theme-vip',
  'theme-cool',
  'theme-d2',
  'theme-hey',
  'theme-lte',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface UiState {
  language: Language;
  collapse: boolean;
  fullscreen: boolean;
  isLock: boolean;
  lockPasswd: string;
  color: string;
  themeName: ThemeName;
  screen: SizeClass;
  /** the side menu shows (route meta or `menu` query) */
  showMenu: boolean;
  /** the menu search overlay is open */
  searchOpen: boolean;
  setLanguage(language: Language): void;
  setCollapse(collapse: boolean): void;
  toggleCollapse(): void;
  setFullscreen(on: boolean): void;
  setLockPasswd(pw: string): void;
  setLock(): void;
  clearLock(): void;
  /** true and the lock cleared when the password matches the lock password */
  unlock(password: string): boolean;
  setColor(color: string): void;
  setTheme(name: string): void;
  setScreen(width: number): void;
  setShowMenu(show: boolean): void;
  setSearchOpen(open: boolean): void;
}

function initialTheme(): ThemeName {
  const v = getStore<string>('themeName', 'local');
  return (THEME_NAMES as readonly string[]).includes(v ?? '') ? (v as ThemeName) : (website.theme as ThemeName);
}

function initialLanguage(): Language {
  return getStore<string>('language', 'local') === 'en' ? 'en' : 'zh';
}

const isColor = (c: unknown): c is string => typeof c === 'string' && /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(c);

export const useUi = create<UiState>()((set, get) => ({
  language: initialLanguage(),
  collapse: getStore<boolean>('collapse', 'local') === true,
  fullscreen: false,
  isLock: getStore<boolean>('isLock', 'session') === true,
  lockPasswd: getStore<string>('lockPasswd', 'session') ?? '',
  color: isColor(getStore('color', 'local')) ? getStore<string>('color', 'local')! : website.color,
  themeName: initialTheme(),
  screen: typeof window === 'undefined' ? 3 : sizeClass(window.innerWidth),
  showMenu: true,
  searchOpen: false,
  setLanguage(language) {
    setStore('language', language, 'local');
    set({ language });
  },
  setCollapse(collapse) {
    setStore('collapse', collapse, 'local');
    set({ collapse });
  },
  toggleCollapse() {
    get().setCollapse(!get().collapse);
  },
  setFullscreen(fullscreen) {
    set({ fullscreen });
  },
  setLockPasswd(lockPasswd) {
    setStore('lockPasswd', lockPasswd, 'session');
    set({ lockPasswd });
  },
  setLock() {
    setStore('isLock', true, 'session');
    set({ isLock: true });
  },
  clearLock() {
    removeStore('isLock', 'session');
    removeStore('lockPasswd', 'session');
    set({ isLock: false, lockPasswd: '' });
  },
  unlock(password) {
    const { lockPasswd } = get();
    if (!lockPasswd || password !== lockPasswd) return false;
    get().clearLock();
    return true;
  },
  setColor(color) {
    if (!isColor(color)) return;
    setStore('color', color, 'local');
    set({ color });
  },
  setTheme(name) {
    if (!(THEME_NAMES as readonly string[]).includes(name)) return;
    setStore('themeName', name, 'local');
    set({ themeName: name as ThemeName });
  },
  setScreen(width) {
    const screen = sizeClass(width);
    if (screen !== get().screen) set({ screen });
  },
  setShowMenu(showMenu) {
    if (showMenu !== get().showMenu) set({ showMenu });
  },
  setSearchOpen(searchOpen) {
    set({ searchOpen });
  },
}));

/**
 * Lock (spec 1 §4): a lock password must be set first. With none set the password dialog opens ('dialog');
 * otherwise the app locks and goes to /lock after 100 ms ('lock').
 */
export function lockAction(lockPasswd: string): 'dialog' | 'lock' {
  return lockPasswd ? 'lock' : 'dialog';
}

/** Locks the app and schedules the redirect to the lock page. */
export function lockNow(go: (path: string) => void, schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
  useUi.getState().setLock();
  schedule(() => go(website.lockPage), website.lockDelayMs);
}
