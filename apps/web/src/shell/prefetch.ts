/**
 * Screen code ahead of the click (issue 24 item 10: a list opens from the menu in ≤ 500 ms). A screen's chunk (and
 * the shared chunks it needs: CrudPage, the antd table, charts …) used to be fetched, parsed and run on the first
 * click; now it is fetched
 * - when the pointer rests on a menu entry or a menu-search result (`prefetchScreen(path)`), and
 * - once the signed-in shell is idle, for every entry of the user's menu, one at a time in idle time
 *   (`prefetchMenuScreens(menu)`), so the first open of any screen in the menu finds its code in memory.
 * Each loader runs once (the module system keeps the result); a failed fetch is forgotten, so the click retries and
 * shows the usual chunk error. Skipped when the browser asks to save data, and in browsers without idle callbacks.
 */
import type { ComponentType } from 'react';
import { loaderFor, type ScreenLoader } from '../features/registry';
import { type MenuItem, menuLeaves, menuTarget } from '../lib/menu';

const started = new Set<string>();
const loadedModules = new Map<ScreenLoader, ComponentType<any>>();

/**
 * The screen component of a loader whose code is already here, else undefined. A pane renders such a screen
 * directly instead of through `React.lazy`, which would suspend once even for a loaded module (and React holds a
 * suspended tree's reveal back for up to 300 ms).
 */
export function loadedScreen(loader: ScreenLoader | undefined): ComponentType<any> | undefined {
  return loader ? loadedModules.get(loader) : undefined;
}

/** Runs a screen loader and remembers its component. */
export function loadScreen(loader: ScreenLoader) {
  return loader().then((m) => {
    loadedModules.set(loader, m.default);
    return m;
  });
}

/** The path part of a menu target (`/a/b?x=1` → `/a/b`). */
const pathOf = (to: string) => to.split(/[?#]/)[0];

/** Fetches (and runs) the code of the screen serving a path, once. */
export function prefetchScreen(path: string | undefined): Promise<void> {
  if (!path) return Promise.resolve();
  const p = pathOf(path);
  const loader = loaderFor(p);
  if (!loader || started.has(p)) return Promise.resolve();
  started.add(p);
  return loadScreen(loader).then(
    () => undefined,
    () => {
      started.delete(p);
    },
  );
}

/** The routes of a menu's leaves that open in the shell (not new windows). */
export function menuRoutes(menu: MenuItem[]): string[] {
  const out: string[] = [];
  for (const m of menuLeaves(menu)) {
    const target = menuTarget(m);
    if (target.kind === 'route') out.push(pathOf(target.to));
  }
  return [...new Set(out)];
}

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void) => number };

let queued: string[] = [];
let running = false;

/**
 * After `delayMs`, fetches the screens of the menu one after another, each in an idle slot. Calling it again
 * (another menu, another area) replaces what is still queued.
 */
export function prefetchMenuScreens(menu: MenuItem[], delayMs = 3000): () => void {
  const w = window as IdleWindow;
  const conn = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (typeof w.requestIdleCallback !== 'function' || conn?.saveData) return () => undefined;
  let cancelled = false;
  const timer = window.setTimeout(() => {
    if (cancelled) return;
    queued = menuRoutes(menu).filter((p) => !started.has(p) && loaderFor(p));
    if (running) return;
    running = true;
    const step = () => {
      const next = queued.shift();
      if (!next) {
        running = false;
        // for the timing report (e2e/list-timing.spec.ts): the menu's code is all here
        document.documentElement.dataset.swpPrefetch = 'done';
        return;
      }
      // no deadline: only when the page has nothing else to do (a busy page waits)
      w.requestIdleCallback!(() => void prefetchScreen(next).then(step));
    };
    step();
  }, delayMs);
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
  };
}
