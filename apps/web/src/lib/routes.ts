/**
 * The fixed routes of spec 1 §2.1 and how any path resolves: a fixed route, a registered screen, an entry of the
 * user's server menu (one with no registered screen shows the "not available yet" state), or not found (→ /404).
 */
import { findMenuForRoute, type MenuItem } from './menu';

export interface FixedRoute {
  path: string;
  /** i18n key under `route.` and the Chinese label used as fallback */
  i18n: string;
  label: string;
  isAuth?: boolean;
  isTab?: boolean;
}

/** Public pages rendered outside the layout. */
export const PUBLIC_PAGES = ['/login', '/lock', '/404', '/403', '/500'];

export const FIXED_ROUTES: FixedRoute[] = [
  { path: '/wel/index', i18n: 'home', label: '首页' },
  { path: '/wel/dashboard', i18n: 'dashboard', label: '控制台' },
  { path: '/dict-horizontal/index', i18n: 'dictHorizontal', label: '字典管理' },
  { path: '/dict-vertical/index', i18n: 'dictVertical', label: '字典管理' },
  { path: '/info/index', i18n: 'info', label: '个人信息' },
  { path: '/message/index', i18n: 'message', label: '消息中心' },
  { path: '/previewModel/index', i18n: 'previewModel', label: '功能预览' },
  { path: '/dynamic/index', i18n: 'dynamic', label: '动态列表' },
  { path: '/dynamic', i18n: 'dynamic', label: '动态列表' },
  { path: '/list-operate/shutValue', i18n: 'shutValue', label: '公共页面', isAuth: false },
  { path: '/test/index', i18n: 'test', label: '测试页面' },
];

export const IFRAME_PREFIX = '/myiframe/';

export type Resolution =
  | {
      kind: 'page';
      /** the registry path whose screen serves this route, or undefined when none is registered */
      screen?: string;
      label: string;
      i18n?: string;
      /** a published low-code module's English name (menu meta.nameEn) */
      nameEn?: string;
      isAuth?: boolean;
      isTab?: boolean;
    }
  | { kind: 'notFound' };

export interface ResolveContext {
  menuAll: MenuItem[];
  /** the registry key serving a path, if any */
  screenFor(path: string): string | undefined;
  /** the i18n key a screen registered as its title, if any */
  titleOf?(screen: string): string | undefined;
}

export function fixedRoute(pathname: string): FixedRoute | undefined {
  return FIXED_ROUTES.find((r) => r.path === pathname);
}

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGES.includes(pathname);
}

/** A big screen opened by its share link (`/screen/{code}?token=`): public, the token is checked by the server. */
export function isScreenLink(pathname: string, query: Record<string, string>): boolean {
  return /^\/screen\/\w+\/?$/.test(pathname) && !!query.token;
}

export function resolveRoute(pathname: string, search: string, ctx: ResolveContext): Resolution {
  const query = new URLSearchParams(search);
  if (pathname.startsWith(IFRAME_PREFIX) && pathname.length > IFRAME_PREFIX.length) {
    return {
      kind: 'page',
      screen: ctx.screenFor(pathname),
      label: query.get('name') || query.get('src') || pathname,
      i18n: query.get('i18n') || undefined,
    };
  }
  const menu = findMenuForRoute(ctx.menuAll, pathname, search);
  const fixed = fixedRoute(pathname);
  const screen = ctx.screenFor(pathname) ?? (pathname === '/dynamic' ? ctx.screenFor('/dynamic/index') : undefined);
  if (menu) {
    return {
      kind: 'page',
      screen,
      label: menu.name ?? menu.label ?? pathname,
      i18n: menu.meta?.i18n,
      ...(typeof menu.meta?.nameEn === 'string' && menu.meta.nameEn ? { nameEn: menu.meta.nameEn } : {}),
      isTab: menu.meta?.isTab,
      isAuth: menu.meta?.isAuth,
    };
  }
  if (fixed)
    return { kind: 'page', screen, label: fixed.label, i18n: fixed.i18n, isAuth: fixed.isAuth, isTab: fixed.isTab };
  if (screen) {
    const title = ctx.titleOf?.(screen);
    return { kind: 'page', screen, label: query.get('name') || pathname, i18n: title };
  }
  return { kind: 'notFound' };
}
