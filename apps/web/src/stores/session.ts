/**
 * The session (spec 1 §3, §4, §6): token, refresh token, tenant, user info, roles, button permission map, the
 * menu of the chosen business area and every menu loaded so far (menuAll), the top menus.
 * Persisted as the spec says: access and refresh tokens (with the time the token was issued) in cookies; tenant,
 * user info and roles in local storage; the business-area choice in session storage.
 */
import type { PublicConfig, TokenReply } from '@swp/contract';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import {
  fetchButtons,
  fetchPublicConfig,
  fetchRoutes,
  fetchTopMenus,
  fetchUserInfo,
  logoutCall,
  requestToken,
  type TokenRequest,
  type TopMenu,
  type UserInfo,
} from '../api/auth';
import { DEFAULT_TENANT } from '../api/client-config';
import type { MenuItem } from '../lib/menu';
import { clearStore, getStore, removeStore, setStore } from '../lib/storage';
import { website } from '../lib/website';
import { useTabs } from './tabs';
import { useUi } from './ui';

export const TOKEN_COOKIE = 'swp-access-token';
export const REFRESH_COOKIE = 'swp-refresh-token';
export const TOKEN_TIME_COOKIE = 'swp-token-time';

export function getToken(): string {
  return Cookies.get(TOKEN_COOKIE) ?? '';
}

/**
 * When the current token was issued (the token record's timestamp, kept with the token in a cookie). The cookies
 * are the source of truth, so that several tabs share one session and one refresh.
 */
export function getTokenTime(): number {
  return Number(Cookies.get(TOKEN_TIME_COOKIE) ?? 0) || 0;
}

export interface SessionState {
  token: string;
  refreshToken: string;
  /** when the current token was issued (ms since epoch) */
  tokenTime: number;
  tenantId: string;
  userInfo: UserInfo | null;
  roles: string[];
  /** button code → true */
  permission: Record<string, boolean>;
  /** the menu of the chosen business area */
  menu: MenuItem[];
  /** every menu entry the user may open, across business areas */
  menuAll: MenuItem[];
  topMenus: TopMenu[];
  /** the chosen business area ('' = all) */
  topMenuId: string;
  /** menus, top menus and buttons have been loaded for this session */
  menuLoaded: boolean;
  config: PublicConfig;
  configLoaded: boolean;
  /** switch mode: the user signed in with several departments or roles and still has to choose one */
  pendingSwitch: boolean;
  setPendingSwitch(pending: boolean): void;

  loadConfig(): Promise<PublicConfig>;
  /** POSTs the token endpoint and, on success, signs in (clears tabs and lock). */
  signIn(req: TokenRequest): Promise<TokenReply>;
  /** refresh grant (optionally with a new department and role in switch mode) */
  refresh(opts?: { deptId?: string; roleId?: string }): Promise<TokenReply>;
  /** calls the server, then clears everything */
  logout(): Promise<void>;
  /** forced local sign-out: clears everything without a call */
  fedLogout(): void;
  loadUserInfo(): Promise<void>;
  loadSessionMenus(): Promise<void>;
  loadMenu(topMenuId: string): Promise<MenuItem[]>;
  loadButtons(): Promise<void>;
  chooseTopMenu(id: string): Promise<MenuItem[]>;
}

const DEFAULT_CONFIG: PublicConfig = { captcha: true, tenantMode: false, switchMode: false };

/** roles from the user record: a roles array, else the comma-joined role_name */
export function rolesOf(info: UserInfo | null | undefined): string[] {
  if (!info) return [];
  const r = (info as any).roles;
  if (Array.isArray(r)) return r.map(String);
  return String(info.role_name ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** button tree → { code: true } */
export function permissionMap(tree: { code?: string; children?: { code?: string; children?: any[] }[] }[]) {
  const map: Record<string, boolean> = {};
  const walk = (items: any[]) => {
    for (const it of items ?? []) {
      if (it?.code) map[it.code] = true;
      if (it?.children?.length) walk(it.children);
    }
  };
  walk(tree);
  return map;
}

/** adds the entries of `add` that `base` lacks (by path and name) */
export function mergeMenus(base: MenuItem[], add: MenuItem[]): MenuItem[] {
  const out = [...base];
  for (const m of add) if (!out.some((b) => b.id === m.id || (b.path === m.path && b.name === m.name))) out.push(m);
  return out;
}

function readSession() {
  return {
    token: getToken(),
    refreshToken: Cookies.get(REFRESH_COOKIE) ?? '',
    tokenTime: Number(Cookies.get(TOKEN_TIME_COOKIE) ?? 0) || 0,
    tenantId: getStore<string>('tenantId', 'local') ?? DEFAULT_TENANT,
    userInfo: getStore<UserInfo>('userInfo', 'local') ?? null,
    roles: getStore<string[]>('roles', 'local') ?? [],
    topMenuId: getStore<string>('topMenuId', 'session') ?? '',
    pendingSwitch: getStore<boolean>('pendingSwitch', 'session') === true,
  };
}

const cookieOpts = (): Cookies.CookieAttributes => ({
  sameSite: 'strict',
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
});

export const useSession = create<SessionState>()((set, get) => {
  function applyToken(reply: TokenReply) {
    const tokenTime = Date.now();
    Cookies.set(TOKEN_COOKIE, reply.access_token, cookieOpts());
    Cookies.set(REFRESH_COOKIE, reply.refresh_token, cookieOpts());
    Cookies.set(TOKEN_TIME_COOKIE, String(tokenTime), cookieOpts());
    const { access_token: _a, refresh_token: _r, ...user } = reply;
    const userInfo: UserInfo = { ...(get().userInfo ?? {}), ...user };
    const tenantId = reply.tenant_id || get().tenantId || DEFAULT_TENANT;
    const roles = rolesOf(userInfo);
    setStore('tenantId', tenantId, 'local');
    setStore('userInfo', userInfo, 'local');
    setStore('roles', roles, 'local');
    set({ token: reply.access_token, refreshToken: reply.refresh_token, tokenTime, tenantId, userInfo, roles });
  }

  function clearAll() {
    for (const c of [TOKEN_COOKIE, REFRESH_COOKIE, TOKEN_TIME_COOKIE]) Cookies.remove(c);
    for (const k of ['userInfo', 'roles']) removeStore(k, 'local');
    clearStore('session');
    useUi.getState().clearLock();
    useTabs.getState().reset();
    set({
      token: '',
      refreshToken: '',
      tokenTime: 0,
      userInfo: null,
      roles: [],
      permission: {},
      menu: [],
      menuAll: [],
      topMenus: [],
      topMenuId: '',
      menuLoaded: false,
      pendingSwitch: false,
    });
  }

  return {
    ...readSession(),
    permission: {},
    menu: [],
    menuAll: [],
    topMenus: [],
    menuLoaded: false,
    config: DEFAULT_CONFIG,
    configLoaded: false,

    setPendingSwitch(pendingSwitch) {
      if (pendingSwitch) setStore('pendingSwitch', true, 'session');
      else removeStore('pendingSwitch', 'session');
      set({ pendingSwitch });
    },

    async loadConfig() {
      try {
        const config = await fetchPublicConfig();
        set({ config, configLoaded: true });
        return config;
      } catch {
        set({ configLoaded: true });
        return get().config;
      }
    },

    async signIn(req) {
      const reply = await requestToken(req);
      // a fresh session: no tabs, no lock, no menus of a previous user
      useTabs.getState().reset();
      useUi.getState().clearLock();
      removeStore('topMenuId', 'session');
      set({ userInfo: null, menu: [], menuAll: [], topMenus: [], topMenuId: '', menuLoaded: false, permission: {} });
      applyToken(reply);
      return reply;
    },

    async refresh(opts) {
      const { tenantId } = get();
      const reply = await requestToken({
        grant_type: 'refresh_token',
        // another tab may have rotated it: the cookie holds the current one
        refresh_token: Cookies.get(REFRESH_COOKIE) || get().refreshToken,
        tenantId,
        deptId: opts?.deptId,
        roleId: opts?.roleId,
      });
      applyToken(reply);
      return reply;
    },

    async logout() {
      await logoutCall();
      clearAll();
    },

    fedLogout() {
      clearAll();
    },

    async loadUserInfo() {
      try {
        const info = await fetchUserInfo();
        if (!info || typeof info !== 'object') return;
        const userInfo = { ...(get().userInfo ?? {}), ...info };
        const roles = rolesOf(userInfo);
        setStore('userInfo', userInfo, 'local');
        setStore('roles', roles, 'local');
        set({ userInfo, roles });
      } catch {
        // the token reply's user fields remain
      }
    },

    async loadSessionMenus() {
      const [topMenus, all] = await Promise.all([
        fetchTopMenus().catch(() => [] as TopMenu[]),
        fetchRoutes().then((r) => (r ?? []) as MenuItem[]),
        get().loadButtons(),
      ]);
      let topMenuId = get().topMenuId;
      if (topMenuId && !topMenus.some((t) => t.id === topMenuId)) topMenuId = '';
      set({ topMenus: topMenus ?? [], menuAll: all, topMenuId });
      const menu = topMenuId ? await fetchRoutes(topMenuId).then((r) => (r ?? []) as MenuItem[]) : all;
      set({ menu, menuAll: mergeMenus(all, menu), menuLoaded: true });
    },

    async loadMenu(topMenuId) {
      const menu = ((await fetchRoutes(topMenuId || undefined)) ?? []) as MenuItem[];
      set({ menu, menuAll: mergeMenus(get().menuAll, menu), menuLoaded: true });
      return menu;
    },

    async loadButtons() {
      try {
        const tree = await fetchButtons();
        set({ permission: permissionMap(tree ?? []) });
      } catch {
        set({ permission: {} });
      }
    },

    async chooseTopMenu(id) {
      if (id) setStore('topMenuId', id, 'session');
      else removeStore('topMenuId', 'session');
      set({ topMenuId: id });
      return get().loadMenu(id);
    },
  };
});

/** Button permission: checked only when judging is on (spec 1 §6). */
export function hasPermission(code: string, permission = useSession.getState().permission): boolean {
  if (!website.permissionJudge) return true;
  return permission[code] === true;
}

export function usePermission(code: string): boolean {
  const permission = useSession((s) => s.permission);
  return hasPermission(code, permission);
}
