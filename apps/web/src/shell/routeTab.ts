/**
 * Which tab a navigation opens (spec 1 §2.2): the path resolved against the fixed routes, the screen registry and the
 * server menu, and added to the tab bar unless the route says it is not a tab. Called both from the router's
 * navigation events (app/router.tsx) and after each render of the shell (useShellRoute): react-router 7 applies
 * navigations in React transitions, and two that land together render once, so a render-time effect alone would
 * see only the last of them and the first tab would never open. Adding is idempotent.
 */
import { loaderFor, screenLoaders, screenTitles } from '../features/registry';
import { tabAllowed } from '../lib/guard';
import type { MenuItem } from '../lib/menu';
import { type Resolution, type ResolveContext, resolveRoute } from '../lib/routes';
import { getToken, useSession } from '../stores/session';
import { useTabs } from '../stores/tabs';

/** the registry key serving a path (exact, or a `/a/:id` pattern) */
function screenFor(path: string): string | undefined {
  if (screenLoaders[path]) return path;
  const loader = loaderFor(path);
  return loader ? Object.keys(screenLoaders).find((k) => screenLoaders[k] === loader) : undefined;
}

export function resolveContext(menuAll: MenuItem[]): ResolveContext {
  return { menuAll, screenFor, titleOf: (screen: string) => screenTitles[screen] };
}

/** Adds the tab of a resolved page, as the guard allows. */
export function openTab(current: Resolution, fullPath: string, search: string): void {
  if (current.kind !== 'page' || !tabAllowed({ isTab: current.isTab }, current.label, fullPath)) return;
  useTabs.getState().add({
    label: current.label,
    value: fullPath,
    params: {},
    query: Object.fromEntries(new URLSearchParams(search)),
    meta: {
      ...(current.i18n ? { i18n: current.i18n } : {}),
      ...(current.nameEn ? { nameEn: current.nameEn } : {}),
    },
    group: [],
  });
}

/** A navigation inside the shell has landed: open its tab once the user is signed in and the menu is known. */
export function openTabForLocation(pathname: string, search: string): void {
  const { menuLoaded, menuAll } = useSession.getState();
  if (!getToken() || !menuLoaded) return;
  openTab(resolveRoute(pathname, search, resolveContext(menuAll)), pathname + search, search);
}
