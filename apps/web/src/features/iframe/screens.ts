import type { ScreenLoader } from '../registry';

export const screens: Record<string, ScreenLoader> = {
  '/myiframe/:routerPath': () => import('./IframePage'),
};
