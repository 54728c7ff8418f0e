import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/info/index': () => import('./ProfilePage'),
};
