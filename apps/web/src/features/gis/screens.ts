import type { ScreenLoader } from '../registry';

/** 管网GIS: the network map (with the burst analysis) and the burst events (menus of modules/gis/seed.ts). */
export const screens: Record<string, ScreenLoader> = {
  '/gis/map': () => import('./MapPage'),
  '/gis/burst-event': () => import('./BurstEventPage'),
};
