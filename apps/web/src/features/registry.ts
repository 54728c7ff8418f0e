/**
 * Screens register themselves under the menu paths they serve: each feature folder has a `screens.ts` exporting
 * `screens: Record<path, loader>`. The router mounts a registered screen for every path in the user's server menu
 * (and for the fixed routes of spec 1 §2.1). A glob keeps this file free of per-feature edits.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type ScreenLoader = () => Promise<{ default: ComponentType<any> }>;

const found = import.meta.glob<{
  screens: Record<string, ScreenLoader>;
  titles?: Record<string, string>;
  slots?: Record<string, ScreenLoader>;
}>('./**/screens.ts', { eager: true });

export const screenLoaders: Record<string, ScreenLoader> = Object.assign(
  {},
  ...Object.values(found).map((m) => m.screens),
);

/**
 * Optional tab titles for screens that no menu entry names (detail pages and the like): a `screens.ts` may also
 * export `titles: Record<path, i18nKey>`. Screens in the server menu take the menu's name instead.
 */
export const screenTitles: Record<string, string> = Object.assign(
  {},
  ...Object.values(found).map((m) => m.titles ?? {}),
);

/** The loader for a path, matching `/a/b/:id`-style registrations too. */
export function loaderFor(path: string): ScreenLoader | undefined {
  if (screenLoaders[path]) return screenLoaders[path];
  for (const [pattern, loader] of Object.entries(screenLoaders)) {
    if (!pattern.includes(':')) continue;
    const re = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
    if (re.test(path)) return loader;
  }
  return undefined;
}

/**
 * Pieces one feature lends to another's screen (workflow's pending-task card on the home page, low-code's form
 * designer in the process form designer): a `screens.ts` may export `slots: Record<name, loader>`, and the borrowing
 * screen asks for the piece by name here, so no feature imports another (issue 23's walls). A slot nobody registered
 * renders nothing.
 */
const slotLoaders: Record<string, ScreenLoader> = Object.assign({}, ...Object.values(found).map((m) => m.slots ?? {}));
const slotComponents = new Map<string, LazyExoticComponent<ComponentType<any>>>();

/** The lent piece named `name`, loaded on first render (wrap it in Suspense); `P` is the props it takes. */
export function slot<P extends object>(name: string): LazyExoticComponent<ComponentType<P>> {
  let c = slotComponents.get(name);
  if (!c) {
    const loader = slotLoaders[name] ?? (async () => ({ default: () => null }));
    c = lazy(loader);
    slotComponents.set(name, c);
  }
  return c as LazyExoticComponent<ComponentType<P>>;
}

/** Whether a feature lends a piece under this name. */
export function hasSlot(name: string): boolean {
  return name in slotLoaders;
}
