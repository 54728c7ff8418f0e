import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/monitor/station': () => import('./StationPage'),
};
