import type { ScreenLoader } from '../registry';

const mapPage = () => import('./MapPage');

/** 管网GIS: the network map (with the burst analysis) and the burst events (menus of modules/gis/seed.ts). */
export const screens: Record<string, ScreenLoader> = {
  '/gis/map': mapPage,
  '/gis/burst-event': () => import('./BurstEventPage'),
};

// The map's chunk (OpenLayers, about half a megabyte) is fetched once the signed-in shell is idle, so the first
// open of the map does not wait for it (issue 24: first open ≤ 1.5 s). Browsers without idle callbacks (and the
// unit tests) skip it; the chunk then loads on first open as before.
if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
  window.setTimeout(() => window.requestIdleCallback(() => void mapPage().catch(() => undefined)), 4000);
}
