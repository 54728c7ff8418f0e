/**
 * The shell's routing: resolves the current path against the fixed routes, the screen registry and the server
 * menu; after each navigation sends unknown paths to /404, sets the menu flag and adds the tab as the guard says;
 * prefetches the menu's screens; titles the page with the tab label; lists the kept-alive panes.
 */
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { menuVisible } from '../lib/guard';
import { resolveRoute } from '../lib/routes';
import { tabTitle } from '../lib/translate';
import { useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';
import { useUi } from '../stores/ui';
import { prefetchMenuScreens } from './prefetch';
import { openTab, resolveContext } from './routeTab';

function splitPath(value: string) {
  const u = new URL(value, 'http://local');
  return { pathname: u.pathname, search: u.search };
}

export function useShellRoute(signedIn: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const menuLoaded = useSession((s) => s.menuLoaded);
  const menuAll = useSession((s) => s.menuAll);
  const tabs = useTabs((s) => s.list);

  const ctx = useMemo(() => resolveContext(menuAll), [menuAll]);
  const fullPath = location.pathname + location.search;
  const current = useMemo(() => resolveRoute(location.pathname, location.search, ctx), [location, ctx]);

  // after each navigation: unknown paths go to /404; the menu flag; the tab (spec 1 §2.2). The router opens the tab
  // too, as each navigation lands (routeTab.ts says why); here it covers the first page and a menu that loads late.
  useEffect(() => {
    if (!signedIn || !menuLoaded) return;
    if (current.kind === 'notFound') {
      navigate('/404', { replace: true });
      return;
    }
    const query = Object.fromEntries(new URLSearchParams(location.search));
    useUi.getState().setShowMenu(menuVisible({}, query));
    openTab(current, fullPath, location.search);
  }, [signedIn, menuLoaded, current, fullPath, location.search, navigate]);

  // the code of every screen in the user's menu is fetched in idle time, so a first open does not wait for it
  useEffect(() => {
    if (!signedIn || !menuLoaded) return;
    return prefetchMenuScreens(menuAll);
  }, [signedIn, menuLoaded, menuAll]);

  // the page title follows the tab label (and the language)
  const activeTab = tabs.find((tab) => tab.value === fullPath);
  const title = activeTab
    ? tabTitle(activeTab, i18n.language)
    : current.kind === 'page'
      ? tabTitle({ label: current.label, meta: { i18n: current.i18n, nameEn: current.nameEn } }, i18n.language)
      : '';
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  const panes = useMemo(() => {
    const entries = tabs.map((tab) => ({ value: tab.value, label: tab.label }));
    if (current.kind === 'page' && !entries.some((e) => e.value === fullPath)) {
      entries.push({ value: fullPath, label: current.label });
    }
    return entries.map((e) => {
      const { pathname, search } = splitPath(e.value);
      const r = resolveRoute(pathname, search, ctx);
      return { ...e, pathname, search, screen: r.kind === 'page' ? r.screen : undefined };
    });
  }, [tabs, current, fullPath, ctx]);

  return { location, current, fullPath, panes };
}

export type ShellPane = ReturnType<typeof useShellRoute>['panes'][number];
