/**
 * Pure helpers over the server's menu tree (spec 1 §2.1, §2.3, §3, §6): role filter, display names with i18n
 * keys, prefix search, and what a click on an entry does (route, embedded frame, dynamic list, new window).
 */
import type { MenuRoute } from '@swp/contract';
import { flattenTree } from './tree';
import { isURL } from './validators';

/** A menu entry as the shell uses it: the server's fields plus the optional ones the spec names. */
export interface MenuItem
  extends Omit<MenuRoute, 'children' | 'id' | 'parentId' | 'code' | 'sort' | 'category' | 'name'> {
  name?: string;
  id?: string;
  parentId?: string;
  code?: string;
  sort?: number;
  category?: number;
  label?: string;
  icon?: string;
  query?: Record<string, string>;
  group?: string[];
  children?: MenuItem[];
}

/** Translates an i18n key, or returns undefined when the key has no translation; `language` is the one in use. */
export type Translate = ((key: string) => string | undefined) & { language?: string };

/**
 * The display name of an entry: its i18n key when it has a translation; in English a published low-code module's
 * English name (`meta.nameEn`, it has no key); else its name (or label).
 */
export function menuName(item: Pick<MenuItem, 'name' | 'label' | 'meta'>, translate?: Translate): string {
  const key = item.meta?.i18n;
  if (key && translate) {
    const found = translate(key);
    if (found) return found;
  }
  const nameEn = item.meta?.nameEn;
  if (translate?.language === 'en' && typeof nameEn === 'string' && nameEn) return nameEn;
  return item.name ?? item.label ?? '';
}

/** Items show only when their meta roles list is absent or contains one of the user's roles. */
export function filterByRoles(menu: MenuItem[], roles: string[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of menu) {
    const allowed = item.meta?.roles;
    if (Array.isArray(allowed) && allowed.length > 0 && !allowed.some((r) => roles.includes(r))) continue;
    out.push(item.children ? { ...item, children: filterByRoles(item.children, roles) } : item);
  }
  return out;
}

/** Every entry of the tree, depth first. */
export function flattenMenu(menu: MenuItem[]): MenuItem[] {
  return flattenTree(menu);
}

/** The entries a person can open: the leaves that carry a path. */
export function menuLeaves(menu: MenuItem[]): MenuItem[] {
  return flattenMenu(menu).filter((m) => !m.children?.length && !!m.path);
}

/** Menu search: leaves whose display name starts with the query, ignoring case. A blank query finds nothing. */
export function searchMenu(menu: MenuItem[], query: string, translate?: Translate): MenuItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return menuLeaves(menu).filter((m) => menuName(m, translate).toLowerCase().startsWith(q));
}

/** The moduleId of a category-3 entry's propertyJson, if any. */
export function moduleIdOf(item: Pick<MenuItem, 'category' | 'propertyJson'>): string | undefined {
  if (item.category !== 3 || !item.propertyJson) return undefined;
  try {
    const p = typeof item.propertyJson === 'string' ? JSON.parse(item.propertyJson) : item.propertyJson;
    const id = p?.moduleId;
    return id === undefined || id === null || id === '' ? undefined : String(id);
  } catch {
    return undefined;
  }
}

/** The route of the embedded frame for a web address. */
export function iframePath(url: string, name?: string, i18n?: string): string {
  const q = new URLSearchParams({ src: url });
  if (name) q.set('name', name);
  if (i18n) q.set('i18n', i18n);
  return `/myiframe/urlPath?${q.toString()}`;
}

export type MenuTarget = { kind: 'route'; to: string } | { kind: 'window'; url: string };

function withQuery(path: string, query?: Record<string, string>): string {
  if (!query || Object.keys(query).length === 0) return path;
  const q = new URLSearchParams(query).toString();
  return path + (path.includes('?') ? '&' : '?') + q;
}

/**
 * What opening an entry does: isOpen 2 opens the address externally; category 3 with a moduleId opens the
 * dynamic list; a web address opens in the embedded frame; anything else is a route.
 */
export function menuTarget(item: MenuItem): MenuTarget {
  const path = item.path ?? '';
  if (item.isOpen === 2) return { kind: 'window', url: path };
  const moduleId = moduleIdOf(item);
  if (moduleId) return { kind: 'route', to: `/dynamic?id=${encodeURIComponent(moduleId)}` };
  if (isURL(path)) return { kind: 'route', to: iframePath(path, item.name ?? item.label, item.meta?.i18n) };
  return { kind: 'route', to: withQuery(path, item.query) };
}

/** A top-menu item whose code is a web address opens in a new window. */
export function topMenuOpensWindow(code: string | undefined): boolean {
  return !!code && /^https?:\/\//i.test(code);
}

/** The entry that serves a route: by path, or for the dynamic list by its module id. */
export function findMenuForRoute(menu: MenuItem[], pathname: string, search = ''): MenuItem | undefined {
  const all = flattenMenu(menu);
  if (pathname === '/dynamic' || pathname === '/dynamic/index') {
    const id = new URLSearchParams(search).get('id');
    if (id) {
      const hit = all.find((m) => moduleIdOf(m) === id);
      if (hit) return hit;
    }
  }
  return all.find((m) => !!m.path && m.path === pathname && !isURL(m.path));
}
