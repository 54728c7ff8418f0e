/**
 * The visitor's "reduce motion" setting (prefers-reduced-motion), followed live: with it on, antd's motion token is
 * turned off, so dialogs, dropdowns and messages appear and go without zooming and sliding (WCAG 2.3.3). The
 * browser tests run with it on (playwright.config.ts): a click then never lands on a dialog still zooming in or a
 * list still fading out.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const current = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY).matches : false);

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
